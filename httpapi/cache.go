package httpapi

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/klauspost/compress/gzip"
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

// cachedAnswer is a kept answer (its value, for personalising, and its
// JSON) and what it shows.
type cachedAnswer struct {
	value   any
	body    []byte
	etag    string
	expires time.Time
	cacheNote
	// gzipped is body gzipped, made once for the first client that accepts
	// it, so that an answer many read is compressed once.
	gzipped func() []byte
	// kept is an answer the cache keeps, compressed by keptGzipWriters.
	kept bool
	// variants are the personal forms of the answer made so far, by key.
	mu       sync.Mutex
	variants map[string]*cachedAnswer
}

// variant is e's variant key, made by build the first time it is asked for.
func (e *cachedAnswer) variant(key string, build func() any) *cachedAnswer {
	e.mu.Lock()
	defer e.mu.Unlock()
	if v, ok := e.variants[key]; ok {
		return v
	}
	if !e.kept || len(e.variants) >= maxVariants {
		return answerOf(build(), false)
	}
	v := answerOf(build(), true)
	if e.variants == nil {
		e.variants = map[string]*cachedAnswer{}
	}
	e.variants[key] = v
	return v
}

// cacheNote is what a read says of its answer while it makes it.
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

// changesAt notes an instant when time alone changes the answer: the start
// of a slot it offers, the end of a hold on one it leaves out.
func (n *cacheNote) changesAt(t time.Time) {
	if n.until.IsZero() || t.Before(n.until) {
		n.until = t
	}
}

// sharedRead reads an answer that is the same for every member (who must
// still be signed in to get it) and notes what it shows; an answer that is
// the caller's own (u's) sets note.skip.
type sharedRead func(r *http.Request, u *zabano.User, note *cacheNote) (any, error)

// personalise names what u sees of the shared answer v: the key of its
// variant, "" when it is v itself, and how to make it. The variants are
// kept with the shared answer, so callers who see the same one share its
// JSON and its gzip.
type personalise func(r *http.Request, u *zabano.User, v any) (variant string, build func() any, err error)

// maxVariants bounds the variants kept with one answer (a page's variants
// are the subsets of its cards a student saved); past it a variant is
// made for its caller alone.
const maxVariants = 64

// shared answers with read, from s.Cache when it holds the answer, keyed by
// the path, the query and the language; then mine, if not nil, adds what is
// the caller's own. The answer carries an ETag, and a client that holds it
// is answered 304 Not Modified. A request with Cache-Control: no-cache is
// read from the store, as without a cache: the bench measures the store's
// cost so.
func (s *Server) shared(read sharedRead, mine personalise) userHandler {
	return func(w http.ResponseWriter, r *http.Request, u *zabano.User) {
		e, err := s.sharedAnswer(r, u, read)
		if err == nil && mine != nil {
			var key string
			var build func() any
			if key, build, err = mine(r, u, e.value); err == nil && key != "" {
				e = e.variant(key, build)
			}
		}
		if err != nil {
			writeError(w, r, err)
			return
		}
		if e.body == nil { // not kept, and no variant of it
			e = answerOf(e.value, false)
		}
		e.serve(w, r)
	}
}

// sharedAnswer is read's answer to r, from the cache when it holds it. An
// answer the cache does not keep (no cache, no-cache, the caller's own) is
// made JSON by shared, and only if the caller's variant does not replace
// it: such a page for a student who saved some of its teachers was made
// JSON twice, a twentieth of its cost.
func (s *Server) sharedAnswer(r *http.Request, u *zabano.User, read sharedRead) (*cachedAnswer, error) {
	c := s.Cache
	note := &cacheNote{}
	if c == nil || r.Header.Get("Cache-Control") == "no-cache" {
		v, err := read(r, u, note)
		if err != nil {
			return nil, err
		}
		return &cachedAnswer{value: v}, nil
	}
	key := r.URL.Path + "?" + r.URL.Query().Encode() + "#" + lang(r)
	now := s.Now()
	c.mu.Lock()
	e, ok := c.entries[key]
	if ok && !c.good(e, now) {
		delete(c.entries, key)
		ok = false
	}
	note.began = c.seq
	c.mu.Unlock()
	if ok {
		return e, nil
	}

	v, err := read(r, u, note)
	if err != nil {
		return nil, err
	}
	if note.skip {
		return &cachedAnswer{value: v}, nil
	}
	e = answerOf(v, true)
	if note.teachers != nil || note.anySlots {
		held := note.teachers
		if note.anySlots {
			held = nil
		}
		end, err := s.Bookings.Store.HoldsEnd(r.Context(), held)
		if err != nil {
			return nil, err
		}
		if !end.IsZero() {
			note.changesAt(end)
		}
	}
	e.cacheNote, e.expires = *note, now.Add(cacheTTL)
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
	return e, nil
}

// keptGzipWriters compress the answers the cache keeps, once for all who
// ask them: at the default level, which saves a tenth of the bytes over
// gzipWriters'.
var keptGzipWriters = gzipPool(gzip.DefaultCompression)

// answerOf is the answer v in JSON, with its ETag; kept says whether the
// cache keeps it, which sets how hard its gzip is worked.
func answerOf(v any, kept bool) *cachedAnswer {
	body, _ := json.Marshal(v)
	sum := sha256.Sum256(body)
	writers := gzipWriters
	if kept {
		writers = keptGzipWriters
	}
	return &cachedAnswer{
		value: v, body: body, kept: kept, etag: `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`,
		gzipped: sync.OnceValue(func() []byte {
			var b bytes.Buffer
			gz := writers.Get().(*gzip.Writer)
			gz.Reset(&b)
			gz.Write(body)
			gz.Close()
			writers.Put(gz)
			return b.Bytes()
		}),
	}
}

// serve writes the answer, or 304 when the client holds it already. The
// browser keeps it (private: it was given to a signed-in member) and asks
// again each time (no-cache) with its ETag. A client that accepts gzip gets
// the kept gzipped body, under a weak ETag as compress would give it.
func (e *cachedAnswer) serve(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	etag, body := e.etag, e.body
	gzipped := len(body) >= minCompressed
	if gzipped {
		h.Add("Vary", "Accept-Encoding")
		gzipped = r.Method != http.MethodHead && acceptWeight(r.Header.Get("Accept-Encoding"), "gzip") > 0
	}
	if gzipped {
		etag = "W/" + etag
	}
	h.Set("ETag", etag)
	h.Set("Cache-Control", "private, no-cache")
	h.Add("Vary", "Accept-Language")
	if etagMatch(r.Header.Get("If-None-Match"), etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", "application/json; charset=utf-8")
	if gzipped {
		h.Set("Content-Encoding", "gzip")
		body = e.gzipped()
	}
	w.WriteHeader(http.StatusOK)
	w.Write(body)
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
