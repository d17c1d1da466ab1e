package httpapi

import (
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/zabano/zabano"
)

// courseJSON is a course (spec section 3).
type courseJSON struct {
	ID          int64      `json:"id"`
	Title       string     `json:"title"`
	Description string     `json:"description"`
	ClassLink   string     `json:"classLink"`
	Days        []int      `json:"days"` // 0 Sunday ... 6 Saturday
	StartTime   string     `json:"startTime"`
	IsActive    bool       `json:"isActive"`
	Teacher     personJSON `json:"teacher"`
}

func courseOf(c *zabano.Course) courseJSON {
	out := courseJSON{
		ID: c.ID, Title: c.Title, Description: c.Description, ClassLink: c.ClassLink, Days: []int{},
		StartTime: fmt.Sprintf("%02d:%02d", c.StartTime/60, c.StartTime%60), IsActive: c.Active,
		Teacher: personJSON{c.TeacherID, c.Teacher.Username, c.Teacher.DisplayName(), nil},
	}
	for _, d := range c.Days {
		out.Days = append(out.Days, int(d))
	}
	return out
}

// courses is GET /api/courses/: a teacher's own, or the active courses of a student's teachers.
func (s *Server) courses(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	list, err := s.Materials.CoursesFor(r.Context(), u)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]courseJSON, len(list))
	for i, c := range list {
		out[i] = courseOf(c)
	}
	encode(w, http.StatusOK, out)
}

// saveCourse is POST /api/courses/ and PUT /api/courses/{id}/ (teacher).
func (s *Server) saveCourse(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	var req struct {
		Title       string `json:"title"`
		Description string `json:"description"`
		ClassLink   string `json:"classLink"`
		Days        []int  `json:"days"`
		StartTime   string `json:"startTime"`
		IsActive    *bool  `json:"isActive"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	c := &zabano.Course{TeacherID: u.ID, Title: req.Title, Description: req.Description, ClassLink: req.ClassLink, Active: true, StartTime: -1, Teacher: *u}
	if r.PathValue("id") != "" {
		id, err := pathID(r)
		if err != nil {
			writeError(w, r, err)
			return
		}
		c.ID = id
	}
	if req.IsActive != nil {
		c.Active = *req.IsActive
	}
	for _, d := range req.Days {
		if d >= 0 && d <= 6 && !slices.Contains(c.Days, time.Weekday(d)) {
			c.Days = append(c.Days, time.Weekday(d))
		}
	}
	slices.Sort(c.Days)
	if t, ok := zabano.ParseClock(req.StartTime); ok && t < 24*60 {
		c.StartTime = t
	}
	err := c.Validate()
	if err == nil {
		err = s.Materials.SaveCourse(r.Context(), c)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	status := http.StatusOK
	if r.Method == http.MethodPost {
		status = http.StatusCreated
	}
	encode(w, status, courseOf(c))
}

// deleteCourse is DELETE /api/courses/{id}/ (teacher).
func (s *Server) deleteCourse(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	id, err := pathID(r)
	if err == nil {
		err = s.Materials.DeleteCourse(r.Context(), u.ID, id)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

type noteJSON struct {
	ID        int64     `json:"id"`
	Title     string    `json:"title"`
	Content   string    `json:"content"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// notes is GET /api/notes/: the student's own study notes, oldest first.
func (s *Server) notes(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	list, err := s.Materials.Notes(r.Context(), u.ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]noteJSON, len(list))
	for i, n := range list {
		out[i] = noteJSON{n.ID, n.Title, n.Content, n.CreatedAt, n.UpdatedAt}
	}
	encode(w, http.StatusOK, out)
}

// saveNote is POST /api/notes/ and PUT /api/notes/{id}/ (student).
func (s *Server) saveNote(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	var req struct {
		Title   string `json:"title"`
		Content string `json:"content"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	n := &zabano.StudyNote{StudentID: u.ID, Title: req.Title, Content: req.Content}
	var err error
	if r.PathValue("id") != "" {
		n.ID, err = pathID(r)
	}
	if err == nil {
		err = n.Validate()
	}
	if err == nil {
		err = s.Materials.SaveNote(r.Context(), n)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	status := http.StatusOK
	if r.Method == http.MethodPost {
		status = http.StatusCreated
	}
	encode(w, status, noteJSON{n.ID, n.Title, n.Content, n.CreatedAt, n.UpdatedAt})
}

// deleteNote is DELETE /api/notes/{id}/ (student).
func (s *Server) deleteNote(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	id, err := pathID(r)
	if err == nil {
		err = s.Materials.DeleteNote(r.Context(), u.ID, id)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
