package httpapi_test

import (
	"archive/zip"
	"bytes"
	"fmt"
	"net/http"
	"path"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/httpapi"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// files is n copies of one file for field.
func files(n int, field, name string, data []byte) []formFile {
	out := make([]formFile, n)
	for i := range out {
		out[i] = formFile{field, name, data}
	}
	return out
}

// TestUploadOneFilePerField sends many files to fields that take one: the
// request is refused and keeps nothing, neither a file nor a field.
func TestUploadOneFilePerField(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		student := a.register("sara", zabano.RoleStudent, "09121000501")
		teacher := a.register("maryam", zabano.RoleTeacher, "09121000502")
		const want = "Choose only one file."
		for _, tc := range []struct {
			name, path, token, field string
			body                     multipartBody
		}{
			{"10 profile photos", "/api/student/profile/upload-photo/", student, "profile_photo",
				multipartOf(t, nil, files(10, "profile_photo", "me.png", fileOf(pngHead, 300))...)},
			{"40 teacher photos", "/api/teacher/profile/", teacher, "photo",
				multipartOf(t, map[string]string{"first_name": "Mallory"}, files(40, "photo", "me.png", fileOf(pngHead, 300))...)},
			{"two intro videos", "/api/teacher/profile/", teacher, "intro_video",
				multipartOf(t, map[string]string{"first_name": "Mallory"}, files(2, "intro_video", "v.mp4", fileOf(mp4Head, 300))...)},
			{"two material files", "/api/materials/", teacher, "file",
				multipartOf(t, map[string]string{"title": "notes", "material_type": "note"}, files(2, "file", "a.pdf", fileOf(pdfHead, 300))...)},
		} {
			t.Run(tc.name, func(t *testing.T) {
				r := a.do(req{method: "POST", path: tc.path, token: tc.token, body: tc.body})
				if r.status != 400 || r.field(t, tc.field) != want {
					t.Fatalf("%d %s", r.status, r.body)
				}
				if fa := a.do(req{method: "POST", path: tc.path, token: tc.token, body: tc.body, lang: "fa"}); fa.field(t, tc.field) != "فقط یک فایل انتخاب کنید." {
					t.Errorf("in Persian: %s", fa.body)
				}
				if n := a.mediaFiles(t); n != 0 {
					t.Fatalf("%d files left", n)
				}
			})
		}
		if r := a.do(req{method: "GET", path: "/api/student/profile/", token: student}); r.json(t)["photo"] != nil {
			t.Errorf("student photo set: %s", r.body)
		}
		if r := a.do(req{method: "GET", path: "/api/teacher/profile/", token: teacher}); r.json(t)["first_name"] == "Mallory" {
			t.Errorf("the refused profile was saved: %s", r.body)
		}
		if r := a.do(req{method: "GET", path: "/api/materials/", token: teacher}); string(r.body) != "[]\n" {
			t.Errorf("a refused material was saved: %s", r.body)
		}
		// A field that takes many still does.
		r := a.do(req{method: "POST", path: "/api/teacher/profile/", token: teacher, body: multipartOf(t, nil, files(3, "documents", "cv.pdf", fileOf(pdfHead, 300))...)})
		if r.status != 200 || len(r.json(t)["documents"].([]any)) != 3 || a.mediaFiles(t) != 3 {
			t.Fatalf("three documents: %d %s", r.status, r.body)
		}
	})
}

// uploadApp is an app whose upload limits limit changes.
func uploadApp(t *testing.T, db *sqlstore.DB, limit func(*zabano.Uploads)) *app {
	return newApp(t, db, func(s *httpapi.Server) { limit(s.Uploads) })
}

// postFile posts a material of one file as token, for goroutines, where a
// test may not stop; it returns the status.
func (a *app) postFile(token string, data []byte) (int, error) {
	body := multipartOf(a.t, map[string]string{"title": "notes", "material_type": "note"}, formFile{"file", "notes.pdf", data})
	r, _ := http.NewRequest("POST", a.srv.URL+"/api/materials/", bytes.NewReader(body.data))
	r.Header.Set("Content-Type", body.ctype)
	r.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(r)
	if err != nil {
		return 0, err
	}
	res.Body.Close()
	return res.StatusCode, nil
}

// TestUploadQuota fills users' storage: past the quota of their role an
// upload is refused and kept nowhere, a deletion makes room again, and
// parallel uploads near the quota never pass it together.
func TestUploadQuota(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		a := uploadApp(t, db, func(u *zabano.Uploads) { u.StudentQuota, u.TeacherQuota, u.PerHour = 1<<20, 3<<20, 1000 })
		student := a.register("sara", zabano.RoleStudent, "09121000511")
		teacher := a.register("maryam", zabano.RoleTeacher, "09121000512")
		r := a.do(req{method: "POST", path: "/api/student/profile/upload-photo/", token: student,
			body: multipartOf(t, nil, formFile{"profile_photo", "me.png", fileOf(pngHead, 3<<19)})})
		if r.status != 409 || r.json(t)["detail"] != "Your storage is full (1 MB). Delete some of your files to upload new ones." || a.mediaFiles(t) != 0 {
			t.Fatalf("a 1.5 MB photo in 1 MB: %d %s, %d files", r.status, r.body, a.mediaFiles(t))
		}
		post := func(lang string) resp {
			return a.do(req{method: "POST", path: "/api/materials/", token: teacher, lang: lang,
				body: multipartOf(t, map[string]string{"title": "notes", "material_type": "note"}, formFile{"file", "notes.pdf", fileOf(pdfHead, 1<<20)})})
		}
		var first string
		for i := range 3 {
			r := post("")
			if r.status != 201 {
				t.Fatalf("material %d of 1 MB in 3 MB: %d %s", i, r.status, r.body)
			}
			if i == 0 {
				first = fmt.Sprint(int64(r.json(t)["id"].(float64)))
			}
		}
		r = post("fa")
		if r.status != 409 || r.json(t)["detail"] != "فضای ذخیره‌سازی شما (۳ مگابایت) پر شده است. برای بارگذاری فایل تازه، چند فایل قبلی را حذف کنید." || a.mediaFiles(t) != 3 {
			t.Fatalf("a fourth: %d %s, %d files", r.status, r.body, a.mediaFiles(t))
		}
		if r := a.do(req{method: "DELETE", path: "/api/materials/" + first + "/", token: teacher}); r.status != 204 {
			t.Fatalf("delete: %d %s", r.status, r.body)
		}
		if r := post(""); r.status != 201 {
			t.Fatalf("after a deletion: %d %s", r.status, r.body)
		}

		// 700 KB each in 3 MB: four fit, whatever the order they arrive in.
		other := a.register("omid", zabano.RoleTeacher, "09121000513")
		before := a.mediaFiles(t)
		var wg sync.WaitGroup
		var mu sync.Mutex
		statuses := map[int]int{}
		for range 12 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				status, err := a.postFile(other, fileOf(pdfHead, 700<<10))
				if err != nil {
					t.Error(err)
				}
				mu.Lock()
				statuses[status]++
				mu.Unlock()
			}()
		}
		wg.Wait()
		if statuses[201] != 4 || statuses[409] != 8 || a.mediaFiles(t) != before+4 {
			t.Fatalf("12 parallel uploads of 700 KB in 3 MB: %v, %d files stored", statuses, a.mediaFiles(t)-before)
		}
	})
}

// TestUploadRate uploads faster than a user may: past the hourly limit an
// upload is refused with Retry-After and keeps nothing, until the hour passes.
func TestUploadRate(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		a := uploadApp(t, db, func(u *zabano.Uploads) { u.PerHour = 3 })
		teacher := a.register("maryam", zabano.RoleTeacher, "09121000521")
		post := func(body any) resp {
			return a.do(req{method: "POST", path: "/api/materials/", token: teacher, body: body})
		}
		note := func() multipartBody {
			return multipartOf(t, map[string]string{"title": "notes", "material_type": "note"}, formFile{"file", "notes.pdf", fileOf(pdfHead, 500)})
		}
		for i := range 3 {
			if r := post(note()); r.status != 201 {
				t.Fatalf("upload %d: %d %s", i, r.status, r.body)
			}
		}
		r := post(note())
		if r.status != 429 || r.header.Get("Retry-After") != "3600" ||
			r.json(t)["detail"] != "You have uploaded too many files in the last hour. Please try again in 60 minutes." || a.mediaFiles(t) != 3 {
			t.Fatalf("a fourth upload: %d %v %s, %d files", r.status, r.header, r.body, a.mediaFiles(t))
		}
		if r := post(map[string]string{"title": "Weekly class", "material_type": "class_link", "link_url": "https://meet.jit.si/abc"}); r.status != 201 {
			t.Fatalf("a link is no upload: %d %s", r.status, r.body)
		}
		a.clock.Add(time.Hour)
		if r := post(note()); r.status != 201 {
			t.Fatalf("an hour later: %d %s", r.status, r.body)
		}
	})
}

// docxOf is a ZIP of the named parts, each a tiny XML text: with
// [Content_Types].xml and word/document.xml, the least a Word document has.
func docxOf(t *testing.T, names ...string) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, name := range names {
		f, err := w.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte(`<?xml version="1.0"?><x/>`))
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestDocumentsAreDownloads checks that a .docx is a Word document by its
// ZIP directory, and that documents are served as downloads, never opened
// from the app's origin, while photos show inline.
func TestDocumentsAreDownloads(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		teacher := a.register("maryam", zabano.RoleTeacher, "09121000531")
		docx := docxOf(t, "[Content_Types].xml", "_rels/.rels", "word/document.xml")
		plainZip := docxOf(t, "index.html")
		material := func(data []byte, lang string) resp {
			return a.do(req{method: "POST", path: "/api/materials/", token: teacher, lang: lang,
				body: multipartOf(t, map[string]string{"title": "notes", "material_type": "note"}, formFile{"file", "notes.docx", data})})
		}
		if r := material(plainZip, ""); r.status != 400 || r.field(t, "file") != "This file is named .docx but is not a Word document." || a.mediaFiles(t) != 0 {
			t.Fatalf("a plain ZIP named .docx: %d %s", r.status, r.body)
		}
		if r := material(plainZip, "fa"); r.field(t, "file") != "این فایل پسوند docx دارد، اما سند Word نیست." {
			t.Errorf("in Persian: %s", r.body)
		}
		r := material(docx, "")
		if r.status != 201 {
			t.Fatalf("a real DOCX: %d %s", r.status, r.body)
		}
		res, body := a.fetch(t, strings.TrimPrefix(r.json(t)["file"].(string), "https://zabano.test"))
		if res.StatusCode != 200 || !bytes.Equal(body, docx) || res.Header.Get("Content-Disposition") != "attachment; filename=notes.docx" ||
			res.Header.Get("Content-Type") != "application/vnd.openxmlformats-officedocument.wordprocessingml.document" {
			t.Fatalf("material download: %d %v", res.StatusCode, res.Header)
		}

		r = a.do(req{method: "POST", path: "/api/teacher/profile/", token: teacher, body: multipartOf(t, nil,
			formFile{"documents", "cv.pdf", fileOf(pdfHead, 300)},
			formFile{"documents", "fake.docx", plainZip},
			formFile{"documents", "cv.docx", docx},
			formFile{"photo", "me.png", fileOf(pngHead, 300)},
		)})
		var p struct {
			Photo     string
			Documents []struct {
				Name, URL string
			}
			DocumentErrors []struct{ Name, Detail string } `json:"document_errors"`
		}
		r.decode(t, &p)
		if r.status != 200 || len(p.Documents) != 2 || len(p.DocumentErrors) != 1 || p.DocumentErrors[0].Name != "fake.docx" ||
			p.DocumentErrors[0].Detail != "This file is named .docx but is not a Word document." {
			t.Fatalf("documents: %d %s", r.status, r.body)
		}
		for _, d := range p.Documents {
			res, _ := a.fetch(t, strings.TrimPrefix(d.URL, "https://zabano.test"))
			if want := "attachment; filename=" + path.Base(d.URL); res.StatusCode != 200 || res.Header.Get("Content-Disposition") != want {
				t.Errorf("%s: %d, Content-Disposition %q, want %q", d.Name, res.StatusCode, res.Header.Get("Content-Disposition"), want)
			}
		}
		if res, _ := a.fetch(t, strings.TrimPrefix(p.Photo, "https://zabano.test")); res.StatusCode != 200 || res.Header.Get("Content-Disposition") != "" {
			t.Errorf("photo: %d, Content-Disposition %q", res.StatusCode, res.Header.Get("Content-Disposition"))
		}
	})
}
