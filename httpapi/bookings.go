package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/zabano/zabano"
)

type personJSON struct {
	ID       int64   `json:"id"`
	Username string  `json:"username"`
	Name     string  `json:"name"`
	Photo    *string `json:"photo"`
}

type slotDetailJSON struct {
	Teacher   int64  `json:"teacher"`
	Date      string `json:"date"`
	StartTime string `json:"start_time"`
	EndTime   string `json:"end_time"`
}

// bookingJSON is a booked class (spec section 3, slot / booking).
type bookingJSON struct {
	ID                  int64                `json:"id"`
	Status              zabano.BookingStatus `json:"status"`
	CancellationPending bool                 `json:"cancellation_pending"`
	CancelledBy         zabano.Role          `json:"cancelled_by"`
	Slot                *int64               `json:"slot"`
	TeacherID           int64                `json:"teacher_id"`
	TeacherName         string               `json:"teacher_name"`
	TeacherPhoto        *string              `json:"teacher_photo"`
	Teacher             personJSON           `json:"teacher"`
	StudentID           int64                `json:"student_id"`
	Student             personJSON           `json:"student"`
	StartTime           time.Time            `json:"start_time"`
	EndTime             time.Time            `json:"end_time"`
	Duration            int                  `json:"duration"` // minutes
	Price               int64                `json:"price"`
	Trial               bool                 `json:"trial"`
	LevelPrice          int64                `json:"level_price"`
	Language            string               `json:"language"`
	LevelName           string               `json:"level_name"`
	// MeetingLink is the class's room while it is upcoming, else "".
	MeetingLink string     `json:"meeting_link"`
	Notes       string     `json:"notes"`
	RequestedAt *time.Time `json:"requested_at"`
	// FreeCancelUntil is when the student's free cancellation closes, while
	// it is open; null once cancelling needs the teacher's approval.
	FreeCancelUntil *time.Time     `json:"free_cancel_until"`
	CreatedAt       time.Time      `json:"created_at"`
	SlotDetail      slotDetailJSON `json:"slot_detail"`
	// Review is the student's rating of the class, and ReviewUntil until
	// when a done class not rated yet may be (reviews.go).
	Review      *reviewJSON `json:"review"`
	ReviewUntil *time.Time  `json:"review_until"`
	// Reschedule is the open proposal to move the class, in the lists;
	// null when there is none (reschedule.go).
	Reschedule *rescheduleJSON `json:"reschedule"`
	// Problem is the class's problem report and its state, or null (problems.go).
	Problem *problemJSON `json:"problem"`
}

// bookingOf is b as its sides see it, in the time zone loc and, for the
// name of a side who deleted their account, the language l.
func (s *Server) bookingOf(b *zabano.Booking, loc *time.Location, l string) bookingJSON {
	person := func(u zabano.User) personJSON {
		return personJSON{u.ID, u.Username, nameOf(&u, l), s.mediaURL(u.Photo)}
	}
	out := bookingJSON{
		ID: b.ID, Status: b.Status, CancellationPending: b.Status == zabano.StatusCancelPending, CancelledBy: b.CancelledBy,
		TeacherID: b.TeacherID, TeacherName: nameOf(&b.Teacher, l), TeacherPhoto: s.mediaURL(b.Teacher.Photo),
		Teacher: person(b.Teacher), StudentID: b.StudentID, Student: person(b.Student),
		StartTime: b.Start, EndTime: b.End, Duration: int(b.Duration().Minutes()), Price: b.Price, Trial: b.Trial,
		LevelPrice: b.LevelPriceID, Language: b.Language, LevelName: b.Level.String(),
		Notes: b.Notes, CreatedAt: b.CreatedAt,
		SlotDetail: slotDetailJSON{
			Teacher: b.TeacherID, Date: b.Start.In(loc).Format(time.DateOnly),
			StartTime: b.Start.In(loc).Format("15:04"), EndTime: b.End.In(loc).Format("15:04"),
		},
	}
	if b.SlotID != 0 {
		out.Slot = &b.SlotID
	}
	if b.Status == zabano.StatusBooked || b.Status == zabano.StatusCancelPending {
		out.MeetingLink = b.MeetingLink
	}
	if !b.CancelRequestedAt.IsZero() {
		out.RequestedAt = &b.CancelRequestedAt
	}
	if until, ok := b.ReviewUntil(s.Now()); ok {
		out.ReviewUntil = &until
	}
	if until, ok := s.Bookings.FreeCancelUntil(b); ok {
		out.FreeCancelUntil = &until
	}
	return out
}

// book is POST /api/slot/booking/ (slot, level_price or trial, notes).
func (s *Server) book(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	var req struct {
		Slot       flexString `json:"slot"`
		LevelPrice flexString `json:"level_price"`
		Trial      flexBool   `json:"trial"`
		Notes      string     `json:"notes"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	slot, _ := strconv.ParseInt(string(req.Slot), 10, 64)
	level, _ := strconv.ParseInt(string(req.LevelPrice), 10, 64)
	s.answerBooking(w, r, http.StatusCreated, func() (*zabano.Booking, error) {
		return s.Bookings.Book(r.Context(), zabano.NewBooking{StudentID: u.ID, SlotID: slot, LevelPriceID: level, Trial: bool(req.Trial), Notes: req.Notes})
	})
}

// answerBooking reads the request's time zone (tz) before running change,
// so that a bad zone changes nothing, then writes the booking in that zone.
func (s *Server) answerBooking(w http.ResponseWriter, r *http.Request, status int, change func() (*zabano.Booking, error)) {
	loc, err := zone(r.URL.Query().Get("tz"), zabano.DefaultTimeZone)
	var b *zabano.Booking
	if err == nil {
		b, err = change()
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, status, s.bookingOf(b, loc, lang(r)))
}

// changeBooking is a handler that applies change to the booking {id} of the
// signed-in user: a student's cancel (PUT /api/slot/cancel/{id}/), a teacher's
// cancel (PUT /api/slot/teacher-cancel/{id}/), or marking it done (PUT
// /api/slot/done/{id}/, which pays the teacher).
func (s *Server) changeBooking(change func(ctx context.Context, userID, bookingID int64) (*zabano.Booking, error)) userHandler {
	return func(w http.ResponseWriter, r *http.Request, u *zabano.User) {
		s.answerBooking(w, r, http.StatusOK, func() (*zabano.Booking, error) {
			id, err := pathID(r)
			if err != nil {
				return nil, err
			}
			return change(r.Context(), u.ID, id)
		})
	}
}

var msgApproveRequired = zabano.Msg{En: "Say whether to approve: true or false.", Fa: "تأیید یا رد را مشخص کنید: true یا false."}

// decideCancel is PUT /api/slot/cancel/approve/?id={id} with approve true or
// false: the teacher approves (refund) or rejects (booked again) a request.
func (s *Server) decideCancel(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	var req struct {
		Approve *bool `json:"approve"`
	}
	id, err := strconv.ParseInt(r.URL.Query().Get("id"), 10, 64)
	if err != nil || id <= 0 {
		writeError(w, r, zabano.Errorf(zabano.ENOTFOUND, zabano.MsgBookingNotFound))
		return
	}
	if err := decode(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	if req.Approve == nil {
		writeError(w, r, zabano.FieldError("approve", msgApproveRequired))
		return
	}
	s.answerBooking(w, r, http.StatusOK, func() (*zabano.Booking, error) {
		return s.Bookings.DecideCancel(r.Context(), u.ID, id, *req.Approve)
	})
}

// bookings is GET /api/slot/lists/student/ and /api/slot/lists/teacher/:
// the signed-in user's classes, by start time.
func (s *Server) bookings(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	loc, err := zone(r.URL.Query().Get("tz"), zabano.DefaultTimeZone)
	var list []zabano.Class
	if err == nil {
		list, err = s.Bookings.Classes(r.Context(), u)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]bookingJSON, len(list))
	for i, c := range list {
		out[i] = s.bookingOf(c.Booking, loc, lang(r))
		if c.Review != nil {
			out[i].Review, out[i].ReviewUntil = reviewOf(c.Review, lang(r)), nil
		}
		if c.Reschedule != nil {
			out[i].Reschedule = rescheduleOf(c.Reschedule, loc, s.Now())
		}
		if c.Problem != nil {
			out[i].Problem = problemOf(c.Problem)
		}
	}
	encode(w, http.StatusOK, out)
}
