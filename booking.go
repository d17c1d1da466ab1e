package zabano

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"strings"
	"time"
)

// BookingStatus is where a booked class stands (spec section 4).
type BookingStatus string

const (
	StatusBooked BookingStatus = "booked"
	// StatusCancelPending: the student asked to cancel; the teacher decides.
	StatusCancelPending BookingStatus = "cancel_pending"
	// StatusCancelled: cancelled and refunded (spec: approved_cancel).
	StatusCancelled BookingStatus = "approved_cancel"
	// StatusDone: the class happened and the teacher was paid.
	StatusDone BookingStatus = "done"
)

// SettleAfter is how long after its end a class nobody marked done is
// settled to the teacher automatically.
const SettleAfter = 48 * time.Hour

// JoinWindow is how long before its start a class's meeting link opens (the
// web app opens it as long after the start too).
const JoinWindow = 15 * time.Minute

// DefaultFreeCancel is how long before its start a student may still cancel
// a class free of charge, with no approval (ZABANO_FREE_CANCEL_HOURS).
const DefaultFreeCancel = 24 * time.Hour

// Booking is a student's class with a teacher at a slot's time, paid for
// into escrow when booked.
type Booking struct {
	ID           int64
	SlotID       int64 // 0 once the slot is deleted
	StudentID    int64
	TeacherID    int64
	LevelPriceID int64
	Language     string
	Level        Level
	Start, End   time.Time
	Price        int64
	// CommissionPercent is the platform's commission in force when the class
	// was booked: its settlement pays the teacher the price less it
	// (SplitClassPayment).
	CommissionPercent int
	// Trial: the student's trial class with the teacher, at the trial price.
	Trial  bool
	Status BookingStatus
	// CancelledBy is the role that cancelled: the teacher, or the student
	// whose request the teacher approved.
	CancelledBy       Role
	MeetingLink       string
	Notes             string
	CreatedAt         time.Time
	CancelRequestedAt time.Time // zero when never requested
	// Teacher and Student are the two sides, for showing the booking.
	Teacher, Student User
}

// Class is a booking as its student and teacher see it in their lists:
// with the student's review, the open proposal to move it and its problem
// report, each nil when there is none.
type Class struct {
	*Booking
	Review     *Review
	Reschedule *Reschedule
	Problem    *ProblemReport
}

// Duration is the class's length.
func (b *Booking) Duration() time.Duration { return b.End.Sub(b.Start) }

// Side is the id of the class's user of role: its teacher or its student.
func (b *Booking) Side(role Role) int64 {
	if role == RoleTeacher {
		return b.TeacherID
	}
	return b.StudentID
}

// FreeCancel reports whether its student may cancel b at now free of charge
// and at once, notice or more before its start. The boundary is free: a
// class at 10:00 with a day's notice is cancelled free at 10:00 the day before.
func (b *Booking) FreeCancel(now time.Time, notice time.Duration) bool {
	return b.Status == StatusBooked && !now.After(b.Start.Add(-notice))
}

// NewBooking is a student's request to book a slot.
type NewBooking struct {
	StudentID    int64
	SlotID       int64
	LevelPriceID int64
	// Trial books the teacher's trial class at their trial price; the level
	// price, optional then, only names the class's language (trial.go).
	Trial bool
	Notes string
	// MeetingLink is the class's video room, made by MeetingLink.
	MeetingLink string
}

const maxNotes = 1000

var (
	msgChooseLevel = Msg{"Please choose level and price", "لطفاً سطح و قیمت را انتخاب کنید"}
	msgChooseSlot  = Msg{"Please choose a time.", "لطفاً یک زمان انتخاب کنید."}
)

// Validate checks b's form.
func (b *NewBooking) Validate() error {
	var v Validation
	b.validate(&v)
	return v.Err()
}

func (b *NewBooking) validate(v *Validation) {
	if b.SlotID <= 0 {
		v.Add("slot", msgChooseSlot)
	}
	if b.LevelPriceID <= 0 && !b.Trial {
		v.Add("level_price", msgChooseLevel)
	}
	b.Notes = strings.TrimSpace(b.Notes)
	checkText(v, "notes", &b.Notes, maxNotes)
}

// DefaultMeetingURL is the video-room address template: a Jitsi Meet room.
// {room} becomes a random room name per booking.
const DefaultMeetingURL = "https://meet.jit.si/zabano-{room}"

// MeetingLink makes a booking's room address from template. The room name is
// random, so no one can guess their way into another class.
func MeetingLink(template string) (string, error) {
	b := make([]byte, 12)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return strings.ReplaceAll(template, "{room}", hex.EncodeToString(b)), nil
}

// Messages of the booking rules (spec sections 5 and 8), for the store.
var (
	MsgSlotTaken = Msg{
		"This time was just booked by someone else. Please choose another time.",
		"این زمان همین حالا توسط فرد دیگری رزرو شد. لطفاً زمان دیگری انتخاب کنید.",
	}
	MsgSlotNotFound  = Msg{"This time is no longer available.", "این زمان دیگر در دسترس نیست."}
	MsgLevelNotValid = Msg{
		"Selected price level is not valid. Please refresh the page and try again.",
		"سطح قیمت انتخاب‌شده معتبر نیست. لطفاً صفحه را تازه کنید و دوباره تلاش کنید.",
	}
	MsgPriceChanged = Msg{
		"The teacher has changed the price of this level to %d Toman. Please check it and book again.",
		"استاد قیمت این سطح را به %d تومان تغییر داده است. لطفاً آن را ببینید و دوباره رزرو کنید.",
	}
	MsgLevelWithdrawn    = Msg{"The teacher no longer offers this level. Please choose another.", "استاد دیگر این سطح را ارائه نمی‌دهد. لطفاً سطح دیگری انتخاب کنید."}
	MsgNotEnoughForClass = Msg{
		"Your wallet balance is not enough for this class: top up at least %d Toman.",
		"موجودی کیف پول برای این کلاس کافی نیست: دست‌کم %d تومان شارژ کنید.",
	}
	MsgBookingNotFound = Msg{"Class not found.", "کلاس یافت نشد."}
	MsgWrongState      = Msg{"This class cannot be changed this way now (it is %s).", "این کلاس اکنون این‌گونه تغییر نمی‌کند (وضعیت: %s)."}
	MsgCancelTooLate   = Msg{"A class can be cancelled only before it starts.", "کلاس را فقط پیش از شروعش می‌توان لغو کرد."}
	MsgNotEnded        = Msg{"A class can be marked done only after it ends.", "کلاس را فقط پس از پایانش می‌توان انجام‌شده علامت زد."}
	MsgSlotBooked      = Msg{"A booked time cannot be deleted.", "زمان رزروشده را نمی‌توان حذف کرد."}
	MsgSlotDuplicate   = Msg{"You already have this exact time.", "این زمان را از قبل دارید."}
	MsgSlotOverlap     = Msg{"This time overlaps another of your times.", "این زمان با یکی دیگر از زمان‌های شما هم‌پوشانی دارد."}
)

// MsgTooManyFreeSlots refuses slots past the teacher's cap of free future slots.
var MsgTooManyFreeSlots = Msg{
	"You can have at most %d free times ahead; you have %d, and this would add %d. Delete some, or add fewer.",
	"حداکثر %d زمان آزاد پیش رو می‌توانید داشته باشید؛ اکنون %d زمان دارید و این درخواست %d زمان دیگر می‌افزاید. چند زمان را حذف کنید یا زمان کمتری بیفزایید.",
}

// StatusName is how a status reads in messages.
func (s BookingStatus) Name() Msg {
	switch s {
	case StatusBooked:
		return Msg{"upcoming", "پیش رو"}
	case StatusCancelPending:
		return Msg{"awaiting cancellation", "در انتظار لغو"}
	case StatusCancelled:
		return Msg{"cancelled", "لغوشده"}
	case StatusDone:
		return Msg{"completed", "برگزارشده"}
	}
	return Msg{string(s), string(s)}
}

// InsufficientForClass is the error of a booking the wallet cannot pay,
// carrying the missing amount so the app can offer exactly that top-up.
func InsufficientForClass(missing int64) *Error {
	e := Errorf(EPAYMENT, MsgNotEnoughForClass, missing)
	e.Missing = missing
	return e
}

// PriceChanged is the error of a booking at a level price the teacher no
// longer offers, carrying the level's price now so the app can show it:
// the student chose the old price and must see the new one before paying it.
func PriceChanged(now LevelPrice) *Error {
	e := Errorf(ECONFLICT, MsgPriceChanged, now.RegularPrice)
	e.CurrentLevelPrice = &now
	return e
}

// BookingStore keeps slots and bookings. Each method is one transaction.
type BookingStore interface {
	// CreateSlots opens slots for a teacher. Exact duplicates and overlaps of
	// the teacher's other slots (or of each other) are skipped and returned.
	// A batch that would leave the teacher more than maxFree free future
	// slots is refused whole.
	CreateSlots(ctx context.Context, teacherID int64, slots []Slot, maxFree int) (created, skipped []Slot, err error)
	// TeacherSlots returns a teacher's slots starting in [from, to), free only if onlyFree.
	TeacherSlots(ctx context.Context, teacherID int64, from, to time.Time, onlyFree bool) ([]Slot, error)
	// HoldsEnd is the earliest instant a hold on a future slot of the
	// teachers (of every teacher when nil) runs out, zero for none: the
	// slot is free from then on, with nothing written, so what shows their
	// free slots changes then.
	HoldsEnd(ctx context.Context, teacherIDs []int64) (time.Time, error)
	// DeleteSlot deletes a free slot of the teacher.
	DeleteSlot(ctx context.Context, teacherID, slotID int64) error
	// Book books a free future slot at one of its teacher's level prices
	// offered now, or as the student's trial with the teacher at their trial
	// price, moving the price from the student's wallet to escrow.
	Book(ctx context.Context, b *NewBooking) (*Booking, error)
	// BookWeekly books the slot of nb and the teacher's slots of the weeks
	// after it (WeeklySlots), all or none (weekly.go).
	BookWeekly(ctx context.Context, nb *NewBooking, weeks int) ([]*Booking, error)
	// HasTrial reports whether the student has a live trial with the teacher.
	HasTrial(ctx context.Context, studentID, teacherID int64) (bool, error)
	// CancelByStudent cancels a booked class of the student before it starts:
	// at once, refunded and its slot free again, when Booking.FreeCancel with
	// notice allows it, else as a request the teacher decides.
	CancelByStudent(ctx context.Context, studentID, bookingID int64, notice time.Duration) (*Booking, error)
	// DecideCancel approves (refund, slot free again) or rejects (booked again)
	// a cancellation request on the teacher's class.
	DecideCancel(ctx context.Context, teacherID, bookingID int64, approve bool) (*Booking, error)
	// CancelByTeacher cancels the teacher's booked class with a full refund and withdraws its slot.
	CancelByTeacher(ctx context.Context, teacherID, bookingID int64) (*Booking, error)
	// MarkDone pays the teacher for a booked class of user's that has ended.
	MarkDone(ctx context.Context, userID, bookingID int64) (*Booking, error)
	// Classes lists the classes of a student or teacher by start, each with
	// what hangs on it, all read at one instant.
	Classes(ctx context.Context, user *User) ([]Class, error)
	// SettleDue marks done, and pays, booked classes that ended at or before
	// cutoff; it returns how many. Neither it nor MarkDone pays a class with
	// an open or disputed problem report.
	SettleDue(ctx context.Context, cutoff time.Time) (int, error)
	RescheduleStore
	ProblemStore
	DisputeStore
}

// Bookings runs the life of a class: a teacher's slots, booking, cancelling,
// marking done and settling. It decides the rules (validation, the
// cancellation policy, meeting links, why a slot is refused) on its clock;
// Store keeps the invariants that must hold in one transaction.
type Bookings struct {
	Store BookingStore
	// MeetingURL is the template of class video rooms (MeetingLink).
	MeetingURL string
	// MaxFreeSlots caps a teacher's free future slots (DefaultMaxFreeSlots).
	MaxFreeSlots int
	// FreeCancel is how long before its start a student may cancel a class
	// free of charge and at once (DefaultFreeCancel).
	FreeCancel time.Duration
	Now        func() time.Time
}

// CreateSlot opens one slot for a teacher, saying why when it repeats or
// overlaps one of theirs.
func (s *Bookings) CreateSlot(ctx context.Context, teacherID int64, slot Slot) (Slot, error) {
	created, skipped, err := s.CreateSlots(ctx, teacherID, []Slot{slot})
	if err != nil {
		return Slot{}, err
	}
	if len(skipped) == 0 {
		return created[0], nil
	}
	same, err := s.Store.TeacherSlots(ctx, teacherID, slot.Start, slot.Start.Add(time.Millisecond), false)
	if err != nil {
		return Slot{}, err
	}
	if len(same) == 1 && same[0].End.Equal(slot.End) {
		return Slot{}, Errorf(ECONFLICT, MsgSlotDuplicate)
	}
	return Slot{}, Errorf(ECONFLICT, MsgSlotOverlap)
}

// CreateSlots opens slots for a teacher; those that repeat or overlap the
// teacher's (or each other) are skipped and returned.
func (s *Bookings) CreateSlots(ctx context.Context, teacherID int64, slots []Slot) (created, skipped []Slot, err error) {
	if err := CheckSlots(slots, s.Now(), s.MaxFreeSlots); err != nil {
		return nil, nil, err
	}
	return s.Store.CreateSlots(ctx, teacherID, slots, s.MaxFreeSlots)
}

// OwnSlots returns a teacher's slots, booked ones too, starting in [from, to).
func (s *Bookings) OwnSlots(ctx context.Context, teacherID int64, from, to time.Time) ([]Slot, error) {
	return s.Store.TeacherSlots(ctx, teacherID, from, to, false)
}

// FreeSlots returns the slots of a teacher a student may book, starting in
// [from, to): past times are not offered.
func (s *Bookings) FreeSlots(ctx context.Context, teacherID int64, from, to time.Time) ([]Slot, error) {
	if now := s.Now(); from.Before(now) {
		from = now
	}
	if !to.After(from) {
		return nil, nil
	}
	return s.Store.TeacherSlots(ctx, teacherID, from, to, true)
}

// DeleteSlot deletes a free slot of the teacher.
func (s *Bookings) DeleteSlot(ctx context.Context, teacherID, slotID int64) error {
	return s.Store.DeleteSlot(ctx, teacherID, slotID)
}

// Book books a slot for student nb.StudentID, giving the class a room of its own.
func (s *Bookings) Book(ctx context.Context, nb NewBooking) (*Booking, error) {
	if err := nb.Validate(); err != nil {
		return nil, err
	}
	link, err := MeetingLink(s.MeetingURL)
	if err != nil {
		return nil, err
	}
	nb.MeetingLink = link
	return s.Store.Book(ctx, &nb)
}

// Cancel is a student's cancellation of their booked class: free and at
// once until FreeCancel before its start, a request to the teacher after
// that, refused once it has started.
func (s *Bookings) Cancel(ctx context.Context, studentID, bookingID int64) (*Booking, error) {
	return s.Store.CancelByStudent(ctx, studentID, bookingID, s.FreeCancel)
}

// FreeCancelUntil is the last instant its student may cancel b free of
// charge, while that is still ahead; ok is false when it has passed or b is
// not booked.
func (s *Bookings) FreeCancelUntil(b *Booking) (until time.Time, ok bool) {
	if !b.FreeCancel(s.Now(), s.FreeCancel) {
		return time.Time{}, false
	}
	return b.Start.Add(-s.FreeCancel), true
}

// DecideCancel approves (refund, slot free again) or rejects (booked again)
// a cancellation request on the teacher's class.
func (s *Bookings) DecideCancel(ctx context.Context, teacherID, bookingID int64, approve bool) (*Booking, error) {
	return s.Store.DecideCancel(ctx, teacherID, bookingID, approve)
}

// CancelByTeacher cancels the teacher's upcoming class with a full refund.
func (s *Bookings) CancelByTeacher(ctx context.Context, teacherID, bookingID int64) (*Booking, error) {
	return s.Store.CancelByTeacher(ctx, teacherID, bookingID)
}

// MarkDone pays the teacher for a class of user's that has ended.
func (s *Bookings) MarkDone(ctx context.Context, userID, bookingID int64) (*Booking, error) {
	return s.Store.MarkDone(ctx, userID, bookingID)
}

// Classes lists the classes of a student or teacher.
func (s *Bookings) Classes(ctx context.Context, u *User) ([]Class, error) {
	return s.Store.Classes(ctx, u)
}

// SettleDue pays the teachers of the classes nobody marked done SettleAfter
// their end. Any number of server processes may run it at once.
func (s *Bookings) SettleDue(ctx context.Context) (int, error) {
	return s.Store.SettleDue(ctx, s.Now().Add(-SettleAfter))
}
