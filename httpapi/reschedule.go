package httpapi

import (
	"net/http"
	"strconv"
	"time"

	"github.com/zabano/zabano"
)

// rescheduleJSON is a proposal to move a class to another slot.
type rescheduleJSON struct {
	ID         int64                   `json:"id"`
	Booking    int64                   `json:"booking"`
	Slot       slotJSON                `json:"slot"`
	ProposedBy zabano.Role             `json:"proposed_by"`
	CreatedAt  time.Time               `json:"created_at"`
	ExpiresAt  time.Time               `json:"expires_at"`
	Status     zabano.RescheduleStatus `json:"status"`
}

func rescheduleOf(r *zabano.Reschedule, loc *time.Location, now time.Time) *rescheduleJSON {
	return &rescheduleJSON{
		ID: r.ID, Booking: r.BookingID, Slot: slotOf(r.Slot, loc), ProposedBy: r.ProposedBy,
		CreatedAt: r.CreatedAt, ExpiresAt: r.ExpiresAt, Status: r.StatusAt(now),
	}
}

// proposeReschedule is POST /api/slot/{id}/reschedule/ (slot): the class's
// student or teacher proposes moving it to another free slot of its teacher.
func (s *Server) proposeReschedule(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	var req struct {
		Slot flexString `json:"slot"`
	}
	id, err := pathID(r)
	if err == nil {
		err = decode(r, &req)
	}
	var rs *zabano.Reschedule
	if err == nil {
		slot, _ := strconv.ParseInt(string(req.Slot), 10, 64)
		rs, err = s.Bookings.ProposeReschedule(r.Context(), u.ID, id, slot)
	}
	s.answerReschedule(w, r, rs, err, http.StatusCreated)
}

// decideReschedule is PUT /api/slot/reschedule/{id}/ (accept): the other
// side of the class accepts or declines the proposal {id}. The answer is the
// proposal, accepted or declined; the class lists then show the class where
// it is.
func (s *Server) decideReschedule(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	var req struct {
		Accept *bool `json:"accept"`
	}
	id, err := pathID(r)
	if err == nil {
		err = decode(r, &req)
	}
	var rs *zabano.Reschedule
	if err == nil {
		rs, err = s.Bookings.AnswerReschedule(r.Context(), u.ID, id, req.Accept)
	}
	s.answerReschedule(w, r, rs, err, http.StatusOK)
}

// answerReschedule writes rs in the time zone the request names (tz), or err.
func (s *Server) answerReschedule(w http.ResponseWriter, r *http.Request, rs *zabano.Reschedule, err error, status int) {
	var loc *time.Location
	if err == nil {
		loc, err = zone(r.URL.Query().Get("tz"), zabano.DefaultTimeZone)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, status, rescheduleOf(rs, loc, s.Now()))
}
