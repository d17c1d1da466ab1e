package httpapi

import (
	"net/http"
	"strconv"
	"time"

	"github.com/zabano/zabano"
)

// objectJSON names what a notification is about.
type objectJSON struct {
	Type zabano.ObjectType `json:"type"`
	ID   int64             `json:"id"`
}

// notificationJSON is a notification as its reader sees it: created_at is
// when it was due, and title, text and link are written for the reader.
type notificationJSON struct {
	ID        int64                   `json:"id"`
	Kind      zabano.NotificationKind `json:"kind"`
	Read      bool                    `json:"read"`
	CreatedAt time.Time               `json:"created_at"`
	Object    objectJSON              `json:"object"`
	Title     string                  `json:"title"`
	Text      string                  `json:"text"`
	Link      string                  `json:"link"`
}

// notificationOf is n for its recipient, of role, reading lang, in loc.
func notificationOf(n *zabano.Notification, role zabano.Role, lang string, loc *time.Location) notificationJSON {
	return notificationJSON{
		ID: n.ID, Kind: n.Kind, Read: !n.ReadAt.IsZero(), CreatedAt: n.DueAt,
		Object: objectJSON{Type: n.ObjectType, ID: n.ObjectID},
		Title:  n.Title().In(lang), Text: n.Text(loc).In(lang), Link: n.Path(role),
	}
}

// notifications is GET /api/notifications/?page=N: the user's notifications,
// newest first, 20 a page, and how many are unread. Times are written in
// the zone of the user's preferences.
func (s *Server) notifications(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	page := 1
	if p := r.URL.Query().Get("page"); p != "" {
		page, _ = strconv.Atoi(p) // not a number: 0, which Page refuses
	}
	list, unread, err := s.Notifications.Page(r.Context(), u.ID, page)
	if err != nil {
		writeError(w, r, err)
		return
	}
	prefs, err := s.Notifications.Prefs(r.Context(), u.ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := struct {
		Results []notificationJSON `json:"results"`
		Unread  int                `json:"unread"`
	}{make([]notificationJSON, len(list)), unread}
	loc, l := prefs.Location(), lang(r)
	for i := range list {
		out.Results[i] = notificationOf(&list[i], u.Role, l, loc)
	}
	encode(w, http.StatusOK, out)
}

// readNotification is POST /api/notifications/{id}/read/.
func (s *Server) readNotification(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		detail(w, r, http.StatusNotFound, msgNotFound)
		return
	}
	if err := s.Notifications.MarkRead(r.Context(), u.ID, id); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// readAllNotifications is POST /api/notifications/read-all/.
func (s *Server) readAllNotifications(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	if err := s.Notifications.MarkAllRead(r.Context(), u.ID); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// prefsJSON is a user's notification preferences: each kind's optional
// channels on or off, the quiet hours in their zone, and the language
// messages are written in.
type prefsJSON struct {
	Language   string                                              `json:"language"`
	TimeZone   string                                              `json:"time_zone"`
	QuietStart string                                              `json:"quiet_start"`
	QuietEnd   string                                              `json:"quiet_end"`
	Channels   map[zabano.NotificationKind]map[zabano.Channel]bool `json:"channels"`
}

func prefsOf(p *zabano.NotificationPrefs) prefsJSON {
	out := prefsJSON{Language: p.Language, TimeZone: p.TimeZone, QuietStart: zabano.Clock(p.QuietStart), QuietEnd: zabano.Clock(p.QuietEnd),
		Channels: map[zabano.NotificationKind]map[zabano.Channel]bool{}}
	for _, k := range zabano.NotificationKinds {
		out.Channels[k] = map[zabano.Channel]bool{}
		for _, c := range zabano.OptionalChannels {
			out.Channels[k][c] = p.Wants(k, c)
		}
	}
	return out
}

// notificationPrefs is GET /api/notifications/preferences/.
func (s *Server) notificationPrefs(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	p, err := s.Notifications.Prefs(r.Context(), u.ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, prefsOf(p))
}

// setNotificationPrefs is PUT /api/notifications/preferences/: every field
// is optional, and an omitted one keeps its value; channels changes the
// pairs it names.
func (s *Server) setNotificationPrefs(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	var req struct {
		Language   *string                                             `json:"language"`
		TimeZone   *string                                             `json:"time_zone"`
		QuietStart *string                                             `json:"quiet_start"`
		QuietEnd   *string                                             `json:"quiet_end"`
		Channels   map[zabano.NotificationKind]map[zabano.Channel]bool `json:"channels"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	p, err := s.Notifications.UpdatePrefs(r.Context(), u.ID, &zabano.PrefsUpdate{
		Language: req.Language, TimeZone: req.TimeZone, QuietStart: req.QuietStart, QuietEnd: req.QuietEnd, Channels: req.Channels,
	})
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, prefsOf(p))
}

// deliveryJSON is a failed delivery in the operator's console.
type deliveryJSON struct {
	ID        int64                   `json:"id"`
	Channel   zabano.Channel          `json:"channel"`
	Kind      zabano.NotificationKind `json:"kind"`
	User      userSummaryJSON         `json:"user"`
	Attempts  int                     `json:"attempts"`
	LastError string                  `json:"last_error"`
	CreatedAt time.Time               `json:"created_at"`
}

var msgDeliveryStatus = zabano.Msg{En: `status must be "failed".`, Fa: `status باید «failed» باشد.`}

// adminDeliveries is GET /api/admin/deliveries/?status=failed&before=ID:
// the deliveries that failed for good, newest first.
func (s *Server) adminDeliveries(w http.ResponseWriter, r *http.Request, _ *zabano.User) {
	if st := r.URL.Query().Get("status"); st != "" && st != string(zabano.DeliveryFailed) {
		writeError(w, r, zabano.FieldError("status", msgDeliveryStatus))
		return
	}
	before, err := beforeCursor(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	list, err := s.Notifications.Failed(r.Context(), before, adminPageSize)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := struct {
		Results []deliveryJSON `json:"results"`
	}{make([]deliveryJSON, len(list))}
	for i, d := range list {
		out.Results[i] = deliveryJSON{ID: d.ID, Channel: d.Channel, Kind: d.Notification.Kind, User: s.userSummaryOf(&d.To),
			Attempts: d.Attempts, LastError: d.LastError, CreatedAt: d.Notification.CreatedAt}
	}
	encode(w, http.StatusOK, out)
}
