package notify_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/notify"
	"github.com/zabano/zabano/realtime"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

var ctx = context.Background()

// t0 is a weekday morning in Tehran (09:30), outside the default quiet hours.
var t0 = time.Date(2026, 11, 24, 6, 0, 0, 0, time.UTC)

// sent is what a sender was given.
type sent struct {
	delivery int64
	to       int64
	n        zabano.Notification
}

// recorder is a ChannelSender that keeps what it sends, or fails with err.
type recorder struct {
	mu   sync.Mutex
	list []sent
	err  error
}

func (r *recorder) Send(_ context.Context, o *zabano.Outgoing) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.err != nil {
		return r.err
	}
	r.list = append(r.list, sent{o.DeliveryID, o.To.ID, *o.Notification})
	return nil
}

// take returns what was sent since the last take.
func (r *recorder) take() []sent {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.list
	r.list = nil
	return out
}

// market is a teacher and a student over a database with a settable clock,
// and a worker with recording senders.
type market struct {
	t                *testing.T
	db               *sqlstore.DB
	clock            *storetest.Clock
	bookings         *zabano.Bookings
	teacher, student *zabano.User
	level            int64
	sms              *recorder
	notifier         *realtime.Local
	worker           *notify.Worker
}

var phones atomic.Int64

func user(t *testing.T, db *sqlstore.DB, name string, role zabano.Role) *zabano.User {
	t.Helper()
	phone := fmt.Sprintf("0915%07d", phones.Add(1))
	hash := zabano.HashCode([]byte("k"), phone, "123456")
	if err := db.CreatePhoneCode(ctx, &zabano.PhoneCode{Phone: phone, Hash: hash, ExpiresAt: db.Now().Add(zabano.CodeTTL)}); err != nil {
		t.Fatal(err)
	}
	u := &zabano.User{Role: role, Username: name, Phone: phone, FirstName: name, PasswordHash: "x"}
	if err := db.CreateUser(ctx, u, hash); err != nil {
		t.Fatal(err)
	}
	return u
}

func newMarket(t *testing.T, db *sqlstore.DB, at time.Time) *market {
	t.Helper()
	clock := storetest.NewClock(at)
	db.Now = clock.Now
	m := &market{t: t, db: db, clock: clock, sms: &recorder{}, notifier: realtime.NewLocal(),
		bookings: &zabano.Bookings{Store: db, MeetingURL: zabano.DefaultMeetingURL, MaxFreeSlots: zabano.DefaultMaxFreeSlots,
			FreeCancel: zabano.DefaultFreeCancel, Now: clock.Now}}
	m.teacher = user(t, db, "Maryam", zabano.RoleTeacher)
	m.student = user(t, db, "Sara", zabano.RoleStudent)
	p, _, err := db.UpdateTeacherProfile(ctx, m.teacher.ID, &zabano.TeacherUpdate{LanguageLevels: &[]zabano.LanguageLevels{
		{Language: "English", Levels: []zabano.Level{1}, RegularPrice: 100_000},
	}})
	if err != nil {
		t.Fatal(err)
	}
	m.level = p.Levels[0].ID
	if err := db.PostTransaction(ctx, zabano.Transfer(zabano.TxTopUp, zabano.GatewayAccount, zabano.WalletOf(m.student.ID), 10_000_000, "test")); err != nil {
		t.Fatal(err)
	}
	db.OnEvents = m.notifier.Publish
	m.worker = m.workerOn(db)
	return m
}

// workerOn is a worker over db with m's senders and clock.
func (m *market) workerOn(db *sqlstore.DB) *notify.Worker {
	return &notify.Worker{Store: db, Now: m.clock.Now, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Senders: map[zabano.Channel]zabano.ChannelSender{
			zabano.ChannelApp: &notify.App{Store: db},
			zabano.ChannelSMS: m.sms,
		}}
}

// book books the teacher's one-hour class starting in d.
func (m *market) book(d time.Duration) *zabano.Booking {
	m.t.Helper()
	slot := m.slot(d)
	b, err := m.bookings.Book(ctx, zabano.NewBooking{StudentID: m.student.ID, SlotID: slot.ID, LevelPriceID: m.level})
	if err != nil {
		m.t.Fatal(err)
	}
	return b
}

func (m *market) slot(d time.Duration) zabano.Slot {
	m.t.Helper()
	start := m.clock.Now().Add(d)
	s, err := m.bookings.CreateSlot(ctx, m.teacher.ID, zabano.Slot{Start: start, End: start.Add(time.Hour)})
	if err != nil {
		m.t.Fatal(err)
	}
	return s
}

// deliver runs the worker until it finds nothing due.
func (m *market) deliver() {
	m.t.Helper()
	for {
		n, err := m.worker.Deliver(ctx)
		if err != nil {
			m.t.Fatal(err)
		}
		if n == 0 {
			return
		}
	}
}

// kinds lists the kinds sent, with their recipients' names.
func (m *market) kinds(list []sent) []string {
	var out []string
	for _, s := range list {
		who := "student"
		if s.to == m.teacher.ID {
			who = "teacher"
		}
		out = append(out, fmt.Sprintf("%s:%s", s.n.Kind, who))
	}
	return out
}

func sameKinds(got, want []string) bool {
	if len(got) != len(want) {
		return false
	}
	count := map[string]int{}
	for _, k := range got {
		count[k]++
	}
	for _, k := range want {
		count[k]--
	}
	for _, c := range count {
		if c != 0 {
			return false
		}
	}
	return true
}

// TestReminders: with the store's clock moved, a class 25 hours away gets its
// 24-hour reminder when the clock passes it; a cancelled class gets none; a
// rescheduled class gets it at its new time, naming the new start.
func TestReminders(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		m := newMarket(t, db, t0)
		kept := m.book(25 * time.Hour)
		cancelled := m.book(27 * time.Hour)
		moved := m.book(29 * time.Hour)
		newSlot := m.slot(53 * time.Hour)
		m.deliver()
		if got := m.kinds(m.sms.take()); !sameKinds(got, []string{"class_booked:teacher", "class_booked:teacher", "class_booked:teacher"}) {
			t.Fatalf("at booking, by SMS: %v", got)
		}
		if _, err := m.bookings.CancelByTeacher(ctx, m.teacher.ID, cancelled.ID); err != nil {
			t.Fatal(err)
		}
		r, err := m.bookings.ProposeReschedule(ctx, m.teacher.ID, moved.ID, newSlot.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := m.bookings.AnswerReschedule(ctx, m.student.ID, r.ID, new(true)); err != nil {
			t.Fatal(err)
		}
		m.deliver()
		m.sms.take() // class_cancelled and the reschedule's news are not texted by default

		m.clock.Add(59 * time.Minute) // the first reminder is due at t0+1h
		m.deliver()
		if got := m.sms.take(); len(got) != 0 {
			t.Fatalf("before the 24-hour reminder is due: %v", m.kinds(got))
		}
		m.clock.Add(2 * time.Minute)
		m.deliver()
		got := m.sms.take()
		if k := m.kinds(got); !sameKinds(k, []string{"reminder_24h:student", "reminder_24h:teacher"}) {
			t.Fatalf("past the 24-hour reminder: %v", k)
		}
		for _, s := range got {
			if s.n.ObjectID != kept.ID || !s.n.Data.Start.Equal(kept.Start) {
				t.Errorf("the reminder is of class %d at %v, want %d at %v", s.n.ObjectID, s.n.Data.Start, kept.ID, kept.Start)
			}
		}
		// Just past the cancelled class's and the moved class's old
		// 24-hour reminders, and on to just before the moved class's new one.
		for _, at := range []time.Duration{3*time.Hour + time.Minute, 5*time.Hour + time.Minute, 29*time.Hour - time.Minute} {
			m.clock.Add(t0.Add(at).Sub(m.clock.Now()))
			m.deliver()
			for _, s := range m.sms.take() {
				if s.n.ObjectID == cancelled.ID || s.n.ObjectID == moved.ID {
					t.Errorf("at t0+%v: %s of class %d due %v was sent", at, s.n.Kind, s.n.ObjectID, s.n.DueAt)
				}
			}
		}
		list, _, err := db.Notifications(ctx, m.student.ID, 100, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range list {
			if (n.ObjectID == cancelled.ID || n.ObjectID == moved.ID) && (n.Kind == zabano.KindReminder24h || n.Kind == zabano.KindReminder1h) {
				t.Errorf("the student's list shows %s of class %d due %v", n.Kind, n.ObjectID, n.DueAt)
			}
		}
		m.clock.Add(2 * time.Minute)
		m.deliver()
		got = m.sms.take()
		if k := m.kinds(got); !sameKinds(k, []string{"reminder_24h:student", "reminder_24h:teacher"}) {
			t.Fatalf("past the moved class's new 24-hour reminder: %v", k)
		}
		for _, s := range got {
			if s.n.ObjectID != moved.ID || !s.n.Data.Start.Equal(newSlot.Start) {
				t.Errorf("the reminder is of class %d at %v, want %d at its new start %v", s.n.ObjectID, s.n.Data.Start, moved.ID, newSlot.Start)
			}
		}
		// The class starting reminder carries the join link.
		m.clock.Add(newSlot.Start.Add(-zabano.JoinWindow).Sub(m.clock.Now()))
		m.deliver()
		var starting int
		for _, s := range m.sms.take() {
			if s.n.Kind == zabano.KindClassStarting {
				starting++
				if s.n.Data.JoinURL == "" || s.n.Data.JoinURL != moved.MeetingLink {
					t.Errorf("class_starting's join link %q, want %q", s.n.Data.JoinURL, moved.MeetingLink)
				}
			}
		}
		if starting != 2 {
			t.Errorf("%d class_starting texts, want one to each side", starting)
		}
	})
}

// TestQuietHours: SMS waits through the recipient's quiet hours, but for
// the urgent reminders; the app does not wait.
func TestQuietHours(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		night := time.Date(2026, 11, 24, 19, 0, 0, 0, time.UTC) // 22:30 in Tehran
		m := newMarket(t, db, night)
		events, stop := m.notifier.Subscribe(m.teacher.ID)
		defer stop()
		m.book(72 * time.Hour)
		m.book(90 * time.Minute) // its one-hour reminder is due in half an hour, at midnight
		m.deliver()
		if got := m.sms.take(); len(got) != 0 {
			t.Fatalf("texted in the quiet hours: %v", m.kinds(got))
		}
		select {
		case <-events:
		default:
			t.Fatal("the app was not told at once")
		}
		m.clock.Add(31 * time.Minute)
		m.deliver()
		if got := m.kinds(m.sms.take()); !sameKinds(got, []string{"reminder_1h:student", "reminder_1h:teacher"}) {
			t.Fatalf("urgent reminders in the quiet hours: %v", got)
		}
		m.clock.Add(time.Date(2026, 11, 25, 4, 29, 0, 0, time.UTC).Sub(m.clock.Now())) // 07:59 in Tehran
		m.deliver()
		for _, s := range m.sms.take() {
			if s.n.Kind == zabano.KindClassBooked {
				t.Fatalf("class_booked texted at 07:59")
			}
		}
		m.clock.Add(2 * time.Minute)
		m.deliver()
		booked := 0
		for _, s := range m.sms.take() {
			if s.n.Kind == zabano.KindClassBooked {
				booked++
			}
		}
		if booked != 2 {
			t.Fatalf("%d class_booked texts after the quiet hours, want 2", booked)
		}
	})
}

// TestPreferencesAtSendTime: turning SMS off for the 24-hour reminder
// stops the reminders already scheduled; the app still lists them.
func TestPreferencesAtSendTime(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		m := newMarket(t, db, t0)
		m.book(25 * time.Hour)
		svc := &zabano.Notifications{Store: db, Deliveries: db}
		if _, err := svc.UpdatePrefs(ctx, m.student.ID, &zabano.PrefsUpdate{
			Channels: map[zabano.NotificationKind]map[zabano.Channel]bool{zabano.KindReminder24h: {zabano.ChannelSMS: false}},
		}); err != nil {
			t.Fatal(err)
		}
		m.clock.Add(time.Hour + time.Minute)
		m.deliver()
		if got := m.kinds(m.sms.take()); !sameKinds(got, []string{"class_booked:teacher", "reminder_24h:teacher"}) {
			t.Fatalf("texts: %v, want none of the student's reminders", got)
		}
		list, unread, err := db.Notifications(ctx, m.student.ID, 20, 0)
		if err != nil || len(list) != 1 || list[0].Kind != zabano.KindReminder24h || unread != 1 {
			t.Fatalf("the student's list: %+v, %d unread, %v", list, unread, err)
		}
	})
}

// TestRetryThenFail: a sender that keeps failing is tried again after a
// growing wait, then the delivery is marked failed and listed for the
// operator; the other channels are not held back by it.
func TestRetryThenFail(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		m := newMarket(t, db, t0)
		m.sms.err = errors.New("gateway down")
		events, stop := m.notifier.Subscribe(m.teacher.ID)
		defer stop()
		m.book(72 * time.Hour)
		for attempt := 1; attempt <= zabano.MaxDeliveryAttempts; attempt++ {
			m.deliver()
			if attempt < zabano.MaxDeliveryAttempts {
				m.clock.Add(zabano.RetryAfter(attempt) - time.Second)
				if n, _ := m.worker.Deliver(ctx); n != 0 {
					t.Fatalf("attempt %d: tried again before its wait", attempt)
				}
				m.clock.Add(time.Second)
			}
		}
		select {
		case <-events:
		default:
			t.Fatal("the app channel was held back by the failing SMS")
		}
		failed, err := db.FailedDeliveries(ctx, 0, 10)
		if err != nil || len(failed) != 1 {
			t.Fatalf("failed deliveries: %+v, %v", failed, err)
		}
		f := failed[0]
		if f.Channel != zabano.ChannelSMS || f.Attempts != zabano.MaxDeliveryAttempts || f.LastError != "gateway down" ||
			f.Notification.Kind != zabano.KindClassBooked || f.To.ID != m.teacher.ID {
			t.Fatalf("failed delivery: %+v", f)
		}
		m.sms.err = nil
		m.clock.Add(24 * time.Hour)
		m.deliver()
		for _, s := range m.sms.take() {
			if s.n.Kind == zabano.KindClassBooked {
				t.Fatal("a failed delivery was sent again")
			}
		}
	})
}

// TestRestartSendsPending: a notification whose process died before sending
// it (never claimed, or claimed and then killed) is sent by a worker that
// starts later over the same database, once.
func TestRestartSendsPending(t *testing.T) {
	for _, dialect := range storetest.Dialects() {
		t.Run(dialect, func(t *testing.T) {
			dsn := storetest.DSN(t, dialect)
			first, err := sqlstore.Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			m := newMarket(t, first, t0)
			m.book(72 * time.Hour)
			// The dying process claimed the deliveries, then was killed.
			if claimed, err := first.ClaimDeliveries(ctx, 10, 2*time.Minute); err != nil || len(claimed) != 3 {
				t.Fatalf("claimed %d, %v", len(claimed), err)
			}
			m.book(96 * time.Hour) // committed, and the process died before its worker's round
			first.Close()

			second, err := sqlstore.Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer second.Close()
			second.Now = m.clock.Now
			m.worker = m.workerOn(second)
			m.deliver()
			if got := m.kinds(m.sms.take()); !sameKinds(got, []string{"class_booked:teacher"}) {
				t.Fatalf("after the restart: %v, want the unclaimed class_booked", got)
			}
			m.clock.Add(2*time.Minute + time.Second) // the dead process's claims run out
			m.deliver()
			if got := m.kinds(m.sms.take()); !sameKinds(got, []string{"class_booked:teacher"}) {
				t.Fatalf("after the claims ran out: %v, want the claimed class_booked", got)
			}
			m.clock.Add(time.Hour)
			m.deliver()
			if got := m.sms.take(); len(got) != 0 {
				t.Fatalf("sent again: %v", m.kinds(got))
			}
		})
	}
}

// TestTwoWorkersDeliverOnce: two processes' workers over one database, at
// once, deliver each notification once by each channel.
func TestTwoWorkersDeliverOnce(t *testing.T) {
	for _, dialect := range storetest.Dialects() {
		t.Run(dialect, func(t *testing.T) {
			dsn := storetest.DSN(t, dialect)
			var dbs [2]*sqlstore.DB
			for i := range dbs {
				db, err := sqlstore.Open(ctx, dsn)
				if err != nil {
					t.Fatal(err)
				}
				defer db.Close()
				dbs[i] = db
			}
			m := newMarket(t, dbs[0], t0)
			dbs[1].Now = m.clock.Now
			const classes = 40
			for i := range classes {
				m.book(time.Duration(48+2*i) * time.Hour)
			}
			app := &recorder{}
			workers := [2]*notify.Worker{m.workerOn(dbs[0]), m.workerOn(dbs[1])}
			var wg sync.WaitGroup
			for _, w := range workers {
				w.Senders[zabano.ChannelApp] = multi{w.Senders[zabano.ChannelApp], app}
				wg.Go(func() {
					for {
						n, err := w.Deliver(ctx)
						if err != nil {
							t.Error(err)
							return
						}
						if n == 0 {
							return
						}
					}
				})
			}
			wg.Wait()
			for name, r := range map[string]*recorder{"sms": m.sms, "app": app} {
				got := r.take()
				seen := map[int64]int{}
				for _, s := range got {
					seen[s.delivery]++
				}
				if len(got) != classes || len(seen) != classes {
					t.Errorf("%s: %d sends of %d deliveries, want %d of %d", name, len(got), len(seen), classes, classes)
				}
			}
			events, err := dbs[1].EventsAfter(ctx, m.teacher.ID, 0, 1000)
			if err != nil || len(events) != classes {
				t.Fatalf("the teacher's stream has %d events, want %d: %v", len(events), classes, err)
			}
			if e := events[len(events)-1]; e.Type != "notification" || e.Notification == nil || e.Unread != classes {
				t.Fatalf("last event: %+v", e)
			}
		})
	}
}

// multi sends by each of its senders.
type multi []zabano.ChannelSender

func (ms multi) Send(ctx context.Context, o *zabano.Outgoing) error {
	for _, s := range ms {
		if err := s.Send(ctx, o); err != nil {
			return err
		}
	}
	return nil
}

// TestUnreadMessage: a message still unread after zabano.UnreadAfter goes
// out to a recipient who was away, at most once an hour per chat; not to
// one who read it or had the app open.
func TestUnreadMessage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		m := newMarket(t, db, t0)
		svc := &zabano.Notifications{Store: db, Deliveries: db}
		if _, err := svc.UpdatePrefs(ctx, m.teacher.ID, &zabano.PrefsUpdate{
			Channels: map[zabano.NotificationKind]map[zabano.Channel]bool{zabano.KindMessageUnread: {zabano.ChannelSMS: true}},
		}); err != nil {
			t.Fatal(err)
		}
		chat, err := db.OpenChat(ctx, m.student.ID, m.teacher.ID, zabano.RoleStudent)
		if err != nil {
			t.Fatal(err)
		}
		say := func(text string) {
			t.Helper()
			if _, err := db.SendMessage(ctx, m.student.ID, chat.ID, text, nil, 0); err != nil {
				t.Fatal(err)
			}
		}
		say("hello")
		m.clock.Add(time.Minute)
		say("are you there?") // covered by the first's notice
		m.clock.Add(zabano.UnreadAfter - time.Minute - time.Second)
		m.deliver()
		if got := m.sms.take(); len(got) != 0 {
			t.Fatalf("before UnreadAfter: %v", m.kinds(got))
		}
		m.clock.Add(2 * time.Second)
		m.deliver()
		got := m.sms.take()
		if k := m.kinds(got); !sameKinds(k, []string{"message_unread:teacher"}) || got[0].n.Data.Name != "Sara" {
			t.Fatalf("after UnreadAfter: %v", got)
		}
		if list, _, _ := db.Notifications(ctx, m.teacher.ID, 20, 0); len(list) != 0 {
			t.Errorf("the app lists an unread message's notice: %+v", list)
		}
		m.clock.Add(30 * time.Minute)
		say("within the hour")
		m.clock.Add(zabano.UnreadAfter + time.Second)
		m.deliver()
		if got := m.sms.take(); len(got) != 0 {
			t.Fatalf("a second notice within the hour: %v", m.kinds(got))
		}
		// An hour later: one who read the chat, then one who had the app open.
		m.clock.Add(time.Hour)
		say("read this")
		if err := db.MarkRead(ctx, m.teacher.ID, chat.ID); err != nil {
			t.Fatal(err)
		}
		m.clock.Add(zabano.UnreadAfter + time.Second)
		m.deliver()
		if got := m.sms.take(); len(got) != 0 {
			t.Fatalf("to one who read the chat: %v", m.kinds(got))
		}
		say("online?")
		m.clock.Add(2 * time.Minute)
		if err := svc.Seen(ctx, m.teacher.ID); err != nil {
			t.Fatal(err)
		}
		m.clock.Add(zabano.UnreadAfter)
		m.deliver()
		if got := m.sms.take(); len(got) != 0 {
			t.Fatalf("to one who had the app open: %v", m.kinds(got))
		}
	})
}

// noReminders is a store whose reminders cannot be written.
type noReminders struct{ zabano.DeliveryStore }

func (noReminders) WriteReminders(context.Context, int) (int, error) {
	return 0, errors.New("reminders down")
}

// TestRemindersFailingHoldNothingBack: a round whose reminders fail still
// sends what is due, and reports the failure.
func TestRemindersFailingHoldNothingBack(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		m := newMarket(t, db, t0)
		m.worker.Store = noReminders{db}
		m.book(72 * time.Hour)
		n, err := m.worker.Deliver(ctx)
		if err == nil || err.Error() != "reminders down" || n != 3 {
			t.Fatalf("round: %d found, %v", n, err)
		}
		if got := m.kinds(m.sms.take()); !sameKinds(got, []string{"class_booked:teacher"}) {
			t.Fatalf("texts: %v", got)
		}
	})
}
