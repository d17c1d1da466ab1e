package httpapi

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"regexp"
	"slices"
	"strings"
	"time"
)

var msgWebNotBuilt = "The web app is not built into this binary. Run make build."

// staticTypes are the types of the app's files that Go's own table lacks
// (it reads /etc/mime.types for more, which a static container has not).
var staticTypes = map[string]string{
	".webmanifest": "application/manifest+json",
	".woff2":       "font/woff2",
	".woff":        "font/woff",
	".txt":         "text/plain; charset=utf-8",
	".ico":         "image/vnd.microsoft.icon",
}

// precompressed are the encodings the build writes beside a file (name.br,
// name.gz: web/scripts/compress.mjs), best first.
var precompressed = []struct{ coding, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// staticFile is one file of the built app, with the encodings it has.
type staticFile struct {
	etag     string   // of its plain bytes; each encoding adds its suffix
	codings  []string // of precompressed that the build wrote
	dataType string   // Content-Type, of the plain bytes
}

// webFiles lists the built app's files, read once: the server answers
// these and nothing else from it. The precompressed copies are not files
// of their own.
func webFiles(web fs.FS) map[string]*staticFile {
	files := map[string]*staticFile{}
	fs.WalkDir(web, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz") {
			return nil
		}
		b, err := fs.ReadFile(web, name)
		if err != nil {
			return nil
		}
		sum := sha256.Sum256(b)
		f := &staticFile{etag: base64.RawURLEncoding.EncodeToString(sum[:12]), dataType: typeOf(name, b)}
		for _, p := range precompressed {
			if _, err := fs.Stat(web, name+p.suffix); err == nil {
				f.codings = append(f.codings, p.coding)
			}
		}
		files[name] = f
		return nil
	})
	return files
}

// spa serves the web app: a file of the build is served as it is, in the
// best precompressed encoding the client accepts; a path that names no
// file (no extension, outside assets/) gets index.html so the app's router
// can show it; any other path is a missing file, 404. Hashed assets are
// cached for a year; everything else is revalidated by its ETag.
func (s *Server) spa() http.Handler {
	files := webFiles(s.Web)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		f := files[name]
		switch {
		case f != nil:
		case name == "assets" || strings.HasPrefix(name, "assets/") || path.Ext(name) != "":
			http.NotFound(w, r)
			return
		default:
			name, f = "index.html", files["index.html"]
			if f == nil {
				http.Error(w, msgWebNotBuilt, http.StatusServiceUnavailable)
				return
			}
		}
		if strings.HasPrefix(name, "assets/") {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			w.Header().Set("Cache-Control", "no-cache")
		}
		s.serveFile(w, r, name, f)
	})
}

// serveFile writes the file name of the app, precompressed when the client
// accepts one of its encodings. ServeContent answers If-None-Match and Range.
func (s *Server) serveFile(w http.ResponseWriter, r *http.Request, name string, f *staticFile) {
	h := w.Header()
	h.Set("Content-Type", f.dataType)
	file, etag := name, `"`+f.etag+`"`
	if len(f.codings) > 0 {
		h.Add("Vary", "Accept-Encoding")
		accept := r.Header.Get("Accept-Encoding")
		best := 0.0
		for _, p := range precompressed {
			if q := acceptWeight(accept, p.coding); q > best && slices.Contains(f.codings, p.coding) {
				best, file, etag = q, name+p.suffix, `"`+f.etag+"-"+p.coding+`"`
				h.Set("Content-Encoding", p.coding)
			}
		}
	}
	h.Set("ETag", etag)
	content, err := s.Web.Open(file)
	if err != nil {
		http.Error(w, msgWebNotBuilt, http.StatusServiceUnavailable)
		return
	}
	defer content.Close()
	seeker, ok := content.(io.ReadSeeker)
	if !ok {
		b, err := io.ReadAll(content)
		if err != nil {
			http.Error(w, msgWebNotBuilt, http.StatusServiceUnavailable)
			return
		}
		seeker = bytes.NewReader(b)
	}
	http.ServeContent(w, r, name, time.Time{}, seeker)
}

// typeOf is the Content-Type of the file name whose bytes are b: by its
// extension, else by its bytes, as ServeContent would find it for the plain
// file (it cannot for a compressed copy).
func typeOf(name string, b []byte) string {
	ext := path.Ext(name)
	if t := cmp.Or(staticTypes[ext], mime.TypeByExtension(ext)); t != "" {
		return t
	}
	return http.DetectContentType(b)
}

// inlineScript finds the scripts written into a page (no src attribute).
var inlineScript = regexp.MustCompile(`(?s)<script(?:\s[^>]*)?>(.*?)</script>`)

// inlineScriptHashes are the CSP sources ('sha256-...') of the scripts
// written into the app's index.html (web/src/boot.js: theme and language
// before the first paint), so that they, and only they, run.
func inlineScriptHashes(web fs.FS) []string {
	page, err := fs.ReadFile(web, "index.html")
	if err != nil {
		return nil
	}
	var hashes []string
	for _, m := range inlineScript.FindAllSubmatch(page, -1) {
		if bytes.Contains(bytes.SplitN(m[0], []byte(">"), 2)[0], []byte(" src=")) || len(m[1]) == 0 {
			continue
		}
		sum := sha256.Sum256(m[1])
		hashes = append(hashes, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
	}
	return hashes
}
