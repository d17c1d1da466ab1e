package zabano

import (
	"slices"
	"strings"
	"time"
)

// Slot is a time a teacher offers for one class. Instants are UTC; screens
// show them in the viewer's time zone.
type Slot struct {
	ID        int64
	TeacherID int64
	Start     time.Time
	End       time.Time
	Booked    bool
}

// Limits of availability (spec section 9).
const (
	// CalendarWeeks is how far ahead a teacher's calendar and a student's slot
	// picker reach: weeks 0 to 7.
	CalendarWeeks = 8
	// MaxBuilderWeeks is how many weeks the Smart Builder repeats at most.
	MaxBuilderWeeks = 52
	// DefaultClassDuration is a class's length when nothing else says.
	DefaultClassDuration = 60 * time.Minute
	// MinSlotLength and MaxSlotLength bound one slot: the Smart Builder's
	// shortest class, and twice its longest.
	MinSlotLength = 15 * time.Minute
	MaxSlotLength = 4 * time.Hour
	// DefaultMaxFreeSlots caps a teacher's free future slots, which slot
	// lists and teacher cards read, and so one batch (ZABANO_MAX_FREE_SLOTS).
	// A year of Smart Builder plans of 16 slots a day (5,824) fits; a year of
	// its fullest, 96 a day, does not.
	DefaultMaxFreeSlots = 6000
	// MaxSlotWindow is the longest span one slot list answers: the teacher's
	// calendar, a week back and nine ahead.
	MaxSlotWindow = 10 * 7 * 24 * time.Hour
)

// SlotDurations are the Smart Builder's slot lengths in minutes (spec section 5).
var SlotDurations = []int{15, 30, 45, 60, 90, 120}

var (
	msgDaysRequired   = Msg{"Please select at least one day", "لطفاً دست‌کم یک روز انتخاب کنید"}
	msgFillRequired   = Msg{"Please fill all required fields", "لطفاً همهٔ فیلدهای الزامی را پر کنید"}
	msgEndAfterStart  = Msg{"End time must be after start time", "زمان پایان باید بعد از زمان شروع باشد"}
	msgWeeksRange     = Msg{"Repeat for 1 to 52 weeks.", "تکرار باید بین ۱ تا ۵۲ هفته باشد."}
	msgDurationChoice = Msg{"Choose a slot length of 15, 30, 45, 60, 90 or 120 minutes.", "طول جلسه را ۱۵، ۳۰، ۴۵، ۶۰، ۹۰ یا ۱۲۰ دقیقه انتخاب کنید."}
	msgBreakRange     = Msg{"A break is 0 to 120 minutes.", "استراحت بین ۰ تا ۱۲۰ دقیقه است."}
	MsgDateFormat     = Msg{"Enter a date as YYYY-MM-DD.", "تاریخ را به شکل YYYY-MM-DD وارد کنید."}
	MsgTimeFormat     = Msg{"Enter a time as HH:MM.", "زمان را به شکل HH:MM وارد کنید."}
	msgSlotPast       = Msg{"This time has already passed.", "این زمان گذشته است."}
	msgSlotTooFar     = Msg{"Availability can be set at most a year ahead.", "زمان‌های آزاد را حداکثر تا یک سال آینده می‌توان تعیین کرد."}
	msgTooManySlots   = Msg{
		"Too many times in one request (at most %d): repeat for fewer weeks or days, or choose longer slots.",
		"تعداد زمان‌ها در یک درخواست بیش از حد است (حداکثر %d): هفته‌ها یا روزهای کمتری انتخاب کنید، یا زمان‌های بلندتر.",
	}
	msgSlotTooShort = Msg{"A slot is at least 15 minutes.", "هر زمان دست‌کم ۱۵ دقیقه است."}
	msgSlotTooLong  = Msg{"A slot is at most 4 hours.", "هر زمان حداکثر ۴ ساعت است."}
)

// ParseDate reads a YYYY-MM-DD date.
func ParseDate(s string) (y int, m time.Month, d int, ok bool) {
	t, err := time.Parse(time.DateOnly, strings.TrimSpace(s))
	if err != nil {
		return 0, 0, 0, false
	}
	return t.Year(), t.Month(), t.Day(), true
}

// ParseClock reads an HH:MM time of day (24:00 is the end of the day) as
// minutes after midnight.
func ParseClock(s string) (int, bool) {
	s = strings.TrimSpace(s)
	// Digits checked one by one: a number scan would take "+1:00" and "-0:00".
	if len(s) != 5 || s[2] != ':' {
		return 0, false
	}
	for _, i := range []int{0, 1, 3, 4} {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	h, m := int(s[0]-'0')*10+int(s[1]-'0'), int(s[3]-'0')*10+int(s[4]-'0')
	if m > 59 || h > 24 || h == 24 && m > 0 {
		return 0, false
	}
	return h*60 + m, true
}

// LocalTime is the instant of the wall-clock time minutes after midnight of
// the date in loc. In a daylight-saving gap it moves forward, as clocks do.
func LocalTime(y int, m time.Month, d, minutes int, loc *time.Location) time.Time {
	return time.Date(y, m, d, 0, minutes, 0, 0, loc).UTC()
}

// CheckSlots validates slots a teacher wants to open at now, at most
// maxFree of them.
func CheckSlots(slots []Slot, now time.Time, maxFree int) error {
	if len(slots) > maxFree {
		return FieldError("slots", Msgf(msgTooManySlots, maxFree))
	}
	var v Validation
	for _, s := range slots {
		switch {
		case !s.End.After(s.Start):
			v.Add("end_time", msgEndAfterStart)
		case s.End.Sub(s.Start) < MinSlotLength:
			v.Add("end_time", msgSlotTooShort)
		case s.End.Sub(s.Start) > MaxSlotLength:
			v.Add("end_time", msgSlotTooLong)
		case !s.Start.After(now):
			v.Add("start_time", msgSlotPast)
		case s.Start.After(now.AddDate(1, 0, 0)):
			v.Add("start_time", msgSlotTooFar)
		default:
			continue
		}
		break // one slot's problem says enough
	}
	return v.Err()
}

// BulkPlan is the Smart Builder's request: repeat, for some weeks, slots of
// one length on some weekdays between two times of day.
type BulkPlan struct {
	Weeks     int
	Days      []time.Weekday
	From, To  int       // minutes after midnight
	Duration  int       // minutes
	Break     int       // minutes between slots
	StartDate time.Time // a date: its year, month and day in Location count
	Location  *time.Location
}

// Validate checks p with the Smart Builder's messages (spec section 5).
func (p *BulkPlan) Validate() error {
	var v Validation
	if len(p.Days) == 0 {
		v.Add("days", msgDaysRequired)
	}
	switch {
	case p.From < 0 || p.To <= 0:
		v.Add("start_time", msgFillRequired)
	case p.To <= p.From:
		v.Add("end_time", msgEndAfterStart)
	}
	if p.Weeks < 1 || p.Weeks > MaxBuilderWeeks {
		v.Add("weeks", msgWeeksRange)
	}
	if !slices.Contains(SlotDurations, p.Duration) {
		v.Add("duration", msgDurationChoice)
	}
	if p.Break < 0 || p.Break > 120 {
		v.Add("break", msgBreakRange)
	}
	return v.Err()
}

// Slots generates p's slots: for each repeat week, on the first matching
// weekday on or after the start date (plus whole weeks), slots from From
// stepping by Duration plus Break while a slot fits before To.
func (p *BulkPlan) Slots() []Slot {
	y, m, d := p.StartDate.Date()
	var out []Slot
	for w := range p.Weeks {
		for _, day := range p.Days {
			offset := (int(day) - int(time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Weekday()) + 7) % 7
			date := time.Date(y, m, d+offset+7*w, 0, 0, 0, 0, time.UTC)
			for t := p.From; t+p.Duration <= p.To; t += p.Duration + p.Break {
				start := LocalTime(date.Year(), date.Month(), date.Day(), t, p.Location)
				out = append(out, Slot{Start: start, End: start.Add(time.Duration(p.Duration) * time.Minute)})
			}
		}
	}
	slices.SortFunc(out, func(a, b Slot) int { return a.Start.Compare(b.Start) })
	return out
}
