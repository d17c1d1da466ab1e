package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/media"
	"github.com/zabano/zabano/payment"
	"github.com/zabano/zabano/realtime"
	"github.com/zabano/zabano/sms"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// The fuzz tests run their seeds in every `go test`; `go test -fuzz=FuzzX`
// explores further. Each asserts what must hold for any input: no panic,
// no internal error, and results of the right form.

// Content types the fuzzed bodies are sent with.
const fuzzBoundary = "B0undary"

var fuzzContentTypes = []string{
	"application/json",
	"application/x-www-form-urlencoded",
	"multipart/form-data; boundary=" + fuzzBoundary,
	"text/plain",
	"",
}

func fuzzRequest(method, target string, ctype uint8, body []byte) *http.Request {
	r := httptest.NewRequest(method, target, bytes.NewReader(body))
	if ct := fuzzContentTypes[int(ctype)%len(fuzzContentTypes)]; ct != "" {
		r.Header.Set("Content-Type", ct)
	}
	return r
}

// multipartSeed is a multipart body with the fuzz boundary.
func multipartSeed(fields map[string]string, files ...[3]string) []byte {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	w.SetBoundary(fuzzBoundary)
	for k, v := range fields {
		w.WriteField(k, v)
	}
	for _, f := range files { // field, name, content
		part, _ := w.CreateFormFile(f[0], f[1])
		part.Write([]byte(f[2]))
	}
	w.Close()
	return buf.Bytes()
}

// checkDecodeError fails t unless err is nil or an invalid-input error.
func checkDecodeError(t *testing.T, err error) {
	t.Helper()
	var e *zabano.Error
	if err != nil && (!errors.As(err, &e) || e.Code != zabano.EINVALID || e.Message.En == "" || e.Message.Fa == "") {
		t.Fatalf("decode error %v is not an invalid-input error with both texts", err)
	}
}

// FuzzDecode feeds any body, as any content type, to decode, with every kind
// of field the handlers decode into.
func FuzzDecode(f *testing.F) {
	for _, seed := range []struct {
		ctype uint8
		body  string
	}{
		{0, `{"phone":"09121234567","amount":"۱۰٬۰۰۰","language":17,"metadata":{"mobile":"0912"},"approve":true,"days":[1,2]}`},
		{0, `{"amount":1e400,"language":[1],"metadata":"{\"email\":\"x\"}"}`},
		{0, `{"phone":`},
		{0, `{"title":"a\u0000b"}`},
		{1, "phone=%2B98+912&amount=1%2C000&metadata=%7B%22mobile%22%3A%220912%22%7D&approve=true"},
		{1, "a=%zz"},
		{2, string(multipartSeed(map[string]string{"phone": "0912", "language": "17"}, [3]string{"phone", "x.txt", "0912"}))},
		{2, "--" + fuzzBoundary + "\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n" + strings.Repeat("x", 70000) + "\r\n--" + fuzzBoundary + "--\r\n"},
		{3, `{"phone":"1"}`},
	} {
		f.Add(seed.ctype, []byte(seed.body))
	}
	f.Fuzz(func(t *testing.T, ctype uint8, body []byte) {
		var dst struct {
			Phone    string                      `json:"phone"`
			Amount   amountJSON                  `json:"amount"`
			Language flexString                  `json:"language"`
			Metadata formObject[paymentMetadata] `json:"metadata"`
			Approve  *bool                       `json:"approve"`
			Days     []int                       `json:"days"`
			Title    string                      `json:"title"`
		}
		r := fuzzRequest("POST", "/", ctype, body)
		r.Body = http.MaxBytesReader(httptest.NewRecorder(), r.Body, maxBody)
		checkDecodeError(t, decode(r, &dst))
	})
}

// unlimited is an upload store and a limiter that refuse nothing.
type unlimited struct{}

func (unlimited) AddUpload(context.Context, int64, string, int64, int64) error { return nil }
func (unlimited) RemoveUploads(context.Context, ...string) error               { return nil }
func (unlimited) Take(context.Context, string, int, time.Duration) error       { return nil }
func (unlimited) Return(context.Context, string) error                         { return nil }
func (unlimited) Clear(context.Context, string) error                          { return nil }

// FuzzReadUpload feeds any multipart body to readUpload with the teacher
// editor's file fields: whatever happens, no stored file outlives a failed
// read, every stored file has a key of the store's form, and the limits on
// parts and text hold.
func FuzzReadUpload(f *testing.F) {
	png := "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + strings.Repeat("\x00", 100)
	for _, body := range [][]byte{
		multipartSeed(map[string]string{"bio": "hi", "language_levels": `[{"language":"English","levels":["A1"]}]`},
			[3]string{"photo", "me.png", png}, [3]string{"documents", "cv.pdf", "%PDF-1.7\n"}, [3]string{"documents", "x.exe", "MZ"}),
		multipartSeed(nil, [3]string{"photo", "../../x.png", "<html>"}),
		multipartSeed(nil, [3]string{"other", "x.png", png}),
		[]byte("--" + fuzzBoundary + "\r\nContent-Disposition: form-data; name=\"photo\"; filename*=UTF-8''a%00%0D.png\r\n\r\n" + png + "\r\n--" + fuzzBoundary + "--\r\n"),
		[]byte("--" + fuzzBoundary + "\r\n\r\n\r\n--" + fuzzBoundary),
		[]byte("not multipart at all"),
	} {
		f.Add(uint8(2), body)
	}
	f.Add(uint8(0), []byte(`{"bio":"x","language_levels":[{"language":"English"}],"price_per_hour":5}`))
	f.Fuzz(func(t *testing.T, ctype uint8, body []byte) {
		dir := t.TempDir()
		s := &Server{Media: &media.Disk{Dir: dir}, Logger: slog.New(slog.DiscardHandler),
			Uploads: &zabano.Uploads{Store: unlimited{}, Limiter: unlimited{}}}
		r := fuzzRequest("POST", "/", ctype, body)
		r.Body = http.MaxBytesReader(httptest.NewRecorder(), r.Body, maxUploadBody)
		up, err := s.readUpload(r, &zabano.User{ID: 1}, map[string]fileField{
			"photo": {kind: media.Photo}, "documents": {kind: media.Document, many: true},
		})
		stored := 0
		filepath.WalkDir(dir, func(_ string, d fs.DirEntry, _ error) error {
			if d != nil && !d.IsDir() {
				stored++
			}
			return nil
		})
		if err != nil {
			checkDecodeError(t, err) // anything else would answer 500
			if stored != 0 {
				t.Fatalf("%d files stored by a failed read: %v", stored, err)
			}
			return
		}
		n := len(up.fields)
		for field, files := range up.files {
			n += len(files)
			for _, file := range files {
				if !media.ValidKey(file.key) || strings.ContainsAny(file.name, "/\\\x00\r\n") || len(file.name) > maxFileName {
					t.Fatalf("%s: file %q stored as %q", field, file.name, file.key)
				}
			}
		}
		if n > maxFormParts {
			t.Fatalf("%d parts read", n)
		}
		if stored != n-len(up.fields) {
			t.Fatalf("%d files stored, %d reported", stored, n-len(up.fields))
		}
		text := 0
		for _, v := range up.fields {
			text += len(v)
		}
		if text > maxBody && !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			t.Fatalf("%d bytes of text read from a form", text)
		}
	})
}

// FuzzParseLanguageLevels: any text, no panic; what it accepts has levels
// of the scale and whole prices.
func FuzzParseLanguageLevels(f *testing.F) {
	for _, s := range []string{
		`[{"language":"English","levels":["A1","B2"],"regular_price":250000,"exam_price":"300000"}]`,
		`[{"language":"French","levels":[2, "6"],"regular_price":1e3}]`,
		`[{"levels":[7]}]`, `[{"levels":[null]}]`, `[{"regular_price":99999999999999999999}]`, `{}`, `[]`, `null`, ``,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		levels, ok := parseLanguageLevels(text)
		if !ok {
			return
		}
		for _, e := range levels {
			for _, l := range e.Levels {
				if l < 1 || l > 6 {
					t.Fatalf("level %d accepted from %q", l, text)
				}
			}
		}
	})
}

// FuzzFlexString: a JSON string reads as itself, a number as its text, and
// nothing else is accepted.
func FuzzFlexString(f *testing.F) {
	for _, s := range []string{`"17"`, `17`, `-1.5e3`, `"\u0000"`, `null`, `[1]`, `{"a":1}`, `true`, `1e99999`, `"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var v flexString
		err := v.UnmarshalJSON(b)
		var s string
		var n json.Number
		switch {
		case json.Unmarshal(b, &s) == nil:
			if err != nil || string(v) != s {
				t.Fatalf("%q read as %q, %v", b, v, err)
			}
		case json.Unmarshal(b, &n) == nil:
			if err != nil || string(v) != n.String() {
				t.Fatalf("%q read as %q, %v", b, v, err)
			}
		case err == nil:
			t.Fatalf("%q accepted as %q", b, v)
		}
	})
}

// FuzzAmount: an amount never fails to decode (bad ones, negative ones
// among them, read as 0, which validation refuses), and digits read as their
// number, however the JSON string writes them.
func FuzzAmount(f *testing.F) {
	for _, s := range []string{`1000`, `"1100"`, `"۱۰٬۰۰۰"`, `"\u06f1\u06f0\u066c\u06f0"`, `"١٢٣"`, `-5`, `1.5`, `"1,000,000"`, `99999999999999999999`, `"a lot"`, `null`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var a amountJSON
		if err := a.UnmarshalJSON(b); err != nil {
			t.Fatalf("%q: %v", b, err)
		}
		digits := strings.Trim(string(b), `"`)
		if n, err := strconv.ParseUint(digits, 10, 63); err == nil && int64(a) != int64(n) {
			t.Fatalf("%q read as %d", b, a)
		}
		var text string
		if json.Unmarshal(b, &text) == nil {
			if n, ok := parseWhole(strings.ReplaceAll(text, " ", "")); ok && int64(a) != n {
				t.Fatalf("%q (the text %q) read as %d, want %d", b, text, a, n)
			}
		}
		if a < 0 {
			t.Fatalf("%q read as %d", b, a)
		}
	})
}

// FuzzParseWhole: what reads as a number writes back as itself.
func FuzzParseWhole(f *testing.F) {
	for _, s := range []string{"300000", "۳۰۰٬۰۰۰", "١٬٢٣٤", "1,000", "-5", "", " 7 ", "9223372036854775808"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, ok := parseWhole(s)
		if !ok {
			return
		}
		if n < 0 {
			t.Fatalf("%q read as %d", s, n)
		}
		if m, ok := parseWhole(strconv.FormatInt(n, 10)); !ok || m != n {
			t.Fatalf("%q read as %d, which reads back as %d %v", s, n, m, ok)
		}
	})
}

// fuzzRoute is a route the handler fuzz calls, as role.
type fuzzRoute struct {
	method, path string
	role         zabano.Role // "" for anonymous
}

// fuzzRoutes are the routes that read a body or a query. Change-password is
// left out: a lucky input would end the fuzz users' tokens.
var fuzzRoutes = []fuzzRoute{
	{"POST", "/api/phone-verify/", ""},
	{"POST", "/api/register/", ""},
	{"POST", "/api/token/", ""},
	{"POST", "/api/auth/reset-password/", ""},
	{"POST", "/api/teacher/profile/", zabano.RoleTeacher},
	{"PATCH", "/api/teacher/profile/", zabano.RoleTeacher},
	{"GET", "/api/teachers/list/", zabano.RoleStudent},
	{"POST", "/api/student/profile/", zabano.RoleStudent},
	{"POST", "/api/student/profile/upload-photo/", zabano.RoleStudent},
	{"POST", "/api/student/language-level/", zabano.RoleStudent},
	{"POST", "/panel-api/api/payment/request/", zabano.RoleStudent},
	{"POST", "/panel-api/api/payment/verify/", zabano.RoleStudent},
	{"POST", "/api/student/wallet/topup/", zabano.RoleStudent},
	{"POST", "/api/teacher/wallet/withdrawals/", zabano.RoleTeacher},
	{"POST", "/sandbox/pay/S1", ""},
	{"POST", "/api/slot/available/", zabano.RoleTeacher},
	{"POST", "/api/slot/available/batch/", zabano.RoleTeacher},
	{"GET", "/api/slot/available/", zabano.RoleTeacher},
	{"GET", "/api/slot/teacher/1/", zabano.RoleStudent},
	{"POST", "/api/slot/booking/", zabano.RoleStudent},
	{"PUT", "/api/slot/cancel/approve/", zabano.RoleTeacher},
	{"GET", "/api/slot/lists/student/", zabano.RoleStudent},
	{"GET", "/api/chats/1/messages/", zabano.RoleStudent},
	{"POST", "/api/chat/create/", zabano.RoleStudent},
	{"POST", "/api/chat/create/", zabano.RoleTeacher},
	{"POST", "/api/messages/send/", zabano.RoleStudent},
	{"POST", "/api/materials/", zabano.RoleTeacher},
	{"PUT", "/api/materials/1/", zabano.RoleTeacher},
	{"GET", "/api/materials/1/file/", ""},
	{"POST", "/api/courses/", zabano.RoleTeacher},
	{"PUT", "/api/courses/1/", zabano.RoleTeacher},
	{"POST", "/api/notes/", zabano.RoleStudent},
	{"PUT", "/api/notes/1/", zabano.RoleStudent},
	{"GET", "/api/student/progress/", zabano.RoleStudent},
	{"POST", "/api/teacher/update-student-level/", zabano.RoleTeacher},
}

// fuzzServer is a server over a real database with a teacher who has a
// priced level, a slot and a material, and a student with a chat, a note and
// a booking, so that the fuzzed ids 1 lead somewhere.
type fuzzServer struct {
	dialect string
	handler http.Handler
	token   map[zabano.Role]string
}

func newFuzzServer(f *testing.F, dialect string) *fuzzServer {
	clock := storetest.NewClock(time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC))
	db := storetest.Open(f, dialect)
	db.Now = clock.Now
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	outbox := &sms.Log{Logger: logger, Now: clock.Now}
	sandbox := &payment.Sandbox{Store: db, PageURL: "https://zabano.test/sandbox/pay/"}
	s := &Server{
		Teachers: db, Students: db, Media: &media.Disk{Dir: f.TempDir()}, Reviews: db, Chats: db, MessagesPerMinute: 1 << 30,
		Materials: db, Progress: db, FileKey: []byte("file-key"), LedgerCounts: db.LedgerCounts, PaymentCounts: db.PaymentCounts,
		Notifier: realtime.NewLocal(), Streams: StreamLimits{PerUser: 5, PerProcess: 1 << 30, Lifetime: time.Hour},
		Uploads: &zabano.Uploads{Store: db, Limiter: db, StudentQuota: 1 << 40, TeacherQuota: 1 << 40, PerHour: 1 << 30},
		Accounts: &zabano.Accounts{
			Users: db, Codes: db, Limiter: db, SMS: outbox,
			Tokens:  &zabano.Tokens{Secret: []byte("test-secret"), Now: clock.Now},
			CodeKey: []byte("code-key"), CodesPerIP: 1 << 30, LoginFailsPerIP: 1 << 30, PasswordChangesPerUser: 1 << 30, Now: clock.Now,
		},
		Bookings: &zabano.Bookings{Store: db, MeetingURL: zabano.DefaultMeetingURL, MaxFreeSlots: zabano.DefaultMaxFreeSlots,
			FreeCancel: zabano.DefaultFreeCancel, Now: clock.Now},
		Wallets: &zabano.Wallets{Store: db, Adjustments: db, Now: clock.Now},
		Payments: &zabano.Payments{Store: db, Wallets: db, Gateway: sandbox, Limiter: db,
			CallbackURL: "https://zabano.test/payment/callback", Logger: logger, Now: clock.Now},
		Sandbox: sandbox, Now: clock.Now, Ping: db.Ping,
		Outbox: outbox, Web: fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}},
		PublicURL: "https://zabano.test", Logger: logger,
	}
	fs := &fuzzServer{dialect: dialect, handler: s.Handler(), token: map[zabano.Role]string{}}
	call := func(method, path, token string, body any) map[string]any {
		b, _ := json.Marshal(body)
		r := httptest.NewRequest(method, path, bytes.NewReader(b))
		r.Header.Set("Content-Type", "application/json")
		if token != "" {
			r.Header.Set("Authorization", "Bearer "+token)
		}
		w := httptest.NewRecorder()
		fs.handler.ServeHTTP(w, r)
		if w.Code >= 300 {
			f.Fatalf("set-up %s %s: %d %s", method, path, w.Code, w.Body)
		}
		var m map[string]any
		json.Unmarshal(w.Body.Bytes(), &m)
		return m
	}
	for i, role := range []zabano.Role{zabano.RoleTeacher, zabano.RoleStudent} {
		phone := fmt.Sprintf("0912000000%d", i)
		call("POST", "/api/phone-verify/", "", map[string]string{"phone": phone})
		call("POST", "/api/register/", "", map[string]any{"username": string(role) + "1", "password": "secret1", "role": role,
			"phone": phone, "code": outbox.Outbox(phone)[0].Code})
		fs.token[role] = call("POST", "/api/token/", "", map[string]string{"username": string(role) + "1", "password": "secret1"})["access"].(string)
	}
	teacher, student := fs.token[zabano.RoleTeacher], fs.token[zabano.RoleStudent]
	call("PUT", "/api/teacher/profile/", teacher, map[string]any{"language_levels": []map[string]any{{"language": "English", "levels": []string{"A1"}, "regular_price": 1000}}})
	if err := db.PostTransaction(context.Background(), zabano.Transfer(zabano.TxTopUp, zabano.GatewayAccount, zabano.WalletOf(2), 1_000_000, "fuzz")); err != nil {
		f.Fatal(err)
	}
	from := clock.Now().Add(24 * time.Hour)
	call("POST", "/api/slot/available/", teacher, map[string]any{"start": from, "end": from.Add(time.Hour)})
	call("POST", "/api/slot/booking/", student, map[string]any{"slot": 1, "level_price": 1})
	call("POST", "/api/materials/", teacher, map[string]string{"title": "m", "material_type": "class_link", "link_url": "https://x.example"})
	call("POST", "/api/chat/create/", student, map[string]any{"teacher_id": 1})
	call("POST", "/api/notes/", student, map[string]string{"title": "n"})
	call("POST", "/api/courses/", teacher, map[string]any{"title": "c", "days": []int{1}, "startTime": "10:00"})
	return fs
}

// FuzzHandlers sends any body, as any content type, with any query, to
// every route that reads one, as its role, on every test database: no
// answer is an internal error, and every API answer is JSON, errors with
// a detail.
func FuzzHandlers(f *testing.F) {
	var servers []*fuzzServer
	for _, dialect := range storetest.Dialects() {
		servers = append(servers, newFuzzServer(f, dialect))
	}
	for i := range fuzzRoutes {
		for _, seed := range []struct {
			ctype uint8
			body  string
		}{
			{0, `{"phone":"09121234567","username":"u","password":"secret1","role":"student","code":"123456","amount":"5000",
				"authority":"S1","slot":1,"level_price":1,"teacher_id":1,"student_id":2,"chat_id":1,"content":"hi","title":"t",
				"material_type":"class_link","link_url":"https://x.example","days":[1],"startTime":"10:00","level":"B1","language":"English",
				"start":"2026-12-01T10:00:00Z","end":"2026-12-01T11:00:00Z","approve":true,"iban":"IR062960000000100324200001",
				"plan":{"weeks":1,"days":[1],"start_time":"10:00","end_time":"12:00","duration":60,"start_date":"2026-12-01"}}`},
			{0, `{"title":"a\u0000b","q":"\u0000","amount":-1e999,"slot":"1e3","days":[99,-1],"start":"0001-01-01T00:00:00Z"}`},
			{1, "status=OK&amount=%DB%B1%DB%B0%DB%B0%DB%B0&bio=x&language_levels=%5B%7B%22language%22%3A%22English%22%7D%5D"},
			{2, string(multipartSeed(map[string]string{"bio": "b", "title": "t", "material_type": "note"},
				[3]string{"photo", "me.png", "\x89PNG\r\n\x1a\n"}, [3]string{"file", "f.pdf", "%PDF-1.7"}, [3]string{"profile_photo", "p.png", "<svg/>"}))},
			{3, "\x00\xff"},
		} {
			f.Add(uint8(i), seed.ctype, []byte(seed.body), "q=%00&page=0&page_size=101&tz=Local&sort=x&before=-1&limit=abc&id=1&u=1&exp=1&sig=00")
		}
	}
	f.Fuzz(func(t *testing.T, route, ctype uint8, body []byte, query string) {
		rt := fuzzRoutes[int(route)%len(fuzzRoutes)]
		for _, s := range servers {
			r := fuzzRequest(rt.method, "/", ctype, body)
			r.URL.Path, r.URL.RawQuery, r.RequestURI = rt.path, query, ""
			if rt.role != "" {
				r.Header.Set("Authorization", "Bearer "+s.token[rt.role])
			}
			w := httptest.NewRecorder()
			s.handler.ServeHTTP(w, r)
			if w.Code >= 500 {
				t.Fatalf("%s: %s %s?%s as %q: %d %s", s.dialect, rt.method, rt.path, query, rt.role, w.Code, w.Body)
			}
			if strings.HasPrefix(rt.path, "/api/") || strings.HasPrefix(rt.path, "/panel-api/") {
				var m any
				if !json.Valid(w.Body.Bytes()) && !(w.Code == 200 && rt.path == "/api/materials/1/file/") {
					t.Fatalf("%s %s: %d answer is not JSON: %.200q", rt.method, rt.path, w.Code, w.Body)
				}
				if json.Unmarshal(w.Body.Bytes(), &m); w.Code >= 400 {
					if d, _ := m.(map[string]any)["detail"].(string); d == "" {
						t.Fatalf("%s %s: %d without a detail: %s", rt.method, rt.path, w.Code, w.Body)
					}
				}
			}
		}
	})
}
