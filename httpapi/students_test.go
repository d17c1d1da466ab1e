package httpapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/zabano/zabano"
)

func TestStudentProfile(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		student := a.register("sara", zabano.RoleStudent, "09121000030")
		teacher := a.register("omid", zabano.RoleTeacher, "09121000031")
		a.register("taken", zabano.RoleStudent, "09121000032")

		if r := a.do(req{method: "GET", path: "/api/student/profile/", token: student}); r.status != 200 || r.json(t)["username"] != "sara" {
			t.Fatalf("get: %d %s", r.status, r.body)
		}
		for _, c := range []struct{ method, path, token string }{
			{"GET", "/api/student/profile/", teacher}, {"GET", "/api/student/profile/", ""},
			{"POST", "/api/student/profile/", teacher}, {"POST", "/api/student/language-level/", teacher},
			{"POST", "/api/student/profile/upload-photo/", teacher},
		} {
			want := map[bool]int{true: 401, false: 403}[c.token == ""]
			if r := a.do(req{method: c.method, path: c.path, token: c.token, body: map[string]string{}}); r.status != want {
				t.Errorf("%s %s: %d, want %d", c.method, c.path, r.status, want)
			}
		}

		r := a.do(req{method: "POST", path: "/api/student/profile/", token: student,
			body: multipartOf(t, map[string]string{"first_name": "Sara", "last_name": "Ahmadi", "email": "sara@example.com", "bio": ""})})
		if r.status != 200 || r.json(t)["name"] != "Sara Ahmadi" || r.json(t)["email"] != "sara@example.com" {
			t.Fatalf("save: %d %s", r.status, r.body)
		}
		for _, tc := range []struct {
			body        map[string]string
			field, want string
		}{
			{map[string]string{"username": "Taken"}, "username", "A user with that username already exists."},
			{map[string]string{"username": "x y"}, "username", "Username must be 3 to 32 characters: English letters, digits, '.', '_' or '-', starting with a letter."},
			{map[string]string{"email": "nope"}, "email", "Enter a valid email address."},
			{map[string]string{"phone_number": "09129999999"}, "code", "Phone verification is required"},
			{map[string]string{"phone_number": "09129999999", "code": "000000"}, "code", "The verification code is wrong or has expired."},
			{map[string]string{"phone_number": "09121000032", "code": "000000"}, "phone", "This mobile number is already registered."},
		} {
			r := a.do(req{method: "POST", path: "/api/student/profile/", token: student, body: tc.body})
			if r.status != 400 || r.field(t, tc.field) != tc.want {
				t.Errorf("%v: %d %s, want %s %q", tc.body, r.status, r.body, tc.field, tc.want)
			}
		}
		r = a.do(req{method: "POST", path: "/api/student/profile/", token: student,
			body: map[string]string{"phone_number": "09129999999", "code": a.code("09129999999")}})
		if r.status != 200 || r.json(t)["phone"] != "09129999999" {
			t.Fatalf("phone change: %d %s", r.status, r.body)
		}

		t.Run("photo", func(t *testing.T) {
			upload := func(files ...formFile) resp {
				return a.do(req{method: "POST", path: "/api/student/profile/upload-photo/", token: student, body: multipartOf(t, nil, files...)})
			}
			r := upload(formFile{"profile_photo", "me.png", fileOf(pngHead, 500)})
			url, _ := r.json(t)["profile_photo_url"].(string)
			if r.status != 200 || !strings.HasPrefix(url, "https://zabano.test/media/photos/") {
				t.Fatalf("upload: %d %s", r.status, r.body)
			}
			if r := upload(formFile{"profile_photo", "me2.png", fileOf(pngHead, 600)}); r.status != 200 || a.mediaFiles(t) != 1 {
				t.Fatalf("replacing the photo keeps %d files, want 1", a.mediaFiles(t))
			}
			if r := upload(formFile{"profile_photo", "me.jpg", []byte("GIF89a")}); r.status != 400 || r.field(t, "profile_photo") == "" {
				t.Fatalf("gif: %d %s", r.status, r.body)
			}
			if r := upload(); r.status != 400 || r.field(t, "profile_photo") != "Choose a photo." {
				t.Fatalf("no file: %d %s", r.status, r.body)
			}
			if r := a.do(req{method: "POST", path: "/api/student/profile/upload-photo/", token: student, body: map[string]string{}}); r.status != 400 {
				t.Fatalf("JSON body: %d %s", r.status, r.body)
			}
		})

		t.Run("languages", func(t *testing.T) {
			r := a.do(req{method: "POST", path: "/api/student/language-level/", token: student, body: map[string]any{"language": 17, "level": "beginner"}})
			langs, _ := r.json(t)["language_levels"].([]any)
			if r.status != 200 || len(langs) != 1 || langs[0].(map[string]any)["language_wp_id"] != 17.0 {
				t.Fatalf("add: %d %s", r.status, r.body)
			}
			id := int64(langs[0].(map[string]any)["id"].(float64))
			for _, bad := range []map[string]any{{"language": "Klingon", "level": "A1"}, {"language": "English", "level": "expert"}, {}} {
				if r := a.do(req{method: "POST", path: "/api/student/language-level/", token: student, body: bad}); r.status != 400 {
					t.Errorf("%v: %d", bad, r.status)
				}
			}
			other := a.register("nima", zabano.RoleStudent, "09121000033")
			path := fmt.Sprintf("/api/student/language-level/%d/", id)
			if r := a.do(req{method: "DELETE", path: path, token: other}); r.status != 404 {
				t.Fatalf("another student deletes: %d", r.status)
			}
			if r := a.do(req{method: "DELETE", path: path, token: student}); r.status != 200 || len(r.json(t)["language_levels"].([]any)) != 0 {
				t.Fatalf("delete: %d %s", r.status, r.body)
			}
		})
	})
}
