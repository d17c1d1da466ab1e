package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/httpapi"
	"github.com/zabano/zabano/mail"
	"github.com/zabano/zabano/media"
	"github.com/zabano/zabano/payment"
	"github.com/zabano/zabano/realtime"
	"github.com/zabano/zabano/sms"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// Tests register many users: cheap password hashes keep them fast under the
// race detector. The cost is a parameter; the code path is the same.
func init() { zabano.PasswordCost = zabano.Argon2{Time: 1, Memory: 64, Threads: 1} }

// contract is docs/openapi.yaml, loaded once; every answer a test receives is
// checked against it.
var contract = sync.OnceValues(func() (routers.Router, error) {
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromFile("../docs/openapi.yaml")
	if err != nil {
		return nil, err
	}
	if err := doc.Validate(loader.Context); err != nil {
		return nil, err
	}
	return gorillamux.NewRouter(doc)
})

// app is a running server over a real database, with a settable clock.
type app struct {
	t        *testing.T
	srv      *httptest.Server
	clock    *storetest.Clock
	outbox   *sms.Log
	notifier *realtime.Local
	db       *sqlstore.DB
	mediaDir string
	// mail is the dev mail outbox.
	mail *mail.Outbox
}

// countFiles counts the files below dir.
func countFiles(dir string) int {
	n := 0
	filepath.WalkDir(dir, func(_ string, d fs.DirEntry, _ error) error {
		if d != nil && !d.IsDir() {
			n++
		}
		return nil
	})
	return n
}

var start = time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)

// web is the stand-in for the built web app.
var web = fstest.MapFS{
	"index.html":        {Data: []byte("<!doctype html><title>Zabano</title>")},
	"assets/app-abc.js": {Data: []byte("console.log(1)")},
	"boot.js":           {Data: []byte("//")},
}

// newApp serves the app over db; opts may change the server before it starts.
func newApp(t *testing.T, db *sqlstore.DB, opts ...func(*httpapi.Server)) *app {
	t.Helper()
	clock := storetest.NewClock(start)
	db.Now = clock.Now
	mediaDir := t.TempDir()
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	outbox := &sms.Log{Logger: logger, Now: clock.Now}
	notifier := realtime.NewLocal()
	sandbox := &payment.Sandbox{Store: db, PageURL: "https://zabano.test/sandbox/pay/"}
	mailbox := &mail.Outbox{Logger: logger}
	links := emailLinks(clock.Now)
	s := &httpapi.Server{
		Teachers: db,
		Students: db,
		Media:    &media.Disk{Dir: mediaDir},
		Uploads:  &zabano.Uploads{Store: db, Limiter: db, StudentQuota: 50 << 20, TeacherQuota: 1 << 30, PerHour: 60},
		Bookings: &zabano.Bookings{
			Store: db, MeetingURL: zabano.DefaultMeetingURL, MaxFreeSlots: zabano.DefaultMaxFreeSlots,
			FreeCancel: zabano.DefaultFreeCancel, Now: clock.Now,
		},
		Reviews:       db,
		Operators:     db,
		People:        &zabano.People{Store: db, Now: clock.Now},
		Auditor:       db,
		Settings:      &zabano.Settings{Store: db},
		Chats:         db,
		Materials:     db,
		Progress:      db,
		Calendars:     db,
		FileKey:       []byte("file-key"),
		LedgerCounts:  db.LedgerCounts,
		PaymentCounts: db.PaymentCounts,
		Notifier:      notifier,
		Streams:       httpapi.StreamLimits{PerUser: 5, PerProcess: 10_000, Lifetime: 30 * time.Minute},
		Accounts: &zabano.Accounts{
			Users: db, Codes: db, Limiter: db, SMS: outbox,
			Tokens:          &zabano.Tokens{Secret: []byte("test-secret"), Now: clock.Now},
			CodeKey:         []byte("code-key"),
			CodesPerIP:      30,
			LoginFailsPerIP: 20,
			Now:             clock.Now,
			// As in production.
			PasswordChangesPerUser: 5,
			SignedIn:               zabano.NewSignedIn(),
		},
		Wallets:       &zabano.Wallets{Store: db, Adjustments: db, Now: clock.Now},
		Notifications: &zabano.Notifications{Store: db, Deliveries: db},
		Payments: &zabano.Payments{
			Store: db, Wallets: db, Gateway: sandbox, Limiter: db,
			CallbackURL: "https://zabano.test/payment/callback", Logger: logger, Now: clock.Now,
		},
		Sandbox:    sandbox,
		Now:        clock.Now,
		Ping:       db.Ping,
		Outbox:     outbox,
		Web:        web,
		PublicURL:  "https://zabano.test",
		TrustProxy: true,
		Logger:     logger,
		// Limits as in production.
		MessagesPerMinute: 30,
		MailOutbox:        mailbox,
		Emails: &zabano.Emails{
			Store: db, Limiter: db, Links: links, Logger: logger,
			Sender: &mail.Sender{Transport: mailbox, Links: links, Now: clock.Now},
		},
	}
	// As in production, the public teacher reads are answered from the
	// cache, which every change of the store reaches.
	s.Cache = httpapi.NewResponseCache()
	db.OnTeacherChange = s.Cache.Changed
	db.OnUsersChange = s.Accounts.SignedIn.Changed
	for _, opt := range opts {
		opt(s)
	}
	db.OnEvents = s.Notifier.Publish
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	return &app{t: t, srv: srv, clock: clock, outbox: outbox, notifier: notifier, db: db, mediaDir: mediaDir, mail: mailbox}
}

// req is one call: headers beyond the defaults go in header.
type req struct {
	method, path, token string
	body                any // JSON-encoded; a string is sent as a form, []byte as raw JSON, multipartBody as it is
	lang, ip            string
	// ifNoneMatch is sent as If-None-Match, for the cached answers' ETags.
	ifNoneMatch string
}

type resp struct {
	status int
	header http.Header
	body   []byte
}

func (r resp) json(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.body, &m); err != nil {
		t.Fatalf("body %q is not a JSON object: %v", r.body, err)
	}
	return m
}

// field returns the first message of field in an error body.
func (r resp) field(t *testing.T, name string) string {
	t.Helper()
	msgs, _ := r.json(t)[name].([]any)
	if len(msgs) == 0 {
		t.Fatalf("no %q error in %s", name, r.body)
	}
	return msgs[0].(string)
}

func (a *app) do(rq req) resp {
	a.t.Helper()
	var body io.Reader
	ctype := ""
	switch b := rq.body.(type) {
	case nil:
	case string:
		body, ctype = strings.NewReader(b), "application/x-www-form-urlencoded"
	case []byte:
		body, ctype = bytes.NewReader(b), "application/json"
	case multipartBody:
		body, ctype = bytes.NewReader(b.data), b.ctype
	default:
		j, err := json.Marshal(b)
		if err != nil {
			a.t.Fatal(err)
		}
		body, ctype = bytes.NewReader(j), "application/json"
	}
	r, err := http.NewRequest(rq.method, a.srv.URL+rq.path, body)
	if err != nil {
		a.t.Fatal(err)
	}
	if ctype != "" {
		r.Header.Set("Content-Type", ctype)
	}
	if rq.token != "" {
		r.Header.Set("Authorization", "Bearer "+rq.token)
	}
	lang := rq.lang
	if lang == "" {
		lang = "en"
	}
	r.Header.Set("Accept-Language", lang)
	if rq.ip != "" {
		r.Header.Set("X-Forwarded-For", rq.ip)
	}
	if rq.ifNoneMatch != "" {
		r.Header.Set("If-None-Match", rq.ifNoneMatch)
	}
	res, err := http.DefaultClient.Do(r)
	if err != nil {
		a.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		a.t.Fatal(err)
	}
	checkContract(a.t, r, res, b)
	return resp{status: res.StatusCode, header: res.Header, body: b}
}

// checkContract fails t when the answer to an API route is not what
// docs/openapi.yaml says, including a status it does not list. Paths outside
// the contract may only answer 404 or 405 (or be the web app).
func checkContract(t *testing.T, r *http.Request, res *http.Response, body []byte) {
	t.Helper()
	router, err := contract()
	if err != nil {
		t.Fatalf("docs/openapi.yaml: %v", err)
	}
	route, params, err := router.FindRoute(r)
	if err != nil {
		if strings.HasPrefix(r.URL.Path, "/api/") && res.StatusCode != 404 && res.StatusCode != 405 {
			t.Errorf("%s %s answered %d but is not in docs/openapi.yaml", r.Method, r.URL.Path, res.StatusCode)
		}
		return
	}
	err = openapi3filter.ValidateResponse(context.Background(), &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: r, PathParams: params, Route: route},
		Status:                 res.StatusCode,
		Header:                 res.Header,
		Body:                   io.NopCloser(bytes.NewReader(body)),
		Options:                &openapi3filter.Options{IncludeResponseStatus: true},
	})
	var schemaErr *openapi3.SchemaError
	if err != nil {
		if errors.As(err, &schemaErr) {
			t.Errorf("%s %s %d: answer breaks the contract at %v: %s\nbody: %s", r.Method, r.URL.Path, res.StatusCode, schemaErr.JSONPointer(), schemaErr.Reason, body)
		} else {
			t.Errorf("%s %s %d: %v\nbody: %s", r.Method, r.URL.Path, res.StatusCode, err, body)
		}
	}
}

// code sends a code to phone and reads it from the dev outbox.
func (a *app) code(phone string) string {
	a.t.Helper()
	if r := a.do(req{method: "POST", path: "/api/phone-verify/", body: map[string]string{"phone": phone}}); r.status != 200 {
		a.t.Fatalf("phone-verify: %d %s", r.status, r.body)
	}
	p, _ := zabano.NormalizePhone(phone)
	return a.outbox.Outbox(p)[0].Code
}

// register opens an account and returns a token for it.
func (a *app) register(username string, role zabano.Role, phone string) string {
	a.t.Helper()
	r := a.do(req{method: "POST", path: "/api/register/", body: map[string]any{
		"username": username, "password": "secret1", "role": role, "phone": phone, "code": a.code(phone),
	}})
	if r.status != 201 {
		a.t.Fatalf("register %s: %d %s", username, r.status, r.body)
	}
	return a.login(username, "secret1")
}

// operatorPassword is every test operator's.
const operatorPassword = "operator-secret"

// operator creates an operator and signs them in with the code sent to their
// phone, as the console does, and returns the token.
func (a *app) operator(username, phone string) string {
	a.t.Helper()
	u, err := zabano.NewOperator(username, phone, operatorPassword)
	if err != nil {
		a.t.Fatal(err)
	}
	if err := a.db.CreateOperator(context.Background(), u); err != nil {
		a.t.Fatal(err)
	}
	return a.signInOperator(username, u.Phone)
}

// signInOperator signs the operator username in, phone being where their code goes.
func (a *app) signInOperator(username, phone string) string {
	a.t.Helper()
	body := map[string]string{"username": username, "password": operatorPassword, "role": "admin"}
	if r := a.do(req{method: "POST", path: "/api/token/", body: body}); r.status != 202 {
		a.t.Fatalf("operator %s: %d %s", username, r.status, r.body)
	}
	body["code"] = a.outbox.Outbox(phone)[0].Code
	r := a.do(req{method: "POST", path: "/api/token/", body: body})
	if r.status != 200 {
		a.t.Fatalf("operator %s with code: %d %s", username, r.status, r.body)
	}
	return r.json(a.t)["access"].(string)
}

func (a *app) login(username, password string) string {
	a.t.Helper()
	r := a.do(req{method: "POST", path: "/api/token/", body: map[string]string{"username": username, "password": password}})
	if r.status != 200 {
		a.t.Fatalf("login %s: %d %s", username, r.status, r.body)
	}
	return r.json(a.t)["access"].(string)
}

// each runs fn with a fresh app on every test database.
func each(t *testing.T, fn func(t *testing.T, a *app)) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) { fn(t, newApp(t, db)) })
}

// multipartBody is a multipart/form-data request body.
type multipartBody struct {
	ctype string
	data  []byte
}

// formFile is a file part of a multipart body.
type formFile struct {
	field, name string
	data        []byte
}

func multipartOf(t *testing.T, fields map[string]string, files ...formFile) multipartBody {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		w.WriteField(k, v)
	}
	for _, f := range files {
		part, err := w.CreateFormFile(f.field, f.name)
		if err != nil {
			t.Fatal(err)
		}
		part.Write(f.data)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return multipartBody{ctype: w.FormDataContentType(), data: buf.Bytes()}
}

// Heads of real file formats, padded to size.
func fileOf(head string, size int) []byte {
	b := make([]byte, size)
	copy(b, head)
	return b
}

const (
	pngHead = "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"
	pdfHead = "%PDF-1.7\n"
	mp4Head = "\x00\x00\x00\x20ftypisom\x00\x00\x02\x00"
)
