package httpapi_test

import (
	"fmt"
	"testing"
	"time"
)

// TestCommissionAPI: the operator sets the commission, a whole percent from
// 0 to 50; a class booked then pays it when done, and one booked before
// keeps the commission of its day.
func TestCommissionAPI(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		ops := a.operator("ops", "09121000109")
		get := req{method: "GET", path: "/api/admin/commission/", token: ops}
		if r := a.expect(t, 200, get); r.json(t)["percent"] != 0.0 {
			t.Fatalf("the default: %s", r.body)
		}
		for _, body := range []string{`{}`, `{"percent":51}`, `{"percent":-1}`, `{"percent":12.5}`, `{"percent":"15"}`, `{"percent":null}`} {
			r := a.do(req{method: "PUT", path: "/api/admin/commission/", token: ops, body: []byte(body)})
			if r.status != 400 {
				t.Errorf("%s: %d %s, want 400", body, r.status, r.body)
			} else if body != `{"percent":"15"}` && r.field(t, "percent") != "The commission is a whole percent from 0 to 50." {
				t.Errorf("%s: %s", body, r.body)
			}
		}
		if r := a.do(req{method: "PUT", path: "/api/admin/commission/", token: ops, lang: "fa", body: map[string]any{"percent": 60}}); r.field(t, "percent") != "کارمزد یک درصد صحیح از ۰ تا ۵۰ است." {
			t.Errorf("in Persian: %s", r.body)
		}
		before, _ := s.endedClass(t, s.sara, time.Hour)
		if r := a.expect(t, 200, req{method: "PUT", path: "/api/admin/commission/", token: ops, body: map[string]any{"percent": 15}}); r.json(t)["percent"] != 15.0 {
			t.Fatalf("set: %s", r.body)
		}
		if r := a.expect(t, 200, get); r.json(t)["percent"] != 15.0 {
			t.Fatalf("after setting: %s", r.body)
		}
		after, _ := s.endedClass(t, s.nima, time.Hour)
		a.expect(t, 200, req{method: "PUT", path: fmt.Sprintf("/api/slot/done/%d/", before), token: s.sara})
		a.expect(t, 200, req{method: "PUT", path: fmt.Sprintf("/api/slot/done/%d/", after), token: s.nima})
		// 250,000 at 0%, and 250,000 less 15% (37,500).
		if w := a.expect(t, 200, req{method: "GET", path: "/api/teacher/wallet/summary/", token: s.teacher}).json(t)["balance"]; w != 250_000.0+212_500.0 {
			t.Fatalf("the teacher's wallet: %v", w)
		}
		var log []struct{ Action, Reason string }
		a.expect(t, 200, req{method: "GET", path: "/api/admin/log/", token: ops}).decode(t, &log)
		if len(log) != 1 || log[0].Action != "commission.set" || log[0].Reason != "0% → 15%" {
			t.Fatalf("operator log: %+v", log)
		}
		a.audit(t)
	})
}
