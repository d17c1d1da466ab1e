package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/zabano/zabano"
)

// Counter reads totals by kind from the database at scrape time.
type Counter func(context.Context) (map[string]int64, error)

// The kinds the database counts, reported at zero before the first one, so
// that rates and alerts see a series from the start.
var (
	transactionTypes = []zabano.TransactionType{
		zabano.TxTopUp, zabano.TxClassPayment, zabano.TxRefund, zabano.TxWithdrawal, zabano.TxBonus, zabano.TxOther,
	}
	paymentStatuses = []zabano.PaymentStatus{zabano.PaymentPending, zabano.PaymentPaid, zabano.PaymentExpired, zabano.PaymentFailed}
)

// metrics are the server's Prometheus metrics, in a registry of its own.
// Names follow Prometheus' conventions: counters end in _total, and the
// route label is the mux pattern without its method, which has a label of
// its own.
type metrics struct {
	registry *prometheus.Registry
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	streams  prometheus.Gauge
}

func newMetrics(version string, ledger, payments Counter) *metrics {
	m := &metrics{
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "zabano_http_requests_total", Help: "HTTP requests by route pattern, method and status code.",
		}, []string{"route", "method", "code"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "zabano_http_request_duration_seconds", Help: "HTTP request latency by route pattern and method.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
		}, []string{"route", "method"}),
		streams: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "zabano_event_streams", Help: "Open server-sent event streams in this process.",
		}),
	}
	build := prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "zabano_build_info", Help: "Always 1; the version label is the running binary's.",
		ConstLabels: prometheus.Labels{"version": version},
	})
	build.Set(1)
	m.registry.MustRegister(m.requests, m.duration, m.streams, build,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		// Ledger transactions are never deleted, so their count only grows: a counter.
		&dbCollector{
			desc:  prometheus.NewDesc("zabano_ledger_transactions_total", "Ledger transactions by type (all processes).", []string{"type"}, nil),
			kind:  prometheus.CounterValue,
			known: kinds(transactionTypes),
			count: ledger,
		},
		// A payment moves from pending to paid, expired or failed: how many stand in
		// each status goes up and down, a gauge.
		&dbCollector{
			desc:  prometheus.NewDesc("zabano_payments", "Card payments by status (all processes).", []string{"status"}, nil),
			kind:  prometheus.GaugeValue,
			known: kinds(paymentStatuses),
			count: payments,
		},
	)
	return m
}

func kinds[K ~string](ks []K) []string {
	s := make([]string, len(ks))
	for i, k := range ks {
		s[i] = string(k)
	}
	return s
}

// route splits a mux pattern ("GET /api/profile/{$}") into its method and
// the route label ("/api/profile/{$}"); a pattern without a method gives "".
func route(pattern string) (method, path string) {
	if method, path, ok := strings.Cut(pattern, " "); ok {
		return method, strings.TrimLeft(path, " ")
	}
	return "", pattern
}

// routes starts the latency series of every pattern given with its method at
// zero. Request counts wait for their first answer: their code is not known
// before.
func (m *metrics) routes(patterns []string) {
	for _, p := range patterns {
		if method, path := route(p); method != "" {
			m.duration.WithLabelValues(path, method)
		}
	}
}

// observe records one answered request; pattern is the one that took it.
func (m *metrics) observe(pattern, method string, code int, took time.Duration) {
	_, path := route(pattern)
	if path == "" {
		path = "unmatched"
	}
	m.requests.WithLabelValues(path, method, strconv.Itoa(code)).Inc()
	m.duration.WithLabelValues(path, method).Observe(took.Seconds())
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{})
}

// routeMux is a ServeMux that keeps the patterns it is given, for metrics.routes.
type routeMux struct {
	*http.ServeMux
	patterns []string
}

func (m *routeMux) Handle(pattern string, h http.Handler) {
	m.patterns = append(m.patterns, pattern)
	m.ServeMux.Handle(pattern, h)
}

func (m *routeMux) HandleFunc(pattern string, h func(http.ResponseWriter, *http.Request)) {
	m.Handle(pattern, http.HandlerFunc(h))
}

// dbCollector reports counts the database holds, so that every process
// shows the same figures whichever one is scraped; the known kinds are
// reported at zero until the database has one.
type dbCollector struct {
	desc  *prometheus.Desc
	kind  prometheus.ValueType
	known []string
	count Counter
}

func (c *dbCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

func (c *dbCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	counts, err := c.count(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(c.desc, err)
		return
	}
	for k, n := range counts {
		ch <- prometheus.MustNewConstMetric(c.desc, c.kind, float64(n), k)
	}
	for _, k := range c.known {
		if _, ok := counts[k]; !ok {
			ch <- prometheus.MustNewConstMetric(c.desc, c.kind, 0, k)
		}
	}
}
