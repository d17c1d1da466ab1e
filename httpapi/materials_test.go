package httpapi_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// bookedSchool is a school where sara booked maryam and nima booked nobody.
func bookedSchool(t *testing.T, a *app) *school {
	s := newSchool(t, a)
	slot := s.slot(t, "2026-11-22", "09:00", "10:00")
	if r := a.do(req{method: "POST", path: "/api/slot/booking/", token: s.sara, body: map[string]any{"slot": slot, "level_price": s.level}}); r.status != 201 {
		t.Fatalf("book: %d %s", r.status, r.body)
	}
	return s
}

func TestMaterialsAPI(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := bookedSchool(t, a)
		post := func(token string, body any) resp {
			return a.do(req{method: "POST", path: "/api/materials/", token: token, body: body})
		}
		r := post(s.teacher, map[string]string{"title": "Weekly class", "material_type": "class_link", "link_url": "https://meet.jit.si/abc"})
		if r.status != 201 || r.json(t)["file"] != nil {
			t.Fatalf("class link: %d %s", r.status, r.body)
		}
		r = post(s.teacher, multipartOf(t, map[string]string{"title": "جزوهٔ هفته اول", "material_type": "note", "description": "گرامر"},
			formFile{"file", "درس ۱.pdf", fileOf(pdfHead, 3000)}))
		if r.status != 201 {
			t.Fatalf("note: %d %s", r.status, r.body)
		}
		noteID := int64(r.json(t)["id"].(float64))
		for _, tc := range []struct {
			body        any
			field, want string
		}{
			{map[string]string{"material_type": "note"}, "title", "Title is required."},
			{map[string]string{"title": "x", "material_type": "class_link"}, "link_url", "Link URL is required for link type"},
			{map[string]string{"title": "x", "material_type": "class_link", "link_url": "javascript:alert(1)"}, "link_url", "Enter a web address that starts with https:// or http://."},
			{map[string]string{"title": "x", "material_type": "assignment"}, "file", "File is required for this material type"},
			{map[string]string{"title": "x", "material_type": "video"}, "material_type", "Choose a type: note, class_link or assignment."},
			{multipartOf(t, map[string]string{"title": "x", "material_type": "note"}, formFile{"file", "x.pdf", []byte("<html>")}), "file", "The file must be PDF, DOC, DOCX, JPEG or PNG and at most 10 MB."},
		} {
			if r := post(s.teacher, tc.body); r.status != 400 || r.field(t, tc.field) != tc.want {
				t.Errorf("%v: %d %s", tc.body, r.status, r.body)
			}
		}
		if r := post(s.sara, map[string]string{"title": "x", "material_type": "class_link", "link_url": "https://x.y"}); r.status != 403 {
			t.Fatalf("student adds a material: %d", r.status)
		}
		post(s.other, map[string]string{"title": "Other's link", "material_type": "class_link", "link_url": "https://other.example"})

		list := func(token string) []map[string]any {
			var out []map[string]any
			r := a.do(req{method: "GET", path: "/api/materials/", token: token})
			if r.status != 200 {
				t.Fatalf("list: %d %s", r.status, r.body)
			}
			json.Unmarshal(r.body, &out)
			return out
		}
		mine := list(s.sara)
		if len(mine) != 2 || mine[0]["title"] != "جزوهٔ هفته اول" || mine[1]["title"] != "Weekly class" {
			t.Fatalf("student's materials, newest first, only of booked teachers: %v", mine)
		}
		if got := list(s.nima); len(got) != 0 {
			t.Fatalf("a student who booked nobody sees %d materials", len(got))
		}
		if got := list(s.other); len(got) != 1 || got[0]["title"] != "Other's link" {
			t.Fatalf("another teacher sees %v", got)
		}

		link := mine[0]["file"].(string)
		path := strings.TrimPrefix(link, "https://zabano.test")
		res, err := http.Get(a.srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || len(body) != 3000 || res.Header.Get("Content-Type") != "application/pdf" ||
			!strings.Contains(res.Header.Get("Content-Disposition"), "attachment") {
			t.Fatalf("download: %d %v", res.StatusCode, res.Header)
		}
		for name, bad := range map[string]string{
			"tampered signature": strings.Replace(path, "sig=", "sig=0", 1),
			"another user":       strings.Replace(path, fmt.Sprintf("u=%d", s.saraID), fmt.Sprintf("u=%d", s.nimaID), 1),
			"no signature":       fmt.Sprintf("/api/materials/%d/file/", noteID),
		} {
			if r := a.do(req{method: "GET", path: bad}); r.status != 403 {
				t.Errorf("%s: %d %s", name, r.status, r.body)
			}
		}
		if r := a.do(req{method: "GET", path: "/media/materials/" + strings.Repeat("0", 32) + ".pdf"}); r.status != 404 {
			t.Fatalf("material files are not public media: %d", r.status)
		}
		a.clock.Add(time.Hour + time.Minute)
		if r := a.do(req{method: "GET", path: path}); r.status != 403 || r.json(t)["detail"] != "This download link has expired. Open the materials again." {
			t.Fatalf("expired link: %d %s", r.status, r.body)
		}

		edit := fmt.Sprintf("/api/materials/%d/", noteID)
		if r := a.do(req{method: "PUT", path: edit, token: s.other, body: map[string]string{"title": "mine now"}}); r.status != 404 {
			t.Fatalf("another teacher edits: %d", r.status)
		}
		if r := a.do(req{method: "PUT", path: edit, token: s.teacher, body: map[string]string{"title": "Week 1 notes"}}); r.status != 200 || r.json(t)["title"] != "Week 1 notes" {
			t.Fatalf("edit: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "DELETE", path: edit, token: s.other}); r.status != 404 {
			t.Fatalf("another teacher deletes: %d", r.status)
		}
		if r := a.do(req{method: "DELETE", path: edit, token: s.teacher}); r.status != 204 || a.mediaFiles(t) != 0 {
			t.Fatalf("delete: %d, %d files left", r.status, a.mediaFiles(t))
		}
	})
}

func TestCoursesNotesProgress(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := bookedSchool(t, a)
		course := map[string]any{"title": "IELTS evenings", "description": "Speaking", "classLink": "https://meet.jit.si/ielts", "days": []int{6, 1, 3}, "startTime": "18:30"}
		r := a.do(req{method: "POST", path: "/api/courses/", token: s.teacher, body: course})
		if r.status != 201 || fmt.Sprint(r.json(t)["days"]) != "[1 3 6]" || r.json(t)["startTime"] != "18:30" {
			t.Fatalf("course: %d %s", r.status, r.body)
		}
		courseID := int64(r.json(t)["id"].(float64))
		for _, tc := range []struct {
			change      map[string]any
			field, want string
		}{
			{map[string]any{"title": " "}, "title", "Title is required."},
			{map[string]any{"days": []int{}}, "days", "Please select at least one day"},
			{map[string]any{"startTime": ""}, "start_time", "Start time is required."},
		} {
			c := map[string]any{}
			for k, v := range course {
				c[k] = v
			}
			for k, v := range tc.change {
				c[k] = v
			}
			if r := a.do(req{method: "POST", path: "/api/courses/", token: s.teacher, body: c}); r.status != 400 || r.field(t, tc.field) != tc.want {
				t.Errorf("%v: %d %s", tc.change, r.status, r.body)
			}
		}
		a.do(req{method: "POST", path: "/api/courses/", token: s.other, body: course})
		var list []map[string]any
		json.Unmarshal(a.do(req{method: "GET", path: "/api/courses/", token: s.sara}).body, &list)
		if len(list) != 1 || list[0]["teacher"].(map[string]any)["username"] != "maryam" {
			t.Fatalf("student's courses: %v", list)
		}
		if r := a.do(req{method: "GET", path: "/api/courses/", token: s.nima}); string(r.body) != "[]\n" {
			t.Fatalf("unbooked student's courses: %s", r.body)
		}
		if r := a.do(req{method: "PUT", path: fmt.Sprintf("/api/courses/%d/", courseID), token: s.other, body: course}); r.status != 404 {
			t.Fatalf("another teacher edits a course: %d", r.status)
		}
		course["isActive"] = false
		if r := a.do(req{method: "PUT", path: fmt.Sprintf("/api/courses/%d/", courseID), token: s.teacher, body: course}); r.status != 200 || r.json(t)["isActive"] != false {
			t.Fatalf("deactivate: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "GET", path: "/api/courses/", token: s.sara}); string(r.body) != "[]\n" {
			t.Fatalf("inactive course shown to students: %s", r.body)
		}
		if r := a.do(req{method: "DELETE", path: fmt.Sprintf("/api/courses/%d/", courseID), token: s.teacher}); r.status != 204 {
			t.Fatalf("delete course: %d", r.status)
		}

		r = a.do(req{method: "POST", path: "/api/notes/", token: s.sara, body: map[string]string{"title": "Irregular verbs", "content": "go, went, gone"}})
		if r.status != 201 {
			t.Fatalf("note: %d %s", r.status, r.body)
		}
		note := fmt.Sprintf("/api/notes/%d/", int64(r.json(t)["id"].(float64)))
		if r := a.do(req{method: "POST", path: "/api/notes/", token: s.sara, body: map[string]string{"title": ""}}); r.status != 400 {
			t.Fatalf("untitled note: %d", r.status)
		}
		if r := a.do(req{method: "PUT", path: note, token: s.nima, body: map[string]string{"title": "x"}}); r.status != 404 {
			t.Fatalf("another student edits a note: %d", r.status)
		}
		if r := a.do(req{method: "PUT", path: note, token: s.sara, body: map[string]string{"title": "Verbs", "content": "be, was, been"}}); r.status != 200 || r.json(t)["content"] != "be, was, been" {
			t.Fatalf("edit note: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "GET", path: "/api/notes/", token: s.teacher}); r.status != 403 {
			t.Fatalf("teacher reads notes: %d", r.status)
		}
		if r := a.do(req{method: "DELETE", path: note, token: s.sara}); r.status != 204 {
			t.Fatalf("delete note: %d", r.status)
		}

		// Progress: one class done, one upcoming.
		progress := func() map[string]any {
			r := a.do(req{method: "GET", path: "/api/student/progress/?tz=Asia/Tehran", token: s.sara})
			if r.status != 200 {
				t.Fatalf("progress: %d %s", r.status, r.body)
			}
			return r.json(t)
		}
		p := progress()
		if p["lessons"] != 0.0 || p["upcoming"] != 1.0 || p["classesThisWeek"] != 1.0 || p["progress"] != 0.0 || len(p["weekly"].([]any)) != 8 {
			t.Fatalf("before the class: %v", p)
		}
		a.clock.Add(26 * time.Hour)
		var classes []map[string]any
		json.Unmarshal(a.do(req{method: "GET", path: "/api/slot/lists/student/", token: s.sara}).body, &classes)
		a.do(req{method: "PUT", path: fmt.Sprintf("/api/slot/done/%d/", int64(classes[0]["id"].(float64))), token: s.sara})
		p = progress()
		weekly := p["weekly"].([]any)
		if p["lessons"] != 1.0 || p["totalMinutes"] != 60.0 || p["progress"] != 100.0 || weekly[7].(map[string]any)["lessons"] != 1.0 ||
			weekly[7].(map[string]any)["start"] != "2026-11-21" || p["exams"] != 0.0 {
			t.Fatalf("after the class: %v", p)
		}
		if r := a.do(req{method: "GET", path: "/api/student/progress/", token: s.teacher}); r.status != 403 {
			t.Fatalf("teacher reads progress: %d", r.status)
		}

		// The teacher's students, with figures, and setting a level.
		var students []map[string]any
		json.Unmarshal(a.do(req{method: "GET", path: "/api/students/list/", token: s.teacher}).body, &students)
		if len(students) != 1 || students[0]["completed_classes"] != 1.0 || students[0]["paid"] != 250000.0 || students[0]["status"] != "completed" {
			t.Fatalf("students: %v", students)
		}
		level := func(token string, body map[string]any) resp {
			return a.do(req{method: "POST", path: "/api/teacher/update-student-level/", token: token, body: body})
		}
		if r := level(s.other, map[string]any{"student_id": s.saraID, "level": "B2"}); r.status != 404 {
			t.Fatalf("another teacher sets the level: %d %s", r.status, r.body)
		}
		if r := level(s.teacher, map[string]any{"student_id": s.saraID, "level": "Z9"}); r.status != 400 {
			t.Fatalf("bad level: %d", r.status)
		}
		if r := level(s.sara, map[string]any{"student_id": s.saraID, "level": "C2"}); r.status != 403 {
			t.Fatalf("student sets a level: %d", r.status)
		}
		if r := level(s.teacher, map[string]any{"student_id": s.saraID, "language": "English", "level": "B2"}); r.status != 200 {
			t.Fatalf("set level: %d %s", r.status, r.body)
		}
		if p := progress(); p["currentLevel"] != "B2" {
			t.Fatalf("level on the dashboard: %v", p["currentLevel"])
		}
		json.Unmarshal(a.do(req{method: "GET", path: "/api/students/list/", token: s.teacher}).body, &students)
		if students[0]["level"] != "B2" {
			t.Fatalf("level on the students list: %v", students[0])
		}
	})
}
