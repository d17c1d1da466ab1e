package httpapi

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/zabano/zabano"
)

// flexBool is a JSON boolean that may arrive as text, as form fields do.
type flexBool bool

func (f *flexBool) UnmarshalJSON(b []byte) error {
	var s string
	if json.Unmarshal(b, &s) == nil {
		v, err := strconv.ParseBool(s)
		*f = flexBool(v && err == nil)
		return nil
	}
	var v bool
	err := json.Unmarshal(b, &v)
	*f = flexBool(v)
	return err
}

type missingWeekJSON struct {
	Week      int       `json:"week"`
	StartTime time.Time `json:"start_time"`
}

func missingWeeksOf(weeks []zabano.MissingWeek) []missingWeekJSON {
	out := make([]missingWeekJSON, len(weeks))
	for i, w := range weeks {
		out[i] = missingWeekJSON{w.Week, w.Start}
	}
	return out
}

// bookWeekly is POST /api/slot/booking/recurring/ (slot, weeks, level_price,
// notes): the slot and the same time in the weeks after it, all or none.
func (s *Server) bookWeekly(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	var req struct {
		Slot       flexString `json:"slot"`
		Weeks      flexString `json:"weeks"`
		LevelPrice flexString `json:"level_price"`
		Notes      string     `json:"notes"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	slot, _ := strconv.ParseInt(string(req.Slot), 10, 64)
	level, _ := strconv.ParseInt(string(req.LevelPrice), 10, 64)
	weeks, _ := strconv.Atoi(string(req.Weeks))
	// The zone first: a bad one must not leave the weeks booked.
	loc, err := zone(r.URL.Query().Get("tz"), zabano.DefaultTimeZone)
	var list []*zabano.Booking
	if err == nil {
		list, err = s.Bookings.BookWeekly(r.Context(), zabano.NewBooking{StudentID: u.ID, SlotID: slot, LevelPriceID: level, Notes: req.Notes}, weeks)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]bookingJSON, len(list))
	for i, b := range list {
		out[i] = s.bookingOf(b, loc, lang(r))
	}
	encode(w, http.StatusCreated, out)
}
