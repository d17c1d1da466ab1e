package zabano

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
)

// Error codes: the few kinds of failure a caller can act on. The HTTP layer maps
// each to one status in one place.
const (
	EINVALID      = "invalid"
	EUNAUTHORIZED = "unauthorized"
	EFORBIDDEN    = "forbidden"
	ENOTFOUND     = "not_found"
	ECONFLICT     = "conflict"
	ETOOMANY      = "too_many_requests"
	EPAYMENT      = "payment_required"
	EUNAVAILABLE  = "unavailable"
	EINTERNAL     = "internal"
)

// Msg is a user-facing text in both languages of the product. Domain code builds
// messages; the HTTP layer picks the language the user reads.
type Msg struct {
	En string
	Fa string
}

// In returns the message in lang ("fa" or "en"); any other value reads English.
func (m Msg) In(lang string) string {
	if lang == "fa" {
		return m.Fa
	}
	return m.En
}

// Verbatim is a Msgf argument written as it is in both languages: a link or
// a bank's reference keeps its digits in Persian text.
type Verbatim string

// Msgf fills the %-verbs of both texts of m with args. An argument that is itself
// a Msg is put in the matching language, and the Persian text is written with
// Persian digits, but for Verbatim arguments.
func Msgf(m Msg, args ...any) Msg {
	en := make([]any, len(args))
	fa := make([]any, len(args))
	var kept []string
	for i, a := range args {
		en[i], fa[i] = a, a
		switch a := a.(type) {
		case Msg:
			en[i], fa[i] = a.En, a.Fa
		case Verbatim:
			// A private-use placeholder without digits stands in for it
			// while the rest gets Persian digits.
			en[i], fa[i] = string(a), keptMark(len(kept))
			kept = append(kept, string(a))
		}
	}
	faText := PersianDigits(fmt.Sprintf(m.Fa, fa...))
	for i, s := range kept {
		faText = strings.Replace(faText, keptMark(i), s, 1)
	}
	return Msg{En: fmt.Sprintf(m.En, en...), Fa: faText}
}

// keptMark is the placeholder of Msgf's i-th Verbatim argument.
func keptMark(i int) string { return string([]rune{0xE000, 0xE100 + rune(i), 0xE000}) }

// Error is the one error type the domain returns to callers.
type Error struct {
	Code    string
	Message Msg
	// Fields holds per-field messages of an EINVALID error.
	Fields map[string][]Msg
	// RetryAfter tells an ETOOMANY caller when to try again.
	RetryAfter time.Duration
	// Missing is the Toman an EPAYMENT caller lacks.
	Missing int64
	// CurrentLevelPrice is the level's price now, for an ECONFLICT booking
	// at a price no longer offered.
	CurrentLevelPrice *LevelPrice
	// MissingWeeks are the weeks not free of an ECONFLICT weekly booking.
	MissingWeeks []MissingWeek
}

func (e *Error) Error() string {
	return fmt.Sprintf("zabano error: code=%s message=%s", e.Code, e.Message.En)
}

// Errorf returns an Error with code and the message m filled with args.
func Errorf(code string, m Msg, args ...any) *Error {
	return &Error{Code: code, Message: Msgf(m, args...)}
}

// ErrorCode returns the code of err's *Error, EINTERNAL for any other error and
// "" for nil.
func ErrorCode(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Code
	}
	return EINTERNAL
}

// Validation collects field errors so that a form's every problem is reported
// at once, not one per submit.
type Validation struct {
	fields map[string][]Msg
}

// Add records m against field.
func (v *Validation) Add(field string, m Msg) {
	if v.fields == nil {
		v.fields = map[string][]Msg{}
	}
	v.fields[field] = append(v.fields[field], m)
}

// Has reports whether field already has a problem.
func (v *Validation) Has(field string) bool { return len(v.fields[field]) > 0 }

// Err returns an EINVALID error holding every recorded problem, or nil.
func (v *Validation) Err() error {
	if len(v.fields) == 0 {
		return nil
	}
	var all []string
	var allFa []string
	for _, f := range slices.Sorted(maps.Keys(v.fields)) {
		for _, m := range v.fields[f] {
			all = append(all, m.En)
			allFa = append(allFa, m.Fa)
		}
	}
	return &Error{
		Code:    EINVALID,
		Message: Msg{En: strings.Join(all, " "), Fa: strings.Join(allFa, " ")},
		Fields:  v.fields,
	}
}

// FieldError is a one-field EINVALID error.
func FieldError(field string, m Msg) error {
	var v Validation
	v.Add(field, m)
	return v.Err()
}
