package httpapi

import (
	"net/http"
	"strconv"
	"time"

	"github.com/zabano/zabano"
)

type periodJSON struct {
	NewStudents    int   `json:"new_students"`
	NewTeachers    int   `json:"new_teachers"`
	ClassesBooked  int   `json:"classes_booked"`
	ClassesDone    int   `json:"classes_done"`
	ToppedUp       int64 `json:"topped_up"`
	PaidToTeachers int64 `json:"paid_to_teachers"`
}

func periodOf(p zabano.Period) periodJSON {
	return periodJSON{p.NewStudents, p.NewTeachers, p.ClassesBooked, p.ClassesDone, p.ToppedUp, p.PaidToTeachers}
}

type countAmountJSON struct {
	Count  int   `json:"count"`
	Amount int64 `json:"amount"`
}

// overview is GET /api/admin/overview/: today's and this month's figures,
// what waits for the operators, and the audits' result.
func (s *Server) overview(w http.ResponseWriter, r *http.Request, _ *zabano.User) {
	o, err := s.People.Overview(r.Context())
	var audit *zabano.AuditReport
	if err == nil {
		audit, err = s.Auditor.Audit(r.Context())
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, map[string]any{
		"today": periodOf(o.Today), "month": periodOf(o.Month),
		"waiting_withdrawals": countAmountJSON{o.WaitingWithdrawals, o.WaitingAmount},
		"open_disputes":       o.OpenDisputes, "pending_teachers": o.PendingTeachers, "audit": auditOf(audit),
	})
}

// adminUserJSON is a user as the operator's user list shows them.
type adminUserJSON struct {
	userSummaryJSON
	Email           string     `json:"email"`
	CreatedAt       time.Time  `json:"created_at"`
	SuspendedAt     *time.Time `json:"suspended_at"`
	SuspendedReason string     `json:"suspended_reason"`
	Deleted         bool       `json:"deleted"`
}

func (s *Server) adminUserOf(u *zabano.User) adminUserJSON {
	out := adminUserJSON{
		userSummaryJSON: s.userSummaryOf(u), Email: u.Email, CreatedAt: u.CreatedAt,
		SuspendedReason: u.SuspendedReason, Deleted: !u.DeletedAt.IsZero(),
	}
	if !u.SuspendedAt.IsZero() {
		out.SuspendedAt = &u.SuspendedAt
	}
	return out
}

// adminUsers is GET /api/admin/users/?q=&role=: up to 50 users, newest
// first, whose username, name or phone matches q.
func (s *Server) adminUsers(w http.ResponseWriter, r *http.Request, _ *zabano.User) {
	q := r.URL.Query()
	list, err := s.People.FindUsers(r.Context(), q.Get("q"), zabano.Role(q.Get("role")))
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]adminUserJSON, len(list))
	for i := range list {
		out[i] = s.adminUserOf(&list[i])
	}
	encode(w, http.StatusOK, out)
}

type adminBookingJSON struct {
	ID      int64                `json:"id"`
	Start   time.Time            `json:"start"`
	End     time.Time            `json:"end"`
	Status  zabano.BookingStatus `json:"status"`
	Price   int64                `json:"price"`
	Teacher userSummaryJSON      `json:"teacher"`
	Student userSummaryJSON      `json:"student"`
}

type chatSummaryJSON struct {
	ID            int64           `json:"id"`
	With          userSummaryJSON `json:"with"`
	Messages      int             `json:"messages"`
	LastMessageAt *time.Time      `json:"last_message_at"`
}

type adminTeacherJSON struct {
	ReviewStatus zabano.ReviewStatus `json:"review_status"`
	ReviewReason string              `json:"review_reason"`
}

// adminUser is GET /api/admin/users/{id}/: the user's account, wallet,
// classes, payments and chats' metadata (never the messages' text).
func (s *Server) adminUser(w http.ResponseWriter, r *http.Request, _ *zabano.User) {
	id, err := pathID(r)
	var d *zabano.UserDetail
	if err == nil {
		d, err = s.People.UserDetail(r.Context(), id)
	}
	var balance int64
	var transactions []zabano.WalletTransaction
	if err == nil {
		balance, err = s.Wallets.Balance(r.Context(), id)
	}
	if err == nil {
		transactions, err = s.Wallets.Transactions(r.Context(), id)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	bookings := make([]adminBookingJSON, len(d.Bookings))
	for i, b := range d.Bookings {
		bookings[i] = adminBookingJSON{b.ID, b.Start, b.End, b.Status, b.Price, s.userSummaryOf(&b.Teacher), s.userSummaryOf(&b.Student)}
	}
	payments := make([]adminPaymentJSON, len(d.Payments))
	for i, p := range d.Payments {
		p.User = d.User
		payments[i] = s.adminPaymentOf(&p)
	}
	transactions = transactions[:min(len(transactions), zabano.DetailListSize)]
	txs := make([]walletTransactionJSON, len(transactions))
	for i, t := range transactions {
		txs[i] = walletTransactionOf(t)
	}
	chats := make([]chatSummaryJSON, len(d.Chats))
	for i, c := range d.Chats {
		chats[i] = chatSummaryJSON{ID: c.ID, With: s.userSummaryOf(&c.With), Messages: c.Messages}
		if !c.LastMessageAt.IsZero() {
			chats[i].LastMessageAt = &c.LastMessageAt
		}
	}
	var teacher *adminTeacherJSON
	if d.Review != nil {
		teacher = &adminTeacherJSON{d.Review.Status, d.Review.Reason}
	}
	encode(w, http.StatusOK, map[string]any{
		"user": s.adminUserOf(&d.User), "balance": balance, "bookings": bookings, "payments": payments,
		"transactions": txs, "chats": chats, "teacher": teacher,
	})
}

// reasonRequest is the body of an operator action that takes a reason.
type reasonRequest struct {
	Reason string `json:"reason"`
}

// suspendUser is POST /api/admin/users/{id}/suspend/ (reason).
func (s *Server) suspendUser(w http.ResponseWriter, r *http.Request, admin *zabano.User) {
	var req reasonRequest
	id, err := pathID(r)
	if err == nil {
		err = decode(r, &req)
	}
	var u *zabano.User
	if err == nil {
		u, err = s.People.Suspend(r.Context(), admin, id, req.Reason)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, s.adminUserOf(u))
}

// unsuspendUser is POST /api/admin/users/{id}/unsuspend/.
func (s *Server) unsuspendUser(w http.ResponseWriter, r *http.Request, admin *zabano.User) {
	id, err := pathID(r)
	var u *zabano.User
	if err == nil {
		u, err = s.People.Unsuspend(r.Context(), admin, id)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, s.adminUserOf(u))
}

// teacherReviewJSON is a teacher's own view of their review.
type teacherReviewJSON struct {
	Status      zabano.ReviewStatus `json:"status"`
	Reason      string              `json:"reason"`
	RequestedAt time.Time           `json:"requested_at"`
}

func teacherReviewOf(r *zabano.TeacherReview) teacherReviewJSON {
	return teacherReviewJSON{r.Status, r.Reason, r.RequestedAt}
}

// askReview is POST /api/teacher/profile/review/: a rejected teacher asks
// for another review.
func (s *Server) askReview(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	rv, err := s.People.AskReview(r.Context(), u)
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, teacherReviewOf(rv))
}

type pendingLevelJSON struct {
	Language     string `json:"language"`
	Level        string `json:"level"`
	RegularPrice int64  `json:"regular_price"`
	ExamPrice    int64  `json:"exam_price"`
}

type pendingDocumentJSON struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	URL  string `json:"url"`
}

// pendingTeacherJSON is a teacher in the review queue, with what an
// operator judges.
type pendingTeacherJSON struct {
	Teacher     userSummaryJSON       `json:"teacher"`
	Bio         string                `json:"bio"`
	VideoURL    *string               `json:"video_url"`
	Documents   []pendingDocumentJSON `json:"documents"`
	Levels      []pendingLevelJSON    `json:"levels"`
	RequestedAt time.Time             `json:"requested_at"`
}

// pendingTeachers is GET /api/admin/teachers/pending/: the review queue,
// oldest request first.
func (s *Server) pendingTeachers(w http.ResponseWriter, r *http.Request, _ *zabano.User) {
	list, err := s.People.PendingTeachers(r.Context(), adminPageSize)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]pendingTeacherJSON, len(list))
	for i, p := range list {
		t := pendingTeacherJSON{
			Teacher: s.userSummaryOf(&p.User), Bio: p.User.Bio, VideoURL: s.mediaURL(p.IntroVideo),
			Documents: []pendingDocumentJSON{}, Levels: []pendingLevelJSON{}, RequestedAt: p.Review.RequestedAt,
		}
		for _, d := range p.Documents {
			t.Documents = append(t.Documents, pendingDocumentJSON{d.ID, d.Name, *s.mediaURL(d.File)})
		}
		for _, l := range p.Levels {
			t.Levels = append(t.Levels, pendingLevelJSON{l.Language, l.Level.String(), l.RegularPrice, l.ExamPrice})
		}
		out[i] = t
	}
	encode(w, http.StatusOK, out)
}

// reviewDecisionJSON is an operator's decision on a teacher's profile.
type reviewDecisionJSON struct {
	ReviewStatus zabano.ReviewStatus `json:"review_status"`
	ReviewReason string              `json:"review_reason,omitempty"`
}

// approveTeacher is POST /api/admin/teachers/{id}/approve/.
func (s *Server) approveTeacher(w http.ResponseWriter, r *http.Request, admin *zabano.User) {
	id, err := pathID(r)
	var rv *zabano.TeacherReview
	if err == nil {
		rv, err = s.People.ApproveTeacher(r.Context(), admin, id)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, reviewDecisionJSON{ReviewStatus: rv.Status})
}

// rejectTeacher is POST /api/admin/teachers/{id}/reject/ (reason).
func (s *Server) rejectTeacher(w http.ResponseWriter, r *http.Request, admin *zabano.User) {
	var req reasonRequest
	id, err := pathID(r)
	if err == nil {
		err = decode(r, &req)
	}
	var rv *zabano.TeacherReview
	if err == nil {
		rv, err = s.People.RejectTeacher(r.Context(), admin, id, req.Reason)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, reviewDecisionJSON{rv.Status, rv.Reason})
}

// adminReviewJSON is a review as the console lists it, hidden ones too.
type adminReviewJSON struct {
	ID           int64           `json:"id"`
	Teacher      userSummaryJSON `json:"teacher"`
	Student      userSummaryJSON `json:"student"`
	Rating       int             `json:"rating"`
	Comment      string          `json:"comment"`
	Reply        *string         `json:"reply"`
	CreatedAt    time.Time       `json:"created_at"`
	Hidden       bool            `json:"hidden"`
	HiddenReason string          `json:"hidden_reason"`
}

func (s *Server) adminReviewOf(rv *zabano.Review) adminReviewJSON {
	out := adminReviewJSON{
		ID: rv.ID, Teacher: s.userSummaryOf(&rv.Teacher), Student: s.userSummaryOf(&rv.Student), Rating: rv.Rating,
		Comment: rv.Text, CreatedAt: rv.CreatedAt, Hidden: rv.Hidden, HiddenReason: rv.HiddenReason,
	}
	if !rv.RepliedAt.IsZero() {
		out.Reply = &rv.Reply
	}
	return out
}

var msgTeacherIDInvalid = zabano.Msg{En: "teacher_id must be a teacher's id.", Fa: "teacher_id باید شناسهٔ یک استاد باشد."}

// adminReviews is GET /api/admin/reviews/?teacher_id=&before=: reviews,
// hidden ones too, newest first.
func (s *Server) adminReviews(w http.ResponseWriter, r *http.Request, _ *zabano.User) {
	var teacherID int64
	before, err := beforeCursor(r)
	if t := r.URL.Query().Get("teacher_id"); err == nil && t != "" {
		if teacherID, err = strconv.ParseInt(t, 10, 64); err != nil || teacherID <= 0 {
			err = zabano.FieldError("teacher_id", msgTeacherIDInvalid)
		}
	}
	var list []*zabano.Review
	if err == nil {
		list, err = s.People.Reviews(r.Context(), teacherID, before, adminPageSize)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]adminReviewJSON, len(list))
	for i, rv := range list {
		out[i] = s.adminReviewOf(rv)
	}
	encode(w, http.StatusOK, out)
}

// hideReview is POST /api/admin/reviews/{id}/hide/ (reason).
func (s *Server) hideReview(w http.ResponseWriter, r *http.Request, admin *zabano.User) {
	var req reasonRequest
	id, err := pathID(r)
	if err == nil {
		err = decode(r, &req)
	}
	var rv *zabano.Review
	if err == nil {
		rv, err = s.People.HideReview(r.Context(), admin, id, req.Reason)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, s.adminReviewOf(rv))
}
