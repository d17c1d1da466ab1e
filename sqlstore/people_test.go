package sqlstore_test

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// TestTeacherReviewMigration: the teachers of the database being migrated
// are listed today, so they come out approved and listed, but for a
// suspended one, approved and not listed.
func TestTeacherReviewMigration(t *testing.T) {
	for _, dialect := range storetest.Dialects() {
		t.Run(dialect, func(t *testing.T) {
			db := migrated(t, dialect, 15,
				`INSERT INTO users (id, role, username, phone, password_hash, created_at) VALUES (1, 'teacher', 'maryam', '09120000001', 'x', 1000)`,
				`INSERT INTO users (id, role, username, phone, password_hash, created_at, suspended_at) VALUES (2, 'teacher', 'omid', '09120000002', 'x', 2000, 3000)`,
				`INSERT INTO teacher_profiles (user_id) VALUES (1), (2)`,
			)
			for id, listed := range map[int64]bool{1: true, 2: false} {
				p, err := db.FindTeacherProfile(ctx, id)
				if err != nil {
					t.Fatal(err)
				}
				if p.Review.Status != zabano.ReviewApproved || p.Listed != listed || p.Review.RequestedAt.UnixMilli() != id*1000 {
					t.Errorf("teacher %d: %+v, listed %v", id, p.Review, p.Listed)
				}
			}
		})
	}
}

// TestHideReviewRacesAddReview: an operator hiding reviews while students
// add theirs leaves the teacher's count and sum those of the visible reviews.
func TestHideReviewRacesAddReview(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		teacher := mustUser(t, db, "maryam", zabano.RoleTeacher)
		p, _, err := db.UpdateTeacherProfile(ctx, teacher.ID, &zabano.TeacherUpdate{LanguageLevels: &[]zabano.LanguageLevels{
			{Language: "English", Levels: []zabano.Level{1}, RegularPrice: 100_000},
		}})
		if err != nil {
			t.Fatal(err)
		}
		op, err := zabano.NewOperator("ops", "09129999999", "operator-secret")
		if err != nil {
			t.Fatal(err)
		}
		if err := db.CreateOperator(ctx, op); err != nil {
			t.Fatal(err)
		}
		const n = 8
		ended := db.Now().Add(-time.Hour).UnixMilli()
		var reviews [n]*zabano.NewReview
		for i := range reviews {
			student := mustUser(t, db, fmt.Sprintf("student%d", i), zabano.RoleStudent)
			booking := int64(100 + i)
			if err := db.Exec(ctx, `INSERT INTO bookings (id, student_id, teacher_id, level_price_id, start_at, end_at, price, status, meeting_link, created_at)
				VALUES (?, ?, ?, ?, ?, ?, 0, 'done', '', 0)`, booking, student.ID, teacher.ID, p.Levels[0].ID, ended-3_600_000, ended); err != nil {
				t.Fatal(err)
			}
			reviews[i] = &zabano.NewReview{StudentID: student.ID, BookingID: booking, Rating: 1 + i%5}
		}
		var first []int64
		for _, r := range reviews[:n/2] {
			rv, err := db.AddReview(ctx, r)
			if err != nil {
				t.Fatal(err)
			}
			first = append(first, rv.ID)
		}
		var wg sync.WaitGroup
		for _, r := range reviews[n/2:] {
			wg.Go(func() {
				if _, err := db.AddReview(ctx, r); err != nil {
					t.Error(err)
				}
			})
		}
		for _, id := range first[:n/4] {
			wg.Go(func() {
				if _, err := db.HideReview(ctx, op.ID, id, "spam"); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		var count, sum int64
		list, err := db.AdminReviews(ctx, teacher.ID, 0, 100)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range list {
			if !r.Hidden {
				count, sum = count+1, sum+int64(r.Rating)
			}
		}
		p, err = db.FindTeacherProfile(ctx, teacher.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != n || int64(p.ReviewCount) != count || p.RatingSum != sum || count != n-n/4 {
			t.Errorf("%d reviews, %d visible summing to %d; the profile counts %d summing to %d", len(list), count, sum, p.ReviewCount, p.RatingSum)
		}
	})
}
