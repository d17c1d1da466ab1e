package httpapi

import (
	"net/http"
	"time"

	"github.com/zabano/zabano"
)

// chartWeeks is how many weeks the dashboard's progress chart shows.
const chartWeeks = 8

// progressJSON is the student's progress display (spec section 3) from their own classes.
type progressJSON struct {
	CurrentLevel     string `json:"currentLevel"`
	CurrentLevelCode string `json:"currentLevelCode"`
	Progress         int    `json:"progress"`
	Lessons          int    `json:"lessons"`
	TotalHours       int    `json:"totalHours"`
	TotalMinutes     int    `json:"totalMinutes"`
	ClassesThisWeek  int    `json:"classesThisWeek"`
	Upcoming         int    `json:"upcoming"`
	// Exercises and exams have no source in Zabano yet: always 0, never invented.
	Exercises int `json:"exercises"`
	Exams     int `json:"exams"`
	// Weekly is the chart: classes done per week, oldest first.
	Weekly []weekJSON `json:"weekly"`
}

type weekJSON struct {
	Start   string `json:"start"` // the week's first day, YYYY-MM-DD
	Lessons int    `json:"lessons"`
}

// weekStarts are the starts of the last n weeks in loc, oldest first, the
// last being the current week's. Weeks start on Saturday, as in Iran.
func weekStarts(now time.Time, loc *time.Location, n int) []time.Time {
	local := now.In(loc)
	back := (int(local.Weekday()) - int(time.Saturday) + 7) % 7
	this := time.Date(local.Year(), local.Month(), local.Day()-back, 0, 0, 0, 0, loc)
	out := make([]time.Time, n)
	for i := range out {
		out[i] = this.AddDate(0, 0, -7*(n-1-i))
	}
	return out
}

// studentProgress is GET /api/student/progress/?tz=: the dashboard's and
// the sidebar's figures.
func (s *Server) studentProgress(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	loc, err := zone(r.URL.Query().Get("tz"), zabano.DefaultTimeZone)
	if err != nil {
		writeError(w, r, err)
		return
	}
	weeks := weekStarts(s.Now(), loc, chartWeeks)
	p, err := s.Progress.StudentProgress(r.Context(), u.ID, weeks)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := progressJSON{
		CurrentLevel: p.Level, CurrentLevelCode: p.Level, Progress: p.Percent(), Lessons: p.Lessons,
		TotalHours: p.Minutes / 60, TotalMinutes: p.Minutes, ClassesThisWeek: p.ThisWeek, Upcoming: p.Upcoming,
		Weekly: make([]weekJSON, len(weeks)),
	}
	for i, start := range weeks {
		out.Weekly[i] = weekJSON{start.Format(time.DateOnly), p.Weekly[i]}
	}
	encode(w, http.StatusOK, out)
}
