package httpapi

import (
	"net/http"
	"sync/atomic"
	"time"

	"github.com/zabano/zabano"
)

// DevClock is the clock of a dev server: the real time plus an offset that
// end-to-end tests move forward, to reach the end of a class without waiting.
type DevClock struct {
	offset atomic.Int64
}

// Now is the real time plus the offset.
func (c *DevClock) Now() time.Time { return time.Now().Add(time.Duration(c.offset.Load())) }

// Set puts the clock at t, from where it runs on with the real time: a dev
// server started on a chosen day and hour (ZABANO_DEV_NOW).
func (c *DevClock) Set(t time.Time) { c.offset.Store(int64(time.Until(t))) }

var msgClockBack = zabano.Msg{En: "The clock only moves forward.", Fa: "ساعت فقط رو به جلو حرکت می‌کند."}

// moveDevClock is POST /api/dev/clock/ (dev only): {"advance_seconds": N}
// moves the server's clock forward; the answer is the new time.
func (s *Server) moveDevClock(w http.ResponseWriter, r *http.Request) {
	var req struct {
		AdvanceSeconds int64 `json:"advance_seconds"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	if req.AdvanceSeconds < 0 {
		writeError(w, r, zabano.FieldError("advance_seconds", msgClockBack))
		return
	}
	s.DevClock.offset.Add(int64(time.Duration(req.AdvanceSeconds) * time.Second))
	encode(w, http.StatusOK, map[string]time.Time{"now": s.DevClock.Now().UTC()})
}
