package httpapi_test

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/zabano/zabano"
)

func TestSendCode(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		r := a.do(req{method: "POST", path: "/api/phone-verify/", body: "phone=%2B98+912+123+4567"})
		if r.status != 200 || r.json(t)["detail"] != "Verification code sent." {
			t.Fatalf("form body: %d %s", r.status, r.body)
		}
		got := a.outbox.Outbox("09121234567")
		if len(got) != 1 || len(got[0].Code) != 6 {
			t.Fatalf("outbox: %+v", got)
		}
		if r := a.do(req{method: "POST", path: "/api/phone-verify/", body: map[string]string{"phone": "۰۹۱۲۱۲۳۴۵۶۷"}, lang: "fa"}); r.status != 200 || r.json(t)["detail"] != "کد تأیید ارسال شد." {
			t.Fatalf("Persian digits, fa: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "POST", path: "/api/phone-verify/", body: []byte(`{"phone":"\u06f0\u06f9\u06f1\u06f2\u06f1\u06f2\u06f3\u06f4\u06f5\u06f6\u06f8"}`)}); r.status != 200 {
			t.Fatalf("Persian digits as JSON escapes: %d %s", r.status, r.body)
		}

		for _, tc := range []struct{ name, body, lang, want string }{
			{"missing", `{}`, "en", "Phone number is required"},
			{"missing fa", `{}`, "fa", "شماره موبایل الزامی است"},
			{"landline", `{"phone":"02188776655"}`, "en", "Enter an Iranian mobile number, for example 09121234567."},
			{"letters", `{"phone":"0912abc4567"}`, "fa", "یک شماره موبایل ایران وارد کنید، مثلاً ۰۹۱۲۱۲۳۴۵۶۷."},
		} {
			t.Run(tc.name, func(t *testing.T) {
				var body map[string]any
				json.Unmarshal([]byte(tc.body), &body)
				r := a.do(req{method: "POST", path: "/api/phone-verify/", body: body, lang: tc.lang})
				if r.status != 400 || r.field(t, "phone") != tc.want {
					t.Fatalf("got %d %s, want phone error %q", r.status, r.body, tc.want)
				}
			})
		}
		t.Run("malformed JSON", func(t *testing.T) {
			r := a.do(req{method: "POST", path: "/api/phone-verify/", body: []byte(`{"phone":`)})
			if r.status != 400 || r.json(t)["detail"] != "The request body is not valid." {
				t.Fatalf("got %d %s", r.status, r.body)
			}
		})
		t.Run("three codes per phone per 10 minutes", func(t *testing.T) {
			phone := map[string]string{"phone": "09130000000"}
			for i := range 3 {
				if r := a.do(req{method: "POST", path: "/api/phone-verify/", body: phone}); r.status != 200 {
					t.Fatalf("code %d: %d %s", i+1, r.status, r.body)
				}
				a.clock.Add(2 * time.Minute)
			}
			r := a.do(req{method: "POST", path: "/api/phone-verify/", body: phone})
			if r.status != 429 || r.header.Get("Retry-After") != "240" || r.json(t)["retry_after"] != 240.0 {
				t.Fatalf("fourth code: %d %v %s, want 429 retry in 240 s", r.status, r.header.Get("Retry-After"), r.body)
			}
			if n := len(a.outbox.Outbox("09130000000")); n != 3 {
				t.Fatalf("%d codes sent, want 3", n)
			}
			a.clock.Add(4 * time.Minute)
			if r := a.do(req{method: "POST", path: "/api/phone-verify/", body: phone}); r.status != 200 {
				t.Fatalf("after the window: %d %s", r.status, r.body)
			}
		})
		t.Run("per address", func(t *testing.T) {
			for i := range 30 {
				r := a.do(req{method: "POST", path: "/api/phone-verify/", ip: "10.9.9.9", body: map[string]string{"phone": fmt.Sprintf("0935%07d", i)}})
				if r.status != 200 {
					t.Fatalf("code %d from one address: %d %s", i+1, r.status, r.body)
				}
			}
			r := a.do(req{method: "POST", path: "/api/phone-verify/", ip: "10.9.9.9", body: map[string]string{"phone": "09360000000"}})
			if r.status != 429 {
				t.Fatalf("31st code from one address: %d %s", r.status, r.body)
			}
			if r := a.do(req{method: "POST", path: "/api/phone-verify/", ip: "10.9.9.10", body: map[string]string{"phone": "09360000000"}}); r.status != 200 {
				t.Fatalf("another address: %d %s", r.status, r.body)
			}
		})
	})
}

func TestRegister(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		code := a.code("09121111111")
		r := a.do(req{method: "POST", path: "/api/register/", body: map[string]any{
			"username": "Maryam", "email": "maryam@example.com", "password": "secret1", "role": "teacher",
			"phone": "+989121111111", "code": code, "meta": map[string]string{"bio": "  IELTS teacher  "},
		}})
		if r.status != 201 {
			t.Fatalf("register: %d %s", r.status, r.body)
		}
		p := r.json(t)
		if p["username"] != "Maryam" || p["role"] != "teacher" || p["phone"] != "09121111111" || p["name"] != "Maryam" || p["wallet"] != 0.0 {
			t.Fatalf("profile: %s", r.body)
		}
		u, err := a.db.FindUserByUsername(t.Context(), "maryam")
		if err != nil || u.Bio != "IELTS teacher" {
			t.Fatalf("bio stored %q, %v", u.Bio, err)
		}

		t.Run("form body with meta as JSON text", func(t *testing.T) {
			code := a.code("09122222222")
			r := a.do(req{method: "POST", path: "/api/register/",
				body: "username=ali&password=secret1&role=teacher&phone=09122222222&code=" + code + "&meta=%7B%22bio%22%3A%22hi%22%7D"})
			if r.status != 201 {
				t.Fatalf("%d %s", r.status, r.body)
			}
			if u, _ := a.db.FindUserByUsername(t.Context(), "ali"); u.Bio != "hi" {
				t.Fatalf("bio %q", u.Bio)
			}
		})

		valid := func() map[string]any {
			return map[string]any{"username": "newuser", "email": "", "password": "secret1", "role": "student", "phone": "09123333333", "code": "123456"}
		}
		for _, tc := range []struct {
			name, field, value, lang, want string
		}{
			{"short password", "password", "12345", "en", "Password must be at least 6 characters"},
			{"short password fa", "password", "12345", "fa", "رمز عبور باید حداقل ۶ نویسه باشد"},
			{"no password", "password", "", "en", "Password is required."},
			{"no username", "username", "", "en", "Username is required."},
			{"bad username", "username", "a b", "en", "Username must be 3 to 32 characters: English letters, digits, '.', '_' or '-', starting with a letter."},
			{"taken username, other case", "username", "MARYAM", "en", "A user with that username already exists."},
			{"bad email", "email", "not-an-email", "en", "Enter a valid email address."},
			{"bad role", "role", "admin", "en", "Choose a role: student or teacher."},
			{"no phone", "phone", "", "en", "Phone number is required"},
			{"taken phone", "phone", "09121111111", "fa", "این شماره موبایل قبلاً ثبت شده است."},
			{"no code", "code", "", "en", "Phone verification is required"},
			{"short code", "code", "123", "en", "The verification code is 6 digits."},
			{"wrong code", "code", "000000", "en", "The verification code is wrong or has expired."},
		} {
			t.Run(tc.name, func(t *testing.T) {
				a.code("09123333333")
				body := valid()
				body[tc.field] = tc.value
				r := a.do(req{method: "POST", path: "/api/register/", body: body, lang: tc.lang})
				if r.status != 400 || r.field(t, tc.field) != tc.want {
					t.Fatalf("got %d %s, want %s error %q", r.status, r.body, tc.field, tc.want)
				}
				if !strings.Contains(r.json(t)["detail"].(string), tc.want) {
					t.Fatalf("detail %q lacks %q", r.json(t)["detail"], tc.want)
				}
				a.clock.Add(5 * time.Minute) // stay under 3 codes per 10 minutes
			})
		}
		t.Run("all problems at once", func(t *testing.T) {
			r := a.do(req{method: "POST", path: "/api/register/", body: map[string]any{}})
			m := r.json(t)
			for _, f := range []string{"username", "password", "role", "phone", "code"} {
				if _, ok := m[f]; !ok {
					t.Errorf("no %s error in %s", f, r.body)
				}
			}
		})
	})
}

func TestToken(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		a.register("student1", zabano.RoleStudent, "09121000001")
		a.register("teacher1", zabano.RoleTeacher, "09121000002")
		login := func(username, password, role, ip, lang string) resp {
			return a.do(req{method: "POST", path: "/api/token/", ip: ip, lang: lang,
				body: map[string]string{"username": username, "password": password, "role": role}})
		}

		r := login("STUDENT1", "secret1", "student", "", "en")
		if r.status != 200 {
			t.Fatalf("login: %d %s", r.status, r.body)
		}
		parts := strings.Split(r.json(t)["access"].(string), ".")
		payload, _ := base64.RawURLEncoding.DecodeString(parts[1])
		var claims map[string]any
		json.Unmarshal(payload, &claims)
		if claims["role"] != "student" || claims["exp"] != float64(start.Add(7*24*time.Hour).Unix()) {
			t.Fatalf("claims %v, want role student and exp in 7 days", claims)
		}

		if r := login("teacher1", "secret1", "student", "", "en"); r.status != 403 ||
			r.json(t)["detail"] != "Access denied. This login is for students only. Your role is teacher." {
			t.Fatalf("wrong entrance: %d %s", r.status, r.body)
		}
		if r := login("student1", "secret1", "teacher", "", "fa"); r.status != 403 ||
			r.json(t)["detail"] != "دسترسی مجاز نیست. این ورود فقط برای استاد است. نقش شما زبان‌آموز است." {
			t.Fatalf("wrong entrance fa: %d %s", r.status, r.body)
		}
		if r := login("student1", "", "", "", "en"); r.status != 400 || r.field(t, "password") != "Password is required." {
			t.Fatalf("no password: %d %s", r.status, r.body)
		}
		if r := login("student1", "secret1", "superuser", "", "en"); r.status != 400 || r.field(t, "role") == "" {
			t.Fatalf("bad entrance: %d %s", r.status, r.body)
		}
		if r := login("student1", "secret1", "admin", "", "en"); r.status != 403 ||
			r.json(t)["detail"] != "Access denied. This login is for operators only. Your role is student." {
			t.Fatalf("operator entrance: %d %s", r.status, r.body)
		}

		wrong := login("student1", "nope!!", "", "10.0.0.1", "en")
		unknown := login("nobody", "nope!!", "", "10.0.0.1", "en")
		if wrong.status != 401 || unknown.status != 401 || string(wrong.body) != string(unknown.body) ||
			wrong.json(t)["detail"] != "Login failed. Please check your credentials." {
			t.Fatalf("wrong password %d %s and unknown user %d %s must answer alike", wrong.status, wrong.body, unknown.status, unknown.body)
		}

		t.Run("failures throttled per user and address", func(t *testing.T) {
			for range 4 { // one failure from 10.0.0.1 is already counted
				login("teacher1", "wrong!", "", "10.0.0.2", "en")
			}
			for range 5 {
				login("teacher1", "wrong!", "", "10.0.0.3", "en")
			}
			if r := login("teacher1", "secret1", "", "10.0.0.3", "en"); r.status != 429 || r.header.Get("Retry-After") == "" {
				t.Fatalf("sixth try from the attacking address: %d %s, want 429", r.status, r.body)
			}
			if r := login("teacher1", "secret1", "", "10.0.0.4", "en"); r.status != 200 {
				t.Fatalf("the owner elsewhere is not locked out: %d %s", r.status, r.body)
			}
			a.clock.Add(15 * time.Minute)
			if r := login("teacher1", "secret1", "", "10.0.0.3", "en"); r.status != 200 {
				t.Fatalf("after the window: %d %s", r.status, r.body)
			}
		})
		t.Run("failures throttled per address", func(t *testing.T) {
			for i := range 20 {
				login(fmt.Sprintf("guess%d", i), "wrong!", "", "10.0.0.9", "en")
			}
			if r := login("student1", "secret1", "", "10.0.0.9", "en"); r.status != 429 {
				t.Fatalf("after 20 failures from one address: %d %s", r.status, r.body)
			}
		})
	})
}

// TestTokenBurst: tries sent all at once cannot pass the failed-login limits
// together; a right password gives its place back.
func TestTokenBurst(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		a.register("target", zabano.RoleStudent, "09121000011")
		burst := func(n int, ip string, username func(i int) string) (passed int) {
			var wg sync.WaitGroup
			var mu sync.Mutex
			for i := range n {
				wg.Go(func() {
					r := a.do(req{method: "POST", path: "/api/token/", ip: ip,
						body: map[string]string{"username": username(i), "password": "wrong!"}})
					mu.Lock()
					defer mu.Unlock()
					if r.status != 429 {
						passed++
					}
				})
			}
			wg.Wait()
			return passed
		}
		if n := burst(199, "10.1.0.1", func(int) string { return "target" }); n != zabano.LoginFailsPerUser {
			t.Errorf("%d of 199 simultaneous tries for one user were checked, want %d", n, zabano.LoginFailsPerUser)
		}
		if r := a.do(req{method: "POST", path: "/api/token/", ip: "10.1.0.1",
			body: map[string]string{"username": "target", "password": "secret1"}}); r.status != 429 || r.header.Get("Retry-After") == "" {
			t.Errorf("the right password after the burst: %d %s, want 429", r.status, r.body)
		}
		if n := burst(100, "10.1.0.2", func(i int) string { return fmt.Sprintf("guess%d", i) }); n != 20 {
			t.Errorf("%d of 100 simultaneous tries from one address were checked, want 20", n)
		}
		for i := range 25 { // successes do not count against the address
			if r := a.do(req{method: "POST", path: "/api/token/", ip: "10.1.0.3",
				body: map[string]string{"username": "target", "password": "secret1"}}); r.status != 200 {
				t.Fatalf("login %d from one address: %d %s", i, r.status, r.body)
			}
		}
	})
}

func TestProfileTokens(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		token := a.register("reza", zabano.RoleStudent, "09121000003")
		if r := a.do(req{method: "GET", path: "/api/profile/", token: token}); r.status != 200 || r.json(t)["username"] != "reza" || r.json(t)["photo"] != nil {
			t.Fatalf("profile: %d %s", r.status, r.body)
		}
		u, _ := a.db.FindUserByUsername(t.Context(), "reza")
		sign := func(method jwt.SigningMethod, key any, claims jwt.MapClaims) string {
			s, err := jwt.NewWithClaims(method, claims).SignedString(key)
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
		claims := func(exp time.Time) jwt.MapClaims {
			return jwt.MapClaims{"sub": fmt.Sprint(u.ID), "role": "student", "ver": 0, "exp": exp.Unix()}
		}
		parts := strings.Split(token, ".")
		for _, tc := range []struct{ name, token string }{
			{"missing", ""},
			{"garbage", "not-a-token"},
			{"tampered payload", parts[0] + "." + base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"1","role":"teacher","ver":0,"exp":9999999999}`)) + "." + parts[2]},
			{"alg none", sign(jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType, claims(start.Add(time.Hour)))},
			{"other secret", sign(jwt.SigningMethodHS256, []byte("guess"), claims(start.Add(time.Hour)))},
			{"no expiry", sign(jwt.SigningMethodHS256, []byte("test-secret"), jwt.MapClaims{"sub": fmt.Sprint(u.ID), "role": "student"})},
			{"expired", sign(jwt.SigningMethodHS256, []byte("test-secret"), claims(start.Add(-time.Second)))},
			{"unknown user", sign(jwt.SigningMethodHS256, []byte("test-secret"), jwt.MapClaims{"sub": "999", "role": "student", "ver": 0, "exp": start.Add(time.Hour).Unix()})},
			{"other role", sign(jwt.SigningMethodHS256, []byte("test-secret"), jwt.MapClaims{"sub": fmt.Sprint(u.ID), "role": "teacher", "ver": 0, "exp": start.Add(time.Hour).Unix()})},
		} {
			t.Run(tc.name, func(t *testing.T) {
				if r := a.do(req{method: "GET", path: "/api/profile/", token: tc.token}); r.status != 401 {
					t.Fatalf("got %d %s, want 401", r.status, r.body)
				}
			})
		}
		t.Run("expires after 7 days", func(t *testing.T) {
			a.clock.Add(7*24*time.Hour + time.Second)
			r := a.do(req{method: "GET", path: "/api/profile/", token: token})
			if r.status != 401 || r.json(t)["detail"] != "Your session has expired or is not valid. Please log in again." {
				t.Fatalf("got %d %s", r.status, r.body)
			}
		})
	})
}

func TestResetPassword(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		old := a.register("neda", zabano.RoleStudent, "09121000004")
		reset := func(body any, lang string) resp {
			return a.do(req{method: "POST", path: "/api/auth/reset-password/", body: body, lang: lang})
		}
		code := a.code("09121000004")
		if r := reset(map[string]string{"phone": "09121000004", "code": code, "new_password": "short1"}, "en"); r.status != 400 ||
			r.field(t, "new_password") != "Password must be at least 8 characters" {
			t.Fatalf("short password: %d %s", r.status, r.body)
		}
		if r := reset(map[string]string{"phone": "09121000004", "code": "000000", "new_password": "longenough"}, "fa"); r.status != 400 ||
			r.field(t, "code") != "کد تأیید نادرست است یا منقضی شده است." {
			t.Fatalf("wrong code: %d %s", r.status, r.body)
		}
		if r := reset("phone=09121000004&code="+code+"&new_password=longenough", "en"); r.status != 200 ||
			r.json(t)["detail"] != "Your password has been changed." {
			t.Fatalf("reset: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "GET", path: "/api/profile/", token: old}); r.status != 401 {
			t.Fatalf("a token from before the reset still works: %d", r.status)
		}
		if r := a.do(req{method: "POST", path: "/api/token/", body: map[string]string{"username": "neda", "password": "secret1"}}); r.status != 401 {
			t.Fatalf("old password still works: %d", r.status)
		}
		a.login("neda", "longenough")
		if r := reset(map[string]string{"phone": "09121000004", "code": code, "new_password": "another1"}, "en"); r.status != 400 {
			t.Fatalf("a used code worked again: %d %s", r.status, r.body)
		}
		if r := reset(map[string]string{}, "en"); r.status != 400 || r.field(t, "phone") == "" || r.field(t, "code") == "" || r.field(t, "new_password") == "" {
			t.Fatalf("empty: %d %s", r.status, r.body)
		}
	})
}

func TestChangePassword(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		old := a.register("parisa", zabano.RoleStudent, "09121000005")
		change := func(token string, body map[string]string) resp {
			return a.do(req{method: "POST", path: "/api/auth/change-password/", token: token, body: body})
		}
		if r := change(old, map[string]string{"current_password": "wrong!", "new_password": "longenough"}); r.status != 400 ||
			r.field(t, "current_password") != "The current password is wrong." {
			t.Fatalf("wrong current: %d %s", r.status, r.body)
		}
		if r := change(old, map[string]string{"current_password": "secret1", "new_password": "short"}); r.status != 400 || r.field(t, "new_password") == "" {
			t.Fatalf("short new: %d %s", r.status, r.body)
		}
		if r := change("", map[string]string{}); r.status != 401 {
			t.Fatalf("anonymous: %d", r.status)
		}
		r := change(old, map[string]string{"current_password": "secret1", "new_password": "longenough"})
		if r.status != 200 {
			t.Fatalf("change: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "GET", path: "/api/profile/", token: old}); r.status != 401 {
			t.Fatalf("the old token still works: %d", r.status)
		}
		if r := a.do(req{method: "GET", path: "/api/profile/", token: r.json(t)["access"].(string)}); r.status != 200 {
			t.Fatalf("the new token: %d", r.status)
		}
		a.login("parisa", "longenough")
	})
}

// TestChangePasswordLimit: five tries per user in 15 minutes, so a stolen
// session cannot guess the password it would need to take the account.
func TestChangePasswordLimit(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		token := a.register("parisa", zabano.RoleStudent, "09121000005")
		change := func(current string) resp {
			return a.do(req{method: "POST", path: "/api/auth/change-password/", token: token,
				body: map[string]string{"current_password": current, "new_password": "longenough"}})
		}
		for i := range 5 {
			if r := change(fmt.Sprintf("guess%d", i)); r.status != 400 {
				t.Fatalf("try %d: %d %s", i+1, r.status, r.body)
			}
		}
		r := change("secret1")
		if r.status != 429 || r.header.Get("Retry-After") != "900" {
			t.Fatalf("sixth try: %d %s (Retry-After %q), want 429", r.status, r.body, r.header.Get("Retry-After"))
		}
		a.clock.Add(15 * time.Minute)
		if r := change("secret1"); r.status != 200 {
			t.Fatalf("after the window: %d %s", r.status, r.body)
		}
	})
}
