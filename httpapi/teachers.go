package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/media"
)

// levelPriceJSON is one bookable level of a teacher (spec section 3, level_prices).
type levelPriceJSON struct {
	ID           int64  `json:"id"`
	Language     string `json:"language"`
	Level        int    `json:"level"`
	LevelName    string `json:"level_name"`
	Price        int64  `json:"price"`
	RegularPrice int64  `json:"regular_price"`
	ExamPrice    int64  `json:"exam_price"`
}

// languageLevelsJSON is one entry of the profile editor (spec section 3).
type languageLevelsJSON struct {
	ID           int64    `json:"id"`
	Language     string   `json:"language"`
	Levels       []string `json:"levels"`
	RegularPrice int64    `json:"regular_price"`
	ExamPrice    int64    `json:"exam_price"`
}

type documentJSON struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
	URL       string    `json:"url"`
	CreatedAt time.Time `json:"created_at"`
}

type userRefJSON struct {
	ID        int64  `json:"id"`
	Username  string `json:"username"`
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
}

// teacherJSON is a teacher as the list, the pricing view and the editor show
// them; the editor's own view adds private fields.
type teacherJSON struct {
	ID               int64       `json:"id"`
	User             userRefJSON `json:"user"`
	Username         string      `json:"username"`
	FirstName        string      `json:"first_name"`
	LastName         string      `json:"last_name"`
	Name             string      `json:"name"`
	Bio              string      `json:"bio"`
	Photo            *string     `json:"photo"`
	ProfilePhotoURL  *string     `json:"profile_photo_url"`
	PricePerHour     int64       `json:"price_per_hour"`
	TestSessionPrice int64       `json:"test_session_price"`
	// TrialAvailable, on the pricing view only, says whether the signed-in
	// student may book a trial class with the teacher now.
	TrialAvailable  *bool    `json:"trial_available,omitempty"`
	ExperienceYears int      `json:"experience_years"`
	Languages       []string `json:"languages"`
	// Rating is the average of the visible reviews; null when there are none.
	Rating        *float64         `json:"rating"`
	ReviewsCount  int              `json:"reviews_count"`
	TotalSessions int              `json:"total_sessions"`
	WPTeacherID   string           `json:"wp_teacher_id"`
	TimeZone      string           `json:"timezone"`
	LevelPrices   []levelPriceJSON `json:"level_prices,omitempty"`
	// NextSlots, FreeSlots and Available are filled on the teacher list only.
	NextSlots []slotJSON `json:"next_slots,omitempty"`
	FreeSlots int        `json:"free_slots"`
	Available bool       `json:"available"`
	// Saved, on the teacher list for a student only, says whether they saved the teacher.
	Saved *bool `json:"saved,omitempty"`
}

// teacherProfileJSON is GET /api/teacher/profile/: everything the editor edits.
type teacherProfileJSON struct {
	teacherJSON
	IntroVideo       *string              `json:"intro_video"`
	Documents        []documentJSON       `json:"documents"`
	LanguageLevels   []languageLevelsJSON `json:"language_levels"`
	Specializations  string               `json:"specializations"`
	Education        string               `json:"education"`
	Certifications   string               `json:"certifications"`
	TeachingStyle    string               `json:"teaching_style"`
	AvailabilityNote string               `json:"availability_note"`
	Complete         bool                 `json:"complete"`
	// The teacher's wallet at a glance (spec section 3, teacher profile).
	WalletBalance      int64 `json:"wallet_balance"`
	ClassesHeld        int   `json:"classes_held"`
	ThisMonthEarnings  int64 `json:"this_month_earnings"`
	PendingWithdrawals int64 `json:"pending_withdrawals"`
	TotalEarnings      int64 `json:"total_earnings"`
	// DocumentErrors lists uploaded documents that were skipped, after a save.
	DocumentErrors []rejectedFile `json:"document_errors,omitempty"`
	// Review is where the profile stands with the operators.
	Review teacherReviewJSON `json:"review"`
}

func (s *Server) teacherOf(p *zabano.TeacherProfile) teacherJSON {
	u := p.User
	photo := s.mediaURL(u.Photo)
	t := teacherJSON{
		ID: u.ID, User: userRefJSON{u.ID, u.Username, u.FirstName, u.LastName},
		Username: u.Username, FirstName: u.FirstName, LastName: u.LastName, Name: u.DisplayName(),
		Bio: u.Bio, Photo: photo, ProfilePhotoURL: photo,
		PricePerHour: p.PricePerHour, TestSessionPrice: p.TestSessionPrice, ExperienceYears: p.ExperienceYears,
		Languages: p.Languages, Rating: zabano.Rating(p.RatingSum, p.ReviewCount), ReviewsCount: p.ReviewCount, TotalSessions: p.Sessions, WPTeacherID: p.WPTeacherID, TimeZone: p.TimeZone,
	}
	if t.Languages == nil {
		t.Languages = []string{}
	}
	for _, l := range p.Levels {
		t.LevelPrices = append(t.LevelPrices, levelPriceOf(l))
	}
	return t
}

func levelPriceOf(l zabano.LevelPrice) levelPriceJSON {
	return levelPriceJSON{
		ID: l.ID, Language: l.Language, Level: int(l.Level), LevelName: l.Level.String(),
		Price: l.RegularPrice, RegularPrice: l.RegularPrice, ExamPrice: l.ExamPrice,
	}
}

func (s *Server) teacherProfileOf(p *zabano.TeacherProfile) teacherProfileJSON {
	out := teacherProfileJSON{
		teacherJSON: s.teacherOf(p), IntroVideo: s.mediaURL(p.IntroVideo),
		Documents: []documentJSON{}, LanguageLevels: []languageLevelsJSON{},
		Specializations: p.Specializations, Education: p.Education, Certifications: p.Certifications,
		TeachingStyle: p.TeachingStyle, AvailabilityNote: p.AvailabilityNote, Complete: p.Complete(),
		Review: teacherReviewOf(&p.Review),
	}
	for _, d := range p.Documents {
		out.Documents = append(out.Documents, documentJSON{d.ID, d.Name, *s.mediaURL(d.File), d.CreatedAt})
	}
	// Levels of one language with the same prices make one editor entry.
	for _, l := range p.Levels {
		n := len(out.LanguageLevels)
		if n > 0 {
			last := &out.LanguageLevels[n-1]
			if last.Language == l.Language && last.RegularPrice == l.RegularPrice && last.ExamPrice == l.ExamPrice {
				last.Levels = append(last.Levels, l.Level.String())
				continue
			}
		}
		out.LanguageLevels = append(out.LanguageLevels, languageLevelsJSON{
			ID: l.ID, Language: l.Language, Levels: []string{l.Level.String()}, RegularPrice: l.RegularPrice, ExamPrice: l.ExamPrice,
		})
	}
	return out
}

// ownTeacherProfile is GET /api/teacher/profile/: the profile and the wallet's summary.
func (s *Server) ownTeacherProfile(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	p, err := s.Teachers.FindTeacherProfile(r.Context(), u.ID)
	var sum *zabano.WalletSummary
	if err == nil {
		sum, err = s.Wallets.Summary(r.Context(), u.ID)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := s.teacherProfileOf(p)
	out.WalletBalance, out.ClassesHeld, out.ThisMonthEarnings = sum.Balance, p.Sessions, sum.ThisMonthEarnings
	out.PendingWithdrawals, out.TotalEarnings = sum.PendingWithdrawals, sum.TotalEarnings
	encode(w, http.StatusOK, out)
}

// teacherFiles are the file inputs of the profile editor.
var teacherFiles = map[string]fileField{
	"photo":       {kind: media.Photo},
	"intro_video": {kind: media.Video},
	"documents":   {kind: media.Document, many: true},
}

var msgLanguageLevelsJSON = zabano.Msg{En: "language_levels must be a JSON list of languages with levels and prices.", Fa: "language_levels باید فهرست JSON زبان‌ها با سطح‌ها و قیمت‌ها باشد."}

// updateTeacherProfile is POST (or PUT, PATCH) /api/teacher/profile/: a
// multipart form of the fields that are filled, language_levels as JSON
// text, and photo, intro_video and documents files.
func (s *Server) updateTeacherProfile(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	up, err := s.readUpload(r, u, teacherFiles)
	if err != nil {
		writeError(w, r, err)
		return
	}
	var v zabano.Validation
	upd := &zabano.TeacherUpdate{
		FirstName: up.text("first_name"), LastName: up.text("last_name"), Bio: up.text("bio"), Email: up.text("email"),
		PricePerHour: up.number(&v, "price_per_hour"), TestSessionPrice: up.number(&v, "test_session_price"),
		Education: up.text("education"), Certifications: up.text("certifications"),
		Specializations: up.text("specializations"), TeachingStyle: up.text("teaching_style"),
		AvailabilityNote: up.text("availability_note"), WPTeacherID: up.text("wp_teacher_id"),
		TimeZone: up.text("timezone"),
	}
	if years := up.number(&v, "experience_years"); years != nil {
		n := int(*years)
		upd.ExperienceYears = &n
	}
	if text := up.text("language_levels"); text != nil {
		levels, ok := parseLanguageLevels(*text)
		if !ok {
			v.Add("language_levels", msgLanguageLevelsJSON)
		}
		upd.LanguageLevels = &levels
	}
	if f := up.files["photo"]; len(f) > 0 {
		upd.Photo = &f[0].key
	}
	if f := up.files["intro_video"]; len(f) > 0 {
		upd.IntroVideo = &f[0].key
	}
	for _, f := range up.files["documents"] {
		upd.Documents = append(upd.Documents, zabano.Document{File: f.key, Name: f.name})
	}
	err = v.Err()
	if err == nil {
		err = upd.Validate()
	}
	var p *zabano.TeacherProfile
	var replaced []string
	if err == nil {
		p, replaced, err = s.Teachers.UpdateTeacherProfile(r.Context(), u.ID, upd)
	}
	if err != nil {
		s.discard(r.Context(), up)
		writeError(w, r, err)
		return
	}
	if err := s.removeMedia(r.Context(), replaced...); err != nil {
		s.Logger.ErrorContext(r.Context(), "delete replaced media", "keys", replaced, "err", err)
	}
	out := s.teacherProfileOf(p)
	out.DocumentErrors = up.rejected
	encode(w, http.StatusOK, out)
}

// parseLanguageLevels reads the editor's language_levels: a JSON list of
// {language, levels (names or ids), regular_price, exam_price}.
func parseLanguageLevels(text string) ([]zabano.LanguageLevels, bool) {
	var raw []struct {
		Language     string            `json:"language"`
		Levels       []json.RawMessage `json:"levels"`
		RegularPrice json.Number       `json:"regular_price"`
		ExamPrice    json.Number       `json:"exam_price"`
	}
	if err := json.Unmarshal([]byte(text), &raw); err != nil {
		return nil, false
	}
	out := make([]zabano.LanguageLevels, 0, len(raw))
	for _, e := range raw {
		entry := zabano.LanguageLevels{Language: e.Language}
		for _, l := range e.Levels {
			var s string
			if json.Unmarshal(l, &s) != nil {
				s = string(l)
			}
			level, ok := zabano.ParseLevel(s)
			if !ok {
				return nil, false
			}
			entry.Levels = append(entry.Levels, level)
		}
		for _, p := range []struct {
			n   json.Number
			dst *int64
		}{{e.RegularPrice, &entry.RegularPrice}, {e.ExamPrice, &entry.ExamPrice}} {
			if p.n == "" {
				continue
			}
			n, err := p.n.Int64()
			if err != nil {
				return nil, false
			}
			*p.dst = n
		}
		out = append(out, entry)
	}
	return out, true
}

// deleteTeacherDocument is DELETE /api/teacher/documents/{id}/.
func (s *Server) deleteTeacherDocument(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	id, err := pathID(r)
	if err == nil {
		var key string
		key, err = s.Teachers.DeleteTeacherDocument(r.Context(), u.ID, id)
		if err == nil {
			err = s.removeMedia(r.Context(), key)
		}
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// teacherPricing is GET /api/teachers/{id}/profile/: what a student needs to
// book: the teacher, their level prices and whether a trial is open to the
// student (trial_available, false for any other caller). A teacher who is
// not listed is not found, but by themselves.
func (s *Server) teacherPricing(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	id, err := pathID(r)
	var p *zabano.TeacherProfile
	if err == nil {
		p, err = s.Teachers.FindTeacherProfile(r.Context(), id)
	}
	if err == nil && !p.ShownTo(u) {
		err = zabano.Errorf(zabano.ENOTFOUND, zabano.MsgTeacherNotFound)
	}
	trial := false
	if err == nil && u.Role == zabano.RoleStudent {
		trial, err = s.Bookings.TrialAvailable(r.Context(), u.ID, p)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	t := s.teacherOf(p)
	t.TrialAvailable = &trial
	if t.LevelPrices == nil {
		t.LevelPrices = []levelPriceJSON{}
	}
	encode(w, http.StatusOK, t)
}

// Teacher list paging.
const (
	defaultPageSize = 20
	maxPageSize     = 100
)

var (
	msgNumber       = zabano.Msg{En: "Enter a number, for example 4.5.", Fa: "یک عدد وارد کنید، مثلاً ۴٫۵."}
	msgDaysUnknown  = zabano.Msg{En: "Days are sat, sun, mon, tue, wed, thu or fri, separated by commas.", Fa: "روزها sat، sun، mon، tue، wed، thu یا fri هستند و با ویرگول جدا می‌شوند."}
	msgTimesUnknown = zabano.Msg{En: "Times of day are morning, afternoon, evening or night, separated by commas.", Fa: "زمان‌های روز morning، afternoon، evening یا night هستند و با ویرگول جدا می‌شوند."}
	msgFlag         = zabano.Msg{En: "Use 1 (yes) or 0 (no).", Fa: "از ۱ (بله) یا ۰ (خیر) استفاده کنید."}
	msgSavedOnly    = zabano.Msg{En: "Only students save teachers; sign in as a student to see the saved ones.", Fa: "فقط زبان‌آموزان استاد ذخیره می‌کنند؛ برای دیدن استادان ذخیره‌شده با حساب زبان‌آموز وارد شوید."}
)

// listTeachers is GET /api/teachers/list/: a page of teachers found by q,
// language, id and the filters of issue 15 (price_min, price_max, days,
// time, within, trial, rating_min, and saved for a student), ordered by
// sort. Days and times of day are those of tz, the student's time zone,
// in which the cards' slots are written too. The page is the same for
// every member but with saved; a student's cards say whether they saved
// each teacher (markSaved).
func (s *Server) listTeachers(r *http.Request, u *zabano.User, note *cacheNote) (any, error) {
	q := r.URL.Query()
	var v zabano.Validation
	f := zabano.TeacherFilter{Query: q.Get("q"), Language: q.Get("language"), ID: q.Get("id"), Sort: q.Get("sort")}
	f.PriceMin, f.PriceMax = queryWhole(&v, q.Get("price_min"), "price_min"), queryWhole(&v, q.Get("price_max"), "price_max")
	if within := queryWhole(&v, q.Get("within"), "within"); within != nil {
		f.Within = int(min(*within, zabano.MaxWithin+1)) // past the most: Validate says so
	}
	if text := zabano.ASCIIDigits(strings.TrimSpace(q.Get("rating_min"))); text != "" {
		if n, err := strconv.ParseFloat(text, 64); err == nil {
			f.RatingMin = &n
		} else {
			v.Add("rating_min", msgNumber)
		}
	}
	var ok bool
	if f.Days, ok = zabano.ParseWeekdays(q.Get("days")); !ok {
		v.Add("days", msgDaysUnknown)
	}
	if f.Parts, ok = zabano.ParseDayParts(q.Get("time")); !ok {
		v.Add("time", msgTimesUnknown)
	}
	f.Trial = queryFlag(&v, q.Get("trial"), "trial")
	saved := queryFlag(&v, q.Get("saved"), "saved")
	page := queryInt(&v, q.Get("page"), "page", 1, 1, 1_000_000)
	f.Limit = queryInt(&v, q.Get("page_size"), "page_size", defaultPageSize, 1, maxPageSize)
	f.Offset = (page - 1) * f.Limit
	loc, err := zone(q.Get("tz"), zabano.DefaultTimeZone)
	f.Location = loc
	if err == nil {
		err = v.Err()
	}
	if err == nil {
		err = f.Validate()
	}
	if err == nil && saved {
		if u.Role != zabano.RoleStudent {
			err = zabano.Errorf(zabano.EFORBIDDEN, msgSavedOnly)
		}
		f.SavedBy = u.ID
	}
	if err != nil {
		return nil, err
	}
	list, total, exact, err := s.Teachers.FindTeachers(r.Context(), f)
	if err != nil {
		return nil, err
	}
	// A student's saved teachers are theirs; the others' free time is in
	// every answer filtered by it.
	note.skip = saved
	note.anySlots = len(f.Days) > 0 || len(f.Parts) > 0 || f.Within > 0
	out := &teacherPage{Results: make([]teacherJSON, len(list)), Count: total, CountExact: exact, Page: page, PageSize: f.Limit}
	for i, p := range list {
		t := s.teacherOf(p)
		t.NextSlots = slotsOf(p.NextSlots, loc)
		t.FreeSlots, t.Available = p.FreeSlots, p.FreeSlots > 0
		out.Results[i] = t
		note.teachers = append(note.teachers, p.User.ID)
		if len(p.NextSlots) > 0 {
			note.changesAt(p.NextSlots[0].Start)
		}
	}
	return out, nil
}

// teacherPage is the teacher list's answer. A search's count stops at
// its bound (TeacherFilter.CountBound): CountExact false says that more
// teachers match than Count.
type teacherPage struct {
	Results    []teacherJSON `json:"results"`
	Count      int           `json:"count"`
	CountExact bool          `json:"count_exact"`
	Page       int           `json:"page"`
	PageSize   int           `json:"page_size"`
}

// markSaved is what a student sees of a page of teachers: each card says
// whether they saved the teacher. The marks are read for each student at
// each call; the page with those marks is kept with the shared page, so
// students who saved the same of its teachers (most: none) share it.
func (s *Server) markSaved(r *http.Request, u *zabano.User, v any) (string, func() any, error) {
	if u.Role != zabano.RoleStudent {
		return "", nil, nil
	}
	page := *v.(*teacherPage)
	ids := make([]int64, len(page.Results))
	for i, t := range page.Results {
		ids[i] = t.ID
	}
	mine, err := s.savedTeachers(r.Context(), u.ID)
	if err != nil {
		return "", nil, err
	}
	key := make([]byte, len(ids))
	for i, id := range ids {
		key[i] = '0'
		if mine[id] {
			key[i] = '1'
		}
	}
	return "saved:" + string(key), func() any {
		page.Results = slices.Clone(page.Results)
		for i := range page.Results {
			page.Results[i].Saved = new(mine[page.Results[i].ID])
		}
		return &page
	}, nil
}

// savedTeachers is the set of teachers the student saved, kept with the
// signed-in users when they are kept.
func (s *Server) savedTeachers(ctx context.Context, studentID int64) (map[int64]bool, error) {
	read := func() (map[int64]bool, error) { return s.Teachers.SavedTeachers(ctx, studentID) }
	if s.Accounts.SignedIn == nil {
		return read()
	}
	return s.Accounts.SignedIn.Saved(studentID, s.Now(), read)
}

// saveTeacher is POST /api/teachers/{id}/save/: the student saves a listed
// teacher (the heart on a card); saving again changes nothing.
func (s *Server) saveTeacher(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	id, err := pathID(r)
	if err == nil {
		err = s.Teachers.SaveTeacher(r.Context(), u.ID, id)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// unsaveTeacher is DELETE /api/teachers/{id}/save/: the student takes the
// mark off; taking it off again changes nothing.
func (s *Server) unsaveTeacher(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	id, err := pathID(r)
	if err == nil {
		err = s.Teachers.UnsaveTeacher(r.Context(), u.ID, id)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// queryWhole reads an optional whole-number query parameter as the forms'
// fields are read (parseWhole); its range is the domain's to check.
func queryWhole(v *zabano.Validation, s, name string) *int64 {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	n, ok := parseWhole(s)
	if !ok {
		v.Add(name, msgWholeNumber)
		return nil
	}
	return &n
}

// queryFlag reads a yes-or-no query parameter: 1, or 0 and absent.
func queryFlag(v *zabano.Validation, s, name string) bool {
	switch s {
	case "", "0":
		return false
	case "1":
		return true
	}
	v.Add(name, msgFlag)
	return false
}
