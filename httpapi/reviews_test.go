package httpapi_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zabano/zabano"
)

// doneClass books a one-hour class of the student with the school's teacher
// starting in d, moves the clock past its end and marks it done; it returns
// the booking's id and end.
func (s *school) doneClass(t *testing.T, student string, d time.Duration) (int64, time.Time) {
	t.Helper()
	from := s.clock.Now().Add(d)
	r := s.do(req{method: "POST", path: "/api/slot/available/", token: s.teacher, body: map[string]any{"start": from, "end": from.Add(time.Hour)}})
	if r.status != 201 {
		t.Fatalf("slot: %d %s", r.status, r.body)
	}
	r = s.do(req{method: "POST", path: "/api/slot/booking/", token: student, body: map[string]any{"slot": r.json(t)["id"], "level_price": s.level}})
	if r.status != 201 {
		t.Fatalf("book: %d %s", r.status, r.body)
	}
	id := int64(r.json(t)["id"].(float64))
	s.clock.Add(d + time.Hour)
	if r := s.do(req{method: "PUT", path: fmt.Sprintf("/api/slot/done/%d/", id), token: student}); r.status != 200 {
		t.Fatalf("done: %d %s", r.status, r.body)
	}
	return id, from.Add(time.Hour)
}

// fund tops up a user's wallet by amount.
func (s *school) fund(t *testing.T, id, amount int64) {
	t.Helper()
	if err := s.db.PostTransaction(t.Context(), zabano.Transfer(zabano.TxTopUp, zabano.GatewayAccount, zabano.WalletOf(id), amount, "test")); err != nil {
		t.Fatal(err)
	}
}

func reviewPath(booking int64) string { return fmt.Sprintf("/api/slot/%d/review/", booking) }

func TestReviewAPI(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		teacherID := a.userID(t, "maryam")
		card := func() map[string]any {
			t.Helper()
			return a.do(req{method: "GET", path: "/api/teachers/list/", token: s.sara}).json(t)["results"].([]any)[0].(map[string]any)
		}
		if c := card(); c["rating"] != nil || c["reviews_count"] != 0.0 {
			t.Fatalf("a teacher nobody rated has a rating: %v %v", c["rating"], c["reviews_count"])
		}

		// Before the class is done.
		from := a.clock.Now().Add(time.Hour)
		slot := a.do(req{method: "POST", path: "/api/slot/available/", token: s.teacher, body: map[string]any{"start": from, "end": from.Add(time.Hour)}}).json(t)["id"]
		booking := int64(a.do(req{method: "POST", path: "/api/slot/booking/", token: s.sara, body: map[string]any{"slot": slot, "level_price": s.level}}).json(t)["id"].(float64))
		review := map[string]any{"rating": 5, "text": "  Great speaking practice  "}
		if r := a.do(req{method: "POST", path: reviewPath(booking), token: s.sara, body: review}); r.status != 400 || r.json(t)["detail"] != "A class can be rated once it is done." {
			t.Fatalf("before done: %d %s", r.status, r.body)
		}
		a.clock.Add(2 * time.Hour)
		if r := a.do(req{method: "PUT", path: fmt.Sprintf("/api/slot/done/%d/", booking), token: s.teacher}); r.status != 200 || r.json(t)["review_until"] == nil {
			t.Fatalf("done: %d %s", r.status, r.body)
		}

		// Who may not.
		for _, tc := range []struct {
			who    string
			token  string
			status int
		}{{"anonymous", "", 401}, {"another student", s.nima, 403}, {"its teacher", s.teacher, 403}, {"another teacher", s.other, 403}} {
			if r := a.do(req{method: "POST", path: reviewPath(booking), token: tc.token, body: review}); r.status != tc.status {
				t.Errorf("%s: %d %s, want %d", tc.who, r.status, r.body, tc.status)
			}
		}
		if r := a.do(req{method: "POST", path: reviewPath(booking), token: s.nima, body: review, lang: "fa"}); r.json(t)["detail"] != "فقط زبان‌آموز این کلاس می‌تواند به آن امتیاز دهد." {
			t.Errorf("another student, in Persian: %s", r.body)
		}
		if r := a.do(req{method: "POST", path: reviewPath(999999), token: s.sara, body: review}); r.status != 404 {
			t.Errorf("unknown class: %d %s", r.status, r.body)
		}

		// Validation.
		for _, tc := range []struct {
			body        map[string]any
			field, want string
		}{
			{map[string]any{"text": "no stars"}, "rating", "Choose a rating from 1 to 5 stars."},
			{map[string]any{"rating": 6}, "rating", "Choose a rating from 1 to 5 stars."},
			{map[string]any{"rating": 4, "text": strings.Repeat("ب", 2001)}, "text", "At most 2000 characters."},
		} {
			if r := a.do(req{method: "POST", path: reviewPath(booking), token: s.sara, body: tc.body}); r.status != 400 || r.field(t, tc.field) != tc.want {
				t.Errorf("%v: %d %s", tc.body, r.status, r.body)
			}
		}
		if c := card(); c["rating"] != nil {
			t.Fatalf("a refused review counted: %v", c)
		}

		r := a.do(req{method: "POST", path: reviewPath(booking), token: s.sara, body: review})
		var rv struct {
			ID          int64
			Booking     int64
			Rating      int
			Text        string
			StudentName string `json:"student_name"`
			Reply       *struct{ Text string }
		}
		r.decode(t, &rv)
		if r.status != 201 || rv.Booking != booking || rv.Rating != 5 || rv.Text != "Great speaking practice" || rv.StudentName != "sara" || rv.Reply != nil {
			t.Fatalf("review: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "POST", path: reviewPath(booking), token: s.sara, body: map[string]any{"rating": 1}}); r.status != 409 || r.json(t)["detail"] != "You have already rated this class." {
			t.Fatalf("second review: %d %s", r.status, r.body)
		}
		if c := card(); c["rating"] != 5.0 || c["reviews_count"] != 1.0 {
			t.Fatalf("card after a review: %v %v", c["rating"], c["reviews_count"])
		}
		if p := a.do(req{method: "GET", path: fmt.Sprintf("/api/teachers/%d/profile/", teacherID), token: s.nima}).json(t); p["rating"] != 5.0 || p["reviews_count"] != 1.0 {
			t.Fatalf("profile after a review: %v %v", p["rating"], p["reviews_count"])
		}
		var classes []struct {
			ID          int64
			Review      *struct{ Rating int }
			ReviewUntil *time.Time `json:"review_until"`
		}
		for _, token := range []string{s.sara, s.teacher} {
			path := map[string]string{s.sara: "/api/slot/lists/student/", s.teacher: "/api/slot/lists/teacher/"}[token]
			a.do(req{method: "GET", path: path, token: token}).decode(t, &classes)
			if len(classes) != 1 || classes[0].Review == nil || classes[0].Review.Rating != 5 || classes[0].ReviewUntil != nil {
				t.Fatalf("%s: %+v", path, classes)
			}
		}

		// The teacher's answer.
		reply := fmt.Sprintf("/api/reviews/%d/reply/", rv.ID)
		for _, tc := range []struct {
			who    string
			token  string
			body   map[string]any
			status int
		}{
			{"anonymous", "", map[string]any{"text": "x"}, 401},
			{"the student", s.sara, map[string]any{"text": "x"}, 403},
			{"another teacher", s.other, map[string]any{"text": "x"}, 403},
			{"empty", s.teacher, map[string]any{"text": "   "}, 400},
			{"too long", s.teacher, map[string]any{"text": strings.Repeat("a", 2001)}, 400},
		} {
			if r := a.do(req{method: "POST", path: reply, token: tc.token, body: tc.body}); r.status != tc.status {
				t.Errorf("reply by %s: %d %s, want %d", tc.who, r.status, r.body, tc.status)
			}
		}
		if r := a.do(req{method: "POST", path: "/api/reviews/999999/reply/", token: s.teacher, body: map[string]any{"text": "x"}}); r.status != 404 {
			t.Errorf("reply to an unknown review: %d", r.status)
		}
		if r := a.do(req{method: "POST", path: reply, token: s.teacher, body: map[string]any{"text": " Thank you! "}}); r.status != 200 ||
			r.json(t)["reply"].(map[string]any)["text"] != "Thank you!" {
			t.Fatalf("reply: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "POST", path: reply, token: s.teacher, body: map[string]any{"text": "again"}}); r.status != 409 || r.json(t)["detail"] != "You have already answered this review." {
			t.Fatalf("second reply: %d %s", r.status, r.body)
		}

		// The list: public to the signed-in, with names and answers.
		list := fmt.Sprintf("/api/teachers/%d/reviews/", teacherID)
		if r := a.do(req{method: "GET", path: list}); r.status != 401 {
			t.Errorf("anonymous list: %d", r.status)
		}
		for _, token := range []string{s.nima, s.other} {
			l := a.do(req{method: "GET", path: list, token: token}).json(t)
			results := l["results"].([]any)
			first := results[0].(map[string]any)
			if l["count"] != 1.0 || l["next"] != nil || len(results) != 1 || first["student_name"] != "sara" || first["reply"].(map[string]any)["text"] != "Thank you!" {
				t.Fatalf("list: %v", l)
			}
		}
		if r := a.do(req{method: "GET", path: "/api/teachers/999999/reviews/", token: s.nima}); r.status != 404 {
			t.Errorf("unknown teacher's reviews: %d", r.status)
		}
		if r := a.do(req{method: "GET", path: list + "?page=0", token: s.nima}); r.status != 400 {
			t.Errorf("page 0: %d", r.status)
		}
	})
}

// TestReviewWindow: a class may be rated until exactly 30 days after its end.
func TestReviewWindow(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		s.fund(t, s.saraID, 300_000)
		first, firstEnd := s.doneClass(t, s.sara, time.Hour)
		second, secondEnd := s.doneClass(t, s.sara, time.Hour)

		var classes []struct {
			ID          int64
			ReviewUntil *time.Time `json:"review_until"`
		}
		a.do(req{method: "GET", path: "/api/slot/lists/student/", token: s.sara}).decode(t, &classes)
		if len(classes) != 2 || classes[0].ReviewUntil == nil || !classes[0].ReviewUntil.Equal(firstEnd.Add(30*24*time.Hour)) {
			t.Fatalf("review_until: %+v", classes)
		}

		a.clock.Add(firstEnd.Add(30*24*time.Hour + time.Millisecond).Sub(a.clock.Now()))
		s.sara = a.login("sara", "secret1") // a month on, the first token has expired
		r := a.do(req{method: "POST", path: reviewPath(first), token: s.sara, body: map[string]any{"rating": 3}, lang: "fa"})
		if r.status != 400 || r.json(t)["detail"] != "به کلاس فقط تا ۳۰ روز پس از پایانش می‌توان امتیاز داد." {
			t.Fatalf("a millisecond late: %d %s", r.status, r.body)
		}
		a.do(req{method: "GET", path: "/api/slot/lists/student/", token: s.sara}).decode(t, &classes)
		if classes[0].ReviewUntil != nil || classes[1].ReviewUntil == nil {
			t.Fatalf("review_until after the first window: %+v", classes)
		}
		a.clock.Add(secondEnd.Add(30 * 24 * time.Hour).Sub(a.clock.Now()))
		if r := a.do(req{method: "POST", path: reviewPath(second), token: s.sara, body: map[string]any{"rating": 4}}); r.status != 201 {
			t.Fatalf("on the last instant: %d %s", r.status, r.body)
		}
	})
}

// TestConcurrentReviews: 50 reviews of one class at once make one.
func TestConcurrentReviews(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		booking, _ := s.doneClass(t, s.sara, time.Hour)
		var wg sync.WaitGroup
		var mu sync.Mutex
		statuses := map[int]int{}
		for i := range 50 {
			wg.Go(func() {
				body := fmt.Sprintf(`{"rating": %d}`, i%5+1)
				rq, _ := http.NewRequest("POST", a.srv.URL+reviewPath(booking), strings.NewReader(body))
				rq.Header.Set("Authorization", "Bearer "+s.sara)
				rq.Header.Set("Content-Type", "application/json")
				res, err := http.DefaultClient.Do(rq)
				if err != nil {
					t.Error(err)
					return
				}
				res.Body.Close()
				mu.Lock()
				statuses[res.StatusCode]++
				mu.Unlock()
			})
		}
		wg.Wait()
		if statuses[201] != 1 || statuses[409] != 49 {
			t.Fatalf("statuses: %v", statuses)
		}
		l := a.do(req{method: "GET", path: fmt.Sprintf("/api/teachers/%d/reviews/", a.userID(t, "maryam")), token: s.nima}).json(t)
		c := a.do(req{method: "GET", path: "/api/teachers/list/", token: s.nima}).json(t)["results"].([]any)[0].(map[string]any)
		rating := l["results"].([]any)[0].(map[string]any)["rating"]
		if l["count"] != 1.0 || c["reviews_count"] != 1.0 || c["rating"] != rating {
			t.Fatalf("after the race: list %v, card %v %v", l, c["rating"], c["reviews_count"])
		}
	})
}
