package zabano

import (
	"context"
	"time"
)

// Progress is what a student's dashboard and sidebar show, computed from
// their own classes. The spec's hard-coded sample numbers are not used;
// figures Zabano has no source for (exams, exercises) are not invented.
type Progress struct {
	// Level is the student's overall level, set by their teachers, else the
	// level of their first language, else "".
	Level string
	// Lessons counts classes done; Minutes is their total length.
	Lessons int
	Minutes int
	// Upcoming counts classes booked ahead.
	Upcoming int
	// ThisWeek counts classes booked or done that start in the current week.
	ThisWeek int
	// Weekly counts the classes done in each of the last weeks, oldest first.
	Weekly []int
}

// Percent is the share of the student's booked classes that are done.
func (p *Progress) Percent() int {
	if p.Lessons+p.Upcoming == 0 {
		return 0
	}
	return 100 * p.Lessons / (p.Lessons + p.Upcoming)
}

// TeacherStudent is a student as their teacher's Students screen shows them.
type TeacherStudent struct {
	User      User
	Level     string
	Total     int       // classes booked with the teacher, not cancelled
	Completed int       // of those, done
	Paid      int64     // Toman paid to the teacher for done classes
	NextClass time.Time // zero when none is booked ahead
}

// MsgNotYourStudent is the answer when a teacher acts on a student who never booked them.
var MsgNotYourStudent = Msg{"This student has not booked a class with you.", "این زبان‌آموز با شما کلاسی رزرو نکرده است."}

// ProgressStore computes progress figures. Each method is one transaction.
type ProgressStore interface {
	// StudentProgress computes the progress of a student at now; weeks are
	// the starts of the last weeks, oldest first, the last being this week's.
	StudentProgress(ctx context.Context, studentID int64, weeks []time.Time) (*Progress, error)
	// TeacherStudents lists the students who booked the teacher, with their figures.
	TeacherStudents(ctx context.Context, teacherID int64) ([]*TeacherStudent, error)
	// SetStudentLevel sets the overall level (and, when language is given, the
	// level in that language) of a student who booked the teacher.
	SetStudentLevel(ctx context.Context, teacherID, studentID int64, language, level string) error
}
