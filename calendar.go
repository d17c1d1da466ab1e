package zabano

import (
	"fmt"
	"time"
)

// Tehran is Iran's time zone. Iran has kept +03:30 all year since 2022, so
// the fixed zone stands in where the system has no time zone database.
var Tehran = func() *time.Location {
	if loc, err := time.LoadLocation("Asia/Tehran"); err == nil {
		return loc
	}
	return time.FixedZone("Asia/Tehran", 3*3600+1800)
}()

// jalaliBreaks are the Persian years at which the 33-year leap cycles of the
// arithmetic Persian calendar shift (Borkowski's algorithm, as in jalaali-js).
var jalaliBreaks = []int{-61, 9, 38, 199, 426, 686, 756, 818, 1111, 1181, 1210,
	1635, 2060, 2097, 2192, 2262, 2324, 2394, 2456, 3178}

// nowruz returns the day of March (Gregorian) on which Persian year jy begins.
func nowruz(jy int) int {
	gy := jy + 621
	leapJ := -14
	jp := jalaliBreaks[0]
	jump := 0
	for _, jm := range jalaliBreaks[1:] {
		jump = jm - jp
		if jy < jm {
			break
		}
		leapJ += jump/33*8 + jump%33/4
		jp = jm
	}
	n := jy - jp
	leapJ += n/33*8 + (n%33+3)/4
	if jump%33 == 4 && jump-n == 4 {
		leapJ++
	}
	leapG := gy/4 - (gy/100+1)*3/4 - 150
	return 20 + leapJ - leapG
}

// PersianMonthStart returns the instant at which the Persian (Solar Hijri)
// month holding t began in Tehran. Iranian teachers count "this month" by it.
func PersianMonthStart(t time.Time) time.Time {
	local := t.In(Tehran)
	_, _, d := jalali(local)
	start := local.AddDate(0, 0, 1-d)
	return time.Date(start.Year(), start.Month(), start.Day(), 0, 0, 0, 0, Tehran)
}

// jalali returns the Persian (Solar Hijri) date of t's civil day where t is:
// year, month (1 to 12) and day.
func jalali(t time.Time) (year, month, day int) {
	// Work on civil dates at UTC midnight, so that day counts are exact.
	civil := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	gy := t.Year()
	newYear := time.Date(gy, time.March, nowruz(gy-621), 0, 0, 0, 0, time.UTC)
	if civil.Before(newYear) {
		gy--
		newYear = time.Date(gy, time.March, nowruz(gy-621), 0, 0, 0, 0, time.UTC)
	}
	// The first six months have 31 days, the next five 30, the last 29 or 30.
	days := int(civil.Sub(newYear).Hours() / 24)
	if days < 186 {
		return gy - 621, days/31 + 1, days%31 + 1
	}
	days -= 186
	return gy - 621, 7 + days/30, days%30 + 1
}

var persianMonths = [...]string{"فروردین", "اردیبهشت", "خرداد", "تیر", "مرداد", "شهریور",
	"مهر", "آبان", "آذر", "دی", "بهمن", "اسفند"}

// When is an instant as people read it in loc: "Tuesday 24 November 2026,
// 18:30" in English and «سه‌شنبه ۳ آذر ۱۴۰۵، ساعت ۱۸:۳۰» (the Persian
// calendar, Persian digits) in Persian, each followed by the zone's name
// when it is not Tehran's.
func When(t time.Time, loc *time.Location) Msg {
	t = t.In(loc)
	y, m, d := jalali(t)
	fa := fmt.Sprintf("%s %d %s %d، ساعت %s", persianWeekdays[t.Weekday()], d, persianMonths[m-1], y, t.Format("15:04"))
	en := t.Format("Monday 2 January 2006, 15:04")
	if loc.String() != Tehran.String() {
		fa += " (" + loc.String() + ")"
		en += " (" + loc.String() + ")"
	}
	return Msg{En: en, Fa: PersianDigits(fa)}
}

var persianWeekdays = [...]string{"یکشنبه", "دوشنبه", "سه‌شنبه", "چهارشنبه", "پنجشنبه", "جمعه", "شنبه"}
