package zabano

import (
	"slices"
	"strings"
	"time"
)

// Finding a teacher (issue 15): the filters of the teacher list beside its
// search by name and bio, and what each means.

// DayPart is a part of the day in which a free slot starts, in the
// student's time zone.
type DayPart string

// The parts of the day; Hours says when each is.
const (
	Morning   DayPart = "morning"
	Afternoon DayPart = "afternoon"
	Evening   DayPart = "evening"
	Night     DayPart = "night"
)

// DayParts are the parts of the day, in the order of the day.
var DayParts = []DayPart{Morning, Afternoon, Evening, Night}

// Hours are the hours of the day [from, to) in which a slot of part p
// starts: morning 06-12, afternoon 12-17, evening 17-21, and night 21-06,
// past midnight. Together they cover the day once.
func (p DayPart) Hours() (from, to int) {
	switch p {
	case Morning:
		return 6, 12
	case Afternoon:
		return 12, 17
	case Evening:
		return 17, 21
	case Night:
		return 21, 6
	}
	return 0, 0
}

// has reports whether hour h of the day lies in part p.
func (p DayPart) has(h int) bool {
	from, to := p.Hours()
	if from < to {
		return from <= h && h < to
	}
	return h >= from || h < to
}

// weekdayNames are the days of the week as the teacher list's days
// parameter names them, Sunday first as time.Weekday counts.
var weekdayNames = [7]string{"sun", "mon", "tue", "wed", "thu", "fri", "sat"}

// ParseWeekdays reads a comma-separated list of days of the week (sat, sun,
// mon, tue, wed, thu, fri; any case), each once, in the order of the week;
// ok is false when one is unknown.
func ParseWeekdays(s string) (days []time.Weekday, ok bool) {
	for _, name := range splitList(s) {
		i := slices.Index(weekdayNames[:], name)
		if i < 0 {
			return nil, false
		}
		days = append(days, time.Weekday(i))
	}
	slices.Sort(days)
	return slices.Compact(days), true
}

// ParseDayParts reads a comma-separated list of parts of the day (morning,
// afternoon, evening, night; any case), each once, in the order of the day;
// ok is false when one is unknown.
func ParseDayParts(s string) (parts []DayPart, ok bool) {
	names := splitList(s)
	for _, p := range DayParts {
		if slices.Contains(names, string(p)) {
			parts = append(parts, p)
		}
	}
	for _, name := range names {
		if !slices.Contains(DayParts, DayPart(name)) {
			return nil, false
		}
	}
	return parts, true
}

// splitList is the lower-cased, trimmed, non-empty items of the
// comma-separated list s.
func splitList(s string) []string {
	var out []string
	for item := range strings.SplitSeq(strings.ToLower(s), ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

// TeacherFilter selects and orders teachers for the find-teacher screen.
type TeacherFilter struct {
	// Query's words (NormalizeSearch's) must each be in the name, username
	// or bio.
	Query    string
	Language string // part of a language's name, ignoring case
	// ID matches a teacher by main-site id or by id, for links from the main site.
	ID string
	// PriceMin and PriceMax bound the price a card shows (PricePerHour), in Toman.
	PriceMin, PriceMax *int64
	// RatingMin is the lowest average of the visible reviews a teacher may
	// have; it leaves out the teachers nobody rated yet.
	RatingMin *float64
	// Trial keeps the teachers who offer a trial class.
	Trial bool
	// Days, Parts and Within ask for one free future slot that starts on one
	// of Days, in one of Parts of the day (both in Location, the student's
	// time zone) and within Within days of now. Each left empty (zero) asks
	// nothing.
	Days     []time.Weekday
	Parts    []DayPart
	Within   int
	Location *time.Location
	// SavedBy keeps the teachers this student saved (SaveTeacher).
	SavedBy int64
	// Sort is "rating" (RatingPrior's Bayesian average, the unrated after),
	// "price" (lowest first), "experience" (most first), "relevance" (best
	// match of the query first); SortOrder says what an empty one means.
	Sort   string
	Limit  int
	Offset int
}

// TeacherSorts are the orders TeacherFilter.Sort takes.
var TeacherSorts = []string{"rating", "price", "experience", "relevance"}

// MaxWithin is the most days ahead the Within filter looks: slots are
// opened at most a year ahead.
const MaxWithin = 365

var (
	msgSortUnknown = Msg{"Sort by relevance, rating, price or experience.", "مرتب‌سازی بر اساس ارتباط، امتیاز، قیمت یا تجربه است."}
	msgPriceOrder  = Msg{"The highest price must not be below the lowest.", "بیشترین قیمت نباید از کمترین قیمت کمتر باشد."}
	msgRatingMin   = Msg{"Enter a rating from 0 to 5, for example 4.5.", "امتیازی از ۰ تا ۵ وارد کنید، مثلاً ۴٫۵."}
	msgWithinRange = Msg{"Enter a number of days from 1 to %d.", "تعداد روزها را از ۱ تا %d وارد کنید."}
)

// Validate checks f's values and their ranges, each by the name of its
// query parameter.
func (f *TeacherFilter) Validate() error {
	var v Validation
	if f.Sort != "" && !slices.Contains(TeacherSorts, f.Sort) {
		v.Add("sort", msgSortUnknown)
	}
	for name, p := range map[string]*int64{"price_min": f.PriceMin, "price_max": f.PriceMax} {
		if p != nil && (*p < 0 || *p > MaxPrice) {
			v.Add(name, msgPriceRange)
		}
	}
	if f.PriceMin != nil && f.PriceMax != nil && *f.PriceMin > *f.PriceMax && !v.Has("price_min") && !v.Has("price_max") {
		v.Add("price_max", msgPriceOrder)
	}
	if f.RatingMin != nil && !(*f.RatingMin >= 0 && *f.RatingMin <= 5) {
		v.Add("rating_min", msgRatingMin)
	}
	if f.Within < 0 || f.Within > MaxWithin {
		v.Add("within", Msgf(msgWithinRange, MaxWithin))
	}
	return v.Err()
}

// SortOrder is the order f asks for: Sort; relevance when Sort is empty
// and there is a query; and without a query, relevance is the default
// order, newest first ("").
func (f *TeacherFilter) SortOrder() string {
	switch {
	case f.Sort == "" && f.hasQuery():
		return "relevance"
	case f.Sort == "relevance" && !f.hasQuery():
		return ""
	}
	return f.Sort
}

// countPagesAhead is how many pages past its own a search counts.
const countPagesAhead = 5

// CountBound is how many teachers a page of f counts at most, 0 for every
// one: a search counts its page's and countPagesAhead pages' more, and a
// list of more says so (docs/decisions.md, "A search counts five pages
// ahead"). Its matches are read one by one from a trigram index, and
// reading all 2,024 matches of "business" to count them was most of what a
// search cost.
func (f *TeacherFilter) CountBound() int {
	if !f.hasQuery() {
		return 0
	}
	return f.Offset + (1+countPagesAhead)*f.Limit
}

// hasQuery says whether Query has a word to search for.
func (f *TeacherFilter) hasQuery() bool {
	return NormalizeSearch(f.Query) != ""
}

// WeekHours are the hours of the week, 0 to 167 from Sunday 00:00 in
// Location, in which a free slot asked for by Days and Parts starts; nil
// when neither asks anything. A slot's day is the day it starts on, so a
// night slot at 02:00 on Saturday is one of Saturday's.
func (f *TeacherFilter) WeekHours() []int {
	if len(f.Days) == 0 && len(f.Parts) == 0 {
		return nil
	}
	days := f.Days
	if len(days) == 0 {
		days = []time.Weekday{time.Sunday, time.Monday, time.Tuesday, time.Wednesday, time.Thursday, time.Friday, time.Saturday}
	}
	var hours []int
	for _, d := range days {
		for h := range 24 {
			if len(f.Parts) == 0 || slices.ContainsFunc(f.Parts, func(p DayPart) bool { return p.has(h) }) {
				hours = append(hours, int(d)*24+h)
			}
		}
	}
	return hours
}
