package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
)

// TestTeacherReviewSetting: with ZABANO_TEACHER_REVIEW on (the default) a
// new teacher is not listed until an operator approves them; off, they are
// listed as they register; anything else stops the server.
func TestTeacherReviewSetting(t *testing.T) {
	for _, tc := range []struct {
		setting string
		listed  bool
	}{{"", false}, {"on", false}, {"off", true}} {
		t.Run("review="+tc.setting, func(t *testing.T) {
			c := client{t, boot(t, map[string]string{"ZABANO_ENV": "dev", "ZABANO_DATA_DIR": t.TempDir(), "ZABANO_TEACHER_REVIEW": tc.setting})}
			token := map[string]string{}
			for _, u := range []struct{ name, role, phone string }{{"sara", "student", "09121230001"}, {"omid", "teacher", "09121230002"}} {
				if st, m := c.call("POST", "/api/register/", "", map[string]any{
					"username": u.name, "password": "secret1", "role": u.role, "phone": u.phone, "code": c.code(u.phone),
				}); st != 201 {
					t.Fatalf("register %s: %d %v", u.name, st, m)
				}
				_, m := c.call("POST", "/api/token/", "", map[string]string{"username": u.name, "password": "secret1"})
				token[u.name] = m["access"].(string)
			}
			if st, m := c.call("PUT", "/api/teacher/profile/", token["omid"], map[string]any{
				"language_levels": `[{"language":"English","levels":["B1"],"regular_price":100000}]`, "bio": "teacher",
			}); st != 200 {
				t.Fatalf("profile: %d %v", st, m)
			}
			_, own := c.call("GET", "/api/teacher/profile/", token["omid"], nil)
			want := map[bool]string{true: "approved", false: "pending"}[tc.listed]
			if review, _ := own["review"].(map[string]any); review["status"] != want {
				t.Errorf("the teacher's review: %v, want %s", own["review"], want)
			}
			_, list := c.call("GET", "/api/teachers/list/", token["sara"], nil)
			if n := list["count"].(float64); (n == 1) != tc.listed {
				t.Errorf("listed teachers: %v, want listed %v", n, tc.listed)
			}
		})
	}
	err := run(context.Background(), []string{"serve"}, func(k string) string {
		return map[string]string{"ZABANO_ENV": "dev", "ZABANO_DATA_DIR": t.TempDir(), "ZABANO_TEACHER_REVIEW": "maybe"}[k]
	}, nil, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "ZABANO_TEACHER_REVIEW must be on or off") {
		t.Fatalf("ZABANO_TEACHER_REVIEW=maybe: %v", err)
	}
}

// TestSeedPeople: the demo gives the operator a teacher waiting for review,
// a rejected one who sees the reason, and a suspended student who is told
// why; the operator log has the rejection and the suspension; none of them
// is listed; the seed prints them.
func TestSeedPeople(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	env := func(k string) string { return map[string]string{"ZABANO_DATA_DIR": dir}[k] }
	if err := run(context.Background(), []string{"seed", "-teachers", "2", "-students", "1", "-photos=false"}, env, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{seedPendingTeacher, seedRejectedTeacher, seedSuspendedStudent} {
		if !strings.Contains(out.String(), "\n  "+name+"  ") {
			t.Errorf("the try-it text lacks %s:\n%s", name, out.String())
		}
	}
	c := client{t, boot(t, map[string]string{"ZABANO_ENV": "dev", "ZABANO_DATA_DIR": dir})}
	login := func(name, role string) (int, map[string]any) {
		return c.call("POST", "/api/token/", "", map[string]string{"username": name, "password": seedPassword, "role": role})
	}
	if st, m := login(seedSuspendedStudent, "student"); st != 403 || !strings.Contains(fmt.Sprint(m["detail"]), "suspended: پیام‌های تبلیغاتی") {
		t.Errorf("the suspended student signing in: %d %v", st, m)
	}
	_, m := login(seedRejectedTeacher, "teacher")
	_, own := c.call("GET", "/api/teacher/profile/", m["access"].(string), nil)
	if review, _ := own["review"].(map[string]any); review["status"] != "rejected" || review["reason"] == "" {
		t.Errorf("the rejected teacher's review: %v", own["review"])
	}
	_, m = login("student1", "student")
	if _, list := c.call("GET", "/api/teachers/list/", m["access"].(string), nil); list["count"] != 2.0 {
		t.Errorf("listed teachers: %v, want the 2 approved", list["count"])
	}

	body := map[string]string{"username": "operator", "password": seedOperatorPassword, "role": "admin"}
	if st, m := c.call("POST", "/api/token/", "", body); st != 202 {
		t.Fatalf("operator: %d %v", st, m)
	}
	_, sent := c.call("GET", "/api/dev/sms-outbox/?phone=09190000001", "", nil)
	body["code"] = sent["items"].([]any)[0].(map[string]any)["code"].(string)
	_, m = c.call("POST", "/api/token/", "", body)
	operator := m["access"].(string)
	_, pending := c.call("GET", "/api/admin/teachers/pending/", operator, nil)
	if items := pending["items"].([]any); len(items) != 1 || items[0].(map[string]any)["teacher"].(map[string]any)["username"] != seedPendingTeacher {
		t.Errorf("the review queue: %v", pending)
	}
	_, log := c.call("GET", "/api/admin/log/", operator, nil)
	var actions []string
	for _, row := range log["items"].([]any) {
		actions = append(actions, row.(map[string]any)["action"].(string))
	}
	if strings.Join(actions, " ") != "user.suspend teacher.reject" {
		t.Errorf("the operator log: %v", actions)
	}
	_, overview := c.call("GET", "/api/admin/overview/", operator, nil)
	if overview["pending_teachers"] != 1.0 || overview["audit"].(map[string]any)["ok"] != true {
		t.Errorf("overview: %v", overview)
	}
}
