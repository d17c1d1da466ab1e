package zabano

import (
	"testing"
	"time"
)

func TestPersianMonthStart(t *testing.T) {
	tehran := func(y int, m time.Month, d, h, min int) time.Time { return time.Date(y, m, d, h, min, 0, 0, Tehran) }
	for _, tc := range []struct {
		name     string
		at, want time.Time
	}{
		// Nowruz (1 Farvardin) fell on 20 March in 2024 and on 21 March in 2025.
		{"1 Farvardin 1403", tehran(2024, 3, 20, 0, 0), tehran(2024, 3, 20, 0, 0)},
		{"29 Esfand 1403", tehran(2025, 3, 20, 23, 59), tehran(2025, 2, 19, 0, 0)},
		{"1 Farvardin 1404", tehran(2025, 3, 21, 0, 0), tehran(2025, 3, 21, 0, 0)},
		{"31 Shahrivar 1404, last 31-day month", tehran(2025, 9, 22, 12, 0), tehran(2025, 8, 23, 0, 0)},
		{"1 Mehr 1404, first 30-day month", tehran(2025, 9, 23, 0, 0), tehran(2025, 9, 23, 0, 0)},
		{"1 Azar 1404", tehran(2025, 11, 22, 8, 0), tehran(2025, 11, 22, 0, 0)},
		{"30 Esfand 1403, leap day", tehran(2025, 3, 20, 12, 0), tehran(2025, 2, 19, 0, 0)},
		{"1 Farvardin 1405", tehran(2026, 3, 21, 0, 0), tehran(2026, 3, 21, 0, 0)},
		// 21:00 UTC on 21 November is already 22 November in Tehran: 1 Azar.
		{"UTC evening, next day in Tehran", time.Date(2025, 11, 21, 21, 0, 0, 0, time.UTC), tehran(2025, 11, 22, 0, 0)},
		{"Dey 1405", tehran(2026, 12, 30, 10, 0), tehran(2026, 12, 22, 0, 0)},
	} {
		if got := PersianMonthStart(tc.at); !got.Equal(tc.want) {
			t.Errorf("%s: PersianMonthStart(%v) = %v, want %v", tc.name, tc.at, got, tc.want)
		}
	}
	for jy, day := range map[int]int{1395: 20, 1396: 21, 1399: 20, 1400: 21, 1402: 21, 1403: 20, 1404: 21} {
		if got := nowruz(jy); got != day {
			t.Errorf("Nowruz %d: %d March, want %d", jy, got, day)
		}
	}
}

func TestWhen(t *testing.T) {
	berlin, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 24, 15, 0, 0, 0, time.UTC) // 18:30 in Tehran, 3 Azar 1405
	for _, tc := range []struct {
		loc *time.Location
		en  string
		fa  string
	}{
		{Tehran, "Tuesday 24 November 2026, 18:30", "سه‌شنبه ۳ آذر ۱۴۰۵، ساعت ۱۸:۳۰"},
		{berlin, "Tuesday 24 November 2026, 16:00 (Europe/Berlin)", "سه‌شنبه ۳ آذر ۱۴۰۵، ساعت ۱۶:۰۰ (Europe/Berlin)"},
	} {
		if got := When(at, tc.loc); got.En != tc.en || got.Fa != tc.fa {
			t.Errorf("When in %s = %q / %q, want %q / %q", tc.loc, got.En, got.Fa, tc.en, tc.fa)
		}
	}
	// 30 Esfand 1403 is the leap day; the next day is 1 Farvardin 1404.
	for _, tc := range []struct {
		at      time.Time
		y, m, d int
	}{
		{time.Date(2025, 3, 20, 12, 0, 0, 0, Tehran), 1403, 12, 30},
		{time.Date(2025, 3, 21, 12, 0, 0, 0, Tehran), 1404, 1, 1},
		{time.Date(2025, 9, 22, 12, 0, 0, 0, Tehran), 1404, 6, 31},
		{time.Date(2025, 9, 23, 12, 0, 0, 0, Tehran), 1404, 7, 1},
	} {
		if y, m, d := jalali(tc.at); y != tc.y || m != tc.m || d != tc.d {
			t.Errorf("jalali(%v) = %d/%d/%d, want %d/%d/%d", tc.at, y, m, d, tc.y, tc.m, tc.d)
		}
	}
}
