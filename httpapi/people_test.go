package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// people gives the matrix's world the operator's objects: a student to
// suspend and lift, and two teachers waiting for review, put there as the
// demo seed does (the world's app lists teachers at once).
func (w *world) people() {
	w.t.Helper()
	w.register("victim", zabano.RoleStudent, "09121000108")
	w.suspendee = w.userID(w.t, "victim")
	pending := make([]*zabano.TeacherProfile, 2)
	for i := range pending {
		pending[i] = &zabano.TeacherProfile{
			User:   zabano.User{Role: zabano.RoleTeacher, Username: fmt.Sprintf("applicant%d", i), Phone: fmt.Sprintf("0912100011%d", i), PasswordHash: "x"},
			Levels: []zabano.LevelPrice{{Language: "English", Level: 2, RegularPrice: classPrice}},
			Review: zabano.TeacherReview{Status: zabano.ReviewPending},
		}
	}
	if err := w.db.Seed(w.t.Context(), pending, nil); err != nil {
		w.t.Fatal(err)
	}
	w.approvee, w.rejectee = pending[0].User.ID, pending[1].User.ID
}

// eachReview runs fn with a fresh app on every test database, new teachers
// waiting for an operator's approval.
func eachReview(t *testing.T, fn func(t *testing.T, a *app)) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		db.TeacherReview = true
		fn(t, newApp(t, db))
	})
}

// logged is the operator log's rows, newest first, as "action object_type:object_id reason".
func (a *app) logged(t *testing.T) []string {
	t.Helper()
	list, err := a.db.OperatorLog(t.Context(), 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range list {
		out = append(out, strings.TrimSpace(fmt.Sprintf("%s %s:%d %s", l.Action, l.ObjectType, l.ObjectID, l.Reason)))
	}
	return out
}

func wantLog(t *testing.T, a *app, want ...string) {
	t.Helper()
	if got := a.logged(t); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("operator log:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestSuspendUser: a suspended user's token is refused at its next call with
// the reason, and so is their sign-in; lifting the suspension lets them sign
// in again, but not use tokens from before. A reason is required; an
// operator is not suspended this way; a second suspension or lifting is a
// conflict; each action writes its log row.
func TestSuspendUser(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		ops := a.operator("ops", "09121000109")
		sara := a.register("sara", zabano.RoleStudent, "09121000101")
		id := a.userID(t, "sara")
		path := func(action string, id int64) string { return fmt.Sprintf("/api/admin/users/%d/%s/", id, action) }

		for _, body := range []any{map[string]string{}, map[string]string{"reason": "   "}} {
			if r := a.do(req{method: "POST", path: path("suspend", id), token: ops, body: body}); r.status != 400 || r.field(t, "reason") == "" {
				t.Errorf("no reason: %d %s", r.status, r.body)
			}
		}
		if r := a.do(req{method: "POST", path: path("suspend", a.userID(t, "ops")), token: ops, body: map[string]string{"reason": "x"}}); r.status != 400 ||
			r.json(t)["detail"] != "Operators are disabled from the command line." {
			t.Errorf("suspending an operator: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "POST", path: path("suspend", 999_999), token: ops, body: map[string]string{"reason": "x"}}); r.status != 404 {
			t.Errorf("suspending nobody: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "GET", path: "/api/profile/", token: sara}); r.status != 200 {
			t.Fatalf("before: %d", r.status)
		}

		r := a.do(req{method: "POST", path: path("suspend", id), token: ops, body: map[string]string{"reason": " spam to teachers "}})
		var row struct {
			Username        string
			SuspendedAt     *time.Time `json:"suspended_at"`
			SuspendedReason string     `json:"suspended_reason"`
		}
		r.decode(t, &row)
		if r.status != 200 || row.Username != "sara" || row.SuspendedAt == nil || !row.SuspendedAt.Equal(a.clock.Now()) || row.SuspendedReason != "spam to teachers" {
			t.Fatalf("suspend: %d %s", r.status, r.body)
		}
		for _, lang := range []string{"en", "fa"} {
			r := a.do(req{method: "GET", path: "/api/student/wallet/transactions/", token: sara, lang: lang})
			want := map[string]string{"en": "Your account is suspended: spam to teachers", "fa": "حساب شما تعلیق شده است: spam to teachers"}[lang]
			if r.status != 401 || r.json(t)["detail"] != want {
				t.Errorf("the suspended token (%s): %d %s", lang, r.status, r.body)
			}
		}
		if r := a.do(req{method: "POST", path: "/api/token/", body: map[string]string{"username": "sara", "password": "secret1"}}); r.status != 403 ||
			!strings.Contains(string(r.body), "spam to teachers") {
			t.Errorf("signing in suspended: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "POST", path: path("suspend", id), token: ops, body: map[string]string{"reason": "again"}}); r.status != 409 {
			t.Errorf("a second suspension: %d %s", r.status, r.body)
		}

		r = a.do(req{method: "POST", path: path("unsuspend", id), token: ops})
		if r.status != 200 || r.json(t)["suspended_at"] != nil || r.json(t)["suspended_reason"] != "" {
			t.Fatalf("unsuspend: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "GET", path: "/api/profile/", token: sara}); r.status != 401 {
			t.Errorf("a token from before the suspension: %d, want 401", r.status)
		}
		if r := a.do(req{method: "GET", path: "/api/profile/", token: a.login("sara", "secret1")}); r.status != 200 {
			t.Errorf("signed in again: %d", r.status)
		}
		if r := a.do(req{method: "POST", path: path("unsuspend", id), token: ops}); r.status != 409 {
			t.Errorf("lifting twice: %d %s", r.status, r.body)
		}
		wantLog(t, a, fmt.Sprintf("user.unsuspend user:%d", id), fmt.Sprintf("user.suspend user:%d spam to teachers", id))
	})
}

// TestSuspendTeacher: a suspended teacher leaves the list and cannot be
// booked, and their classes still to come, booked or waiting for a
// cancellation's approval, are cancelled and refunded in full; a class that
// has begun stays theirs. The ledger and the bookings audit clean.
// Lifting the suspension lists them again.
func TestSuspendTeacher(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		ops := a.operator("ops", "09121000109")
		teacherID := a.userID(t, "maryam")
		s.fundStudents(t, 5*price)
		running := s.book(t, s.sara, s.slot(t, "2026-11-21", "13:00", "14:00")) // 09:30 UTC, half an hour from now
		coming := s.book(t, s.sara, s.slot(t, "2026-11-25", "09:00", "10:00"))
		asked := s.book(t, s.nima, s.slot(t, "2026-11-22", "09:00", "10:00"))
		if r := a.do(req{method: "PUT", path: fmt.Sprintf("/api/slot/cancel/%d/", asked), token: s.nima}); r.status != 200 || r.json(t)["status"] != "cancel_pending" {
			t.Fatalf("asking to cancel: %d %s", r.status, r.body)
		}
		free := s.slot(t, "2026-11-26", "09:00", "10:00")
		a.clock.Add(45 * time.Minute) // the first class has begun
		saraBefore, nimaBefore := s.wallet(t, s.saraID), s.wallet(t, s.nimaID)

		if r := a.do(req{method: "POST", path: fmt.Sprintf("/api/admin/users/%d/suspend/", teacherID), token: ops, body: map[string]string{"reason": "fake diplomas"}}); r.status != 200 {
			t.Fatalf("suspend: %d %s", r.status, r.body)
		}
		for id, want := range map[int64]string{running: "booked", coming: "approved_cancel", asked: "approved_cancel"} {
			token := s.sara
			if id == asked {
				token = s.nima
			}
			if c := s.class(t, token, id); c["status"] != want || want == "approved_cancel" && c["cancelled_by"] != "teacher" {
				t.Errorf("class %d: %v by %v, want %s", id, c["status"], c["cancelled_by"], want)
			}
		}
		if got := s.wallet(t, s.saraID); got != saraBefore+price {
			t.Errorf("sara's wallet: %d, want %d", got, saraBefore+price)
		}
		if got := s.wallet(t, s.nimaID); got != nimaBefore+price {
			t.Errorf("nima's wallet: %d, want %d", got, nimaBefore+price)
		}
		a.audit(t)
		if r := a.do(req{method: "GET", path: "/api/teachers/list/", token: s.sara}); r.json(t)["count"] != 0.0 {
			t.Errorf("the list shows the suspended teacher: %s", r.body)
		}
		if r := a.do(req{method: "POST", path: "/api/slot/booking/", token: s.sara, body: map[string]any{"slot": free, "level_price": s.level}}); r.status != 404 {
			t.Errorf("booking the suspended teacher: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "GET", path: fmt.Sprintf("/api/teachers/%d/profile/", teacherID), token: s.sara}); r.status != 404 {
			t.Errorf("the suspended teacher's profile: %d", r.status)
		}
		if r := a.do(req{method: "GET", path: "/api/teacher/profile/", token: s.teacher}); r.status != 401 {
			t.Errorf("the suspended teacher's token: %d", r.status)
		}

		if r := a.do(req{method: "POST", path: fmt.Sprintf("/api/admin/users/%d/unsuspend/", teacherID), token: ops}); r.status != 200 {
			t.Fatalf("unsuspend: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "GET", path: "/api/teachers/list/", token: s.sara}); r.json(t)["count"] != 1.0 {
			t.Errorf("the list after the suspension: %s", r.body)
		}
		if r := a.do(req{method: "POST", path: "/api/slot/booking/", token: s.sara, body: map[string]any{"slot": free, "level_price": s.level}}); r.status != 201 {
			t.Errorf("booking after the suspension: %d %s", r.status, r.body)
		}
		a.audit(t)
	})
}

// TestSuspendRacesBooking: a suspension and bookings of the teacher's free
// slots at once never leave a class booked with a suspended teacher, and
// every refused booking rolls back its payment.
func TestSuspendRacesBooking(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		ops := a.operator("ops", "09121000109")
		s.fundStudents(t, 5*price)
		var slots []int64
		for day := 24; day < 28; day++ {
			slots = append(slots, s.slot(t, fmt.Sprintf("2026-11-%d", day), "09:00", "10:00"))
		}
		var wg sync.WaitGroup
		wg.Go(func() {
			a.do(req{method: "POST", path: fmt.Sprintf("/api/admin/users/%d/suspend/", a.userID(t, "maryam")), token: ops, body: map[string]string{"reason": "x"}})
		})
		for i, slot := range slots {
			token := []string{s.sara, s.nima}[i%2]
			wg.Go(func() {
				a.do(req{method: "POST", path: "/api/slot/booking/", token: token, body: map[string]any{"slot": slot, "level_price": s.level}})
			})
		}
		wg.Wait()
		for _, token := range []string{s.sara, s.nima} {
			var list []map[string]any
			json.Unmarshal(a.do(req{method: "GET", path: "/api/slot/lists/student/", token: token}).body, &list)
			for _, c := range list {
				if c["status"] != "approved_cancel" {
					t.Errorf("class %v of the suspended teacher: %v", c["id"], c["status"])
				}
			}
		}
		if got := s.wallet(t, s.saraID) + s.wallet(t, s.nimaID); got != 2*(300_000+5*price) {
			t.Errorf("the students' wallets hold %d, want all they paid in", got)
		}
		a.audit(t)
	})
}

// TestTeacherReviewFlow: with review on, a new teacher is not listed, not
// shown to students and cannot be booked until an operator approves them;
// the queue shows what to judge; a rejection tells the teacher why, an edit
// leaves them rejected until they ask again; a second decision is a
// conflict; each decision writes its log row.
func TestTeacherReviewFlow(t *testing.T) {
	eachReview(t, func(t *testing.T, a *app) {
		ops := a.operator("ops", "09121000109")
		sara := a.register("sara", zabano.RoleStudent, "09121000101")
		teacher := a.register("maryam", zabano.RoleTeacher, "09121000103")
		id := a.userID(t, "maryam")
		fund(t, a, a.userID(t, "sara"), 1_000_000)
		r := a.do(req{method: "POST", path: "/api/teacher/profile/", token: teacher, body: multipartOf(t,
			map[string]string{"bio": "IELTS coach", "language_levels": `[{"language":"English","levels":["B1","B2"],"regular_price":200000,"exam_price":250000}]`},
			formFile{"documents", "cv.pdf", fileOf(pdfHead, 100)}, formFile{"intro_video", "me.mp4", fileOf(mp4Head, 500)})})
		if r.status != 200 {
			t.Fatalf("profile: %d %s", r.status, r.body)
		}
		level := int64(r.json(t)["level_prices"].([]any)[0].(map[string]any)["id"].(float64))
		from := a.clock.Now().Add(48 * time.Hour)
		slot := int64(a.do(req{method: "POST", path: "/api/slot/available/", token: teacher, body: map[string]any{"start": from, "end": from.Add(time.Hour)}}).json(t)["id"].(float64))
		review := func() map[string]any {
			return a.do(req{method: "GET", path: "/api/teacher/profile/", token: teacher}).json(t)["review"].(map[string]any)
		}
		hidden := func(when string) {
			t.Helper()
			if r := a.do(req{method: "GET", path: "/api/teachers/list/", token: sara}); r.json(t)["count"] != 0.0 {
				t.Errorf("%s: listed: %s", when, r.body)
			}
			if r := a.do(req{method: "GET", path: fmt.Sprintf("/api/teachers/%d/profile/", id), token: sara}); r.status != 404 {
				t.Errorf("%s: the profile: %d", when, r.status)
			}
			if r := a.do(req{method: "GET", path: fmt.Sprintf("/api/slot/teacher/%d/", id), token: sara}); strings.TrimSpace(string(r.body)) != "[]" {
				t.Errorf("%s: the free slots: %s", when, r.body)
			}
			if r := a.do(req{method: "POST", path: "/api/slot/booking/", token: sara, body: map[string]any{"slot": slot, "level_price": level}}); r.status != 404 {
				t.Errorf("%s: booking: %d %s", when, r.status, r.body)
			}
			if r := a.do(req{method: "POST", path: "/api/slot/booking/recurring/", token: sara, body: map[string]any{"slot": slot, "level_price": level, "weeks": 2}}); r.status != 404 {
				t.Errorf("%s: booking weekly: %d %s", when, r.status, r.body)
			}
		}

		if rv := review(); rv["status"] != "pending" || rv["reason"] != "" || rv["requested_at"] != start.Format(time.RFC3339) {
			t.Errorf("a new teacher's review: %v", rv)
		}
		hidden("pending")
		if r := a.do(req{method: "GET", path: fmt.Sprintf("/api/teachers/%d/profile/", id), token: teacher}); r.status != 200 {
			t.Errorf("the teacher's own public profile: %d", r.status)
		}
		var queue []struct {
			Teacher   struct{ ID int64 }
			Bio       string
			VideoURL  *string `json:"video_url"`
			Documents []struct{ Name, URL string }
			Levels    []struct {
				Language, Level string
				RegularPrice    int64 `json:"regular_price"`
				ExamPrice       int64 `json:"exam_price"`
			}
		}
		a.do(req{method: "GET", path: "/api/admin/teachers/pending/", token: ops}).decode(t, &queue)
		if len(queue) != 1 || queue[0].Teacher.ID != id || queue[0].Bio != "IELTS coach" || queue[0].VideoURL == nil ||
			len(queue[0].Documents) != 1 || queue[0].Documents[0].Name != "cv.pdf" ||
			fmt.Sprint(queue[0].Levels) != "[{English B1 200000 250000} {English B2 200000 250000}]" {
			t.Errorf("the queue: %+v", queue)
		}
		if r := a.do(req{method: "GET", path: "/api/admin/overview/", token: ops}); r.json(t)["pending_teachers"] != 1.0 {
			t.Errorf("overview: %s", r.body)
		}

		reject := req{method: "POST", path: fmt.Sprintf("/api/admin/teachers/%d/reject/", id), token: ops, body: map[string]string{"reason": ""}}
		if r := a.do(reject); r.status != 400 || r.field(t, "reason") == "" {
			t.Errorf("rejecting without a reason: %d %s", r.status, r.body)
		}
		reject.body = map[string]string{"reason": "Upload your IELTS certificate."}
		if r := a.do(reject); r.status != 200 || r.json(t)["review_status"] != "rejected" || r.json(t)["review_reason"] != "Upload your IELTS certificate." {
			t.Fatalf("reject: %d %s", r.status, r.body)
		}
		if r := a.do(reject); r.status != 409 || !strings.Contains(string(r.body), "it is rejected") {
			t.Errorf("rejecting twice: %d %s", r.status, r.body)
		}
		if rv := review(); rv["status"] != "rejected" || rv["reason"] != "Upload your IELTS certificate." {
			t.Errorf("the rejected teacher's review: %v", rv)
		}
		if r := a.do(req{method: "GET", path: "/api/admin/teachers/pending/", token: ops}); strings.TrimSpace(string(r.body)) != "[]" {
			t.Errorf("the queue after the rejection: %s", r.body)
		}
		// An edit does not ask again.
		a.do(req{method: "POST", path: "/api/teacher/profile/", token: teacher, body: multipartOf(t, nil, formFile{"documents", "ielts.pdf", fileOf(pdfHead, 100)})})
		if rv := review(); rv["status"] != "rejected" {
			t.Errorf("after an edit: %v", rv)
		}
		hidden("rejected")

		a.clock.Add(time.Hour)
		r = a.do(req{method: "POST", path: "/api/teacher/profile/review/", token: teacher})
		if r.status != 200 || r.json(t)["status"] != "pending" || r.json(t)["reason"] != "" || r.json(t)["requested_at"] != start.Add(time.Hour).Format(time.RFC3339) {
			t.Fatalf("asking again: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "POST", path: "/api/teacher/profile/review/", token: teacher, lang: "fa"}); r.status != 409 || !strings.Contains(string(r.body), "در انتظار بررسی") {
			t.Errorf("asking twice: %d %s", r.status, r.body)
		}
		approve := req{method: "POST", path: fmt.Sprintf("/api/admin/teachers/%d/approve/", id), token: ops}
		if r := a.do(approve); r.status != 200 || strings.TrimSpace(string(r.body)) != `{"review_status":"approved"}` {
			t.Fatalf("approve: %d %s", r.status, r.body)
		}
		if r := a.do(approve); r.status != 409 {
			t.Errorf("approving twice: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "POST", path: fmt.Sprintf("/api/admin/teachers/%d/approve/", a.userID(t, "sara")), token: ops}); r.status != 404 {
			t.Errorf("approving a student: %d %s", r.status, r.body)
		}
		// An approved teacher's edits need no new review.
		a.do(req{method: "PUT", path: "/api/teacher/profile/", token: teacher, body: map[string]string{"bio": "IELTS and TOEFL coach"}})
		if rv := review(); rv["status"] != "approved" {
			t.Errorf("approved, after an edit: %v", rv)
		}
		if r := a.do(req{method: "GET", path: "/api/teachers/list/", token: sara}); r.json(t)["count"] != 1.0 {
			t.Errorf("approved, not listed: %s", r.body)
		}
		if r := a.do(req{method: "POST", path: "/api/slot/booking/", token: sara, body: map[string]any{"slot": slot, "level_price": level}}); r.status != 201 {
			t.Errorf("booking the approved teacher: %d %s", r.status, r.body)
		}
		a.audit(t)
		wantLog(t, a, fmt.Sprintf("teacher.approve user:%d", id), fmt.Sprintf("teacher.reject user:%d Upload your IELTS certificate.", id))
	})
}

// fund puts amount into user id's wallet, as a top-up does.
func fund(t *testing.T, a *app, id, amount int64) {
	t.Helper()
	if err := a.db.PostTransaction(t.Context(), zabano.Transfer(zabano.TxTopUp, zabano.GatewayAccount, zabano.WalletOf(id), amount, "test")); err != nil {
		t.Fatal(err)
	}
}

// TestOperatorsAtOnce: two operators acting on one object at the same
// moment: one changes it and logs it, the other is told it has changed.
func TestOperatorsAtOnce(t *testing.T) {
	eachReview(t, func(t *testing.T, a *app) {
		ops := []string{a.operator("ops1", "09121000108"), a.operator("ops2", "09121000109")}
		a.register("sara", zabano.RoleStudent, "09121000101")
		a.register("maryam", zabano.RoleTeacher, "09121000103")
		sara, maryam := a.userID(t, "sara"), a.userID(t, "maryam")
		for _, tc := range []struct {
			name, path string
			body       any
		}{
			{"suspend", fmt.Sprintf("/api/admin/users/%d/suspend/", sara), map[string]string{"reason": "spam"}},
			{"unsuspend", fmt.Sprintf("/api/admin/users/%d/unsuspend/", sara), nil},
			{"approve", fmt.Sprintf("/api/admin/teachers/%d/approve/", maryam), nil},
		} {
			codes := make([]int, 2)
			var wg sync.WaitGroup
			for i, token := range ops {
				wg.Go(func() { codes[i] = a.do(req{method: "POST", path: tc.path, token: token, body: tc.body}).status })
			}
			wg.Wait()
			if codes[0]+codes[1] != 200+409 {
				t.Errorf("%s twice at once: %v, want one 200 and one 409", tc.name, codes)
			}
		}
		wantLog(t, a, fmt.Sprintf("teacher.approve user:%d", maryam), fmt.Sprintf("user.unsuspend user:%d", sara), fmt.Sprintf("user.suspend user:%d spam", sara))
	})
}

// TestHideReview: a hidden review leaves the public list and the teacher's
// rating, which is recomputed (and the rating order keeps working); the
// operators' list still shows it, with the reason. Hiding needs a reason,
// twice is a conflict, and two operators at once hide it once.
func TestHideReview(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		ops := []string{a.operator("ops1", "09121000108"), a.operator("ops2", "09121000109")}
		teacherID := a.userID(t, "maryam")
		var reviews []int64
		for i, rv := range []struct {
			token  string
			rating int
		}{{s.sara, 5}, {s.nima, 2}} {
			id, _ := s.endedClass(t, rv.token, time.Duration(i+1)*time.Hour)
			if r := a.do(req{method: "PUT", path: fmt.Sprintf("/api/slot/done/%d/", id), token: rv.token}); r.status != 200 {
				t.Fatalf("done: %d %s", r.status, r.body)
			}
			r := a.do(req{method: "POST", path: fmt.Sprintf("/api/slot/%d/review/", id), token: rv.token, body: map[string]any{"rating": rv.rating, "text": "REVIEW " + fmt.Sprint(rv.rating)}})
			if r.status != 201 {
				t.Fatalf("review: %d %s", r.status, r.body)
			}
			reviews = append(reviews, int64(r.json(t)["id"].(float64)))
		}
		card := func() map[string]any {
			r := a.do(req{method: "GET", path: "/api/teachers/list/?sort=rating", token: s.sara})
			for _, c := range r.json(t)["results"].([]any) {
				if c := c.(map[string]any); c["id"] == float64(teacherID) {
					return c
				}
			}
			t.Fatalf("the teacher is not listed: %s", r.body)
			return nil
		}
		if c := card(); c["rating"] != 3.5 || c["reviews_count"] != 2.0 {
			t.Fatalf("before: %v %v", c["rating"], c["reviews_count"])
		}
		hide := func(token string, id int64, reason string) resp {
			return a.do(req{method: "POST", path: fmt.Sprintf("/api/admin/reviews/%d/hide/", id), token: token, body: map[string]string{"reason": reason}})
		}
		if r := hide(ops[0], reviews[1], ""); r.status != 400 || r.field(t, "reason") == "" {
			t.Errorf("no reason: %d %s", r.status, r.body)
		}
		if r := hide(ops[0], 999_999, "x"); r.status != 404 {
			t.Errorf("no such review: %d %s", r.status, r.body)
		}
		r := hide(ops[0], reviews[1], "insults the teacher")
		var row struct {
			ID           int64
			Teacher      struct{ ID int64 }
			Student      struct{ Username string }
			Rating       int
			Comment      string
			Reply        *string
			Hidden       bool
			HiddenReason string `json:"hidden_reason"`
		}
		r.decode(t, &row)
		if r.status != 200 || row.ID != reviews[1] || row.Teacher.ID != teacherID || row.Student.Username != "nima" || row.Rating != 2 ||
			row.Comment != "REVIEW 2" || row.Reply != nil || !row.Hidden || row.HiddenReason != "insults the teacher" {
			t.Fatalf("hide: %d %s", r.status, r.body)
		}
		if r := hide(ops[1], reviews[1], "again"); r.status != 409 {
			t.Errorf("hiding twice: %d %s", r.status, r.body)
		}
		if c := card(); c["rating"] != 5.0 || c["reviews_count"] != 1.0 {
			t.Errorf("after hiding: %v %v", c["rating"], c["reviews_count"])
		}
		public := a.do(req{method: "GET", path: fmt.Sprintf("/api/teachers/%d/reviews/", teacherID), token: s.nima})
		if public.json(t)["count"] != 1.0 || strings.Contains(string(public.body), "REVIEW 2") {
			t.Errorf("the public reviews: %s", public.body)
		}
		var list []struct {
			ID     int64
			Hidden bool
		}
		a.do(req{method: "GET", path: fmt.Sprintf("/api/admin/reviews/?teacher_id=%d", teacherID), token: ops[0]}).decode(t, &list)
		if fmt.Sprint(list) != fmt.Sprintf("[{%d true} {%d false}]", reviews[1], reviews[0]) {
			t.Errorf("the operators' list: %v", list)
		}
		a.do(req{method: "GET", path: fmt.Sprintf("/api/admin/reviews/?before=%d", reviews[1]), token: ops[0]}).decode(t, &list)
		if len(list) != 1 || list[0].ID != reviews[0] {
			t.Errorf("the page before: %v", list)
		}
		for _, q := range []string{"teacher_id=abc", "teacher_id=0", "before=x"} {
			if r := a.do(req{method: "GET", path: "/api/admin/reviews/?" + q, token: ops[0]}); r.status != 400 {
				t.Errorf("%s: %d", q, r.status)
			}
		}

		codes := make([]int, 2)
		var wg sync.WaitGroup
		for i, token := range ops {
			wg.Go(func() { codes[i] = hide(token, reviews[0], "at once").status })
		}
		wg.Wait()
		if codes[0]+codes[1] != 200+409 {
			t.Errorf("hiding at once: %v", codes)
		}
		if c := card(); c["rating"] != nil || c["reviews_count"] != 0.0 {
			t.Errorf("all hidden: %v %v", c["rating"], c["reviews_count"])
		}
		wantLog(t, a, fmt.Sprintf("review.hide review:%d at once", reviews[0]), fmt.Sprintf("review.hide review:%d insults the teacher", reviews[1]))
	})
}

// TestUserSearch: operators find users by part of a username, by a name as
// an Arabic or a Persian keyboard types it, and by a phone number in any
// form or part of one, of one role or all.
func TestUserSearch(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		ops := a.operator("ops", "09129999999")
		students := map[string]map[string]string{
			"sara":  {"first_name": "مریم", "last_name": "رضایی"},      // typed on a Persian keyboard
			"nima":  {"first_name": "علي", "last_name": "كريمي"},       // typed on an Arabic keyboard
			"zahra": {"first_name": "نیلوفر", "last_name": "نوری‌پور"}, // with a zero-width non-joiner
		}
		for i, name := range []string{"sara", "nima", "zahra"} {
			token := a.register(name, zabano.RoleStudent, fmt.Sprintf("0912100010%d", i+1))
			if r := a.do(req{method: "POST", path: "/api/student/profile/", token: token, body: students[name]}); r.status != 200 {
				t.Fatalf("names of %s: %d %s", name, r.status, r.body)
			}
		}
		a.register("maryam", zabano.RoleTeacher, "09121000201")
		found := func(query string) string {
			t.Helper()
			r := a.do(req{method: "GET", path: "/api/admin/users/?" + query, token: ops})
			if r.status != 200 {
				t.Fatalf("%s: %d %s", query, r.status, r.body)
			}
			var list []struct{ Username string }
			r.decode(t, &list)
			var names []string
			for _, u := range list {
				names = append(names, u.Username)
			}
			return strings.Join(names, " ")
		}
		for q, want := range map[string]string{
			"q=SAR":              "sara",
			"q=مريم+رضايي":       "sara", // Arabic ي for a Persian name
			"q=علی+کریمی":        "nima", // Persian ی and ک for an Arabic-typed name
			"q=کريمي":            "nima",
			"q=نوریپور":          "zahra",
			"q=نوری%E2%80%8Cپور": "zahra",
			"q=%DB%B0%DB%B9%DB%B1%DB%B2+%DB%B1%DB%B0%DB%B0+%DB%B0%DB%B1%DB%B0%DB%B2": "nima", // ۰۹۱۲ ۱۰۰ ۰۱۰۲
			"q=%2B98+912+100+0103": "zahra",
			"q=0098-912-100-0101":  "sara",
			"q=1000201":            "maryam",
			"q=10001":              "zahra nima sara",
			"q=10001&role=teacher": "",
			"role=teacher":         "maryam",
			"role=admin":           "ops",
			"q=nobody":             "",
		} {
			if got := found(q); got != want {
				t.Errorf("%s: %q, want %q", q, got, want)
			}
		}
		if r := a.do(req{method: "GET", path: "/api/admin/users/?role=owner", token: ops}); r.status != 400 || r.field(t, "role") == "" {
			t.Errorf("an unknown role: %d %s", r.status, r.body)
		}
	})
}

// TestUserDetail: a user's page shows their classes, payments, wallet and
// chats' metadata, never a message's text; a teacher's shows their review.
func TestUserDetail(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		ops := a.operator("ops", "09121000109")
		class, _ := s.endedClass(t, s.sara, time.Hour)
		authority := a.requestPayment(s.sara, 5_000)
		chat := int64(a.do(req{method: "POST", path: "/api/chat/create/", token: s.sara, body: map[string]any{"teacher_id": a.userID(t, "maryam")}}).json(t)["id"].(float64))
		a.do(req{method: "POST", path: "/api/messages/send/", token: s.sara, body: map[string]any{"chat_id": chat, "content": "SECRET TEXT"}})

		r := a.do(req{method: "GET", path: fmt.Sprintf("/api/admin/users/%d/", s.saraID), token: ops})
		var d struct {
			User     struct{ Username, Role string }
			Balance  int64
			Bookings []struct {
				ID      int64
				Status  string
				Price   int64
				Teacher struct{ Username, Phone string }
				Student struct{ Username string }
			}
			Payments []struct {
				Authority, Status string
				Amount            int64
				User              struct{ Username string }
				RefID             *int64 `json:"ref_id"`
			}
			Transactions []struct{ Amount int64 }
			Chats        []struct {
				ID            int64
				With          struct{ Username string }
				Messages      int
				LastMessageAt *time.Time `json:"last_message_at"`
			}
			Teacher *struct{}
		}
		r.decode(t, &d)
		if r.status != 200 || d.User.Username != "sara" || d.Balance != 300_000-price || d.Teacher != nil {
			t.Fatalf("sara's page: %d %s", r.status, r.body)
		}
		if len(d.Bookings) != 1 || d.Bookings[0].ID != class || d.Bookings[0].Status != "booked" || d.Bookings[0].Price != price ||
			d.Bookings[0].Teacher.Username != "maryam" || d.Bookings[0].Teacher.Phone != "09121000040" || d.Bookings[0].Student.Username != "sara" {
			t.Errorf("bookings: %+v", d.Bookings)
		}
		if len(d.Payments) != 1 || d.Payments[0].Authority != authority || d.Payments[0].Status != "pending" || d.Payments[0].Amount != 5_000 ||
			d.Payments[0].User.Username != "sara" || d.Payments[0].RefID != nil {
			t.Errorf("payments: %+v", d.Payments)
		}
		if len(d.Transactions) != 2 || d.Transactions[0].Amount != -price || d.Transactions[1].Amount != 300_000 {
			t.Errorf("transactions: %+v", d.Transactions)
		}
		if len(d.Chats) != 1 || d.Chats[0].ID != chat || d.Chats[0].With.Username != "maryam" || d.Chats[0].Messages != 1 ||
			d.Chats[0].LastMessageAt == nil || !d.Chats[0].LastMessageAt.Equal(a.clock.Now()) {
			t.Errorf("chats: %+v", d.Chats)
		}
		if strings.Contains(string(r.body), "SECRET TEXT") {
			t.Errorf("the page shows a message's text: %s", r.body)
		}
		r = a.do(req{method: "GET", path: fmt.Sprintf("/api/admin/users/%d/", a.userID(t, "maryam")), token: ops})
		if teacher, _ := r.json(t)["teacher"].(map[string]any); teacher["review_status"] != "approved" || teacher["review_reason"] != "" {
			t.Errorf("the teacher's page: %s", r.body)
		}
		if r := a.do(req{method: "GET", path: "/api/admin/users/999999/", token: ops}); r.status != 404 {
			t.Errorf("nobody's page: %d", r.status)
		}
	})
}

// TestOverview: the figures of today and of this month, counted from the
// start of the day in Tehran and of the Persian calendar month; what waits
// for the operators; the audit's result.
func TestOverview(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a) // 2026-11-21 12:30 in Tehran, the last day of Aban
		ops := a.operator("ops", "09121000109")
		done, _ := s.endedClass(t, s.sara, time.Hour)
		if r := a.do(req{method: "PUT", path: fmt.Sprintf("/api/slot/done/%d/", done), token: s.sara}); r.status != 200 {
			t.Fatal(r.status)
		}
		disputed, _ := s.endedClass(t, s.nima, time.Hour)
		report := s.report(t, s.nima, disputed, "teacher_absent", "full_refund")
		if r := a.do(req{method: "PUT", path: problemAnswerPath(report), token: s.teacher, body: map[string]bool{"accept": false}}); r.status != 200 {
			t.Fatal(r.status)
		}
		for _, amount := range []int64{100_000, 50_000} {
			if r := a.do(req{method: "POST", path: "/api/teacher/wallet/withdrawals/", token: s.teacher, body: map[string]any{"amount": amount, "iban": teacherIBAN}}); r.status != 201 {
				t.Fatalf("withdrawal: %d %s", r.status, r.body)
			}
		}
		list, err := a.db.Withdrawals(t.Context(), zabano.WithdrawalFilter{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.db.PayWithdrawal(t.Context(), list[0].ID, 0, ""); err != nil { // the newest, 50,000
			t.Fatal(err)
		}
		overview := func() (today, month, rest string) {
			t.Helper()
			var o struct {
				Today, Month struct {
					NewStudents    int   `json:"new_students"`
					NewTeachers    int   `json:"new_teachers"`
					ClassesBooked  int   `json:"classes_booked"`
					ClassesDone    int   `json:"classes_done"`
					ToppedUp       int64 `json:"topped_up"`
					PaidToTeachers int64 `json:"paid_to_teachers"`
				}
				WaitingWithdrawals struct{ Count, Amount int64 } `json:"waiting_withdrawals"`
				OpenDisputes       int                           `json:"open_disputes"`
				PendingTeachers    int                           `json:"pending_teachers"`
				Audit              struct {
					OK        bool
					CheckedAt time.Time `json:"checked_at"`
					Findings  []any
				}
			}
			r := a.do(req{method: "GET", path: "/api/admin/overview/", token: ops})
			if r.status != 200 {
				t.Fatalf("overview: %d %s", r.status, r.body)
			}
			r.decode(t, &o)
			if !o.Audit.OK || len(o.Audit.Findings) != 0 || !o.Audit.CheckedAt.Equal(a.clock.Now()) {
				t.Errorf("audit: %+v", o.Audit)
			}
			return fmt.Sprint(o.Today), fmt.Sprint(o.Month), fmt.Sprint(o.WaitingWithdrawals, o.OpenDisputes, o.PendingTeachers)
		}
		// Two students and two teachers, two classes booked and one done,
		// the school's two top-ups and a teacher's withdrawal paid.
		const all = "{2 2 2 1 600000 50000}"
		if today, month, rest := overview(); today != all || month != all || rest != "{1 100000} 1 0" {
			t.Errorf("the first day: today %s, month %s, waiting %s", today, month, rest)
		}
		// 00:30 of 2026-11-22 in Tehran, still the 21st in UTC: a new day,
		// and the first of Azar, a new month.
		a.clock.Add(time.Date(2026, 11, 21, 21, 0, 0, 0, time.UTC).Sub(a.clock.Now()))
		ops = a.signInOperator("ops", "09121000109") // a token lasts 12 hours
		a.register("kian", zabano.RoleStudent, "09121000301")
		const one = "{1 0 0 0 0 0}"
		if today, month, rest := overview(); today != one || month != one || rest != "{1 100000} 1 0" {
			t.Errorf("the new month's first day: today %s, month %s, waiting %s", today, month, rest)
		}
		a.clock.Add(24 * time.Hour)
		ops = a.signInOperator("ops", "09121000109")
		if today, month, _ := overview(); today != "{0 0 0 0 0 0}" || month != one {
			t.Errorf("the next day: today %s, month %s", today, month)
		}
	})
}
