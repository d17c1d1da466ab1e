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
	// Outcome is how the money moved, null until it did: the accepted
	// proposal, or an operator's decision, whose note both sides read.
	Outcome *zabano.Resolution `json:"outcome"`
	Note    string             `json:"note"`
}

func problemOf(p *zabano.ProblemReport) *problemJSON {
	out := &problemJSON{
		ID: p.ID, Booking: p.BookingID, ReportedBy: p.ReportedBy, Reason: p.Reason, Text: p.Text,
		Resolution: p.Resolution, Status: p.Status, CreatedAt: p.CreatedAt, Note: p.Note,
	}
	if p.Outcome != "" {
		out.Outcome = &p.Outcome
	}
	return out
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

// disputeJSON is a dispute as the operator's console lists it.
type disputeJSON struct {
	ID            int64                `json:"id"`
	Booking       disputeBookingJSON   `json:"booking"`
	ReportedBy    zabano.Role          `json:"reported_by"`
	Reason        zabano.ProblemReason `json:"reason"`
	Text          string               `json:"text"`
	Resolution    zabano.Resolution    `json:"resolution"`
	Status        zabano.ProblemStatus `json:"status"`
	CreatedAt     time.Time            `json:"created_at"`
	AnsweredAt    time.Time            `json:"answered_at"`
	Outcome       *zabano.Resolution   `json:"outcome"`
	RefundPercent *int                 `json:"refund_percent"`
	Note          string               `json:"note"`
	DecidedBy     *userSummaryJSON     `json:"decided_by"`
	DecidedAt     *time.Time           `json:"decided_at"`
}

type disputeBookingJSON struct {
	ID       int64           `json:"id"`
	Start    time.Time       `json:"start"`
	End      time.Time       `json:"end"`
	Price    int64           `json:"price"`
	Language string          `json:"language"`
	Level    string          `json:"level"`
	Teacher  userSummaryJSON `json:"teacher"`
	Student  userSummaryJSON `json:"student"`
}

// disputeDetailJSON is a dispute with the pair's chat around its class.
type disputeDetailJSON struct {
	disputeJSON
	Messages []disputeMessageJSON `json:"messages"`
}

type disputeMessageJSON struct {
	ID        int64           `json:"id"`
	Sender    userSummaryJSON `json:"sender"`
	Text      string          `json:"text"`
	CreatedAt time.Time       `json:"created_at"`
}

func (s *Server) disputeOf(d *zabano.Dispute) disputeJSON {
	r, b := &d.Report, &d.Booking
	out := disputeJSON{
		ID: r.ID, ReportedBy: r.ReportedBy, Reason: r.Reason, Text: r.Text, Resolution: r.Resolution, Status: r.Status,
		CreatedAt: r.CreatedAt, AnsweredAt: r.AnsweredAt, Note: r.Note,
		Booking: disputeBookingJSON{
			ID: b.ID, Start: b.Start, End: b.End, Price: b.Price, Language: b.Language, Level: b.Level.String(),
			Teacher: s.userSummaryOf(&b.Teacher), Student: s.userSummaryOf(&b.Student),
		},
	}
	if r.Status == zabano.ProblemResolved {
		percent, by := r.Outcome.Percent(), s.userSummaryOf(&d.DecidedBy)
		out.Outcome, out.RefundPercent, out.DecidedBy, out.DecidedAt = &r.Outcome, &percent, &by, &r.SettledAt
	}
	return out
}

// disputes is GET /api/admin/disputes/?status=&before=: disputed reports
// (the default) or resolved ones, newest first.
func (s *Server) disputes(w http.ResponseWriter, r *http.Request, _ *zabano.User) {
	before, err := beforeCursor(r)
	var list []zabano.Dispute
	if err == nil {
		list, err = s.Bookings.Disputes(r.Context(), zabano.ProblemStatus(r.URL.Query().Get("status")), before, adminPageSize)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]disputeJSON, len(list))
	for i := range list {
		out[i] = s.disputeOf(&list[i])
	}
	encode(w, http.StatusOK, out)
}

// dispute is GET /api/admin/disputes/{id}/: the dispute and the pair's chat
// around its class, which the dispute lets the operator read.
func (s *Server) dispute(w http.ResponseWriter, r *http.Request, _ *zabano.User) {
	id, err := pathID(r)
	var d *zabano.Dispute
	if err == nil {
		d, err = s.Bookings.Dispute(r.Context(), id)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, s.disputeDetailOf(d))
}

func (s *Server) disputeDetailOf(d *zabano.Dispute) disputeDetailJSON {
	sides := map[int64]userSummaryJSON{
		d.Booking.TeacherID: s.userSummaryOf(&d.Booking.Teacher),
		d.Booking.StudentID: s.userSummaryOf(&d.Booking.Student),
	}
	out := disputeDetailJSON{disputeJSON: s.disputeOf(d), Messages: make([]disputeMessageJSON, len(d.Messages))}
	for i, m := range d.Messages {
		out.Messages[i] = disputeMessageJSON{ID: m.ID, Sender: sides[m.SenderID], Text: m.Content, CreatedAt: m.CreatedAt}
	}
	return out
}

// decideDispute is POST /api/admin/disputes/{id}/decide/ (refund_percent,
// note): the money moves as decided and both sides see the decision.
func (s *Server) decideDispute(w http.ResponseWriter, r *http.Request, op *zabano.User) {
	var req struct {
		RefundPercent *int   `json:"refund_percent"`
		Note          string `json:"note"`
	}
	id, err := pathID(r)
	if err == nil {
		err = decode(r, &req)
	}
	var d *zabano.Dispute
	if err == nil {
		d, err = s.Bookings.DecideDispute(r.Context(), op, id, req.RefundPercent, req.Note)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, s.disputeOf(d))
}
