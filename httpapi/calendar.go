package httpapi

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	ics "github.com/arran4/golang-ical"

	"github.com/zabano/zabano"
)

// calendarJSON is a member's calendar address.
type calendarJSON struct {
	URL string `json:"url"`
}

func (s *Server) calendarOf(token string) calendarJSON {
	return calendarJSON{URL: s.PublicURL + "/api/calendar/" + token + ".ics"}
}

// calendar is GET /api/calendar/: the address of the member's calendar of
// classes, made on their first look.
func (s *Server) calendar(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	token, err := zabano.NewCalendarToken()
	if err == nil {
		token, err = s.Calendars.CalendarToken(r.Context(), u.ID, token)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, s.calendarOf(token))
}

// resetCalendar is POST /api/calendar/reset/: a new address of the member's
// calendar; the old one stops working.
func (s *Server) resetCalendar(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	token, err := zabano.NewCalendarToken()
	if err == nil {
		err = s.Calendars.ResetCalendarToken(r.Context(), u.ID, token)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, s.calendarOf(token))
}

// calendarFeed is GET /api/calendar/{token}.ics: the classes of the member
// whose token it is, for a calendar app to subscribe to, without signing in:
// the token is the key. A calendar app asks in no language: the feed is in
// the one of the member's notification preferences.
func (s *Server) calendarFeed(w http.ResponseWriter, r *http.Request) {
	token, ok := strings.CutSuffix(r.PathValue("file"), ".ics")
	if !ok {
		writeError(w, r, zabano.Errorf(zabano.ENOTFOUND, zabano.MsgCalendarNotFound))
		return
	}
	u, list, err := s.Calendars.CalendarFeed(r.Context(), token, s.Now().Add(-zabano.CalendarPast))
	if err != nil {
		writeError(w, r, err)
		return
	}
	prefs, err := s.Notifications.Prefs(r.Context(), u.ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	in := func(m zabano.Msg) string { return m.In(prefs.Language) }
	cal := s.newICS()
	name := zabano.Msg{En: "Zabano classes", Fa: "کلاس‌های زبانو"}
	cal.SetName(in(name))
	cal.SetXWRCalName(in(name))
	// Calendar apps that honour them look again every hour.
	cal.SetRefreshInterval("PT1H", ics.WithValue("DURATION"))
	cal.SetXPublishedTTL("PT1H")
	for _, c := range list {
		s.addClass(cal, c, u.ID, in)
	}
	// A secret address: no shared cache keeps it.
	w.Header().Set("Cache-Control", "private, max-age=300")
	writeICS(w, r, cal)
}

// classCalendar is GET /api/slot/calendar/{id}/: one class of its student's
// or teacher's, as a file to add to a calendar, in the request's language.
func (s *Server) classCalendar(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	id, err := pathID(r)
	var c *zabano.CalendarClass
	if err == nil {
		c, err = s.Calendars.CalendarClass(r.Context(), u.ID, id)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	cal := s.newICS()
	l := lang(r)
	s.addClass(cal, c, u.ID, func(m zabano.Msg) string { return m.In(l) })
	// Quoted, as browsers and the contract expect; the name is the server's own.
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="zabano-class-%d.ics"`, c.ID))
	w.Header().Set("Cache-Control", "private, no-store")
	writeICS(w, r, cal)
}

// newICS is an empty calendar of classes (RFC 5545), published: a calendar
// app keeps its events as they are given.
func (s *Server) newICS() *ics.Calendar {
	cal := ics.NewCalendarFor("Zabano")
	cal.SetProductId("-//Zabano//Classes//EN")
	cal.SetMethod(ics.MethodPublish)
	cal.SetCalscale("GREGORIAN")
	return cal
}

// addClass adds class c to cal as userID sees it, its texts written by text.
// Its UID is the booking's, so a calendar updates the event in place when the
// class is moved (a new SEQUENCE, start and end) or cancelled; instants are
// UTC, which every calendar shows right in its own zone.
func (s *Server) addClass(cal *ics.Calendar, c *zabano.CalendarClass, userID int64, text func(zabano.Msg) string) {
	e := cal.AddEvent(fmt.Sprintf("zabano-class-%d@%s", c.ID, s.uidHost()))
	e.SetDtStampTime(s.Now())
	e.SetCreatedTime(c.CreatedAt)
	e.SetModifiedAt(c.Modified)
	e.SetSequence(c.Sequence)
	e.SetStartAt(c.Start)
	e.SetEndAt(c.End)
	e.SetSummary(text(c.Summary(userID)))
	e.SetDescription(text(c.Description()))
	if c.Status == zabano.StatusCancelled {
		e.SetStatus(ics.ObjectStatusCancelled)
		return
	}
	e.SetStatus(ics.ObjectStatusConfirmed)
	e.SetURL(c.MeetingLink)
	e.SetLocation(c.MeetingLink)
}

// uidHost is the domain of the events' UIDs: the server's public host, so
// that they are unique across the calendars that hold them.
func (s *Server) uidHost() string {
	if u, err := url.Parse(s.PublicURL); err == nil && u.Hostname() != "" {
		return u.Hostname()
	}
	return "zabano"
}

// writeICS writes cal as text/calendar, whole or not at all.
func writeICS(w http.ResponseWriter, r *http.Request, cal *ics.Calendar) {
	var buf bytes.Buffer
	// RFC 5545's lines end in CRLF, which the library calls Windows'.
	if err := cal.SerializeTo(&buf, ics.WithNewLineWindows); err != nil {
		writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/calendar; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	w.Write(buf.Bytes())
}
