package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/zabano/zabano"
)

// searchScene is a student and two listed teachers with a free slot each:
// ali (علی کریمی, 200,000 Toman, a trial) on Sunday 10:00 in Tehran, bita
// (400,000, no trial) on Monday 19:00 in Tehran. The clock is Saturday
// 2026-11-21, 12:30 in Tehran.
type searchScene struct {
	sara, nima, aliToken string
	ali, bita            int64
}

func newSearchScene(t *testing.T, a *app) *searchScene {
	t.Helper()
	s := &searchScene{
		sara: a.register("sara", zabano.RoleStudent, "09121500001"),
		nima: a.register("nima", zabano.RoleStudent, "09121500002"),
	}
	tehran, _ := time.LoadLocation("Asia/Tehran")
	teacher := func(name, phone string, fields map[string]string, slot time.Time) (string, int64) {
		token := a.register(name, zabano.RoleTeacher, phone)
		r := a.do(req{method: "POST", path: "/api/teacher/profile/", token: token, body: multipartOf(t, fields)})
		if r.status != 200 {
			t.Fatalf("profile of %s: %d %s", name, r.status, r.body)
		}
		if r := a.do(req{method: "POST", path: "/api/slot/available/", token: token,
			body: map[string]any{"start": slot, "end": slot.Add(time.Hour)}}); r.status != 201 {
			t.Fatalf("slot of %s: %d %s", name, r.status, r.body)
		}
		return token, int64(r.json(t)["id"].(float64))
	}
	s.aliToken, s.ali = teacher("ali", "09121500003", map[string]string{"first_name": "علی", "last_name": "کریمی", "bio": "IELTS",
		"price_per_hour": "200000", "test_session_price": "100000",
		"language_levels": `[{"language":"English","levels":["B1"],"regular_price":200000}]`},
		time.Date(2026, 11, 22, 10, 0, 0, 0, tehran))
	_, s.bita = teacher("bita", "09121500004", map[string]string{"first_name": "Bita", "bio": "French", "price_per_hour": "400000",
		"language_levels": `[{"language":"French","levels":["A1"],"regular_price":400000}]`},
		time.Date(2026, 11, 23, 19, 0, 0, 0, tehran))
	return s
}

// teacherCards are the cards of a teacher list answer.
type teacherCards struct {
	Results []struct {
		Username string
		Saved    *bool
	}
	Count int
}

func (c teacherCards) names() string {
	var names []string
	for _, x := range c.Results {
		names = append(names, x.Username)
	}
	return strings.Join(names, ",")
}

// cards lists the teachers token finds with query, which must answer 200.
func (a *app) cards(t *testing.T, token, query string) teacherCards {
	t.Helper()
	r := a.do(req{method: "GET", path: "/api/teachers/list/" + query, token: token})
	if r.status != 200 {
		t.Fatalf("list%s: %d %s", query, r.status, r.body)
	}
	var out teacherCards
	if err := json.Unmarshal(r.body, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestTeacherSearchAndFilters(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSearchScene(t, a)
		for _, tc := range []struct{ query, want string }{
			{"", "bita,ali"},
			{"?q=" + url.QueryEscape("علي"), "ali"},            // an Arabic keyboard's ye
			{"?q=" + url.QueryEscape("كريمي"), "ali"},          // and kaf
			{"?q=" + url.QueryEscape("ielts"), "ali"},          // Latin case
			{"?q=" + url.QueryEscape("عل"), "ali"},             // two letters
			{"?q=i&sort=price", "ali,bita"},                    // an asked sort wins over relevance
			{"?price_min=300000", "bita"},                      // the card's price
			{"?price_max=" + url.QueryEscape("۳۰۰۰۰۰"), "ali"}, // Persian digits
			{"?price_min=200000&price_max=400000&sort=price", "ali,bita"},
			{"?trial=1", "ali"},
			{"?trial=0", "bita,ali"},
			{"?rating_min=4", ""}, // nobody rated yet
			{"?days=sun", "ali"},
			{"?days=SAT,mon", "bita"},
			{"?days=sat", ""},
			{"?time=morning", "ali"},
			{"?days=mon&time=evening", "bita"},
			{"?time=afternoon&tz=UTC", "bita"}, // 15:30 in UTC
			{"?time=morning&tz=UTC", "ali"},    // 06:30 in UTC
			{"?within=1", "ali"},
			{"?within=7&time=evening,night", "bita"},
			{"?within=1&trial=1&days=sun&time=morning&price_max=250000&q=" + url.QueryEscape("کریمی"), "ali"},
		} {
			if got := a.cards(t, s.sara, tc.query).names(); got != tc.want {
				t.Errorf("list%s = %q, want %q", tc.query, got, tc.want)
			}
		}

		for _, tc := range []struct {
			query, field, en, fa string
		}{
			{"?price_min=abc", "price_min", "Enter a whole number.", "یک عدد صحیح وارد کنید."},
			{"?price_max=-5", "price_max", "Enter a whole number.", "یک عدد صحیح وارد کنید."},
			{"?price_max=2000000000", "price_max", "Prices are whole Toman from 0 to 1,000,000,000.", "قیمت‌ها عدد صحیح تومان از ۰ تا ۱٬۰۰۰٬۰۰۰٬۰۰۰ هستند."},
			{"?price_min=500000&price_max=100000", "price_max", "The highest price must not be below the lowest.", "بیشترین قیمت نباید از کمترین قیمت کمتر باشد."},
			{"?days=sat,someday", "days", "Days are sat, sun, mon, tue, wed, thu or fri, separated by commas.", "روزها sat، sun، mon، tue، wed، thu یا fri هستند و با ویرگول جدا می‌شوند."},
			{"?time=noon", "time", "Times of day are morning, afternoon, evening or night, separated by commas.", "زمان‌های روز morning، afternoon، evening یا night هستند و با ویرگول جدا می‌شوند."},
			{"?within=400", "within", "Enter a number of days from 1 to 365.", "تعداد روزها را از ۱ تا ۳۶۵ وارد کنید."},
			{"?within=99999999999999999999", "within", "Enter a whole number.", "یک عدد صحیح وارد کنید."},
			{"?trial=yes", "trial", "Use 1 (yes) or 0 (no).", "از ۱ (بله) یا ۰ (خیر) استفاده کنید."},
			{"?saved=true", "saved", "Use 1 (yes) or 0 (no).", "از ۱ (بله) یا ۰ (خیر) استفاده کنید."},
			{"?rating_min=six", "rating_min", "Enter a number, for example 4.5.", "یک عدد وارد کنید، مثلاً ۴٫۵."},
			{"?rating_min=5.5", "rating_min", "Enter a rating from 0 to 5, for example 4.5.", "امتیازی از ۰ تا ۵ وارد کنید، مثلاً ۴٫۵."},
			{"?sort=name", "sort", "Sort by relevance, rating, price or experience.", "مرتب‌سازی بر اساس ارتباط، امتیاز، قیمت یا تجربه است."},
			{"?tz=Mars/Base", "timezone", "Choose a valid time zone, for example Asia/Tehran.", "یک منطقهٔ زمانی معتبر انتخاب کنید، مثلاً Asia/Tehran."},
		} {
			for lang, want := range map[string]string{"en": tc.en, "fa": tc.fa} {
				r := a.do(req{method: "GET", path: "/api/teachers/list/" + tc.query, token: s.sara, lang: lang})
				if r.status != 400 {
					t.Errorf("list%s: %d %s", tc.query, r.status, r.body)
					continue
				}
				if got, _ := r.json(t)[tc.field].([]any); len(got) != 1 || got[0] != want {
					t.Errorf("list%s in %s: %s, want %s: [%q]", tc.query, lang, r.body, tc.field, want)
				}
			}
		}
		// Several problems are answered at once.
		r := a.do(req{method: "GET", path: "/api/teachers/list/?days=x&time=y&trial=2", token: s.sara})
		if body := r.json(t); r.status != 400 || body["days"] == nil || body["time"] == nil || body["trial"] == nil {
			t.Errorf("several problems: %d %s", r.status, r.body)
		}
	})
}

func TestSavedTeachersAPI(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSearchScene(t, a)
		save := func(method, token string, id any) resp {
			return a.do(req{method: method, path: fmt.Sprintf("/api/teachers/%v/save/", id), token: token})
		}
		for _, tc := range []struct {
			name, method, token string
			id                  any
			want                int
		}{
			{"save", "POST", s.sara, s.ali, 204},
			{"save again", "POST", s.sara, s.ali, 204},
			{"another student saves another teacher", "POST", s.nima, s.bita, 204},
			{"a student is no teacher", "POST", s.sara, a.userID(t, "nima"), 404},
			{"nobody", "POST", s.sara, 999999, 404},
			{"not an id", "POST", s.sara, "x", 404},
			{"a teacher saves nobody", "POST", s.aliToken, s.bita, 403},
			{"anonymous", "POST", "", s.ali, 401},
			{"take off one not saved", "DELETE", s.sara, s.bita, 204},
			{"take off a student", "DELETE", s.sara, a.userID(t, "nima"), 404},
			{"a teacher takes off nothing", "DELETE", s.aliToken, s.ali, 403},
		} {
			if r := save(tc.method, tc.token, tc.id); r.status != tc.want {
				t.Errorf("%s: %d %s, want %d", tc.name, r.status, r.body, tc.want)
			}
		}

		// A student's cards say what they saved; a teacher's say nothing of it.
		cards := a.cards(t, s.sara, "")
		saved := map[string]bool{}
		for _, c := range cards.Results {
			if c.Saved == nil {
				t.Fatalf("a student's card without saved: %+v", c)
			}
			saved[c.Username] = *c.Saved
		}
		if !saved["ali"] || saved["bita"] {
			t.Fatalf("sara's marks: %v", saved)
		}
		for _, c := range a.cards(t, s.aliToken, "").Results {
			if c.Saved != nil {
				t.Fatalf("a teacher's card says saved: %+v", c)
			}
		}
		// Each student's saved teachers are their own.
		for token, want := range map[string]string{s.sara: "ali", s.nima: "bita"} {
			if got := a.cards(t, token, "?saved=1"); got.names() != want || got.Count != 1 {
				t.Errorf("saved=1: %s (%d), want %s", got.names(), got.Count, want)
			}
		}
		if got := a.cards(t, s.sara, "?saved=1&q=bita").names(); got != "" {
			t.Errorf("sara's saved bita: %q", got)
		}
		for lang, want := range map[string]string{
			"en": "Only students save teachers; sign in as a student to see the saved ones.",
			"fa": "فقط زبان‌آموزان استاد ذخیره می‌کنند؛ برای دیدن استادان ذخیره‌شده با حساب زبان‌آموز وارد شوید.",
		} {
			r := a.do(req{method: "GET", path: "/api/teachers/list/?saved=1", token: s.aliToken, lang: lang})
			if r.status != 403 || r.json(t)["detail"] != want {
				t.Errorf("a teacher's saved=1 in %s: %d %s", lang, r.status, r.body)
			}
		}
		if r := a.do(req{method: "GET", path: "/api/teachers/list/?saved=1"}); r.status != 401 {
			t.Errorf("anonymous saved=1: %d", r.status)
		}

		// A teacher no longer listed is not found to save, but a mark on them can be taken off.
		if r := save("POST", s.sara, s.bita); r.status != 204 {
			t.Fatalf("save bita: %d", r.status)
		}
		ops := a.operator("ops", "09121500009")
		if r := a.do(req{method: "POST", path: fmt.Sprintf("/api/admin/users/%d/suspend/", s.bita), token: ops,
			body: map[string]string{"reason": "test"}}); r.status != 200 {
			t.Fatalf("suspend bita: %d %s", r.status, r.body)
		}
		if r := save("POST", s.nima, s.bita); r.status != 404 {
			t.Errorf("save again a saved teacher no longer listed: %d", r.status)
		}
		if r := save("POST", s.nima, s.ali); r.status != 204 {
			t.Errorf("nima saves ali: %d", r.status)
		}
		if r := save("DELETE", s.sara, s.bita); r.status != 204 {
			t.Errorf("take off an unlisted teacher: %d %s", r.status, r.body)
		}
		if r := save("DELETE", s.sara, s.bita); r.status != 404 {
			t.Errorf("take off an unlisted teacher again: %d %s", r.status, r.body)
		}
		if got := a.cards(t, s.sara, "?saved=1").names(); got != "ali" {
			t.Errorf("sara's saved: %q", got)
		}

		// The archive lists them by name; deleting the account takes them.
		saraID := a.userID(t, "sara")
		files := a.archive(t, s.sara, "sara")
		if got := string(files["saved_teachers.json"]); !strings.Contains(got, `"teacher":"علی کریمی"`) || strings.Contains(got, "Bita") {
			t.Errorf("saved_teachers.json: %s", got)
		}
		if _, ok := a.archive(t, s.aliToken, "ali")["saved_teachers.json"]; ok {
			t.Error("a teacher's archive has saved_teachers.json")
		}
		if r := a.do(req{method: "POST", path: "/api/account/delete/", token: s.sara, body: map[string]string{"password": "secret1"}}); r.status != 204 {
			t.Fatalf("delete: %d %s", r.status, r.body)
		}
		if got := a.cards(t, s.nima, "?saved=1").names(); got != "ali" {
			t.Errorf("nima's saved after sara left: %q", got)
		}
		if saved, err := a.db.SavedTeachers(t.Context(), saraID); err != nil || len(saved) != 0 {
			t.Errorf("sara's marks after she left: %v %v", saved, err)
		}
	})
}
