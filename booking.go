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
	Status       BookingStatus
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

// Duration is the class's length.
func (b *Booking) Duration() time.Duration { return b.End.Sub(b.Start) }

// NewBooking is a student's request to book a slot.
type NewBooking struct {
	StudentID    int64
	SlotID       int64
	LevelPriceID int64
	Notes        string
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
	if b.SlotID <= 0 {
		v.Add("slot", msgChooseSlot)
	}
	if b.LevelPriceID <= 0 {
		v.Add("level_price", msgChooseLevel)
	}
	b.Notes = strings.TrimSpace(b.Notes)
	checkText(&v, "notes", &b.Notes, maxNotes)
	return v.Err()
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
	// DeleteSlot deletes a free slot of the teacher.
	DeleteSlot(ctx context.Context, teacherID, slotID int64) error
	// Book books a free future slot at one of its teacher's level prices
	// offered now, moving the price from the student's wallet to escrow.
	Book(ctx context.Context, b *NewBooking) (*Booking, error)
	// RequestCancel asks to cancel a booked class of the student before it starts.
	RequestCancel(ctx context.Context, studentID, bookingID int64) (*Booking, error)
	// DecideCancel approves (refund, slot free again) or rejects (booked again)
	// a cancellation request on the teacher's class.
	DecideCancel(ctx context.Context, teacherID, bookingID int64, approve bool) (*Booking, error)
	// CancelByTeacher cancels the teacher's booked class with a full refund and withdraws its slot.
	CancelByTeacher(ctx context.Context, teacherID, bookingID int64) (*Booking, error)
	// MarkDone pays the teacher for a booked class of user's that has ended.
	MarkDone(ctx context.Context, userID, bookingID int64) (*Booking, error)
	// Bookings lists the classes of a student or teacher.
	Bookings(ctx context.Context, user *User) ([]*Booking, error)
	// SettleDue marks done, and pays, booked classes that ended at or before
	// cutoff; it returns how many.
	SettleDue(ctx context.Context, cutoff time.Time) (int, error)
}
