package zabano

import (
	"errors"
	"fmt"
	"testing"
	"time"
)

func TestDeliveryHold(t *testing.T) {
	day := time.Date(2026, 11, 24, 6, 0, 0, 0, time.UTC)    // 09:30 in Tehran
	night := time.Date(2026, 11, 24, 20, 0, 0, 0, time.UTC) // 23:30 in Tehran
	morning := time.Date(2026, 11, 25, 4, 30, 0, 0, time.UTC)
	off := DefaultNotificationPrefs()
	off.Off[KindReminder24h] = []Channel{ChannelSMS}
	for _, tc := range []struct {
		name    string
		d       Delivery
		now     time.Time
		skip    string
		waitFor time.Time
	}{
		{"booked, by SMS, by day", delivery(KindClassBooked, ChannelSMS), day, "", time.Time{}},
		{"booked, by SMS, at night", delivery(KindClassBooked, ChannelSMS), night, "", morning},
		{"booked, in the app, at night", delivery(KindClassBooked, ChannelApp), night, "", time.Time{}},
		{"the 1-hour reminder at night", delivery(KindReminder1h, ChannelSMS), night, "", time.Time{}},
		{"cancelled, by SMS (off by default)", delivery(KindClassCancelled, ChannelSMS), day, skipOff, time.Time{}},
		{"a reminder of a class started", delivery(KindReminder24h, ChannelEmail), day.Add(49 * time.Hour), skipStarted, time.Time{}},
		{"a reminder turned off", Delivery{Channel: ChannelSMS, Prefs: off, Notification: Notification{Kind: KindReminder24h, Data: NotificationData{Start: day.Add(48 * time.Hour)}}}, day, skipOff, time.Time{}},
		{"an unread message in the app", delivery(KindMessageUnread, ChannelApp), day, skipOff, time.Time{}},
		{"an unread message, read", delivery(KindMessageUnread, ChannelEmail), day, skipRead, time.Time{}},
		{"an unread message to one online", func() Delivery {
			d := delivery(KindMessageUnread, ChannelEmail)
			d.ChatUnread, d.SeenAt = 1, d.Notification.DueAt.Add(-UnreadAfter)
			return d
		}(), day, skipRead, time.Time{}},
		{"an unread message to one away", func() Delivery {
			d := delivery(KindMessageUnread, ChannelEmail)
			d.ChatUnread, d.SeenAt = 1, d.Notification.DueAt.Add(-UnreadAfter-time.Minute)
			return d
		}(), day, "", time.Time{}},
	} {
		skip, until := tc.d.Hold(tc.now)
		if skip != tc.skip || !until.Equal(tc.waitFor) {
			t.Errorf("%s: Hold = %q, %v; want %q, %v", tc.name, skip, until, tc.skip, tc.waitFor)
		}
	}
}

// delivery is a delivery of kind by channel to a user of the default
// preferences, of a class two days after the test's day.
func delivery(kind NotificationKind, c Channel) Delivery {
	start := time.Date(2026, 11, 26, 6, 0, 0, 0, time.UTC)
	return Delivery{Channel: c, Prefs: DefaultNotificationPrefs(),
		Notification: Notification{Kind: kind, DueAt: time.Date(2026, 11, 24, 6, 0, 0, 0, time.UTC), Data: NotificationData{Start: start}}}
}

func TestDeliveryOutcome(t *testing.T) {
	now := time.Date(2026, 11, 24, 6, 0, 0, 0, time.UTC)
	d := delivery(KindClassBooked, ChannelSMS)
	if o := d.Outcome(nil, now); o.Status != DeliverySent || o.Attempts != 1 {
		t.Errorf("sent: %+v", o)
	}
	if o := d.Outcome(fmt.Errorf("smtp: %w", ErrNoAddress), now); o.Status != DeliverySkipped || o.Error != skipNoAddr {
		t.Errorf("no address: %+v", o)
	}
	for attempts, wait := range []time.Duration{time.Minute, 4 * time.Minute, 16 * time.Minute, 64 * time.Minute} {
		d.Attempts = attempts
		if o := d.Outcome(errors.New("down"), now); o.Status != DeliveryPending || o.Attempts != attempts+1 || !o.DueAt.Equal(now.Add(wait)) || o.Error != "down" {
			t.Errorf("failure %d: %+v, want a retry after %v", attempts+1, o, wait)
		}
	}
	d.Attempts = MaxDeliveryAttempts - 1
	if o := d.Outcome(errors.New("down"), now); o.Status != DeliveryFailed || o.Attempts != MaxDeliveryAttempts {
		t.Errorf("the last failure: %+v", o)
	}
}

func TestPrefsUpdate(t *testing.T) {
	p := DefaultNotificationPrefs()
	en, berlin, start, end := "en", "Europe/Berlin", "24:00", "06:30"
	u := &PrefsUpdate{Language: &en, TimeZone: &berlin, QuietStart: &start, QuietEnd: &end,
		Channels: map[NotificationKind]map[Channel]bool{KindClassDone: {ChannelSMS: true, ChannelEmail: false}}}
	if err := u.apply(&p); err != nil {
		t.Fatal(err)
	}
	if p.Language != "en" || p.TimeZone != "Europe/Berlin" || p.QuietStart != 0 || p.QuietEnd != 6*60+30 ||
		!p.Wants(KindClassDone, ChannelSMS) || p.Wants(KindClassDone, ChannelEmail) || !p.Wants(KindReminder1h, ChannelSMS) {
		t.Fatalf("applied: %+v", p)
	}
	bad, zone, clock := "de", "Local", "7:00"
	err := (&PrefsUpdate{Language: &bad, TimeZone: &zone, QuietStart: &clock, QuietEnd: &clock,
		Channels: map[NotificationKind]map[Channel]bool{"nap": {ChannelSMS: true}, KindClassDone: {ChannelApp: false}}}).apply(&p)
	var e *Error
	if !errors.As(err, &e) || len(e.Fields) != 5 || len(e.Fields["channels"]) != 2 {
		t.Fatalf("bad update: %v", err)
	}
}
