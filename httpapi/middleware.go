package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"github.com/zabano/zabano"
)

// contentSecurityPolicy allows the app's own scripts, styles, fonts, media,
// service worker and manifest only; of inline scripts, only those whose
// hashes are given (inlineScriptHashes); no plugins, no framing.
func contentSecurityPolicy(scriptHashes []string) string {
	return "default-src 'self'; script-src " + strings.Join(append([]string{"'self'"}, scriptHashes...), " ") +
		"; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; " +
		"media-src 'self' blob:; worker-src 'self'; manifest-src 'self'; " +
		"object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
}

// securityHeaders sets the headers every response carries, API, page, file
// or error, with csp as the Content-Security-Policy.
func securityHeaders(https bool, csp string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			h := w.Header()
			h.Set("Content-Security-Policy", csp)
			h.Set("X-Content-Type-Options", "nosniff")
			h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
			h.Set("X-Frame-Options", "DENY")
			h.Set("Cross-Origin-Opener-Policy", "same-origin")
			h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
			if https {
				h.Set("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
			}
			next.ServeHTTP(w, r)
		})
	}
}

// statusWriter remembers the status a handler wrote, for the access log.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection (flushes of event streams).
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

type requestIDKey struct{}

// requestID is the id logRequests gave the request of ctx.
func requestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// logRequests gives each request an id (echoed in X-Request-Id), logs it
// once it is answered and counts it in the metrics by the route that took it.
func logRequests(logger *slog.Logger, m *metrics) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			b := make([]byte, 8)
			rand.Read(b)
			id := hex.EncodeToString(b)
			w.Header().Set("X-Request-Id", id)
			sw := &statusWriter{ResponseWriter: w}
			// The mux records the pattern it matched on this request.
			req := r.WithContext(context.WithValue(r.Context(), requestIDKey{}, id))
			next.ServeHTTP(sw, req)
			took := time.Since(start)
			m.observe(req.Pattern, r.Method, sw.status, took)
			logger.LogAttrs(r.Context(), slog.LevelInfo, "request",
				slog.String("id", id), slog.String("method", r.Method), slog.String("path", r.URL.Path),
				slog.Int("status", sw.status), slog.Duration("took", took))
		})
	}
}

// recoverPanics turns a panic in a handler into a logged 500 JSON answer.
func recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				slog.ErrorContext(r.Context(), "panic", "value", v, "stack", string(debug.Stack()))
				detail(w, r, http.StatusInternalServerError, msgInternal)
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// limitBodies caps request bodies: multipart uploads at upload bytes, all
// others at n. A body that declares a larger length is refused before a
// byte of it is read; one that grows past the cap fails where it does.
// Handlers read multipart bodies part by part, text fields capped, and store
// only the files they expect.
func limitBodies(n, upload int64) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			limit := n
			if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/form-data") {
				limit = upload
			}
			if r.ContentLength > limit {
				detail(w, r, http.StatusBadRequest, msgTooLarge)
				return
			}
			r.Body = http.MaxBytesReader(w, r.Body, limit)
			next.ServeHTTP(w, r)
		})
	}
}

// userHandler is a handler for signed-in users.
type userHandler func(w http.ResponseWriter, r *http.Request, u *zabano.User)

var msgMembersOnly = zabano.Msg{En: "This is only for students and teachers.", Fa: "این بخش فقط برای زبان‌آموزان و استادان است."}

// authed admits students and teachers with a valid bearer token and hands
// the handler their user. Operators are refused: they cannot book, chat or
// hold a wallet.
func (s *Server) authed(h userHandler) http.HandlerFunc {
	return s.signedIn(func(w http.ResponseWriter, r *http.Request, u *zabano.User) {
		if !u.Role.Member() {
			writeError(w, r, zabano.Errorf(zabano.EFORBIDDEN, msgMembersOnly))
			return
		}
		h(w, r, u)
	})
}

// signedIn admits requests with a valid bearer token of any role, operators'
// too, and hands the handler its user.
func (s *Server) signedIn(h userHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok || token == "" {
			detail(w, r, http.StatusUnauthorized, msgLoginFirst)
			return
		}
		u, err := s.Accounts.Authenticate(r.Context(), token)
		if err != nil {
			writeError(w, r, err)
			return
		}
		h(w, r, u)
	}
}

var msgOnlyFor = zabano.Msg{En: "This is only for %ss.", Fa: "این بخش فقط برای %s است."}

// only admits signed-in users of role.
func (s *Server) only(role zabano.Role, h userHandler) http.HandlerFunc {
	return s.signedIn(func(w http.ResponseWriter, r *http.Request, u *zabano.User) {
		if u.Role != role {
			writeError(w, r, zabano.Errorf(zabano.EFORBIDDEN, msgOnlyFor, role.Name()))
			return
		}
		h(w, r, u)
	})
}

// clientIP is the address limits are counted against: the peer, or with
// TrustProxy the address the reverse proxy appended to X-Forwarded-For.
func (s *Server) clientIP(r *http.Request) string {
	if s.TrustProxy {
		if xff := r.Header.Get("X-Forwarded-For"); xff != "" {
			parts := strings.Split(xff, ",")
			return strings.TrimSpace(parts[len(parts)-1])
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
