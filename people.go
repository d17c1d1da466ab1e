package zabano

import (
	"context"
	"strings"
	"time"
)

// UserFilter selects users for the operator's search.
type UserFilter struct {
	// Query is part of a username or of a name (NormalizeSearch), or a phone
	// number in any form NormalizePhone reads, or part of one.
	Query string
	// Role selects one role; "" selects every role.
	Role  Role
	Limit int
}

// UsersPageSize is how many users the operator's search answers.
const UsersPageSize = 50

// ChatSummary is what the console shows of a user's chat: whom with, how
// many messages and when the last one was sent. Never the messages' text.
type ChatSummary struct {
	ID       int64
	With     User
	Messages int
	// LastMessageAt is zero in a chat without messages.
	LastMessageAt time.Time
}

// UserDetail is the console's page of one user: their account, classes,
// payments and chats (their wallet is the wallet's own, Wallets). Lists are
// newest first, up to DetailListSize each.
type UserDetail struct {
	User     User
	Bookings []*Booking
	Payments []Payment
	Chats    []ChatSummary
	// Review is a teacher's; nil for the other roles.
	Review *TeacherReview
}

// DetailListSize caps each list of a UserDetail.
const DetailListSize = 200

// maxReason is the longest reason an operator may type.
const maxReason = 1000

var (
	msgReasonRequired = Msg{"Write the reason.", "دلیل را بنویسید."}
	msgRoleFilter     = Msg{"Choose a role: student, teacher or admin.", "نقش را انتخاب کنید: زبان‌آموز، استاد یا اپراتور."}
)

// Messages of the operators' rules on people, for the store.
var (
	MsgSuspendOperator  = Msg{"Operators are disabled from the command line.", "اپراتورها از خط فرمان غیرفعال می‌شوند."}
	MsgAlreadySuspended = Msg{"This user is already suspended.", "این کاربر از قبل تعلیق شده است."}
	MsgNotSuspended     = Msg{"This user is not suspended.", "این کاربر تعلیق نشده است."}
	MsgReviewHidden     = Msg{"This review is already hidden.", "این نظر از قبل پنهان شده است."}
)

// checkReason trims an operator's reason, which is required.
func checkReason(reason *string) error {
	var v Validation
	checkText(&v, "reason", reason, maxReason)
	if *reason == "" {
		v.Add("reason", msgReasonRequired)
	}
	return v.Err()
}

// PeopleStore keeps what operators see and do about users, teachers'
// profiles and reviews. Each method is one transaction, and each operator
// action writes its row of the operator log in it.
type PeopleStore interface {
	// FindUsers returns up to f.Limit users f selects, newest first.
	FindUsers(ctx context.Context, f UserFilter) ([]User, error)
	// UserDetail returns user id's page of the console.
	UserDetail(ctx context.Context, id int64) (*UserDetail, error)
	// SuspendUser suspends user id, who is no operator, for reason: their
	// tokens stop working at once, and a teacher leaves the list and their
	// classes still to come are cancelled with full refunds. A suspended
	// user is a conflict.
	SuspendUser(ctx context.Context, adminID, id int64, reason string) (*User, error)
	// UnsuspendUser lifts user id's suspension; one not suspended is a conflict.
	UnsuspendUser(ctx context.Context, adminID, id int64) (*User, error)
	// Overview counts the marketplace's figures since day and since month.
	Overview(ctx context.Context, day, month time.Time) (*Overview, error)
	TeacherReviewStore
	// AdminReviews returns up to limit reviews, hidden ones too, newest
	// first, of teacher teacherID (every teacher's when 0), of ids below
	// before when before is not 0.
	AdminReviews(ctx context.Context, teacherID, before int64, limit int) ([]*Review, error)
	// HideReview hides review id from every list and recomputes its
	// teacher's rating; a hidden one is a conflict.
	HideReview(ctx context.Context, adminID, id int64, reason string) (*Review, error)
}

// People is what operators see and do about the marketplace's users: the
// overview, the user search and page, suspension, teacher review and hiding
// reviews.
type People struct {
	Store PeopleStore
	Now   func() time.Time
}

// FindUsers searches users by q and role ("" for every role).
func (p *People) FindUsers(ctx context.Context, q string, role Role) ([]User, error) {
	if role != "" && !role.Valid() {
		return nil, FieldError("role", msgRoleFilter)
	}
	return p.Store.FindUsers(ctx, UserFilter{Query: strings.TrimSpace(q), Role: role, Limit: UsersPageSize})
}

// UserDetail is user id's page of the console.
func (p *People) UserDetail(ctx context.Context, id int64) (*UserDetail, error) {
	return p.Store.UserDetail(ctx, id)
}

// Suspend suspends user id for reason, which they are shown.
func (p *People) Suspend(ctx context.Context, admin *User, id int64, reason string) (*User, error) {
	if err := checkReason(&reason); err != nil {
		return nil, err
	}
	return p.Store.SuspendUser(ctx, admin.ID, id, reason)
}

// Unsuspend lifts user id's suspension.
func (p *People) Unsuspend(ctx context.Context, admin *User, id int64) (*User, error) {
	return p.Store.UnsuspendUser(ctx, admin.ID, id)
}

// Reviews lists reviews for an operator, hidden ones too.
func (p *People) Reviews(ctx context.Context, teacherID, before int64, limit int) ([]*Review, error) {
	return p.Store.AdminReviews(ctx, teacherID, before, limit)
}

// HideReview hides review id for reason: it leaves the public lists and its
// teacher's rating.
func (p *People) HideReview(ctx context.Context, admin *User, id int64, reason string) (*Review, error) {
	if err := checkReason(&reason); err != nil {
		return nil, err
	}
	return p.Store.HideReview(ctx, admin.ID, id, reason)
}
