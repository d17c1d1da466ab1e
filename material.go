package zabano

import (
	"context"
	"net/url"
	"strings"
	"time"
)

// MaterialType is what a material is (spec section 3).
type MaterialType string

const (
	MaterialNote       MaterialType = "note"
	MaterialClassLink  MaterialType = "class_link"
	MaterialAssignment MaterialType = "assignment"
)

// Material is a teacher's teaching material: a file (note, assignment) or a
// link (class_link). Students see the materials of the teachers they booked.
type Material struct {
	ID          int64
	TeacherID   int64
	Title       string
	Description string
	Type        MaterialType
	LinkURL     string
	File        string // media key, for notes and assignments
	FileName    string
	CreatedAt   time.Time
	Teacher     User
}

var (
	msgTitleRequired = Msg{"Title is required.", "عنوان الزامی است."}
	msgMaterialType  = Msg{"Choose a type: note, class_link or assignment.", "نوع را انتخاب کنید: جزوه، لینک کلاس یا تکلیف."}
	// MsgLinkRequired and MsgFileRequired are the spec's texts (section 8).
	MsgLinkRequired = Msg{"Link URL is required for link type", "برای نوع لینک، نشانی لینک الزامی است"}
	MsgFileRequired = Msg{"File is required for this material type", "برای این نوع، فایل الزامی است"}
	msgLinkInvalid  = Msg{"Enter a web address that starts with https:// or http://.", "نشانی وبی وارد کنید که با https:// یا http:// شروع شود."}
	// MsgMaterialNotFound is the answer for a material one may not see.
	MsgMaterialNotFound = Msg{"Material not found.", "محتوا یافت نشد."}
)

// ValidLink reports whether s is an absolute http(s) address, the only
// kind a link may be: others (javascript:, data:) could run in the page.
func ValidLink(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != ""
}

// Validate checks m as a teacher saves it.
func (m *Material) Validate() error {
	var v Validation
	m.Title, m.Description, m.LinkURL = strings.TrimSpace(m.Title), strings.TrimSpace(m.Description), strings.TrimSpace(m.LinkURL)
	if m.Title == "" {
		v.Add("title", msgTitleRequired)
	}
	checkText(&v, "title", &m.Title, 200)
	checkText(&v, "description", &m.Description, maxProfileText)
	switch m.Type {
	case MaterialClassLink:
		if m.LinkURL == "" {
			v.Add("link_url", MsgLinkRequired)
		} else if !ValidLink(m.LinkURL) {
			v.Add("link_url", msgLinkInvalid)
		}
	case MaterialNote, MaterialAssignment:
		if m.File == "" {
			v.Add("file", MsgFileRequired)
		}
		m.LinkURL = ""
	default:
		v.Add("material_type", msgMaterialType)
	}
	return v.Err()
}

// Course is a teacher's recurring class for their students (spec section 3).
type Course struct {
	ID          int64
	TeacherID   int64
	Title       string
	Description string
	ClassLink   string
	Days        []time.Weekday
	StartTime   int // minutes after midnight, in the teacher's time zone
	Active      bool
	CreatedAt   time.Time
	Teacher     User
}

var (
	msgCourseTime = Msg{"Start time is required.", "زمان شروع الزامی است."}
)

// Validate checks c (spec section 5: title, at least one day and a start time).
func (c *Course) Validate() error {
	var v Validation
	c.Title, c.Description, c.ClassLink = strings.TrimSpace(c.Title), strings.TrimSpace(c.Description), strings.TrimSpace(c.ClassLink)
	if c.Title == "" {
		v.Add("title", msgTitleRequired)
	}
	checkText(&v, "title", &c.Title, 200)
	checkText(&v, "description", &c.Description, maxProfileText)
	if c.ClassLink != "" && !ValidLink(c.ClassLink) {
		v.Add("class_link", msgLinkInvalid)
	}
	if len(c.Days) == 0 {
		v.Add("days", msgDaysRequired)
	}
	if c.StartTime < 0 || c.StartTime >= 24*60 {
		v.Add("start_time", msgCourseTime)
	}
	return v.Err()
}

// StudyNote is a student's own note.
type StudyNote struct {
	ID        int64
	StudentID int64
	Title     string
	Content   string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Validate checks n.
func (n *StudyNote) Validate() error {
	var v Validation
	n.Title = strings.TrimSpace(n.Title)
	if n.Title == "" {
		v.Add("title", msgTitleRequired)
	}
	checkText(&v, "title", &n.Title, 200)
	if len([]rune(n.Content)) > 20000 {
		v.Add("content", Msgf(msgTooLong, 20000))
	}
	return v.Err()
}

// MaterialStore keeps materials, courses and study notes. Each method is one
// transaction; a teacher changes only their own, a student reads those of the
// teachers they booked (a booking not cancelled).
type MaterialStore interface {
	CreateMaterial(ctx context.Context, m *Material) error
	UpdateMaterial(ctx context.Context, teacherID int64, m *Material) error
	// DeleteMaterial returns the deleted material's file key, for the caller to remove.
	DeleteMaterial(ctx context.Context, teacherID, id int64) (string, error)
	// MaterialsFor lists what user may see, newest first.
	MaterialsFor(ctx context.Context, user *User) ([]*Material, error)
	// FindMaterialFor returns a material user may see.
	FindMaterialFor(ctx context.Context, user *User, id int64) (*Material, error)

	SaveCourse(ctx context.Context, c *Course) error
	DeleteCourse(ctx context.Context, teacherID, id int64) error
	// CoursesFor lists a teacher's courses, or the active courses of a student's teachers.
	CoursesFor(ctx context.Context, user *User) ([]*Course, error)

	SaveNote(ctx context.Context, n *StudyNote) error
	DeleteNote(ctx context.Context, studentID, id int64) error
	Notes(ctx context.Context, studentID int64) ([]*StudyNote, error)
}
