package zabano

import (
	"context"
	"time"
)

// ReviewStatus is where a teacher's profile stands with the operators.
type ReviewStatus string

const (
	// ReviewPending: waiting for an operator, since the teacher registered or
	// asked again after a rejection.
	ReviewPending ReviewStatus = "pending"
	// ReviewApproved: students find and book the teacher.
	ReviewApproved ReviewStatus = "approved"
	// ReviewRejected: the teacher is shown the reason, changes their profile
	// and asks again.
	ReviewRejected ReviewStatus = "rejected"
)

// Name is how a status reads in messages.
func (s ReviewStatus) Name() Msg {
	switch s {
	case ReviewPending:
		return Msg{"waiting for review", "در انتظار بررسی"}
	case ReviewApproved:
		return Msg{"approved", "تأییدشده"}
	}
	return Msg{"rejected", "ردشده"}
}

// TeacherReview is an operator's judgement of a teacher's profile. A new
// teacher waits for it when review is on (ZABANO_TEACHER_REVIEW); an
// approved teacher stays approved whatever they edit later: an operator who
// finds an approved profile unfit suspends its teacher.
type TeacherReview struct {
	Status ReviewStatus
	// Reason is why the profile was rejected, "" otherwise.
	Reason string
	// RequestedAt is when the teacher registered or last asked again.
	RequestedAt time.Time
}

// Messages of the teacher review rules, for the store.
var (
	MsgReviewNotPending = Msg{
		"This teacher's profile is not waiting for review: it is %s.",
		"پروفایل این استاد در انتظار بررسی نیست؛ وضعیت آن: %s.",
	}
	MsgAskReviewAgain = Msg{
		"You can ask for a review again only after a rejection: your profile is %s.",
		"فقط پس از رد شدن می‌توانید دوباره درخواست بررسی بدهید؛ وضعیت پروفایل شما: %s.",
	}
)

// TeacherReviewStore keeps the operators' review of teachers' profiles.
// Each method is one transaction.
type TeacherReviewStore interface {
	// PendingTeachers returns up to limit teachers waiting for review who
	// offer at least one priced level (a profile without prices is not ready
	// to judge), oldest request first, with their levels and documents.
	PendingTeachers(ctx context.Context, limit int) ([]*TeacherProfile, error)
	// ApproveTeacher approves teacher id's pending profile: students find
	// and book them from then on. One not pending is a conflict.
	ApproveTeacher(ctx context.Context, adminID, id int64) (*TeacherReview, error)
	// RejectTeacher rejects teacher id's pending profile for reason, which
	// they are shown. One not pending is a conflict.
	RejectTeacher(ctx context.Context, adminID, id int64, reason string) (*TeacherReview, error)
	// AskReview puts teacher id's rejected profile back in the queue; one not
	// rejected is a conflict.
	AskReview(ctx context.Context, id int64) (*TeacherReview, error)
}

// PendingTeachers is the operators' queue of teachers waiting for review.
func (p *People) PendingTeachers(ctx context.Context, limit int) ([]*TeacherProfile, error) {
	return p.Store.PendingTeachers(ctx, limit)
}

// ApproveTeacher approves teacher id's profile.
func (p *People) ApproveTeacher(ctx context.Context, admin *User, id int64) (*TeacherReview, error) {
	return p.Store.ApproveTeacher(ctx, admin.ID, id)
}

// RejectTeacher rejects teacher id's profile for reason, which tells them
// what to change.
func (p *People) RejectTeacher(ctx context.Context, admin *User, id int64, reason string) (*TeacherReview, error) {
	if err := checkReason(&reason); err != nil {
		return nil, err
	}
	return p.Store.RejectTeacher(ctx, admin.ID, id, reason)
}

// AskReview is a rejected teacher's request for another review.
func (p *People) AskReview(ctx context.Context, teacher *User) (*TeacherReview, error) {
	return p.Store.AskReview(ctx, teacher.ID)
}
