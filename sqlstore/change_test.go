package sqlstore_test

import (
	"slices"
	"testing"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// TestTeacherChanges: what a write changes of what students see of
// teachers reaches OnTeacherChange after the commit: a slot or a booking
// changes its teacher's cards alone, a profile anything; a message, the
// stream's heartbeat and a refused booking change nothing.
func TestTeacherChanges(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		m := newMarket(t, db)
		sara := m.student("sara", classPrice)
		var got []zabano.TeacherChange
		db.OnTeacherChange = func(c zabano.TeacherChange) { got = append(got, c) }
		expect := func(what string, want ...zabano.TeacherChange) {
			t.Helper()
			if !slices.EqualFunc(got, want, func(a, b zabano.TeacherChange) bool {
				return a.All == b.All && slices.Equal(a.Teachers, b.Teachers)
			}) {
				t.Errorf("%s: changes %+v, want %+v", what, got, want)
			}
			got = nil
		}
		only := zabano.TeacherChange{Teachers: []int64{m.teacher.ID}}

		slot := m.slot(48 * time.Hour)
		expect("a new slot", only)
		if _, err := m.book(sara, slot); err != nil {
			t.Fatal(err)
		}
		expect("a booking", only)
		if _, err := m.book(sara, slot); err == nil {
			t.Fatal("a slot booked twice")
		}
		expect("a refused booking")

		chat, err := db.OpenChat(ctx, sara.ID, m.teacher.ID, zabano.RoleStudent)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.SendMessage(ctx, sara.ID, chat.ID, "hello", nil, 0); err != nil {
			t.Fatal(err)
		}
		if err := db.SeenStream(ctx, m.teacher.ID); err != nil {
			t.Fatal(err)
		}
		expect("a chat, a message and a heartbeat")

		if _, _, err := db.UpdateTeacherProfile(ctx, m.teacher.ID, &zabano.TeacherUpdate{ExperienceYears: ptr(7)}); err != nil {
			t.Fatal(err)
		}
		expect("a profile", zabano.TeacherChange{All: true})
	})
}

// TestTeacherChangeString: the form a change travels in between processes
// reads back as the change; what does not read is a change of anything.
func TestTeacherChangeString(t *testing.T) {
	for _, c := range []zabano.TeacherChange{{All: true}, {Teachers: []int64{7}}, {Teachers: []int64{3, 12}}} {
		back := zabano.ParseTeacherChange(c.String())
		if back.All != c.All || !slices.Equal(back.Teachers, c.Teachers) {
			t.Errorf("%+v came back as %+v", c, back)
		}
	}
	if c := zabano.ParseTeacherChange("3,x"); !c.All {
		t.Errorf("an unreadable change: %+v", c)
	}
}
