package httpapi

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/zabano/zabano"
)

// ResponseCache keeps the answers of the public reads many users share (the
// teacher list, a teacher's free slots and reviews) with their ETags, so
// that the same question costs no query until what its answer shows
// changes. Every committed change of what students see of teachers reaches
// Changed (sqlstore's OnTeacherChange, and realtime's Changes from the
// other processes): a change of one teacher's slots drops the answers that
// show that teacher, and those that depend on every teacher's free time;
// any other change drops all. Bookings keep checking the database, so an
// answer a moment old can offer a slot, never book it.
//
// Changes and entries are ordered by one sequence: an entry remembers the
// sequence when its query began, and is good while nothing it shows
// changed after that, so an answer read while a change committed is not
// kept past it.
type ResponseCache struct {
	mu      sync.Mutex
	seq     uint64
	all     uint64           // the sequence at the last change of anything
	slots   uint64           // at the last change of any teacher's slots
	teacher map[int64]uint64 // at the last change of each teacher's
	entries map[string]*cachedAnswer
}

const (
	// maxCachedAnswers bounds the cache; past it an arbitrary entry goes.
	maxCachedAnswers = 10_000
	// cacheTTL bounds an answer's life: the free slots of a window that
	// ends a fixed time from now gain the slots its end passes.
	cacheTTL = time.Minute
)

// NewResponseCache returns an empty cache.
func NewResponseCache() *ResponseCache {
	return &ResponseCache{teacher: map[int64]uint64{}, entries: map[string]*cachedAnswer{}}
}

// Changed drops the answers c changes.
func (c *ResponseCache) Changed(ch zabano.TeacherChange) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seq++
	if ch.All {
		c.all = c.seq
		clear(c.entries)
		clear(c.teacher)
		return
	}
	c.slots = c.seq
	for _, id := range ch.Teachers {
		c.teacher[id] = c.seq
	}
}

// cachedAnswer is a kept answer and what it shows.
type cachedAnswer struct {
	header  http.Header
	body    []byte
	etag    string
	expires time.Time
	cacheNote
}

// cacheNote is what a handler says of its answer while it makes it.
type cacheNote struct {
	// began is the sequence when the answer's query began.
	began uint64
	// teachers are those the answer shows; anySlots says it depends on
	// every teacher's free time (a list filtered by it).
	teachers []int64
	anySlots bool
	// until is when time alone first changes the answer (changesAt); zero
	// for never.
	until time.Time
	// skip keeps the answer out of the cache: it is the caller's own.
	skip bool
}

// good reports whether e is still the answer at now.
func (c *ResponseCache) good(e *cachedAnswer, now time.Time) bool {
	if !now.Before(e.expires) || c.all > e.began || e.anySlots && c.slots > e.began {
		return false
	}
	for _, id := range e.teachers {
		if c.teacher[id] > e.began {
			return false
		}
	}
	return true
}

type cacheNoteKey struct{}

// noteCache gives the handler of r, when its answer may be cached, the
// note to fill; else a note nobody reads.
func noteCache(r *http.Request) *cacheNote {
	if n, ok := r.Context().Value(cacheNoteKey{}).(*cacheNote); ok {
		return n
	}
	return &cacheNote{}
}

// changesAt notes an instant when time alone changes the answer: the start
// of a slot it offers, the end of a hold on one it leaves out.
func (n *cacheNote) changesAt(t time.Time) {
	if n.until.IsZero() || t.Before(n.until) {
		n.until = t
	}
}

// shared serves h's answers from s.Cache, keyed by the path, the query and
// the language, and answers 304 Not Modified to a client that holds the
// answer's ETag. The answers are the same for every member, who must still
// be signed in to get them; h fills noteCache(r). A request with
// Cache-Control: no-cache is answered from the store, as without a cache:
// the bench measures the store's cost so.
func (s *Server) shared(h userHandler) userHandler {
	return func(w http.ResponseWriter, r *http.Request, u *zabano.User) {
		c := s.Cache
		if c == nil || r.Header.Get("Cache-Control") == "no-cache" {
			h(w, r, u)
			return
		}
		key := r.URL.Path + "?" + r.URL.Query().Encode() + "#" + lang(r)
		now := s.Now()
		c.mu.Lock()
		e, ok := c.entries[key]
		if ok && !c.good(e, now) {
			delete(c.entries, key)
			ok = false
		}
		note := &cacheNote{began: c.seq}
		c.mu.Unlock()
		if ok {
			e.serve(w, r)
			return
		}

		rec := &recorder{header: http.Header{}, status: http.StatusOK}
		h(rec, r.WithContext(context.WithValue(r.Context(), cacheNoteKey{}, note)), u)
		if rec.status != http.StatusOK || note.skip {
			rec.copyTo(w)
			return
		}
		if note.teachers != nil || note.anySlots {
			held := note.teachers
			if note.anySlots {
				held = nil
			}
			end, err := s.Bookings.Store.HoldsEnd(r.Context(), held)
			if err != nil {
				rec.copyTo(w) // answered, just not kept
				return
			}
			if !end.IsZero() {
				note.changesAt(end)
			}
		}
		sum := sha256.Sum256(rec.body.Bytes())
		e = &cachedAnswer{
			header: rec.header, body: rec.body.Bytes(), cacheNote: *note,
			etag: `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`, expires: now.Add(cacheTTL),
		}
		if !note.until.IsZero() && note.until.Before(e.expires) {
			e.expires = note.until
		}
		c.mu.Lock()
		if len(c.entries) >= maxCachedAnswers {
			for k := range c.entries {
				delete(c.entries, k)
				break
			}
		}
		c.entries[key] = e
		c.mu.Unlock()
		e.serve(w, r)
	}
}

// serve writes the answer, or 304 when the client holds it already. The
// browser keeps it (private: it was given to a signed-in member) and asks
// again each time (no-cache) with its ETag.
func (e *cachedAnswer) serve(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	for k, v := range e.header {
		h[k] = v
	}
	h.Set("ETag", e.etag)
	h.Set("Cache-Control", "private, no-cache")
	h.Add("Vary", "Accept-Language")
	if etagMatch(r.Header.Get("If-None-Match"), e.etag) {
		h.Del("Content-Type")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.WriteHeader(http.StatusOK)
	w.Write(e.body)
}

// etagMatch reports whether an If-None-Match value names etag, by the weak
// comparison RFC 9110 prescribes for it (a W/ prefix does not matter).
func etagMatch(header, etag string) bool {
	for _, tag := range strings.Split(header, ",") {
		tag = strings.TrimSpace(tag)
		if tag == "*" || strings.TrimPrefix(tag, "W/") == strings.TrimPrefix(etag, "W/") {
			return true
		}
	}
	return false
}

// recorder keeps an answer a handler writes, to be cached.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header         { return r.header }
func (r *recorder) Write(b []byte) (int, error) { return r.body.Write(b) }
func (r *recorder) WriteHeader(status int)      { r.status = status }

// copyTo writes the kept answer to w as it was.
func (r *recorder) copyTo(w http.ResponseWriter) {
	for k, v := range r.header {
		w.Header()[k] = v
	}
	w.WriteHeader(r.status)
	w.Write(r.body.Bytes())
}
