package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Counter reads totals by kind from the database at scrape time.
type Counter func(context.Context) (map[string]int64, error)

// metrics are the server's Prometheus metrics, in a registry of its own.
type metrics struct {
	registry *prometheus.Registry
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	streams  prometheus.Gauge
}

func newMetrics(ledger, payments Counter) *metrics {
	m := &metrics{
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "zabano_http_requests_total", Help: "HTTP requests by route pattern, method and status code.",
		}, []string{"route", "method", "code"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "zabano_http_request_duration_seconds", Help: "HTTP request latency by route pattern.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
		}, []string{"route"}),
		streams: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "zabano_event_streams", Help: "Open server-sent event streams in this process.",
		}),
	}
	m.registry.MustRegister(m.requests, m.duration, m.streams,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		&dbCollector{desc: prometheus.NewDesc("zabano_ledger_transactions", "Ledger transactions by type (all processes).", []string{"type"}, nil), count: ledger},
		&dbCollector{desc: prometheus.NewDesc("zabano_payments", "Card payments by outcome (all processes).", []string{"status"}, nil), count: payments},
	)
	return m
}

// observe records one answered request; route is the pattern that took it.
func (m *metrics) observe(route, method string, code int, took time.Duration) {
	if route == "" {
		route = "unmatched"
	}
	m.requests.WithLabelValues(route, method, strconv.Itoa(code)).Inc()
	m.duration.WithLabelValues(route).Observe(took.Seconds())
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{})
}

// dbCollector reports counts the database holds, so that every process
// shows the same figures whichever one is scraped.
type dbCollector struct {
	desc  *prometheus.Desc
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
		ch <- prometheus.MustNewConstMetric(c.desc, prometheus.GaugeValue, float64(n), k)
	}
}
