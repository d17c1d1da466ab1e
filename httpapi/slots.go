package httpapi

import (
	"net/http"
	"net/url"
	"slices"
	"time"

	"github.com/zabano/zabano"
)

// slotJSON is an available slot (spec section 3), with its instants and
// their wall-clock date and times in the viewer's time zone.
type slotJSON struct {
	ID        int64     `json:"id"`
	Teacher   int64     `json:"teacher"`
	Start     time.Time `json:"start"`
	End       time.Time `json:"end"`
	Date      string    `json:"date"`
	StartTime string    `json:"start_time"`
	EndTime   string    `json:"end_time"`
	IsBooked  bool      `json:"is_booked"`
	Status    string    `json:"status"`
}

func slotOf(s zabano.Slot, loc *time.Location) slotJSON {
	status := "available"
	if s.Booked {
		status = "booked"
	}
	start, end := s.Start.In(loc), s.End.In(loc)
	return slotJSON{
		ID: s.ID, Teacher: s.TeacherID, Start: s.Start, End: s.End,
		Date: start.Format(time.DateOnly), StartTime: start.Format("15:04"), EndTime: end.Format("15:04"),
		IsBooked: s.Booked, Status: status,
	}
}

func slotsOf(slots []zabano.Slot, loc *time.Location) []slotJSON {
	out := make([]slotJSON, len(slots))
	for i, s := range slots {
		out[i] = slotOf(s, loc)
	}
	return out
}

// slotRequest is one slot as a client sends it: instants (start, end), or a
// date and times of day in the request's time zone.
type slotRequest struct {
	Start     *time.Time `json:"start"`
	End       *time.Time `json:"end"`
	Date      string     `json:"date"`
	StartTime string     `json:"start_time"`
	EndTime   string     `json:"end_time"`
}

func (q slotRequest) slot(v *zabano.Validation, loc *time.Location) zabano.Slot {
	if q.Start != nil && q.End != nil {
		return zabano.Slot{Start: q.Start.UTC(), End: q.End.UTC()}
	}
	y, m, d, ok := zabano.ParseDate(q.Date)
	if !ok {
		v.Add("date", zabano.MsgDateFormat)
	}
	from, ok1 := zabano.ParseClock(q.StartTime)
	to, ok2 := zabano.ParseClock(q.EndTime)
	if !ok1 || !ok2 {
		v.Add("start_time", zabano.MsgTimeFormat)
	}
	if !ok || !ok1 || !ok2 {
		return zabano.Slot{}
	}
	return zabano.Slot{Start: zabano.LocalTime(y, m, d, from, loc), End: zabano.LocalTime(y, m, d, to, loc)}
}

// teacherZone is the time zone a teacher's request is read in: the request's
// timezone, else the teacher's own.
func (s *Server) teacherZone(r *http.Request, u *zabano.User, name string) (*time.Location, error) {
	if name != "" {
		return zone(name, "")
	}
	p, err := s.Teachers.FindTeacherProfile(r.Context(), u.ID)
	if err != nil {
		return nil, err
	}
	return zone(p.TimeZone, zabano.DefaultTimeZone)
}

// createSlot is POST /api/slot/available/: one slot.
func (s *Server) createSlot(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	var req struct {
		slotRequest
		TimeZone string `json:"timezone"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	loc, err := s.teacherZone(r, u, req.TimeZone)
	if err != nil {
		writeError(w, r, err)
		return
	}
	var v zabano.Validation
	slot := req.slot(&v, loc)
	err = v.Err()
	if err == nil {
		slot, err = s.Bookings.CreateSlot(r.Context(), u.ID, slot)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusCreated, slotOf(slot, loc))
}

// createSlots is POST /api/slot/available/batch/: many slots in one
// transaction, listed (the calendar's selection) or planned (the Smart
// Builder). Slots that repeat or overlap the teacher's are skipped and counted.
func (s *Server) createSlots(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	var req struct {
		Slots []slotRequest `json:"slots"`
		Plan  *struct {
			Weeks     int    `json:"weeks"`
			Days      []int  `json:"days"` // 0 Sunday ... 6 Saturday
			StartTime string `json:"start_time"`
			EndTime   string `json:"end_time"`
			Duration  int    `json:"duration"`
			Break     int    `json:"break"`
			StartDate string `json:"start_date"`
		} `json:"plan"`
		TimeZone string `json:"timezone"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	loc, err := s.teacherZone(r, u, req.TimeZone)
	if err != nil {
		writeError(w, r, err)
		return
	}
	var v zabano.Validation
	var slots []zabano.Slot
	if p := req.Plan; p != nil {
		plan := zabano.BulkPlan{Weeks: p.Weeks, Duration: p.Duration, Break: p.Break, Location: loc, From: -1}
		for _, d := range p.Days {
			if d >= 0 && d <= 6 && !slices.Contains(plan.Days, time.Weekday(d)) {
				plan.Days = append(plan.Days, time.Weekday(d))
			}
		}
		if p.StartTime != "" && p.EndTime != "" {
			from, ok1 := zabano.ParseClock(p.StartTime)
			to, ok2 := zabano.ParseClock(p.EndTime)
			if !ok1 || !ok2 {
				v.Add("start_time", zabano.MsgTimeFormat)
			}
			plan.From, plan.To = from, to
		}
		if y, m, d, ok := zabano.ParseDate(p.StartDate); ok {
			plan.StartDate = time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
		} else {
			v.Add("start_date", zabano.MsgDateFormat)
		}
		if err := v.Err(); err == nil {
			if err := plan.Validate(); err != nil {
				writeError(w, r, err)
				return
			}
			// Today's times that have passed are left out, as the calendar hides them.
			for _, sl := range plan.Slots() {
				if sl.Start.After(s.Now()) {
					slots = append(slots, sl)
				}
			}
		}
	} else {
		for _, q := range req.Slots {
			slots = append(slots, q.slot(&v, loc))
		}
	}
	err = v.Err()
	var created, skipped []zabano.Slot
	if err == nil {
		created, skipped, err = s.Bookings.CreateSlots(r.Context(), u.ID, slots)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusCreated, map[string]any{
		"created": len(created), "skipped": len(skipped), "skipped_slots": slotsOf(skipped, loc),
	})
}

var (
	msgInstantFormat = zabano.Msg{En: "Enter a date and time as in 2026-11-21T09:00:00Z.", Fa: "تاریخ و زمان را به شکل 2026-11-21T09:00:00Z وارد کنید."}
	msgWindowOrder   = zabano.Msg{En: "The end of the range must be after its start.", Fa: "پایان بازه باید پس از آغاز آن باشد."}
	msgWindowTooLong = zabano.Msg{En: "A range is at most %d weeks.", Fa: "هر بازه حداکثر %d هفته است."}
)

// calendarReach is how far ahead slot lists reach by default: the
// calendar's weeks, and one more for a week that starts before today.
const calendarReach = 7 * 24 * time.Hour * (zabano.CalendarWeeks + 1)

// slotWindow reads a slot list's range from the query: from and to,
// RFC 3339 instants, by default from and from plus length. A list answers
// at most zabano.MaxSlotWindow, so its size stays bounded.
func slotWindow(q url.Values, from time.Time, length time.Duration) (time.Time, time.Time, error) {
	var v zabano.Validation
	read := func(name string, t *time.Time) {
		if s := q.Get(name); s != "" {
			parsed, err := time.Parse(time.RFC3339, s)
			if err != nil {
				v.Add(name, msgInstantFormat)
			}
			*t = parsed.UTC()
		}
	}
	read("from", &from)
	to := from.Add(length)
	read("to", &to)
	if err := v.Err(); err != nil {
		return from, to, err
	}
	switch {
	case !to.After(from):
		v.Add("to", msgWindowOrder)
	case to.Sub(from) > zabano.MaxSlotWindow:
		v.Add("to", zabano.Msgf(msgWindowTooLong, int(zabano.MaxSlotWindow/(7*24*time.Hour))))
	}
	return from, to, v.Err()
}

// ownSlots is GET /api/slot/available: the signed-in teacher's slots, booked
// ones too, in from..to, by default from a week ago to the end of the
// calendar's reach.
func (s *Server) ownSlots(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	loc, err := s.teacherZone(r, u, r.URL.Query().Get("tz"))
	var slots []zabano.Slot
	if err == nil {
		now := s.Now()
		var from, to time.Time
		from, to, err = slotWindow(r.URL.Query(), now.AddDate(0, 0, -7), 7*24*time.Hour+calendarReach)
		if err == nil {
			slots, err = s.Bookings.OwnSlots(r.Context(), u.ID, from, to)
		}
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, slotsOf(slots, loc))
}

// teacherSlots is GET /api/slot/teacher/{id}/: a teacher's free future
// slots in from..to, by default the calendar's reach, in the viewer's time
// zone (tz).
func (s *Server) teacherSlots(r *http.Request, _ *zabano.User, note *cacheNote) (any, error) {
	id, err := pathID(r)
	var loc *time.Location
	if err == nil {
		loc, err = zone(r.URL.Query().Get("tz"), zabano.DefaultTimeZone)
	}
	var from, to time.Time
	if err == nil {
		from, to, err = slotWindow(r.URL.Query(), s.Now(), calendarReach)
	}
	var slots []zabano.Slot
	if err == nil {
		slots, err = s.Bookings.FreeSlots(r.Context(), id, from, to)
	}
	if err != nil {
		return nil, err
	}
	note.teachers = []int64{id}
	if len(slots) > 0 {
		note.changesAt(slots[0].Start)
	}
	return slotsOf(slots, loc), nil
}

// deleteSlot is DELETE /api/available-slot/{id}/delete/: a free slot of one's own.
func (s *Server) deleteSlot(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	id, err := pathID(r)
	if err == nil {
		err = s.Bookings.DeleteSlot(r.Context(), u.ID, id)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, true)
}
