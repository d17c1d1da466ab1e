package zabano

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Level is a CEFR level; its number (1 to 6 for A1 to C2) is the level id of
// the specification.
type Level int

var levelNames = [...]string{"", "A1", "A2", "B1", "B2", "C1", "C2"}

// String is the level's name, A1 to C2.
func (l Level) String() string {
	if l < 1 || int(l) >= len(levelNames) {
		return ""
	}
	return levelNames[l]
}

// ParseLevel reads a level name (A1 to C2, any case) or id (1 to 6).
func ParseLevel(s string) (Level, bool) {
	s = strings.ToUpper(strings.TrimSpace(s))
	for i, n := range levelNames[1:] {
		if s == n || s == string(rune('1'+i)) {
			return Level(i + 1), true
		}
	}
	return 0, false
}

// TeacherLanguages are the languages a teacher can offer: the editor's list
// of the specification, and Persian, which the find-teacher filter offers.
var TeacherLanguages = []string{
	"English", "Persian", "Spanish", "French", "German", "Italian",
	"Portuguese", "Chinese", "Japanese", "Korean", "Arabic",
}

// DefaultTimeZone is the time zone of a teacher who has not chosen one.
const DefaultTimeZone = "Asia/Tehran"

// LevelPrice is what a teacher charges, in Toman, for one class at one level
// of one language. Its ID is what a booking names.
type LevelPrice struct {
	ID           int64
	Language     string
	Level        Level
	RegularPrice int64
	ExamPrice    int64
}

// Document is a file a teacher shows on their profile (certificates, CV).
type Document struct {
	ID        int64
	File      string // media key
	Name      string
	CreatedAt time.Time
}

// TeacherProfile is a teacher's public face and pricing.
type TeacherProfile struct {
	User             User
	PricePerHour     int64
	TestSessionPrice int64
	IntroVideo       string // media key
	ExperienceYears  int
	Education        string
	Certifications   string
	Specializations  string
	TeachingStyle    string
	AvailabilityNote string
	WPTeacherID      string // the teacher's id on the main site
	TimeZone         string
	Sessions         int // classes held (done)
	// ReviewCount and RatingSum are of the teacher's visible reviews (Rating).
	ReviewCount int
	RatingSum   int64
	// NextSlots are the first free future slots (the teacher list shows two),
	// and FreeSlots how many there are in all; only FindTeachers fills them.
	NextSlots []Slot
	FreeSlots int
	Languages []string     // offered, as LanguagesOf(Levels)
	Levels    []LevelPrice // offered now, by language then level
	Documents []Document
	Review    TeacherReview
	// Listed: approved, and neither suspended nor deleted. Students find
	// and book listed teachers only.
	Listed bool
}

// MsgTeacherNotFound answers for a teacher who does not exist, or whom the
// caller may not see.
var MsgTeacherNotFound = Msg{"Teacher not found.", "استاد یافت نشد."}

// ShownTo reports whether u may see p's public profile: anyone a listed
// teacher's, only the teacher their own while they are not listed.
func (p *TeacherProfile) ShownTo(u *User) bool {
	return p.Listed || u.ID == p.User.ID
}

// LanguagesOf lists the languages of levels, each once, in order.
func LanguagesOf(levels []LevelPrice) []string {
	var out []string
	for _, l := range levels {
		if !slices.Contains(out, l.Language) {
			out = append(out, l.Language)
		}
	}
	return out
}

// Complete reports whether p has what students need to choose and book: the
// profile editor opens in edit mode while it is not.
func (p *TeacherProfile) Complete() bool {
	return p.User.Bio != "" && p.PricePerHour > 0 && p.ExperienceYears > 0 && len(p.Levels) > 0
}

// LanguageLevels is one entry of the profile editor: a language, the levels
// taught, and the prices for all of them.
type LanguageLevels struct {
	Language     string
	Levels       []Level
	RegularPrice int64
	ExamPrice    int64
}

// TeacherUpdate changes a teacher's profile; nil fields are left as they are,
// since the editor sends only the fields that are filled.
type TeacherUpdate struct {
	FirstName, LastName, Bio       *string
	Email                          *string // a new one is not verified until its link is opened
	PricePerHour, TestSessionPrice *int64
	ExperienceYears                *int
	Education, Certifications      *string
	Specializations, TeachingStyle *string
	AvailabilityNote, WPTeacherID  *string
	TimeZone                       *string
	LanguageLevels                 *[]LanguageLevels // replaces the offered levels
	Photo, IntroVideo              *string           // media keys of new uploads
	Documents                      []Document        // new uploads to add
}

// Limits of profile fields.
const (
	MaxPrice       = 1_000_000_000 // Toman
	maxExperience  = 80
	maxNameLen     = 150
	maxProfileText = 2000
)

var (
	msgLanguageUnknown = Msg{"Choose a language from the list.", "یک زبان از فهرست انتخاب کنید."}
	msgLanguageLevels  = Msg{"select a language and at least one level", "یک زبان و دست‌کم یک سطح انتخاب کنید"}
	msgLevelTwice      = Msg{"Each level of a language can be priced only once.", "هر سطح از یک زبان فقط یک بار قیمت‌گذاری می‌شود."}
	msgPriceRange      = Msg{"Prices are whole Toman from 0 to 1,000,000,000.", "قیمت‌ها عدد صحیح تومان از ۰ تا ۱٬۰۰۰٬۰۰۰٬۰۰۰ هستند."}
	msgRegularPrice    = Msg{"Enter the price of a class for these levels.", "قیمت یک کلاس را برای این سطح‌ها وارد کنید."}
	msgExperience      = Msg{"Years of experience are a whole number from 0 to 80.", "سال‌های تجربه عدد صحیحی از ۰ تا ۸۰ است."}
	MsgTimeZone        = Msg{"Choose a valid time zone, for example Asia/Tehran.", "یک منطقهٔ زمانی معتبر انتخاب کنید، مثلاً Asia/Tehran."}
	msgTooLong         = Msg{"At most %d characters.", "حداکثر %d نویسه."}
	msgWPIDTaken       = Msg{"Another teacher has this main-site id.", "استاد دیگری این شناسهٔ سایت اصلی را دارد."}
)

// MsgWPIDTaken is the answer when two teachers claim one main-site id.
var MsgWPIDTaken = msgWPIDTaken

// Validate checks u's fields and trims its texts.
func (u *TeacherUpdate) Validate() error {
	var v Validation
	for _, f := range []struct {
		name string
		s    *string
		max  int
	}{
		{"first_name", u.FirstName, maxNameLen}, {"last_name", u.LastName, maxNameLen},
		{"bio", u.Bio, maxProfileText}, {"education", u.Education, maxProfileText},
		{"certifications", u.Certifications, maxProfileText}, {"specializations", u.Specializations, maxProfileText},
		{"teaching_style", u.TeachingStyle, maxProfileText}, {"availability_note", u.AvailabilityNote, maxProfileText},
		{"wp_teacher_id", u.WPTeacherID, 64},
	} {
		checkText(&v, f.name, f.s, f.max)
	}
	checkEmail(&v, u.Email)
	for name, p := range map[string]*int64{"price_per_hour": u.PricePerHour, "test_session_price": u.TestSessionPrice} {
		if p != nil && (*p < 0 || *p > MaxPrice) {
			v.Add(name, msgPriceRange)
		}
	}
	if u.ExperienceYears != nil && (*u.ExperienceYears < 0 || *u.ExperienceYears > maxExperience) {
		v.Add("experience_years", msgExperience)
	}
	if u.TimeZone != nil {
		if _, err := time.LoadLocation(*u.TimeZone); err != nil || *u.TimeZone == "" || *u.TimeZone == "Local" {
			v.Add("timezone", MsgTimeZone)
		}
	}
	if u.LanguageLevels != nil {
		checkLanguageLevels(&v, *u.LanguageLevels)
	}
	return v.Err()
}

func checkText(v *Validation, field string, s *string, max int) {
	if s == nil {
		return
	}
	*s = strings.TrimSpace(*s)
	if utf8.RuneCountInString(*s) > max {
		v.Add(field, Msgf(msgTooLong, max))
	}
}

func checkLanguageLevels(v *Validation, entries []LanguageLevels) {
	type key struct {
		lang  string
		level Level
	}
	seen := map[key]bool{}
	for _, e := range entries {
		if !slices.Contains(TeacherLanguages, e.Language) {
			v.Add("language_levels", msgLanguageUnknown)
		}
		if len(e.Levels) == 0 {
			v.Add("language_levels", msgLanguageLevels)
		}
		for _, l := range e.Levels {
			if seen[key{e.Language, l}] {
				v.Add("language_levels", msgLevelTwice)
			}
			seen[key{e.Language, l}] = true
		}
		if e.RegularPrice < 0 || e.RegularPrice > MaxPrice || e.ExamPrice < 0 || e.ExamPrice > MaxPrice {
			v.Add("language_levels", msgPriceRange)
		} else if e.RegularPrice == 0 {
			v.Add("language_levels", msgRegularPrice)
		}
	}
}

// TeacherStore keeps teacher profiles. Each method is one transaction.
type TeacherStore interface {
	FindTeacherProfile(ctx context.Context, teacherID int64) (*TeacherProfile, error)
	// UpdateTeacherProfile applies u and returns the profile and the media keys
	// that u replaced, for the caller to delete.
	UpdateTeacherProfile(ctx context.Context, teacherID int64, u *TeacherUpdate) (*TeacherProfile, []string, error)
	// DeleteTeacherDocument removes one of the teacher's documents and returns its media key.
	DeleteTeacherDocument(ctx context.Context, teacherID, documentID int64) (string, error)
	// FindTeachers returns a page of bookable teachers (those with a price),
	// how many match in all, and whether that count is exact: past
	// f.CountBound() more match than it says. The profiles carry their
	// languages and next free slots, but not their levels or documents.
	FindTeachers(ctx context.Context, f TeacherFilter) (list []*TeacherProfile, total int, exact bool, err error)
	// SaveTeacher marks teacher teacherID as one the student saved (the
	// heart on a card); saving again changes nothing. A teacher who is not
	// listed is not found.
	SaveTeacher(ctx context.Context, studentID, teacherID int64) error
	// UnsaveTeacher takes the mark off; taking off one that is not there
	// changes nothing, but for a teacher who is not listed, who is not found.
	UnsaveTeacher(ctx context.Context, studentID, teacherID int64) error
	// SavedTeachers is the set of teachers the student saved.
	SavedTeachers(ctx context.Context, studentID int64) (map[int64]bool, error)
}

// TeacherChange is what a committed write changed of what students see of
// teachers (the list, a profile, prices, reviews, free slots): what the
// cards of Teachers show (their slots, their count of classes), or
// anything when All. Caches of those reads drop what it
// covers; on PostgreSQL it travels to every process on
// TeacherChangeChannel, as its String.
type TeacherChange struct {
	All      bool
	Teachers []int64
}

// TeacherChangeChannel names the PostgreSQL notification channel of
// TeacherChanges: it, ':' and the schema.
const TeacherChangeChannel = "zabano_teacher_changes"

// String is "*" for a change of anything, else the teachers' ids joined by commas.
func (c TeacherChange) String() string { return changeString(c.All, c.Teachers) }

// ParseTeacherChange reads a TeacherChange's String; what it cannot read
// is a change of anything, which costs a cache its entries, never a stale answer.
func ParseTeacherChange(s string) TeacherChange {
	all, ids := parseChange(s)
	return TeacherChange{All: all, Teachers: ids}
}

// changeString is "*" for a change of anything, else ids joined by commas.
func changeString(all bool, ids []int64) string {
	if all {
		return "*"
	}
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.FormatInt(id, 10)
	}
	return strings.Join(parts, ",")
}

// parseChange reads a changeString; what it cannot read is a change of anything.
func parseChange(s string) (all bool, ids []int64) {
	for _, part := range strings.Split(s, ",") {
		id, err := strconv.ParseInt(part, 10, 64)
		if err != nil {
			return true, nil
		}
		ids = append(ids, id)
	}
	return false, ids
}
