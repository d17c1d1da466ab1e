package httpapi

import (
	"net/http"
	"time"

	"github.com/zabano/zabano"
)

// problemJSON is a side's report of a problem with a class and its state.
type problemJSON struct {
	ID         int64                `json:"id"`
	Booking    int64                `json:"booking"`
	ReportedBy zabano.Role          `json:"reported_by"`
	Reason     zabano.ProblemReason `json:"reason"`
	Text       string               `json:"text"`
	Resolution zabano.Resolution    `json:"resolution"`
	Status     zabano.ProblemStatus `json:"status"`
	CreatedAt  time.Time            `json:"created_at"`
}

func problemOf(p *zabano.ProblemReport) *problemJSON {
	return &problemJSON{
		ID: p.ID, Booking: p.BookingID, ReportedBy: p.ReportedBy, Reason: p.Reason, Text: p.Text,
		Resolution: p.Resolution, Status: p.Status, CreatedAt: p.CreatedAt,
	}
}

// reportProblem is POST /api/slot/{id}/problem/ (reason, text, resolution):
// the student or the teacher of class {id} reports a problem with it.
func (s *Server) reportProblem(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	var req struct {
		Reason     zabano.ProblemReason `json:"reason"`
		Text       string               `json:"text"`
		Resolution zabano.Resolution    `json:"resolution"`
	}
	id, err := pathID(r)
	if err == nil {
		err = decode(r, &req)
	}
	var p *zabano.ProblemReport
	if err == nil {
		p, err = s.Bookings.ReportProblem(r.Context(), zabano.NewProblem{
			UserID: u.ID, BookingID: id, Reason: req.Reason, Text: req.Text, Resolution: req.Resolution,
		})
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusCreated, problemOf(p))
}

var msgAcceptRequired = zabano.Msg{En: "Say whether to accept: true or false.", Fa: "پذیرش یا رد را مشخص کنید: true یا false."}

// answerProblem is PUT /api/slot/problem/{id}/ (accept): the other side of
// the class accepts report {id} (the money moves) or declines it (a dispute).
func (s *Server) answerProblem(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	var req struct {
		Accept *bool `json:"accept"`
	}
	id, err := pathID(r)
	if err == nil {
		err = decode(r, &req)
	}
	if err == nil && req.Accept == nil {
		err = zabano.FieldError("accept", msgAcceptRequired)
	}
	var p *zabano.ProblemReport
	if err == nil {
		p, err = s.Bookings.AnswerProblem(r.Context(), u.ID, id, *req.Accept)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, problemOf(p))
}
