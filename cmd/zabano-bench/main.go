// Command zabano-bench measures a real zabano server on a large marketplace.
// It builds the binary, and for SQLite and then PostgreSQL (when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set, in a schema of its own that
// it drops afterwards) seeds the database, starts `zabano serve`, loads the
// key endpoints with concurrent clients over HTTP and prints a table of
// throughput, latency and memory. `make bench` runs it. It prints figures and
// asserts nothing: the tests assert behaviour.
package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "zabano-bench:", err)
		os.Exit(1)
	}
}

// options are the bench's settings; the defaults are the marketplace of
// issue 9 and its load.
type options struct {
	teachers, students, slotsPerTeacher, bookings int
	// wallet is what each student's wallet holds after the seeded bookings,
	// for the bookings the bench makes.
	wallet int64
	// clients is how many clients load each endpoint at once.
	clients int
	// warmUp is not measured; duration is, for each endpoint.
	warmUp, duration time.Duration
	// bookers are the students who book during the bench.
	bookers int
	// conversations each have a stream open while messages are sent in
	// pushRounds rounds.
	conversations, pushRounds int
}

func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	var o options
	fs := flag.NewFlagSet("zabano-bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.IntVar(&o.teachers, "teachers", 10_000, "teachers to seed")
	fs.IntVar(&o.students, "students", 10_000, "students to seed")
	fs.IntVar(&o.slotsPerTeacher, "slots-per-teacher", 100, "slots to seed per teacher")
	fs.IntVar(&o.bookings, "bookings", 100_000, "bookings to seed")
	fs.Int64Var(&o.wallet, "wallet", 50_000_000, "Toman left in each seeded student's wallet")
	fs.IntVar(&o.clients, "clients", 64, "concurrent clients per endpoint")
	fs.DurationVar(&o.warmUp, "warm-up", 500*time.Millisecond, "unmeasured load before each measurement")
	fs.DurationVar(&o.duration, "duration", 3*time.Second, "measured load per endpoint")
	fs.IntVar(&o.bookers, "bookers", 128, "students who book during the bench")
	fs.IntVar(&o.conversations, "conversations", 200, "chats with an open event stream for the push latency")
	fs.IntVar(&o.pushRounds, "push-rounds", 10, "messages sent in each of those chats")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if o.conversations > min(o.teachers-1, o.students) || o.bookers > o.students || o.clients < 1 {
		return fmt.Errorf("more conversations or bookers than seeded users, or no clients")
	}

	began := time.Now()
	progress := elapsedWriter{stderr, began}
	dir, err := os.MkdirTemp("", "zabano-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "zabano")
	fmt.Fprintln(progress, "building zabano ...")
	build := exec.CommandContext(ctx, "go", "build", "-o", bin, "github.com/zabano/zabano/cmd/zabano")
	build.Stdout, build.Stderr = progress, progress
	if err := build.Run(); err != nil {
		return fmt.Errorf("go build: %w", err)
	}

	fmt.Fprintf(stdout, "# zabano bench, %s\n\n%s\n", began.Format("2006-01-02 15:04 MST"), machine())
	databases := []*database{{name: "SQLite"}}
	if url := cmp.Or(getenv("BENCH_DATABASE_URL"), getenv("TEST_DATABASE_URL")); url != "" {
		databases = append(databases, &database{name: "PostgreSQL", url: url})
	} else {
		fmt.Fprintln(stdout, "PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL.")
	}
	for _, d := range databases {
		d.dir = filepath.Join(dir, strings.ToLower(d.name))
		defer d.close()
	}
	// Nothing is measured before every database is seeded, so the seeds run
	// at once, and the first database's server starts and signs in its users
	// while the others still seed.
	ctx, cancel := context.WithCancel(ctx)
	var seeding sync.WaitGroup
	defer func() {
		// Seeds still running when the bench fails stop before their databases go.
		cancel()
		seeding.Wait()
	}()
	seeded := make([]chan error, len(databases))
	for i, d := range databases {
		seeded[i] = make(chan error, 1)
		seeding.Add(1)
		go func() {
			defer seeding.Done()
			seeded[i] <- d.seed(ctx, bin, o, progress)
		}()
	}
	for i, d := range databases {
		if err := <-seeded[i]; err != nil {
			return err
		}
		if i == 0 {
			if err := d.start(ctx, bin, o, progress); err != nil {
				return fmt.Errorf("%s: %w", d.name, err)
			}
		}
	}
	for _, d := range databases {
		if d.srv == nil {
			if err := d.start(ctx, bin, o, progress); err != nil {
				return fmt.Errorf("%s: %w", d.name, err)
			}
		}
		if err := d.measure(ctx, o, progress); err != nil {
			return fmt.Errorf("%s: %w", d.name, err)
		}
		d.r.print(stdout, o)
	}
	fmt.Fprintf(stdout, "\nWhole run: %s.\n", time.Since(began).Round(time.Second))
	return nil
}

// machine describes the computer the bench runs on.
func machine() string {
	cpu := "unknown CPU"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if name, ok := strings.CutPrefix(line, "model name"); ok {
				cpu = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(name), ":"))
				break
			}
		}
	}
	mem := ""
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		var kb int64
		fmt.Sscanf(strings.SplitN(string(b), "\n", 2)[0], "MemTotal: %d kB", &kb)
		mem = fmt.Sprintf(", %.0f GB memory", float64(kb)/(1<<20))
	}
	return fmt.Sprintf("Machine: %s, %d cores%s, %s/%s, %s. Load average at start: %s.",
		cpu, runtime.NumCPU(), mem, runtime.GOOS, runtime.GOARCH, runtime.Version(), loadAverage())
}

// loadAverage is the system's 1-minute load average: other programs on the
// machine compete with the server and the clients for its cores.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	return strings.Fields(string(b))[0]
}

// elapsedWriter starts each write, a line of progress, with the time since start.
type elapsedWriter struct {
	w     io.Writer
	start time.Time
}

func (e elapsedWriter) Write(b []byte) (int, error) {
	_, err := fmt.Fprintf(e.w, "[%s] %s", time.Since(e.start).Round(time.Second), b)
	return len(b), err
}
