package zabano

import (
	"context"
	"slices"
	"strconv"
	"strings"
)

// StudentLanguage is a language a student learns and their level in it.
type StudentLanguage struct {
	ID       int64
	Language string
	Level    string
}

// StudentLevels are the levels a student may give: the adder's three words of
// the specification and the CEFR levels teachers use.
var StudentLevels = []string{"beginner", "intermediate", "advanced", "A1", "A2", "B1", "B2", "C1", "C2"}

// languageWPIDs are the main site's ids of languages (the spec's student adder
// sends English as 17).
var languageWPIDs = map[string]int{"English": 17}

// LanguageWPID is the main site's id of language, or 0 when it has none.
func LanguageWPID(language string) int { return languageWPIDs[language] }

// ParseStudentLanguage reads a language by name (any case) or main-site id.
func ParseStudentLanguage(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if id, err := strconv.Atoi(s); err == nil {
		for name, wp := range languageWPIDs {
			if wp == id {
				return name, true
			}
		}
		return "", false
	}
	for _, l := range TeacherLanguages {
		if strings.EqualFold(l, s) {
			return l, true
		}
	}
	return "", false
}

// StudentProfile is a student's account and what they learn.
type StudentProfile struct {
	User User
	// Level is the student's overall level, which their teachers set.
	Level     string
	Languages []StudentLanguage
}

// StudentUpdate changes a student's own details; nil fields stay as they are.
// A new phone needs the code sent to it.
type StudentUpdate struct {
	Username, Email, FirstName, LastName, Bio *string
	Phone                                     *string
	Code                                      string
}

var (
	msgLevelUnknown = Msg{"Choose a level from the list.", "یک سطح از فهرست انتخاب کنید."}
)

// Validate checks u, trims its texts and normalises its phone.
func (u *StudentUpdate) Validate() error {
	var v Validation
	checkText(&v, "first_name", u.FirstName, maxNameLen)
	checkText(&v, "last_name", u.LastName, maxNameLen)
	checkText(&v, "bio", u.Bio, maxProfileText)
	checkEmail(&v, u.Email)
	if u.Username != nil {
		*u.Username = strings.TrimSpace(*u.Username)
		if !ValidUsername(*u.Username) {
			v.Add("username", msgUsernameInvalid)
		}
	}
	if u.Phone != nil {
		p := checkPhone(&v, *u.Phone)
		u.Phone = &p
		checkCode(&v, u.Code)
	}
	return v.Err()
}

// CheckStudentLanguage validates a language-level pair from the adder and
// returns it normalised.
func CheckStudentLanguage(language, level string) (StudentLanguage, error) {
	var v Validation
	lang, ok := ParseStudentLanguage(language)
	if !ok {
		v.Add("language", msgLanguageUnknown)
	}
	i := slices.IndexFunc(StudentLevels, func(l string) bool { return strings.EqualFold(l, strings.TrimSpace(level)) })
	if i < 0 {
		v.Add("level", msgLevelUnknown)
		return StudentLanguage{}, v.Err()
	}
	return StudentLanguage{Language: lang, Level: StudentLevels[i]}, v.Err()
}

// StudentStore keeps student profiles. Each method is one transaction.
type StudentStore interface {
	FindStudentProfile(ctx context.Context, studentID int64) (*StudentProfile, error)
	// UpdateStudentProfile applies u; a new phone consumes the code whose hash is codeHash.
	UpdateStudentProfile(ctx context.Context, studentID int64, u *StudentUpdate, codeHash string) (*StudentProfile, error)
	// SetUserPhoto sets a user's photo and returns the media key it replaced.
	SetUserPhoto(ctx context.Context, userID int64, key string) (string, error)
	// SetStudentLanguage adds a language, or changes the level of one the student has.
	SetStudentLanguage(ctx context.Context, studentID int64, l StudentLanguage) error
	DeleteStudentLanguage(ctx context.Context, studentID, id int64) error
}
