package zabano

import (
	"context"
	"strings"
	"time"
)

// OperatorMinPasswordLen is the shortest operator password: an operator's
// account can move money, so it asks for more than a user's.
const OperatorMinPasswordLen = 12

// Action is what an operator did, a stable code of the operator log.
type Action string

const (
	ActionSuspend          Action = "user.suspend"
	ActionUnsuspend        Action = "user.unsuspend"
	ActionApproveTeacher   Action = "teacher.approve"
	ActionRejectTeacher    Action = "teacher.reject"
	ActionPayWithdrawal    Action = "withdrawal.pay"
	ActionRejectWithdrawal Action = "withdrawal.reject"
	ActionReverifyPayment  Action = "payment.reverify"
	ActionDecideDispute    Action = "dispute.decide"
	ActionAdjustment       Action = "adjustment"
	ActionHideReview       Action = "review.hide"
	ActionSetCommission    Action = "commission.set"
)

// ObjectType is the kind of object an operator acted on or a notification
// is about.
type ObjectType string

const (
	ObjectUser          ObjectType = "user"
	ObjectWithdrawal    ObjectType = "withdrawal"
	ObjectPayment       ObjectType = "payment"
	ObjectProblemReport ObjectType = "problem_report"
	ObjectReview        ObjectType = "review"
	ObjectSettings      ObjectType = "settings"
	ObjectBooking       ObjectType = "booking"
	ObjectChat          ObjectType = "chat"
	// ObjectProfile is a teacher's profile: its review by an operator.
	ObjectProfile ObjectType = "profile"
)

// OperatorAction is one row of the operator log, which is append-only: each
// is written in the same transaction as the change it records.
type OperatorAction struct {
	ID            int64
	AdminID       int64
	AdminUsername string
	Action        Action
	ObjectType    ObjectType
	ObjectID      int64
	// Reason is what the operator typed, "" for actions that take none.
	Reason    string
	CreatedAt time.Time
}

// OperatorStore keeps operators' accounts and the operator log.
type OperatorStore interface {
	// CreateOperator creates u, an operator, setting its ID and CreatedAt; a
	// taken username or phone fails with EINVALID on that field.
	CreateOperator(ctx context.Context, u *User) error
	// ListOperators returns the operators, disabled ones too, by username.
	ListOperators(ctx context.Context) ([]User, error)
	// DisableOperator suspends the operator username, so that their tokens
	// and password stop working; ENOTFOUND if there is no such operator.
	DisableOperator(ctx context.Context, username, reason string) (*User, error)
	// OperatorLog returns up to limit rows of the log, newest first, of ids
	// below before when before is not 0.
	OperatorLog(ctx context.Context, before int64, limit int) ([]OperatorAction, error)
}

// MsgOperatorDisabled is the reason a disabled operator is shown.
var MsgOperatorDisabled = Msg{"disabled from the command line", "از خط فرمان غیرفعال شد"}

// NewOperator checks an operator's account details and returns the operator
// to create, with their password hashed.
func NewOperator(username, rawPhone, password string) (*User, error) {
	var v Validation
	username = strings.TrimSpace(username)
	switch {
	case username == "":
		v.Add("username", msgUsernameRequired)
	case !ValidUsername(username):
		v.Add("username", msgUsernameInvalid)
	}
	phone := checkPhone(&v, rawPhone)
	checkPassword(&v, "password", password, OperatorMinPasswordLen)
	if err := v.Err(); err != nil {
		return nil, err
	}
	hash, err := HashPassword(password)
	if err != nil {
		return nil, err
	}
	return &User{Role: RoleAdmin, Username: username, Phone: phone, PasswordHash: hash}, nil
}
