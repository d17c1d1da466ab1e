package main

import (
	"context"
	"fmt"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
)

// searchSpellings are names and bios of a few demo teachers (by index) as an
// Arabic keyboard or a careful typist writes them, so that the search shows
// its normalisation: "علی کریمی" finds teacher3, typed with Arabic ye and
// kaf and a shadda; "نوری پور" or "نوریپور" finds teacher5, written with
// zero-width non-joiners. %d is the teacher's years of experience.
var searchSpellings = []struct {
	teacher          int
	first, last, bio string
}{
	{2, "علي", "كريمي", "مدرّس مكالمهٔ انگليسي و آيلتس؛ %d سال تجربه."},
	{4, "مریم", "نوری\u200cپور", "کلاس\u200cهای گفت\u200cوگومحور برای سفر و کار؛ %d سال سابقه."},
}

// spellForSearch writes searchSpellings into the teachers that exist.
func spellForSearch(teachers []*zabano.TeacherProfile) {
	for _, s := range searchSpellings {
		if s.teacher < len(teachers) {
			p := teachers[s.teacher]
			p.User.FirstName, p.User.LastName = s.first, s.last
			p.User.Bio = fmt.Sprintf(s.bio, p.ExperienceYears)
		}
	}
}

// savedTeachers are the demo teachers (by index) student1 saved: teacher1,
// whose classes they take, and teacher3, spelled for the search.
var savedTeachers = []int{0, 2}

// seedSaved has student save savedTeachers, those that exist; it returns how many.
func seedSaved(ctx context.Context, db *sqlstore.DB, teachers []*zabano.TeacherProfile, student *zabano.User) (int, error) {
	n := 0
	for _, i := range savedTeachers {
		if i < len(teachers) {
			if err := db.SaveTeacher(ctx, student.ID, teachers[i].User.ID); err != nil {
				return n, err
			}
			n++
		}
	}
	return n, nil
}
