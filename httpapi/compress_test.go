package httpapi_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// rawClient sees answers as they travel: it neither asks for gzip nor
// unpacks it by itself.
var rawClient = &http.Client{Transport: &http.Transport{DisableCompression: true}}

// get does GET path on a with the headers given (name, value, ...), and
// returns the answer with its body as it travelled.
func (a *app) get(path string, header ...string) resp {
	a.t.Helper()
	r, err := http.NewRequest("GET", a.srv.URL+path, nil)
	if err != nil {
		a.t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	res, err := rawClient.Do(r)
	if err != nil {
		a.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		a.t.Fatal(err)
	}
	return resp{status: res.StatusCode, header: res.Header, body: b}
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not gzip: %v", err)
	}
	plain, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return plain
}

// varies reports whether h says the answer varies by Accept-Encoding.
func varies(h http.Header) bool {
	for _, v := range h.Values("Vary") {
		if strings.Contains(v, "Accept-Encoding") {
			return true
		}
	}
	return false
}

// TestCompressJSON: JSON answers of a kilobyte or more travel gzipped to the
// clients that accept it, and as they are to the others; small answers,
// event streams and images travel as they are.
func TestCompressJSON(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		for range 2 {
			a.do(req{method: "POST", path: "/api/notes/", token: s.sara, body: map[string]string{"title": "n", "content": strings.Repeat("واژه ", 300)}})
		}
		photo := a.do(req{method: "POST", path: "/api/student/profile/upload-photo/", token: s.sara,
			body: multipartOf(t, nil, formFile{"profile_photo", "me.png", fileOf(pngHead, 4000)})}).json(t)["profile_photo_url"].(string)
		auth := "Bearer " + s.sara

		plain := a.get("/api/notes/", "Authorization", auth)
		if plain.status != 200 || plain.header.Get("Content-Encoding") != "" || len(plain.body) < 1024 || !varies(plain.header) {
			t.Fatalf("without gzip: %d %q %d bytes, Vary %q", plain.status, plain.header.Get("Content-Encoding"), len(plain.body), plain.header.Values("Vary"))
		}
		for _, accept := range []string{"gzip", "gzip, deflate, br, zstd", "br;q=1, gzip;q=0.5", "*"} {
			r := a.get("/api/notes/", "Authorization", auth, "Accept-Encoding", accept)
			if r.status != 200 || r.header.Get("Content-Encoding") != "gzip" || !varies(r.header) {
				t.Fatalf("%s: %d %q, Vary %q", accept, r.status, r.header.Get("Content-Encoding"), r.header.Values("Vary"))
			}
			if got := gunzip(t, r.body); !bytes.Equal(got, plain.body) || len(r.body) >= len(plain.body) {
				t.Fatalf("%s: %d gzipped bytes unpack to %.100s, want %.100s", accept, len(r.body), got, plain.body)
			}
		}
		for _, accept := range []string{"identity", "gzip;q=0", "br", "*;q=0"} {
			if r := a.get("/api/notes/", "Authorization", auth, "Accept-Encoding", accept); r.header.Get("Content-Encoding") != "" || !bytes.Equal(r.body, plain.body) {
				t.Errorf("%s: encoded %q", accept, r.header.Get("Content-Encoding"))
			}
		}
		if r := a.get("/api/profile/", "Authorization", auth, "Accept-Encoding", "gzip"); r.status != 200 || len(r.body) >= 1024 || r.header.Get("Content-Encoding") != "" {
			t.Errorf("a small answer: %d, %d bytes, encoded %q", r.status, len(r.body), r.header.Get("Content-Encoding"))
		}
		if r := a.get(strings.TrimPrefix(photo, "https://zabano.test"), "Accept-Encoding", "gzip"); r.status != 200 || r.header.Get("Content-Encoding") != "" || len(r.body) != 4000 {
			t.Errorf("an image: %d, %d bytes, encoded %q", r.status, len(r.body), r.header.Get("Content-Encoding"))
		}

		// An event stream is never held back to be compressed: its first
		// event arrives while the stream stays open.
		ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
		defer cancel()
		r, _ := http.NewRequestWithContext(ctx, "GET", a.srv.URL+"/api/events/", nil)
		r.Header.Set("Authorization", auth)
		r.Header.Set("Accept-Encoding", "gzip")
		res, err := rawClient.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		line, err := bufio.NewReader(res.Body).ReadString('\n')
		if err != nil || line != "retry: 2000\n" || res.Header.Get("Content-Encoding") != "" {
			t.Fatalf("event stream: %q %v, encoded %q", line, err, res.Header.Get("Content-Encoding"))
		}
	})
}

// TestCompressCachedAnswer: a cached answer travels gzipped under a weak
// ETag, as it is under the strong one, and a client holding either is
// answered 304.
func TestCompressCachedAnswer(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		if r := a.do(req{method: "POST", path: "/api/teacher/profile/", token: s.teacher,
			body: multipartOf(t, map[string]string{"bio": strings.Repeat("teaching English ", 80)})}); r.status != 200 {
			t.Fatalf("bio: %d %s", r.status, r.body)
		}
		const list = "/api/teachers/list/"
		auth := "Bearer " + s.sara
		plain := a.get(list, "Authorization", auth)
		zipped := a.get(list, "Authorization", auth, "Accept-Encoding", "gzip")
		if plain.status != 200 || len(plain.body) < 1024 {
			t.Fatalf("the list: %d, %d bytes", plain.status, len(plain.body))
		}
		strong, weak := plain.header.Get("ETag"), zipped.header.Get("ETag")
		if zipped.header.Get("Content-Encoding") != "gzip" || weak != "W/"+strong || strings.HasPrefix(strong, "W/") ||
			!varies(zipped.header) || !varies(plain.header) || !bytes.Equal(gunzip(t, zipped.body), plain.body) {
			t.Fatalf("gzipped: %q ETag %q (plain %q), Vary %q", zipped.header.Get("Content-Encoding"), weak, strong, zipped.header.Values("Vary"))
		}
		// Served from the cache the second time, the same bytes.
		if again := a.get(list, "Authorization", auth, "Accept-Encoding", "gzip"); !bytes.Equal(again.body, zipped.body) || again.header.Get("ETag") != weak {
			t.Fatalf("again: ETag %q", again.header.Get("ETag"))
		}
		for _, held := range []string{strong, weak} {
			for _, accept := range []string{"", "gzip"} {
				r := a.get(list, "Authorization", auth, "Accept-Encoding", accept, "If-None-Match", held)
				if r.status != 304 || len(r.body) != 0 {
					t.Errorf("holding %s, accepting %q: %d", held, accept, r.status)
				}
			}
		}
	})
}
