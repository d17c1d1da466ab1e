package sms_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/zabano/zabano"
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

// outgoing is a class_starting reminder to a student of phone who reads lang.
func outgoing(phone, lang string) *zabano.Outgoing {
	start := time.Date(2026, 11, 24, 15, 0, 0, 0, time.UTC)
	return &zabano.Outgoing{
		DeliveryID: 7,
		Notification: &zabano.Notification{ID: 42, Kind: zabano.KindClassStarting, ObjectType: zabano.ObjectBooking, ObjectID: 3, AboutID: 9,
			Data: zabano.NotificationData{Name: "Maryam Karimi Rad Tehrani Nejad", Start: start, JoinURL: "https://meet.jit.si/zabano-x"}},
		To:    &zabano.User{ID: 1, Phone: phone},
		Prefs: &zabano.NotificationPrefs{Language: lang, TimeZone: "Asia/Tehran"},
	}
}

func TestLogNotifications(t *testing.T) {
	l := &sms.Log{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: time.Now}
	if err := l.Send(context.Background(), outgoing("0912 123 4567", "en")); err != nil {
		t.Fatal(err)
	}
	got := l.Outbox("09121234567")
	if len(got) != 1 || got[0].Code != "" || got[0].Kind != zabano.KindClassStarting ||
		got[0].Text != "Zabano: Your class is starting\nYour class with Maryam Karimi Rad Tehrani Nejad starts Tuesday 24 November 2026, 18:30. Join: https://meet.jit.si/zabano-x" {
		t.Fatalf("outbox: %+v", got)
	}
	deleted := outgoing("deleted:1", "fa")
	deleted.To.DeletedAt = time.Now()
	for _, o := range []*zabano.Outgoing{deleted, outgoing("", "fa")} {
		if err := l.Send(context.Background(), o); !errors.Is(err, zabano.ErrNoAddress) {
			t.Errorf("to %q: %v, want ErrNoAddress", o.To.Phone, err)
		}
	}
}

func TestKavenegarNotifications(t *testing.T) {
	var form url.Values
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		form = r.PostForm
		io.WriteString(w, `{"return":{"status":200,"message":"تایید شد"},"entries":[]}`)
	}))
	defer srv.Close()
	k := sms.NewKavenegar("KEY", "verify")
	k.BaseURL = srv.URL
	if err := k.Send(context.Background(), outgoing("09121234567", "fa")); err != nil {
		t.Fatal(err)
	}
	want := url.Values{
		"receptor": {"09121234567"}, "template": {"zabano-class_starting"}, "token": {"42"},
		"token3": {"https://meet.jit.si/zabano-x"}, "token10": {"Maryam Karimi Rad Tehrani Nejad"},
		"token20": {"سه‌شنبه ۳ آذر ۱۴۰۵، ساعت ۱۸:۳۰"},
	}
	for key, v := range want {
		if form.Get(key) != v[0] {
			t.Errorf("%s = %q, want %q", key, form.Get(key), v[0])
		}
	}
	long := outgoing("09121234567", "en")
	long.Notification.Data.Name = "a b c d e f g h"
	long.Notification.Kind, long.Notification.Data.Amount = zabano.KindTeacherPaid, 250_000
	if err := k.Send(context.Background(), long); err != nil {
		t.Fatal(err)
	}
	if form.Get("token10") != "a b c d e f_g_h" || form.Get("token2") != "250000" || form.Get("template") != "zabano-teacher_paid" {
		t.Errorf("a long name and an amount: %v", form)
	}
	if err := k.Send(context.Background(), outgoing("", "en")); !errors.Is(err, zabano.ErrNoAddress) {
		t.Errorf("no phone: %v", err)
	}
}
