package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// Tests register many users: cheap password hashes keep them fast under the
// race detector. The cost is a parameter; the code path is the same.
func init() { zabano.PasswordCost = zabano.Argon2{Time: 1, Memory: 64, Threads: 1} }

// addrWriter hands over the address the server prints when it listens.
type addrWriter struct {
	once sync.Once
	addr chan string
}

var servingRE = regexp.MustCompile(`serving (http://\S+)`)

func (w *addrWriter) Write(b []byte) (int, error) {
	if m := servingRE.FindSubmatch(b); m != nil {
		w.once.Do(func() { w.addr <- string(m[1]) })
	}
	return len(b), nil
}

// boot runs the server with env on :0 and returns its base URL; it stops when t ends.
func boot(t *testing.T, env map[string]string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	out := &addrWriter{addr: make(chan string, 1)}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "-addr", "127.0.0.1:0", "-metrics-addr", "127.0.0.1:0"}, func(k string) string { return env[k] }, nil, out, io.Discard)
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve ended with %v", err)
		}
	})
	select {
	case base := <-out.addr:
		return base
	case err := <-done:
		t.Fatalf("serve: %v", err)
	case <-time.After(20 * time.Second):
		t.Fatal("the server did not start")
	}
	return ""
}

type client struct {
	t    *testing.T
	base string
}

func (c client) call(method, path, token string, body any) (int, map[string]any) {
	c.t.Helper()
	b, _ := json.Marshal(body)
	r, _ := http.NewRequest(method, c.base+path, bytes.NewReader(b))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Accept-Language", "en")
	if token != "" {
		r.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(r)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var m map[string]any
	if strings.HasPrefix(string(raw), "[") {
		m = map[string]any{"items": nil}
		var items []any
		json.Unmarshal(raw, &items)
		m["items"] = items
	} else {
		json.Unmarshal(raw, &m)
	}
	return res.StatusCode, m
}

// code asks for a code for phone and reads it from the dev outbox.
func (c client) code(phone string) string {
	c.t.Helper()
	if st, m := c.call("POST", "/api/phone-verify/", "", map[string]string{"phone": phone}); st != 200 {
		c.t.Fatalf("phone-verify: %d %v", st, m)
	}
	st, m := c.call("GET", "/api/dev/sms-outbox/?phone="+phone, "", nil)
	items, _ := m["items"].([]any)
	if st != 200 || len(items) == 0 {
		c.t.Fatalf("outbox: %d %v", st, m)
	}
	return items[0].(map[string]any)["code"].(string)
}

func TestServeWalkthrough(t *testing.T) {
	for _, dialect := range storetest.Dialects() {
		t.Run(dialect, func(t *testing.T) {
			env := map[string]string{"ZABANO_ENV": "dev", "ZABANO_DATA_DIR": t.TempDir()}
			if dialect == "postgres" {
				env["DATABASE_URL"] = storetest.DSN(t, dialect)
			}
			c := client{t, boot(t, env)}
			if st, _ := c.call("GET", "/readyz", "", nil); st != 200 {
				t.Fatalf("readyz: %d", st)
			}
			for _, u := range []struct{ name, role, phone string }{
				{"sara", "student", "09121230001"},
				{"omid", "teacher", "09121230002"},
			} {
				st, m := c.call("POST", "/api/register/", "", map[string]any{
					"username": u.name, "password": "secret1", "role": u.role, "phone": u.phone, "code": c.code(u.phone),
					"meta": map[string]string{"bio": "bio of " + u.name},
				})
				if st != 201 || m["role"] != u.role {
					t.Fatalf("register %s: %d %v", u.name, st, m)
				}
			}
			if st, m := c.call("POST", "/api/token/", "", map[string]string{"username": "omid", "password": "secret1", "role": "student"}); st != 403 ||
				m["detail"] != "Access denied. This login is for students only. Your role is teacher." {
				t.Fatalf("teacher at the student entrance: %d %v", st, m)
			}
			st, m := c.call("POST", "/api/token/", "", map[string]string{"username": "sara", "password": "secret1", "role": "student"})
			if st != 200 {
				t.Fatalf("login: %d %v", st, m)
			}
			token := m["access"].(string)
			if st, m := c.call("GET", "/api/profile/", token, nil); st != 200 || m["username"] != "sara" || m["phone"] != "09121230001" {
				t.Fatalf("profile: %d %v", st, m)
			}
			if st, m := c.call("POST", "/api/auth/reset-password/", "", map[string]string{
				"phone": "09121230001", "code": c.code("09121230001"), "new_password": "a-new-password",
			}); st != 200 {
				t.Fatalf("reset: %d %v", st, m)
			}
			if st, _ := c.call("GET", "/api/profile/", token, nil); st != 401 {
				t.Fatalf("old token after reset: %d", st)
			}
			if st, _ := c.call("POST", "/api/token/", "", map[string]string{"username": "sara", "password": "a-new-password", "role": "student"}); st != 200 {
				t.Fatalf("login with the new password: %d", st)
			}
		})
	}
}

func TestServeRefusesUnsafeProd(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  map[string]string
		want string
	}{
		{"no secret", map[string]string{"ZABANO_ENV": "prod", "KAVENEGAR_API_KEY": "k"}, "ZABANO_SECRET"},
		{"short secret", map[string]string{"ZABANO_SECRET": "short", "KAVENEGAR_API_KEY": "k"}, "at least 32"},
		{"log SMS in prod", map[string]string{"ZABANO_SECRET": strings.Repeat("s", 32), "ZABANO_SMS": "log"}, "ZABANO_SMS=kavenegar"},
		{"no SMS key", map[string]string{"ZABANO_SECRET": strings.Repeat("s", 32)}, "KAVENEGAR_API_KEY"},
		{"bad env", map[string]string{"ZABANO_ENV": "staging"}, "dev or prod"},
		{"sandbox gateway in prod", map[string]string{"ZABANO_GATEWAY": "sandbox", "ZARINPAL_MERCHANT_ID": "m"}, "ZABANO_GATEWAY=zarinpal"},
		{"Zarinpal's sandbox in prod", map[string]string{"ZARINPAL_SANDBOX": "1", "ZARINPAL_MERCHANT_ID": "m"}, "ZARINPAL_SANDBOX"},
		{"no merchant id", map[string]string{}, "ZARINPAL_MERCHANT_ID"},
		{"no merchant id in dev", map[string]string{"ZABANO_ENV": "dev", "ZABANO_GATEWAY": "zarinpal"}, "ZARINPAL_MERCHANT_ID"},
		{"unknown gateway in dev", map[string]string{"ZABANO_ENV": "dev", "ZABANO_GATEWAY": "paypal"}, "unknown payment gateway"},
		{"a dev clock in prod", map[string]string{"ZABANO_DEV_NOW": "2026-11-23T20:10:00Z"}, "ZABANO_DEV_NOW is for dev"},
		{"a malformed dev clock", map[string]string{"ZABANO_ENV": "dev", "ZABANO_DEV_NOW": "Monday evening"}, "ZABANO_DEV_NOW"},
		{"a limit that is not a number", map[string]string{"ZABANO_ENV": "dev", "ZABANO_CODES_PER_IP": "abc"}, `ZABANO_CODES_PER_IP="abc" is not a whole number`},
		{"a switch that is not one", map[string]string{"ZABANO_ENV": "dev", "ZABANO_TRUST_PROXY": "yes"}, `ZABANO_TRUST_PROXY="yes" is not 1 or 0`},
		{"a malformed duration", map[string]string{"ZABANO_ENV": "dev", "ZABANO_STREAM_LIFETIME": "half an hour"}, "ZABANO_STREAM_LIFETIME"},
		{"a limit of zero", map[string]string{"ZABANO_ENV": "dev", "ZABANO_UPLOADS_PER_HOUR": "0"}, "ZABANO_UPLOADS_PER_HOUR must be at least 1"},
		{"an unknown log format", map[string]string{"ZABANO_ENV": "dev", "ZABANO_LOG_FORMAT": "xml"}, "ZABANO_LOG_FORMAT is text or json"},
		{"an unknown SMS driver", map[string]string{"ZABANO_ENV": "dev", "ZABANO_SMS": "pigeon"}, "ZABANO_SMS is log or kavenegar"},
		{"a database that is not PostgreSQL", map[string]string{"ZABANO_ENV": "dev", "DATABASE_URL": "mysql://root@localhost/zabano"}, "DATABASE_URL is a postgres://"},
		{"no mail server in prod", map[string]string{"ZABANO_SECRET": strings.Repeat("s", 32), "KAVENEGAR_API_KEY": "k", "ZARINPAL_MERCHANT_ID": "m"}, "prod needs ZABANO_SMTP_HOST"},
		{"a mail server without a sender", smtpEnv(nil), "needs ZABANO_SMTP_FROM"},
		{"a sender that is not an address", smtpEnv(map[string]string{"ZABANO_SMTP_FROM": "Zabano"}), `ZABANO_SMTP_FROM="Zabano" is not an email address`},
		{"an unknown SMTP TLS mode", smtpEnv(map[string]string{"ZABANO_SMTP_FROM": "z@zabano.ir", "ZABANO_SMTP_TLS": "ssl"}), "ZABANO_SMTP_TLS is starttls, tls or none"},
		{"an SMTP port that is not a number", smtpEnv(map[string]string{"ZABANO_SMTP_PORT": "smtp"}), `ZABANO_SMTP_PORT="smtp" is not a whole number`},
		{"an SMTP port out of range", smtpEnv(map[string]string{"ZABANO_SMTP_FROM": "z@zabano.ir", "ZABANO_SMTP_PORT": "70000"}), "ZABANO_SMTP_PORT must be from 1 to 65535"},
		{"an SMTP password in clear", smtpEnv(map[string]string{"ZABANO_SMTP_FROM": "z@zabano.ir", "ZABANO_SMTP_TLS": "none", "ZABANO_SMTP_USERNAME": "zabano"}), "in clear"},
		{"an SMTP password file that is missing", smtpEnv(map[string]string{"ZABANO_SMTP_PASSWORD_FILE": "/nonexistent/smtp"}), "ZABANO_SMTP_PASSWORD_FILE"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.env["ZABANO_DATA_DIR"] = t.TempDir()
			err := run(context.Background(), []string{"serve"}, func(k string) string { return tc.env[k] }, nil, io.Discard, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error naming %s", err, tc.want)
			}
		})
	}
}

func TestDevOutboxOnlyInDev(t *testing.T) {
	env := map[string]string{
		"ZABANO_ENV": "prod", "ZABANO_DATA_DIR": t.TempDir(), "ZABANO_SECRET": strings.Repeat("s", 32),
		"KAVENEGAR_API_KEY": "k", "ZARINPAL_MERCHANT_ID": "1344b5d4-0048-11e8-94db-005056a205be",
		"ZABANO_SMTP_HOST": "127.0.0.1", "ZABANO_SMTP_FROM": "Zabano <no-reply@zabano.test>",
	}
	c := client{t, boot(t, env)}
	for _, outbox := range []string{"/api/dev/sms-outbox/", "/api/dev/mail-outbox/"} {
		if st, m := c.call("GET", outbox, "", nil); st != 404 {
			t.Fatalf("%s in prod: %d %v", outbox, st, m)
		}
	}
}

// A dev server started with ZABANO_DEV_NOW lives on that day and hour: its
// tokens and classes follow that clock, which tests may still move forward.
func TestDevClockStartsAtTheChosenInstant(t *testing.T) {
	start := time.Date(2026, 11, 23, 20, 10, 0, 0, time.UTC) // a Monday, 23:40 in Tehran
	c := client{t, boot(t, map[string]string{"ZABANO_ENV": "dev", "ZABANO_DATA_DIR": t.TempDir(), "ZABANO_DEV_NOW": start.Format(time.RFC3339)})}
	st, m := c.call("POST", "/api/dev/clock/", "", map[string]int{"advance_seconds": 3600})
	if st != 200 {
		t.Fatalf("clock: %d %v", st, m)
	}
	now, _ := time.Parse(time.RFC3339Nano, m["now"].(string))
	if d := now.Sub(start.Add(time.Hour)); d < 0 || d > time.Minute {
		t.Fatalf("the clock says %v, want an hour after %v", now, start)
	}
}

// TestMetricsAddress: the metrics are served on their own address, which
// the server prints, and not on the app's; "off" serves them nowhere.
func TestMetricsAddress(t *testing.T) {
	serve := func(t *testing.T, metricsAddr string) (base, metrics string) {
		t.Helper()
		ctx, cancel := context.WithCancel(context.Background())
		pr, pw := io.Pipe()
		done := make(chan error, 1)
		env := map[string]string{"ZABANO_ENV": "dev", "ZABANO_DATA_DIR": t.TempDir()}
		go func() {
			done <- run(ctx, []string{"serve", "-addr", "127.0.0.1:0", "-metrics-addr", metricsAddr}, func(k string) string { return env[k] }, nil, pw, io.Discard)
			pw.Close()
		}()
		t.Cleanup(func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("serve ended with %v", err)
			}
		})
		metricsRE := regexp.MustCompile(`metrics on (http://\S+)`)
		sc := bufio.NewScanner(pr)
		for base == "" && sc.Scan() {
			if m := metricsRE.FindStringSubmatch(sc.Text()); m != nil {
				metrics = m[1]
			}
			if m := servingRE.FindStringSubmatch(sc.Text()); m != nil {
				base = m[1]
			}
		}
		go io.Copy(io.Discard, pr)
		if base == "" {
			t.Fatal("the server did not start") // the clean-up reports why
		}
		return base, metrics
	}
	get := func(url string) (int, string) {
		res, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}

	base, metrics := serve(t, "127.0.0.1:0")
	if metrics == "" {
		t.Fatal("the server did not print its metrics address")
	}
	if st, _ := get(base + "/metrics"); st != 404 {
		t.Fatalf("the app's /metrics: %d, want 404", st)
	}
	st, body := get(metrics)
	if st != 200 {
		t.Fatalf("metrics address: %d %s", st, body)
	}
	for _, want := range []string{
		`zabano_http_requests_total{code="404",method="GET",route="/metrics"} 1`,
		`zabano_build_info{version="` + version + `"} 1`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	if _, metrics := serve(t, "off"); metrics != "" {
		t.Fatalf("metrics off, yet served on %s", metrics)
	}
}

func TestCommands(t *testing.T) {
	var out bytes.Buffer
	if err := run(context.Background(), []string{"version"}, func(string) string { return "" }, nil, &out, io.Discard); err != nil || !strings.HasPrefix(out.String(), "zabano ") {
		t.Fatalf("version: %q %v", out.String(), err)
	}
	out.Reset()
	dir := t.TempDir()
	if err := run(context.Background(), []string{"migrate", "-data-dir", dir}, func(string) string { return "" }, nil, &out, io.Discard); err != nil || out.String() != "migrations applied\n" {
		t.Fatalf("migrate: %q %v", out.String(), err)
	}
	if err := run(context.Background(), []string{"frobnicate"}, func(string) string { return "" }, nil, io.Discard, io.Discard); err == nil {
		t.Fatal("an unknown command ran")
	}
	if err := run(context.Background(), nil, func(string) string { return "" }, nil, io.Discard, io.Discard); err == nil {
		t.Fatal("no command ran")
	}
}

// Every command answers -h with its own usage and flags, and succeeds.
func TestCommandHelp(t *testing.T) {
	for cmd, want := range map[string][]string{
		"serve":       {"usage: zabano serve", "-codes-per-ip", "(ZABANO_CODES_PER_IP)", "(DATABASE_URL)"},
		"migrate":     {"usage: zabano migrate", "-database-url"},
		"seed":        {"usage: zabano seed", "-teachers", "-slots-per-teacher"},
		"withdrawals": {"usage: zabano withdrawals", "pay <id>", "reject <id>", "list [pending|paid|rejected|all]", "-database-url"},
		"admin":       {"usage: zabano admin", "create -username NAME -phone PHONE", "disable NAME"},
		"audit":       {"usage: zabano audit", "exits", "-database-url"},
	} {
		var out bytes.Buffer
		if err := run(context.Background(), []string{cmd, "-h"}, func(string) string { return "" }, nil, &out, io.Discard); err != nil {
			t.Fatalf("%s -h: %v", cmd, err)
		}
		for _, w := range want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%s -h lacks %q:\n%s", cmd, w, out.String())
			}
		}
	}
}

func TestSeed(t *testing.T) {
	dir := t.TempDir()
	env := func(k string) string { return map[string]string{"ZABANO_DATA_DIR": dir}[k] }
	var out bytes.Buffer
	if err := run(context.Background(), []string{"seed", "-teachers", "3", "-students", "2"}, env, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "seeded 3 teachers") {
		t.Fatalf("output %q", out.String())
	}
	out.Reset()
	if err := run(context.Background(), []string{"seed"}, env, nil, &out, io.Discard); err != nil || !strings.Contains(out.String(), "nothing seeded") {
		t.Fatalf("second seed: %q %v", out.String(), err)
	}
	c := client{t, boot(t, map[string]string{"ZABANO_ENV": "dev", "ZABANO_DATA_DIR": dir})}
	st, m := c.call("POST", "/api/token/", "", map[string]string{"username": "student2", "password": seedPassword, "role": "student"})
	if st != 200 {
		t.Fatalf("demo student login: %d %v", st, m)
	}
	st, list := c.call("GET", "/api/teachers/list/", m["access"].(string), nil)
	results, _ := list["results"].([]any)
	if st != 200 || list["count"] != 3.0 || len(results) != 3 {
		t.Fatalf("teachers: %d %v", st, list)
	}
	first := results[0].(map[string]any)
	photo, _ := first["photo"].(string)
	if first["price_per_hour"].(float64) < 100000 || len(first["languages"].([]any)) == 0 || photo == "" {
		t.Fatalf("a seeded teacher is not complete: %v", first)
	}
	// Teachers 1 and 2 have reviews of classes of the last days, teacher 3 none.
	rated := 0
	for _, r := range results {
		card := r.(map[string]any)
		if n := card["reviews_count"].(float64); n > 0 {
			rated++
			if rating := card["rating"].(float64); rating < 1 || rating > 5 {
				t.Errorf("%s: rating %v", card["username"], rating)
			}
		} else if card["rating"] != nil {
			t.Errorf("%s: rated %v without reviews", card["username"], card["rating"])
		}
	}
	if rated != 2 {
		t.Errorf("%d teachers rated, want 2", rated)
	}
	// student1's class with teacher3 yesterday has an open problem report.
	_, m = c.call("POST", "/api/token/", "", map[string]string{"username": "student1", "password": seedPassword, "role": "student"})
	req, _ := http.NewRequest("GET", c.base+"/api/slot/lists/student/", nil)
	req.Header.Set("Authorization", "Bearer "+m["access"].(string))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var classes []map[string]any
	json.NewDecoder(res.Body).Decode(&classes)
	res.Body.Close()
	open := 0
	for _, cl := range classes {
		if p, _ := cl["problem"].(map[string]any); p != nil && p["status"] == "open" && p["reason"] == "teacher_absent" {
			open++
		}
	}
	if open != 1 {
		t.Errorf("student1's open problem reports: %d, want 1", open)
	}
	res, err = http.Get(photo)
	if err != nil || res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("seeded photo: %v %v", res, err)
	}
	res.Body.Close()
}

func TestTwoServersOnePostgres(t *testing.T) {
	if os.Getenv("TEST_DATABASE_URL") == "" {
		t.Skip("two processes share a database only on PostgreSQL: set TEST_DATABASE_URL")
	}
	dsn := storetest.DSN(t, "postgres")
	env := func() map[string]string {
		return map[string]string{"ZABANO_ENV": "dev", "ZABANO_DATA_DIR": t.TempDir(), "DATABASE_URL": dsn, "ZABANO_SECRET": strings.Repeat("k", 32)}
	}
	a := client{t, boot(t, env())}
	b := client{t, boot(t, env())}

	register := func(name, role, phone string) (string, int64) {
		st, m := a.call("POST", "/api/register/", "", map[string]any{"username": name, "password": "secret1", "role": role, "phone": phone, "code": a.code(phone)})
		if st != 201 {
			t.Fatalf("register %s: %d %v", name, st, m)
		}
		_, tok := a.call("POST", "/api/token/", "", map[string]string{"username": name, "password": "secret1"})
		return tok["access"].(string), int64(m["id"].(float64))
	}
	student, _ := register("sara", "student", "09121230011")
	teacher, teacherID := register("omid", "teacher", "09121230012")
	_, chat := a.call("POST", "/api/chat/create/", student, map[string]any{"teacher_id": teacherID})

	// The teacher's stream is on server b; the message goes through server a.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r, _ := http.NewRequestWithContext(ctx, "GET", b.base+"/api/events/", nil)
	r.Header.Set("Authorization", "Bearer "+teacher)
	res, err := http.DefaultClient.Do(r)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("stream on b: %v %v", res, err)
	}
	defer res.Body.Close()
	got := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "data: ") && strings.Contains(sc.Text(), "across processes") {
				got <- sc.Text()
				return
			}
		}
	}()
	sent := time.Now()
	if st, m := a.call("POST", "/api/messages/send/", student, map[string]any{"chat_id": chat["id"], "content": "across processes"}); st != 201 {
		t.Fatalf("send on a: %d %v", st, m)
	}
	select {
	case <-got:
		t.Logf("delivered across processes in %v", time.Since(sent))
	case <-time.After(10 * time.Second):
		t.Fatal("the message sent through a never reached the stream on b")
	}
}
