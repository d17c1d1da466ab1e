package sqlstore_test

import (
	"testing"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// oddPrice is a class price whose commission does not come out whole.
const oddPrice = 100_001

// TestCommissionSettlement: a class pays the commission in force when it was
// booked, rounded down to whole Toman, wherever its teacher is paid: marked
// done, or split by an accepted problem report, before or after it was paid.
// Every Toman of its price ends with the student, the teacher or the platform.
func TestCommissionSettlement(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		m := newMarket(t, db)
		p, _, err := db.UpdateTeacherProfile(ctx, m.teacher.ID, &zabano.TeacherUpdate{LanguageLevels: &[]zabano.LanguageLevels{
			{Language: "English", Levels: []zabano.Level{1}, RegularPrice: oddPrice},
		}})
		if err != nil {
			t.Fatal(err)
		}
		m.level = p.Levels[0].ID
		s := m.student("sara", 1_000_000)
		ops := mkOperator(t, db, "ops")
		if percent, err := db.Commission(ctx); err != nil || percent != 0 {
			t.Fatalf("the default commission: %d, %v", percent, err)
		}
		set := func(percent int) {
			t.Helper()
			if err := db.SetCommission(ctx, ops.ID, percent); err != nil {
				t.Fatal(err)
			}
		}
		book := func() *zabano.Booking {
			t.Helper()
			b, err := m.book(s, m.slot(time.Hour))
			if err != nil {
				t.Fatal(err)
			}
			m.clock.Add(2 * time.Hour)
			return b
		}
		type money struct{ student, teacher, platform int64 }
		now := func() money {
			return money{m.balance(zabano.WalletOf(s.ID)), m.balance(zabano.WalletOf(m.teacher.ID)), m.balance(zabano.PlatformAccount)}
		}
		moved := func(name string, before money, want money) {
			t.Helper()
			after := now()
			if got := (money{after.student - before.student, after.teacher - before.teacher, after.platform - before.platform}); got != want {
				t.Errorf("%s: moved %+v, want %+v", name, got, want)
			}
		}

		set(15)
		atFifteen := book()
		set(0) // after the booking: the class keeps 15%
		atZero := book()
		if atFifteen.CommissionPercent != 15 || atZero.CommissionPercent != 0 {
			t.Fatalf("commissions booked: %d and %d", atFifteen.CommissionPercent, atZero.CommissionPercent)
		}
		before := now()
		if _, err := db.MarkDone(ctx, s.ID, atFifteen.ID); err != nil {
			t.Fatal(err)
		}
		moved("done at 15%", before, money{0, 85_001, 15_000})
		before = now()
		if _, err := db.MarkDone(ctx, m.teacher.ID, atZero.ID); err != nil {
			t.Fatal(err)
		}
		moved("done at 0%", before, money{0, oddPrice, 0})

		set(15)
		// A half refund of a class in escrow: the student gets the larger
		// half, 50,001; the teacher's 50,000 pays 7,500.
		inEscrow := book()
		before = now()
		report, err := db.ReportProblem(ctx, &zabano.NewProblem{UserID: s.ID, BookingID: inEscrow.ID, Reason: zabano.ReasonTechnical, Resolution: zabano.HalfRefund}, zabano.ProblemWindow)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.AnswerProblem(ctx, m.teacher.ID, report.ID, true); err != nil {
			t.Fatal(err)
		}
		moved("half refund in escrow", before, money{50_001, 42_500, 7_500})

		// The same of a class already paid: the teacher and the platform
		// each give back what they got beyond their share of 50,000.
		paid := book()
		if _, err := db.MarkDone(ctx, s.ID, paid.ID); err != nil {
			t.Fatal(err)
		}
		before = now()
		report, err = db.ReportProblem(ctx, &zabano.NewProblem{UserID: s.ID, BookingID: paid.ID, Reason: zabano.ReasonTechnical, Resolution: zabano.HalfRefund}, zabano.ProblemWindow)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.AnswerProblem(ctx, m.teacher.ID, report.ID, true); err != nil {
			t.Fatal(err)
		}
		moved("half refund after payment", before, money{50_001, 42_500 - 85_001, 7_500 - 15_000})

		log, err := db.OperatorLog(ctx, 0, 10)
		if err != nil || len(log) != 3 || log[0].Reason != "0% → 15%" || log[1].Reason != "15% → 0%" || log[2].Action != zabano.ActionSetCommission ||
			log[2].ObjectType != zabano.ObjectSettings {
			t.Fatalf("operator log: %+v, %v", log, err)
		}
		auditAll(t, db)
		auditBookings(t, db)
	})
}
