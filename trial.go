package zabano

import "context"

// Trial classes: a teacher with a trial price (TeacherProfile.TestSessionPrice
// above 0) gives each student one trial class at that price. A cancelled
// trial did not happen, so it gives the trial back; a booked, pending or
// done one uses it.

var (
	MsgNoTrial = Msg{
		"This teacher does not offer a trial class.",
		"این استاد جلسهٔ آزمایشی ارائه نمی‌دهد.",
	}
	MsgTrialUsed = Msg{
		"You have already had your trial class with this teacher. Please book a regular class.",
		"جلسهٔ آزمایشی خود را با این استاد قبلاً رزرو کرده‌اید. لطفاً یک کلاس عادی رزرو کنید.",
	}
)

// TrialAvailable reports whether the student may book a trial class with
// the teacher of p now: the teacher offers one and the student has none.
func (s *Bookings) TrialAvailable(ctx context.Context, studentID int64, p *TeacherProfile) (bool, error) {
	if p.TestSessionPrice <= 0 {
		return false, nil
	}
	used, err := s.Store.HasTrial(ctx, studentID, p.User.ID)
	return !used, err
}
