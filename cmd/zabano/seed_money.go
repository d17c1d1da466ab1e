package main

import (
	"context"
	"io"
	"log/slog"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/payment"
	"github.com/zabano/zabano/sqlstore"
)

// seedIBAN is the demo teacher's bank account.
const seedIBAN = "IR062960000000100324200001"

// seedMoney gives the operator's console work: student2 and teacher2 had
// two classes done in the last days and one two days ago that student2
// reported and teacher2 declined (a dispute, with their chat around it);
// teacher2 was paid one withdrawal, with the bank's reference, and waits for
// another; and student2 paid a top-up at the gateway but never came back, a
// payment pending for the operator to verify again. The commission stays 0.
// Like seedProblem, each step goes through the services with the clock
// moved to when a user would have taken it, all before today (UTC); the
// classes are at 17:00 UTC, clear of the other demo classes.
func seedMoney(ctx context.Context, db *sqlstore.DB, teachers []*zabano.TeacherProfile, students []*zabano.User,
	operator *zabano.User, now time.Time, c *config) error {
	if len(teachers) < 2 || len(students) < 2 {
		return nil
	}
	teacher, student := teachers[1], students[1]
	price := teacher.Levels[0].RegularPrice
	if err := db.SeedTopUps(ctx, map[int64]int64{student.ID: 3 * price}); err != nil {
		return err
	}
	defer func() { db.Now = time.Now }()
	var at time.Time
	db.Now = func() time.Time { return at }
	svc := &zabano.Bookings{Store: db, MeetingURL: c.meetingURL, MaxFreeSlots: c.maxFreeSlots, FreeCancel: c.freeCancel, Now: db.Now}
	class := func(daysAgo int) (*zabano.Booking, error) {
		start := now.Truncate(24*time.Hour).AddDate(0, 0, -daysAgo).Add(17 * time.Hour)
		at = start.Add(-24 * time.Hour)
		slot, err := svc.CreateSlot(ctx, teacher.User.ID, zabano.Slot{Start: start, End: start.Add(time.Hour)})
		if err != nil {
			return nil, err
		}
		return svc.Book(ctx, zabano.NewBooking{StudentID: student.ID, SlotID: slot.ID, LevelPriceID: teacher.Levels[0].ID})
	}
	for _, daysAgo := range []int{4, 3} {
		b, err := class(daysAgo)
		if err != nil {
			return err
		}
		at = b.End.Add(10 * time.Minute)
		if _, err := svc.MarkDone(ctx, teacher.User.ID, b.ID); err != nil {
			return err
		}
	}

	b, err := class(2)
	if err != nil {
		return err
	}
	at = b.Start.Add(-20 * time.Hour)
	chat, err := db.OpenChat(ctx, student.ID, teacher.User.ID, zabano.RoleStudent)
	if err != nil {
		return err
	}
	for _, m := range []struct {
		after time.Duration // from the class's start
		from  int64
		text  string
	}{
		{-20 * time.Hour, student.ID, "سلام، فردا ساعت کلاس را یادتان هست؟"},
		{-19 * time.Hour, teacher.User.ID, "بله، فردا می‌بینمتان."},
		{90 * time.Minute, student.ID, "صدای شما از دقیقهٔ ده قطع شد و دیگر وصل نشد."},
		{3 * time.Hour, teacher.User.ID, "من تا آخر کلاس آنلاین بودم؛ اتصال شما قطع شده بود."},
	} {
		at = b.Start.Add(m.after)
		if _, err := db.SendMessage(ctx, m.from, chat.ID, m.text, nil, 0); err != nil {
			return err
		}
	}
	at = b.End.Add(time.Hour)
	report, err := svc.ReportProblem(ctx, zabano.NewProblem{
		UserID: student.ID, BookingID: b.ID, Reason: zabano.ReasonTechnical, Resolution: zabano.HalfRefund,
		Text: "از دقیقهٔ ده صدای استاد قطع شد؛ نیمی از هزینه را می‌خواهم.",
	})
	if err != nil {
		return err
	}
	at = b.End.Add(2 * time.Hour)
	if _, err := svc.AnswerProblem(ctx, teacher.User.ID, report.ID, false); err != nil {
		return err
	}

	wallets := &zabano.Wallets{Store: db, Adjustments: db, Now: db.Now}
	at = b.End.Add(3 * time.Hour)
	paid, err := wallets.RequestWithdrawal(ctx, &teacher.User, 100_000, seedIBAN)
	if err != nil {
		return err
	}
	at = b.End.Add(20 * time.Hour)
	if _, err := wallets.PayWithdrawal(ctx, operator, paid.ID, "BMI-1405-0931-2207"); err != nil {
		return err
	}
	at = b.End.Add(22 * time.Hour)
	if _, err := wallets.RequestWithdrawal(ctx, &teacher.User, 80_000, seedIBAN); err != nil {
		return err
	}

	at = now
	sandbox := &payment.Sandbox{Store: db, PageURL: c.publicURL + "/sandbox/pay/"}
	payments := &zabano.Payments{
		Store: db, Wallets: db, Gateway: sandbox, Limiter: db, CallbackURL: c.publicURL + "/payment/callback",
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: db.Now,
	}
	pay, _, err := payments.Request(ctx, student, zabano.PaymentRequest{Amount: 150_000})
	if err != nil {
		return err
	}
	_, err = sandbox.Answer(ctx, pay.Authority, true)
	return err
}
