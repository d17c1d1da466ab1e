package sqlstore_test

import (
	"testing"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// TestConfirmEmail: an email is verified only while it is the user's; a new
// one, in either profile, is not, the same one saved again stays so, and a
// deleted account's is gone.
func TestConfirmEmail(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		clock := storetest.NewClock(time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC))
		db.Now = clock.Now
		s := mustUser(t, db, "sara", zabano.RoleStudent)
		verified := func(id int64) (string, time.Time) {
			t.Helper()
			u, err := db.FindUserByID(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			return u.Email, u.EmailVerifiedAt
		}
		if _, err := db.ConfirmEmail(ctx, s.ID, ""); zabano.ErrorCode(err) != zabano.ENOTFOUND {
			t.Fatalf("no email confirmed: %v", err)
		}
		if _, err := db.UpdateStudentProfile(ctx, s.ID, &zabano.StudentUpdate{Email: ptr("sara@example.com")}, ""); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ConfirmEmail(ctx, s.ID, "other@example.com"); zabano.ErrorCode(err) != zabano.ENOTFOUND {
			t.Fatalf("another email confirmed: %v", err)
		}
		u, err := db.ConfirmEmail(ctx, s.ID, "sara@example.com")
		if err != nil || !u.EmailVerified() || !u.EmailVerifiedAt.Equal(clock.Now()) {
			t.Fatalf("confirm: %+v %v", u, err)
		}
		first := clock.Now()
		clock.Add(time.Hour)
		if u, err := db.ConfirmEmail(ctx, s.ID, "sara@example.com"); err != nil || !u.EmailVerifiedAt.Equal(first) {
			t.Fatalf("a second confirmation moved the time: %+v %v", u, err)
		}

		if _, err := db.UpdateStudentProfile(ctx, s.ID, &zabano.StudentUpdate{Email: ptr("sara@example.com"), Bio: ptr("hi")}, ""); err != nil {
			t.Fatal(err)
		}
		if _, at := verified(s.ID); !at.Equal(first) {
			t.Fatalf("the same email saved again: verified at %v", at)
		}
		if _, err := db.UpdateStudentProfile(ctx, s.ID, &zabano.StudentUpdate{Bio: ptr("no email field")}, ""); err != nil {
			t.Fatal(err)
		}
		if _, at := verified(s.ID); !at.Equal(first) {
			t.Fatalf("a save without the email: verified at %v", at)
		}
		if _, err := db.UpdateStudentProfile(ctx, s.ID, &zabano.StudentUpdate{Email: ptr("sara@new.example")}, ""); err != nil {
			t.Fatal(err)
		}
		if email, at := verified(s.ID); email != "sara@new.example" || !at.IsZero() {
			t.Fatalf("a new email: %q verified at %v", email, at)
		}

		tu := mustUser(t, db, "maryam", zabano.RoleTeacher)
		if _, _, err := db.UpdateTeacherProfile(ctx, tu.ID, &zabano.TeacherUpdate{Email: ptr("maryam@example.com")}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ConfirmEmail(ctx, tu.ID, "maryam@example.com"); err != nil {
			t.Fatal(err)
		}
		if _, _, err := db.UpdateTeacherProfile(ctx, tu.ID, &zabano.TeacherUpdate{Bio: ptr("teacher")}); err != nil {
			t.Fatal(err)
		}
		if _, at := verified(tu.ID); at.IsZero() {
			t.Fatal("a teacher's save without the email cleared it")
		}
		if _, _, err := db.UpdateTeacherProfile(ctx, tu.ID, &zabano.TeacherUpdate{Email: ptr("maryam@work.example")}); err != nil {
			t.Fatal(err)
		}
		if email, at := verified(tu.ID); email != "maryam@work.example" || !at.IsZero() {
			t.Fatalf("a teacher's new email: %q verified at %v", email, at)
		}

		if _, err := db.ConfirmEmail(ctx, s.ID, "sara@new.example"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.DeleteAccount(ctx, s.ID); err != nil {
			t.Fatal(err)
		}
		if email, at := verified(s.ID); email != "" || !at.IsZero() {
			t.Fatalf("a deleted account keeps %q verified at %v", email, at)
		}
		if _, err := db.ConfirmEmail(ctx, s.ID, ""); zabano.ErrorCode(err) != zabano.ENOTFOUND {
			t.Fatalf("a deleted account confirmed: %v", err)
		}
	})
}
