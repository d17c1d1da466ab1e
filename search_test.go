package zabano_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/zabano/zabano"
)

func TestParseWeekdays(t *testing.T) {
	for in, want := range map[string]string{
		"sat,mon":         "[Monday Saturday]",
		" SAT , sun,sat ": "[Sunday Saturday]",
		"":                "[]",
		"fri,":            "[Friday]",
	} {
		days, ok := zabano.ParseWeekdays(in)
		if got := fmt.Sprint(days); !ok || got != want {
			t.Errorf("ParseWeekdays(%q) = %s %v, want %s", in, got, ok, want)
		}
	}
	for _, in := range []string{"saturday", "sat,xyz", "1"} {
		if _, ok := zabano.ParseWeekdays(in); ok {
			t.Errorf("ParseWeekdays(%q) took it", in)
		}
	}
}

func TestParseDayParts(t *testing.T) {
	for in, want := range map[string]string{
		"night,morning":     "[morning night]",
		"Evening,evening":   "[evening]",
		"":                  "[]",
		"afternoon , night": "[afternoon night]",
	} {
		parts, ok := zabano.ParseDayParts(in)
		if got := fmt.Sprint(parts); !ok || got != want {
			t.Errorf("ParseDayParts(%q) = %s %v, want %s", in, got, ok, want)
		}
	}
	for _, in := range []string{"noon", "morning,dawn"} {
		if _, ok := zabano.ParseDayParts(in); ok {
			t.Errorf("ParseDayParts(%q) took it", in)
		}
	}
}

// TestDayPartsCoverTheDay: each hour of the day is in exactly one part.
func TestDayPartsCoverTheDay(t *testing.T) {
	for h := range 24 {
		f := zabano.TeacherFilter{Days: []time.Weekday{time.Sunday}}
		n := 0
		for _, p := range zabano.DayParts {
			f.Parts = []zabano.DayPart{p}
			for _, wh := range f.WeekHours() {
				if wh == h {
					n++
				}
			}
		}
		if n != 1 {
			t.Errorf("hour %d is in %d parts of the day", h, n)
		}
	}
}

func TestWeekHours(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    zabano.TeacherFilter
		want string
	}{
		{"nothing asked", zabano.TeacherFilter{}, "[]"},
		{"a day", zabano.TeacherFilter{Days: []time.Weekday{time.Monday}}, fmt.Sprint(span(24, 48))},
		{"mornings", zabano.TeacherFilter{Parts: []zabano.DayPart{zabano.Morning}}, fmt.Sprint(everyDay(6, 12))},
		{"Saturday night: its small hours and its late evening",
			zabano.TeacherFilter{Days: []time.Weekday{time.Saturday}, Parts: []zabano.DayPart{zabano.Night}},
			fmt.Sprint(append(span(144, 150), span(165, 168)...))},
		{"afternoon and evening of Sunday",
			zabano.TeacherFilter{Days: []time.Weekday{time.Sunday}, Parts: []zabano.DayPart{zabano.Afternoon, zabano.Evening}},
			fmt.Sprint(span(12, 21))},
	} {
		if got := fmt.Sprint(tc.f.WeekHours()); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
	}
}

// span is from to to-1.
func span(from, to int) []int {
	var out []int
	for h := from; h < to; h++ {
		out = append(out, h)
	}
	return out
}

func everyDay(from, to int) []int {
	var out []int
	for d := range 7 {
		out = append(out, span(d*24+from, d*24+to)...)
	}
	return out
}

func TestTeacherFilterSortOrder(t *testing.T) {
	for _, tc := range []struct{ q, sort, want string }{
		{"", "", ""},
		{"علی", "", "relevance"},
		{"علی", "price", "price"},
		{"", "relevance", ""},
		{" \u200c ", "", ""},
		{"", "rating", "rating"},
	} {
		f := zabano.TeacherFilter{Query: tc.q, Sort: tc.sort}
		if got := f.SortOrder(); got != tc.want {
			t.Errorf("SortOrder of q %q, sort %q = %q, want %q", tc.q, tc.sort, got, tc.want)
		}
	}
}

func TestTeacherFilterValidate(t *testing.T) {
	n := func(v int64) *int64 { return &v }
	r := func(v float64) *float64 { return &v }
	for _, tc := range []struct {
		name  string
		f     zabano.TeacherFilter
		field string
	}{
		{"all good", zabano.TeacherFilter{PriceMin: n(0), PriceMax: n(zabano.MaxPrice), RatingMin: r(4.5), Within: 7, Sort: "relevance"}, ""},
		{"one price", zabano.TeacherFilter{PriceMin: n(5), PriceMax: n(5)}, ""},
		{"unknown sort", zabano.TeacherFilter{Sort: "name"}, "sort"},
		{"negative price", zabano.TeacherFilter{PriceMin: n(-1)}, "price_min"},
		{"price too high", zabano.TeacherFilter{PriceMax: n(zabano.MaxPrice + 1)}, "price_max"},
		{"lowest above highest", zabano.TeacherFilter{PriceMin: n(300), PriceMax: n(200)}, "price_max"},
		{"rating above 5", zabano.TeacherFilter{RatingMin: r(5.5)}, "rating_min"},
		{"negative rating", zabano.TeacherFilter{RatingMin: r(-1)}, "rating_min"},
		{"within too far", zabano.TeacherFilter{Within: zabano.MaxWithin + 1}, "within"},
	} {
		err := tc.f.Validate()
		var got string
		if e, ok := err.(*zabano.Error); ok {
			for f := range e.Fields {
				got = f
			}
		} else if err != nil {
			got = err.Error()
		}
		if got != tc.field {
			t.Errorf("%s: %v, want a problem of %q", tc.name, err, tc.field)
		}
	}
}
