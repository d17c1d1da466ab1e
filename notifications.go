package zabano

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"
)

// NotificationsPage is how many notifications a page of the list holds.
const NotificationsPage = 20

// NotificationTTL is how long a notification is kept after it was due, with
// its deliveries: a year of history, not an ever-growing table.
const NotificationTTL = 365 * 24 * time.Hour

// DeliveryStatus is where a notification's delivery by one channel stands.
type DeliveryStatus string

const (
	// DeliveryPending: waiting for its due time, or being sent.
	DeliveryPending DeliveryStatus = "pending"
	DeliverySent    DeliveryStatus = "sent"
	// DeliverySkipped: not to be sent, for the reason its LastError says:
	// the recipient turned the channel off, cannot be reached by it, or the
	// news is moot.
	DeliverySkipped DeliveryStatus = "skipped"
	// DeliveryFailed: its sender failed MaxDeliveryAttempts times; the
	// operator's console lists it.
	DeliveryFailed DeliveryStatus = "failed"
)

// MaxDeliveryAttempts is how many times a delivery is tried before it is
// marked failed.
const MaxDeliveryAttempts = 5

// RetryAfter is how long a delivery waits after its attempts-th failure:
// 1, 4, 16 and 64 minutes, so a sender's outage of an hour loses nothing.
func RetryAfter(attempts int) time.Duration {
	return time.Minute << (2 * (min(max(attempts, 1), 6) - 1))
}

// StreamSeenEvery is how often an open event stream marks its user seen
// (its heartbeat, at most): someone seen that recently had a stream open.
const StreamSeenEvery = 30 * time.Second

// Delivery is a notification on its way to its recipient by one channel.
type Delivery struct {
	ID      int64
	Channel Channel
	Status  DeliveryStatus
	// DueAt is when it is to be sent: the notification's due time, moved
	// by quiet hours and retries.
	DueAt     time.Time
	Attempts  int
	LastError string
	// ClaimedUntil is when the claim of the worker sending it runs out;
	// that worker's outcome counts only while its claim stands.
	ClaimedUntil time.Time
	Notification Notification
	// To is the recipient, and Prefs their preferences.
	To    User
	Prefs NotificationPrefs
	// SeenAt is when the recipient last had an event stream open, and
	// ChatUnread how many messages of the notification's chat they have not
	// read: what decides an unread message's notice.
	SeenAt     time.Time
	ChatUnread int
}

// Reasons a delivery is skipped, kept as its LastError.
const (
	skipOff     = "turned off by the recipient"
	skipStarted = "the class has started"
	skipRead    = "the recipient has read the chat or was online"
	skipNoAddr  = "no address for this channel"
)

// reminder reports whether k is one of the reminders of a class.
func reminder(k NotificationKind) bool {
	for _, r := range Reminders {
		if r.Kind == k {
			return true
		}
	}
	return false
}

// Hold decides, at now, whether d is sent now: it returns the reason to
// skip it, or the end of the quiet hours to wait for, or neither. It is
// decided at send time, so a change of preferences reaches the reminders
// already scheduled.
func (d *Delivery) Hold(now time.Time) (skip string, until time.Time) {
	n := &d.Notification
	switch {
	case !d.Prefs.Wants(n.Kind, d.Channel):
		return skipOff, time.Time{}
	case reminder(n.Kind) && !now.Before(n.Data.Start):
		return skipStarted, time.Time{}
	case n.Kind == KindMessageUnread && (d.ChatUnread == 0 || d.SeenAt.After(n.DueAt.Add(-UnreadAfter-StreamSeenEvery))):
		return skipRead, time.Time{}
	case d.Channel != ChannelApp && !n.Kind.Urgent():
		if q := d.Prefs.QuietUntil(now); q.After(now) {
			return "", q
		}
	}
	return "", time.Time{}
}

// DeliveryOutcome is what became of a delivery the worker claimed.
type DeliveryOutcome struct {
	// Status is sent, skipped, failed, or pending to be tried again at DueAt.
	Status   DeliveryStatus
	DueAt    time.Time
	Attempts int
	Error    string
}

// Skip is the outcome of a delivery not to be sent, for reason.
func (d *Delivery) Skip(reason string) DeliveryOutcome {
	return DeliveryOutcome{Status: DeliverySkipped, DueAt: d.DueAt, Attempts: d.Attempts, Error: reason}
}

// Wait is the outcome of a delivery held back until then.
func (d *Delivery) Wait(until time.Time) DeliveryOutcome {
	return DeliveryOutcome{Status: DeliveryPending, DueAt: until, Attempts: d.Attempts, Error: d.LastError}
}

// Outcome is the outcome of sending d at now with the sender's answer err:
// sent; skipped for ErrNoAddress; else tried again after RetryAfter, and
// failed after MaxDeliveryAttempts.
func (d *Delivery) Outcome(err error, now time.Time) DeliveryOutcome {
	switch {
	case err == nil:
		return DeliveryOutcome{Status: DeliverySent, DueAt: d.DueAt, Attempts: d.Attempts + 1}
	case errors.Is(err, ErrNoAddress):
		return d.Skip(skipNoAddr)
	}
	o := DeliveryOutcome{Status: DeliveryPending, Attempts: d.Attempts + 1, DueAt: now.Add(RetryAfter(d.Attempts + 1)), Error: err.Error()}
	if o.Attempts >= MaxDeliveryAttempts {
		o.Status, o.DueAt = DeliveryFailed, d.DueAt
	}
	return o
}

// FinishedDelivery is a claimed delivery and what became of it.
type FinishedDelivery struct {
	Delivery *Delivery
	Outcome  DeliveryOutcome
}

// DeliveryStore keeps the deliveries the worker sends.
type DeliveryStore interface {
	// WriteReminders writes the reminders that came due of up to limit
	// classes, oldest due first, and returns how many classes it found.
	WriteReminders(ctx context.Context, limit int) (int, error)
	// ClaimDeliveries claims up to limit pending deliveries that are due
	// and that no other worker holds, each for lease, oldest due first.
	ClaimDeliveries(ctx context.Context, limit int, lease time.Duration) ([]*Delivery, error)
	// FinishDeliveries records the outcomes of claimed deliveries, each
	// unless its claim ran out and another worker claimed it since.
	FinishDeliveries(ctx context.Context, list []FinishedDelivery) error
	// FailedDeliveries lists the failed deliveries below id before (all when
	// 0), newest first, with their notifications and recipients.
	FailedDeliveries(ctx context.Context, before int64, limit int) ([]*Delivery, error)
	// AddNotificationEvent puts notification id of userID on their event
	// stream, once however often it is called: the app channel.
	AddNotificationEvent(ctx context.Context, userID, id int64) error
}

// Notifications serves each user's notifications and preferences, and the
// operator's list of failed deliveries.
type Notifications struct {
	Store      NotificationStore
	Deliveries DeliveryStore
}

var msgPageInvalid = Msg{"page must be a whole number from 1.", "page باید عددی صحیح از ۱ به بالا باشد."}

// Page is userID's page (from 1) of their notifications, newest first, and
// how many are unread.
func (s *Notifications) Page(ctx context.Context, userID int64, page int) ([]Notification, int, error) {
	if page < 1 {
		return nil, 0, FieldError("page", msgPageInvalid)
	}
	return s.Store.Notifications(ctx, userID, NotificationsPage, (page-1)*NotificationsPage)
}

// MarkRead marks notification id of userID read.
func (s *Notifications) MarkRead(ctx context.Context, userID, id int64) error {
	return s.Store.MarkNotificationRead(ctx, userID, id)
}

// MarkAllRead marks every notification of userID read.
func (s *Notifications) MarkAllRead(ctx context.Context, userID int64) error {
	return s.Store.MarkAllNotificationsRead(ctx, userID)
}

// Seen records that userID has an event stream open now.
func (s *Notifications) Seen(ctx context.Context, userID int64) error {
	return s.Store.SeenStream(ctx, userID)
}

// Prefs are userID's preferences.
func (s *Notifications) Prefs(ctx context.Context, userID int64) (*NotificationPrefs, error) {
	return s.Store.NotificationPrefs(ctx, userID)
}

// PrefsUpdate changes a user's preferences: a nil field keeps its value,
// and Channels changes only the (kind, channel) pairs it names.
type PrefsUpdate struct {
	Language   *string
	TimeZone   *string
	QuietStart *string // "HH:MM" in TimeZone
	QuietEnd   *string
	Channels   map[NotificationKind]map[Channel]bool
}

var (
	msgLanguageInvalid = Msg{`Choose a language: "fa" or "en".`, `زبان را انتخاب کنید: «fa» یا «en».`}
	msgZoneInvalid     = Msg{"Choose a time zone by its name, for example Asia/Tehran.", "منطقهٔ زمانی را با نامش انتخاب کنید، مثلاً Asia/Tehran."}
	msgClockInvalid    = Msg{"Write a time of day as HH:MM, for example 22:00.", "ساعت را به شکل HH:MM بنویسید، مثلاً ۲۲:۰۰."}
	msgKindInvalid     = Msg{"There is no notification %q.", "اعلانی با نام %q وجود ندارد."}
	msgChannelInvalid  = Msg{`Channels are "sms" and "email"; the app is always on.`, `کانال‌ها «sms» و «email» هستند؛ اعلان درون برنامه همیشه روشن است.`}
)

// UpdatePrefs applies u to userID's preferences and saves them; every bad
// field is reported at once and nothing is saved.
func (s *Notifications) UpdatePrefs(ctx context.Context, userID int64, u *PrefsUpdate) (*NotificationPrefs, error) {
	return s.Store.UpdateNotificationPrefs(ctx, userID, u.apply)
}

func (u *PrefsUpdate) apply(p *NotificationPrefs) error {
	var v Validation
	if u.Language != nil {
		if *u.Language != "fa" && *u.Language != "en" {
			v.Add("language", msgLanguageInvalid)
		}
		p.Language = *u.Language
	}
	if u.TimeZone != nil {
		if _, err := time.LoadLocation(*u.TimeZone); err != nil || *u.TimeZone == "" || *u.TimeZone == "Local" {
			v.Add("time_zone", msgZoneInvalid)
		}
		p.TimeZone = *u.TimeZone
	}
	for field, c := range map[string]struct {
		in  *string
		out *int
	}{"quiet_start": {u.QuietStart, &p.QuietStart}, "quiet_end": {u.QuietEnd, &p.QuietEnd}} {
		if c.in == nil {
			continue
		}
		m, ok := ParseClock(*c.in)
		if !ok {
			v.Add(field, msgClockInvalid)
		}
		*c.out = m % (24 * 60) // 24:00 is midnight
	}
	for _, k := range slices.Sorted(maps.Keys(u.Channels)) {
		if !k.Valid() {
			v.Add("channels", Msgf(msgKindInvalid, string(k)))
			continue
		}
		for c, on := range u.Channels[k] {
			if !slices.Contains(OptionalChannels, c) {
				if !v.Has("channels") {
					v.Add("channels", msgChannelInvalid)
				}
				continue
			}
			off := slices.DeleteFunc(slices.Clone(p.Off[k]), func(x Channel) bool { return x == c })
			if !on {
				off = append(off, c)
			}
			if p.Off == nil {
				p.Off = map[NotificationKind][]Channel{}
			}
			p.Off[k] = off
		}
	}
	return v.Err()
}

// Clock writes minutes after midnight as "HH:MM".
func Clock(minutes int) string { return fmt.Sprintf("%02d:%02d", minutes/60, minutes%60) }

// Failed lists the failed deliveries below id before, newest first, for the
// operator's console.
func (s *Notifications) Failed(ctx context.Context, before int64, limit int) ([]*Delivery, error) {
	return s.Deliveries.FailedDeliveries(ctx, before, limit)
}
