package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"
)

// errDone tells load that a client has nothing more to send (the bench ran
// out of free slots to book).
var errDone = errors.New("nothing more to send")

// result is one line of a database's table.
type result struct {
	name    string
	clients int
	// ok and failed count the measured calls; rate is ok per second.
	ok, failed int
	rate       float64
	p50, p99   time.Duration
	// serverCPU and dbCPU are the CPU time the server process and the
	// PostgreSQL processes spent per measured call.
	serverCPU, dbCPU time.Duration
	// firstErr is the first failure, to show what went wrong.
	firstErr error
	// note replaces the rate columns of lines that are not throughput.
	note string
	// target is the least ratio to /healthz, maxP99 the most p99, that
	// issue 15 set for the line; 0 for none.
	target float64
	maxP99 time.Duration
}

// goal is the line's target and whether the figure meets it, or "".
func (res result) goal(healthz float64) string {
	met := func(ok bool) string {
		if ok {
			return "met"
		}
		return "NOT MET"
	}
	switch {
	case res.target > 0 && healthz > 0:
		return fmt.Sprintf("≥ %.2f: %s", res.target, met(res.rate/healthz >= res.target))
	case res.maxP99 > 0:
		return fmt.Sprintf("p99 < %s: %s", ms(res.maxP99), met(res.p99 < res.maxP99))
	}
	return ""
}

// load runs clients loops of call for warmUp and then duration, and
// measures the calls that end within the measured time, and the CPU time p
// reports for that same time: counting calls by their end keeps the rate and
// the CPU per call right however long a call takes. call gets its client's
// number and how many calls that client made before.
func load(ctx context.Context, name string, clients int, warmUp, duration time.Duration, p probe, call func(ctx context.Context, client, i int) error) result {
	type sample struct {
		end  time.Time
		took time.Duration
		err  error
	}
	var (
		mu      sync.Mutex
		samples []sample
		wg      sync.WaitGroup
	)
	start := time.Now()
	measureFrom, end := start.Add(warmUp), start.Add(warmUp+duration)
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []sample
			for i := 0; ctx.Err() == nil && time.Now().Before(end); i++ {
				began := time.Now()
				err := call(ctx, c, i)
				if errors.Is(err, errDone) {
					break
				}
				if now := time.Now(); !now.Before(measureFrom) {
					mine = append(mine, sample{now, now.Sub(began), err})
				}
			}
			mu.Lock()
			defer mu.Unlock()
			samples = append(samples, mine...)
		}()
	}
	done := make(chan struct{})
	go func() {
		wg.Wait()
		close(done)
	}()
	time.Sleep(time.Until(measureFrom))
	server0, db0 := p.cpu()
	// The measured time ends at the end, or earlier when every client ran
	// out of work.
	select {
	case <-time.After(time.Until(end)):
	case <-done:
	}
	windowEnd := time.Now()
	server1, db1 := p.cpu()
	<-done

	r := result{name: name, clients: clients}
	var latencies []time.Duration
	for _, s := range samples {
		switch {
		case s.end.After(windowEnd):
		case s.err != nil:
			r.failed++
			r.firstErr = cmpErr(r.firstErr, s.err)
		default:
			latencies = append(latencies, s.took)
		}
	}
	r.ok = len(latencies)
	if busy := windowEnd.Sub(measureFrom); busy > 0 {
		r.rate = float64(r.ok) / busy.Seconds()
	}
	r.p50, r.p99 = percentile(latencies, 50), percentile(latencies, 99)
	if r.ok > 0 {
		r.serverCPU, r.dbCPU = (server1-server0)/time.Duration(r.ok), (db1-db0)/time.Duration(r.ok)
	}
	return r
}

// cmpErr is a, or b when a is nil.
func cmpErr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// percentile is the p-th percentile of d (nearest rank), 0 for none.
func percentile(d []time.Duration, p int) time.Duration {
	if len(d) == 0 {
		return 0
	}
	slices.Sort(d)
	rank := (p*len(d) + 99) / 100
	return d[max(rank, 1)-1]
}

// report is what the bench measured on one database.
type report struct {
	database, version     string
	seedTime              time.Duration
	loadBefore, loadAfter string
	results               []result
	// healthz is the rate every other rate is compared with.
	healthz float64
	// hwmSetup is the server's peak memory after the sign-ins and the
	// preparations, rss and hwm its memory now and at its peak at the end.
	hwmSetup, rss, hwm int64
	audit              string
}

func (r *report) add(res result) { r.results = append(r.results, res) }

// print writes r as a Markdown table, readable in a terminal too.
func (r *report) print(w io.Writer, o options) {
	title := r.database
	if r.version != "" {
		title += " " + r.version
	}
	fmt.Fprintf(w, "\n## %s\n\n", title)
	fmt.Fprintf(w, "%s teachers, %s slots, %s bookings, %s students: seeded in %s (the databases are seeded at the same time). "+
		"Load average %s before the measurements, %s after.\n\n",
		thousands(o.teachers), thousands(o.teachers*o.slotsPerTeacher), thousands(o.bookings), thousands(o.students),
		r.seedTime.Round(time.Second), r.loadBefore, r.loadAfter)
	cpuHeader := "server CPU/call"
	if r.version != "" {
		cpuHeader = "CPU/call: server + PostgreSQL"
	}
	fmt.Fprintf(w, "| what | clients | calls | failed | req/s | p50 | p99 | vs /healthz | target | %s |\n", cpuHeader)
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |")
	for _, res := range r.results {
		cpu := ""
		if res.serverCPU > 0 || res.dbCPU > 0 {
			cpu = ms(res.serverCPU)
			if r.version != "" {
				cpu += " + " + ms(res.dbCPU)
			}
		}
		if res.note != "" {
			fmt.Fprintf(w, "| %s | %d | %s | %d | %s | %s | %s | | %s | %s |\n", res.name, res.clients, thousands(res.ok), res.failed,
				res.note, ms(res.p50), ms(res.p99), res.goal(r.healthz), cpu)
			continue
		}
		ratio := ""
		if r.healthz > 0 {
			ratio = fmt.Sprintf("%.3f", res.rate/r.healthz)
		}
		fmt.Fprintf(w, "| %s | %d | %s | %d | %s | %s | %s | %s | %s | %s |\n", res.name, res.clients, thousands(res.ok), res.failed,
			thousands(int(res.rate+0.5)), ms(res.p50), ms(res.p99), ratio, res.goal(r.healthz), cpu)
	}
	fmt.Fprintf(w, "\nServer memory: VmRSS %d MB at the end; VmHWM (peak) %d MB after the sign-ins and preparations, %d MB at the end. "+
		"Ledger audit after the bench: %s.\n", r.rss>>20, r.hwmSetup>>20, r.hwm>>20, r.audit)
	for _, res := range r.results {
		if res.firstErr != nil {
			fmt.Fprintf(w, "First failure of %s: %v\n", res.name, res.firstErr)
		}
	}
}

// ms writes d in milliseconds, with two decimals below 1 ms and one below 10 ms.
func ms(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond))
	case d < 10*time.Millisecond:
		return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%d ms", d.Milliseconds())
}

// thousands writes n with thousands separated by commas.
func thousands(n int) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 && s[i-1] != '-' {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
