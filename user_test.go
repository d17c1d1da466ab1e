package zabano_test

import (
	"testing"

	"github.com/zabano/zabano"
)

func TestNormalizePhone(t *testing.T) {
	for in, want := range map[string]string{
		"09121234567":         "09121234567",
		"9121234567":          "09121234567",
		"+989121234567":       "09121234567",
		"00989121234567":      "09121234567",
		"989121234567":        "09121234567",
		"0912 123 4567":       "09121234567",
		"+98 (912) 123-45-67": "09121234567",
		"۰۹۱۲۱۲۳۴۵۶۷":         "09121234567",
		"٠٩١٢١٢٣٤٥٦٧":         "09121234567",
		"02188776655":         "",
		"0912123456":          "",
		"091212345678":        "",
		"0912abc4567":         "",
		"":                    "",
		"+":                   "",
		"98912123456":         "",
		"0912+1234567":        "",
	} {
		got, ok := zabano.NormalizePhone(in)
		if got != want || ok != (want != "") {
			t.Errorf("NormalizePhone(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

func TestValidUsername(t *testing.T) {
	for in, want := range map[string]bool{
		"sara": true, "Sara_99": true, "a.b-c": true, "abc": true,
		"ab": false, "1abc": false, "_abc": false, "سارا": false, "a b c": false, "abc@x": false,
		"a23456789012345678901234567890123": false, "a2345678901234567890123456789012": true,
	} {
		if got := zabano.ValidUsername(in); got != want {
			t.Errorf("ValidUsername(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestMsgf(t *testing.T) {
	m := zabano.Msgf(zabano.Msg{En: "wait %d s as a %s", Fa: "%d ثانیه به عنوان %s صبر کنید"}, 120, zabano.RoleTeacher.Name())
	if m.En != "wait 120 s as a teacher" || m.Fa != "۱۲۰ ثانیه به عنوان استاد صبر کنید" {
		t.Fatalf("got %+v", m)
	}
	if got := m.In("fa"); got != m.Fa {
		t.Fatalf("In(fa) = %q", got)
	}
	if got := m.In("de"); got != m.En {
		t.Fatalf("In(de) = %q, want English", got)
	}
	// A Verbatim argument keeps its digits: a link is written as given.
	m = zabano.Msgf(zabano.Msg{En: "week %s: %s at %d", Fa: "هفتهٔ %s: %s در %d"}, "3", zabano.Verbatim("https://meet.jit.si/zabano-abc123"), 18)
	if m.Fa != "هفتهٔ ۳: https://meet.jit.si/zabano-abc123 در ۱۸" || m.En != "week 3: https://meet.jit.si/zabano-abc123 at 18" {
		t.Fatalf("a verbatim link: %+v", m)
	}
}

func TestRegistrationValidate(t *testing.T) {
	r := zabano.Registration{Username: " sara ", Email: " s@example.com ", Password: "secret", Role: zabano.RoleStudent, Phone: "+98 912 000 0000", Code: "123456", Bio: " hi "}
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	if r.Username != "sara" || r.Email != "s@example.com" || r.Phone != "09120000000" || r.Bio != "hi" {
		t.Fatalf("not normalised: %+v", r)
	}
	bad := zabano.Registration{Email: "Name <x@example.com>", Password: "12345", Role: "admin", Phone: "123", Code: "12a456"}
	err := bad.Validate()
	e, ok := err.(*zabano.Error)
	if !ok || e.Code != zabano.EINVALID {
		t.Fatalf("got %v", err)
	}
	for _, f := range []string{"username", "email", "password", "role", "phone", "code"} {
		if len(e.Fields[f]) == 0 {
			t.Errorf("no %s problem in %v", f, e.Fields)
		}
	}
}
