package httpapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/zabano/zabano"
)

// Event streams.
const (
	eventBatch = 100
	// heartbeat keeps idle streams open through proxies and lets a client
	// notice a dead connection.
	heartbeat = 25 * time.Second
)

// eventJSON is the data of one server-sent event.
type eventJSON struct {
	ChatID  int64        `json:"chat_id"`
	Message *messageJSON `json:"message,omitempty"`
}

// events is GET /api/events/: a server-sent event stream of the user's new
// messages ("message") and chats read in other tabs ("read"). A client that
// reconnects with Last-Event-ID (or ?last_event_id=) gets what it missed, as
// long as it is not older than zabano.EventTTL.
func (s *Server) events(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	ctx := r.Context()
	s.metrics.streams.Inc()
	defer s.metrics.streams.Dec()
	// Subscribe before the first look, so nothing slips in between.
	wake, stop := s.Notifier.Subscribe(u.ID)
	defer stop()
	lastID := r.Header.Get("Last-Event-ID")
	if lastID == "" {
		lastID = r.URL.Query().Get("last_event_id")
	}
	last, err := strconv.ParseInt(lastID, 10, 64)
	if lastID == "" || err != nil || last < 0 {
		// A new stream starts from now.
		if last, err = s.Chats.LastEventID(ctx, u.ID); err != nil {
			writeError(w, r, err)
			return
		}
	}
	rc := http.NewResponseController(w)
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
	for {
		events, err := s.Chats.EventsAfter(ctx, u.ID, last, eventBatch)
		if err != nil {
			if ctx.Err() == nil {
				s.Logger.ErrorContext(ctx, "events", "err", err)
			}
			return
		}
		for _, e := range events {
			data, _ := json.Marshal(eventJSON{ChatID: e.ChatID, Message: messageOf(e.Message)})
			fmt.Fprintf(w, "id: %d\nevent: %s\ndata: %s\n\n", e.ID, e.Type, data)
			last = e.ID
		}
		if err := rc.Flush(); err != nil {
			return
		}
		if len(events) == eventBatch {
			continue
		}
		select {
		case <-ctx.Done():
			return
		case <-wake:
		case <-tick.C:
			fmt.Fprint(w, ": ping\n\n")
		}
	}
}
