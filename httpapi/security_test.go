package httpapi_test

import (
	"archive/zip"
	"bufio"
	"bytes"
	"cmp"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/textproto"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/httpapi"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// The six callers of the authorization matrix. The student and the teacher
// own the objects; the others are strangers to them, the operator too.
const (
	anon = iota
	student
	student2
	teacher
	teacher2
	admin
	actors
)

var actorName = [actors]string{"anonymous", "student", "another student", "teacher", "another teacher", "admin"}

// callOrder calls the owners last, so that an owner's success after a
// stranger's refusal shows the refusal changed nothing.
var callOrder = [actors]int{anon, student2, teacher2, admin, student, teacher}

// statuses are the answers expected of each caller, by actor.
type statuses [actors]int

// An operator is refused every route of students and teachers: they cannot
// book, chat or hold a wallet.
func public(code int) statuses       { return statuses{code, code, code, code, code, code} }
func anyone(code int) statuses       { return statuses{401, code, code, code, code, code} }
func members(code int) statuses      { return statuses{401, code, code, code, code, 403} }
func studentsOnly(code int) statuses { return statuses{401, code, code, 403, 403, 403} }
func teachersOnly(code int) statuses { return statuses{401, 403, 403, code, code, 403} }
func studentOwns(code int) statuses  { return statuses{401, code, 404, 403, 403, 403} }
func teacherOwns(code int) statuses  { return statuses{401, 403, 403, code, 404, 403} }
func bothOwn(code int) statuses      { return statuses{401, code, 404, code, 404, 403} }
func adminOnly(code int) statuses    { return statuses{401, 403, 403, 403, 403, code} }

// private is data in a list that only its owners may see.
type private struct {
	marker string
	owners []int
}

// authRow is one route of routes.go in the matrix: the request each actor
// makes (its token is added), and what each must get.
type authRow struct {
	pattern string
	want    statuses
	call    func(w *world, who int) req
	private *private
	// after runs once the actor's call is answered as expected.
	after func(w *world, who int, r resp)
}

// world is a marketplace built through the API in which the student and the
// teacher own one of each kind of object, and the others are strangers.
type world struct {
	*app
	t        *testing.T
	token    [actors]string
	id       [actors]int64
	level    [actors]int64 // the teachers' level price ids
	doc      int64         // a document of the teacher's profile
	language int64         // a language of the student's profile
	slotDel  int64         // a free slot of the teacher
	slotFree [actors]int64 // a free slot for each student to book, of their own teacher
	// slotWeekly is the first of two free slots a week apart, for each
	// student to book weekly, of their own teacher.
	slotWeekly [actors]int64
	// The student's classes with the teacher, one per change a row makes.
	bookCancel, bookApprove, bookTeacherCancel int64
	bookDone                                   [actors]int64 // ended, for the student and the teacher to mark done
	bookReview                                 int64         // done, for the student to rate
	review                                     int64         // the student's review of another class, for the teacher to answer
	// A class of the student's with the teacher for each side to propose
	// moving to a free slot, and proposals each side answers, made by the other.
	bookMove, moveSlot, moveAnswer [actors]int64
	bookProblem                    [actors]int64 // ended, for the student and the teacher to report
	problem                        int64         // the student's report on another ended class, for the teacher to answer
	dispute                        int64         // the other student's report, declined by the other teacher, for the operator to decide
	chat                           int64
	attachment                     [actors]string // the student's image in the chat, signed for the student and the teacher
	calendar                       [actors]string // each member's calendar address, a path
	material, materialDel          int64
	fileLink                       [actors]string // the material file, signed for the student and the teacher
	course, courseDel              int64
	note, noteDel                  int64
	payout, rejectPayout           int64  // the teacher's withdrawals, pending, for the operator to pay and reject
	authority                      string // the student's payment, paid at the gateway, not yet credited
	pending                        string // the student's payment, not yet answered at the gateway
	stuck                          string // the student's payment, paid at the gateway, for the operator to verify again
	photo                          string // the teacher's photo, a /media path
	accounts                       [actors]string
	// The operator's objects: a student to suspend and lift, and teachers
	// waiting for review to approve and to reject (people_test.go).
	suspendee, approvee, rejectee int64
}

const (
	classPrice  = 100_000
	studentPaid = 2_345_678 // the student's top-up, a marker of their wallet
	teacherIBAN = "IR530170000000111111111111"
	otherIBAN   = "IR670120000000222222222222"
	// The students' refunds go to these, markers of each one's.
	studentIBAN  = "IR500170000000333333333333"
	student2IBAN = "IR640120000000444444444444"
)

// newWorld builds the world through the API, as its users would.
func newWorld(t *testing.T, a *app) *world {
	t.Helper()
	w := &world{app: a, t: t}
	for who, u := range map[int]struct {
		name  string
		role  zabano.Role
		phone string
	}{
		student: {"sara", zabano.RoleStudent, "09121000101"}, student2: {"nima", zabano.RoleStudent, "09121000102"},
		teacher: {"maryam", zabano.RoleTeacher, "09121000103"}, teacher2: {"omid", zabano.RoleTeacher, "09121000104"},
	} {
		w.token[who] = a.register(u.name, u.role, u.phone)
		w.id[who] = a.userID(t, u.name)
	}
	levels := fmt.Sprintf(`[{"language":"English","levels":["B1"],"regular_price":%d}]`, classPrice)
	for _, who := range []int{teacher, teacher2} {
		r := w.ok(200, req{method: "POST", path: "/api/teacher/profile/", token: w.token[who], body: multipartOf(t,
			map[string]string{"language_levels": levels, "bio": "teacher"},
			formFile{"documents", "cv.pdf", fileOf(pdfHead, 100)}, formFile{"photo", "me.png", fileOf(pngHead, 300)})})
		var p struct {
			LevelPrices []struct{ ID int64 } `json:"level_prices"`
			Documents   []struct{ ID int64 }
			Photo       string
		}
		r.decode(t, &p)
		w.level[who] = p.LevelPrices[0].ID
		if who == teacher {
			w.doc, w.photo = p.Documents[0].ID, strings.TrimPrefix(p.Photo, "https://zabano.test")
		}
	}
	w.token[admin] = a.operator("ops", "09121000109")
	w.id[admin] = a.userID(t, "ops")
	a.topUp(w.token[student], studentPaid)
	a.topUp(w.token[student2], 1_000_000)

	// Classes that end within hours: two to mark done in the matrix, and one
	// for each teacher marked done now, so that both have earnings.
	w.bookDone[student] = w.book(student, teacher, w.slot(teacher, time.Hour))
	w.bookDone[teacher] = w.book(student, teacher, w.slot(teacher, 2*time.Hour))
	w.bookReview = w.book(student, teacher, w.slot(teacher, 3*time.Hour))
	rated := w.book(student, teacher, w.slot(teacher, 4*time.Hour))
	w.bookProblem[student] = w.book(student, teacher, w.slot(teacher, 5*time.Hour))
	w.bookProblem[teacher] = w.book(student, teacher, w.slot(teacher, 6*time.Hour))
	reported := w.book(student, teacher, w.slot(teacher, 7*time.Hour))
	disputed := w.book(student2, teacher2, w.slot(teacher2, 2*time.Hour))
	paid := []string{
		fmt.Sprintf("/api/slot/done/%d/", w.bookReview),
		fmt.Sprintf("/api/slot/done/%d/", w.book(student2, teacher2, w.slot(teacher2, time.Hour))),
		fmt.Sprintf("/api/slot/done/%d/", rated),
	}
	a.clock.Add(8 * time.Hour)
	w.ok(200, req{method: "PUT", path: paid[0], token: w.token[student]})
	w.ok(200, req{method: "PUT", path: paid[1], token: w.token[student2]})
	w.ok(200, req{method: "PUT", path: paid[2], token: w.token[student]})
	w.review = w.id2(w.ok(201, req{method: "POST", path: fmt.Sprintf("/api/slot/%d/review/", rated), token: w.token[student], body: map[string]any{"rating": 4}}))
	w.problem = w.id2(w.ok(201, req{method: "POST", path: fmt.Sprintf("/api/slot/%d/problem/", reported), token: w.token[student],
		body: map[string]any{"reason": "technical", "resolution": "half_refund"}}))
	w.dispute = w.id2(w.ok(201, req{method: "POST", path: fmt.Sprintf("/api/slot/%d/problem/", disputed), token: w.token[student2],
		body: map[string]any{"reason": "teacher_absent", "resolution": "full_refund"}}))
	w.ok(200, req{method: "PUT", path: fmt.Sprintf("/api/slot/problem/%d/", w.dispute), token: w.token[teacher2], body: map[string]bool{"accept": false}})

	w.slotDel = w.slot(teacher, 48*time.Hour)
	w.slotFree[student] = w.slot(teacher, 49*time.Hour)
	w.slotFree[student2] = w.slot(teacher2, 50*time.Hour) // the other student's teacher is the other teacher
	for who, by := range map[int]int{student: teacher, student2: teacher2} {
		w.slotWeekly[who] = w.slot(by, 70*time.Hour)
		w.slot(by, 70*time.Hour+7*24*time.Hour)
	}
	w.bookCancel = w.book(student, teacher, w.slot(teacher, 51*time.Hour))
	// Within the free-cancellation notice, so cancelling it asks the teacher.
	w.bookApprove = w.book(student, teacher, w.slot(teacher, 20*time.Hour))
	w.ok(200, req{method: "PUT", path: fmt.Sprintf("/api/slot/cancel/%d/", w.bookApprove), token: w.token[student]})
	w.bookTeacherCancel = w.book(student, teacher, w.slot(teacher, 53*time.Hour))
	for i, who := range []int{student, teacher} {
		w.bookMove[who] = w.book(student, teacher, w.slot(teacher, time.Duration(54+i)*time.Hour))
		w.moveSlot[who] = w.slot(teacher, time.Duration(56+i)*time.Hour)
		proposer := map[int]int{student: teacher, teacher: student}[who]
		w.moveAnswer[who] = w.id2(w.ok(201, req{method: "POST", path: fmt.Sprintf("/api/slot/%d/reschedule/", w.book(student, teacher, w.slot(teacher, time.Duration(58+i)*time.Hour))),
			token: w.token[proposer], body: map[string]any{"slot": w.slot(teacher, time.Duration(60+i)*time.Hour)}}))
	}

	w.authority = a.requestPayment(w.token[student], 5_000)
	a.answerSandbox(w.authority, "OK")
	w.pending = a.requestPayment(w.token[student], 6_000)
	w.stuck = a.requestPayment(w.token[student], 7_000)
	a.answerSandbox(w.stuck, "OK")

	w.chat = w.id2(w.ok(200, req{method: "POST", path: "/api/chat/create/", token: w.token[student], body: map[string]any{"teacher_id": w.id[teacher]}}))
	// The student's image, before the message the chat list shows.
	w.ok(201, req{method: "POST", path: "/api/messages/send/", token: w.token[student], body: multipartOf(t,
		map[string]string{"chat_id": fmt.Sprint(w.chat)}, formFile{"file", "homework.png", fileOf(pngHead, 400)})})
	w.ok(201, req{method: "POST", path: "/api/messages/send/", token: w.token[student], body: map[string]any{"chat_id": w.chat, "content": "MSG-sara"}})
	for _, who := range []int{student, teacher} {
		var page []struct{ Attachment *struct{ URL string } }
		w.ok(200, req{method: "GET", path: fmt.Sprintf("/api/chats/%d/messages/", w.chat), token: w.token[who]}).decode(t, &page)
		for _, m := range page {
			if m.Attachment != nil {
				w.attachment[who] = strings.TrimPrefix(m.Attachment.URL, "https://zabano.test")
			}
		}
	}
	// Each member's calendar address is made on their first look: here, so
	// that the matrix's looks write nothing.
	for _, who := range []int{student, student2, teacher, teacher2} {
		url := w.ok(200, req{method: "GET", path: "/api/calendar/", token: w.token[who]}).json(t)["url"].(string)
		w.calendar[who] = strings.TrimPrefix(url, "https://zabano.test")
	}

	material := func(title string) int64 {
		return w.id2(w.ok(201, req{method: "POST", path: "/api/materials/", token: w.token[teacher],
			body: map[string]string{"title": title, "material_type": "class_link", "link_url": "https://meet.jit.si/x"}}))
	}
	w.material, w.materialDel = material("MAT-maryam"), material("MAT-maryam 2")
	w.ok(201, req{method: "POST", path: "/api/materials/", token: w.token[teacher], body: multipartOf(t,
		map[string]string{"title": "MAT-maryam file", "material_type": "note"}, formFile{"file", "notes.pdf", fileOf(pdfHead, 500)})})
	for _, who := range []int{student, teacher} {
		var list []struct{ File *string }
		w.ok(200, req{method: "GET", path: "/api/materials/", token: w.token[who]}).decode(t, &list)
		for _, m := range list {
			if m.File != nil {
				w.fileLink[who] = strings.TrimPrefix(*m.File, "https://zabano.test")
			}
		}
	}
	course := map[string]any{"title": "COURSE-maryam", "classLink": "https://meet.jit.si/c", "days": []int{1}, "startTime": "18:00"}
	w.course = w.id2(w.ok(201, req{method: "POST", path: "/api/courses/", token: w.token[teacher], body: course}))
	w.courseDel = w.id2(w.ok(201, req{method: "POST", path: "/api/courses/", token: w.token[teacher], body: course}))
	note := map[string]string{"title": "NOTE-sara", "content": "private"}
	w.note = w.id2(w.ok(201, req{method: "POST", path: "/api/notes/", token: w.token[student], body: note}))
	w.noteDel = w.id2(w.ok(201, req{method: "POST", path: "/api/notes/", token: w.token[student], body: note}))

	var p struct {
		LanguageLevels []struct{ ID int64 } `json:"language_levels"`
	}
	w.ok(200, req{method: "POST", path: "/api/student/language-level/", token: w.token[student], body: map[string]string{"language": "French", "level": "A1"}}).decode(t, &p)
	w.language = p.LanguageLevels[0].ID
	w.ok(201, req{method: "POST", path: "/api/teacher/wallet/withdrawals/", token: w.token[teacher], body: map[string]any{"amount": 10_000, "iban": teacherIBAN}})
	w.payout = w.id2(w.ok(201, req{method: "POST", path: "/api/teacher/wallet/withdrawals/", token: w.token[teacher], body: map[string]any{"amount": 10_000, "iban": teacherIBAN}}))
	w.rejectPayout = w.id2(w.ok(201, req{method: "POST", path: "/api/teacher/wallet/withdrawals/", token: w.token[teacher], body: map[string]any{"amount": 10_000, "iban": teacherIBAN}}))
	w.people()
	return w
}

// ok makes a set-up call and fails the test unless it answers status.
func (w *world) ok(status int, rq req) resp {
	w.t.Helper()
	r := w.do(rq)
	if r.status != status {
		w.t.Fatalf("set-up %s %s: %d %s, want %d", rq.method, rq.path, r.status, r.body, status)
	}
	return r
}

func (r resp) decode(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("%s: %v", r.body, err)
	}
}

// id2 is the id of the object an answer shows.
func (w *world) id2(r resp) int64 { return int64(r.json(w.t)["id"].(float64)) }

// slot opens a one-hour slot of teacher who, starting d from now, and returns its id.
func (w *world) slot(who int, d time.Duration) int64 {
	w.t.Helper()
	from := w.clock.Now().Add(d)
	return w.id2(w.ok(201, req{method: "POST", path: "/api/slot/available/", token: w.token[who], body: map[string]any{"start": from, "end": from.Add(time.Hour)}}))
}

// book books slot of teacher by for student who and returns the booking's
// id; a student's bookings carry the note BOOK-<actor>, a marker of their data.
func (w *world) book(who, by int, slot int64) int64 {
	w.t.Helper()
	return w.id2(w.ok(201, req{method: "POST", path: "/api/slot/booking/", token: w.token[who],
		body: map[string]any{"slot": slot, "level_price": w.level[by], "notes": "BOOK-" + actorName[who]}}))
}

// per picks a value by actor: the student's and the teacher's own, or a
// stranger's attempt on them.
func per[T any](who int, forStudent, forTeacher T) T {
	if who == teacher || who == teacher2 {
		return forTeacher
	}
	return forStudent
}

// authMatrix lists every route of routes.go with what each actor gets. Rows
// run in order on one world; rows that change objects have objects of their
// own, so the order matters only where a row says so.
// signedLink calls a file link of links, signed for the student and the
// teacher: anonymous without its signature, the others with their own id
// put in its signed part.
func signedLink(links func(*world) [actors]string) func(*world, int) req {
	return func(w *world, who int) req {
		link := links(w)[per(who, student, teacher)]
		switch who {
		case anon:
			link = link[:strings.Index(link, "?")]
		case student2, teacher2, admin:
			link = regexp.MustCompile(`u=\d+`).ReplaceAllString(link, fmt.Sprintf("u=%d", w.id[who]))
		}
		return req{method: "GET", path: link}
	}
}

func authMatrix() []authRow {
	get := func(path string) func(*world, int) req {
		return func(*world, int) req { return req{method: "GET", path: path} }
	}
	fresh := func(who int) string { return fmt.Sprintf("0912300%04d", who) } // a phone per actor
	return []authRow{
		{pattern: "GET /healthz", want: public(200), call: get("/healthz")},
		{pattern: "GET /readyz", want: public(200), call: get("/readyz")},
		{pattern: "GET /metrics", want: public(404), call: get("/metrics")}, // on a private address of its own

		// Accounts. The public calls answer alike whatever token comes with them.
		{pattern: "POST /api/phone-verify/{$}", want: public(200), call: func(w *world, who int) req {
			return req{method: "POST", path: "/api/phone-verify/", body: map[string]string{"phone": fmt.Sprintf("0912400%04d", who)}, ip: "10.20.0.1"}
		}},
		{pattern: "POST /api/register/{$}", want: public(201), call: func(w *world, who int) req {
			w.accounts[who] = fmt.Sprintf("newuser%d", who)
			return req{method: "POST", path: "/api/register/", body: map[string]any{
				"username": w.accounts[who], "password": "secret1", "role": "student", "phone": fresh(who), "code": w.code(fresh(who)),
			}}
		}},
		{pattern: "POST /api/token/{$}", want: public(200), call: func(w *world, who int) req {
			return req{method: "POST", path: "/api/token/", body: map[string]string{"username": w.accounts[who], "password": "secret1"}, ip: "10.20.0.2"}
		}},
		{pattern: "POST /api/auth/reset-password/{$}", want: public(200), call: func(w *world, who int) req {
			return req{method: "POST", path: "/api/auth/reset-password/", body: map[string]string{"phone": fresh(who), "code": w.code(fresh(who)), "new_password": "long-enough"}}
		}},
		{pattern: "GET /api/profile/{$}", want: anyone(200), call: get("/api/profile/")},
		// Each user's own archive: the student's private note is in hers
		// alone, her chat's messages in hers and the teacher's.
		{pattern: "GET /api/account/export/{$}", want: members(200), call: get("/api/account/export/"),
			after: func(w *world, who int, r resp) {
				if r.status != 200 {
					return
				}
				all := archiveText(w.t, r.body)
				for marker, owners := range map[string][]int{"NOTE-sara": {student}, "MSG-sara": {student, teacher}} {
					if mine := slices.Contains(owners, who); mine != strings.Contains(all, marker) {
						w.t.Errorf("the archive of %s shows %q: %v, want %v", actorName[who], marker, !mine, mine)
					}
				}
			}},
		// Every member of the world has classes or money, so each deletion is
		// refused (the ones that succeed are in account_test.go).
		{pattern: "POST /api/account/delete/{$}", want: members(409), call: func(w *world, who int) req {
			return req{method: "POST", path: "/api/account/delete/", body: map[string]string{"password": "secret1"}}
		}},
		{pattern: "GET /api/dev/sms-outbox/{$}", want: public(200), call: get("/api/dev/sms-outbox/?phone=09121000101")},

		// Profiles, media and finding a teacher.
		{pattern: "GET /api/teacher/profile/{$}", want: teachersOnly(200), call: get("/api/teacher/profile/")},
		{pattern: "POST /api/teacher/profile/{$}", want: teachersOnly(200), call: func(w *world, who int) req {
			return req{method: "POST", path: "/api/teacher/profile/", body: multipartOf(w.t, map[string]string{"bio": "posted"})}
		}},
		{pattern: "PUT /api/teacher/profile/{$}", want: teachersOnly(200), call: func(w *world, who int) req {
			return req{method: "PUT", path: "/api/teacher/profile/", body: map[string]string{"bio": "put"}}
		}},
		{pattern: "PATCH /api/teacher/profile/{$}", want: teachersOnly(200), call: func(w *world, who int) req {
			return req{method: "PATCH", path: "/api/teacher/profile/", body: "bio=patched"}
		}},
		// Both teachers are approved: asking again is a conflict (TestTeacherReviewFlow asks after a rejection).
		{pattern: "POST /api/teacher/profile/review/{$}", want: statuses{401, 403, 403, 409, 409, 403}, call: func(w *world, who int) req {
			return req{method: "POST", path: "/api/teacher/profile/review/"}
		}},
		{pattern: "DELETE /api/teacher/documents/{id}/{$}", want: teacherOwns(204), call: func(w *world, who int) req {
			return req{method: "DELETE", path: fmt.Sprintf("/api/teacher/documents/%d/", w.doc)}
		}},
		{pattern: "GET /api/teachers/list/{$}", want: members(200), call: get("/api/teachers/list/")},
		{pattern: "GET /api/teachers/{id}/profile/{$}", want: members(200), call: func(w *world, who int) req {
			return req{method: "GET", path: fmt.Sprintf("/api/teachers/%d/profile/", w.id[teacher])}
		}},
		// Saving is each student's own: the other student saves for themselves.
		{pattern: "POST /api/teachers/{id}/save/{$}", want: studentsOnly(204), call: func(w *world, who int) req {
			return req{method: "POST", path: fmt.Sprintf("/api/teachers/%d/save/", w.id[teacher])}
		}},
		{pattern: "DELETE /api/teachers/{id}/save/{$}", want: studentsOnly(204), call: func(w *world, who int) req {
			return req{method: "DELETE", path: fmt.Sprintf("/api/teachers/%d/save/", w.id[teacher2])}
		}},
		{pattern: "GET /api/student/profile/{$}", want: studentsOnly(200), call: get("/api/student/profile/")},
		{pattern: "POST /api/student/profile/{$}", want: studentsOnly(200), call: func(w *world, who int) req {
			return req{method: "POST", path: "/api/student/profile/", body: map[string]string{"bio": "posted"}}
		}},
		{pattern: "POST /api/student/profile/upload-photo/{$}", want: studentsOnly(200), call: func(w *world, who int) req {
			return req{method: "POST", path: "/api/student/profile/upload-photo/", body: multipartOf(w.t, nil, formFile{"profile_photo", "me.png", fileOf(pngHead, 200)})}
		}},
		{pattern: "POST /api/student/language-level/{$}", want: studentsOnly(200), call: func(w *world, who int) req {
			return req{method: "POST", path: "/api/student/language-level/", body: map[string]string{"language": "English", "level": "A2"}}
		}},
		{pattern: "DELETE /api/student/language-level/{id}/{$}", want: studentOwns(200), call: func(w *world, who int) req {
			return req{method: "DELETE", path: fmt.Sprintf("/api/student/language-level/%d/", w.language)}
		}},
		{pattern: "GET /api/students/list/{$}", want: teachersOnly(200), call: get("/api/students/list/"),
			private: &private{`"username":"sara"`, []int{teacher}}},
		{pattern: "GET /media/{key...}", want: public(200), call: func(w *world, who int) req { return req{method: "GET", path: w.photo} }},

		// Wallet and payments.
		{pattern: "POST /panel-api/api/payment/request/{$}", want: studentsOnly(200), call: func(w *world, who int) req {
			return req{method: "POST", path: "/panel-api/api/payment/request/", body: map[string]any{"amount": 1_000}}
		}},
		{pattern: "POST /panel-api/api/payment/verify/{$}", want: studentOwns(200), call: func(w *world, who int) req {
			return req{method: "POST", path: "/panel-api/api/payment/verify/", body: map[string]string{"authority": w.authority}}
		}},
		{pattern: "POST /api/student/wallet/topup/{$}", want: studentOwns(200), call: func(w *world, who int) req {
			return req{method: "POST", path: "/api/student/wallet/topup/", body: map[string]string{"authority": w.authority}}
		}},
		{pattern: "GET /api/student/wallet/transactions/{$}", want: studentsOnly(200), call: get("/api/student/wallet/transactions/"),
			private: &private{strconv.Itoa(studentPaid), []int{student}}},
		{pattern: "GET /api/teacher/wallet/transactions/{$}", want: teachersOnly(200), call: get("/api/teacher/wallet/transactions/"),
			private: &private{teacherIBAN, []int{teacher}}},
		{pattern: "GET /api/teacher/wallet/summary/{$}", want: teachersOnly(200), call: get("/api/teacher/wallet/summary/")},
		{pattern: "GET /api/teacher/wallet/withdrawals/{$}", want: teachersOnly(200), call: get("/api/teacher/wallet/withdrawals/"),
			private: &private{teacherIBAN, []int{teacher}}},
		{pattern: "POST /api/teacher/wallet/withdrawals/{$}", want: teachersOnly(201), call: func(w *world, who int) req {
			return req{method: "POST", path: "/api/teacher/wallet/withdrawals/", body: map[string]any{"amount": 10_000, "iban": otherIBAN}}
		}},
		// The sandbox gateway stands in for Zarinpal's pages: whoever holds
		// the authority may pay, as at the real gateway.
		{pattern: "GET /sandbox/pay/{authority}", want: public(200), call: func(w *world, who int) req {
			return req{method: "GET", path: "/sandbox/pay/" + w.pending}
		}},
		{pattern: "POST /sandbox/pay/{authority}", want: public(303), call: func(w *world, who int) req {
			return req{method: "POST", path: "/sandbox/pay/" + w.pending, body: "status=NOK"}
		}},

		// Availability, booking and the life of a class.
		{pattern: "POST /api/slot/available/{$}", want: teachersOnly(201), call: func(w *world, who int) req {
			from := w.clock.Now().Add(30 * 24 * time.Hour)
			return req{method: "POST", path: "/api/slot/available/", body: map[string]any{"start": from, "end": from.Add(time.Hour)}}
		}},
		{pattern: "POST /api/slot/available/batch/{$}", want: teachersOnly(201), call: func(w *world, who int) req {
			from := w.clock.Now().Add(31 * 24 * time.Hour)
			return req{method: "POST", path: "/api/slot/available/batch/", body: map[string]any{"slots": []map[string]any{{"start": from, "end": from.Add(time.Hour)}}}}
		}},
		{pattern: "GET /api/slot/available", want: teachersOnly(200), call: get("/api/slot/available")},
		{pattern: "GET /api/slot/available/{$}", want: teachersOnly(200), call: get("/api/slot/available/")},
		{pattern: "GET /api/slot/teacher/{id}/{$}", want: members(200), call: func(w *world, who int) req {
			return req{method: "GET", path: fmt.Sprintf("/api/slot/teacher/%d/", w.id[teacher])}
		}},
		{pattern: "DELETE /api/available-slot/{id}/delete/{$}", want: teacherOwns(200), call: func(w *world, who int) req {
			return req{method: "DELETE", path: fmt.Sprintf("/api/available-slot/%d/delete/", w.slotDel)}
		}},
		{pattern: "POST /api/slot/booking/{$}", want: studentsOnly(201), call: func(w *world, who int) req {
			by := map[int]int{student: teacher, student2: teacher2}[who]
			return req{method: "POST", path: "/api/slot/booking/", body: map[string]any{"slot": w.slotFree[who], "level_price": w.level[by]}}
		}},
		{pattern: "POST /api/slot/booking/recurring/{$}", want: studentsOnly(201), call: func(w *world, who int) req {
			by := map[int]int{student: teacher, student2: teacher2}[who]
			return req{method: "POST", path: "/api/slot/booking/recurring/", body: map[string]any{"slot": w.slotWeekly[who], "weeks": 2, "level_price": w.level[by]}}
		}},
		{pattern: "PUT /api/slot/cancel/{id}/{$}", want: studentOwns(200), call: func(w *world, who int) req {
			return req{method: "PUT", path: fmt.Sprintf("/api/slot/cancel/%d/", w.bookCancel)}
		}},
		{pattern: "PUT /api/slot/cancel/approve/{$}", want: teacherOwns(200), call: func(w *world, who int) req {
			return req{method: "PUT", path: fmt.Sprintf("/api/slot/cancel/approve/?id=%d", w.bookApprove), body: map[string]bool{"approve": true}}
		}},
		{pattern: "PUT /api/slot/teacher-cancel/{id}/{$}", want: teacherOwns(200), call: func(w *world, who int) req {
			return req{method: "PUT", path: fmt.Sprintf("/api/slot/teacher-cancel/%d/", w.bookTeacherCancel)}
		}},
		// Both sides of a class may mark it done: each has a class of their own here.
		{pattern: "PUT /api/slot/done/{id}/{$}", want: bothOwn(200), call: func(w *world, who int) req {
			return req{method: "PUT", path: fmt.Sprintf("/api/slot/done/%d/", per(who, w.bookDone[student], w.bookDone[teacher]))}
		}},
		{pattern: "GET /api/slot/lists/student/{$}", want: studentsOnly(200), call: get("/api/slot/lists/student/"),
			private: &private{"BOOK-student", []int{student}}},
		{pattern: "GET /api/slot/lists/teacher/{$}", want: teachersOnly(200), call: get("/api/slot/lists/teacher/"),
			private: &private{"BOOK-student", []int{teacher}}},
		// Only the class's student rates it, and only its teacher answers: a
		// stranger is refused, not told the class does not exist (reviews are public).
		{pattern: "POST /api/slot/{id}/review/{$}", want: statuses{401, 201, 403, 403, 403, 403}, call: func(w *world, who int) req {
			return req{method: "POST", path: fmt.Sprintf("/api/slot/%d/review/", w.bookReview), body: map[string]any{"rating": 5, "text": "REVIEW-sara"}}
		}},
		// Either side of a class proposes moving it; only the side that did
		// not propose answers (the proposer is refused with 403 in reschedule_test.go).
		{pattern: "POST /api/slot/{id}/reschedule/{$}", want: bothOwn(201), call: func(w *world, who int) req {
			side := per(who, student, teacher)
			return req{method: "POST", path: fmt.Sprintf("/api/slot/%d/reschedule/", w.bookMove[side]), body: map[string]any{"slot": w.moveSlot[side]}}
		}},
		{pattern: "PUT /api/slot/reschedule/{id}/{$}", want: bothOwn(200), call: func(w *world, who int) req {
			return req{method: "PUT", path: fmt.Sprintf("/api/slot/reschedule/%d/", w.moveAnswer[per(who, student, teacher)]), body: map[string]bool{"accept": true}}
		}},
		{pattern: "GET /api/teachers/{id}/reviews/{$}", want: members(200), call: func(w *world, who int) req {
			return req{method: "GET", path: fmt.Sprintf("/api/teachers/%d/reviews/", w.id[teacher])}
		}},
		{pattern: "POST /api/reviews/{id}/reply/{$}", want: statuses{401, 403, 403, 200, 403, 403}, call: func(w *world, who int) req {
			return req{method: "POST", path: fmt.Sprintf("/api/reviews/%d/reply/", w.review), body: map[string]string{"text": "thanks"}}
		}},
		// Either side of an ended class reports a problem with it; only the
		// other side answers. Strangers are refused, as for reviews.
		{pattern: "POST /api/slot/{id}/problem/{$}", want: statuses{401, 201, 403, 201, 403, 403}, call: func(w *world, who int) req {
			return req{method: "POST", path: fmt.Sprintf("/api/slot/%d/problem/", per(who, w.bookProblem[student], w.bookProblem[teacher])),
				body: map[string]any{"reason": "other", "text": "PROBLEM", "resolution": "no_refund"}}
		}},
		{pattern: "PUT /api/slot/problem/{id}/{$}", want: statuses{401, 403, 403, 200, 403, 403}, call: func(w *world, who int) req {
			return req{method: "PUT", path: fmt.Sprintf("/api/slot/problem/%d/", w.problem), body: map[string]bool{"accept": false}}
		}},
		{pattern: "POST /api/dev/clock/{$}", want: public(200), call: func(w *world, who int) req {
			return req{method: "POST", path: "/api/dev/clock/", body: map[string]int{"advance_seconds": 0}}
		}},

		// Messages.
		{pattern: "GET /api/chats/{$}", want: members(200), call: get("/api/chats/"),
			private: &private{"MSG-sara", []int{student, teacher}}},
		{pattern: "GET /api/chats/{id}/messages/{$}", want: bothOwn(200), call: func(w *world, who int) req {
			return req{method: "GET", path: fmt.Sprintf("/api/chats/%d/messages/", w.chat)}
		}, private: &private{"MSG-sara", []int{student, teacher}}},
		{pattern: "POST /api/chats/{id}/read/{$}", want: bothOwn(204), call: func(w *world, who int) req {
			return req{method: "POST", path: fmt.Sprintf("/api/chats/%d/read/", w.chat)}
		}},
		// Any student may write to a teacher; a teacher only to their students.
		{pattern: "POST /api/chat/create/{$}", want: statuses{401, 200, 200, 200, 403, 403}, call: func(w *world, who int) req {
			return req{method: "POST", path: "/api/chat/create/", body: per[map[string]any](who, map[string]any{"teacher_id": w.id[teacher]}, map[string]any{"student_id": w.id[student]})}
		}},
		{pattern: "POST /api/messages/send/{$}", want: bothOwn(201), call: func(w *world, who int) req {
			return req{method: "POST", path: "/api/messages/send/", body: map[string]any{"chat_id": w.chat, "content": "hello"}}
		}},
		// A file's link is signed for one side of the chat and needs no token,
		// as a material's.
		{pattern: "GET /api/messages/{id}/attachment/{$}", want: statuses{403, 200, 403, 200, 403, 403},
			call: signedLink(func(w *world) [actors]string { return w.attachment })},
		{pattern: "GET /api/events/{$}", want: members(200), call: get("/api/events/")},

		// Notifications: each member's own. The teacher's proposal is told to the student alone.
		{pattern: "GET /api/notifications/{$}", want: members(200), call: get("/api/notifications/"),
			private: &private{"maryam proposes moving", []int{student}}},
		{pattern: "POST /api/notifications/{id}/read/{$}", want: bothOwn(204), call: func(w *world, who int) req {
			return req{method: "POST", path: fmt.Sprintf("/api/notifications/%d/read/", w.notification(per(who, student, teacher)))}
		}},
		{pattern: "POST /api/notifications/read-all/{$}", want: members(204), call: func(w *world, who int) req {
			return req{method: "POST", path: "/api/notifications/read-all/"}
		}},
		{pattern: "GET /api/notifications/preferences/{$}", want: members(200), call: get("/api/notifications/preferences/")},
		{pattern: "PUT /api/notifications/preferences/{$}", want: members(200), call: func(w *world, who int) req {
			return req{method: "PUT", path: "/api/notifications/preferences/", body: map[string]string{"quiet_start": "23:00"}}
		}},
		{pattern: "GET /api/admin/deliveries/{$}", want: adminOnly(200), call: get("/api/admin/deliveries/?status=failed")},

		// Email. Each member saves an email, then asks for its link; the
		// links' tokens are the key of the calls without sign-in.
		{pattern: "POST /api/account/email/verify/{$}", want: members(202), call: func(w *world, who int) req {
			w.giveEmail(who)
			return req{method: "POST", path: "/api/account/email/verify/"}
		}},
		// After the row above, which gave the student her email.
		{pattern: "POST /api/account/email/confirm/{$}", want: public(200), call: func(w *world, who int) req {
			link := emailLinks(w.clock.Now).VerifyURL(&zabano.User{ID: w.id[student], Email: emailOf(student)})
			return req{method: "POST", path: "/api/account/email/confirm/", body: map[string]string{"token": linkToken(w.t, link, "https://zabano.test/verify-email")}}
		}},
		{pattern: "POST /api/notifications/unsubscribe/{$}", want: public(200), call: func(w *world, who int) req {
			link := emailLinks(w.clock.Now).UnsubscribeURL(zabano.Unsubscription{UserID: w.id[student], Kind: zabano.KindClassDone, Channel: zabano.ChannelEmail})
			return req{method: "POST", path: "/api/notifications/unsubscribe/", body: map[string]string{"token": linkToken(w.t, link, "https://zabano.test/unsubscribe")}}
		}},
		{pattern: "GET /api/dev/mail-outbox/{$}", want: public(200), call: get("/api/dev/mail-outbox/")},

		// Materials, courses, notes and progress.
		{pattern: "GET /api/materials/{$}", want: members(200), call: get("/api/materials/"),
			private: &private{"MAT-maryam", []int{student, teacher}}},
		{pattern: "POST /api/materials/{$}", want: teachersOnly(201), call: func(w *world, who int) req {
			return req{method: "POST", path: "/api/materials/", body: map[string]string{"title": "new", "material_type": "class_link", "link_url": "https://x.example"}}
		}},
		{pattern: "PUT /api/materials/{id}/{$}", want: teacherOwns(200), call: func(w *world, who int) req {
			return req{method: "PUT", path: fmt.Sprintf("/api/materials/%d/", w.material), body: map[string]string{"title": "MAT-maryam renamed"}}
		}},
		{pattern: "DELETE /api/materials/{id}/{$}", want: teacherOwns(204), call: func(w *world, who int) req {
			return req{method: "DELETE", path: fmt.Sprintf("/api/materials/%d/", w.materialDel)}
		}},
		// A file link is signed for one user and needs no token: without a
		// signature, or with another user's id in it, it is refused.
		{pattern: "GET /api/materials/{id}/file/{$}", want: statuses{403, 200, 403, 200, 403, 403},
			call: signedLink(func(w *world) [actors]string { return w.fileLink })},
		{pattern: "GET /api/courses/{$}", want: members(200), call: get("/api/courses/"),
			private: &private{"COURSE-maryam", []int{student, teacher}}},
		{pattern: "POST /api/courses/{$}", want: teachersOnly(201), call: func(w *world, who int) req {
			return req{method: "POST", path: "/api/courses/", body: map[string]any{"title": "new", "days": []int{2}, "startTime": "10:00"}}
		}},
		{pattern: "PUT /api/courses/{id}/{$}", want: teacherOwns(200), call: func(w *world, who int) req {
			return req{method: "PUT", path: fmt.Sprintf("/api/courses/%d/", w.course), body: map[string]any{"title": "COURSE-maryam", "days": []int{3}, "startTime": "11:00"}}
		}},
		{pattern: "DELETE /api/courses/{id}/{$}", want: teacherOwns(204), call: func(w *world, who int) req {
			return req{method: "DELETE", path: fmt.Sprintf("/api/courses/%d/", w.courseDel)}
		}},
		{pattern: "GET /api/notes/{$}", want: studentsOnly(200), call: get("/api/notes/"),
			private: &private{"NOTE-sara", []int{student}}},
		{pattern: "POST /api/notes/{$}", want: studentsOnly(201), call: func(w *world, who int) req {
			return req{method: "POST", path: "/api/notes/", body: map[string]string{"title": "new"}}
		}},
		{pattern: "PUT /api/notes/{id}/{$}", want: studentOwns(200), call: func(w *world, who int) req {
			return req{method: "PUT", path: fmt.Sprintf("/api/notes/%d/", w.note), body: map[string]string{"title": "NOTE-sara", "content": "edited"}}
		}},
		{pattern: "DELETE /api/notes/{id}/{$}", want: studentOwns(204), call: func(w *world, who int) req {
			return req{method: "DELETE", path: fmt.Sprintf("/api/notes/%d/", w.noteDel)}
		}},
		{pattern: "GET /api/student/progress/{$}", want: studentsOnly(200), call: get("/api/student/progress/")},
		// A teacher sets the level of their own students only.
		{pattern: "POST /api/teacher/update-student-level/{$}", want: teacherOwns(200), call: func(w *world, who int) req {
			return req{method: "POST", path: "/api/teacher/update-student-level/", body: map[string]any{"student_id": w.id[student], "level": "B2"}}
		}},

		// Calendars.
		{pattern: "GET /api/calendar/{$}", want: members(200), call: get("/api/calendar/")},
		// The address is the key: each member reads their own feed (in Persian,
		// their language), which a calendar app fetches without a token; a
		// made-up one is not found.
		{pattern: "GET /api/calendar/{file}", want: statuses{404, 200, 200, 200, 200, 404}, call: func(w *world, who int) req {
			path := w.calendar[who]
			if path == "" {
				path = "/api/calendar/0123456789abcdef0123456789abcdef01234567.ics"
			}
			return req{method: "GET", path: path}
		}, private: &private{"با maryam", []int{student}}},
		{pattern: "GET /api/slot/calendar/{id}/{$}", want: bothOwn(200), call: func(w *world, who int) req {
			return req{method: "GET", path: fmt.Sprintf("/api/slot/calendar/%d/", w.bookReview)}
		}},
		// After the feed's row: the new address replaces the old, which is then not found.
		{pattern: "POST /api/calendar/reset/{$}", want: members(200), call: func(w *world, who int) req {
			return req{method: "POST", path: "/api/calendar/reset/"}
		}, after: func(w *world, who int, r resp) {
			if r.status != 200 {
				return
			}
			old := w.calendar[who]
			w.calendar[who] = strings.TrimPrefix(r.json(w.t)["url"].(string), "https://zabano.test")
			if r := w.do(req{method: "GET", path: old}); r.status != 404 || w.calendar[who] == old {
				w.t.Errorf("%s's old calendar address after a reset: %d", actorName[who], r.status)
			}
		}},

		// What no route takes, and the web app.
		// The operator's console.
		{pattern: "GET /api/admin/log/{$}", want: adminOnly(200), call: get("/api/admin/log/")},
		{pattern: "GET /api/admin/overview/{$}", want: adminOnly(200), call: get("/api/admin/overview/")},
		{pattern: "GET /api/admin/users/{$}", want: adminOnly(200), call: get("/api/admin/users/?q=sara&role=student")},
		{pattern: "GET /api/admin/users/{id}/{$}", want: adminOnly(200), call: func(w *world, who int) req {
			return req{method: "GET", path: fmt.Sprintf("/api/admin/users/%d/", w.id[student])}
		}},
		{pattern: "POST /api/admin/users/{id}/suspend/{$}", want: adminOnly(200), call: func(w *world, who int) req {
			return req{method: "POST", path: fmt.Sprintf("/api/admin/users/%d/suspend/", w.suspendee), body: map[string]string{"reason": "spam"}}
		}},
		// After the suspension above.
		{pattern: "POST /api/admin/users/{id}/unsuspend/{$}", want: adminOnly(200), call: func(w *world, who int) req {
			return req{method: "POST", path: fmt.Sprintf("/api/admin/users/%d/unsuspend/", w.suspendee)}
		}},
		{pattern: "GET /api/admin/teachers/pending/{$}", want: adminOnly(200), call: get("/api/admin/teachers/pending/")},
		{pattern: "POST /api/admin/teachers/{id}/approve/{$}", want: adminOnly(200), call: func(w *world, who int) req {
			return req{method: "POST", path: fmt.Sprintf("/api/admin/teachers/%d/approve/", w.approvee)}
		}},
		{pattern: "POST /api/admin/teachers/{id}/reject/{$}", want: adminOnly(200), call: func(w *world, who int) req {
			return req{method: "POST", path: fmt.Sprintf("/api/admin/teachers/%d/reject/", w.rejectee), body: map[string]string{"reason": "no documents"}}
		}},
		{pattern: "GET /api/admin/reviews/{$}", want: adminOnly(200), call: func(w *world, who int) req {
			return req{method: "GET", path: fmt.Sprintf("/api/admin/reviews/?teacher_id=%d", w.id[teacher])}
		}},
		{pattern: "POST /api/admin/reviews/{id}/hide/{$}", want: adminOnly(200), call: func(w *world, who int) req {
			return req{method: "POST", path: fmt.Sprintf("/api/admin/reviews/%d/hide/", w.review), body: map[string]string{"reason": "insults"}}
		}},
		{pattern: "GET /api/admin/audit/{$}", want: adminOnly(200), call: get("/api/admin/audit/")},
		{pattern: "GET /api/admin/withdrawals/{$}", want: adminOnly(200), call: get("/api/admin/withdrawals/")},
		{pattern: "POST /api/admin/withdrawals/{id}/pay/{$}", want: adminOnly(200), call: func(w *world, who int) req {
			return req{method: "POST", path: fmt.Sprintf("/api/admin/withdrawals/%d/pay/", w.payout), body: map[string]string{"reference": "BANK-1"}}
		}},
		{pattern: "POST /api/admin/withdrawals/{id}/reject/{$}", want: adminOnly(200), call: func(w *world, who int) req {
			return req{method: "POST", path: fmt.Sprintf("/api/admin/withdrawals/%d/reject/", w.rejectPayout), body: map[string]string{"reason": "wrong IBAN"}}
		}},
		{pattern: "GET /api/admin/payments/{$}", want: adminOnly(200), call: get("/api/admin/payments/")},
		{pattern: "POST /api/admin/payments/{authority}/reverify/{$}", want: adminOnly(200), call: func(w *world, who int) req {
			return req{method: "POST", path: "/api/admin/payments/" + w.stuck + "/reverify/"}
		}},
		{pattern: "GET /api/admin/disputes/{$}", want: adminOnly(200), call: get("/api/admin/disputes/")},
		{pattern: "GET /api/admin/disputes/{id}/{$}", want: adminOnly(200), call: func(w *world, who int) req {
			return req{method: "GET", path: fmt.Sprintf("/api/admin/disputes/%d/", w.dispute)}
		}},
		{pattern: "POST /api/admin/disputes/{id}/decide/{$}", want: adminOnly(200), call: func(w *world, who int) req {
			return req{method: "POST", path: fmt.Sprintf("/api/admin/disputes/%d/decide/", w.dispute), body: map[string]any{"refund_percent": 50, "note": "Half each."}}
		}},
		{pattern: "POST /api/admin/adjustments/{$}", want: adminOnly(201), call: func(w *world, who int) req {
			return req{method: "POST", path: "/api/admin/adjustments/", body: map[string]any{"user_id": w.id[student], "amount": 1_000, "reason": "welcome bonus"}}
		}},
		{pattern: "GET /api/admin/commission/{$}", want: adminOnly(200), call: get("/api/admin/commission/")},
		{pattern: "PUT /api/admin/commission/{$}", want: adminOnly(200), call: func(w *world, who int) req {
			return req{method: "PUT", path: "/api/admin/commission/", body: map[string]int{"percent": 0}}
		}},
		// Late: a refund empties the student's wallet, which the rows before book from.
		{pattern: "POST /api/student/wallet/refund/{$}", want: studentsOnly(201), call: func(w *world, who int) req {
			iban := studentIBAN
			if who == student2 {
				iban = student2IBAN
			}
			return req{method: "POST", path: "/api/student/wallet/refund/", body: map[string]string{"iban": iban}}
		}},
		{pattern: "GET /api/student/wallet/refunds/{$}", want: studentsOnly(200), call: get("/api/student/wallet/refunds/"),
			private: &private{studentIBAN, []int{student}}},

		{pattern: "/api/", want: public(404), call: get("/api/nothing/")},
		{pattern: "/panel-api/", want: public(404), call: get("/panel-api/nothing/")},
		{pattern: "/", want: public(200), call: get("/student/dashboard")},

		// Last: it ends every earlier token of its caller; the caller goes on
		// with the new one.
		{pattern: "POST /api/auth/change-password/{$}", want: anyone(200), call: func(w *world, who int) req {
			current := "secret1"
			if who == admin {
				current = operatorPassword
			}
			return req{method: "POST", path: "/api/auth/change-password/", body: map[string]string{"current_password": current, "new_password": "changed-secret"}}
		}, after: func(w *world, who int, r resp) {
			if who != anon {
				w.token[who] = r.json(w.t)["access"].(string)
			}
		}},
	}
}

// archiveText is the text of every file of a ZIP archive, joined.
func archiveText(t *testing.T, b []byte) string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatalf("not a ZIP: %v", err)
	}
	var all strings.Builder
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		_, err = io.Copy(&all, rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
	return all.String()
}

// routePatterns reads the patterns routes.go registers, whatever the server's
// configuration: a route added there without a row in the matrix fails it.
func routePatterns(t *testing.T) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "routes.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	consts := map[string]string{}
	var patterns []string
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if lit, ok := n.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					consts[name.Name], _ = strconv.Unquote(lit.Value)
				}
			}
		case *ast.CallExpr:
			sel, ok := n.Fun.(*ast.SelectorExpr)
			if !ok || (sel.Sel.Name != "Handle" && sel.Sel.Name != "HandleFunc") {
				return true
			}
			switch arg := n.Args[0].(type) {
			case *ast.BasicLit:
				p, _ := strconv.Unquote(arg.Value)
				patterns = append(patterns, p)
			case *ast.Ident:
				p, ok := consts[arg.Name]
				if !ok {
					t.Fatalf("routes.go: the pattern %s is not a string constant of that file", arg.Name)
				}
				patterns = append(patterns, p)
			default:
				t.Fatalf("routes.go:%v: a pattern the matrix cannot read", fset.Position(arg.Pos()))
			}
		}
		return true
	})
	if len(patterns) < 50 {
		t.Fatalf("read only %d patterns from routes.go", len(patterns))
	}
	return patterns
}

// patternMux routes as the server does, but only names the pattern.
func patternMux(patterns []string) *http.ServeMux {
	mux := http.NewServeMux()
	for _, p := range patterns {
		mux.HandleFunc(p, func(http.ResponseWriter, *http.Request) {})
	}
	return mux
}

// call makes an actor's call: event streams are opened, checked and closed.
func (w *world) call(rq req) resp {
	w.t.Helper()
	if strings.HasPrefix(rq.path, "/sandbox/") {
		form, _ := rq.body.(string)
		return w.page(rq.method, rq.path, form) // not following the redirect to the callback
	}
	if !strings.HasPrefix(rq.path, "/api/events/") {
		return w.do(rq)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	r, _ := http.NewRequestWithContext(ctx, rq.method, w.srv.URL+rq.path, nil)
	if rq.token != "" {
		r.Header.Set("Authorization", "Bearer "+rq.token)
	}
	res, err := http.DefaultClient.Do(r)
	if err != nil {
		w.t.Fatal(err)
	}
	var body []byte
	if res.StatusCode != 200 {
		body, _ = io.ReadAll(res.Body)
	}
	cancel()
	res.Body.Close()
	return resp{status: res.StatusCode, header: res.Header, body: body}
}

// TestAuthorizationMatrix calls every route as each of the five actors on
// objects the student and the teacher own, and checks every answer; that
// lists show no stranger's data; that no GET writes; and that no route that
// changes state answers a GET.
func TestAuthorizationMatrix(t *testing.T) {
	t.Parallel() // a database of its own
	patterns := routePatterns(t)
	rows := authMatrix()
	mux := patternMux(patterns)
	byPattern := map[string]authRow{}
	for _, row := range rows {
		if _, dup := byPattern[row.pattern]; dup {
			t.Errorf("two rows for %s", row.pattern)
		}
		byPattern[row.pattern] = row
	}
	for _, p := range patterns {
		if _, ok := byPattern[p]; !ok {
			t.Errorf("routes.go registers %q, which the matrix lacks: add a row", p)
		}
	}
	for _, row := range rows {
		if !slices.Contains(patterns, row.pattern) {
			t.Errorf("the matrix has %q, which routes.go does not register", row.pattern)
		}
	}
	if t.Failed() {
		t.FailNow()
	}

	for _, dialect := range storetest.Dialects() {
		t.Run(dialect, func(t *testing.T) {
			dsn := storetest.DSN(t, dialect)
			db, err := sqlstore.Open(context.Background(), dsn)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			a := newApp(t, db, func(s *httpapi.Server) { s.DevClock = &httpapi.DevClock{} })
			w := newWorld(t, a)
			// request builds who's request of row and checks the row takes it.
			request := func(t *testing.T, row authRow, who int) req {
				t.Helper()
				rq := row.call(w, who)
				rq.token = w.token[who]
				probe, err := http.NewRequest(rq.method, "http://x"+rq.path, nil)
				if err != nil {
					t.Fatal(err)
				}
				if _, p := mux.Handler(probe); p != row.pattern {
					t.Fatalf("the %s row's request %s %s goes to %q", row.pattern, rq.method, rq.path, p)
				}
				return rq
			}

			t.Run("no GET writes", func(t *testing.T) {
				w.app.t, w.t = t, t
				raw := openRaw(t, dialect, dsn)
				before := snapshot(t, raw, dialect)
				calls := 0
				for _, row := range rows {
					if !strings.HasPrefix(row.pattern, "GET ") && row.pattern != "/api/" && row.pattern != "/panel-api/" && row.pattern != "/" {
						continue
					}
					for _, who := range callOrder {
						if r := w.call(request(t, row, who)); r.status >= 500 {
							t.Errorf("%s as %s: %d", row.pattern, actorName[who], r.status)
						}
						calls++
					}
				}
				after := snapshot(t, raw, dialect)
				for table, b := range before {
					// The archive's download counts against its limit: a
					// count of calls, not a change of anybody's data.
					if table == "rate_events" {
						continue
					}
					if after[table] != b {
						t.Errorf("table %s changed in %d GET calls: %s, then %s", table, calls, b, after[table])
					}
				}
				t.Logf("%d GET calls left all %d tables as they were, the limits' counts aside", calls, len(before)-1)
				// The snapshot does see an update in place: the teacher reading
				// the student's message moves a read mark of the chat's row.
				w.ok(204, req{method: "POST", path: fmt.Sprintf("/api/chats/%d/read/", w.chat), token: w.token[teacher]})
				if changed := snapshot(t, raw, dialect); changed["chats"] == after["chats"] {
					t.Errorf("the snapshot did not see a chat marked read: %s", changed["chats"])
				}
			})

			t.Run("no state change by GET", func(t *testing.T) {
				w.app.t, w.t = t, t
				n := 0
				for _, p := range patterns {
					method, path, ok := strings.Cut(p, " ")
					if !ok || method == "GET" {
						continue
					}
					path = concretePath(path)
					probe, _ := http.NewRequest("GET", "http://x"+path, nil)
					if _, got := mux.Handler(probe); strings.HasPrefix(got, "GET ") {
						continue // the path's GET is a read route, shown above to write nothing
					}
					for _, variant := range []struct{ suffix, header string }{{"", ""}, {"?_method=" + method, ""}, {"", method}} {
						rq, _ := http.NewRequest("GET", w.srv.URL+path+variant.suffix, nil)
						rq.Header.Set("Authorization", "Bearer "+w.token[student])
						if variant.header != "" {
							rq.Header.Set("X-HTTP-Method-Override", variant.header)
						}
						res, err := http.DefaultClient.Do(rq)
						if err != nil {
							t.Fatal(err)
						}
						res.Body.Close()
						if res.StatusCode != 405 || strings.Contains(res.Header.Get("Allow"), "GET") {
							t.Errorf("GET %s%s (override %q) of %s: %d, Allow %q; want 405", path, variant.suffix, variant.header, p, res.StatusCode, res.Header.Get("Allow"))
						}
						n++
					}
				}
				t.Logf("%d GETs of state-changing routes refused", n)
			})

			t.Run("matrix", func(t *testing.T) {
				w.app.t, w.t = t, t
				cases := 0
				for _, row := range rows {
					for _, who := range callOrder {
						rq := request(t, row, who)
						r := w.call(rq)
						cases++
						if r.status != row.want[who] {
							t.Errorf("%s as %s (%s %s): %d %.300s, want %d", row.pattern, actorName[who], rq.method, rq.path, r.status, r.body, row.want[who])
							continue
						}
						if p := row.private; p != nil && r.status == 200 {
							if mine := slices.Contains(p.owners, who); mine != strings.Contains(string(r.body), p.marker) {
								t.Errorf("%s as %s: shows %q: %v, want %v", row.pattern, actorName[who], p.marker, !mine, mine)
							}
						}
						if row.after != nil {
							row.after(w, who, r)
						}
					}
				}
				t.Logf("%d routes, %d calls", len(rows), cases)
			})
		})
	}
}

// concretePath fills a pattern's wildcards with values that route alike.
func concretePath(pattern string) string {
	path := strings.TrimSuffix(pattern, "{$}")
	path = regexp.MustCompile(`\{[a-z]+\.\.\.\}`).ReplaceAllString(path, "a/b")
	return regexp.MustCompile(`\{[a-z]+\}`).ReplaceAllString(path, "1")
}

// openRaw opens a second, plain connection to the test database, to read
// every table as it is.
func openRaw(t *testing.T, dialect, dsn string) *sql.DB {
	t.Helper()
	driver, source := "pgx", dsn
	if dialect == "sqlite" {
		driver, source = "sqlite", "file:"+(&url.URL{Path: dsn}).EscapedPath()+"?_pragma=busy_timeout(5000)&_pragma=query_only(1)"
	}
	raw, err := sql.Open(driver, source)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { raw.Close() })
	return raw
}

// snapshot is every table's row count and a digest of its rows, by table.
func snapshot(t *testing.T, raw *sql.DB, dialect string) map[string]string {
	t.Helper()
	q := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`
	if dialect == "postgres" {
		q = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`
	}
	var tables []string
	rows, err := raw.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var name string
		rows.Scan(&name)
		tables = append(tables, name)
	}
	rows.Close()
	out := map[string]string{}
	for _, table := range tables {
		rows, err := raw.Query(`SELECT * FROM ` + table)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		var lines []string
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			// An open event stream marks its user present: a note of
			// presence, not a change of anybody's data.
			if i := slices.Index(cols, "stream_seen_at"); i >= 0 {
				vals[i] = nil
			}
			lines = append(lines, fmt.Sprintf("%q", vals))
		}
		rows.Close()
		sort.Strings(lines)
		out[table] = fmt.Sprintf("%d rows %x", len(lines), sha256.Sum256([]byte(strings.Join(lines, "\n"))))
	}
	if len(out) < 10 {
		t.Fatalf("only %d tables: %v", len(out), tables)
	}
	return out
}

// rawPart is one part of a hand-built multipart body: any headers, any bytes.
type rawPart struct {
	header map[string]string
	data   []byte
}

func fileHeader(field, filename, ctype string) map[string]string {
	return map[string]string{
		"Content-Disposition": fmt.Sprintf(`form-data; name=%q; filename=%q`, field, filename),
		"Content-Type":        ctype,
	}
}

func rawMultipart(t *testing.T, parts ...rawPart) multipartBody {
	t.Helper()
	var buf strings.Builder
	mw := multipart.NewWriter(&buf)
	for _, p := range parts {
		h := textproto.MIMEHeader{}
		for k, v := range p.header {
			h.Set(k, v)
		}
		pw, err := mw.CreatePart(h)
		if err != nil {
			t.Fatal(err)
		}
		pw.Write(p.data)
	}
	mw.Close()
	return multipartBody{ctype: mw.FormDataContentType(), data: []byte(buf.String())}
}

// textParts is a multipart body of n text fields of size bytes each.
func textParts(t *testing.T, n, size int) multipartBody {
	parts := make([]rawPart, n)
	for i := range parts {
		parts[i] = rawPart{map[string]string{"Content-Disposition": fmt.Sprintf(`form-data; name="f%d"`, i)}, []byte(strings.Repeat("x", size))}
	}
	return rawMultipart(t, parts...)
}

// fetch GETs a path of the server as it is, for the headers of files.
func (a *app) fetch(t *testing.T, path string) (*http.Response, []byte) {
	t.Helper()
	res, err := http.Get(a.srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, b
}

// TestUploadAbuse sends what an attacker would upload: files whose declared
// type lies, polyglots, bodies of many parts, files where a route takes
// none, names that climb out of folders, and bodies too large to read.
func TestUploadAbuse(t *testing.T) {
	t.Parallel() // a database of its own
	each(t, func(t *testing.T, a *app) {
		student := a.register("sara", zabano.RoleStudent, "09121000201")
		teacher := a.register("maryam", zabano.RoleTeacher, "09121000202")
		html := []byte("<!doctype html><script>alert(document.cookie)</script>")
		photo := func(body multipartBody) resp {
			return a.do(req{method: "POST", path: "/api/student/profile/upload-photo/", token: student, body: body})
		}
		profile := func(body any) resp {
			return a.do(req{method: "POST", path: "/api/teacher/profile/", token: teacher, body: body})
		}
		// served fetches a stored file by its URL and checks it is served as
		// the type its bytes made it, never sniffed.
		served := func(t *testing.T, url, ctype string) {
			t.Helper()
			res, _ := a.fetch(t, strings.TrimPrefix(url, "https://zabano.test"))
			if res.StatusCode != 200 || res.Header.Get("Content-Type") != ctype || res.Header.Get("X-Content-Type-Options") != "nosniff" ||
				!strings.Contains(res.Header.Get("Content-Security-Policy"), "script-src 'self'") {
				t.Errorf("%s: %d, %q, nosniff %q", url, res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("X-Content-Type-Options"))
			}
		}

		t.Run("declared types are ignored", func(t *testing.T) {
			before := a.mediaFiles(t)
			if r := photo(rawMultipart(t, rawPart{fileHeader("profile_photo", "me.png", "image/png"), html})); r.status != 400 || r.field(t, "profile_photo") == "" {
				t.Fatalf("HTML declared image/png: %d %s", r.status, r.body)
			}
			if a.mediaFiles(t) != before {
				t.Fatal("a refused file was stored")
			}
			r := photo(rawMultipart(t, rawPart{fileHeader("profile_photo", "x.html", "text/html"), fileOf(pngHead, 400)}))
			url, _ := r.json(t)["profile_photo_url"].(string)
			if r.status != 200 || !strings.HasSuffix(url, ".png") {
				t.Fatalf("a PNG declared text/html and named x.html: %d %s", r.status, r.body)
			}
			served(t, url, "image/png")
			// The request's own type lies: a JSON body said to be a form, a form said to be JSON.
			// Without a boundary line the body is an empty form: nothing changes.
			if r := a.do(req{method: "POST", path: "/api/student/profile/", token: student, body: multipartBody{ctype: "multipart/form-data; boundary=zzz", data: []byte(`{"bio":"x"}`)}}); r.status >= 500 || r.status == 200 && r.json(t)["bio"] == "x" {
				t.Errorf("JSON sent as multipart: %d %s", r.status, r.body)
			}
			if r := a.do(req{method: "POST", path: "/api/student/profile/", token: student, body: []byte(textParts(t, 1, 5).data)}); r.status != 400 {
				t.Errorf("multipart sent as JSON: %d %s", r.status, r.body)
			}
		})

		t.Run("polyglots are served as their declared head, never as pages", func(t *testing.T) {
			r := photo(rawMultipart(t, rawPart{fileHeader("profile_photo", "me.png", "image/png"), append([]byte(pngHead), html...)}))
			if r.status != 200 {
				t.Fatalf("PNG head with a page inside: %d %s", r.status, r.body)
			}
			served(t, r.json(t)["profile_photo_url"].(string), "image/png")
			r = profile(rawMultipart(t,
				rawPart{fileHeader("documents", "cv.pdf", "application/pdf"), append([]byte(pdfHead), html...)},
				rawPart{fileHeader("documents", "cv.docx", "application/zip"), append([]byte("PK\x03\x04"), html...)},
				rawPart{fileHeader("documents", "evil.exe", "application/zip"), append([]byte("PK\x03\x04"), html...)},
				rawPart{fileHeader("documents", "image.svg", "image/svg+xml"), []byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`)},
				rawPart{fileHeader("photo", "photo.jpg", "image/jpeg"), append([]byte("\xff\xd8\xff\xe0"), []byte("PK\x03\x04 a zip appended")...)},
			))
			var p struct {
				Photo     string
				Documents []struct {
					Name, URL string
				}
				DocumentErrors []struct{ Name string } `json:"document_errors"`
			}
			r.decode(t, &p)
			// A ZIP named .docx is not a Word document without its parts.
			if r.status != 200 || len(p.Documents) != 1 || len(p.DocumentErrors) != 3 || p.DocumentErrors[0].Name != "cv.docx" || !strings.HasSuffix(p.Photo, ".jpg") {
				t.Fatalf("documents: %d %s", r.status, r.body)
			}
			served(t, p.Documents[0].URL, "application/pdf")
			served(t, p.Photo, "image/jpeg")
		})

		t.Run("many parts", func(t *testing.T) {
			before := a.mediaFiles(t)
			for _, tc := range []struct {
				name, path, token string
				body              multipartBody
				want              string
			}{
				{"thousands of tiny fields, anonymously", "/api/token/", "", textParts(t, 5000, 1), "The form has too many parts."},
				{"fields over 1 MB together", "/api/student/profile/", student, textParts(t, 20, 60_000), "The request is too large."},
				{"one field over 64 KB", "/api/student/profile/", student, textParts(t, 1, 70_000), "A form field is too long."},
			} {
				t.Run(tc.name, func(t *testing.T) {
					r := a.do(req{method: "POST", path: tc.path, token: tc.token, body: tc.body})
					if r.status != 400 || r.json(t)["detail"] != tc.want {
						t.Fatalf("%d %s, want 400 %q", r.status, r.body, tc.want)
					}
				})
			}
			// Files stored before the part that breaks the limit are removed.
			parts := []rawPart{{fileHeader("photo", "me.png", "image/png"), fileOf(pngHead, 100)}}
			for i := range 300 {
				parts = append(parts, rawPart{map[string]string{"Content-Disposition": fmt.Sprintf(`form-data; name="f%d"`, i)}, []byte("x")})
			}
			if r := profile(rawMultipart(t, parts...)); r.status != 400 || r.json(t)["detail"] != "The form has too many parts." {
				t.Fatalf("a photo and 300 fields: %d %s", r.status, r.body)
			}
			if got := a.mediaFiles(t); got != before {
				t.Fatalf("%d files stored by refused forms", got-before)
			}
		})

		t.Run("files where a route takes none", func(t *testing.T) {
			before := a.mediaFiles(t)
			r := a.do(req{method: "POST", path: "/api/phone-verify/", body: rawMultipart(t, rawPart{fileHeader("phone", "phone.txt", "text/plain"), []byte("09121234567")})})
			if r.status != 400 || r.field(t, "phone") != "Phone number is required" {
				t.Errorf("a phone sent as a file: %d %s", r.status, r.body)
			}
			r = a.do(req{method: "POST", path: "/api/student/profile/", token: student, body: rawMultipart(t,
				rawPart{map[string]string{"Content-Disposition": `form-data; name="bio"`}, []byte("hello")},
				rawPart{fileHeader("photo", "me.png", "image/png"), fileOf(pngHead, 100)})})
			if r.status != 200 || r.json(t)["bio"] != "hello" {
				t.Errorf("a photo on the profile's text form: %d %s", r.status, r.body)
			}
			big := rawMultipart(t, rawPart{fileHeader("video", "v.mp4", "video/mp4"), fileOf(mp4Head, 5<<20)})
			if r := a.do(req{method: "POST", path: "/api/token/", body: big}); r.status != 400 || r.json(t)["detail"] != "The request is too large." {
				t.Errorf("a 5 MB file on the login: %d %s", r.status, r.body)
			}
			if a.mediaFiles(t) != before {
				t.Errorf("files stored by routes that take none: %d", a.mediaFiles(t)-before)
			}
		})

		t.Run("file names climb out of no folder", func(t *testing.T) {
			parent := filepath.Dir(a.mediaDir)
			before := countFiles(parent)
			names := []string{"../../../../tmp/evil.pdf", `..\..\evil.pdf`, `C:\Users\sara\cv.pdf`, "/etc/passwd.pdf", "a/../../b.pdf", "..", "%2e%2e%2fevil.pdf"}
			var parts []rawPart
			for _, n := range names {
				parts = append(parts, rawPart{fileHeader("documents", n, "application/pdf"), fileOf(pdfHead, 50)})
			}
			// Names in the RFC 2231 form, percent-encoded: a path, a line break, a NUL byte.
			for _, n := range []string{"..%2F..%2Fevil%0D%0AX-Injected%3A%201.pdf", "evil%00.pdf"} {
				parts = append(parts, rawPart{map[string]string{"Content-Disposition": `form-data; name="documents"; filename*=UTF-8''` + n}, fileOf(pdfHead, 50)})
			}
			var p struct{ Documents []struct{ Name, URL string } }
			profile(map[string]any{}).decode(t, &p)
			had := len(p.Documents)
			r := profile(rawMultipart(t, parts...))
			r.decode(t, &p)
			if r.status != 200 || len(p.Documents) != had+len(parts) {
				t.Fatalf("%d %s", r.status, r.body)
			}
			var got []string
			for _, d := range p.Documents[had:] {
				got = append(got, d.Name)
				if !regexp.MustCompile(`^https://zabano\.test/media/documents/[0-9a-f]{32}\.pdf$`).MatchString(d.URL) ||
					strings.ContainsAny(d.Name, "/\\\x00\r\n") {
					t.Errorf("document %q stored at %s", d.Name, d.URL)
				}
			}
			t.Logf("shown as %q", got)
			if n := countFiles(parent); n != before+len(parts) {
				t.Errorf("%d files appeared for %d documents", n-before, len(parts))
			}
			// A material's name goes into the download's Content-Disposition: no header comes of it.
			r = a.do(req{method: "POST", path: "/api/materials/", token: teacher, body: rawMultipart(t,
				rawPart{map[string]string{"Content-Disposition": `form-data; name="title"`}, []byte("notes")},
				rawPart{map[string]string{"Content-Disposition": `form-data; name="material_type"`}, []byte("note")},
				rawPart{map[string]string{"Content-Disposition": `form-data; name="file"; filename*=UTF-8''evil%0D%0AX-Injected%3A%201%0D%0A.pdf`}, fileOf(pdfHead, 50)},
			)})
			link, _ := r.json(t)["file"].(string)
			if r.status != 201 || link == "" {
				t.Fatalf("material: %d %s", r.status, r.body)
			}
			res, _ := a.fetch(t, strings.TrimPrefix(link, "https://zabano.test"))
			if res.StatusCode != 200 || res.Header.Get("X-Injected") != "" || !strings.HasPrefix(res.Header.Get("Content-Disposition"), "attachment") {
				t.Errorf("download: %d %v", res.StatusCode, res.Header)
			}
		})

		t.Run("bodies too large are refused before they are read", func(t *testing.T) {
			for _, tc := range []struct {
				name, path, ctype, token string
				length                   int64
			}{
				{"a multipart body over 220 MB", "/api/teacher/profile/", "multipart/form-data; boundary=b", teacher, 220<<20 + 1},
				{"a JSON body over 1 MB", "/api/phone-verify/", "application/json", "", 1<<20 + 1},
			} {
				t.Run(tc.name, func(t *testing.T) {
					status, took := declareLength(t, a.srv.URL, tc.path, tc.ctype, tc.token, tc.length)
					if status != "HTTP/1.1 400 Bad Request" {
						t.Fatalf("answer %q", status)
					}
					t.Logf("refused in %v without the body", took)
				})
			}
		})
	})
}

// declareLength sends the head of a request declaring a body of length
// bytes and a few bytes of it, and returns the status line of the answer,
// which must come without the rest of the body.
func declareLength(t *testing.T, base, path, ctype, token string, length int64) (string, time.Duration) {
	t.Helper()
	u, _ := url.Parse(base)
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	began := time.Now()
	fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n", path, u.Host, ctype, length)
	if token != "" {
		fmt.Fprintf(conn, "Authorization: Bearer %s\r\n", token)
	}
	fmt.Fprint(conn, "Accept-Language: en\r\n\r\n--b\r\n")
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	line, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil {
		t.Fatalf("no answer without the body: %v", err)
	}
	return strings.TrimSpace(line), time.Since(began)
}

// TestTokenForgery tries tokens an attacker could make or keep, beyond those
// of TestProfileTokens: other algorithms, other keys of the server, claims
// the server never issues, and tokens that outlived a password change.
func TestTokenForgery(t *testing.T) {
	t.Parallel() // a database of its own
	each(t, func(t *testing.T, a *app) {
		token := a.register("reza", zabano.RoleStudent, "09121000301")
		a.register("maryam", zabano.RoleTeacher, "09121000302")
		id, teacherID := a.userID(t, "reza"), a.userID(t, "maryam")
		secret := []byte("test-secret")
		claims := func(change map[string]any) jwt.MapClaims {
			c := jwt.MapClaims{"sub": strconv.FormatInt(id, 10), "role": "student", "ver": 0, "exp": start.Add(time.Hour).Unix(), "iat": start.Unix()}
			for k, v := range change {
				if v == nil {
					delete(c, k)
				} else {
					c[k] = v
				}
			}
			return c
		}
		sign := func(method jwt.SigningMethod, key any, c jwt.MapClaims) string {
			s, err := jwt.NewWithClaims(method, c).SignedString(key)
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
		rsaKey, err := rsa.GenerateKey(rand.Reader, 2048)
		if err != nil {
			t.Fatal(err)
		}
		// handMade signs header and claims with HMAC-SHA256 and the server's
		// secret, whatever algorithm the header names.
		handMade := func(header string, c jwt.MapClaims) string {
			payload, _ := json.Marshal(c)
			unsigned := base64.RawURLEncoding.EncodeToString([]byte(header)) + "." + base64.RawURLEncoding.EncodeToString(payload)
			mac := hmac.New(sha256.New, secret)
			mac.Write([]byte(unsigned))
			return unsigned + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
		}
		valid := sign(jwt.SigningMethodHS256, secret, claims(nil))
		parts := strings.Split(valid, ".")
		for _, tc := range []struct {
			name, token string
			want        int
		}{
			{"the genuine article", valid, 200},
			{"issued in the future: iat is not checked, the signature is", sign(jwt.SigningMethodHS256, secret, claims(map[string]any{"iat": start.Add(48 * time.Hour).Unix()})), 200},
			{"HS512 with the right secret", sign(jwt.SigningMethodHS512, secret, claims(nil)), 401},
			{"HS384 with the right secret", sign(jwt.SigningMethodHS384, secret, claims(nil)), 401},
			{"RS256 with an attacker's key", sign(jwt.SigningMethodRS256, rsaKey, claims(nil)), 401},
			{"RS256 named, HMAC with the secret", handMade(`{"alg":"RS256","typ":"JWT"}`, claims(nil)), 401},
			{"none, capitalised", handMade(`{"alg":"None","typ":"JWT"}`, claims(nil))[:len(parts[0])+len(parts[1])+2], 401},
			{"no signature", parts[0] + "." + parts[1] + ".", 401},
			{"no algorithm", handMade(`{"typ":"JWT"}`, claims(nil)), 401},
			{"a kid the server ignores", handMade(`{"alg":"HS256","kid":"../../../../dev/null"}`, claims(nil)), 200},
			{"an empty key", sign(jwt.SigningMethodHS256, []byte{}, claims(nil)), 401},
			{"the file-link key", sign(jwt.SigningMethodHS256, []byte("file-key"), claims(nil)), 401},
			{"the code key", sign(jwt.SigningMethodHS256, []byte("code-key"), claims(nil)), 401},
			{"not valid before tomorrow", sign(jwt.SigningMethodHS256, secret, claims(map[string]any{"nbf": start.Add(24 * time.Hour).Unix()})), 401},
			// The library reads a number written as text; it is checked all the same.
			{"a past expiry as text", sign(jwt.SigningMethodHS256, secret, claims(map[string]any{"exp": strconv.FormatInt(start.Add(-time.Second).Unix(), 10)})), 401},
			{"an expiry that is not a number", sign(jwt.SigningMethodHS256, secret, claims(map[string]any{"exp": "tomorrow"})), 401},
			{"expired a second ago", sign(jwt.SigningMethodHS256, secret, claims(map[string]any{"exp": start.Add(-time.Second).Unix()})), 401},
			{"no subject", sign(jwt.SigningMethodHS256, secret, claims(map[string]any{"sub": nil})), 401},
			{"subject 0", sign(jwt.SigningMethodHS256, secret, claims(map[string]any{"sub": "0"})), 401},
			{"subject -1", sign(jwt.SigningMethodHS256, secret, claims(map[string]any{"sub": "-1"})), 401},
			{"subject as a number", sign(jwt.SigningMethodHS256, secret, claims(map[string]any{"sub": id})), 401},
			{"subject with a space", sign(jwt.SigningMethodHS256, secret, claims(map[string]any{"sub": " " + strconv.FormatInt(id, 10)})), 401},
			{"a user who does not exist", sign(jwt.SigningMethodHS256, secret, claims(map[string]any{"sub": "999999"})), 401},
			{"the teacher's id with a student's role", sign(jwt.SigningMethodHS256, secret, claims(map[string]any{"sub": strconv.FormatInt(teacherID, 10)})), 401},
			{"role admin", sign(jwt.SigningMethodHS256, secret, claims(map[string]any{"role": "admin"})), 401},
			{"a token version from the future", sign(jwt.SigningMethodHS256, secret, claims(map[string]any{"ver": 1})), 401},
			{"no token version", sign(jwt.SigningMethodHS256, secret, claims(map[string]any{"ver": nil})), 200},
			{"two tokens", valid + " " + valid, 401},
		} {
			t.Run(tc.name, func(t *testing.T) {
				if r := a.do(req{method: "GET", path: "/api/profile/", token: tc.token}); r.status != tc.want {
					t.Fatalf("got %d %s, want %d", r.status, r.body, tc.want)
				}
			})
		}

		t.Run("only a bearer header carries a token", func(t *testing.T) {
			for _, tc := range []struct {
				name       string
				header     string
				query, jar bool
			}{
				{"lower-case scheme", "bearer " + token, false, false},
				{"another scheme", "Token " + token, false, false},
				{"two spaces", "Bearer  " + token, false, false},
				{"basic", "Basic " + base64.StdEncoding.EncodeToString([]byte("reza:secret1")), false, false},
				{"in the query", "", true, false},
				{"in a cookie", "", false, true},
			} {
				path := "/api/profile/"
				if tc.query {
					path += "?token=" + token + "&access=" + token
				}
				r, _ := http.NewRequest("GET", a.srv.URL+path, nil)
				if tc.header != "" {
					r.Header.Set("Authorization", tc.header)
				}
				if tc.jar {
					r.AddCookie(&http.Cookie{Name: "access", Value: token})
					r.AddCookie(&http.Cookie{Name: "token", Value: token})
				}
				res, err := http.DefaultClient.Do(r)
				if err != nil {
					t.Fatal(err)
				}
				res.Body.Close()
				if res.StatusCode != 401 {
					t.Errorf("%s: %d, want 401", tc.name, res.StatusCode)
				}
			}
		})

		t.Run("a password change ends the tokens before it", func(t *testing.T) {
			r := a.do(req{method: "POST", path: "/api/auth/change-password/", token: token, body: map[string]string{"current_password": "secret1", "new_password": "changed-secret"}})
			if r.status != 200 {
				t.Fatalf("change: %d %s", r.status, r.body)
			}
			// Even one re-signed with the right key and every claim as before.
			for _, old := range []string{token, valid} {
				if r := a.do(req{method: "GET", path: "/api/profile/", token: old}); r.status != 401 {
					t.Errorf("a token from before the change: %d", r.status)
				}
			}
			if r := a.do(req{method: "GET", path: "/api/profile/", token: r.json(t)["access"].(string)}); r.status != 200 {
				t.Errorf("the new token: %d", r.status)
			}
		})
	})
}

// TestSecurityHeaders checks the headers every kind of response carries:
// API answers of each status, the web app's pages, assets and refusals,
// public and private files, metrics, the sandbox gateway's page and
// redirect, an event stream, and internal errors, a panic among them. The
// middleware sets them whatever the database, so SQLite alone serves here.
func TestSecurityHeaders(t *testing.T) {
	t.Parallel() // a database of its own
	db := storetest.Open(t, "sqlite")
	a := newApp(t, db)
	s := newSchool(t, a)
	note := a.do(req{method: "POST", path: "/api/notes/", token: s.sara, body: map[string]string{"title": "n"}}).json(t)["id"].(float64)
	photo := a.do(req{method: "POST", path: "/api/student/profile/upload-photo/", token: s.sara,
		body: multipartOf(t, nil, formFile{"profile_photo", "me.png", fileOf(pngHead, 300)})}).json(t)["profile_photo_url"].(string)
	a.do(req{method: "POST", path: "/api/materials/", token: s.teacher, body: multipartOf(t,
		map[string]string{"title": "file", "material_type": "note"}, formFile{"file", "notes.pdf", fileOf(pdfHead, 300)})})
	slot := s.slot(t, "2026-11-22", "09:00", "10:00")
	a.do(req{method: "POST", path: "/api/slot/booking/", token: s.sara, body: map[string]any{"slot": slot, "level_price": s.level}})
	var materials []struct{ File *string }
	json.Unmarshal(a.do(req{method: "GET", path: "/api/materials/", token: s.sara}).body, &materials)
	authority := a.requestPayment(s.sara, 5_000)
	chat := a.do(req{method: "POST", path: "/api/chat/create/", token: s.sara, body: map[string]any{"teacher_id": a.userID(t, "maryam")}}).json(t)["id"]
	image := a.do(req{method: "POST", path: "/api/messages/send/", token: s.sara, body: multipartOf(t,
		map[string]string{"chat_id": fmt.Sprint(chat)}, formFile{"file", "x.png", fileOf(pngHead, 300)})}).json(t)["attachment"].(map[string]any)["url"].(string)
	calendar := a.do(req{method: "GET", path: "/api/calendar/", token: s.sara}).json(t)["url"].(string)
	for range 3 {
		a.do(req{method: "POST", path: "/api/phone-verify/", body: map[string]string{"phone": "09129990000"}})
	}

	// A second server whose readiness check panics, and whose database is
	// closed under a signed-in user: the two ways to a 500.
	broken := newApp(t, storetest.Open(t, "sqlite"), func(s *httpapi.Server) { s.Ping = nil })
	brokenToken := broken.register("sara", zabano.RoleStudent, "09121000401")
	broken.db.Close()

	type call struct {
		name, method, path, token, body, ctype string
		app                                    *app
		status                                 int
		contentType                            string // its start
	}
	calls := []call{
		{name: "API 200", method: "GET", path: "/api/profile/", token: s.sara, status: 200, contentType: "application/json"},
		{name: "API 201", method: "POST", path: "/api/notes/", token: s.sara, body: `{"title":"x"}`, status: 201, contentType: "application/json"},
		{name: "API 204", method: "DELETE", path: fmt.Sprintf("/api/notes/%d/", int64(note)), token: s.sara, status: 204},
		{name: "API 400", method: "POST", path: "/api/notes/", token: s.sara, body: `{`, status: 400, contentType: "application/json"},
		{name: "API 400 before the body", method: "POST", path: "/api/notes/", token: s.sara, body: strings.Repeat(" ", 1<<20+1), status: 400, contentType: "application/json"},
		{name: "API 401", method: "GET", path: "/api/profile/", status: 401, contentType: "application/json"},
		{name: "API 403", method: "GET", path: "/api/notes/", token: s.teacher, status: 403, contentType: "application/json"},
		{name: "API 404", method: "GET", path: "/api/nothing/", status: 404, contentType: "application/json"},
		{name: "API 405", method: "DELETE", path: "/api/profile/", status: 405, contentType: "application/json"},
		{name: "API 429", method: "POST", path: "/api/phone-verify/", body: `{"phone":"09129990000"}`, status: 429, contentType: "application/json"},
		{name: "payment path 404", method: "GET", path: "/panel-api/nothing/", status: 404, contentType: "application/json"},
		{name: "page", method: "GET", path: "/", status: 200, contentType: "text/html"},
		{name: "deep page", method: "GET", path: "/student/dashboard", status: 200, contentType: "text/html"},
		{name: "asset", method: "GET", path: "/assets/app-abc.js", status: 200, contentType: "text/javascript"},
		{name: "page 405", method: "POST", path: "/login", status: 405, contentType: "text/plain"},
		{name: "media", method: "GET", path: strings.TrimPrefix(photo, "https://zabano.test"), status: 200, contentType: "image/png"},
		{name: "media 404", method: "GET", path: "/media/photos/" + strings.Repeat("0", 32) + ".png", status: 404, contentType: "application/json"},
		{name: "material file", method: "GET", path: strings.TrimPrefix(*materials[0].File, "https://zabano.test"), status: 200, contentType: "application/pdf"},
		{name: "material file 403", method: "GET", path: "/api/materials/1/file/", status: 403, contentType: "application/json"},
		{name: "chat image", method: "GET", path: strings.TrimPrefix(image, "https://zabano.test"), status: 200, contentType: "image/png"},
		{name: "calendar feed", method: "GET", path: strings.TrimPrefix(calendar, "https://zabano.test"), status: 200, contentType: "text/calendar"},
		{name: "metrics, not here", method: "GET", path: "/metrics", status: 404, contentType: "application/json"},
		{name: "health", method: "GET", path: "/healthz", status: 200, contentType: "application/json"},
		{name: "sandbox page", method: "GET", path: "/sandbox/pay/" + authority, status: 200, contentType: "text/html"},
		{name: "sandbox page 404", method: "GET", path: "/sandbox/pay/Snothing", status: 404, contentType: "text/html"},
		{name: "sandbox redirect", method: "POST", path: "/sandbox/pay/" + authority, body: "status=OK", ctype: "application/x-www-form-urlencoded", status: 303},
		{name: "event stream", method: "GET", path: "/api/events/", token: s.sara, status: 200, contentType: "text/event-stream"},
		{name: "500 from a panic", app: broken, method: "GET", path: "/readyz", status: 500, contentType: "application/json"},
		{name: "500 from a closed database", app: broken, method: "GET", path: "/api/profile/", token: brokenToken, status: 500, contentType: "application/json"},
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, c := range calls {
		t.Run(c.name, func(t *testing.T) {
			srv := a
			if c.app != nil {
				srv = c.app
			}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			var body io.Reader
			if c.body != "" {
				body = strings.NewReader(c.body)
			}
			r, _ := http.NewRequestWithContext(ctx, c.method, srv.srv.URL+c.path, body)
			if c.body != "" {
				r.Header.Set("Content-Type", cmp.Or(c.ctype, "application/json"))
			}
			if c.token != "" {
				r.Header.Set("Authorization", "Bearer "+c.token)
			}
			res, err := client.Do(r)
			if err != nil {
				t.Fatal(err)
			}
			var b []byte
			if c.contentType != "text/event-stream" {
				b, _ = io.ReadAll(res.Body)
			}
			cancel()
			res.Body.Close()
			if res.StatusCode != c.status || !strings.HasPrefix(res.Header.Get("Content-Type"), c.contentType) {
				t.Fatalf("%d %q %.200s, want %d %s", res.StatusCode, res.Header.Get("Content-Type"), b, c.status, c.contentType)
			}
			for h, want := range map[string]string{
				"X-Content-Type-Options":     "nosniff",
				"X-Frame-Options":            "DENY",
				"Referrer-Policy":            "strict-origin-when-cross-origin",
				"Cross-Origin-Opener-Policy": "same-origin",
				"Permissions-Policy":         "camera=(), microphone=(), geolocation=()",
				"Strict-Transport-Security":  "max-age=31536000; includeSubDomains",
			} {
				if got := res.Header.Get(h); got != want {
					t.Errorf("%s: %q, want %q", h, got, want)
				}
			}
			csp := res.Header.Get("Content-Security-Policy")
			for _, d := range []string{"default-src 'self'", "script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"} {
				if !strings.Contains(csp, d) {
					t.Errorf("Content-Security-Policy %q lacks %s", csp, d)
				}
			}
			if strings.Contains(csp, "unsafe-eval") || strings.Contains(csp, "script-src 'self' 'unsafe-inline'") {
				t.Errorf("Content-Security-Policy %q allows scripts it must not", csp)
			}
			if res.Header.Get("X-Request-Id") == "" {
				t.Error("no X-Request-Id")
			}
			if c.status == 500 {
				var got map[string]string
				if json.Unmarshal(b, &got) != nil || len(got) != 1 || got["detail"] != "خطایی در سرور رخ داد. لطفاً دوباره تلاش کنید." {
					t.Errorf("a 500 shows more than the generic message: %s", b)
				}
			}
		})
	}
}

// TestNULText sends text with a NUL byte through the query, a JSON body, a
// form, a path and a file name: both databases refuse it alike (PostgreSQL
// cannot store it and answered 500).
func TestNULText(t *testing.T) {
	t.Parallel() // a database of its own
	each(t, func(t *testing.T, a *app) {
		s := a.register("sara", zabano.RoleStudent, "09121000501")
		for _, tc := range []struct {
			name   string
			rq     req
			status int
		}{
			{"search", req{method: "GET", path: "/api/teachers/list/?q=a%00b", token: s}, 400},
			{"language filter", req{method: "GET", path: "/api/teachers/list/?language=%00", token: s}, 400},
			{"JSON text", req{method: "POST", path: "/api/notes/", token: s, body: []byte(`{"title":"a\u0000b"}`)}, 400},
			{"form text", req{method: "POST", path: "/api/student/profile/", token: s, body: "bio=a%00b"}, 400},
			{"username at login", req{method: "POST", path: "/api/token/", body: map[string]string{"username": "sara\x00", "password": "secret1"}}, 400},
			{"authority", req{method: "POST", path: "/panel-api/api/payment/verify/", token: s, body: map[string]string{"authority": "S\x00"}}, 400},
		} {
			t.Run(tc.name, func(t *testing.T) {
				if r := a.do(tc.rq); r.status != tc.status {
					t.Fatalf("%d %s, want %d", r.status, r.body, tc.status)
				}
			})
		}
		if r := a.page("GET", "/sandbox/pay/S%00", ""); r.status != 404 {
			t.Fatalf("sandbox page of a NUL authority: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "GET", path: "/api/notes/", token: s}); string(r.body) != "[]\n" {
			t.Fatalf("a note was stored: %s", r.body)
		}
	})
}
