// Package httpapi serves Zabano's HTTP API, the uploaded media and the
// embedded web app.
package httpapi

import (
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/mail"
	"github.com/zabano/zabano/media"
	"github.com/zabano/zabano/payment"
	"github.com/zabano/zabano/sms"
)

// Server holds what the handlers need. Fields are set by cmd/zabano.
type Server struct {
	Accounts *zabano.Accounts
	Teachers zabano.TeacherStore
	Students zabano.StudentStore
	Media    media.Store
	// Uploads bounds what each user keeps in Media and how fast they add to it.
	Uploads *zabano.Uploads
	// Bookings runs slots and the life of a class.
	Bookings *zabano.Bookings
	Reviews  zabano.ReviewStore
	Chats    zabano.ChatStore
	// MessagesPerMinute caps the chat messages a user sends.
	MessagesPerMinute int
	// Materials keeps materials, courses and study notes.
	Materials zabano.MaterialStore
	Progress  zabano.ProgressStore
	// Calendars keeps the members' calendar addresses and reads their feeds.
	Calendars zabano.CalendarStore
	// FileKey signs the download links of material files and chat attachments.
	FileKey []byte
	// LedgerCounts and PaymentCounts feed the metrics from the database.
	LedgerCounts, PaymentCounts Counter
	// Version is the binary's, for the metric zabano_build_info.
	Version     string
	metricsOnce sync.Once
	metrics     *metrics
	// Notifier wakes the event streams of users with new events.
	Notifier zabano.Notifier
	// Notifications are each user's notifications and their preferences.
	Notifications *zabano.Notifications
	// Streams bounds the event streams; open holds those of this process.
	Streams  StreamLimits
	open     openStreams
	Wallets  *zabano.Wallets
	Payments *zabano.Payments
	// Operators keeps the operators and their log.
	Operators zabano.OperatorStore
	// People is what operators see and do about users, teachers' profiles
	// and reviews.
	People *zabano.People
	// Auditor runs the audits of the money records and the bookings, for
	// the audit page and the overview.
	Auditor zabano.Auditor
	// Settings are the marketplace's settings operators change: the commission.
	Settings *zabano.Settings
	// Sandbox is the built-in sandbox gateway; nil when a real one is in
	// use, and then its payment page does not exist.
	Sandbox *payment.Sandbox
	// Cache keeps the answers of the public teacher reads; nil, they are
	// read from the store each time.
	Cache *ResponseCache
	// Now is the clock.
	Now func() time.Time
	// DevClock is the clock tests may move; nil outside dev, where its route does not exist.
	DevClock *DevClock
	// Ping checks the database for /readyz.
	Ping func(context.Context) error
	// Outbox is the dev SMS outbox; nil outside dev, where its route does not exist.
	Outbox *sms.Log
	// Emails verifies users' addresses and reads the unsubscribe links of emails.
	Emails *zabano.Emails
	// MailOutbox is the dev mail outbox; nil when mail goes by SMTP, and
	// then its route does not exist.
	MailOutbox *mail.Outbox
	// Web is the built web app (index.html and assets).
	Web fs.FS
	// PublicURL is the address users reach the server at, e.g. https://zabano.ir.
	PublicURL string
	// TrustProxy takes the client address from X-Forwarded-For (behind a reverse proxy).
	TrustProxy bool
	Logger     *slog.Logger
}

// maxBody is the cap on request bodies that are not multipart uploads.
const maxBody = 1 << 20

// Handler returns the whole application: routes wrapped in the middleware
// every request passes through.
func (s *Server) Handler() http.Handler {
	s.makeMetrics()
	mux := &routeMux{ServeMux: http.NewServeMux()}
	s.routes(mux)
	s.metrics.routes(mux.patterns)
	h := limitBodies(maxBody, maxUploadBody)(mux)
	h = recoverPanics(h)
	h = compress(h)
	csp := contentSecurityPolicy(inlineScriptHashes(s.Web))
	h = securityHeaders(strings.HasPrefix(s.PublicURL, "https://"), csp)(h)
	return logRequests(s.Logger, s.metrics)(h)
}

// MetricsHandler serves the Prometheus metrics of the handler that Handler
// returns. They reveal traffic and payment figures, so they are served on a
// private address of their own, never by Handler.
func (s *Server) MetricsHandler() http.Handler {
	s.makeMetrics()
	return s.metrics.handler()
}

// makeMetrics makes the metrics once, whichever handler asks first.
func (s *Server) makeMetrics() {
	s.metricsOnce.Do(func() { s.metrics = newMetrics(s.Version, s.LedgerCounts, s.PaymentCounts) })
}

// apiNotFound answers API paths under prefix (a pattern) that no route takes,
// in the API's JSON error format: 405 with Allow when the path exists under
// other methods, else 404. The API never falls back to the web app's page.
func apiNotFound(mux *routeMux, prefix string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var allow []string
		for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
			probe := r.Clone(r.Context())
			probe.Method = m
			if _, pattern := mux.Handler(probe); pattern != prefix {
				allow = append(allow, m)
			}
		}
		if len(allow) > 0 {
			w.Header().Set("Allow", strings.Join(allow, ", "))
			detail(w, r, http.StatusMethodNotAllowed, msgBadMethod)
			return
		}
		detail(w, r, http.StatusNotFound, msgNotFound)
	}
}
