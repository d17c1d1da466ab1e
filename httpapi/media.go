package httpapi

import (
	"mime"
	"net/http"
	"path"
	"strings"
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
	ctype := media.ContentType(key)
	w.Header().Set("Content-Type", ctype)
	// Photos and videos show in the page; documents (PDF, DOC, DOCX) are
	// downloads, never opened as pages of the app's origin.
	if !strings.HasPrefix(ctype, "image/") && !strings.HasPrefix(ctype, "video/") {
		w.Header().Set("Content-Disposition", attachment(path.Base(key)))
	}
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	http.ServeContent(w, r, "", time.Time{}, f)
}

// attachment is the Content-Disposition of a download named name, quoted or
// encoded (RFC 2231) as the name needs, so that no name can end the header.
func attachment(name string) string { return disposition("attachment", name) }

// disposition is a Content-Disposition of type (attachment or inline) of a
// file named name, written as attachment writes it.
func disposition(typ, name string) string {
	if d := mime.FormatMediaType(typ, map[string]string{"filename": name}); d != "" {
		return d
	}
	return typ
}
