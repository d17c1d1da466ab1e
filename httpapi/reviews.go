package httpapi

import (
	"net/http"
	"time"

	"github.com/zabano/zabano"
)

type replyJSON struct {
	Text      string    `json:"text"`
	CreatedAt time.Time `json:"created_at"`
}

// reviewJSON is a student's rating of a class and the teacher's answer.
type reviewJSON struct {
	ID          int64      `json:"id"`
	Booking     int64      `json:"booking"`
	TeacherID   int64      `json:"teacher_id"`
	StudentID   int64      `json:"student_id"`
	StudentName string     `json:"student_name"`
	Rating      int        `json:"rating"`
	Text        string     `json:"text"`
	CreatedAt   time.Time  `json:"created_at"`
	Reply       *replyJSON `json:"reply"`
}

// reviewOf is r as it is shown, the name of a student who deleted their
// account in the language l.
func reviewOf(r *zabano.Review, l string) *reviewJSON {
	out := &reviewJSON{
		ID: r.ID, Booking: r.BookingID, TeacherID: r.TeacherID, StudentID: r.StudentID,
		StudentName: nameOf(&r.Student, l), Rating: r.Rating, Text: r.Text, CreatedAt: r.CreatedAt,
	}
	if !r.RepliedAt.IsZero() {
		out.Reply = &replyJSON{r.Reply, r.RepliedAt}
	}
	return out
}

// addReview is POST /api/slot/{id}/review/ (rating, text): the student rates
// their done class {id}.
func (s *Server) addReview(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	var req struct {
		Rating int    `json:"rating"`
		Text   string `json:"text"`
	}
	id, err := pathID(r)
	if err == nil {
		err = decode(r, &req)
	}
	nr := &zabano.NewReview{StudentID: u.ID, BookingID: id, Rating: req.Rating, Text: req.Text}
	if err == nil {
		err = nr.Validate()
	}
	var rv *zabano.Review
	if err == nil {
		rv, err = s.Reviews.AddReview(r.Context(), nr)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusCreated, reviewOf(rv, lang(r)))
}

// replyToReview is POST /api/reviews/{id}/reply/ (text): the teacher's one
// answer to a review of their class.
func (s *Server) replyToReview(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	var req struct {
		Text string `json:"text"`
	}
	id, err := pathID(r)
	if err == nil {
		err = decode(r, &req)
	}
	if err == nil {
		err = zabano.ValidateReply(&req.Text)
	}
	var rv *zabano.Review
	if err == nil {
		rv, err = s.Reviews.ReplyToReview(r.Context(), u.ID, id, req.Text)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, reviewOf(rv, lang(r)))
}

// reviewsPageSize is the length of a page of a teacher's reviews.
const reviewsPageSize = 20

// teacherReviews is GET /api/teachers/{id}/reviews/?page=N: the teacher's
// visible reviews, newest first.
func (s *Server) teacherReviews(r *http.Request, _ *zabano.User, _ *cacheNote) (any, error) {
	var v zabano.Validation
	page := queryInt(&v, r.URL.Query().Get("page"), "page", 1, 1, 1_000_000)
	id, err := pathID(r)
	if err == nil {
		err = v.Err()
	}
	var list []*zabano.Review
	var total int
	if err == nil {
		list, total, err = s.Reviews.TeacherReviews(r.Context(), id, reviewsPageSize, (page-1)*reviewsPageSize)
	}
	if err != nil {
		return nil, err
	}
	results := make([]*reviewJSON, len(list))
	for i, rv := range list {
		results[i] = reviewOf(rv, lang(r))
	}
	var next *int
	if page*reviewsPageSize < total {
		next = new(page + 1)
	}
	return map[string]any{"results": results, "count": total, "page": page, "page_size": reviewsPageSize, "next": next}, nil
}
