package httpapi_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/zabano/zabano/httpapi"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

func TestRouting(t *testing.T) {
	a := newApp(t, storetest.Open(t, "sqlite"))
	for _, tc := range []struct {
		name, method, path, lang string
		status                   int
		want                     string // in the body
		cache                    string
	}{
		{"unknown API path is JSON 404", "GET", "/api/nothing/", "en", 404, `{"detail":"Not found."}`, ""},
		{"unknown API path in Persian", "GET", "/api/nothing/", "fa", 404, `{"detail":"یافت نشد."}`, ""},
		{"API path never falls back to the page", "GET", "/api/", "en", 404, `"detail"`, ""},
		{"wrong method is JSON 405", "DELETE", "/api/profile/", "en", 405, `{"detail":"This method is not allowed here."}`, ""},
		{"GET of a POST route", "GET", "/api/token/", "en", 405, `"detail"`, ""},
		{"page route gets index.html", "GET", "/student/dashboard", "en", 200, "<title>Zabano</title>", "no-cache"},
		{"unknown page gets index.html", "GET", "/no/such/page", "en", 200, "<title>Zabano</title>", "no-cache"},
		{"root", "GET", "/", "en", 200, "<title>Zabano</title>", "no-cache"},
		{"hashed asset cached for a year", "GET", "/assets/app-abc.js", "en", 200, "console.log", "public, max-age=31536000, immutable"},
		{"other file revalidated", "GET", "/boot.js", "en", 200, "//", "no-cache"},
		{"no listing of the assets", "GET", "/assets/", "en", 404, "not found", ""},
		{"page with POST", "POST", "/login", "en", 405, "Method Not Allowed", ""},
		{"health", "GET", "/healthz", "en", 200, `"ok"`, ""},
		{"ready", "GET", "/readyz", "en", 200, `"ok"`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := a.do(req{method: tc.method, path: tc.path, lang: tc.lang})
			if r.status != tc.status || !strings.Contains(string(r.body), tc.want) {
				t.Fatalf("got %d %s, want %d with %s", r.status, r.body, tc.status, tc.want)
			}
			if tc.cache != "" && r.header.Get("Cache-Control") != tc.cache {
				t.Fatalf("Cache-Control %q, want %q", r.header.Get("Cache-Control"), tc.cache)
			}
			for _, h := range []string{"Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options", "Strict-Transport-Security"} {
				if r.header.Get(h) == "" {
					t.Errorf("no %s header", h)
				}
			}
			csp := r.header.Get("Content-Security-Policy")
			for _, d := range []string{"object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "script-src 'self'"} {
				if !strings.Contains(csp, d) {
					t.Errorf("CSP %q lacks %s", csp, d)
				}
			}
			if r.header.Get("X-Request-Id") == "" {
				t.Error("no request id")
			}
		})
	}
}

func TestBodyLimit(t *testing.T) {
	a := newApp(t, storetest.Open(t, "sqlite"))
	big := `{"phone":"` + strings.Repeat("1", 2<<20) + `"}`
	r := a.do(req{method: "POST", path: "/api/phone-verify/", body: []byte(big)})
	if r.status != 400 || r.json(t)["detail"] != "The request is too large." {
		t.Fatalf("got %d %.200s", r.status, r.body)
	}
}

func TestLanguage(t *testing.T) {
	a := newApp(t, storetest.Open(t, "sqlite"))
	for header, want := range map[string]string{
		"en-US,en;q=0.9":     "Not found.",
		"fa-IR":              "یافت نشد.",
		"de-DE, en;q=0.5":    "Not found.",
		"de-DE":              "یافت نشد.",
		"fa;q=0.9, en;q=.8":  "یافت نشد.",
		"en;q=0.1, fa;q=0.9": "یافت نشد.",
		"fa;q=0":             "Not found.",
	} {
		r := a.do(req{method: "GET", path: "/api/x/", lang: header})
		if got := r.json(t)["detail"]; got != want {
			t.Errorf("Accept-Language %q: %q, want %q", header, got, want)
		}
	}
}

func TestReadyWhenDatabaseDown(t *testing.T) {
	db := storetest.Open(t, "sqlite")
	a := newApp(t, db)
	db.Close()
	if r := a.do(req{method: "GET", path: "/readyz"}); r.status != 503 {
		t.Fatalf("readyz with the database closed: %d", r.status)
	}
	if r := a.do(req{method: "GET", path: "/healthz"}); r.status != 200 {
		t.Fatalf("healthz: %d", r.status)
	}
	var _ *sqlstore.DB = db
}

// TestMetrics: the metrics are served by their own handler, for a private
// address; the app's handler does not show them. Names follow Prometheus'
// conventions, and series whose labels are known start at zero.
func TestMetrics(t *testing.T) {
	var srv *httpapi.Server
	a := newApp(t, storetest.Open(t, "sqlite"), func(s *httpapi.Server) { srv = s; s.Version = "v1.2.3-4-gabcdef" })
	metrics := httptest.NewServer(srv.MetricsHandler())
	t.Cleanup(metrics.Close)
	scrape := func() string {
		t.Helper()
		res, err := http.Get(metrics.URL + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return string(b)
	}

	// Before any request or payment.
	body := scrape()
	for _, want := range []string{
		`zabano_build_info{version="v1.2.3-4-gabcdef"} 1`,
		"# TYPE zabano_ledger_transactions_total counter",
		`zabano_ledger_transactions_total{type="topup"} 0`,
		`zabano_ledger_transactions_total{type="class_payment"} 0`,
		"# TYPE zabano_payments gauge",
		`zabano_payments{status="paid"} 0`,
		`zabano_http_request_duration_seconds_count{method="GET",route="/api/profile/{$}"} 0`,
		`zabano_event_streams 0`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("at the start, metrics lack %s", want)
		}
	}

	s := newSchool(t, a) // two top-ups in the ledger
	a.do(req{method: "GET", path: "/api/profile/", token: s.sara})
	a.do(req{method: "GET", path: "/api/nothing/"})
	a.openStream(t, s.sara, "") // one open stream
	if r := a.do(req{method: "GET", path: "/metrics"}); r.status != 404 || strings.Contains(string(r.body), "zabano_") {
		t.Fatalf("the app's /metrics: %d %s, want 404", r.status, r.body)
	}
	body = scrape()
	for _, want := range []string{
		`zabano_http_requests_total{code="200",method="GET",route="/api/profile/{$}"} 1`,
		`zabano_http_requests_total{code="404",method="GET",route="/api/"} 1`,
		`zabano_http_request_duration_seconds_count{method="POST",route="/api/register/{$}"} 4`,
		`zabano_ledger_transactions_total{type="topup"} 2`,
		`zabano_ledger_transactions_total{type="refund"} 0`,
		`zabano_event_streams 1`,
		`go_goroutines`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	for _, old := range []string{`route="GET `, "zabano_ledger_transactions{"} {
		if strings.Contains(body, old) {
			t.Errorf("metrics still show %s", old)
		}
	}
	if t.Failed() {
		t.Log(body)
	}
}
