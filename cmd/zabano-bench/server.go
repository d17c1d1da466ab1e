package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver, to make and drop the bench's schema

	"github.com/zabano/zabano/sqlstore"
)

// database is one database the bench runs on: SQLite when url is "".
type database struct {
	name, url string
	// dir holds the SQLite file, the media and the server's log.
	dir string
	// dsn and env are set by seed: the database and the server's settings.
	dsn  string
	env  []string
	drop func()
	r    *report
	// srv and f are set by start: the server and what it was prepared with.
	srv *server
	f   *fixture
}

// seed makes a fresh database of d, in a schema of its own on PostgreSQL,
// and seeds it with bin.
func (d *database) seed(ctx context.Context, bin string, o options, progress io.Writer) error {
	if err := os.MkdirAll(d.dir, 0o750); err != nil {
		return err
	}
	d.r = &report{database: d.name}
	d.env = []string{"ZABANO_ENV=dev", "ZABANO_DATA_DIR=" + d.dir}
	d.dsn = filepath.Join(d.dir, "zabano.db")
	if d.url != "" {
		var err error
		if d.dsn, d.r.version, d.drop, err = freshSchema(ctx, d.url); err != nil {
			return err
		}
		d.env = append(d.env, "DATABASE_URL="+d.dsn)
	}
	fmt.Fprintf(progress, "%s: seeding %d teachers, %d slots, %d bookings ...\n", d.name, o.teachers, o.teachers*o.slotsPerTeacher, o.bookings)
	began := time.Now()
	seed := command(ctx, bin, d.env, "seed", "-photos=false", "-reviews=false", "-history=false", "-money=false",
		"-teachers", strconv.Itoa(o.teachers), "-students", strconv.Itoa(o.students),
		"-slots-per-teacher", strconv.Itoa(o.slotsPerTeacher), "-bookings", strconv.Itoa(o.bookings),
		"-wallet", strconv.FormatInt(o.wallet, 10))
	if out, err := seed.CombinedOutput(); err != nil {
		return fmt.Errorf("%s: zabano seed: %w\n%s", d.name, err, out)
	}
	d.r.seedTime = time.Since(began)
	fmt.Fprintf(progress, "%s: seeded in %s\n", d.name, d.r.seedTime.Round(time.Second))
	return nil
}

// close stops the server and drops the PostgreSQL schema, if they were made.
func (d *database) close() {
	if d.srv != nil {
		d.srv.stop()
	}
	if d.drop != nil {
		d.drop()
	}
}

// start serves the seeded database with bin and prepares the measurements:
// sign-ins, chats, free slots.
func (d *database) start(ctx context.Context, bin string, o options, progress io.Writer) error {
	var err error
	if d.srv, err = startServer(ctx, bin, d.env, filepath.Join(d.dir, "server.log")); err != nil {
		return err
	}
	if d.f, err = prepare(ctx, d.srv.base, o, progress, d.name); err != nil {
		return fmt.Errorf("%w\nthe end of the server's log:\n%s", err, logTail(d.srv.log, 10))
	}
	_, d.r.hwmSetup, err = d.probe().memory()
	return err
}

func (d *database) probe() probe {
	return probe{pid: d.srv.cmd.Process.Pid, postgres: d.url != ""}
}

// measure measures the started server into d.r, stops it and audits the
// database's ledger afterwards.
func (d *database) measure(ctx context.Context, o options, progress io.Writer) error {
	r, p := d.r, d.probe()
	r.loadBefore = loadAverage()
	if err := d.f.measure(ctx, o, r, p, progress); err != nil {
		return fmt.Errorf("%w\nthe end of the server's log:\n%s", err, logTail(d.srv.log, 10))
	}
	r.loadAfter = loadAverage()
	var err error
	if r.rss, r.hwm, err = p.memory(); err != nil {
		return err
	}
	if err := d.srv.stop(); err != nil {
		return err
	}

	// What the seed and the bench did to the money must add up.
	db, err := sqlstore.Open(ctx, d.dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	problems, err := db.AuditLedger(ctx)
	if err != nil {
		return err
	}
	r.audit = "clean"
	if len(problems) > 0 {
		r.audit = fmt.Sprintf("%d problems, first: %s", len(problems), problems[0])
	}
	return nil
}

// command runs bin with args and env added to this process's environment,
// less the variables that would point the server elsewhere.
func command(ctx context.Context, bin string, env []string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, bin, args...)
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "ZABANO_") && !strings.HasPrefix(kv, "DATABASE_URL=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, env...)
	return cmd
}

// freshSchema makes an empty schema bench_<random> in the PostgreSQL database
// at base and returns a URL that uses it, the server's version, and a
// function that drops it.
func freshSchema(ctx context.Context, base string) (dsn, version string, drop func(), err error) {
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", "", nil, err
	}
	defer admin.Close()
	if err := admin.QueryRowContext(ctx, `SHOW server_version`).Scan(&version); err != nil {
		return "", "", nil, err
	}
	b := make([]byte, 6)
	rand.Read(b)
	schema := "bench_" + hex.EncodeToString(b)
	if _, err := admin.ExecContext(ctx, `CREATE SCHEMA `+schema); err != nil {
		return "", "", nil, err
	}
	drop = func() {
		// The bench's context may be cancelled already (Ctrl-C): drop anyway.
		admin, err := sql.Open("pgx", base)
		if err != nil {
			return
		}
		defer admin.Close()
		admin.ExecContext(context.Background(), `DROP SCHEMA `+schema+` CASCADE`)
	}
	u, err := url.Parse(base)
	if err != nil {
		drop()
		return "", "", nil, err
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), version, drop, nil
}

// server is a running `zabano serve`.
type server struct {
	cmd  *exec.Cmd
	base string
	log  string
	// done receives the process's end.
	done     chan error
	stopOnce sync.Once
	stopErr  error
}

var servingRE = regexp.MustCompile(`serving (http://\S+)`)

// startServer starts bin serve on a free port of 127.0.0.1, its log in
// logPath, and waits until it is ready.
func startServer(ctx context.Context, bin string, env []string, logPath string) (*server, error) {
	logFile, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	defer logFile.Close() // the child has its own descriptor
	// The bench measures what a server can carry, not the limit on one
	// user's messages (30 a minute), which its clients would meet at once.
	cmd := command(ctx, bin, env, "serve", "-addr", "127.0.0.1:0", "-metrics-addr", "off", "-messages-per-minute", "1000000")
	cmd.Stderr = logFile
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{cmd: cmd, log: logPath, done: make(chan error, 1)}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := servingRE.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
		s.done <- cmd.Wait()
	}()
	select {
	case s.base = <-addr:
	case err := <-s.done:
		return nil, fmt.Errorf("zabano serve ended: %v (log: %s)", err, logPath)
	case <-time.After(time.Minute):
		s.stop()
		return nil, errors.New("zabano serve did not start within a minute")
	}
	for {
		res, err := http.Get(s.base + "/readyz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return s, nil
			}
		}
		select {
		case <-ctx.Done():
			s.stop()
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// stop asks the server to shut down and waits for it; it may be called again.
func (s *server) stop() error {
	s.stopOnce.Do(func() {
		s.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case s.stopErr = <-s.done:
		case <-time.After(30 * time.Second):
			s.cmd.Process.Kill()
			<-s.done
			s.stopErr = errors.New("zabano serve did not stop within 30 s")
		}
	})
	return s.stopErr
}

// logTail is the last n lines of the log at path.
func logTail(path string, n int) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return err.Error()
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
