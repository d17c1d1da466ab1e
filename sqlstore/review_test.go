package sqlstore_test

import (
	"fmt"
	"testing"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// TestRatingOrder: sort by rating ranks by the Bayesian average
// (C*m + sum) / (C + n), so one 5-star review does not outrank two hundred
// averaging 4.9, and teachers nobody rated come last, newest first. The
// sums are set directly: AddReview keeps them (httpapi's review tests).
func TestRatingOrder(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		rated := map[string][2]int{ // username: count, sum
			"one-five":    {1, 5},     // 5.0 from one review
			"many-49":     {200, 980}, // 4.9 from two hundred
			"three-three": {3, 9},     // 3.0
		}
		for _, name := range []string{"one-five", "new-old", "many-49", "three-three", "new-young"} {
			u := mustUser(t, db, name, zabano.RoleTeacher)
			_, _, err := db.UpdateTeacherProfile(ctx, u.ID, &zabano.TeacherUpdate{LanguageLevels: &[]zabano.LanguageLevels{
				{Language: "English", Levels: []zabano.Level{1}, RegularPrice: 100_000},
			}})
			if err != nil {
				t.Fatal(err)
			}
			if r, ok := rated[name]; ok {
				if err := db.Exec(ctx, `UPDATE teacher_profiles SET review_count = ?, rating_sum = ? WHERE user_id = ?`, r[0], r[1], u.ID); err != nil {
					t.Fatal(err)
				}
			}
		}
		list, total, _, err := db.FindTeachers(ctx, zabano.TeacherFilter{Sort: "rating", Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, p := range list {
			got = append(got, p.User.Username)
		}
		// m = 994/204 ≈ 4.873: many-49 ≈ 4.899, one-five ≈ 4.884, three-three ≈ 4.44.
		if want := "[many-49 one-five three-three new-young new-old]"; fmt.Sprint(got) != want || total != 5 {
			t.Fatalf("got %v (%d), want %s", got, total, want)
		}
		if r := zabano.Rating(list[0].RatingSum, list[0].ReviewCount); r == nil || *r != 4.9 || zabano.Rating(0, 0) != nil {
			t.Fatalf("rating of many-49: %v", r)
		}
		page, _, _, _ := db.FindTeachers(ctx, zabano.TeacherFilter{Sort: "rating", Limit: 2, Offset: 2})
		if len(page) != 2 || page[0].User.Username != "three-three" || page[1].User.Username != "new-young" {
			t.Fatalf("second page: %v", page)
		}
	})
}
