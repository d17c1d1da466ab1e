package sms_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/zabano/zabano/sms"
)

func TestLogOutbox(t *testing.T) {
	l := &sms.Log{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: time.Now}
	ctx := context.Background()
	for i, p := range []string{"09120000001", "09120000002", "09120000001"} {
		if err := l.SendCode(ctx, p, strings.Repeat(string(rune('1'+i)), 6)); err != nil {
			t.Fatal(err)
		}
	}
	got := l.Outbox("09120000001")
	if len(got) != 2 || got[0].Code != "333333" || got[1].Code != "111111" {
		t.Fatalf("outbox for one phone, latest first: %+v", got)
	}
	if !strings.Contains(got[0].Text, "333333") {
		t.Fatalf("text %q lacks the code", got[0].Text)
	}
	if n := len(l.Outbox("")); n != 3 {
		t.Fatalf("whole outbox: %d messages, want 3", n)
	}
	for range 250 {
		l.SendCode(ctx, "09129999999", "000000")
	}
	if n := len(l.Outbox("")); n != 200 {
		t.Fatalf("outbox keeps %d, want the last 200", n)
	}
}

// kavenegar is a stand-in for the Kavenegar API that checks requests as the
// real one does and answers in its format.
func kavenegar(t *testing.T, status int, ret string) *httptest.Server {
	t.Helper()
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/v1/KEY/verify/lookup.json" {
			http.Error(w, "bad path", http.StatusNotFound)
			return
		}
		if r.FormValue("receptor") != "09121234567" || r.FormValue("token") != "123456" || r.FormValue("template") != "verify" {
			w.WriteHeader(http.StatusBadRequest)
			io.WriteString(w, `{"return":{"status":400,"message":"پارامترها ناقص هستند"},"entries":null}`)
			return
		}
		w.WriteHeader(status)
		io.WriteString(w, ret)
	}))
}

func TestKavenegar(t *testing.T) {
	ok := `{"return":{"status":200,"message":"تایید شد"},"entries":[{"messageid":8792343,"message":"code 123456","status":5,"statustext":"ارسال به مخابرات","sender":"10004346","receptor":"09121234567","date":1356619709,"cost":120}]}`
	for _, tc := range []struct {
		name    string
		status  int
		reply   string
		code    string
		wantErr string
	}{
		{"sent", 200, ok, "123456", ""},
		{"bad parameters", 200, ok, "999999", "status 400"},
		{"invalid key", 403, `{"return":{"status":403,"message":"کد شناسائی API-Key معتبر نمی‌باشد"},"entries":null}`, "123456", "status 403"},
		{"template not found", 424, `{"return":{"status":424,"message":"الگوی مورد نظر پیدا نشد"},"entries":null}`, "123456", "status 424"},
		{"not json", 502, `<html>bad gateway</html>`, "123456", "unreadable"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := kavenegar(t, tc.status, tc.reply)
			defer srv.Close()
			k := sms.NewKavenegar("KEY", "verify")
			k.BaseURL = srv.URL
			err := k.SendCode(context.Background(), "09121234567", tc.code)
			if tc.wantErr == "" && err != nil || tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Fatalf("got %v, want error containing %q", err, tc.wantErr)
			}
		})
	}
}
