package zabano

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"time"
)

// CalendarClass is a class as a calendar app shows it: its booking, and what
// the app compares to see that the class changed (RFC 5545 SEQUENCE and
// LAST-MODIFIED), so that a moved or cancelled class is updated in place.
type CalendarClass struct {
	Booking
	// Sequence counts the changes of the class's time or status: its
	// accepted reschedules, and its cancellation.
	Sequence int
	// Modified is when it last changed so: booked, moved or cancelled.
	Modified time.Time
}

// CalendarPast is how far back a calendar feed reaches; every later class is
// in it. Older classes stay in the calendars that have them: a feed that
// grew without end would be read whole on every refresh.
const CalendarPast = 90 * 24 * time.Hour

// NewCalendarToken makes the secret of a calendar address: 160 random bits,
// the only key to the feed.
func NewCalendarToken() (string, error) {
	b := make([]byte, 20)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

// MsgCalendarNotFound answers a calendar address that is not (or no longer) anyone's.
var MsgCalendarNotFound = Msg{"Calendar not found.", "تقویم یافت نشد."}

// CalendarStore keeps each member's calendar address and reads their classes
// for it.
type CalendarStore interface {
	// CalendarToken returns userID's calendar token, fresh when they had none.
	CalendarToken(ctx context.Context, userID int64, fresh string) (string, error)
	// ResetCalendarToken makes fresh userID's token: the old one stops working.
	ResetCalendarToken(ctx context.Context, userID int64, fresh string) error
	// CalendarFeed returns the member whose token it is and their classes that
	// start at from or later, by start; ENOTFOUND for a token that is not
	// (or no longer) anyone's, or a member who is deleted or suspended.
	CalendarFeed(ctx context.Context, token string, from time.Time) (*User, []*CalendarClass, error)
	// CalendarClass returns a class of userID's, as its student or teacher.
	CalendarClass(ctx context.Context, userID, bookingID int64) (*CalendarClass, error)
}

// languageNames are the class languages (TeacherLanguages) in Persian.
var languageNames = map[string]string{
	"English": "انگلیسی", "Persian": "فارسی", "Spanish": "اسپانیایی", "French": "فرانسوی",
	"German": "آلمانی", "Italian": "ایتالیایی", "Portuguese": "پرتغالی", "Chinese": "چینی",
	"Japanese": "ژاپنی", "Korean": "کره‌ای", "Arabic": "عربی",
}

// LanguageName is a class language in both languages of the product.
func LanguageName(lang string) Msg {
	if fa, ok := languageNames[lang]; ok {
		return Msg{lang, fa}
	}
	return Msg{lang, lang}
}

// Summary is the class's title in the calendar of userID: the language, the
// level and the other side. It is put together without Msgf, whose Persian
// digits would turn the level B1 into B۱.
func (c *CalendarClass) Summary(userID int64) Msg {
	other := &c.Teacher
	if userID == c.TeacherID {
		other = &c.Student
	}
	name := Msg{other.DisplayName(), other.DisplayName()}
	if other.Deleted() {
		name = MsgDeletedUser
	}
	lang := LanguageName(c.Language)
	if c.Trial {
		return Msg{fmt.Sprintf("Zabano trial class: %s with %s", lang.En, name.En),
			fmt.Sprintf("کلاس آزمایشی زبانو: %s با %s", lang.Fa, name.Fa)}
	}
	return Msg{fmt.Sprintf("Zabano class: %s %s with %s", lang.En, c.Level, name.En),
		fmt.Sprintf("کلاس زبانو: %s %s با %s", lang.Fa, c.Level, name.Fa)}
}

// Description is the class's note in a calendar: how to join it, or that it
// was cancelled.
func (c *CalendarClass) Description() Msg {
	if c.Status == StatusCancelled {
		return Msg{"This class was cancelled.", "این کلاس لغو شد."}
	}
	return Msg{fmt.Sprintf("Join the class (it opens %d minutes before the start): %s", int(JoinWindow/time.Minute), c.MeetingLink),
		fmt.Sprintf("ورود به کلاس (از %s دقیقه پیش از شروع): %s", PersianDigits(fmt.Sprint(int(JoinWindow/time.Minute))), c.MeetingLink)}
}
