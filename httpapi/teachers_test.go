package httpapi_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zabano/zabano"
)

func TestTeacherProfile(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		teacher := a.register("maryam", zabano.RoleTeacher, "09121000010")
		student := a.register("sara", zabano.RoleStudent, "09121000011")
		get := func(token string) resp {
			return a.do(req{method: "GET", path: "/api/teacher/profile/", token: token})
		}
		r := get(teacher)
		if r.status != 200 || r.json(t)["complete"] != false || r.json(t)["timezone"] != "Asia/Tehran" || r.json(t)["wallet_balance"] != 0.0 {
			t.Fatalf("new profile: %d %s", r.status, r.body)
		}
		if r := get(student); r.status != 403 || r.json(t)["detail"] != "This is only for teachers." {
			t.Fatalf("student: %d %s", r.status, r.body)
		}
		if r := get(""); r.status != 401 {
			t.Fatalf("anonymous: %d", r.status)
		}

		levels := `[{"language":"English","levels":["A1","B2"],"regular_price":250000,"exam_price":300000},
			{"language":"French","levels":[2],"regular_price":"200000"}]`
		body := multipartOf(t, map[string]string{
			"first_name": "Maryam", "bio": "IELTS coach", "price_per_hour": "۳۰۰٬۰۰۰", "experience_years": "6",
			"test_session_price": "50000", "language_levels": levels, "wp_teacher_id": "77", "timezone": "Europe/Berlin",
			"education": "",
		},
			formFile{"photo", "../../../etc/me.png", fileOf(pngHead, 2000)},
			formFile{"intro_video", "intro.mp4", fileOf(mp4Head, 5000)},
			formFile{"documents", "cv.pdf", fileOf(pdfHead, 3000)},
			formFile{"documents", "virus.pdf", []byte("MZ\x90\x00 not a pdf")},
		)
		r = a.do(req{method: "POST", path: "/api/teacher/profile/", token: teacher, body: body})
		if r.status != 200 {
			t.Fatalf("save: %d %s", r.status, r.body)
		}
		var p struct {
			Complete     bool
			PricePerHour int64  `json:"price_per_hour"`
			Photo        string `json:"photo"`
			IntroVideo   string `json:"intro_video"`
			TimeZone     string `json:"timezone"`
			Languages    []string
			Documents    []struct {
				ID        int64
				Name, URL string
			}
			LanguageLevels []struct {
				Language string
				Levels   []string
			} `json:"language_levels"`
			LevelPrices []struct {
				ID    int64
				Level int
				Price int64
			} `json:"level_prices"`
			DocumentErrors []struct{ Name, Detail string } `json:"document_errors"`
		}
		json.Unmarshal(r.body, &p)
		if !p.Complete || p.PricePerHour != 300000 || p.TimeZone != "Europe/Berlin" || fmt.Sprint(p.Languages) != "[English French]" ||
			len(p.LevelPrices) != 3 || len(p.LanguageLevels) != 2 || fmt.Sprint(p.LanguageLevels[0].Levels) != "[A1 B2]" {
			t.Fatalf("saved profile: %s", r.body)
		}
		if len(p.Documents) != 1 || p.Documents[0].Name != "cv.pdf" || len(p.DocumentErrors) != 1 || p.DocumentErrors[0].Name != "virus.pdf" ||
			p.DocumentErrors[0].Detail != "The document must be PDF, DOC, DOCX, JPEG or PNG and at most 10 MB." {
			t.Fatalf("documents %+v, errors %+v", p.Documents, p.DocumentErrors)
		}
		if !strings.HasPrefix(p.Photo, "https://zabano.test/media/photos/") || !strings.HasSuffix(p.Photo, ".png") ||
			!strings.HasPrefix(p.IntroVideo, "https://zabano.test/media/videos/") {
			t.Fatalf("media URLs %q %q", p.Photo, p.IntroVideo)
		}

		t.Run("media served typed by the server", func(t *testing.T) {
			path := strings.TrimPrefix(p.Photo, "https://zabano.test")
			res, err := http.Get(a.srv.URL + path)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			b, _ := io.ReadAll(res.Body)
			if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/png" || res.Header.Get("X-Content-Type-Options") != "nosniff" || len(b) != 2000 {
				t.Fatalf("got %d %q %d bytes", res.StatusCode, res.Header.Get("Content-Type"), len(b))
			}
			os.WriteFile(filepath.Join(a.mediaDir, "secret.txt"), []byte("TOPSECRET"), 0o600)
			for _, bad := range []string{"/media/photos/../secret.txt", "/media/secret.txt", "/media/photos/..%2fsecret.txt", "/media/photos/nope.png"} {
				res, err := http.Get(a.srv.URL + bad)
				if err != nil {
					t.Fatal(err)
				}
				b, _ := io.ReadAll(res.Body)
				res.Body.Close()
				if strings.Contains(string(b), "TOPSECRET") || res.StatusCode == 200 && res.Header.Get("Content-Type") != "text/html; charset=utf-8" {
					t.Errorf("%s: %d %q %s", bad, res.StatusCode, res.Header.Get("Content-Type"), b)
				}
			}
		})

		t.Run("only filled fields change", func(t *testing.T) {
			r := a.do(req{method: "POST", path: "/api/teacher/profile/", token: teacher, body: multipartOf(t, map[string]string{"bio": "", "price_per_hour": "320000"})})
			if r.status != 200 || r.json(t)["bio"] != "IELTS coach" || r.json(t)["price_per_hour"] != 320000.0 {
				t.Fatalf("%d %s", r.status, r.body)
			}
		})

		for _, tc := range []struct {
			name   string
			fields map[string]string
			files  []formFile
			field  string
			want   string
		}{
			{"price not a number", map[string]string{"price_per_hour": "cheap"}, nil, "price_per_hour", "Enter a whole number."},
			{"negative price", map[string]string{"test_session_price": "-5"}, nil, "test_session_price", "Enter a whole number."},
			{"too much experience", map[string]string{"experience_years": "200"}, nil, "experience_years", "Years of experience are a whole number from 0 to 80."},
			{"bad time zone", map[string]string{"timezone": "Mars/Base"}, nil, "timezone", "Choose a valid time zone, for example Asia/Tehran."},
			{"levels not JSON", map[string]string{"language_levels": "English:A1"}, nil, "language_levels", "language_levels must be a JSON list of languages with levels and prices."},
			{"no level", map[string]string{"language_levels": `[{"language":"English","levels":[],"regular_price":1}]`}, nil, "language_levels", "select a language and at least one level"},
			{"unknown language", map[string]string{"language_levels": `[{"language":"Klingon","levels":["A1"],"regular_price":1}]`}, nil, "language_levels", "Choose a language from the list."},
			{"level without price", map[string]string{"language_levels": `[{"language":"English","levels":["A1"]}]`}, nil, "language_levels", "Enter the price of a class for these levels."},
			{"html as photo", map[string]string{"bio": "new"}, []formFile{{"photo", "me.png", []byte("<html><script>alert(1)</script>")}}, "photo", "The photo must be a JPEG or PNG image of at most 5 MB."},
			{"photo over 5 MB", nil, []formFile{{"photo", "big.png", fileOf(pngHead, 5<<20+1)}}, "photo", "The photo must be a JPEG or PNG image of at most 5 MB."},
			{"pdf as video", nil, []formFile{{"intro_video", "intro.mp4", fileOf(pdfHead, 100)}}, "intro_video", "The video must be MP4, MOV or AVI and at most 100 MB."},
		} {
			t.Run(tc.name, func(t *testing.T) {
				before := a.mediaFiles(t)
				r := a.do(req{method: "POST", path: "/api/teacher/profile/", token: teacher, body: multipartOf(t, tc.fields, append(tc.files, formFile{"documents", "ok.pdf", fileOf(pdfHead, 10)})...)})
				if r.status != 400 || r.field(t, tc.field) != tc.want {
					t.Fatalf("got %d %s, want %s: %q", r.status, r.body, tc.field, tc.want)
				}
				if after := a.mediaFiles(t); after != before {
					t.Fatalf("a refused save left files: %d before, %d after", before, after)
				}
			})
		}
		if r := a.do(req{method: "POST", path: "/api/teacher/profile/", token: teacher, lang: "fa", body: multipartOf(t, map[string]string{"language_levels": `[{"language":"English","levels":[]}]`})}); r.field(t, "language_levels") != "یک زبان و دست‌کم یک سطح انتخاب کنید" {
			t.Fatalf("Persian message: %s", r.body)
		}

		other := a.register("omid", zabano.RoleTeacher, "09121000012")
		if r := a.do(req{method: "POST", path: "/api/teacher/profile/", token: other, body: multipartOf(t, map[string]string{"wp_teacher_id": "77"})}); r.status != 400 || r.field(t, "wp_teacher_id") != "Another teacher has this main-site id." {
			t.Fatalf("taken main-site id: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "POST", path: "/api/teacher/profile/", token: student, body: multipartOf(t, map[string]string{"bio": "x"})}); r.status != 403 {
			t.Fatalf("student saves a teacher profile: %d", r.status)
		}

		doc := fmt.Sprintf("/api/teacher/documents/%d/", p.Documents[0].ID)
		if r := a.do(req{method: "DELETE", path: doc, token: other}); r.status != 404 {
			t.Fatalf("another teacher deletes the document: %d", r.status)
		}
		if r := a.do(req{method: "DELETE", path: doc, token: student}); r.status != 403 {
			t.Fatalf("a student deletes the document: %d", r.status)
		}
		if r := a.do(req{method: "DELETE", path: doc, token: teacher}); r.status != 204 {
			t.Fatalf("delete: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "DELETE", path: "/api/teacher/documents/abc/", token: teacher}); r.status != 404 {
			t.Fatalf("malformed id: %d", r.status)
		}
	})
}

// mediaFiles counts the stored uploads.
func (a *app) mediaFiles(t *testing.T) int {
	t.Helper()
	return countFiles(a.mediaDir)
}

func TestFindTeacher(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		student := a.register("sara", zabano.RoleStudent, "09121000020")
		save := func(name, phone string, fields map[string]string) int64 {
			token := a.register(name, zabano.RoleTeacher, phone)
			r := a.do(req{method: "POST", path: "/api/teacher/profile/", token: token, body: multipartOf(t, fields)})
			if r.status != 200 {
				t.Fatalf("save %s: %d %s", name, r.status, r.body)
			}
			return int64(r.json(t)["id"].(float64))
		}
		ali := save("ali", "09121000021", map[string]string{"first_name": "Ali", "bio": "Business English", "price_per_hour": "500000", "experience_years": "9",
			"language_levels": `[{"language":"English","levels":["B1","B2"],"regular_price":500000,"exam_price":600000}]`})
		save("bita", "09121000022", map[string]string{"first_name": "بیتا", "bio": "French for travel", "price_per_hour": "200000", "experience_years": "2", "wp_teacher_id": "4242",
			"language_levels": `[{"language":"French","levels":["A1"],"regular_price":200000},{"language":"English","levels":["A2"],"regular_price":180000}]`})
		save("cyrus", "09121000023", map[string]string{"bio": "no prices yet"})

		var exact bool // the last list's count_exact
		list := func(query string) (string, float64) {
			t.Helper()
			r := a.do(req{method: "GET", path: "/api/teachers/list/" + query, token: student})
			if r.status != 200 {
				t.Fatalf("%s: %d %s", query, r.status, r.body)
			}
			var out struct {
				Results    []struct{ Username string }
				Count      float64
				CountExact bool `json:"count_exact"`
			}
			json.Unmarshal(r.body, &out)
			var names []string
			for _, x := range out.Results {
				names = append(names, x.Username)
			}
			exact = out.CountExact
			return strings.Join(names, ","), out.Count
		}
		for query, want := range map[string]string{
			"":                               "bita,ali",
			"?q=BUSINESS":                    "ali",
			"?q=بیتا":                        "bita",
			"?language=french":               "bita",
			"?language=eng&sort=price":       "bita,ali",
			"?language=ENG&sort=price":       "bita,ali", // a language's name, ignoring case
			"?language=klingon":              "",
			"?language=h,f":                  "", // not across two names
			"?sort=experience":               "ali,bita",
			"?sort=price&page=2&page_size=1": "ali",
			"?id=4242":                       "bita",
			fmt.Sprintf("?id=%d", ali):       "ali",
			"?q=nobody":                      "",
		} {
			if got, _ := list(query); got != want || !exact {
				t.Errorf("list%s = %q (count exact %v), want %q", query, got, exact, want)
			}
		}
		if _, count := list("?page_size=1"); count != 2 {
			t.Errorf("count %v, want 2", count)
		}
		// A search counts its page and five pages more: with page_size=1, six.
		for i := range 6 {
			save(fmt.Sprint("biz", i), fmt.Sprintf("0912100003%d", i), map[string]string{"bio": "Business French", "price_per_hour": "300000",
				"language_levels": `[{"language":"French","levels":["A1"],"regular_price":300000}]`})
		}
		if got, count := list("?q=business&page_size=1"); got != "biz5" || count != 6 || exact {
			t.Errorf("a search past its bound: %s of %v (exact %v), want biz5 (the newest) of 6, not exact", got, count, exact)
		}
		if _, count := list("?q=business&page_size=2"); count != 7 || !exact {
			t.Errorf("a search within its bound: %v (exact %v), want 7, exact", count, exact)
		}
		for _, bad := range []string{"?sort=cheapest", "?page=0", "?page_size=1000", "?page=x"} {
			if r := a.do(req{method: "GET", path: "/api/teachers/list/" + bad, token: student}); r.status != 400 {
				t.Errorf("%s: %d", bad, r.status)
			}
		}
		if r := a.do(req{method: "GET", path: "/api/teachers/list/"}); r.status != 401 {
			t.Fatalf("anonymous list: %d", r.status)
		}

		r := a.do(req{method: "GET", path: fmt.Sprintf("/api/teachers/%d/profile/", ali), token: student})
		if r.status != 200 {
			t.Fatalf("pricing: %d %s", r.status, r.body)
		}
		prices := r.json(t)["level_prices"].([]any)
		first := prices[0].(map[string]any)
		if len(prices) != 2 || first["level"] != 3.0 || first["level_name"] != "B1" || first["exam_price"] != 600000.0 {
			t.Fatalf("level prices: %s", r.body)
		}
		sid := a.userID(t, "sara")
		for _, path := range []string{"/api/teachers/999999/profile/", fmt.Sprintf("/api/teachers/%d/profile/", sid), "/api/teachers/x/profile/"} {
			if r := a.do(req{method: "GET", path: path, token: student}); r.status != 404 {
				t.Errorf("%s: %d", path, r.status)
			}
		}
	})
}

func (a *app) userID(t *testing.T, username string) int64 {
	u, err := a.db.FindUserByUsername(t.Context(), username)
	if err != nil {
		t.Fatal(err)
	}
	return u.ID
}
