package zabano

import (
	"context"
	"time"
)

// ProblemWindow is how long after a class's end either side may report a
// problem with it.
const ProblemWindow = 72 * time.Hour

// ProblemReason is what went wrong with a class.
type ProblemReason string

const (
	ReasonTeacherAbsent ProblemReason = "teacher_absent"
	ReasonStudentAbsent ProblemReason = "student_absent"
	ReasonTechnical     ProblemReason = "technical"
	ReasonOther         ProblemReason = "other"
)

// Resolution is how a report proposes to settle a class's price.
type Resolution string

const (
	FullRefund Resolution = "full_refund"
	HalfRefund Resolution = "half_refund"
	NoRefund   Resolution = "no_refund"
)

// Refund is the part of price that goes back to the student. Half of an
// odd price rounds in the student's favour: they paid for a whole class.
func (r Resolution) Refund(price int64) int64 {
	switch r {
	case FullRefund:
		return price
	case HalfRefund:
		return price - price/2
	}
	return 0
}

// ProblemStatus is where a report stands.
type ProblemStatus string

const (
	// ProblemOpen: waiting for the other side's answer.
	ProblemOpen ProblemStatus = "open"
	// ProblemAccepted: the other side accepted and the money moved as proposed.
	ProblemAccepted ProblemStatus = "accepted"
	// ProblemDisputed: the other side declined; an operator decides, and
	// until then the class's money waits.
	ProblemDisputed ProblemStatus = "disputed"
)

// ProblemReport is one side's report of a problem with a class, and the
// resolution they propose.
type ProblemReport struct {
	ID         int64
	BookingID  int64
	ReportedBy Role // the side that reported: the class's student or teacher
	Reason     ProblemReason
	Text       string
	Resolution Resolution
	Status     ProblemStatus
	CreatedAt  time.Time
	AnsweredAt time.Time // zero until the other side answers
}

// NewProblem is a report of a problem with class BookingID by UserID.
type NewProblem struct {
	UserID     int64
	BookingID  int64
	Reason     ProblemReason
	Text       string
	Resolution Resolution
}

const maxProblemText = 2000

var (
	msgProblemReason     = Msg{"Choose what went wrong.", "مشکل را انتخاب کنید."}
	msgProblemResolution = Msg{"Choose how the class's price should be settled.", "مشخص کنید هزینهٔ کلاس چگونه تسویه شود."}
	msgProblemTextNeeded = Msg{"Describe the problem.", "مشکل را شرح دهید."}
)

// Validate checks p's choices and trims its text, which "other" needs.
func (p *NewProblem) Validate() error {
	var v Validation
	switch p.Reason {
	case ReasonTeacherAbsent, ReasonStudentAbsent, ReasonTechnical, ReasonOther:
	default:
		v.Add("reason", msgProblemReason)
	}
	switch p.Resolution {
	case FullRefund, HalfRefund, NoRefund:
	default:
		v.Add("resolution", msgProblemResolution)
	}
	checkText(&v, "text", &p.Text, maxProblemText)
	if p.Reason == ReasonOther && p.Text == "" {
		v.Add("text", msgProblemTextNeeded)
	}
	return v.Err()
}

// Messages of the problem-report rules, for the store.
var (
	MsgProblemNotYours = Msg{"Only the student or the teacher of this class can report a problem with it.", "فقط زبان‌آموز یا استاد این کلاس می‌تواند مشکل آن را گزارش کند."}
	MsgProblemTooEarly = Msg{"A problem can be reported once the class has ended.", "مشکل کلاس را فقط پس از پایان آن می‌توان گزارش کرد."}
	MsgProblemTooLate  = Msg{"A problem can be reported only within 72 hours of the class's end.", "مشکل کلاس را فقط تا ۷۲ ساعت پس از پایان آن می‌توان گزارش کرد."}
	MsgProblemTwice    = Msg{"A problem was already reported for this class.", "برای این کلاس قبلاً مشکلی گزارش شده است."}
	MsgProblemNotFound = Msg{"Problem report not found.", "گزارش مشکل یافت نشد."}
	MsgProblemOwn      = Msg{"You reported this problem: the other side of the class answers it.", "این مشکل را شما گزارش کرده‌اید؛ طرف دیگر کلاس باید به آن پاسخ دهد."}
	MsgProblemNotParty = Msg{"Only the other side of this class can answer this report.", "فقط طرف دیگر این کلاس می‌تواند به این گزارش پاسخ دهد."}
	MsgProblemAnswered = Msg{"This report has already been answered.", "به این گزارش قبلاً پاسخ داده شده است."}
	// MsgProblemHolds refuses paying a class while a report on it is open or disputed.
	MsgProblemHolds = Msg{
		"A problem was reported for this class: it is paid as the report is settled.",
		"برای این کلاس مشکلی گزارش شده است؛ هزینهٔ آن طبق نتیجهٔ گزارش تسویه می‌شود.",
	}
	// MsgProblemWithdrawn: a paid class's refund comes back from the
	// teacher's wallet, which no longer holds it.
	MsgProblemWithdrawn = Msg{
		"The teacher's wallet no longer holds this class's payment, so it cannot be refunded now. Decline the report and an operator will decide.",
		"کیف پول استاد دیگر هزینهٔ این کلاس را ندارد، پس اکنون بازپرداخت ممکن نیست. گزارش را رد کنید تا پشتیبانی تصمیم بگیرد.",
	}
)

// ProblemStore keeps problem reports. Each method is one transaction.
type ProblemStore interface {
	// ReportProblem opens the one report of a class of the user's, from its
	// end until window after it, booked or paid.
	ReportProblem(ctx context.Context, p *NewProblem, window time.Duration) (*ProblemReport, error)
	// AnswerProblem is the other side's answer to an open report: accepted,
	// the class's money moves as proposed in one ledger transaction and the
	// class is done; declined, the report is disputed and nothing moves.
	AnswerProblem(ctx context.Context, userID, reportID int64, accept bool) (*ProblemReport, error)
	// BookingProblems returns the reports of the user's classes, by booking id.
	BookingProblems(ctx context.Context, user *User) (map[int64]*ProblemReport, error)
}

// ReportProblem reports a problem with a class of p.UserID's within
// ProblemWindow of its end. Its payment to the teacher then waits for the
// report's settling.
func (s *Bookings) ReportProblem(ctx context.Context, p NewProblem) (*ProblemReport, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return s.Store.ReportProblem(ctx, &p, ProblemWindow)
}

// AnswerProblem is the other side's accept or decline of a report.
func (s *Bookings) AnswerProblem(ctx context.Context, userID, reportID int64, accept bool) (*ProblemReport, error) {
	return s.Store.AnswerProblem(ctx, userID, reportID, accept)
}

// Problems returns the reports of the user's classes, by booking id.
func (s *Bookings) Problems(ctx context.Context, u *User) (map[int64]*ProblemReport, error) {
	return s.Store.BookingProblems(ctx, u)
}
