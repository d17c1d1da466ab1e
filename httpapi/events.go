package httpapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/zabano/zabano"
)

// Event streams.
const (
	eventBatch = 100
	// heartbeat keeps idle streams open through proxies and lets a client
	// notice a dead connection.
	heartbeat = 25 * time.Second
	// evictedRetry is the wait, in ms, asked of a client whose stream a
	// newer one of its user ended: tabs beyond the cap then take turns every
	// half minute or so instead of ending each other every two seconds.
	evictedRetry = 30_000
	// streamsFullRetry is when to come back to a process that holds all
	// the streams it may.
	streamsFullRetry = 30 * time.Second
)

// StreamLimits bound the event streams: PerUser streams of one user (a new
// one ends the oldest), PerProcess in all (beyond, 503), and each lives
// Lifetime, then the client comes back with its last event id.
type StreamLimits struct {
	PerUser, PerProcess int
	Lifetime            time.Duration
}

// openStreams are the event streams of a process, by user, oldest first.
type openStreams struct {
	mu     sync.Mutex
	n      int
	byUser map[int64][]*openStream
}

type openStream struct {
	// evicted is closed when a newer stream of the user takes this one's place.
	evicted chan struct{}
}

// add counts a new stream of user, ending the user's oldest beyond
// limits.PerUser; it fails when the process holds limits.PerProcess.
func (o *openStreams) add(user int64, limits StreamLimits) (*openStream, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.n >= limits.PerProcess {
		return nil, false
	}
	if o.byUser == nil {
		o.byUser = map[int64][]*openStream{}
	}
	st := &openStream{evicted: make(chan struct{})}
	list := append(o.byUser[user], st)
	o.n++
	if len(list) > limits.PerUser {
		close(list[0].evicted)
		list = list[1:]
		o.n--
	}
	o.byUser[user] = list
	return st, true
}

// remove forgets an ended stream of user, unless it was evicted already.
func (o *openStreams) remove(user int64, st *openStream) {
	o.mu.Lock()
	defer o.mu.Unlock()
	list := o.byUser[user]
	i := slices.Index(list, st)
	if i < 0 {
		return
	}
	o.n--
	if list = slices.Delete(list, i, i+1); len(list) == 0 {
		delete(o.byUser, user)
	} else {
		o.byUser[user] = list
	}
}

var msgStreamsFull = zabano.Msg{
	En: "The server has too many live connections right now. Please try again shortly.",
	Fa: "در حال حاضر اتصال‌های زنده به سرور بیش از حد است. لطفاً کمی بعد دوباره تلاش کنید.",
}

// eventJSON is the data of one server-sent event.
type eventJSON struct {
	ChatID  int64        `json:"chat_id"`
	Message *messageJSON `json:"message,omitempty"`
	ReadID  int64        `json:"read_id,omitempty"`
	// Notification and Unread are a "notification" event's: the new
	// notification and how many of the user's are unread.
	Notification *notificationJSON `json:"notification,omitempty"`
	Unread       *int              `json:"unread,omitempty"`
}

// events is GET /api/events/: a server-sent event stream of the user's new
// messages ("message"), chats read in other tabs ("read") and by the other
// side of the chat ("seen", up to read_id), and notifications
// ("notification"). While it is open it marks the user seen, on opening
// and at each heartbeat, so unread messages are not texted to them. A client that
// reconnects with Last-Event-ID (or ?last_event_id=) gets what it missed, as
// long as it is not older than zabano.EventTTL. A stream ends after
// Streams.Lifetime, or when the user opens one too many; the client then
// comes back with its last event id and loses nothing.
//
// Events come from the Notifier as they commit, and a stream shows each
// that follows the last it showed (zabano.Event.PrevID) as it comes; it
// reads the database on opening with a last event id, and when an event
// does not follow, is not carried whole, or some were lost on the way.
func (s *Server) events(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	ctx := r.Context()
	st, ok := s.open.add(u.ID, s.Streams)
	if !ok {
		writeError(w, r, &zabano.Error{Code: zabano.EUNAVAILABLE, Message: msgStreamsFull, RetryAfter: streamsFullRetry})
		return
	}
	defer s.open.remove(u.ID, st)
	s.metrics.streams.Inc()
	defer s.metrics.streams.Dec()
	// Subscribe before the first look, so nothing slips in between.
	pushed, stop := s.Notifier.Subscribe(u.ID)
	defer stop()
	out := &eventWriter{s: s, w: w, r: r, u: u}
	lastID := r.Header.Get("Last-Event-ID")
	if lastID == "" {
		lastID = r.URL.Query().Get("last_event_id")
	}
	var err error
	out.last, err = strconv.ParseInt(lastID, 10, 64)
	look := lastID != "" && err == nil && out.last >= 0
	if !look {
		// A new stream starts from now.
		if out.last, err = s.Chats.LastEventID(ctx, u.ID); err != nil {
			writeError(w, r, err)
			return
		}
	}
	rc := http.NewResponseController(w)
	s.seen(r, u)
	// A stream outlives the server's write timeout; it ends with its request.
	if err := rc.SetWriteDeadline(time.Time{}); err != nil {
		writeError(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no") // nginx: do not buffer the stream
	w.WriteHeader(http.StatusOK)
	fmt.Fprint(w, "retry: 2000\n\n")
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	// The lifetime ends a stream only between looks, so what is pending is
	// always sent first.
	end := time.NewTimer(s.Streams.Lifetime)
	defer end.Stop()
	for {
		if look {
			events, err := s.Chats.EventsAfter(ctx, u.ID, out.last, eventBatch)
			if err != nil {
				if ctx.Err() == nil {
					s.Logger.ErrorContext(ctx, "events", "err", err)
				}
				return
			}
			for _, e := range events {
				if err := out.write(&e); err != nil {
					return
				}
			}
			look = len(events) == eventBatch
		}
		if err := rc.Flush(); err != nil {
			return
		}
		if look {
			continue
		}
		select {
		case <-ctx.Done():
			return
		case <-end.C:
			return
		case <-st.evicted:
			fmt.Fprintf(w, "retry: %d\n\n", evictedRetry)
			rc.Flush()
			return
		case batch := <-pushed:
			look = out.follow(batch)
		case <-tick.C:
			fmt.Fprint(w, ": ping\n\n")
			s.seen(r, u)
		}
	}
}

// eventWriter writes the events of u's stream and remembers the last.
type eventWriter struct {
	s    *Server
	w    http.ResponseWriter
	r    *http.Request
	u    *zabano.User
	last int64
	// loc is the zone of the user's preferences, read at the first notification.
	loc *time.Location
}

// follow shows the pushed events that follow the last shown, skipping those
// shown already; it says whether the stream must look in the database: the
// batch is empty (some were lost), or an event does not follow or is not
// carried whole.
func (o *eventWriter) follow(batch []zabano.Event) (look bool) {
	if len(batch) == 0 {
		return true
	}
	for _, e := range batch {
		if e.ID <= o.last {
			continue
		}
		if e.PrevID != o.last || !e.Carried() {
			return true
		}
		if o.write(&e) != nil {
			return true // the look fails the same way, and ends the stream
		}
	}
	return false
}

// write sends one event and makes it the last.
func (o *eventWriter) write(e *zabano.Event) error {
	o.last = e.ID
	if e.Type == "notification" && e.Notification == nil {
		return nil // its notification is gone: nothing to tell
	}
	ev := eventJSON{ChatID: e.ChatID, Message: o.s.messageOf(e.Message, o.u.ID), ReadID: e.ReadID}
	if e.Notification != nil {
		if o.loc == nil {
			prefs, err := o.s.Notifications.Prefs(o.r.Context(), o.u.ID)
			if err != nil {
				o.s.Logger.ErrorContext(o.r.Context(), "events", "err", err)
				return err
			}
			o.loc = prefs.Location()
		}
		n := notificationOf(e.Notification, o.u.Role, lang(o.r), o.loc)
		ev.Notification, ev.Unread = &n, &e.Unread
	}
	data, _ := json.Marshal(ev)
	_, err := fmt.Fprintf(o.w, "id: %d\nevent: %s\ndata: %s\n\n", e.ID, e.Type, data)
	return err
}

// seen marks u, whose stream is open, seen now. A failure costs at most an
// unread message's needless text, so it is logged and the stream goes on.
func (s *Server) seen(r *http.Request, u *zabano.User) {
	if err := s.Notifications.Seen(r.Context(), u.ID); err != nil && r.Context().Err() == nil {
		s.Logger.ErrorContext(r.Context(), "events: seen", "err", err)
	}
}
