package sqlstore_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// market is a teacher with one priced level and a clock, for booking tests.
type market struct {
	t       *testing.T
	db      *sqlstore.DB
	clock   *storetest.Clock
	teacher *zabano.User
	level   int64 // a level price id of the teacher, 200,000 Toman
}

const classPrice = 200_000

// askTeacher is a free-cancellation notice no class here is booked that far
// ahead of, so a student's cancel is a request the teacher decides.
const askTeacher = 365 * 24 * time.Hour

func newMarket(t *testing.T, db *sqlstore.DB) *market {
	clock := storetest.NewClock(time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC))
	db.Now = clock.Now
	m := &market{t: t, db: db, clock: clock, teacher: mustUser(t, db, "teacher", zabano.RoleTeacher)}
	p, _, err := db.UpdateTeacherProfile(ctx, m.teacher.ID, &zabano.TeacherUpdate{LanguageLevels: &[]zabano.LanguageLevels{
		{Language: "English", Levels: []zabano.Level{1}, RegularPrice: classPrice},
	}})
	if err != nil {
		t.Fatal(err)
	}
	m.level = p.Levels[0].ID
	return m
}

// student registers a student whose wallet holds balance.
func (m *market) student(name string, balance int64) *zabano.User {
	m.t.Helper()
	s := mustUser(m.t, m.db, name, zabano.RoleStudent)
	if balance > 0 {
		if err := m.db.PostTransaction(ctx, zabano.Transfer(zabano.TxTopUp, zabano.GatewayAccount, zabano.WalletOf(s.ID), balance, "test")); err != nil {
			m.t.Fatal(err)
		}
	}
	return s
}

// slot opens a one-hour slot starting in d.
func (m *market) slot(d time.Duration) zabano.Slot {
	m.t.Helper()
	start := m.clock.Now().Add(d)
	created, _, err := m.db.CreateSlots(ctx, m.teacher.ID, []zabano.Slot{{Start: start, End: start.Add(time.Hour)}}, zabano.DefaultMaxFreeSlots)
	if err != nil || len(created) != 1 {
		m.t.Fatalf("slot: %v, %v", created, err)
	}
	return created[0]
}

func (m *market) book(student *zabano.User, slot zabano.Slot) (*zabano.Booking, error) {
	return m.db.Book(ctx, &zabano.NewBooking{StudentID: student.ID, SlotID: slot.ID, LevelPriceID: m.level, MeetingLink: "https://meet.example/x"})
}

func (m *market) balance(a zabano.Account) int64 {
	m.t.Helper()
	var b int64
	var err error
	switch a.Kind {
	case zabano.AccountWallet:
		b, err = m.db.WalletBalance(ctx, a.UserID)
	default:
		b, err = m.db.AccountBalance(ctx, a)
	}
	if err != nil {
		m.t.Fatal(err)
	}
	return b
}

func TestCreateSlots(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		m := newMarket(t, db)
		at := func(h, min int) time.Time { return time.Date(2026, 11, 22, h, min, 0, 0, time.UTC) }
		slot := func(h1, m1, h2, m2 int) zabano.Slot { return zabano.Slot{Start: at(h1, m1), End: at(h2, m2)} }
		created, skipped, err := db.CreateSlots(ctx, m.teacher.ID, []zabano.Slot{slot(10, 0, 11, 0), slot(12, 0, 13, 0)}, zabano.DefaultMaxFreeSlots)
		if err != nil || len(created) != 2 || len(skipped) != 0 || created[0].ID == 0 {
			t.Fatalf("create: %v %v %v", created, skipped, err)
		}
		created, skipped, err = db.CreateSlots(ctx, m.teacher.ID, []zabano.Slot{
			slot(10, 0, 11, 0),   // exact duplicate
			slot(10, 30, 11, 30), // overlaps 10-11
			slot(11, 0, 12, 0),   // fits between
			slot(11, 30, 12, 30), // overlaps the one before it in this batch, and 12-13
			slot(13, 0, 13, 30),  // fits after
			slot(9, 0, 10, 0),    // fits before
		}, zabano.DefaultMaxFreeSlots)
		if err != nil || len(created) != 3 || len(skipped) != 3 {
			t.Fatalf("second batch: created %d skipped %d, %v", len(created), len(skipped), err)
		}
		other := mustUser(t, db, "other", zabano.RoleTeacher)
		if created, _, _ := db.CreateSlots(ctx, other.ID, []zabano.Slot{slot(10, 0, 11, 0)}, zabano.DefaultMaxFreeSlots); len(created) != 1 {
			t.Fatal("another teacher's same time was refused")
		}
		all, err := db.TeacherSlots(ctx, m.teacher.ID, at(0, 0), at(23, 0), false)
		if err != nil || len(all) != 5 {
			t.Fatalf("slots: %d %v", len(all), err)
		}
		if err := db.DeleteSlot(ctx, other.ID, all[0].ID); zabano.ErrorCode(err) != zabano.ENOTFOUND {
			t.Fatalf("another teacher deletes: %v", err)
		}
		if err := db.DeleteSlot(ctx, m.teacher.ID, all[0].ID); err != nil {
			t.Fatal(err)
		}
		s := m.student("s", classPrice)
		if _, err := m.book(s, all[1]); err != nil {
			t.Fatal(err)
		}
		if err := db.DeleteSlot(ctx, m.teacher.ID, all[1].ID); zabano.ErrorCode(err) != zabano.ECONFLICT {
			t.Fatalf("delete a booked slot: %v", err)
		}
		if free, _ := db.TeacherSlots(ctx, m.teacher.ID, at(0, 0), at(23, 0), true); len(free) != 3 {
			t.Fatalf("free slots: %d, want 3", len(free))
		}
	})
}

// hourSlots are n one-hour slots of a day, from the first whole hour after
// from, a gap of an hour between them.
func hourSlots(from time.Time, n int) []zabano.Slot {
	start := from.Truncate(time.Hour).Add(time.Hour)
	out := make([]zabano.Slot, n)
	for i := range out {
		out[i] = zabano.Slot{Start: start.Add(time.Duration(2*i) * time.Hour), End: start.Add(time.Duration(2*i+1) * time.Hour)}
	}
	return out
}

// TestFreeSlotsCap: a teacher has at most maxFree free future slots; a batch
// that would pass it is refused whole. Booked and past slots do not count.
func TestFreeSlotsCap(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		m := newMarket(t, db)
		const max = 10
		all := hourSlots(m.clock.Now(), 20)
		free := func() int {
			slots, err := db.TeacherSlots(ctx, m.teacher.ID, m.clock.Now(), m.clock.Now().AddDate(0, 0, 7), true)
			if err != nil {
				t.Fatal(err)
			}
			return len(slots)
		}
		created, _, err := db.CreateSlots(ctx, m.teacher.ID, all[:8], max)
		if err != nil || len(created) != 8 {
			t.Fatalf("8 of 10: %d %v", len(created), err)
		}
		_, _, err = db.CreateSlots(ctx, m.teacher.ID, all[8:11], max)
		if e, _ := err.(*zabano.Error); e == nil || e.Code != zabano.ECONFLICT ||
			e.Message.En != "You can have at most 10 free times ahead; you have 8, and this would add 3. Delete some, or add fewer." {
			t.Fatalf("3 more: %v", err)
		}
		if free() != 8 {
			t.Fatalf("a refused batch wrote slots: %d free", free())
		}
		// Skipped duplicates do not count against the cap.
		if created, skipped, err := db.CreateSlots(ctx, m.teacher.ID, all[6:10], max); err != nil || len(created) != 2 || len(skipped) != 2 {
			t.Fatalf("2 more and 2 repeated: %d %d %v", len(created), len(skipped), err)
		}
		if _, _, err := db.CreateSlots(ctx, m.teacher.ID, all[10:11], max); zabano.ErrorCode(err) != zabano.ECONFLICT {
			t.Fatalf("one over: %v", err)
		}
		// A batch that adds nothing is not refused, even past a lowered cap:
		// its repeats are reported as such.
		if created, skipped, err := db.CreateSlots(ctx, m.teacher.ID, all[0:2], 5); err != nil || len(created) != 0 || len(skipped) != 2 {
			t.Fatalf("repeats past a lowered cap: %d %d %v", len(created), len(skipped), err)
		}
		// A booked slot is not free; a past one is not ahead.
		if _, err := m.book(m.student("s", classPrice), created[0]); err != nil {
			t.Fatal(err)
		}
		if created, _, err := db.CreateSlots(ctx, m.teacher.ID, all[10:11], max); err != nil || len(created) != 1 {
			t.Fatalf("after a booking: %d %v", len(created), err)
		}
		m.clock.Add(3 * time.Hour) // the first free slot has started
		if created, _, err := db.CreateSlots(ctx, m.teacher.ID, all[11:12], max); err != nil || len(created) != 1 {
			t.Fatalf("after a slot passed: %d %v", len(created), err)
		}
	})
}

// TestConcurrentSlotBatches: batches of one teacher at once cannot pass the
// cap together.
func TestConcurrentSlotBatches(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		m := newMarket(t, db)
		const batches, size, max = 12, 10, 45
		all := hourSlots(m.clock.Now(), batches*size)
		var wg sync.WaitGroup
		errs := make([]error, batches)
		for i := range batches {
			wg.Go(func() { _, _, errs[i] = db.CreateSlots(ctx, m.teacher.ID, all[i*size:(i+1)*size], max) })
		}
		wg.Wait()
		won := 0
		for i, err := range errs {
			switch zabano.ErrorCode(err) {
			case "":
				won++
			case zabano.ECONFLICT:
			default:
				t.Errorf("batch %d: %v", i, err)
			}
		}
		slots, err := db.TeacherSlots(ctx, m.teacher.ID, m.clock.Now(), m.clock.Now().AddDate(1, 0, 0), true)
		if err != nil {
			t.Fatal(err)
		}
		if won != max/size || len(slots) != won*size {
			t.Fatalf("%d batches won, %d free slots; want %d and %d", won, len(slots), max/size, max/size*size)
		}
	})
}

func TestBookRules(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		m := newMarket(t, db)
		rich := m.student("rich", 500_000)
		poor := m.student("poor", 150_000)
		slot := m.slot(24 * time.Hour)

		_, err := m.book(poor, slot)
		e, _ := err.(*zabano.Error)
		if e == nil || e.Code != zabano.EPAYMENT || e.Missing != 50_000 {
			t.Fatalf("poor student: %v", err)
		}
		if m.balance(zabano.WalletOf(poor.ID)) != 150_000 {
			t.Fatal("a failed booking moved money")
		}
		otherTeacher := mustUser(t, db, "otherteacher", zabano.RoleTeacher)
		p, _, _ := db.UpdateTeacherProfile(ctx, otherTeacher.ID, &zabano.TeacherUpdate{LanguageLevels: &[]zabano.LanguageLevels{{Language: "French", Levels: []zabano.Level{2}, RegularPrice: 1000}}})
		if _, err := db.Book(ctx, &zabano.NewBooking{StudentID: rich.ID, SlotID: slot.ID, LevelPriceID: p.Levels[0].ID}); fieldOf(err) != "level_price" {
			t.Fatalf("another teacher's level: %v", err)
		}
		b, err := m.book(rich, slot)
		if err != nil {
			t.Fatal(err)
		}
		if b.Status != zabano.StatusBooked || b.Price != classPrice || b.Teacher.Username != "teacher" || b.Language != "English" || b.Level != 1 {
			t.Fatalf("booking: %+v", b)
		}
		if m.balance(zabano.WalletOf(rich.ID)) != 300_000 || m.balance(zabano.EscrowOf(rich.ID)) != classPrice {
			t.Fatal("the price did not move from the wallet to escrow")
		}
		if _, err := m.book(m.student("late", 500_000), slot); zabano.ErrorCode(err) != zabano.ECONFLICT {
			t.Fatalf("booked slot: %v", err)
		}
		past := m.slot(time.Hour)
		m.clock.Add(2 * time.Hour)
		if _, err := m.book(rich, past); zabano.ErrorCode(err) != zabano.ENOTFOUND {
			t.Fatalf("past slot: %v", err)
		}
		if _, err := db.Book(ctx, &zabano.NewBooking{StudentID: rich.ID, SlotID: 99999, LevelPriceID: m.level}); zabano.ErrorCode(err) != zabano.ENOTFOUND {
			t.Fatalf("no such slot: %v", err)
		}
	})
}

func TestConcurrentBookingsOfOneSlot(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		m := newMarket(t, db)
		slot := m.slot(24 * time.Hour)
		const n = 100
		students := make([]*zabano.User, n)
		for i := range students {
			students[i] = m.student(fmt.Sprintf("s%d", i), classPrice)
		}
		var wg sync.WaitGroup
		errs := make([]error, n)
		for i := range n {
			wg.Go(func() { _, errs[i] = m.book(students[i], slot) })
		}
		wg.Wait()
		won := 0
		for i, err := range errs {
			wallet := m.balance(zabano.WalletOf(students[i].ID))
			switch {
			case err == nil:
				won++
				if wallet != 0 || m.balance(zabano.EscrowOf(students[i].ID)) != classPrice {
					t.Errorf("winner's money: wallet %d", wallet)
				}
			case zabano.ErrorCode(err) == zabano.ECONFLICT:
				if wallet != classPrice {
					t.Errorf("loser %d lost money: wallet %d", i, wallet)
				}
			default:
				t.Errorf("student %d: %v", i, err)
			}
		}
		if won != 1 {
			t.Fatalf("%d bookings of one slot, want 1", won)
		}
		auditBookings(t, db)
	})
}

func TestClassLifecycle(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		m := newMarket(t, db)
		s := m.student("sara", 1_000_000)
		intruder := m.student("intruder", 0)
		otherTeacher := mustUser(t, db, "otherteacher", zabano.RoleTeacher)
		wallet := func() int64 { return m.balance(zabano.WalletOf(s.ID)) }
		earned := func() int64 { return m.balance(zabano.WalletOf(m.teacher.ID)) }
		code := func(err error) string { return zabano.ErrorCode(err) }

		// Request, reject, request, approve: the money comes back and the slot is free again.
		slot := m.slot(48 * time.Hour)
		b, _ := m.book(s, slot)
		if _, err := db.CancelByStudent(ctx, intruder.ID, b.ID, askTeacher); code(err) != zabano.ENOTFOUND {
			t.Fatalf("another student requests: %v", err)
		}
		if _, err := db.DecideCancel(ctx, m.teacher.ID, b.ID, true); code(err) != zabano.ECONFLICT {
			t.Fatalf("approve without a request: %v", err)
		}
		if b, _ = db.CancelByStudent(ctx, s.ID, b.ID, askTeacher); b.Status != zabano.StatusCancelPending || b.CancelRequestedAt.IsZero() {
			t.Fatalf("request: %+v", b)
		}
		if _, err := db.CancelByStudent(ctx, s.ID, b.ID, askTeacher); code(err) != zabano.ECONFLICT {
			t.Fatalf("second request: %v", err)
		}
		if _, err := db.DecideCancel(ctx, otherTeacher.ID, b.ID, true); code(err) != zabano.ENOTFOUND {
			t.Fatalf("another teacher approves: %v", err)
		}
		if b, _ = db.DecideCancel(ctx, m.teacher.ID, b.ID, false); b.Status != zabano.StatusBooked || wallet() != 800_000 {
			t.Fatalf("reject: %+v, wallet %d", b, wallet())
		}
		db.CancelByStudent(ctx, s.ID, b.ID, askTeacher)
		if b, _ = db.DecideCancel(ctx, m.teacher.ID, b.ID, true); b.Status != zabano.StatusCancelled || b.CancelledBy != zabano.RoleStudent {
			t.Fatalf("approve: %+v", b)
		}
		if wallet() != 1_000_000 || m.balance(zabano.EscrowOf(s.ID)) != 0 {
			t.Fatalf("after approval: wallet %d", wallet())
		}
		again, err := m.book(s, slot)
		if err != nil {
			t.Fatalf("the freed slot cannot be booked again: %v", err)
		}

		// The teacher cancels: full refund, and the time is withdrawn.
		if _, err := db.CancelByTeacher(ctx, otherTeacher.ID, again.ID); code(err) != zabano.ENOTFOUND {
			t.Fatalf("another teacher cancels: %v", err)
		}
		if again, _ = db.CancelByTeacher(ctx, m.teacher.ID, again.ID); again.Status != zabano.StatusCancelled || again.CancelledBy != zabano.RoleTeacher || wallet() != 1_000_000 {
			t.Fatalf("teacher cancel: %+v, wallet %d", again, wallet())
		}
		if free, _ := db.TeacherSlots(ctx, m.teacher.ID, m.clock.Now(), m.clock.Now().Add(72*time.Hour), true); len(free) != 0 {
			t.Fatalf("the cancelled time is still offered: %v", free)
		}

		// Done: only after the end, only by the two sides, once.
		b, _ = m.book(s, m.slot(time.Hour))
		if _, err := db.MarkDone(ctx, s.ID, b.ID); code(err) != zabano.EINVALID {
			t.Fatalf("done before the end: %v", err)
		}
		m.clock.Add(2 * time.Hour)
		if _, err := db.MarkDone(ctx, intruder.ID, b.ID); code(err) != zabano.ENOTFOUND {
			t.Fatalf("a stranger marks done: %v", err)
		}
		if b, err = db.MarkDone(ctx, s.ID, b.ID); err != nil || b.Status != zabano.StatusDone || earned() != classPrice {
			t.Fatalf("done: %+v %v, teacher earned %d", b, err, earned())
		}
		if _, err := db.MarkDone(ctx, m.teacher.ID, b.ID); code(err) != zabano.ECONFLICT {
			t.Fatalf("done twice: %v", err)
		}
		if _, err := db.CancelByStudent(ctx, s.ID, b.ID, askTeacher); code(err) != zabano.ECONFLICT {
			t.Fatalf("cancel a done class: %v", err)
		}

		// Nobody marks it: settled 48 hours after its end, once.
		b2, _ := m.book(s, m.slot(time.Hour))
		m.clock.Add(2 * time.Hour)
		if n, err := db.SettleDue(ctx, m.clock.Now().Add(-zabano.SettleAfter)); err != nil || n != 0 {
			t.Fatalf("settled early: %d %v", n, err)
		}
		m.clock.Add(zabano.SettleAfter)
		if n, err := db.SettleDue(ctx, m.clock.Now().Add(-zabano.SettleAfter)); err != nil || n != 1 || earned() != 2*classPrice {
			t.Fatalf("settle: %d %v, earned %d", n, err, earned())
		}
		if n, _ := db.SettleDue(ctx, m.clock.Now().Add(-zabano.SettleAfter)); n != 0 {
			t.Fatalf("settled twice: %d", n)
		}
		list, err := db.Classes(ctx, s)
		if err != nil || len(list) != 4 {
			t.Fatalf("student's classes: %d %v", len(list), err)
		}
		for i, x := range list {
			if i > 0 && x.Start.Before(list[i-1].Start) {
				t.Errorf("classes out of order at %d", i)
			}
			if x.ID == b2.ID && x.Status != zabano.StatusDone {
				t.Errorf("the settled class is %s", x.Status)
			}
		}
		tl, _ := db.Classes(ctx, m.teacher)
		if len(tl) != 4 || tl[0].Student.Username != "sara" {
			t.Fatalf("teacher's classes: %d", len(tl))
		}
		if wallet()+m.balance(zabano.EscrowOf(s.ID))+earned() != 1_000_000 {
			t.Fatal("money was created or lost")
		}
		if p, _ := db.FindTeacherProfile(ctx, m.teacher.ID); p.Sessions != 2 {
			t.Fatalf("sessions held: %d, want 2", p.Sessions)
		}
		audit(t, db)
		auditBookings(t, db)
	})
}

// auditBookings fails t when bookings and the ledger disagree.
func auditBookings(t *testing.T, db *sqlstore.DB) {
	t.Helper()
	problems, err := db.AuditBookings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// TestAuditBookings shows the booking audit finds what it looks for.
func TestAuditBookings(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		m := newMarket(t, db)
		s := m.student("sara", 3*classPrice)
		b, err := m.book(s, m.slot(24*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		done, err := m.book(s, m.slot(time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		m.clock.Add(2 * time.Hour)
		if _, err := db.MarkDone(ctx, s.ID, done.ID); err != nil {
			t.Fatal(err)
		}
		auditBookings(t, db)
		free := m.slot(48 * time.Hour)
		for _, tamper := range []struct {
			q    string
			args []any
		}{
			// A booking written without its debit.
			{`INSERT INTO bookings (slot_id, student_id, teacher_id, level_price_id, start_at, end_at, price, status, meeting_link, created_at)
				SELECT NULL, student_id, teacher_id, level_price_id, start_at, end_at, price, status, meeting_link, created_at FROM bookings WHERE id = ?`, []any{b.ID}},
			// A slot marked booked that nobody booked.
			{`UPDATE slots SET booked = TRUE WHERE id = ?`, []any{free.ID}},
		} {
			if err := db.Exec(ctx, tamper.q, tamper.args...); err != nil {
				t.Fatal(err)
			}
		}
		// Money into escrow that no booking names.
		if err := db.PostTransaction(ctx, zabano.Transfer(zabano.TxClassPayment, zabano.WalletOf(s.ID), zabano.EscrowOf(s.ID), 1000, "class #999999")); err != nil {
			t.Fatal(err)
		}
		// A commission the class did not owe.
		if err := db.PostTransaction(ctx, &zabano.LedgerTransaction{Type: zabano.TxOther, BookingID: done.ID, Entries: []zabano.Entry{
			{Account: zabano.WalletOf(m.teacher.ID), Amount: -100}, {Account: zabano.PlatformAccount, Amount: 100},
		}}); err != nil {
			t.Fatal(err)
		}
		problems, err := db.AuditBookings(ctx)
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"0 debits of its student's wallet", "for no booking of theirs", "booked is 1, with 0 live bookings",
			"at 0% commission: the platform got 100, want 0"}
		if len(problems) != len(want) {
			t.Fatalf("problems %q, want %d", problems, len(want))
		}
		for i, w := range want {
			if !strings.Contains(problems[i], w) {
				t.Errorf("problem %q, want one saying %q", problems[i], w)
			}
		}
	})
}

// TestLedgerBookingIDMigration: the migration that links a class's ledger
// transactions to their booking finds the booking each one's description
// names, so the booking audit, a join on the link, holds for old classes.
func TestLedgerBookingIDMigration(t *testing.T) {
	for _, dialect := range storetest.Dialects() {
		t.Run(dialect, func(t *testing.T) {
			db := migrated(t, dialect, 9,
				`INSERT INTO users (id, role, username, phone, password_hash, created_at) VALUES (1, 'teacher', 'maryam', '09120000001', 'x', 0)`,
				`INSERT INTO users (id, role, username, phone, password_hash, created_at) VALUES (2, 'student', 'sara', '09120000002', 'x', 0)`,
				`INSERT INTO teacher_profiles (user_id) VALUES (1)`,
				`INSERT INTO teacher_levels (id, teacher_id, language, level, regular_price, exam_price) VALUES (7, 1, 'English', 3, 250000, 0)`,
				`INSERT INTO bookings (id, student_id, teacher_id, level_price_id, start_at, end_at, price, status, meeting_link, created_at)
				VALUES (5, 2, 1, 7, 1000, 2000, 250000, 'booked', '', 0)`,
				`INSERT INTO ledger_accounts (id, kind, user_id, balance) VALUES (1, 'gateway', NULL, -300000), (2, 'wallet', 2, 50000), (3, 'escrow', 2, 250000)`,
				// A top-up, and the class's payment into escrow, named only by its description.
				`INSERT INTO ledger_transactions (id, type, description, created_at) VALUES (1, 'topup', 'class #5', 0), (2, 'class_payment', 'class #5', 0)`,
				`INSERT INTO ledger_entries (transaction_id, account_id, amount) VALUES (1, 1, -300000), (1, 2, 300000), (2, 2, -250000), (2, 3, 250000)`,
			)
			auditBookings(t, db)
			if problems, err := db.AuditLedger(ctx); err != nil || len(problems) > 0 {
				t.Errorf("ledger audit: %v %v", problems, err)
			}
			// The ledger is append-only again after the backfill.
			if err := db.Exec(ctx, `UPDATE ledger_transactions SET booking_id = NULL`); err == nil {
				t.Error("a ledger transaction was updated")
			}
		})
	}
}
