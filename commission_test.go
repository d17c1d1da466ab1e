package zabano

import (
	"context"
	"testing"
)

// TestSplitClassPayment: the commission is rounded down to whole Toman and
// the teacher gets the rest, so the shares always add up to the amount.
func TestSplitClassPayment(t *testing.T) {
	for _, tc := range []struct {
		amount            int64
		percent           int
		teacher, platform int64
	}{
		{250_000, 0, 250_000, 0},
		{250_000, 10, 225_000, 25_000},
		{100_001, 15, 85_001, 15_000}, // 15,000.15 rounds down
		{50_000, 15, 42_500, 7_500},   // a half of 100,001, the student's half rounded up
		{99_999, 33, 67_000, 32_999},  // 32,999.67 rounds down
		{1, 50, 1, 0},
		{3, 50, 2, 1},
	} {
		teacher, platform := SplitClassPayment(tc.amount, tc.percent)
		if teacher != tc.teacher || platform != tc.platform || teacher+platform != tc.amount {
			t.Errorf("%d at %d%%: %d and %d, want %d and %d", tc.amount, tc.percent, teacher, platform, tc.teacher, tc.platform)
		}
	}
	// Every split of every amount up to 10,000 at every percent adds up.
	for amount := int64(1); amount <= 10_000; amount++ {
		for percent := 0; percent <= MaxCommission; percent++ {
			teacher, platform := SplitClassPayment(amount, percent)
			if teacher+platform != amount || platform < 0 || platform*100 > amount*int64(percent) || (platform+1)*100 <= amount*int64(percent) {
				t.Fatalf("%d at %d%%: %d and %d", amount, percent, teacher, platform)
			}
		}
	}
}

type settingsStore struct{ percent int }

func (s *settingsStore) Commission(context.Context) (int, error) { return s.percent, nil }
func (s *settingsStore) SetCommission(_ context.Context, _ int64, p int) error {
	s.percent = p
	return nil
}

// TestSetCommission: a whole percent from 0 to 50, nothing else.
func TestSetCommission(t *testing.T) {
	store := &settingsStore{}
	s := &Settings{Store: store}
	op := &User{ID: 1, Role: RoleAdmin}
	for _, bad := range []*float64{nil, ptr(-1.0), ptr(51.0), ptr(12.5)} {
		if _, err := s.SetCommission(t.Context(), op, bad); ErrorCode(err) != EINVALID {
			t.Errorf("%v: %v", bad, err)
		}
	}
	for _, good := range []float64{0, 15, 50} {
		if p, err := s.SetCommission(t.Context(), op, &good); err != nil || p != int(good) || store.percent != int(good) {
			t.Errorf("%v: %d, %v", good, p, err)
		}
	}
}

func ptr[T any](v T) *T { return &v }
