package main

import (
	"context"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
)

// The demo's people for the operator's console to act on, besides the
// approved teachers and the students.
const (
	seedPendingTeacher   = "applicant1"
	seedRejectedTeacher  = "applicant2"
	seedSuspendedStudent = "suspended1"
)

// seedPeople gives the operator's console its people: a teacher waiting for
// review, one the operator rejected with a reason, and a student the
// operator suspended. The rejection and the suspension are the operator's
// own actions, so the operator log has their rows.
func seedPeople(ctx context.Context, db *sqlstore.DB, operator *zabano.User, hash, photo string) error {
	applicant := func(name, phone, first, last, bio string) *zabano.TeacherProfile {
		return &zabano.TeacherProfile{
			User: zabano.User{
				Role: zabano.RoleTeacher, Username: name, Phone: phone, FirstName: first, LastName: last, Bio: bio,
				Photo: photo, PasswordHash: hash,
			},
			PricePerHour: 180_000, TestSessionPrice: 90_000, ExperienceYears: 3, TimeZone: zabano.DefaultTimeZone,
			Levels: []zabano.LevelPrice{
				{Language: "English", Level: 3, RegularPrice: 180_000, ExamPrice: 220_000},
				{Language: "English", Level: 4, RegularPrice: 180_000, ExamPrice: 220_000},
			},
			Review: zabano.TeacherReview{Status: zabano.ReviewPending},
		}
	}
	pending := applicant(seedPendingTeacher, "09180000001", "شیرین", "کاظمی",
		"مدرس مکالمهٔ انگلیسی با سه سال تجربه در آموزشگاه؛ کلاس‌های کوچک و تمرین‌محور.")
	rejected := applicant(seedRejectedTeacher, "09180000002", "Daniel", "Weber", "English teacher.")
	student := &zabano.User{
		Role: zabano.RoleStudent, Username: seedSuspendedStudent, Phone: "09180000003",
		FirstName: "کیان", LastName: "موسوی", PasswordHash: hash,
	}
	if err := db.Seed(ctx, []*zabano.TeacherProfile{pending, rejected}, []*zabano.User{student}); err != nil {
		return err
	}
	people := &zabano.People{Store: db, Now: time.Now}
	if _, err := people.RejectTeacher(ctx, operator, rejected.User.ID,
		"معرفی شما کوتاه است و مدرکی بارگذاری نکرده‌اید: تجربه و روش تدریس‌تان را بنویسید و مدرک زبان خود را بفرستید."); err != nil {
		return err
	}
	_, err := people.Suspend(ctx, operator, student.ID, "پیام‌های تبلیغاتی به چند استاد فرستاده است.")
	return err
}
