package httpapi

import (
	"net/http"
	"strconv"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/media"
)

type studentLanguageJSON struct {
	ID           int64  `json:"id"`
	Language     string `json:"language"`
	LanguageWPID int    `json:"language_wp_id"`
	Level        string `json:"level"`
}

type userContactJSON struct {
	Username string `json:"username"`
	Email    string `json:"email"`
	Phone    string `json:"phone"`
}

// studentProfileJSON is GET /api/student/profile/ (spec section 3).
type studentProfileJSON struct {
	ID              int64                 `json:"id"`
	User            userContactJSON       `json:"user"`
	Username        string                `json:"username"`
	Email           string                `json:"email"`
	Phone           string                `json:"phone"`
	FirstName       string                `json:"first_name"`
	LastName        string                `json:"last_name"`
	Name            string                `json:"name"`
	Bio             string                `json:"bio"`
	Level           string                `json:"level"`
	Photo           *string               `json:"photo"`
	ProfilePhotoURL *string               `json:"profile_photo_url"`
	LanguageLevels  []studentLanguageJSON `json:"language_levels"`
}

func (s *Server) studentProfileOf(p *zabano.StudentProfile) studentProfileJSON {
	u := p.User
	photo := s.mediaURL(u.Photo)
	out := studentProfileJSON{
		ID: u.ID, User: userContactJSON{u.Username, u.Email, u.Phone},
		Username: u.Username, Email: u.Email, Phone: u.Phone, FirstName: u.FirstName, LastName: u.LastName,
		Name: u.DisplayName(), Bio: u.Bio, Level: p.Level, Photo: photo, ProfilePhotoURL: photo,
		LanguageLevels: []studentLanguageJSON{},
	}
	for _, l := range p.Languages {
		out.LanguageLevels = append(out.LanguageLevels, studentLanguageJSON{l.ID, l.Language, zabano.LanguageWPID(l.Language), l.Level})
	}
	return out
}

// studentProfile is GET /api/student/profile/.
func (s *Server) studentProfile(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	p, err := s.Students.FindStudentProfile(r.Context(), u.ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, s.studentProfileOf(p))
}

// updateStudentProfile is POST /api/student/profile/: the filled fields of
// username, email, first_name, last_name, bio, and phone_number with the
// code sent to it.
func (s *Server) updateStudentProfile(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	up, err := s.readUpload(r, u, nil)
	if err != nil {
		writeError(w, r, err)
		return
	}
	upd := &zabano.StudentUpdate{
		Username: up.text("username"), Email: up.text("email"), FirstName: up.text("first_name"),
		LastName: up.text("last_name"), Bio: up.text("bio"), Code: up.fields["code"],
	}
	// The phone is a login and reset credential: it changes only with a code.
	if phone := up.text("phone_number"); phone != nil && *phone != u.Phone {
		upd.Phone = phone
	}
	if err := upd.Validate(); err != nil {
		writeError(w, r, err)
		return
	}
	var codeHash string
	if upd.Phone != nil {
		codeHash = zabano.HashCode(s.Accounts.CodeKey, *upd.Phone, upd.Code)
	}
	p, err := s.Students.UpdateStudentProfile(r.Context(), u.ID, upd, codeHash)
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, s.studentProfileOf(p))
}

var msgPhotoRequired = zabano.Msg{En: "Choose a photo.", Fa: "یک عکس انتخاب کنید."}

// uploadStudentPhoto is POST /api/student/profile/upload-photo/ (file profile_photo).
func (s *Server) uploadStudentPhoto(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	up, err := s.readUpload(r, u, map[string]fileField{"profile_photo": {kind: media.Photo}})
	if err != nil {
		writeError(w, r, err)
		return
	}
	files := up.files["profile_photo"]
	if len(files) == 0 {
		writeError(w, r, zabano.FieldError("profile_photo", msgPhotoRequired))
		return
	}
	key := files[0].key
	old, err := s.Students.SetUserPhoto(r.Context(), u.ID, key)
	if err != nil {
		s.discard(r.Context(), up)
		writeError(w, r, err)
		return
	}
	if old != "" {
		if err := s.removeMedia(r.Context(), old); err != nil {
			s.Logger.ErrorContext(r.Context(), "delete replaced photo", "key", old, "err", err)
		}
	}
	encode(w, http.StatusOK, map[string]*string{"profile_photo_url": s.mediaURL(key)})
}

// setStudentLanguage is POST /api/student/language-level/ (language, level).
func (s *Server) setStudentLanguage(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	var req struct {
		Language flexString `json:"language"`
		Level    string     `json:"level"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	l, err := zabano.CheckStudentLanguage(string(req.Language), req.Level)
	if err == nil {
		err = s.Students.SetStudentLanguage(r.Context(), u.ID, l)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	s.studentProfile(w, r, u)
}

// deleteStudentLanguage is DELETE /api/student/language-level/{id}/.
func (s *Server) deleteStudentLanguage(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	id, err := pathID(r)
	if err == nil {
		err = s.Students.DeleteStudentLanguage(r.Context(), u.ID, id)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	s.studentProfile(w, r, u)
}

// studentItemJSON is a student as their teacher's Students screen shows them
// (spec section 3, with the figures the spec's sample data only pretends).
type studentItemJSON struct {
	ID               int64           `json:"id"`
	User             userContactJSON `json:"user"`
	FirstName        string          `json:"first_name"`
	LastName         string          `json:"last_name"`
	Name             string          `json:"name"`
	ProfilePhotoURL  *string         `json:"profile_photo_url"`
	Level            string          `json:"level"`
	TotalClasses     int             `json:"total_classes"`
	CompletedClasses int             `json:"completed_classes"`
	Progress         int             `json:"progress"` // percent of the classes done
	Paid             int64           `json:"paid"`     // Toman paid to this teacher
	NextClass        *time.Time      `json:"next_class"`
	JoinDate         time.Time       `json:"join_date"`
	Status           string          `json:"status"` // active while a class is ahead, else completed
}

// teacherStudents is GET /api/students/list/: the students who booked the teacher.
func (s *Server) teacherStudents(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	list, err := s.Progress.TeacherStudents(r.Context(), u.ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]studentItemJSON, len(list))
	for i, st := range list {
		su := st.User
		contact := userContactJSON{su.Username, su.Email, su.Phone}
		if su.Deleted() {
			contact = userContactJSON{} // erased: the placeholders are no one's
		}
		item := studentItemJSON{
			ID: su.ID, User: contact,
			FirstName: su.FirstName, LastName: su.LastName, Name: nameOf(&su, lang(r)), ProfilePhotoURL: s.mediaURL(su.Photo),
			Level: st.Level, TotalClasses: st.Total, CompletedClasses: st.Completed, Paid: st.Paid,
			JoinDate: su.CreatedAt, Status: "completed",
		}
		if st.Total > 0 {
			item.Progress = 100 * st.Completed / st.Total
		}
		if !st.NextClass.IsZero() {
			item.NextClass, item.Status = &st.NextClass, "active"
		}
		out[i] = item
	}
	encode(w, http.StatusOK, out)
}

// setStudentLevel is POST /api/teacher/update-student-level/ (student_id,
// language, level): a teacher sets the level of one of their students.
func (s *Server) setStudentLevel(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	var req struct {
		StudentID flexString `json:"student_id"`
		Language  flexString `json:"language"`
		Level     string     `json:"level"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	studentID, _ := strconv.ParseInt(string(req.StudentID), 10, 64)
	language := ""
	var err error
	if req.Language != "" {
		var l zabano.StudentLanguage
		l, err = zabano.CheckStudentLanguage(string(req.Language), req.Level)
		language, req.Level = l.Language, l.Level
	} else {
		_, err = zabano.CheckStudentLanguage("English", req.Level)
	}
	if err == nil {
		err = s.Progress.SetStudentLevel(r.Context(), u.ID, studentID, language, req.Level)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	detail(w, r, http.StatusOK, msgLevelUpdated)
}

var msgLevelUpdated = zabano.Msg{En: "The student's level was updated.", Fa: "سطح زبان‌آموز به‌روز شد."}
