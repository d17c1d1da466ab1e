package zabano

import (
	"context"
	"time"
)

// RescheduleHold is how long a proposal to move a class holds its new slot
// at most; the class's start (or the new slot's) may end it sooner.
const RescheduleHold = 48 * time.Hour

// RescheduleStatus is where a proposal to move a class stands.
type RescheduleStatus string

const (
	RescheduleOpen     RescheduleStatus = "open"
	RescheduleAccepted RescheduleStatus = "accepted"
	RescheduleDeclined RescheduleStatus = "declined"
	RescheduleExpired  RescheduleStatus = "expired"
	// RescheduleWithdrawn: the class was cancelled or done while it was open.
	RescheduleWithdrawn RescheduleStatus = "withdrawn"
)

// Reschedule is one side's proposal to move a booked class to another free
// slot of its teacher. The slot is held for the class until the other side
// answers or the proposal expires; accepted, the class moves there with its
// price and payment.
type Reschedule struct {
	ID         int64
	BookingID  int64
	Slot       Slot // the proposed time
	ProposedBy Role
	CreatedAt  time.Time
	// ExpiresAt is the first instant the proposal is gone.
	ExpiresAt time.Time
	Status    RescheduleStatus
	DecidedAt time.Time // zero until answered
}

// StatusAt is r's status at now: an open proposal past its expiry has
// expired, whether or not a write has recorded it yet.
func (r *Reschedule) StatusAt(now time.Time) RescheduleStatus {
	if r.Status == RescheduleOpen && !now.Before(r.ExpiresAt) {
		return RescheduleExpired
	}
	return r.Status
}

// RescheduleExpiry is when a proposal made at now to move a class starting
// classStart to a slot starting slotStart expires: after hold, or at the
// class's start, or at the new slot's start, whichever is first. Past either
// start the move makes no sense.
func RescheduleExpiry(now, classStart, slotStart time.Time, hold time.Duration) time.Time {
	at := now.Add(hold)
	for _, t := range []time.Time{classStart, slotStart} {
		if t.Before(at) {
			at = t
		}
	}
	return at
}

// Messages of the rescheduling rules.
var (
	MsgRescheduleStarted      = Msg{"A class can be moved only before it starts.", "کلاس را فقط پیش از شروعش می‌توان جابه‌جا کرد."}
	MsgRescheduleOpen         = Msg{"This class already has a proposal of another time waiting for an answer.", "برای این کلاس از قبل پیشنهاد زمان دیگری در انتظار پاسخ است."}
	MsgRescheduleSameSlot     = Msg{"This is already the class's time. Please choose another time.", "این همان زمان کنونی کلاس است. لطفاً زمان دیگری انتخاب کنید."}
	MsgRescheduleOtherTeacher = Msg{"Please choose a time of this class's teacher.", "لطفاً یکی از زمان‌های استاد همین کلاس را انتخاب کنید."}
	MsgSlotHeld               = Msg{
		"This time is held for another class's proposed move. Please choose another time.",
		"این زمان برای پیشنهاد جابه‌جایی کلاس دیگری نگه داشته شده است. لطفاً زمان دیگری انتخاب کنید.",
	}
	MsgSlotHeldDelete     = Msg{"This time is held for a proposed class move until it is answered.", "این زمان تا پاسخ به پیشنهاد جابه‌جایی یک کلاس نگه داشته شده است."}
	MsgRescheduleNotFound = Msg{"Proposal not found.", "پیشنهاد یافت نشد."}
	MsgRescheduleOwn      = Msg{"You made this proposal; the other side of the class answers it.", "این پیشنهاد را خودتان داده‌اید؛ طرف دیگر کلاس به آن پاسخ می‌دهد."}
	MsgRescheduleClosed   = Msg{"This proposal can no longer be answered (it is %s).", "دیگر نمی‌توان به این پیشنهاد پاسخ داد (وضعیت: %s)."}
	msgAcceptRequired     = Msg{"Say whether to accept: true or false.", "پذیرش یا رد را مشخص کنید: true یا false."}
)

// Name is how a proposal's status reads in messages.
func (s RescheduleStatus) Name() Msg {
	switch s {
	case RescheduleOpen:
		return Msg{"waiting for an answer", "در انتظار پاسخ"}
	case RescheduleAccepted:
		return Msg{"accepted", "پذیرفته‌شده"}
	case RescheduleDeclined:
		return Msg{"declined", "ردشده"}
	case RescheduleExpired:
		return Msg{"expired", "منقضی‌شده"}
	case RescheduleWithdrawn:
		return Msg{"withdrawn", "لغوشده"}
	}
	return Msg{string(s), string(s)}
}

// CheckReschedule says why class b cannot be moved at now, or nil.
func (b *Booking) CheckReschedule(now time.Time) error {
	if b.Status != StatusBooked {
		return Errorf(ECONFLICT, MsgWrongState, b.Status.Name())
	}
	if !b.Start.After(now) {
		return Errorf(ECONFLICT, MsgRescheduleStarted)
	}
	return nil
}

// CheckRescheduleSlot says why class b cannot move at now to slot, held
// until heldUntil (zero when not held), or nil.
func CheckRescheduleSlot(b *Booking, slot Slot, heldUntil, now time.Time) error {
	switch {
	case slot.ID == b.SlotID:
		return FieldError("slot", MsgRescheduleSameSlot)
	case slot.TeacherID != b.TeacherID:
		return FieldError("slot", MsgRescheduleOtherTeacher)
	case !slot.Start.After(now):
		return FieldError("slot", msgSlotPast)
	case slot.Booked:
		return Errorf(ECONFLICT, MsgSlotTaken)
	case heldUntil.After(now):
		return Errorf(ECONFLICT, MsgSlotHeld)
	}
	return nil
}

// RescheduleStore keeps proposals to move classes. Each method is one
// transaction.
type RescheduleStore interface {
	// ProposeReschedule proposes, for the student or teacher userID of a
	// booked class, its move to a free slot of its teacher, holding the slot
	// for at most hold (RescheduleExpiry). A class has one open proposal.
	ProposeReschedule(ctx context.Context, userID, bookingID, slotID int64, hold time.Duration) (*Reschedule, error)
	// AnswerReschedule accepts (the class moves, its old slot is free again)
	// or declines (the slot is free again) an open proposal made by the
	// other side of userID's class.
	AnswerReschedule(ctx context.Context, userID, rescheduleID int64, accept bool) (*Reschedule, error)
}

// ProposeReschedule proposes moving the class bookingID of user userID (its
// student or teacher) to slotID.
func (s *Bookings) ProposeReschedule(ctx context.Context, userID, bookingID, slotID int64) (*Reschedule, error) {
	if slotID <= 0 {
		return nil, FieldError("slot", msgChooseSlot)
	}
	return s.Store.ProposeReschedule(ctx, userID, bookingID, slotID, RescheduleHold)
}

// AnswerReschedule is the other side's answer to a proposal; accept nil is
// a missing answer.
func (s *Bookings) AnswerReschedule(ctx context.Context, userID, rescheduleID int64, accept *bool) (*Reschedule, error) {
	if accept == nil {
		return nil, FieldError("accept", msgAcceptRequired)
	}
	return s.Store.AnswerReschedule(ctx, userID, rescheduleID, *accept)
}
