package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/zabano/zabano/httpapi"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// builtApp is a stand-in for web/dist as the build leaves it: files with
// their precompressed copies (.br here only marked by its bytes: the
// server never opens one itself), a page with an inline script.
func builtApp(t *testing.T) fstest.MapFS {
	gz := func(s string) []byte {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		w.Write([]byte(s))
		w.Close()
		return b.Bytes()
	}
	page := `<!doctype html><script>document.documentElement.className='dark'</script>` +
		`<script type="module" src="/assets/index-abc.js"></script><title>Zabano</title>`
	js := strings.Repeat("console.log(1);", 100)
	return fstest.MapFS{
		"index.html":               {Data: []byte(page)},
		"index.html.br":            {Data: []byte("br:page")},
		"index.html.gz":            {Data: gz(page)},
		"assets/index-abc.js":      {Data: []byte(js)},
		"assets/index-abc.js.br":   {Data: []byte("br:js")},
		"assets/index-abc.js.gz":   {Data: gz(js)},
		"assets/font-abc.woff2":    {Data: []byte("wOF2 font")},
		"manifest.webmanifest":     {Data: []byte(`{"name":"Zabano"}`)},
		"robots.txt":               {Data: []byte("User-agent: *\n")},
		"icons/icon-192.png":       {Data: []byte(pngHead)},
		"offline.html":             {Data: []byte("<!doctype html><title>offline</title>")},
		"assets/old-only-plain.js": {Data: []byte("old")},
	}
}

// TestStaticFiles: the app's files go out precompressed in the best
// encoding the client accepts, each under its own ETag, with Vary; hashed
// assets are kept a year, the rest revalidated; a path that names a file
// the build has not is 404, any other path the app's page.
func TestStaticFiles(t *testing.T) {
	files := builtApp(t)
	a := newApp(t, storetest.Open(t, "sqlite"), func(s *httpapi.Server) { s.Web = files })
	const year, revalidate = "public, max-age=31536000, immutable", "no-cache"
	for _, tc := range []struct {
		name, path, accept string
		status             int
		encoding, body     string // body: the bytes sent (gzip's, unpacked)
		ctype, cache       string
	}{
		{"asset in brotli", "/assets/index-abc.js", "gzip, deflate, br, zstd", 200, "br", "br:js", "text/javascript", year},
		{"asset in gzip", "/assets/index-abc.js", "gzip", 200, "gzip", "console.log(1);", "text/javascript", year},
		{"brotli refused", "/assets/index-abc.js", "br;q=0, gzip", 200, "gzip", "console.log(1);", "text/javascript", year},
		{"gzip preferred", "/assets/index-abc.js", "br;q=0.5, gzip", 200, "gzip", "console.log(1);", "text/javascript", year},
		{"any encoding", "/assets/index-abc.js", "*", 200, "br", "br:js", "text/javascript", year},
		{"asset as it is", "/assets/index-abc.js", "", 200, "", "console.log(1);", "text/javascript", year},
		{"asset, identity only", "/assets/index-abc.js", "identity", 200, "", "console.log(1);", "text/javascript", year},
		{"asset without copies", "/assets/old-only-plain.js", "br, gzip", 200, "", "old", "text/javascript", year},
		{"font", "/assets/font-abc.woff2", "br, gzip", 200, "", "wOF2", "font/woff2", year},
		{"page in brotli", "/student/find-teacher", "br, gzip", 200, "br", "br:page", "text/html", revalidate},
		{"page in gzip", "/login", "gzip", 200, "gzip", "<title>Zabano</title>", "text/html", revalidate},
		{"page at its name", "/index.html", "", 200, "", "<title>Zabano</title>", "text/html", revalidate},
		{"root", "/", "", 200, "", "<title>Zabano</title>", "text/html", revalidate},
		{"manifest", "/manifest.webmanifest", "gzip", 200, "", `"Zabano"`, "application/manifest+json", revalidate},
		{"robots", "/robots.txt", "", 200, "", "User-agent", "text/plain", revalidate},
		{"icon", "/icons/icon-192.png", "", 200, "", "PNG", "image/png", revalidate},
		{"no favicon.ico", "/favicon.ico", "", 404, "", "not found", "text/plain", ""},
		{"no such asset", "/assets/index-old.js", "br", 404, "", "not found", "text/plain", ""},
		{"no listing of assets", "/assets/", "", 404, "", "not found", "text/plain", ""},
		{"no such file", "/wp-login.php", "", 404, "", "not found", "text/plain", ""},
		{"a copy is not a file", "/assets/index-abc.js.br", "", 404, "", "not found", "text/plain", ""},
		{"no such page, the app says", "/no/such/page", "", 200, "", "<title>Zabano</title>", "text/html", revalidate},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := a.get(tc.path, "Accept-Encoding", tc.accept)
			body := r.body
			if tc.encoding == "gzip" {
				body = gunzip(t, body)
			}
			if r.status != tc.status || r.header.Get("Content-Encoding") != tc.encoding || !bytes.Contains(body, []byte(tc.body)) ||
				!strings.HasPrefix(r.header.Get("Content-Type"), tc.ctype) || r.header.Get("Cache-Control") != tc.cache {
				t.Fatalf("got %d %q %q %q %.80q, want %d %q %q %q %q", r.status, r.header.Get("Content-Encoding"), r.header.Get("Content-Type"),
					r.header.Get("Cache-Control"), body, tc.status, tc.encoding, tc.ctype, tc.cache, tc.body)
			}
			if hasCopies := tc.status == 200 && (strings.HasPrefix(tc.path, "/assets/index-abc") || tc.ctype == "text/html"); hasCopies && !varies(r.header) {
				t.Errorf("Vary %q", r.header.Values("Vary"))
			}
		})
	}

	// Each encoding has its ETag, which revalidates that encoding only.
	etags := map[string]string{}
	for _, accept := range []string{"", "gzip", "br"} {
		etag := a.get("/assets/index-abc.js", "Accept-Encoding", accept).header.Get("ETag")
		if etag == "" || etags[etag] != "" {
			t.Fatalf("%q: ETag %q, as %q", accept, etag, etags[etag])
		}
		etags[etag] = accept + "."
		if r := a.get("/assets/index-abc.js", "Accept-Encoding", accept, "If-None-Match", etag); r.status != 304 {
			t.Errorf("%q: revalidated %d", accept, r.status)
		}
	}
	page := a.get("/login", "Accept-Encoding", "br").header.Get("ETag")
	if r := a.get("/student/dashboard", "Accept-Encoding", "br", "If-None-Match", page); r.status != 304 {
		t.Errorf("the page revalidated: %d", r.status)
	}
	if r := a.get("/login", "Accept-Encoding", "gzip", "If-None-Match", page); r.status != 200 {
		t.Errorf("another encoding revalidated: %d", r.status)
	}
}

// TestInlineScriptPolicy: the page's inline script, and no other, runs
// under the Content Security Policy: its hash is allowed, and the service
// worker and the manifest are the app's own.
func TestInlineScriptPolicy(t *testing.T) {
	files := builtApp(t)
	a := newApp(t, storetest.Open(t, "sqlite"), func(s *httpapi.Server) { s.Web = files })
	sum := sha256.Sum256([]byte("document.documentElement.className='dark'"))
	want := "script-src 'self' 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "';"
	for _, path := range []string{"/login", "/api/profile/", "/assets/index-abc.js"} {
		csp := a.get(path).header.Get("Content-Security-Policy")
		if !strings.Contains(csp, want) || !strings.Contains(csp, "worker-src 'self'") || !strings.Contains(csp, "manifest-src 'self'") {
			t.Errorf("%s: %q, want %s", path, csp, want)
		}
	}
	// Without a page, no script but the app's own files.
	if csp := newApp(t, storetest.Open(t, "sqlite")).get("/login").header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self';") {
		t.Errorf("no inline script: %q", csp)
	}
}
