package httpapi

import (
	"net/http"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/media"
)

// serveMedia is GET /media/{key...}: a public upload, typed by the extension
// the server gave it. Material files are not served here. Keys are random and files never change, so they are
// cached for good.
func (s *Server) serveMedia(w http.ResponseWriter, r *http.Request) {
	key := r.PathValue("key")
	if !media.Public(key) {
		writeError(w, r, zabano.Errorf(zabano.ENOTFOUND, msgNotFound))
		return
	}
	f, err := s.Media.Open(r.Context(), key)
	if err != nil {
		writeError(w, r, err)
		return
	}
	defer f.Close()
	w.Header().Set("Content-Type", media.ContentType(key))
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	http.ServeContent(w, r, "", time.Time{}, f)
}
