package zabano

import (
	"context"
	"math"
	"strings"
	"time"
	"unicode/utf8"
)

// ReviewWindow is how long after a class's end its student may rate it.
const ReviewWindow = 30 * 24 * time.Hour

// Review is a student's rating of a class they took, and its teacher's answer.
type Review struct {
	ID        int64
	BookingID int64
	TeacherID int64
	StudentID int64
	Rating    int // 1 to 5
	Text      string
	CreatedAt time.Time
	Reply     string
	RepliedAt time.Time // zero until the teacher answers
	// Hidden reviews (by an operator) count in no rating and are not listed.
	Hidden       bool
	HiddenReason string
	// Student is the reviewer, for showing their name; Teacher is filled for
	// operators' lists only.
	Student, Teacher User
}

// NewReview is a student's rating of one of their classes.
type NewReview struct {
	StudentID int64
	BookingID int64
	Rating    int
	Text      string
}

const maxReviewText = 2000

var (
	msgRatingRange = Msg{"Choose a rating from 1 to 5 stars.", "امتیازی از ۱ تا ۵ ستاره انتخاب کنید."}
	msgReplyEmpty  = Msg{"Write your answer.", "پاسخ خود را بنویسید."}
)

// Messages of the review rules, for the store.
var (
	MsgReviewNotYours = Msg{"Only the student of this class can rate it.", "فقط زبان‌آموز این کلاس می‌تواند به آن امتیاز دهد."}
	MsgReviewNotDone  = Msg{"A class can be rated once it is done.", "به کلاس فقط پس از برگزاری‌اش می‌توان امتیاز داد."}
	MsgReviewTooLate  = Msg{"A class can be rated only within 30 days of its end.", "به کلاس فقط تا ۳۰ روز پس از پایانش می‌توان امتیاز داد."}
	MsgReviewTwice    = Msg{"You have already rated this class.", "شما قبلاً به این کلاس امتیاز داده‌اید."}
	MsgReviewNotFound = Msg{"Review not found.", "نظر یافت نشد."}
	MsgReplyNotYours  = Msg{"Only the teacher of this class can answer its review.", "فقط استاد این کلاس می‌تواند به نظر آن پاسخ دهد."}
	MsgReplyTwice     = Msg{"You have already answered this review.", "شما قبلاً به این نظر پاسخ داده‌اید."}
)

// Validate checks r's rating and trims its text.
func (r *NewReview) Validate() error {
	var v Validation
	if r.Rating < 1 || r.Rating > 5 {
		v.Add("rating", msgRatingRange)
	}
	checkText(&v, "text", &r.Text, maxReviewText)
	return v.Err()
}

// ValidateReply checks and trims a teacher's answer to a review.
func ValidateReply(text *string) error {
	var v Validation
	*text = strings.TrimSpace(*text)
	if *text == "" {
		v.Add("text", msgReplyEmpty)
	} else if utf8.RuneCountInString(*text) > maxReviewText {
		v.Add("text", Msgf(msgTooLong, maxReviewText))
	}
	return v.Err()
}

// Rating is the average of n visible ratings summing to sum, to two
// decimals; nil when there are none: a teacher nobody rated has no rating.
func Rating(sum int64, n int) *float64 {
	if n == 0 {
		return nil
	}
	r := math.Round(float64(sum)/float64(n)*100) / 100
	return &r
}

// ReviewUntil is the last instant b's student may rate it, ReviewWindow
// after its end; ok is false unless b is done and that instant has not passed.
func (b *Booking) ReviewUntil(now time.Time) (until time.Time, ok bool) {
	until = b.End.Add(ReviewWindow)
	return until, b.Status == StatusDone && !now.After(until)
}

// RatingPrior is C of the rating order's Bayesian average
// (C*m + sum) / (C + n): a teacher's average counts as if C more reviews at
// the marketplace mean m came with it (docs/decisions.md).
const RatingPrior = 10

// ReviewStore keeps reviews. Each method is one transaction.
type ReviewStore interface {
	// AddReview rates a done class of the student's within ReviewWindow of its
	// end, once, and adds it to the teacher's rating.
	AddReview(ctx context.Context, r *NewReview) (*Review, error)
	// ReplyToReview sets the teacher's one answer to a review of their class.
	ReplyToReview(ctx context.Context, teacherID, reviewID int64, text string) (*Review, error)
	// TeacherReviews returns a page of a teacher's visible reviews, newest
	// first, and how many there are in all.
	TeacherReviews(ctx context.Context, teacherID int64, limit, offset int) ([]*Review, int, error)
}
