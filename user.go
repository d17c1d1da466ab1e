package zabano

import (
	"context"
	"net/mail"
	"strings"
	"time"
	"unicode/utf8"
)

// Role is what a user is on the marketplace: a student (language learner), a
// teacher, or an operator who runs the marketplace.
type Role string

const (
	RoleStudent Role = "student"
	RoleTeacher Role = "teacher"
	// RoleAdmin is an operator's. Nobody registers as one through the API:
	// 'zabano admin create' makes them.
	RoleAdmin Role = "admin"
)

// Valid reports whether r is one of the roles.
func (r Role) Valid() bool { return r == RoleStudent || r == RoleTeacher || r == RoleAdmin }

// Member reports whether r is a role of the marketplace's users, who register,
// book, chat and hold wallets: a student's or a teacher's.
func (r Role) Member() bool { return r == RoleStudent || r == RoleTeacher }

// Name is the role's name for messages.
func (r Role) Name() Msg {
	switch r {
	case RoleTeacher:
		return Msg{En: "teacher", Fa: "استاد"}
	case RoleAdmin:
		return Msg{En: "operator", Fa: "اپراتور"}
	}
	return Msg{En: "student", Fa: "زبان‌آموز"}
}

// User is an account. Username is unique ignoring case; Phone is unique and
// normalised (see NormalizePhone).
type User struct {
	ID           int64
	Role         Role
	Username     string
	Email        string
	Phone        string
	FirstName    string
	LastName     string
	Bio          string
	Photo        string // media key, "" when there is none
	PasswordHash string
	// TokenVersion rises when the password changes, so tokens issued before stop working.
	TokenVersion int
	CreatedAt    time.Time
	// SuspendedAt is when an operator suspended the user, zero if they are
	// not; while suspended their tokens are refused. SuspendedReason is what
	// the operator typed, which the user is shown.
	SuspendedAt     time.Time
	SuspendedReason string
	// DeletedAt is when the user deleted their account, zero if they have not.
	DeletedAt time.Time
	// EmailVerifiedAt is when the user opened the link sent to Email, zero
	// until they do; a new Email clears it. Notifications are emailed only
	// to a verified address.
	EmailVerifiedAt time.Time
}

// DisplayName is first plus last name, else the username.
func (u *User) DisplayName() string {
	if n := strings.TrimSpace(u.FirstName + " " + u.LastName); n != "" {
		return n
	}
	return u.Username
}

// Password rules: registration asks for 6 characters, a reset for 8 (spec section 9).
const (
	MinPasswordLen      = 6
	MinResetPasswordLen = 8
	maxPasswordLen      = 128
)

var (
	msgUsernameRequired = Msg{"Username is required.", "نام کاربری الزامی است."}
	msgUsernameInvalid  = Msg{
		"Username must be 3 to 32 characters: English letters, digits, '.', '_' or '-', starting with a letter.",
		"نام کاربری باید ۳ تا ۳۲ نویسه باشد: حروف انگلیسی، رقم، «.»، «_» یا «-» و با یک حرف شروع شود.",
	}
	MsgUsernameTaken    = Msg{"A user with that username already exists.", "کاربری با این نام کاربری وجود دارد."}
	msgEmailInvalid     = Msg{"Enter a valid email address.", "یک ایمیل معتبر وارد کنید."}
	msgPasswordRequired = Msg{"Password is required.", "رمز عبور الزامی است."}
	msgPasswordTooShort = Msg{"Password must be at least %d characters", "رمز عبور باید حداقل %d نویسه باشد"}
	msgPasswordTooLong  = Msg{"Password must be at most %d characters", "رمز عبور باید حداکثر %d نویسه باشد"}
	msgRoleInvalid      = Msg{"Choose a role: student or teacher.", "نقش را انتخاب کنید: زبان‌آموز یا استاد."}
	msgPhoneRequired    = Msg{"Phone number is required", "شماره موبایل الزامی است"}
	msgPhoneInvalid     = Msg{
		"Enter an Iranian mobile number, for example 09121234567.",
		"یک شماره موبایل ایران وارد کنید، مثلاً ۰۹۱۲۱۲۳۴۵۶۷.",
	}
	MsgPhoneTaken            = Msg{"This mobile number is already registered.", "این شماره موبایل قبلاً ثبت شده است."}
	msgCodeRequired          = Msg{"Phone verification is required", "تأیید شماره موبایل الزامی است"}
	msgBioTooLong            = Msg{"Bio must be at most %d characters.", "معرفی باید حداکثر %d نویسه باشد."}
	maxBioLen                = 2000
	usernameMin, usernameMax = 3, 32
)

// ValidUsername reports whether s follows the username rule: 3 to 32 ASCII
// letters, digits, '.', '_' or '-', starting with a letter. ASCII keeps
// case-insensitive uniqueness the same in SQLite and PostgreSQL.
func ValidUsername(s string) bool {
	if len(s) < usernameMin || len(s) > usernameMax {
		return false
	}
	for i, r := range s {
		letter := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if i == 0 && !letter {
			return false
		}
		if !letter && !(r >= '0' && r <= '9') && r != '.' && r != '_' && r != '-' {
			return false
		}
	}
	return true
}

// ValidEmail reports whether s is one plain email address.
func ValidEmail(s string) bool {
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s && a.Name == ""
}

// checkEmail trims a profile's new email, "" to remove it, and adds its
// problems to v.
func checkEmail(v *Validation, email *string) {
	checkText(v, "email", email, maxNameLen)
	if email != nil && *email != "" && !ValidEmail(*email) {
		v.Add("email", msgEmailInvalid)
	}
}

// NormalizePhone returns s as an Iranian mobile number in the national form
// 09XXXXXXXXX. It accepts +98, 0098, 98 and 0 prefixes or none, Persian and
// Arabic digits, and spaces, dashes and brackets between digits.
func NormalizePhone(s string) (string, bool) {
	var b strings.Builder
	for i, r := range ASCIIDigits(strings.TrimSpace(s)) {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == '+' && i == 0, r == ' ', r == '-', r == '(', r == ')':
		default:
			return "", false
		}
	}
	d := b.String()
	switch {
	case strings.HasPrefix(d, "0098"):
		d = d[4:]
	case strings.HasPrefix(d, "98") && len(d) == 12:
		d = d[2:]
	case strings.HasPrefix(d, "0"):
		d = d[1:]
	}
	if len(d) != 10 || d[0] != '9' {
		return "", false
	}
	return "0" + d, true
}

// checkPassword adds the password problems of pw to v, with min the shortest length allowed.
func checkPassword(v *Validation, field, pw string, min int) {
	n := utf8.RuneCountInString(pw)
	switch {
	case pw == "":
		v.Add(field, msgPasswordRequired)
	case n < min:
		v.Add(field, Msgf(msgPasswordTooShort, min))
	case n > maxPasswordLen:
		v.Add(field, Msgf(msgPasswordTooLong, maxPasswordLen))
	}
}

// checkPhone adds the problems of a raw phone to v and returns it normalised.
func checkPhone(v *Validation, raw string) string {
	if strings.TrimSpace(raw) == "" {
		v.Add("phone", msgPhoneRequired)
		return ""
	}
	p, ok := NormalizePhone(raw)
	if !ok {
		v.Add("phone", msgPhoneInvalid)
	}
	return p
}

// Registration is what a new user sends to open an account.
type Registration struct {
	Username string
	Email    string
	Password string
	Role     Role
	Phone    string
	Code     string
	Bio      string
}

// Validate checks r and normalises its phone and spacing in place.
func (r *Registration) Validate() error {
	var v Validation
	r.Username = strings.TrimSpace(r.Username)
	r.Email = strings.TrimSpace(r.Email)
	r.Bio = strings.TrimSpace(r.Bio)
	switch {
	case r.Username == "":
		v.Add("username", msgUsernameRequired)
	case !ValidUsername(r.Username):
		v.Add("username", msgUsernameInvalid)
	}
	if r.Email != "" && !ValidEmail(r.Email) {
		v.Add("email", msgEmailInvalid)
	}
	checkPassword(&v, "password", r.Password, MinPasswordLen)
	if !r.Role.Member() {
		v.Add("role", msgRoleInvalid)
	}
	r.Phone = checkPhone(&v, r.Phone)
	checkCode(&v, r.Code)
	if utf8.RuneCountInString(r.Bio) > maxBioLen {
		v.Add("meta", Msgf(msgBioTooLong, maxBioLen))
	}
	return v.Err()
}

// UserStore keeps accounts. Each method is one transaction.
type UserStore interface {
	// CreateUser consumes the phone code whose hash is codeHash and creates u,
	// setting its ID and CreatedAt. A wrong code counts a failed try and fails
	// with EINVALID on field "code"; a taken username or phone fails with
	// EINVALID on that field, and nothing is written but the counted try.
	CreateUser(ctx context.Context, u *User, codeHash string) error
	// ResetPassword consumes the phone code and sets the password of the user
	// with that phone, raising its TokenVersion.
	ResetPassword(ctx context.Context, phone, codeHash, passwordHash string) error
	// SetPassword sets a user's password hash and raises their TokenVersion.
	SetPassword(ctx context.Context, userID int64, passwordHash string) (*User, error)
	FindUserByID(ctx context.Context, id int64) (*User, error)
	// FindUserByUsername matches username ignoring case.
	FindUserByUsername(ctx context.Context, username string) (*User, error)
	// ExportAccount writes the data of user id to sink, the files of
	// ExportFilesOf their role in order, in one read transaction, and returns
	// the media keys of the files they stored.
	ExportAccount(ctx context.Context, id int64, sink ExportSink) (files []string, err error)
	// DeleteAccount deletes the account of user id, a student or teacher,
	// unless AccountHolds hold it (ECONFLICT): it erases or anonymises their
	// personal data and keeps their money records, frees their username and
	// phone, and returns the media keys of their stored files, to delete once
	// it has committed.
	DeleteAccount(ctx context.Context, id int64) (files []string, err error)
}
