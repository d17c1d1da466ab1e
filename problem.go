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

// Percent is the part of the price r gives back to the student, in percent:
// what an operator chooses when deciding a dispute.
func (r Resolution) Percent() int {
	switch r {
	case FullRefund:
		return 100
	case HalfRefund:
		return 50
	}
	return 0
}

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
	// ProblemResolved: an operator decided the dispute and the money moved.
	ProblemResolved ProblemStatus = "resolved"
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
	// Outcome is how the money moved, "" until it did: the resolution the
	// other side accepted, or an operator's decision of a dispute, whose
	// Note both sides read. SettledAt is when the money moved.
	Outcome   Resolution
	Note      string
	SettledAt time.Time
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

// DisputeWindow is how far around a disputed class an operator reads the
// pair's chat: from this long before its start to this long after its end.
const DisputeWindow = 48 * time.Hour

// MaxDisputeMessages caps the chat messages a dispute shows.
const MaxDisputeMessages = 500

// Dispute is a problem report the other side declined, as operators see
// it: the report, its class with both sides, and once decided, who decided.
type Dispute struct {
	Report ProblemReport
	// Booking is the class; its Teacher and Student name the two sides.
	Booking Booking
	// DecidedBy is the operator who decided it; ID 0 until then.
	DecidedBy User
	// Messages are the pair's chat messages within DisputeWindow of the
	// class, oldest first (Dispute only: lists leave them out).
	Messages []Message
}

// Answers of deciding a dispute.
var (
	MsgDisputeDecided = Msg{"This dispute has already been decided.", "دربارهٔ این اختلاف قبلاً تصمیم گرفته شده است."}
	MsgNotDisputed    = Msg{"This report is not disputed: the other side has not declined it.", "این گزارش مورد اختلاف نیست: طرف دیگر آن را رد نکرده است."}
	// MsgDisputeWithdrawn: a paid class's refund comes back from the
	// teacher's wallet, which no longer holds it.
	MsgDisputeWithdrawn = Msg{
		"The teacher's wallet no longer holds enough of this class's payment for this refund. Reject a pending withdrawal of theirs first, or decide a smaller refund.",
		"کیف پول استاد دیگر به اندازهٔ این بازپرداخت از هزینهٔ کلاس را ندارد. ابتدا یکی از درخواست‌های برداشت در انتظار او را رد کنید یا بازپرداخت کمتری تعیین کنید.",
	}
	msgRefundPercent = Msg{"Choose a refund of 0, 50 or 100 percent.", "بازپرداخت ۰، ۵۰ یا ۱۰۰ درصد را انتخاب کنید."}
	msgNoteRequired  = Msg{"Write a note: both sides of the class read it.", "یادداشتی بنویسید؛ هر دو طرف کلاس آن را می‌خوانند."}
)

// DisputeStore keeps the operators' side of problem reports. Each method is
// one transaction.
type DisputeStore interface {
	// Disputes lists the reports of status (disputed or resolved), newest
	// first: at most limit, of ids below before when it is not 0.
	Disputes(ctx context.Context, status ProblemStatus, before int64, limit int) ([]Dispute, error)
	// Dispute returns report id, disputed or resolved (else ENOTFOUND), with
	// the pair's chat messages from around before the class's start to
	// around after its end, oldest first, at most MaxDisputeMessages.
	Dispute(ctx context.Context, id int64, around time.Duration) (*Dispute, error)
	// DecideDispute settles disputed report id as operator by decided: the
	// class's money moves as outcome says in one ledger transaction, the
	// report is resolved with the note, and the operator log has its row. A
	// report already decided, or not disputed, fails with ECONFLICT.
	DecideDispute(ctx context.Context, id, by int64, outcome Resolution, note string) (*Dispute, error)
}

// ProblemStore keeps problem reports. Each method is one transaction.
type ProblemStore interface {
	// ReportProblem opens the one report of a class of the user's, from its
	// end until window after it, booked or paid.
	ReportProblem(ctx context.Context, p *NewProblem, window time.Duration) (*ProblemReport, error)
	// AnswerProblem is the other side's answer to an open report: accepted,
	// the class's money moves as proposed in one ledger transaction and the
	// class is done; declined, the report is disputed and nothing moves.
	AnswerProblem(ctx context.Context, userID, reportID int64, accept bool) (*ProblemReport, error)
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

// Disputes lists the disputes of status, disputed (the default, when
// status is empty) or resolved, for operators.
func (s *Bookings) Disputes(ctx context.Context, status ProblemStatus, before int64, limit int) ([]Dispute, error) {
	switch status {
	case "":
		status = ProblemDisputed
	case ProblemDisputed, ProblemResolved:
	default:
		return nil, FieldError("status", msgStatusUnknown)
	}
	return s.Store.Disputes(ctx, status, before, limit)
}

// Dispute is dispute id with the pair's chat around its class, which an
// operator may read because the dispute names that chat.
func (s *Bookings) Dispute(ctx context.Context, id int64) (*Dispute, error) {
	return s.Store.Dispute(ctx, id, DisputeWindow)
}

// DecideDispute is operator op's decision of dispute id: refundPercent (0,
// 50 or 100; nil when they chose none) of the price back to the student,
// the rest paid to the teacher less the class's commission, and a note both
// sides read.
func (s *Bookings) DecideDispute(ctx context.Context, op *User, id int64, refundPercent *int, note string) (*Dispute, error) {
	var v Validation
	var outcome Resolution
	switch {
	case refundPercent == nil:
		v.Add("refund_percent", msgRefundPercent)
	case *refundPercent == 100:
		outcome = FullRefund
	case *refundPercent == 50:
		outcome = HalfRefund
	case *refundPercent == 0:
		outcome = NoRefund
	default:
		v.Add("refund_percent", msgRefundPercent)
	}
	checkNote(&v, "note", &note, maxProblemText, msgNoteRequired)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return s.Store.DecideDispute(ctx, id, op.ID, outcome, note)
}
