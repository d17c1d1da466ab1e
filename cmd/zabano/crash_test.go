package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// testBinary is the zabano binary the tests that run it as a process share,
// built once per test run into binDir, which TestMain removes.
var (
	binDir     string
	testBinary = sync.OnceValues(func() (string, error) {
		goTool, err := exec.LookPath("go")
		if err != nil {
			return "", fmt.Errorf("the crash and multi-process tests build the binary with the go command: %w", err)
		}
		if binDir, err = os.MkdirTemp("", "zabano-test-bin-"); err != nil {
			return "", err
		}
		bin := filepath.Join(binDir, "zabano")
		if out, err := exec.Command(goTool, "build", "-o", bin, ".").CombinedOutput(); err != nil {
			return "", fmt.Errorf("go build: %w\n%s", err, out)
		}
		return bin, nil
	})
)

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// buildBinary returns the real zabano binary, built from this package.
func buildBinary(t *testing.T) string {
	t.Helper()
	began := time.Now()
	bin, err := testBinary()
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(began); took > time.Second {
		t.Logf("built the binary in %v", took)
	}
	return bin
}

// proc is a zabano server running as a process of its own.
type proc struct {
	t    *testing.T
	cmd  *exec.Cmd
	base string
	log  string // its standard error
	done chan struct{}
}

var servingLineRE = regexp.MustCompile(`serving (http://\S+)`)

// startServer runs `bin serve` with env (and nothing else of this process's
// environment but PATH and HOME) on a free port; it is killed when t ends.
func startServer(t *testing.T, bin string, env map[string]string) *proc {
	t.Helper()
	cmd := exec.Command(bin, "serve", "-addr", "127.0.0.1:0", "-metrics-addr", "127.0.0.1:0")
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME")}
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	logFile, err := os.CreateTemp(t.TempDir(), "server-*.log")
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = logFile
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &proc{t: t, cmd: cmd, log: logFile.Name(), done: make(chan struct{})}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := servingLineRE.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
	}()
	go func() {
		cmd.Wait()
		logFile.Close()
		close(p.done)
	}()
	t.Cleanup(func() { p.kill() })
	select {
	case p.base = <-addr:
		return p
	case <-p.done:
		t.Fatalf("the server ended before serving:\n%s", p.logTail())
	case <-time.After(30 * time.Second):
		p.kill()
		t.Fatalf("the server did not start in 30 s:\n%s", p.logTail())
	}
	return nil
}

// kill ends the server with SIGKILL, as a crash or the OOM killer would:
// no deferred function, no shutdown, no flush.
func (p *proc) kill() {
	p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.done
}

// stop ends the server as an operator does, with SIGTERM, and fails t unless
// it exits cleanly within 15 s.
func (p *proc) stop() {
	p.t.Helper()
	p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
		if !p.cmd.ProcessState.Success() {
			p.t.Errorf("the server exited with %v:\n%s", p.cmd.ProcessState, p.logTail())
		}
	case <-time.After(15 * time.Second):
		p.kill()
		p.t.Errorf("the server did not stop within 15 s of SIGTERM")
	}
}

// logTail is the end of the server's log, for failure messages.
func (p *proc) logTail() string {
	b, _ := os.ReadFile(p.log)
	if len(b) > 4000 {
		b = b[len(b)-4000:]
	}
	return string(b)
}

// api is a client of one server that does not follow redirects (the sandbox
// gateway's answer is a redirect to the callback page) and reports transport
// errors instead of failing the test: a killed server is expected here.
type api struct {
	base   string
	client *http.Client
}

func newAPI(base string, conns int) *api {
	return &api{base: base, client: &http.Client{
		Timeout:       20 * time.Second,
		Transport:     &http.Transport{MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

// call sends body as JSON (a url.Values as a form) and decodes a JSON answer
// into out, when out is not nil.
func (c *api) call(method, path, token string, body, out any) (int, error) {
	var rd io.Reader
	ctype := "application/json"
	switch b := body.(type) {
	case nil:
	case url.Values:
		rd, ctype = strings.NewReader(b.Encode()), "application/x-www-form-urlencoded"
	default:
		j, err := json.Marshal(b)
		if err != nil {
			return 0, err
		}
		rd = bytes.NewReader(j)
	}
	r, err := http.NewRequest(method, c.base+path, rd)
	if err != nil {
		return 0, err
	}
	if rd != nil {
		r.Header.Set("Content-Type", ctype)
	}
	r.Header.Set("Accept-Language", "en")
	if token != "" {
		r.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := c.client.Do(r)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return res.StatusCode, err
	}
	if out != nil && strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(raw, out); err != nil {
			return res.StatusCode, fmt.Errorf("%s %s: %w: %s", method, path, err, raw)
		}
	}
	return res.StatusCode, nil
}

// must is call for set-up steps: it fails t unless the answer is want.
func (c *api) must(t *testing.T, want int, method, path, token string, body, out any) {
	t.Helper()
	var raw json.RawMessage
	st, err := c.call(method, path, token, body, &raw)
	if err != nil || st != want {
		t.Fatalf("%s %s: %d %v %s, want %d", method, path, st, err, raw, want)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatal(err)
		}
	}
}

// register opens an account through the server's API, reading the code from
// its dev outbox, and returns a token and the user's id.
func (c *api) register(t *testing.T, name, role, phone string) (string, int64) {
	t.Helper()
	c.must(t, 200, "POST", "/api/phone-verify/", "", map[string]string{"phone": phone}, nil)
	var codes []struct{ Code string }
	c.must(t, 200, "GET", "/api/dev/sms-outbox/?phone="+phone, "", nil, &codes)
	if len(codes) == 0 {
		t.Fatalf("no code for %s in the outbox", phone)
	}
	var u struct{ ID int64 }
	c.must(t, 201, "POST", "/api/register/", "", map[string]any{
		"username": name, "password": "secret1", "role": role, "phone": phone, "code": codes[0].Code,
	}, &u)
	var tok struct{ Access string }
	c.must(t, 200, "POST", "/api/token/", "", map[string]string{"username": name, "password": "secret1"}, &tok)
	return tok.Access, u.ID
}

// topUp pays amount into the student's wallet through the sandbox gateway:
// the payment request, the payer's OK on the gateway's page, the top-up. It
// returns the authority and the status of each step, stopping at the first
// that fails.
func (c *api) topUp(token string, amount int64) (authority string, status int, err error) {
	var pay struct {
		Data struct{ Authority string }
	}
	if status, err = c.call("POST", "/panel-api/api/payment/request/", token, map[string]any{"amount": amount}, &pay); err != nil || status != 200 {
		return "", status, err
	}
	authority = pay.Data.Authority
	if status, err = c.call("POST", "/sandbox/pay/"+authority, "", url.Values{"status": {"OK"}}, nil); err != nil || status != 303 {
		return authority, status, err
	}
	status, err = c.call("POST", "/api/student/wallet/topup/", token, map[string]string{"authority": authority}, nil)
	return authority, status, err
}

// auditDB opens the database the servers used and fails t for every broken
// invariant of the ledger, bookings, withdrawals and payments.
func auditDB(t *testing.T, dsn string) *sqlstore.DB {
	t.Helper()
	db, err := sqlstore.Open(context.Background(), dsn)
	if err != nil {
		t.Fatalf("open the database after the crash: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	report, err := db.Audit(context.Background())
	if err != nil {
		t.Fatalf("audit: %v", err)
	}
	for _, f := range report.Findings {
		t.Errorf("%s: %s", f.Check, f.Message)
	}
	return db
}

// crashMarket is the marketplace the crash test runs on, and what the
// servers told its clients, to hold against the database after the crashes.
type crashMarket struct {
	teachers []crashTeacher
	students []string // tokens
	price    int64
	slots    []int64
	teacher  map[int64]int // slot id: index in teachers

	mu       sync.Mutex
	bookings map[int64]*crashBooking
	topUps   []crashTopUp
	counts   map[string]int
}

type crashTeacher struct {
	token string
	level int64 // the id of the teacher's one level price
}

// crashTopUp is a payment a server started; confirmed once the top-up was.
type crashTopUp struct {
	authority string
	student   int
	confirmed bool
}

// crashBooking is a booking a server confirmed, in the last state a server
// confirmed; busy while a change of it is under way or was cut off.
type crashBooking struct {
	student, teacher int
	slot             int64
	status           zabano.BookingStatus
	busy             bool
}

func (m *crashMarket) count(what string) {
	m.mu.Lock()
	m.counts[what]++
	m.mu.Unlock()
}

// TestCrashSafety kills the server with SIGKILL in the middle of concurrent
// bookings, cancellations and sandbox top-ups, three times, restarting it on
// the same data each time, and checks that the books balance, that every
// booking has its escrow debit and the reverse, that no slot is booked twice,
// and that what the servers confirmed to clients survived.
func TestCrashSafety(t *testing.T) {
	bin := buildBinary(t)
	for _, dialect := range storetest.Dialects() {
		t.Run(dialect, func(t *testing.T) {
			dataDir := t.TempDir()
			env := map[string]string{
				"ZABANO_ENV": "dev", "ZABANO_DATA_DIR": dataDir, "ZABANO_SECRET": strings.Repeat("c", 32),
				"ZABANO_CODES_PER_IP": "1000", "ZABANO_TEACHER_REVIEW": "off", // its teachers are booked at once
			}
			dsn := filepath.Join(dataDir, "zabano.db")
			if dialect == "postgres" {
				dsn = storetest.DSN(t, dialect)
				env["DATABASE_URL"] = dsn
			}
			began := time.Now()
			srv := startServer(t, bin, env)
			m := seedCrashMarket(t, newAPI(srv.base, 8))
			t.Logf("seeded in %v", time.Since(began))

			const rounds, workers = 3, 12
			for round := range rounds {
				c := newAPI(srv.base, workers)
				stop := make(chan struct{})
				var inFlight atomic.Int64
				var wg sync.WaitGroup
				for w := range workers {
					rng := rand.New(rand.NewPCG(uint64(round), uint64(w)))
					wg.Go(func() {
						for {
							select {
							case <-stop:
								return
							default:
							}
							inFlight.Add(1)
							m.step(c, rng)
							inFlight.Add(-1)
						}
					})
				}
				time.Sleep(time.Duration(1000+rand.IntN(1000)) * time.Millisecond)
				close(stop) // no new operations; those under way are cut off
				busy := inFlight.Load()
				srv.kill()
				wg.Wait()
				t.Logf("round %d: SIGKILL with %d operations in flight", round+1, busy)
				if dialect == "sqlite" {
					// The file as the crash left it, before a server opens it again.
					auditDB(t, dsn).Close()
				}
				restart := time.Now()
				srv = startServer(t, bin, env)
				t.Logf("restarted in %v", time.Since(restart))
			}

			c := newAPI(srv.base, 8)
			m.checkConfirmed(t, c)
			m.retryTopUps(t, c)
			if t.Failed() {
				t.Logf("server log:\n%s", srv.logTail())
			}
			srv.stop()
			db := auditDB(t, dsn)
			ledger, err1 := db.LedgerCounts(context.Background())
			payments, err2 := db.PaymentCounts(context.Background())
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			if ledger["topup"] != payments["paid"] {
				t.Errorf("%d top-up transactions for %d paid payments", ledger["topup"], payments["paid"])
			}
			t.Logf("outcomes: %v", m.counts)
			t.Logf("ledger transactions: %v; payments: %v", ledger, payments)
		})
	}
}

// seedCrashMarket registers, through the API, 3 teachers with 40 one-hour
// slots each from tomorrow and 12 students with 200,000 Toman each: four
// classes' worth.
func seedCrashMarket(t *testing.T, c *api) *crashMarket {
	t.Helper()
	m := &crashMarket{price: 50_000, teacher: map[int64]int{}, bookings: map[int64]*crashBooking{}, counts: map[string]int{}}
	tomorrow := time.Now().UTC().Truncate(time.Hour).Add(24 * time.Hour)
	for i := range 3 {
		token, _ := c.register(t, fmt.Sprintf("teacher%d", i), "teacher", fmt.Sprintf("0912%07d", i))
		var p struct {
			LevelPrices []struct{ ID int64 } `json:"level_prices"`
		}
		c.must(t, 200, "POST", "/api/teacher/profile/", token, map[string]any{
			"language_levels": []map[string]any{{"language": "English", "levels": []string{"B1"}, "regular_price": m.price}},
		}, &p)
		var slots []map[string]time.Time
		for h := range 40 {
			start := tomorrow.Add(time.Duration(h) * time.Hour)
			slots = append(slots, map[string]time.Time{"start": start, "end": start.Add(time.Hour)})
		}
		var created struct{ Created int }
		c.must(t, 201, "POST", "/api/slot/available/batch/", token, map[string]any{"slots": slots}, &created)
		var own []struct{ ID int64 }
		c.must(t, 200, "GET", "/api/slot/available/", token, nil, &own)
		if created.Created != 40 || len(own) != 40 || len(p.LevelPrices) != 1 {
			t.Fatalf("teacher %d: %d slots created, %d listed, %d levels", i, created.Created, len(own), len(p.LevelPrices))
		}
		for _, s := range own {
			m.slots = append(m.slots, s.ID)
			m.teacher[s.ID] = i
		}
		m.teachers = append(m.teachers, crashTeacher{token, p.LevelPrices[0].ID})
	}
	m.students = make([]string, 12)
	var wg sync.WaitGroup
	for i := range m.students {
		wg.Go(func() {
			m.students[i], _ = c.register(t, fmt.Sprintf("student%d", i), "student", fmt.Sprintf("0913%07d", i))
			if _, st, err := c.topUp(m.students[i], 4*m.price); st != 200 || err != nil {
				t.Errorf("student %d's first top-up: %d %v", i, st, err)
			}
		})
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	return m
}

// step is one random operation: a random student books a random slot
// (11 in 20), tops up through the sandbox gateway (3 in 20), or one of their
// classes is cancelled, by the student (free, or with the teacher's approval),
// or now and then by the teacher, which withdraws the slot.
func (m *crashMarket) step(c *api, rng *rand.Rand) {
	si := rng.IntN(len(m.students))
	switch op := rng.IntN(20); {
	case op < 11:
		m.mu.Lock()
		if len(m.slots) == 0 { // the teachers withdrew every time
			m.mu.Unlock()
			return
		}
		slot := m.slots[rng.IntN(len(m.slots))]
		m.mu.Unlock()
		ti := m.teacher[slot]
		var b struct{ ID int64 }
		st, err := c.call("POST", "/api/slot/booking/", m.students[si], map[string]any{"slot": slot, "level_price": m.teachers[ti].level}, &b)
		switch {
		case err != nil:
			m.count("booking cut off")
		case st == 201:
			m.mu.Lock()
			m.bookings[b.ID] = &crashBooking{student: si, teacher: ti, slot: slot, status: zabano.StatusBooked}
			m.counts["booked"]++
			m.mu.Unlock()
		default:
			m.count(fmt.Sprintf("booking answered %d", st))
		}
	case op < 14:
		authority, st, err := c.topUp(m.students[si], int64(1+rng.IntN(3))*m.price)
		m.mu.Lock()
		defer m.mu.Unlock()
		if authority != "" {
			m.topUps = append(m.topUps, crashTopUp{authority, si, err == nil && st == 200})
		}
		switch {
		case err != nil:
			m.counts["top-up cut off"]++
		case st == 200:
			m.counts["topped up"]++
		default:
			m.counts[fmt.Sprintf("top-up step answered %d", st)]++
		}
	default:
		m.mu.Lock()
		var id int64
		var b *crashBooking
		for bid, x := range m.bookings {
			if x.student == si && x.status == zabano.StatusBooked && !x.busy {
				id, b = bid, x
				break
			}
		}
		if b == nil {
			m.mu.Unlock()
			return
		}
		b.busy = true // stays so if the kill cuts the change off: its outcome is unknown
		m.mu.Unlock()
		teacher := m.teachers[b.teacher].token
		var st int
		var err error
		byTeacher := op == 19 && rng.IntN(3) == 0
		if !byTeacher {
			// Classes a day or more ahead are cancelled free at once; later
			// ones wait for the teacher's approval.
			var answer struct{ Status zabano.BookingStatus }
			st, err = c.call("PUT", fmt.Sprintf("/api/slot/cancel/%d/", id), m.students[si], nil, &answer)
			if err == nil && st == 200 && answer.Status == zabano.StatusCancelPending {
				st, err = c.call("PUT", fmt.Sprintf("/api/slot/cancel/approve/?id=%d", id), teacher, map[string]bool{"approve": true}, nil)
			}
		} else {
			st, err = c.call("PUT", fmt.Sprintf("/api/slot/teacher-cancel/%d/", id), teacher, nil, nil)
		}
		if err != nil {
			m.count("cancellation cut off")
			return
		}
		m.mu.Lock()
		defer m.mu.Unlock()
		if st != 200 {
			m.counts[fmt.Sprintf("cancellation answered %d", st)]++
			return
		}
		b.status, b.busy = zabano.StatusCancelled, false
		m.counts["cancelled"]++
		if byTeacher { // the teacher withdrew the time
			m.slots = slices.DeleteFunc(m.slots, func(s int64) bool { return s == b.slot })
		}
	}
}

// checkConfirmed fails t for every booking a server confirmed that is not
// there, in the state confirmed, after the crashes.
func (m *crashMarket) checkConfirmed(t *testing.T, c *api) {
	t.Helper()
	found := map[int64]zabano.BookingStatus{}
	for i, token := range m.students {
		var list []struct {
			ID     int64
			Status zabano.BookingStatus
		}
		if st, err := c.call("GET", "/api/slot/lists/student/", token, nil, &list); err != nil || st != 200 {
			t.Fatalf("student %d's classes: %d %v", i, st, err)
		}
		for _, b := range list {
			found[b.ID] = b.Status
		}
	}
	for id, b := range m.bookings {
		got, ok := found[id]
		switch {
		case !ok:
			t.Errorf("booking %d was confirmed but is gone", id)
		case !b.busy && got != b.status:
			t.Errorf("booking %d was confirmed %s but is %s", id, b.status, got)
		}
	}
	t.Logf("%d bookings confirmed to clients, %d found after the crashes", len(m.bookings), len(found))
}

// retryTopUps asks again for every top-up: a confirmed one answers as
// before and credits nothing more; one the kill cut off is credited now if
// the gateway had confirmed the payment (or was already), else refused, and
// asking a second time changes nothing.
func (m *crashMarket) retryTopUps(t *testing.T, c *api) {
	t.Helper()
	ask := func(p crashTopUp) int {
		st, err := c.call("POST", "/api/student/wallet/topup/", m.students[p.student], map[string]string{"authority": p.authority}, nil)
		if err != nil {
			t.Fatalf("top-up %s: %v", p.authority, err)
		}
		return st
	}
	total := m.walletTotal(t, c)
	first := map[string]int{}
	for _, confirmed := range []bool{true, false} {
		for _, p := range m.topUps {
			if p.confirmed != confirmed {
				continue
			}
			st := ask(p)
			first[p.authority] = st
			switch {
			case confirmed && st != 200:
				t.Errorf("confirmed top-up %s asked again: %d", p.authority, st)
			case !confirmed && st != 200 && st != 409:
				t.Errorf("cut-off top-up %s asked again: %d", p.authority, st)
			case !confirmed:
				m.counts[fmt.Sprintf("cut-off top-up resumed: %d", st)]++
			}
		}
		if confirmed {
			if again := m.walletTotal(t, c); again != total {
				t.Errorf("asking again for confirmed top-ups moved the wallets from %d to %d", total, again)
			}
		}
	}
	resumed := m.walletTotal(t, c)
	for _, p := range m.topUps {
		if st := ask(p); st != first[p.authority] {
			t.Errorf("top-up %s answered %d, then %d", p.authority, first[p.authority], st)
		}
	}
	if again := m.walletTotal(t, c); again != resumed {
		t.Errorf("asking twice for top-ups moved the wallets from %d to %d", resumed, again)
	}
	t.Logf("students' wallets: %d Toman after the crashes, %d once cut-off top-ups were resumed", total, resumed)
}

// walletTotal is the sum of the students' wallets, as their profiles show them.
func (m *crashMarket) walletTotal(t *testing.T, c *api) int64 {
	t.Helper()
	var total int64
	for i, token := range m.students {
		var p struct{ Wallet int64 }
		if st, err := c.call("GET", "/api/profile/", token, nil, &p); err != nil || st != 200 {
			t.Fatalf("student %d's profile: %d %v", i, st, err)
		}
		total += p.Wallet
	}
	return total
}
