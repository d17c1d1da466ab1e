package zabano

import (
	"context"
	"math"
)

// MaxCommission caps the platform's commission, in percent.
const MaxCommission = 50

// SplitClassPayment divides amount Toman paid for a class at a commission of
// percent into the teacher's share and the platform's. The commission is
// rounded down to whole Toman, floor(amount × percent / 100), and the teacher
// gets the rest, so the two always add up to amount: no Toman is created or
// lost, and a rounding never goes against the teacher.
func SplitClassPayment(amount int64, percent int) (teacher, platform int64) {
	platform = amount * int64(percent) / 100
	return amount - platform, platform
}

// SettingsStore keeps the marketplace's settings. Each method is one transaction.
type SettingsStore interface {
	// Commission is the commission in percent that classes booked now pay.
	Commission(ctx context.Context) (int, error)
	// SetCommission sets it, logged as operator by's action.
	SetCommission(ctx context.Context, by int64, percent int) error
}

var msgCommission = Msg{
	"The commission is a whole percent from 0 to %d.",
	"کارمزد یک درصد صحیح از ۰ تا %d است.",
}

// Settings are the marketplace's settings that operators change.
type Settings struct {
	Store SettingsStore
}

// Commission is the commission in percent that classes booked now pay.
func (s *Settings) Commission(ctx context.Context) (int, error) {
	return s.Store.Commission(ctx)
}

// SetCommission sets the commission of classes booked from now on to
// percent, a whole number from 0 to MaxCommission (nil when the operator gave
// none); classes booked before keep theirs.
func (s *Settings) SetCommission(ctx context.Context, op *User, percent *float64) (int, error) {
	if percent == nil || *percent != math.Trunc(*percent) || *percent < 0 || *percent > MaxCommission {
		return 0, FieldError("percent", Msgf(msgCommission, MaxCommission))
	}
	p := int(*percent)
	return p, s.Store.SetCommission(ctx, op.ID, p)
}
