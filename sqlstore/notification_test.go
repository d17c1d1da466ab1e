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

// shownTo lists the notifications userID's list shows now, newest first, as
// "kind name".
func shownTo(t *testing.T, db *sqlstore.DB, userID int64) []zabano.Notification {
	t.Helper()
	list, _, err := db.Notifications(ctx, userID, 100, 0)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

// newest is the newest notification userID's list shows, which must be of kind.
func newest(t *testing.T, db *sqlstore.DB, userID int64, kind zabano.NotificationKind) zabano.Notification {
	t.Helper()
	list := shownTo(t, db, userID)
	if len(list) == 0 || list[0].Kind != kind {
		var kinds []zabano.NotificationKind
		for _, n := range list {
			kinds = append(kinds, n.Kind)
		}
		t.Fatalf("user %d's newest notification is not %s: %v", userID, kind, kinds)
	}
	return list[0]
}

// TestNotificationHooks: each change writes its notification, to the right
// side, about the right object, with what its text needs.
func TestNotificationHooks(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		m := newMarket(t, db)
		s := m.student("sara", 10_000_000)
		teacherName, studentName := m.teacher.DisplayName(), s.DisplayName()
		about := func(n zabano.Notification, b *zabano.Booking, name string) {
			t.Helper()
			if n.ObjectType != zabano.ObjectBooking || n.ObjectID != b.ID || n.Data.Name != name || !n.Data.Start.Equal(b.Start) {
				t.Errorf("%s: %+v, want booking %d at %v naming %q", n.Kind, n, b.ID, b.Start, name)
			}
		}

		b, err := m.book(s, m.slot(72*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		about(newest(t, db, m.teacher.ID, zabano.KindClassBooked), b, studentName)
		if got := shownTo(t, db, s.ID); len(got) != 0 {
			t.Errorf("the student's reminders are shown before they are due: %+v", got)
		}

		// A cancellation within the notice asks the teacher, who rejects
		// it, then approves the next.
		if _, err := db.CancelByStudent(ctx, s.ID, b.ID, askTeacher); err != nil {
			t.Fatal(err)
		}
		about(newest(t, db, m.teacher.ID, zabano.KindCancelRequested), b, studentName)
		if _, err := db.DecideCancel(ctx, m.teacher.ID, b.ID, false); err != nil {
			t.Fatal(err)
		}
		about(newest(t, db, s.ID, zabano.KindCancelRejected), b, teacherName)
		m.clock.Add(time.Minute)
		db.CancelByStudent(ctx, s.ID, b.ID, askTeacher)
		if _, err := db.DecideCancel(ctx, m.teacher.ID, b.ID, true); err != nil {
			t.Fatal(err)
		}
		about(newest(t, db, s.ID, zabano.KindCancelApproved), b, teacherName)

		// A free cancellation tells the teacher; the teacher's tells the student.
		m.clock.Add(time.Minute)
		b, _ = m.book(s, m.slot(73*time.Hour))
		if _, err := db.CancelByStudent(ctx, s.ID, b.ID, time.Hour); err != nil {
			t.Fatal(err)
		}
		about(newest(t, db, m.teacher.ID, zabano.KindClassCancelled), b, studentName)
		m.clock.Add(time.Minute)
		b, _ = m.book(s, m.slot(74*time.Hour))
		if _, err := db.CancelByTeacher(ctx, m.teacher.ID, b.ID); err != nil {
			t.Fatal(err)
		}
		about(newest(t, db, s.ID, zabano.KindClassCancelled), b, teacherName)

		// Proposals: declined, accepted, and one left to expire.
		m.clock.Add(time.Minute)
		b, _ = m.book(s, m.slot(75*time.Hour))
		to := m.slot(80 * time.Hour)
		for _, accept := range []bool{false, true} {
			r, err := db.ProposeReschedule(ctx, m.teacher.ID, b.ID, to.ID, zabano.RescheduleHold)
			if err != nil {
				t.Fatal(err)
			}
			n := newest(t, db, s.ID, zabano.KindRescheduleProposed)
			about(n, b, teacherName)
			if !n.Data.NewStart.Equal(to.Start) {
				t.Errorf("proposed: new start %v, want %v", n.Data.NewStart, to.Start)
			}
			m.clock.Add(time.Minute)
			if _, err := db.AnswerReschedule(ctx, s.ID, r.ID, accept); err != nil {
				t.Fatal(err)
			}
			kind := zabano.KindRescheduleDeclined
			if accept {
				kind = zabano.KindRescheduleAccepted
			}
			about(newest(t, db, m.teacher.ID, kind), b, studentName)
			m.clock.Add(time.Minute)
		}
		b, _ = m.book(s, m.slot(76*time.Hour))
		if _, err := db.ProposeReschedule(ctx, s.ID, b.ID, m.slot(90*time.Hour).ID, time.Hour); err != nil {
			t.Fatal(err)
		}
		m.clock.Add(time.Hour - time.Second)
		if n := shownTo(t, db, s.ID); n[0].Kind == zabano.KindRescheduleExpired {
			t.Fatal("the proposal's expiry is told before it expired")
		}
		m.clock.Add(time.Second)
		about(newest(t, db, s.ID, zabano.KindRescheduleExpired), b, teacherName)

		// A class done: the student hears of it, the teacher of their pay.
		m.clock.Add(time.Minute)
		b, _ = m.book(s, m.slot(2*time.Hour))
		m.clock.Add(3 * time.Hour)
		if _, err := db.MarkDone(ctx, s.ID, b.ID); err != nil {
			t.Fatal(err)
		}
		about(newest(t, db, s.ID, zabano.KindClassDone), b, teacherName)
		paid := newest(t, db, m.teacher.ID, zabano.KindTeacherPaid)
		about(paid, b, studentName)
		if paid.Data.Amount != classPrice {
			t.Errorf("teacher_paid: %d Toman, want %d", paid.Data.Amount, classPrice)
		}
		if _, err := db.AddReview(ctx, &zabano.NewReview{BookingID: b.ID, StudentID: s.ID, Rating: 4}); err != nil {
			t.Fatal(err)
		}
		if n := newest(t, db, m.teacher.ID, zabano.KindReviewReceived); n.ObjectType != zabano.ObjectReview || n.Data.Rating != 4 || n.Data.Name != studentName {
			t.Errorf("review_received: %+v", n)
		}

		// A problem: reported by the teacher, accepted by the student; then
		// one the teacher declines and an operator decides.
		m.clock.Add(time.Minute)
		for _, dispute := range []bool{false, true} {
			b, _ = m.book(s, m.slot(time.Hour))
			m.clock.Add(2*time.Hour + time.Minute)
			reporter, answerer := m.teacher.ID, s.ID
			if dispute {
				reporter, answerer = s.ID, m.teacher.ID
			}
			r, err := db.ReportProblem(ctx, &zabano.NewProblem{UserID: reporter, BookingID: b.ID, Reason: zabano.ReasonTechnical, Resolution: zabano.HalfRefund}, zabano.ProblemWindow)
			if err != nil {
				t.Fatal(err)
			}
			newest(t, db, answerer, zabano.KindProblemReported)
			if _, err := db.AnswerProblem(ctx, answerer, r.ID, !dispute); err != nil {
				t.Fatal(err)
			}
			if !dispute {
				n := newest(t, db, reporter, zabano.KindProblemResolved)
				about(n, b, studentName)
				if n.Data.Amount != classPrice/2 || n.Data.Note != "" {
					t.Errorf("problem_resolved on acceptance: %+v", n.Data)
				}
				continue
			}
			op, err := zabano.NewOperator("ops", "09121000109", "operator-secret")
			if err != nil {
				t.Fatal(err)
			}
			if err := db.CreateOperator(ctx, op); err != nil {
				t.Fatal(err)
			}
			if _, err := db.DecideDispute(ctx, r.ID, op.ID, zabano.FullRefund, "The teacher was absent."); err != nil {
				t.Fatal(err)
			}
			for _, u := range []int64{s.ID, m.teacher.ID} {
				if n := newest(t, db, u, zabano.KindProblemResolved); n.Data.Note != "The teacher was absent." || n.Data.Amount != classPrice {
					t.Errorf("problem_resolved by an operator, to %d: %+v", u, n.Data)
				}
			}
		}

		// Money: a top-up, a withdrawal paid and one rejected.
		m.clock.Add(time.Minute)
		pay := &zabano.Payment{UserID: s.ID, Amount: 50_000, Description: "top-up", Authority: "A0001", Status: zabano.PaymentPending}
		if err := db.CreatePayment(ctx, pay); err != nil {
			t.Fatal(err)
		}
		if _, err := db.CompletePayment(ctx, pay.Authority, &zabano.GatewayVerification{Paid: true, Code: 100, RefID: 7}); err != nil {
			t.Fatal(err)
		}
		if n := newest(t, db, s.ID, zabano.KindPaymentCredited); n.ObjectType != zabano.ObjectPayment || n.Data.Amount != 50_000 {
			t.Errorf("payment_credited: %+v", n)
		}
		for i, status := range []zabano.WithdrawalStatus{zabano.WithdrawalPaid, zabano.WithdrawalRejected} {
			w := &zabano.Withdrawal{UserID: m.teacher.ID, Amount: zabano.MinWithdrawal, IBAN: fmt.Sprintf("IR%024d", i)}
			if err := db.RequestWithdrawal(ctx, w); err != nil {
				t.Fatal(err)
			}
			kind, note := zabano.KindWithdrawalPaid, "BANK-1"
			if status == zabano.WithdrawalPaid {
				_, err = db.PayWithdrawal(ctx, w.ID, 0, note)
			} else {
				kind, note = zabano.KindWithdrawalRejected, "wrong IBAN"
				_, err = db.RejectWithdrawal(ctx, w.ID, 0, note)
			}
			if err != nil {
				t.Fatal(err)
			}
			if n := newest(t, db, m.teacher.ID, kind); n.ObjectType != zabano.ObjectWithdrawal || n.ObjectID != w.ID || n.Data.Note != note || n.Data.Amount != zabano.MinWithdrawal {
				t.Errorf("%s: %+v", kind, n)
			}
		}
	})
}

// TestProfileReviewNotices: an operator's decision on a teacher's profile
// is told to the teacher.
func TestProfileReviewNotices(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		db.TeacherReview = true
		op, _ := zabano.NewOperator("ops", "09121000109", "operator-secret")
		if err := db.CreateOperator(ctx, op); err != nil {
			t.Fatal(err)
		}
		for _, approve := range []bool{true, false} {
			teacher := mustUser(t, db, fmt.Sprintf("teacher%v", approve), zabano.RoleTeacher)
			var err error
			kind := zabano.KindProfileApproved
			if approve {
				_, err = db.ApproveTeacher(ctx, op.ID, teacher.ID)
			} else {
				kind = zabano.KindProfileRejected
				_, err = db.RejectTeacher(ctx, op.ID, teacher.ID, "No certificate.")
			}
			if err != nil {
				t.Fatal(err)
			}
			n := newest(t, db, teacher.ID, kind)
			if n.ObjectType != zabano.ObjectProfile || n.ObjectID != teacher.ID || !approve && n.Data.Note != "No certificate." {
				t.Errorf("%s: %+v", kind, n)
			}
		}
	})
}

// TestNotificationsOfDeletedUsers: a user who deletes their account is
// named as a deleted user in the notifications of others, and their own
// notifications and preferences go.
func TestNotificationsOfDeletedUsers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		m := newMarket(t, db)
		s := m.student("sara", classPrice)
		b, err := m.book(s, m.slot(72*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.CancelByStudent(ctx, s.ID, b.ID, time.Hour); err != nil {
			t.Fatal(err)
		}
		if _, err := db.UpdateNotificationPrefs(ctx, s.ID, func(p *zabano.NotificationPrefs) error {
			p.Language, p.TimeZone = "en", "UTC"
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		list := shownTo(t, db, m.teacher.ID)
		if len(list) != 2 || list[0].Data.Name != s.DisplayName() {
			t.Fatalf("before the deletion: %+v", list)
		}
		// Her wallet goes back to her bank first: an account with money is not deleted.
		refund := &zabano.Withdrawal{UserID: s.ID, IBAN: "IR500170000000333333333333"}
		if err := db.RequestRefund(ctx, refund); err != nil {
			t.Fatal(err)
		}
		if _, err := db.PayWithdrawal(ctx, refund.ID, 0, "BANK-2"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.DeleteAccount(ctx, s.ID); err != nil {
			t.Fatal(err)
		}
		for _, n := range shownTo(t, db, m.teacher.ID) {
			if n.Data.Name != "" || n.AboutID != s.ID {
				t.Errorf("%s names %q after the deletion", n.Kind, n.Data.Name)
			}
			if text := n.Text(zabano.Tehran).En; !strings.Contains(text, "deleted user") {
				t.Errorf("%s: %q", n.Kind, text)
			}
		}
		if p, err := db.NotificationPrefs(ctx, s.ID); err != nil || p.Language != "fa" {
			t.Errorf("her preferences after the deletion: %+v, %v", p, err)
		}
	})
}

// Changes of one user's preferences at once all count: each turns one kind's
// email off, and every kind is off after.
func TestNotificationPrefsConcurrentChanges(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		s := newMarket(t, db).student("sara", classPrice)
		kinds := zabano.NotificationKinds[:8]
		var wg sync.WaitGroup
		errs := make(chan error, len(kinds))
		for _, k := range kinds {
			wg.Go(func() {
				_, err := db.UpdateNotificationPrefs(ctx, s.ID, func(p *zabano.NotificationPrefs) error {
					p.Off[k] = append(p.Off[k], zabano.ChannelEmail)
					return nil
				})
				errs <- err
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		p, err := db.NotificationPrefs(ctx, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range kinds {
			if p.Wants(k, zabano.ChannelEmail) {
				t.Errorf("%s's email is on: a change was lost", k)
			}
		}
		// A change that fails saves nothing.
		_, err = db.UpdateNotificationPrefs(ctx, s.ID, func(p *zabano.NotificationPrefs) error {
			p.Language = "en"
			return zabano.FieldError("time_zone", zabano.Msg{En: "bad", Fa: "bad"})
		})
		if p, _ := db.NotificationPrefs(ctx, s.ID); err == nil || p.Language != "fa" {
			t.Errorf("a failed change: %v, language %q", err, p.Language)
		}
	})
}

// A year after they were due, notifications go with their deliveries.
func TestPruneNotifications(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		m := newMarket(t, db)
		s := m.student("sara", classPrice)
		if _, err := m.book(s, m.slot(72*time.Hour)); err != nil {
			t.Fatal(err)
		}
		count := func() int {
			n, err := db.Count(ctx, "notifications")
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		m.clock.Add(48*time.Hour + time.Minute) // past the 24-hour reminder
		if _, err := db.WriteReminders(ctx, 10); err != nil {
			t.Fatal(err)
		}
		before := count()
		m.clock.Add(zabano.NotificationTTL - 48*time.Hour)
		if err := db.PruneNotifications(ctx); err != nil {
			t.Fatal(err)
		}
		// The booking's news is a year old; its reminders, due two days later, are not yet.
		if after := count(); before != 3 || after != 2 {
			t.Fatalf("%d notifications, then %d after a year", before, after)
		}
		m.clock.Add(7 * 24 * time.Hour)
		if err := db.PruneNotifications(ctx); err != nil {
			t.Fatal(err)
		}
		if n := count(); n != 0 {
			t.Fatalf("%d notifications left", n)
		}
	})
}

// TestWriteReminders: a class's reminders are written when they come due,
// to both its sides, the last one due only, and once though two processes
// write them at once; a cancelled class gets none.
func TestWriteReminders(t *testing.T) {
	for _, dialect := range storetest.Dialects() {
		t.Run(dialect, func(t *testing.T) {
			dsn := storetest.DSN(t, dialect)
			var dbs [2]*sqlstore.DB
			for i := range dbs {
				db, err := sqlstore.Open(ctx, dsn)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { db.Close() })
				dbs[i] = db
			}
			m := newMarket(t, dbs[0])
			dbs[1].Now = m.clock.Now
			s := m.student("sara", 50*classPrice)
			var classes []*zabano.Booking
			for i := range 40 {
				b, err := m.book(s, m.slot(time.Duration(25+i)*time.Hour))
				if err != nil {
					t.Fatal(err)
				}
				classes = append(classes, b)
			}
			cancelled, err := m.book(s, m.slot(70*time.Hour))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := m.db.CancelByTeacher(ctx, m.teacher.ID, cancelled.ID); err != nil {
				t.Fatal(err)
			}
			write := func() {
				var wg sync.WaitGroup
				for _, db := range dbs {
					wg.Go(func() {
						for {
							n, err := db.WriteReminders(ctx, 7)
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
			}
			reminders := func() map[string]int {
				got := map[string]int{}
				for _, u := range []int64{s.ID, m.teacher.ID} {
					list, _, err := m.db.Notifications(ctx, u, 1000, 0)
					if err != nil {
						t.Fatal(err)
					}
					for _, n := range list {
						if n.Kind != zabano.KindClassBooked && n.Kind != zabano.KindClassCancelled {
							got[fmt.Sprintf("%d %s", n.ObjectID, n.Kind)]++
						}
						if n.Kind == zabano.KindClassStarting && n.Data.JoinURL != "https://meet.example/x" {
							t.Errorf("class_starting without its link: %+v", n)
						}
					}
				}
				return got
			}
			write()
			if got := reminders(); len(got) != 0 {
				t.Fatalf("reminders at booking: %v", got)
			}
			// Classes at 25 to 64 hours from booking, and now 46:50 later:
			// 22 have started, one is in its join window, and the rest and
			// the cancelled one are a day away or less. Then 20 minutes
			// later the next is an hour away.
			want := map[string]int{}
			for _, step := range []time.Duration{46*time.Hour + 50*time.Minute, 20 * time.Minute} {
				m.clock.Add(step)
				write()
				for _, b := range classes {
					if kind, _, ok := zabano.DueReminder(b.Start, m.clock.Now()); ok {
						want[fmt.Sprintf("%d %s", b.ID, kind)] = 2
					}
				}
				if got := reminders(); fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("reminders written: %v, want %v", got, want)
				}
			}
			if len(want) != 19 || want[fmt.Sprintf("%d %s", classes[22].ID, zabano.KindClassStarting)] != 2 ||
				want[fmt.Sprintf("%d %s", classes[23].ID, zabano.KindReminder1h)] != 2 {
				t.Fatalf("the classes in the join window and an hour away: %v", want)
			}
			// The next ones are due later.
			if n, err := m.db.WriteReminders(ctx, 100); n != 0 || err != nil {
				t.Fatalf("written again: %d, %v", n, err)
			}
		})
	}
}
