package zabano

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"
)

// NotificationKind is what a notification tells, as the API names it.
type NotificationKind string

// The kinds, each with its recipient.
const (
	KindClassBooked        NotificationKind = "class_booked"        // teacher
	KindClassCancelled     NotificationKind = "class_cancelled"     // the side that did not cancel
	KindCancelRequested    NotificationKind = "cancel_requested"    // teacher
	KindCancelApproved     NotificationKind = "cancel_approved"     // student
	KindCancelRejected     NotificationKind = "cancel_rejected"     // student
	KindRescheduleProposed NotificationKind = "reschedule_proposed" // the other side
	KindRescheduleAccepted NotificationKind = "reschedule_accepted" // the proposer
	KindRescheduleDeclined NotificationKind = "reschedule_declined" // the proposer
	KindRescheduleExpired  NotificationKind = "reschedule_expired"  // the proposer
	KindReminder24h        NotificationKind = "reminder_24h"        // both sides
	KindReminder1h         NotificationKind = "reminder_1h"         // both sides
	KindClassStarting      NotificationKind = "class_starting"      // both sides, at the join window's opening
	KindClassDone          NotificationKind = "class_done"          // student
	KindTeacherPaid        NotificationKind = "teacher_paid"        // teacher
	KindProblemReported    NotificationKind = "problem_reported"    // the other side
	KindProblemResolved    NotificationKind = "problem_resolved"    // both sides
	KindReviewReceived     NotificationKind = "review_received"     // teacher
	KindPaymentCredited    NotificationKind = "payment_credited"    // student
	KindWithdrawalPaid     NotificationKind = "withdrawal_paid"     // teacher or student
	KindWithdrawalRejected NotificationKind = "withdrawal_rejected" // teacher or student
	KindProfileApproved    NotificationKind = "profile_approved"    // teacher
	KindProfileRejected    NotificationKind = "profile_rejected"    // teacher
	KindMessageUnread      NotificationKind = "message_unread"      // a chat's other side, by SMS or email only
)

// NotificationKinds are every kind, in the order Settings lists them.
var NotificationKinds = []NotificationKind{
	KindClassBooked, KindClassCancelled, KindCancelRequested, KindCancelApproved, KindCancelRejected,
	KindRescheduleProposed, KindRescheduleAccepted, KindRescheduleDeclined, KindRescheduleExpired,
	KindReminder24h, KindReminder1h, KindClassStarting, KindClassDone, KindTeacherPaid,
	KindProblemReported, KindProblemResolved, KindReviewReceived, KindPaymentCredited,
	KindWithdrawalPaid, KindWithdrawalRejected, KindProfileApproved, KindProfileRejected,
	KindMessageUnread,
}

// Valid reports whether k is one of the kinds.
func (k NotificationKind) Valid() bool { return slices.Contains(NotificationKinds, k) }

// Urgent kinds are sent during quiet hours too: waiting would make them useless.
func (k NotificationKind) Urgent() bool { return k == KindReminder1h || k == KindClassStarting }

// InApp reports whether the kind is listed on the notifications page; an
// unread message is already shown by its chat, so it only goes out by SMS or
// email, to someone who is away.
func (k NotificationKind) InApp() bool { return k != KindMessageUnread }

// Channel is a way a notification reaches its recipient.
type Channel string

const (
	// ChannelApp is the notifications page and the header's bell: always on.
	ChannelApp   Channel = "app"
	ChannelSMS   Channel = "sms"
	ChannelEmail Channel = "email"
)

// OptionalChannels are the channels a user turns on or off, per kind.
var OptionalChannels = []Channel{ChannelSMS, ChannelEmail}

// Reminders: when before a class each is due, latest last. ClassStarting is
// the opening of the join window.
var Reminders = []struct {
	Kind   NotificationKind
	Before time.Duration
}{
	{KindReminder24h, 24 * time.Hour},
	{KindReminder1h, time.Hour},
	{KindClassStarting, JoinWindow},
}

// NextReminder is when the first reminder of a class starting at start is
// due after now, zero when none is. A class's reminders are written when
// they come due, not when it is booked (docs/decisions.md, "Reminders are
// written when they come due"), so a booking only notes this time.
func NextReminder(start, now time.Time) time.Time {
	for _, r := range Reminders {
		if due := start.Add(-r.Before); due.After(now) {
			return due
		}
	}
	return time.Time{}
}

// DueReminder is the reminder of a class starting at start to write at now,
// and when it was due: the last of those due by now, before the class
// starts. The ones before it, missed while no server ran, are no longer
// news ("class tomorrow" an hour before it).
func DueReminder(start, now time.Time) (kind NotificationKind, due time.Time, ok bool) {
	if !now.Before(start) {
		return "", time.Time{}, false
	}
	for _, r := range Reminders {
		if d := start.Add(-r.Before); !d.After(now) {
			kind, due, ok = r.Kind, d, true
		}
	}
	return kind, due, ok
}

// Unread messages: a message_unread goes to someone who has had no open event
// stream for UnreadAfter, at most once per chat per UnreadEvery.
const (
	UnreadAfter = 5 * time.Minute
	UnreadEvery = time.Hour
)

// NotificationData is what a notification's text needs, kept with it as JSON
// so that the text can be written later in the reader's language and zone.
type NotificationData struct {
	// Name is the other side's display name: the student, teacher or sender.
	Name string `json:"name,omitempty"`
	// Start is the class's start; NewStart the start a reschedule proposes.
	Start    time.Time `json:"start,omitzero"`
	NewStart time.Time `json:"new_start,omitzero"`
	// Amount is in Toman: a payment, withdrawal or teacher's pay.
	Amount int64 `json:"amount,omitempty"`
	// Note is an operator's reason or decision, or a bank's reference.
	Note string `json:"note,omitempty"`
	// Rating is a review's stars.
	Rating int `json:"rating,omitempty"`
	// JoinURL is the class's meeting link.
	JoinURL string `json:"join_url,omitempty"`
}

// Notification is one thing a user should hear about. It is written in the
// same transaction as the change it tells of, and due at DueAt: at once, or
// later for a reminder.
type Notification struct {
	ID         int64
	UserID     int64
	Kind       NotificationKind
	ObjectType ObjectType
	ObjectID   int64
	// AboutID is the user Data.Name names, 0 when it names nobody. Once they
	// delete their account the stores clear Name, and Text shows a deleted user.
	AboutID   int64
	Data      NotificationData
	CreatedAt time.Time
	DueAt     time.Time
	ReadAt    time.Time // zero while unread
}

// notificationTexts are each kind's title (an email's subject) and text; the
// text's verbs are filled by Notification.Text in the order of textArgs.
var notificationTexts = map[NotificationKind]struct{ title, text Msg }{
	KindClassBooked: {Msg{"New class booked", "کلاس تازه رزرو شد"},
		Msg{"%s booked a class with you for %s.", "%s کلاسی با شما برای %s رزرو کرد."}},
	KindClassCancelled: {Msg{"Class cancelled", "کلاس لغو شد"},
		Msg{"Your class with %s on %s was cancelled.", "کلاس شما با %s در %s لغو شد."}},
	KindCancelRequested: {Msg{"Cancellation requested", "درخواست لغو کلاس"},
		Msg{"%s asks to cancel the class on %s. Approve or reject it.", "%s می‌خواهد کلاس %s لغو شود. آن را بپذیرید یا رد کنید."}},
	KindCancelApproved: {Msg{"Cancellation approved", "لغو کلاس پذیرفته شد"},
		Msg{"%s approved cancelling the class on %s; its price is back in your wallet.", "%s لغو کلاس %s را پذیرفت و هزینهٔ آن به کیف پول شما برگشت."}},
	KindCancelRejected: {Msg{"Cancellation not approved", "لغو کلاس پذیرفته نشد"},
		Msg{"%s kept the class on %s.", "%s کلاس %s را نگه داشت."}},
	KindRescheduleProposed: {Msg{"New time proposed", "پیشنهاد زمان تازه"},
		Msg{"%s proposes moving the class on %s to %s.", "%s پیشنهاد می‌دهد کلاس %s به %s منتقل شود."}},
	KindRescheduleAccepted: {Msg{"New time accepted", "زمان تازه پذیرفته شد"},
		Msg{"%s accepted moving the class on %s to %s.", "%s انتقال کلاس %s به %s را پذیرفت."}},
	KindRescheduleDeclined: {Msg{"New time declined", "زمان تازه پذیرفته نشد"},
		Msg{"%s declined moving the class on %s; it stays at its time.", "%s انتقال کلاس %s را نپذیرفت و کلاس در زمان خود می‌ماند."}},
	KindRescheduleExpired: {Msg{"Proposal expired", "پیشنهاد منقضی شد"},
		Msg{"%s did not answer your proposal to move the class on %s; it stays at its time.", "%s به پیشنهاد شما برای انتقال کلاس %s پاسخ نداد و کلاس در زمان خود می‌ماند."}},
	KindReminder24h: {Msg{"Class tomorrow", "کلاس فردا"},
		Msg{"Your class with %s is on %s.", "کلاس شما با %s در %s است."}},
	KindReminder1h: {Msg{"Class in an hour", "کلاس یک ساعت دیگر"},
		Msg{"Your class with %s starts %s.", "کلاس شما با %s در %s شروع می‌شود."}},
	KindClassStarting: {Msg{"Your class is starting", "کلاس شما شروع می‌شود"},
		Msg{"Your class with %s starts %s. Join: %s", "کلاس شما با %s در %s شروع می‌شود. ورود: %s"}},
	KindClassDone: {Msg{"Class done", "کلاس برگزار شد"},
		Msg{"Your class with %s on %s is done. How was it? Leave a review.", "کلاس شما با %s در %s برگزار شد. چطور بود؟ نظرتان را بنویسید."}},
	KindTeacherPaid: {Msg{"You were paid", "مبلغ کلاس به شما پرداخت شد"},
		Msg{"%s Toman for the class with %s on %s is in your wallet.", "%s تومان برای کلاس با %s در %s به کیف پول شما واریز شد."}},
	KindProblemReported: {Msg{"Problem reported", "گزارش مشکل"},
		Msg{"%s reported a problem with the class on %s.", "%s برای کلاس %s مشکلی گزارش کرد."}},
	KindProblemResolved: {Msg{"Problem resolved", "مشکل رسیدگی شد"},
		Msg{"The problem with the class with %s on %s was settled: %s", "به مشکل کلاس با %s در %s رسیدگی شد: %s"}},
	KindReviewReceived: {Msg{"New review", "نظر تازه"},
		Msg{"%s gave your class %d stars.", "%s به کلاس شما %d ستاره داد."}},
	KindPaymentCredited: {Msg{"Wallet topped up", "کیف پول شارژ شد"},
		Msg{"%s Toman was added to your wallet.", "%s تومان به کیف پول شما اضافه شد."}},
	KindWithdrawalPaid: {Msg{"Withdrawal paid", "برداشت واریز شد"},
		Msg{"Your withdrawal of %s Toman was paid; bank reference: %s", "برداشت %s تومانی شما واریز شد؛ شمارهٔ پیگیری بانک: %s"}},
	KindWithdrawalRejected: {Msg{"Withdrawal rejected", "برداشت رد شد"},
		Msg{"Your withdrawal of %s Toman was rejected and the money is back in your wallet: %s", "برداشت %s تومانی شما رد شد و مبلغ به کیف پول شما برگشت: %s"}},
	KindProfileApproved: {Msg{"Profile approved", "پروفایل تأیید شد"},
		Msg{"Your teacher profile was approved: students can find and book you now.", "پروفایل استادی شما تأیید شد: زبان‌آموزان اکنون شما را پیدا و رزرو می‌کنند."}},
	KindProfileRejected: {Msg{"Profile not approved", "پروفایل تأیید نشد"},
		Msg{"Your teacher profile was not approved: %s", "پروفایل استادی شما تأیید نشد: %s"}},
	KindMessageUnread: {Msg{"New message", "پیام تازه"},
		Msg{"%s sent you a message on Zabano.", "%s در زبانو برای شما پیام فرستاد."}},
}

// Title is the notification's short title, an email's subject.
func (n *Notification) Title() Msg { return notificationTexts[n.Kind].title }

// msgRefunded is a settled problem's outcome when nobody wrote a note: what
// went back to the student.
var msgRefunded = Msg{"%s Toman back to the student.", "%s تومان به زبان‌آموز برگشت."}

// Text is what the notification says, with its times in loc.
func (n *Notification) Text(loc *time.Location) Msg {
	d := n.Data
	when := When(d.Start, loc)
	var name any = Verbatim(d.Name) // a name is written as its owner wrote it
	if d.Name == "" {
		name = MsgDeletedUser
	}
	var args []any
	switch n.Kind {
	case KindRescheduleProposed, KindRescheduleAccepted:
		args = []any{name, when, When(d.NewStart, loc)}
	case KindClassStarting:
		args = []any{name, when, Verbatim(d.JoinURL)}
	case KindTeacherPaid:
		args = []any{Tomans(d.Amount), name, when}
	case KindProblemResolved:
		var note any = d.Note
		if d.Note == "" {
			note = Msgf(msgRefunded, Tomans(d.Amount))
		}
		args = []any{name, when, note}
	case KindReviewReceived:
		args = []any{name, d.Rating}
	case KindPaymentCredited:
		args = []any{Tomans(d.Amount)}
	case KindWithdrawalPaid: // the bank's reference, as the bank wrote it
		args = []any{Tomans(d.Amount), Verbatim(d.Note)}
	case KindWithdrawalRejected:
		args = []any{Tomans(d.Amount), d.Note}
	case KindProfileApproved:
	case KindProfileRejected:
		args = []any{d.Note}
	case KindMessageUnread:
		args = []any{name}
	default: // the class kinds: the other side and the class's start
		args = []any{name, when}
	}
	return Msgf(notificationTexts[n.Kind].text, args...)
}

// Path is where the notification leads in the web app of a user of role:
// the screen of its object (web/src/config/paths.ts).
func (n *Notification) Path(role Role) string {
	area := "/" + string(role)
	switch n.ObjectType {
	case ObjectBooking:
		return area + "/booked-slots"
	case ObjectChat:
		return fmt.Sprintf("%s/messages?chat=%d", area, n.ObjectID)
	case ObjectWithdrawal, ObjectPayment:
		return area + "/wallet"
	case ObjectReview, ObjectProfile:
		return area + "/profile"
	}
	return area
}

// Quiet hours: SMS and email wait through them, except urgent kinds.
const (
	DefaultQuietStart = 22 * 60 // minutes after midnight in the user's zone
	DefaultQuietEnd   = 8 * 60
)

// NotificationPrefs are a user's choices: which kinds each optional channel
// carries, the quiet hours, and the language and zone messages are written in.
type NotificationPrefs struct {
	// Off holds the (kind, channel) pairs the user turned off.
	Off map[NotificationKind][]Channel
	// QuietStart and QuietEnd are minutes after midnight in TimeZone; equal
	// means no quiet hours.
	QuietStart, QuietEnd int
	TimeZone             string
	Language             string // "fa" or "en"
}

// smsByDefault are the kinds SMS carries unless the user turns them off: the
// reminders and the teacher's news of a booking. Email carries every kind.
var smsByDefault = []NotificationKind{KindClassBooked, KindReminder24h, KindReminder1h, KindClassStarting}

// DefaultNotificationPrefs are a new user's choices.
func DefaultNotificationPrefs() NotificationPrefs {
	off := map[NotificationKind][]Channel{}
	for _, k := range NotificationKinds {
		if !slices.Contains(smsByDefault, k) {
			off[k] = []Channel{ChannelSMS}
		}
	}
	return NotificationPrefs{Off: off, QuietStart: DefaultQuietStart, QuietEnd: DefaultQuietEnd,
		TimeZone: DefaultTimeZone, Language: "fa"}
}

// Wants reports whether the user keeps channel c on for kind k. The app
// channel is always on, for the kinds it lists.
func (p *NotificationPrefs) Wants(k NotificationKind, c Channel) bool {
	if c == ChannelApp {
		return k.InApp()
	}
	return !slices.Contains(p.Off[k], c)
}

// Location is the user's zone, Tehran when it is unset or unknown.
func (p *NotificationPrefs) Location() *time.Location {
	if loc, err := time.LoadLocation(p.TimeZone); err == nil && p.TimeZone != "" {
		return loc
	}
	return Tehran
}

// QuietUntil returns when the quiet hours holding t end, or t itself when t
// is not in them.
func (p *NotificationPrefs) QuietUntil(t time.Time) time.Time {
	if p.QuietStart == p.QuietEnd {
		return t
	}
	local := t.In(p.Location())
	minute := local.Hour()*60 + local.Minute()
	midnight := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, local.Location())
	end := midnight.Add(time.Duration(p.QuietEnd) * time.Minute)
	switch {
	case p.QuietStart < p.QuietEnd: // within one day, 13:00 to 15:00
		if minute >= p.QuietStart && minute < p.QuietEnd {
			return end
		}
	case minute >= p.QuietStart: // across midnight, 22:00 to 08:00: the evening part
		return time.Date(local.Year(), local.Month(), local.Day()+1, 0, 0, 0, 0, local.Location()).
			Add(time.Duration(p.QuietEnd) * time.Minute)
	case minute < p.QuietEnd: // the morning part
		return end
	}
	return t
}

// Outgoing is a notification on its way to its recipient by one channel.
type Outgoing struct {
	// DeliveryID names the (notification, channel) pair: a sender that can
	// pass an idempotency key to its service passes this.
	DeliveryID   int64
	Notification *Notification
	To           *User
	Prefs        *NotificationPrefs
}

// ChannelSender sends notifications by one channel. ErrNoAddress means the
// recipient cannot be reached that way (no phone, no verified email): the
// delivery is skipped. Any other error means "try again later": the delivery
// worker backs off and, after enough failures, marks the delivery failed.
type ChannelSender interface {
	Send(ctx context.Context, o *Outgoing) error
}

// ErrNoAddress is a ChannelSender's answer for a recipient it cannot reach.
var ErrNoAddress = errors.New("notification: the recipient has no address for this channel")

// NotificationStore keeps each user's notifications and preferences.
type NotificationStore interface {
	// Notifications lists userID's notifications that are due and shown in
	// the app, newest first, limit from offset, and counts the unread ones.
	Notifications(ctx context.Context, userID int64, limit, offset int) (list []Notification, unread int, err error)
	MarkNotificationRead(ctx context.Context, userID, id int64) error
	MarkAllNotificationsRead(ctx context.Context, userID int64) error
	// NotificationPrefs are userID's preferences, the defaults until they
	// save their own.
	NotificationPrefs(ctx context.Context, userID int64) (*NotificationPrefs, error)
	// UpdateNotificationPrefs runs change on userID's preferences and saves
	// them, unless change fails, holding them meanwhile so that two changes
	// at once (a Settings switch and an email's unsubscribe link) both count.
	UpdateNotificationPrefs(ctx context.Context, userID int64, change func(*NotificationPrefs) error) (*NotificationPrefs, error)
	// SeenStream records that userID has an event stream open now (its
	// opening and each heartbeat): message_unread goes only to the away.
	SeenStream(ctx context.Context, userID int64) error
}
