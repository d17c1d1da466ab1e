package httpapi_test

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zabano/zabano"
)

// person is a user of the account tests with contact details and data of
// every kind, each marked with their username, so that an archive shows
// whose data it holds.
type person struct {
	username, phone, email, first, last string
	role                                zabano.Role
	token                               string
	id                                  int64
}

// personal are the marks of p that nobody else's archive may hold: their
// username, phone and email. Their name may show, and their data is marked
// with their first name.
func (p *person) personal() []string {
	return []string{p.username, p.phone, p.email}
}

// town is a teacher and two students who took classes with her, rated
// them, reported nothing and chatted, each with files of their own.
type town struct {
	*app
	maryam, sara, nima *person
	level              int64
	done               map[string]int64 // each student's done class
}

func newTown(t *testing.T, a *app) *town {
	t.Helper()
	w := &town{app: a, done: map[string]int64{},
		maryam: &person{"maryamT", "09121000201", "maryam@teach.example", "Maryam", "Rahimi", zabano.RoleTeacher, "", 0},
		sara:   &person{"saraS", "09121000202", "sara@learn.example", "Sara", "Karimi", zabano.RoleStudent, "", 0},
		nima:   &person{"nimaN", "09121000203", "nima@learn.example", "Nima", "Ahmadi", zabano.RoleStudent, "", 0},
	}
	for _, p := range []*person{w.maryam, w.sara, w.nima} {
		w.ok(t, 201, req{method: "POST", path: "/api/register/", body: map[string]any{
			"username": p.username, "email": p.email, "password": "secret1", "role": p.role, "phone": p.phone, "code": a.code(p.phone),
		}})
		p.token, p.id = a.login(p.username, "secret1"), a.userID(t, p.username)
	}
	r := w.ok(t, 200, req{method: "POST", path: "/api/teacher/profile/", token: w.maryam.token, body: multipartOf(t,
		map[string]string{
			"first_name": "Maryam", "last_name": "Rahimi", "bio": "BIO-Maryam", "education": "EDU-Maryam",
			"language_levels": `[{"language":"English","levels":["B1"],"regular_price":100000}]`,
		},
		formFile{"photo", "me.png", fileOf(pngHead, 300)}, formFile{"documents", "cv.pdf", fileOf(pdfHead, 400)},
		formFile{"intro_video", "hello.mp4", fileOf(mp4Head, 500)})})
	w.level = int64(r.json(t)["level_prices"].([]any)[0].(map[string]any)["id"].(float64))
	w.ok(t, 201, req{method: "POST", path: "/api/materials/", token: w.maryam.token, body: multipartOf(t,
		map[string]string{"title": "MAT-Maryam", "material_type": "note"}, formFile{"file", "notes.pdf", fileOf(pdfHead, 600)})})
	w.ok(t, 201, req{method: "POST", path: "/api/courses/", token: w.maryam.token,
		body: map[string]any{"title": "COURSE-Maryam", "days": []int{1}, "startTime": "18:00"}})
	for i, p := range []*person{w.sara, w.nima} {
		w.ok(t, 200, req{method: "POST", path: "/api/student/profile/", token: p.token,
			body: map[string]string{"first_name": p.first, "last_name": p.last, "bio": "BIO-" + p.first}})
		w.ok(t, 200, req{method: "POST", path: "/api/student/profile/upload-photo/", token: p.token,
			body: multipartOf(t, nil, formFile{"profile_photo", "me.png", fileOf(pngHead, 200+i)})})
		w.ok(t, 200, req{method: "POST", path: "/api/student/language-level/", token: p.token, body: map[string]string{"language": "French", "level": "A1"}})
		w.ok(t, 201, req{method: "POST", path: "/api/notes/", token: p.token, body: map[string]string{"title": "NOTE-" + p.first, "content": "private"}})
		w.fund(t, p, 500_000)
		w.done[p.username] = w.doneClass(t, p, time.Duration(i+1)*time.Hour)
		w.ok(t, 201, req{method: "POST", path: fmt.Sprintf("/api/slot/%d/review/", w.done[p.username]), token: p.token,
			body: map[string]any{"rating": 5, "text": "REVIEW-" + p.first}})
		chat := w.chat(t, p)
		w.ok(t, 201, req{method: "POST", path: "/api/messages/send/", token: p.token, body: map[string]any{"chat_id": chat, "content": "MSG-" + p.first}})
		w.ok(t, 201, req{method: "POST", path: "/api/messages/send/", token: w.maryam.token, body: map[string]any{"chat_id": chat, "content": "MSG-Maryam to " + p.first}})
	}
	// A card payment of Sara's, credited.
	a.topUp(w.sara.token, 7_000)
	return w
}

// ok makes a set-up call and fails the test unless it answers status.
func (w *town) ok(t *testing.T, status int, rq req) resp {
	t.Helper()
	r := w.do(rq)
	if r.status != status {
		t.Fatalf("set-up %s %s: %d %s, want %d", rq.method, rq.path, r.status, r.body, status)
	}
	return r
}

// fund puts amount into p's wallet.
func (w *town) fund(t *testing.T, p *person, amount int64) {
	t.Helper()
	if err := w.db.PostTransaction(t.Context(), zabano.Transfer(zabano.TxTopUp, zabano.GatewayAccount, zabano.WalletOf(p.id), amount, "test")); err != nil {
		t.Fatal(err)
	}
}

// pay moves p's whole wallet out of the system, as a refund to their bank
// account paid by an operator would.
func (w *town) pay(t *testing.T, p *person) {
	t.Helper()
	b, err := w.db.WalletBalance(t.Context(), p.id)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.db.PostTransaction(t.Context(), zabano.Transfer(zabano.TxWithdrawal, zabano.WalletOf(p.id), zabano.GatewayAccount, b, "paid out")); err != nil {
		t.Fatal(err)
	}
}

// slot opens a one-hour slot of Maryam's starting d from now.
func (w *town) slot(t *testing.T, d time.Duration) int64 {
	t.Helper()
	from := w.clock.Now().Add(d)
	return w.id(t, w.ok(t, 201, req{method: "POST", path: "/api/slot/available/", token: w.maryam.token, body: map[string]any{"start": from, "end": from.Add(time.Hour)}}))
}

// book books slot for student p, with their marker in the notes.
func (w *town) book(t *testing.T, p *person, slot int64) int64 {
	t.Helper()
	return w.id(t, w.ok(t, 201, req{method: "POST", path: "/api/slot/booking/", token: p.token,
		body: map[string]any{"slot": slot, "level_price": w.level, "notes": "BOOK-" + p.first}}))
}

// doneClass books a class of p's with Maryam starting in d, moves the clock
// past its end and marks it done.
func (w *town) doneClass(t *testing.T, p *person, d time.Duration) int64 {
	t.Helper()
	id := w.book(t, p, w.slot(t, d))
	w.clock.Add(d + time.Hour)
	w.ok(t, 200, req{method: "PUT", path: fmt.Sprintf("/api/slot/done/%d/", id), token: p.token})
	return id
}

// chat is the chat of student p with Maryam.
func (w *town) chat(t *testing.T, p *person) int64 {
	t.Helper()
	return w.id(t, w.ok(t, 200, req{method: "POST", path: "/api/chat/create/", token: p.token, body: map[string]any{"teacher_id": w.maryam.id}}))
}

func (w *town) id(t *testing.T, r resp) int64 {
	t.Helper()
	return int64(r.json(t)["id"].(float64))
}

// archive downloads the archive of the user of token and returns its files
// by name.
func (a *app) archive(t *testing.T, token, username string) map[string][]byte {
	t.Helper()
	r := a.do(req{method: "GET", path: "/api/account/export/", token: token})
	if r.status != 200 {
		t.Fatalf("export: %d %s", r.status, r.body)
	}
	if ct, cd := r.header.Get("Content-Type"), r.header.Get("Content-Disposition"); ct != "application/zip" ||
		cd != fmt.Sprintf(`attachment; filename="zabano-%s.zip"`, username) {
		t.Errorf("headers: %q, %q", ct, cd)
	}
	zr, err := zip.NewReader(bytes.NewReader(r.body), int64(len(r.body)))
	if err != nil {
		t.Fatalf("not a ZIP: %v", err)
	}
	files := map[string][]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		files[f.Name] = b
		if strings.HasSuffix(f.Name, ".json") && !json.Valid(b) {
			t.Errorf("%s is not JSON: %s", f.Name, b)
		}
	}
	return files
}

// rows decodes a JSON file of an archive of rows.
func rows(t *testing.T, files map[string][]byte, name string) []map[string]any {
	t.Helper()
	var out []map[string]any
	if err := json.Unmarshal(files[name], &out); err != nil {
		t.Fatalf("%s: %v: %s", name, err, files[name])
	}
	return out
}

// names lists an archive's file names, its stored files by folder.
func names(files map[string][]byte) []string {
	var out []string
	for name := range files {
		if folder, _, ok := strings.Cut(strings.TrimPrefix(name, "files/"), "/"); ok && strings.HasPrefix(name, "files/") {
			name = "files/" + folder + "/"
		}
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// TestAccountExport: each user's archive holds all their data and files,
// says in README.txt what each file is, and holds nothing of anybody else
// but the other side's name.
func TestAccountExport(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		w := newTown(t, a)

		files := a.archive(t, w.sara.token, w.sara.username)
		want := []string{"README.txt", "chats.json", "classes.json", "files/photos/", "messages.json",
			"notification_preferences.json", "notifications.json", "payments.json", "problem_reports.json", "profile.json", "reviews_written.json", "saved_teachers.json", "student_languages.json", "study_notes.json",
			"wallet_transactions.json", "withdrawals.json"}
		if got := names(files); !slices.Equal(got, want) {
			t.Fatalf("Sara's archive: %v, want %v", got, want)
		}
		var profile map[string]any
		json.Unmarshal(files["profile.json"], &profile)
		if profile["username"] != "saraS" || profile["phone"] != w.sara.phone || profile["email"] != w.sara.email ||
			profile["first_name"] != "Sara" || profile["bio"] != "BIO-Sara" || profile["role"] != "student" {
			t.Errorf("profile: %s", files["profile.json"])
		}
		photo := profile["photo"].(string)
		if b, ok := files["files/"+photo]; !ok || !bytes.Equal(b, fileOf(pngHead, 200)) {
			t.Errorf("her photo %s is not in the archive as she uploaded it", photo)
		}
		classes := rows(t, files, "classes.json")
		if len(classes) != 1 || classes[0]["with_name"] != "Maryam Rahimi" || classes[0]["my_role"] != "student" ||
			classes[0]["notes"] != "BOOK-Sara" || classes[0]["status"] != "done" || classes[0]["price"] != float64(100_000) ||
			classes[0]["trial"] != false || classes[0]["end_at"] != classes[0]["closed_at"] || classes[0]["cancel_requested_at"] != nil {
			t.Errorf("classes: %s", files["classes.json"])
		}
		msgs := rows(t, files, "messages.json")
		if len(msgs) != 2 || msgs[0]["sender"] != "me" || msgs[0]["content"] != "MSG-Sara" ||
			msgs[1]["sender"] != "Maryam Rahimi" || msgs[1]["content"] != "MSG-Maryam to Sara" {
			t.Errorf("messages: %s", files["messages.json"])
		}
		if c := rows(t, files, "chats.json"); len(c) != 1 || c[0]["with_name"] != "Maryam Rahimi" {
			t.Errorf("chats: %s", files["chats.json"])
		}
		if r := rows(t, files, "reviews_written.json"); len(r) != 1 || r[0]["text"] != "REVIEW-Sara" || r[0]["teacher"] != "Maryam Rahimi" || r[0]["hidden"] != false {
			t.Errorf("reviews: %s", files["reviews_written.json"])
		}
		if p := rows(t, files, "payments.json"); len(p) != 1 || p[0]["amount"] != float64(7_000) || p[0]["status"] != "paid" {
			t.Errorf("payments: %s", files["payments.json"])
		}
		// The fund, the class's debit of the wallet into escrow (two rows), its
		// payment out of escrow and the top-up.
		if tx := rows(t, files, "wallet_transactions.json"); len(tx) != 5 || tx[1]["account"] != "escrow" || tx[1]["amount"] != float64(100_000) {
			t.Errorf("transactions: %s", files["wallet_transactions.json"])
		}
		if n := rows(t, files, "study_notes.json"); len(n) != 1 || n[0]["title"] != "NOTE-Sara" {
			t.Errorf("notes: %s", files["study_notes.json"])
		}
		if l := rows(t, files, "student_languages.json"); len(l) != 1 || l[0]["language"] != "French" {
			t.Errorf("languages: %s", files["student_languages.json"])
		}
		if r := rows(t, files, "withdrawals.json"); len(r) != 0 {
			t.Errorf("withdrawals: %s", files["withdrawals.json"])
		}
		// Her class was booked and reviewed: she holds its reminders, not the teacher's news.
		if n := rows(t, files, "notifications.json"); len(n) == 0 || slices.ContainsFunc(n, func(r map[string]any) bool { return r["kind"] == "class_booked" }) {
			t.Errorf("notifications: %s", files["notifications.json"])
		}
		readme := string(files["README.txt"])
		for _, f := range want[1:] {
			if f != "files/photos/" && strings.Count(readme, f+": ") != 2 {
				t.Errorf("README.txt does not say in both languages what %s is", f)
			}
		}
		if !strings.Contains(readme, "زبانو: داده‌های saraS، در 2026-") || !strings.Contains(readme, "files/: The files you uploaded") {
			t.Errorf("README.txt: %s", readme)
		}
		nobodyElse(t, "Sara's archive", files, append(append(w.nima.personal(), w.maryam.personal()...),
			"Nima", "Ahmadi", "BIO-Maryam", "EDU-Maryam", "MAT-Maryam", "COURSE-Maryam",
			"documents/", "videos/", "materials/"))

		files = a.archive(t, w.maryam.token, w.maryam.username)
		want = []string{"README.txt", "chats.json", "classes.json", "courses.json", "files/documents/", "files/materials/",
			"files/photos/", "files/videos/", "materials.json", "messages.json", "notification_preferences.json",
			"notifications.json", "payments.json", "problem_reports.json",
			"profile.json", "reviews_received.json", "teacher_documents.json", "teacher_levels.json", "teacher_profile.json",
			"teacher_slots.json", "wallet_transactions.json", "withdrawals.json"}
		if got := names(files); !slices.Equal(got, want) {
			t.Fatalf("Maryam's archive: %v, want %v", got, want)
		}
		var tp map[string]any
		json.Unmarshal(files["teacher_profile.json"], &tp)
		if tp["education"] != "EDU-Maryam" || tp["sessions"] != float64(2) || !strings.HasPrefix(tp["intro_video"].(string), "videos/") {
			t.Errorf("teacher profile: %s", files["teacher_profile.json"])
		}
		if b := files["files/"+tp["intro_video"].(string)]; !bytes.Equal(b, fileOf(mp4Head, 500)) {
			t.Errorf("her video is not in the archive as she uploaded it")
		}
		received := rows(t, files, "reviews_received.json")
		if len(received) != 2 || received[0]["student"] != "Sara Karimi" || received[1]["student"] != "Nima Ahmadi" {
			t.Errorf("reviews received: %s", files["reviews_received.json"])
		}
		if c := rows(t, files, "classes.json"); len(c) != 2 || c[0]["with_name"] != "Sara Karimi" || c[0]["my_role"] != "teacher" || c[1]["notes"] != "BOOK-Nima" {
			t.Errorf("classes: %s", files["classes.json"])
		}
		if l := rows(t, files, "teacher_levels.json"); len(l) != 1 || l[0]["active"] != true || l[0]["regular_price"] != float64(100_000) {
			t.Errorf("levels: %s", files["teacher_levels.json"])
		}
		if m := rows(t, files, "messages.json"); len(m) != 4 || m[0]["sender"] != "Sara Karimi" || m[1]["sender"] != "me" {
			t.Errorf("messages: %s", files["messages.json"])
		}
		for _, f := range []string{"materials.json", "courses.json", "teacher_documents.json"} {
			if len(rows(t, files, f)) != 1 {
				t.Errorf("%s: %s", f, files[f])
			}
		}
		// Her students appear by their names alone; their notes are their own.
		nobodyElse(t, "Maryam's archive", files, append(append(w.sara.personal(), w.nima.personal()...),
			"NOTE-Sara", "NOTE-Nima", "BIO-Sara", "BIO-Nima", "French", profile["photo"].(string)))

		// Three archives an hour: Sara has had one.
		for range 2 {
			a.archive(t, w.sara.token, w.sara.username)
		}
		for _, l := range []string{"en", "fa"} {
			r := a.do(req{method: "GET", path: "/api/account/export/", token: w.sara.token, lang: l})
			want := map[string]string{
				"en": "You can download your data 3 times an hour. Please try again in 60 minutes.",
				"fa": "هر ساعت ۳ بار می‌توانید داده‌هایتان را دریافت کنید. لطفاً ۶۰ دقیقهٔ دیگر دوباره تلاش کنید.",
			}[l]
			if r.status != 429 || r.json(t)["detail"] != want || r.header.Get("Retry-After") == "" {
				t.Errorf("a fourth archive in %s: %d %s", l, r.status, r.body)
			}
		}
		a.clock.Add(time.Hour)
		a.archive(t, w.sara.token, w.sara.username)
	})
}

// nobodyElse fails t when an archive holds any of marks.
func nobodyElse(t *testing.T, what string, files map[string][]byte, marks []string) {
	t.Helper()
	for name, b := range files {
		for _, m := range marks {
			if bytes.Contains(b, []byte(m)) || strings.Contains(name, m) {
				t.Errorf("%s: %s holds %q, somebody else's", what, name, m)
			}
		}
	}
}

// deleteAccount asks to delete the account of token with password.
func (a *app) deleteAccount(token, password, lang string) resp {
	return a.do(req{method: "POST", path: "/api/account/delete/", token: token, body: map[string]string{"password": password}, lang: lang})
}

// refused checks that p's account cannot be deleted, and that the answer
// says each of reasons in English (the Persian is checked once, below).
func (w *town) refused(t *testing.T, p *person, reasons ...string) {
	t.Helper()
	r := w.deleteAccount(p.token, "secret1", "en")
	if r.status != 409 {
		t.Fatalf("%s deleted: %d %s", p.username, r.status, r.body)
	}
	detail := r.json(t)["detail"].(string)
	if !strings.HasPrefix(detail, "Your account cannot be deleted yet. ") {
		t.Errorf("refusal: %s", detail)
	}
	for _, reason := range reasons {
		if !strings.Contains(detail, reason) {
			t.Errorf("refusal %q does not say %q", detail, reason)
		}
	}
	if n := strings.Count(detail, ". ") + 1; n != len(reasons)+1 {
		t.Errorf("refusal %q gives %d sentences, want %d", detail, n, len(reasons)+1)
	}
}

// Reasons of a refused deletion, as the refusal words them.
const (
	holdClasses  = "You have classes that are ahead or not settled yet: cancel them, or wait until they are done and paid."
	holdReport   = "A problem report on one of your classes is open or waiting for an operator's decision."
	holdPayment  = "A top-up of yours is still waiting for the bank's answer: try again in half an hour."
	holdRefund   = "ask for a refund of it to your bank account (IBAN)"
	holdWithdraw = "withdraw it to your bank account first (for less than 10,000 Toman, write to support)."
	holdOnItsWay = "is on its way to your bank account: wait until it is paid."
)

// TestAccountDeleteRefused: a wrong password, classes ahead or not settled,
// open reports, a top-up in flight and money anywhere in the ledger each
// keep an account, and the refusal says why; nothing changes.
func TestAccountDeleteRefused(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		w := newTown(t, a)
		sara, maryam := w.sara, w.maryam

		if r := a.deleteAccount(sara.token, "", "en"); r.status != 400 || r.field(t, "password") != "Password is required." {
			t.Errorf("no password: %d %s", r.status, r.body)
		}
		if r := a.deleteAccount(sara.token, "wrong1", "fa"); r.status != 400 || r.field(t, "password") != "رمز عبور نادرست است." {
			t.Errorf("wrong password: %d %s", r.status, r.body)
		}

		// Money in the wallet: a student is sent to the refund to an IBAN.
		w.refused(t, sara, "Your wallet holds 407,000 Toman: in your wallet, "+holdRefund+", and delete your account once it is paid.")
		r := a.deleteAccount(sara.token, "secret1", "fa")
		if want := "هنوز نمی‌توانید حساب خود را حذف کنید. کیف پول شما ۴۰۷٬۰۰۰ تومان موجودی دارد: در کیف پول، بازپرداخت آن را به حساب بانکی (شبا) خود درخواست کنید و پس از واریز، حساب را حذف کنید."; r.json(t)["detail"] != want {
			t.Errorf("in Persian: %s", r.body)
		}
		// A class ahead, and the rest of the money in escrow for it.
		w.pay(t, sara)
		w.fund(t, sara, 100_000)
		ahead := w.book(t, sara, w.slot(t, 48*time.Hour))
		w.refused(t, sara, holdClasses)
		// Awaiting the teacher's decision on a late cancellation (the free
		// cancellation of the class ahead gave its price back).
		w.ok(t, 200, req{method: "PUT", path: fmt.Sprintf("/api/slot/cancel/%d/", ahead), token: sara.token})
		late := w.book(t, sara, w.slot(t, 2*time.Hour))
		w.ok(t, 200, req{method: "PUT", path: fmt.Sprintf("/api/slot/cancel/%d/", late), token: sara.token})
		w.refused(t, sara, holdClasses)
		w.ok(t, 200, req{method: "PUT", path: fmt.Sprintf("/api/slot/cancel/approve/?id=%d", late), token: maryam.token, body: map[string]bool{"approve": true}})
		w.pay(t, sara)
		w.refused(t, maryam, holdWithdraw) // her earnings
		// An ended class with an open report: not settled, and the report.
		w.fund(t, sara, 100_000)
		ended := w.book(t, sara, w.slot(t, time.Hour))
		w.clock.Add(2 * time.Hour)
		report := w.id(t, w.ok(t, 201, req{method: "POST", path: fmt.Sprintf("/api/slot/%d/problem/", ended), token: sara.token,
			body: map[string]string{"reason": "technical", "resolution": "no_refund"}}))
		w.refused(t, sara, holdClasses, holdReport)
		w.ok(t, 200, req{method: "PUT", path: fmt.Sprintf("/api/slot/problem/%d/", report), token: maryam.token, body: map[string]bool{"accept": true}})
		// A top-up waiting for the gateway, until it expires.
		authority := a.requestPayment(sara.token, 5_000)
		w.refused(t, sara, holdPayment)
		if n, err := a.db.ExpirePayments(t.Context(), a.clock.Now().Add(time.Minute)); err != nil || n != 1 {
			t.Fatalf("expire %s: %d %v", authority, n, err)
		}

		// A teacher's earnings, then their withdrawal on its way.
		balance, _ := a.db.WalletBalance(t.Context(), maryam.id)
		w.refused(t, maryam, fmt.Sprintf("Your wallet holds %s Toman: %s", zabano.Tomans(balance).En, holdWithdraw))
		w.ok(t, 201, req{method: "POST", path: "/api/teacher/wallet/withdrawals/", token: maryam.token,
			body: map[string]any{"amount": balance, "iban": teacherIBAN}})
		w.refused(t, maryam, zabano.Tomans(balance).En+" Toman "+holdOnItsWay)

		// Refusals cost no tries; wrong passwords do, five in 15 minutes
		// with the password change's (her first is hours ago).
		for range 5 {
			if r := a.deleteAccount(sara.token, "wrong1", "en"); r.status != 400 {
				t.Fatalf("wrong password: %d %s", r.status, r.body)
			}
		}
		for _, pw := range []string{"wrong1", "secret1"} {
			if r := a.deleteAccount(sara.token, pw, "en"); r.status != 429 {
				t.Errorf("a sixth try (%s): %d %s", pw, r.status, r.body)
			}
		}

		// Nothing was deleted: both sign in, their tokens work.
		for _, p := range []*person{sara, maryam} {
			a.login(p.username, "secret1")
			w.ok(t, 200, req{method: "GET", path: "/api/profile/", token: p.token})
		}
		a.audit(t)
	})
}

// TestAccountDelete: a student and then a teacher delete their accounts.
// They cannot sign in or use their tokens, their username and phone are
// free, their files are gone, the other side sees "deleted user" where
// their name was, the teacher leaves the list, and the ledger, which keeps
// their money records, audits clean.
func TestAccountDelete(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		w := newTown(t, a)
		sara, maryam := w.sara, w.maryam
		files := a.mediaFiles(t)
		w.pay(t, sara)
		if r := a.deleteAccount(sara.token, "secret1", "en"); r.status != 204 {
			t.Fatalf("delete: %d %s", r.status, r.body)
		}
		if r := w.do(req{method: "GET", path: "/api/profile/", token: sara.token}); r.status != 401 {
			t.Errorf("her token: %d %s", r.status, r.body)
		}
		if r := w.do(req{method: "POST", path: "/api/token/", body: map[string]string{"username": sara.username, "password": "secret1"}}); r.status != 401 {
			t.Errorf("signing in: %d %s", r.status, r.body)
		}
		if got := a.mediaFiles(t); got != files-1 {
			t.Errorf("%d files, want %d: her photo stays", got, files-1)
		}
		u, err := a.db.FindUserByID(t.Context(), sara.id)
		if err != nil {
			t.Fatal(err)
		}
		if u.Username != "deleted:"+fmt.Sprint(sara.id) || u.Phone != u.Username || u.Email != "" || u.FirstName != "" || u.LastName != "" ||
			u.Bio != "" || u.Photo != "" || u.PasswordHash != "" || !u.Deleted() {
			t.Errorf("what is left of her: %+v", u)
		}
		// Where she showed to Maryam, she is a deleted user: the chat, which
		// keeps her messages, the class, the review and the students list.
		for l, want := range map[string]string{"en": "deleted user", "fa": "کاربر حذف‌شده"} {
			var chats []struct {
				ID          int64
				Participant struct{ Name, Username string }
			}
			w.ok(t, 200, req{method: "GET", path: "/api/chats/", token: maryam.token, lang: l}).decode(t, &chats)
			names := []string{chats[0].Participant.Name, chats[1].Participant.Name}
			if !slices.Contains(names, want) || !slices.Contains(names, "Nima Ahmadi") {
				t.Errorf("chats in %s: %v", l, names)
			}
			var classes []struct{ Student struct{ Name string } }
			w.ok(t, 200, req{method: "GET", path: "/api/slot/lists/teacher/", token: maryam.token, lang: l}).decode(t, &classes)
			if classes[0].Student.Name != want {
				t.Errorf("classes in %s: %+v", l, classes)
			}
			var reviews struct {
				Results []struct {
					StudentName string `json:"student_name"`
					Text        string
				}
			}
			w.ok(t, 200, req{method: "GET", path: fmt.Sprintf("/api/teachers/%d/reviews/", maryam.id), token: w.nima.token, lang: l}).decode(t, &reviews)
			if len(reviews.Results) != 2 || !slices.ContainsFunc(reviews.Results, func(r struct {
				StudentName string `json:"student_name"`
				Text        string
			}) bool {
				return r.StudentName == want && r.Text == "REVIEW-Sara"
			}) {
				t.Errorf("reviews in %s: %+v", l, reviews)
			}
			students := w.ok(t, 200, req{method: "GET", path: "/api/students/list/", token: maryam.token, lang: l}).body
			if !bytes.Contains(students, []byte(`"name":"`+want+`"`)) || bytes.Contains(students, []byte("deleted:")) {
				t.Errorf("students in %s: %s", l, students)
			}
		}
		chat := w.chat(t, w.nima) // Nima's; Sara's is the other
		var chats []struct{ ID int64 }
		w.ok(t, 200, req{method: "GET", path: "/api/chats/", token: maryam.token}).decode(t, &chats)
		sarasChat := chats[0].ID + chats[1].ID - chat
		if m := w.ok(t, 200, req{method: "GET", path: fmt.Sprintf("/api/chats/%d/messages/", sarasChat), token: maryam.token}).body; !bytes.Contains(m, []byte("MSG-Sara")) {
			t.Errorf("her messages went: %s", m)
		}
		if r := w.do(req{method: "POST", path: "/api/messages/send/", token: maryam.token, body: map[string]any{"chat_id": sarasChat, "content": "hello?"}}); r.status != 409 ||
			r.json(t)["detail"] != "This user has deleted their account." {
			t.Errorf("writing to her: %d %s", r.status, r.body)
		}
		if r := w.do(req{method: "POST", path: "/api/chat/create/", token: maryam.token, body: map[string]any{"student_id": sara.id}}); r.status != 404 {
			t.Errorf("a new chat with her: %d %s", r.status, r.body)
		}
		archive := a.archive(t, maryam.token, maryam.username)
		if c := rows(t, archive, "chats.json"); c[0]["with_name"] != "deleted user" {
			t.Errorf("Maryam's archive: %s", archive["chats.json"])
		}
		// Her username and phone are free.
		w.ok(t, 201, req{method: "POST", path: "/api/register/", body: map[string]any{
			"username": sara.username, "password": "secret2", "role": "student", "phone": sara.phone, "code": a.code(sara.phone),
		}})
		if p := w.ok(t, 200, req{method: "GET", path: "/api/profile/", token: a.login(sara.username, "secret2")}).json(t); p["id"] == float64(sara.id) || p["wallet"] != float64(0) {
			t.Errorf("the new account: %v", p)
		}

		// Maryam: her free slots, documents, video, photo and materials go,
		// she leaves the list, and her students see a deleted user.
		w.slot(t, 24*time.Hour)
		w.pay(t, maryam)
		files = a.mediaFiles(t)
		if r := a.deleteAccount(maryam.token, "secret1", "en"); r.status != 204 {
			t.Fatalf("delete Maryam: %d %s", r.status, r.body)
		}
		if got := a.mediaFiles(t); got != files-4 {
			t.Errorf("%d files, want %d: her photo, video, document and material file go", got, files-4)
		}
		nima := w.nima.token
		if list := w.ok(t, 200, req{method: "GET", path: "/api/teachers/list/", token: nima}).json(t); list["count"] != float64(0) {
			t.Errorf("teacher list: %v", list)
		}
		if r := w.do(req{method: "GET", path: fmt.Sprintf("/api/teachers/%d/profile/", maryam.id), token: nima}); r.status != 404 {
			t.Errorf("her profile: %d %s", r.status, r.body)
		}
		if r := w.ok(t, 200, req{method: "GET", path: fmt.Sprintf("/api/slot/teacher/%d/", maryam.id), token: nima}); !bytes.Equal(bytes.TrimSpace(r.body), []byte("[]")) {
			t.Errorf("her slots: %s", r.body)
		}
		for _, path := range []string{"/api/materials/", "/api/courses/"} {
			if r := w.ok(t, 200, req{method: "GET", path: path, token: nima}); !bytes.Equal(bytes.TrimSpace(r.body), []byte("[]")) {
				t.Errorf("%s: %s", path, r.body)
			}
		}
		var classes []struct {
			TeacherName string `json:"teacher_name"`
			Teacher     struct{ Name string }
		}
		w.ok(t, 200, req{method: "GET", path: "/api/slot/lists/student/", token: nima, lang: "fa"}).decode(t, &classes)
		if classes[0].TeacherName != "کاربر حذف‌شده" || classes[0].Teacher.Name != "کاربر حذف‌شده" {
			t.Errorf("Nima's classes: %+v", classes)
		}
		w.ok(t, 201, req{method: "POST", path: "/api/register/", body: map[string]any{
			"username": maryam.username, "password": "secret2", "role": "teacher", "phone": maryam.phone, "code": a.code(maryam.phone),
		}})
		a.audit(t)
	})
}

// TestAccountDeleteRace: a teacher deleting her account while a student
// books her last free slot: either the class is booked and the deletion
// refused, or the account is deleted and the booking refused, never both.
func TestAccountDeleteRace(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		w := newTown(t, a)
		won := map[string]int{}
		for i := range 4 {
			phone := fmt.Sprintf("0912100030%d", i)
			teacher := &person{username: fmt.Sprintf("racer%d", i), phone: phone, role: zabano.RoleTeacher}
			w.ok(t, 201, req{method: "POST", path: "/api/register/", body: map[string]any{
				"username": teacher.username, "password": "secret1", "role": "teacher", "phone": phone, "code": a.code(phone),
			}})
			teacher.token = a.login(teacher.username, "secret1")
			r := w.ok(t, 200, req{method: "POST", path: "/api/teacher/profile/", token: teacher.token, body: multipartOf(t,
				map[string]string{"language_levels": `[{"language":"English","levels":["B1"],"regular_price":1000}]`})})
			level := r.json(t)["level_prices"].([]any)[0].(map[string]any)["id"]
			from := a.clock.Now().Add(48 * time.Hour)
			slot := w.id(t, w.ok(t, 201, req{method: "POST", path: "/api/slot/available/", token: teacher.token, body: map[string]any{"start": from, "end": from.Add(time.Hour)}}))
			var booked, deleted resp
			var wg sync.WaitGroup
			wg.Go(func() {
				booked = a.do(req{method: "POST", path: "/api/slot/booking/", token: w.nima.token, body: map[string]any{"slot": slot, "level_price": level}})
			})
			wg.Go(func() { deleted = a.deleteAccount(teacher.token, "secret1", "en") })
			wg.Wait()
			switch {
			case booked.status == 201 && deleted.status == 409:
				won["booking"]++
			case deleted.status == 204 && booked.status >= 400 && booked.status < 500:
				won["deletion"]++
			default:
				t.Errorf("round %d: booking %d %s, deletion %d %s", i, booked.status, booked.body, deleted.status, deleted.body)
			}
		}
		t.Logf("won: %v", won)
		a.audit(t)
	})
}
