package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	_ "time/tzdata" // Asia/Tehran for the Smart Builder's start date
)

// seedPassword is the password of every seeded user (cmd/zabano/seed.go).
const seedPassword = "zabano-demo"

// fixture is what the measurements need, prepared through the API: users
// signed in, chats opened, free slots found.
type fixture struct {
	api        *api
	students   []user
	teachers   []user
	teacherIDs []int64
	chats      []int64
	pool       []bookable
}

// prepare signs in the students and teachers the measurements use, opens a
// chat between each of the first conversations of them and finds free slots
// to book.
func prepare(ctx context.Context, base string, o options, progress io.Writer, name string) (*fixture, error) {
	f := &fixture{api: newAPI(base, 2*max(o.clients, o.conversations))}
	fmt.Fprintf(progress, "%s: signing in %d students and %d teachers ...\n", name, max(o.bookers, o.conversations, o.clients), o.conversations+1)
	var err error
	if f.students, err = signIn(ctx, f.api, "student", max(o.bookers, o.conversations, o.clients)); err != nil {
		return nil, err
	}
	if f.teachers, err = signIn(ctx, f.api, "teacher", o.conversations+1); err != nil {
		return nil, err
	}
	fmt.Fprintf(progress, "%s: opening chats, finding free slots ...\n", name)
	if f.teacherIDs, err = listTeacherIDs(ctx, f.api, f.students[0].token, 1000); err != nil {
		return nil, err
	}
	f.chats = make([]int64, o.conversations)
	for i := range f.chats {
		var c struct{ ID int64 }
		if err := f.api.call(ctx, "POST", "/api/chat/create/", f.students[i].token, map[string]any{"teacher_id": f.teachers[i].id}, http.StatusOK, &c); err != nil {
			return nil, err
		}
		f.chats[i] = c.ID
	}
	if f.pool, err = freeSlots(ctx, f.api, f.students[0].token, f.teacherIDs, 40_000); err != nil {
		return nil, err
	}
	return f, nil
}

// measure measures every endpoint into r, in an order that keeps the seeded
// data as the seed made it until the writes at the end.
func (f *fixture) measure(ctx context.Context, o options, r *report, p probe, progress io.Writer) error {
	a, students, teachers, chats := f.api, f.students, f.teachers, f.chats
	// fresh asks past the server's response cache (Cache-Control:
	// no-cache), for the figures without it.
	fresh := http.Header{"Cache-Control": {"no-cache"}}
	get := func(path string, users []user, h http.Header) func(context.Context, int, int) error {
		return func(ctx context.Context, c, _ int) error {
			token := ""
			if users != nil {
				token = users[c%len(users)].token
			}
			return a.do(ctx, "GET", path, token, h, nil, http.StatusOK, nil)
		}
	}
	// measure measures a row; target, when not 0, is the least ratio to
	// /healthz issue 15 set for it.
	measure := func(name string, target float64, clients int, call func(context.Context, int, int) error) {
		fmt.Fprintf(progress, "%s: %s ...\n", r.database, name)
		res := load(ctx, name, clients, o.warmUp, o.duration, p, call)
		res.target = target
		r.add(res)
	}
	measure("GET /healthz", 0, o.clients, get("/healthz", nil, nil))
	r.healthz = r.results[0].rate
	const filtered, searched = "/api/teachers/list/?language=eng&sort=price", "/api/teachers/list/?q=business"
	measure("GET "+filtered, 0.40, o.clients, get(filtered, students, nil))
	measure("GET "+filtered+", one client", 0, 1, get(filtered, students, nil))
	measure("GET "+filtered+", past the cache", 0.03, o.clients, get(filtered, students, fresh))
	measure("GET "+searched, 0.40, o.clients, get(searched, students, nil))
	measure("GET "+searched+", past the cache", 0.03, o.clients, get(searched, students, fresh))
	teacherSlots := func(h http.Header) func(context.Context, int, int) error {
		return func(ctx context.Context, c, _ int) error {
			id := f.teacherIDs[rand.IntN(len(f.teacherIDs))]
			return a.do(ctx, "GET", fmt.Sprintf("/api/slot/teacher/%d/", id), students[c%len(students)].token, h, nil, http.StatusOK, nil)
		}
	}
	measure("GET /api/slot/teacher/{id}/ (a random teacher)", 0.15, o.clients, teacherSlots(nil))
	measure("GET /api/slot/teacher/{id}/ (a random teacher), past the cache", 0, o.clients, teacherSlots(fresh))
	measure("GET /api/slot/lists/student/", 0.15, o.clients, get("/api/slot/lists/student/", students, nil))
	measure("GET /api/student/wallet/transactions/", 0, o.clients, get("/api/student/wallet/transactions/", students, nil))
	measure("POST /api/messages/send/", 0, o.clients, func(ctx context.Context, c, i int) error {
		chat := c % len(chats)
		return a.call(ctx, "POST", "/api/messages/send/", students[chat].token,
			map[string]any{"chat_id": chats[chat], "content": fmt.Sprintf("bench message %d", i)}, http.StatusCreated, nil)
	})
	var next atomic.Int64
	measure("POST /api/slot/booking/ (each a different free slot)", 0.08, o.clients, func(ctx context.Context, c, i int) error {
		k := next.Add(1) - 1
		if k >= int64(len(f.pool)) {
			return errDone
		}
		student := students[(c+i*o.clients)%o.bookers]
		return a.call(ctx, "POST", "/api/slot/booking/", student.token,
			map[string]any{"slot": f.pool[k].slot, "level_price": f.pool[k].level}, http.StatusCreated, nil)
	})

	fmt.Fprintf(progress, "%s: chat push over %d event streams ...\n", r.database, o.conversations)
	push, err := pushLatency(ctx, a, students[:o.conversations], teachers[:o.conversations], chats, o.pushRounds, p)
	if err != nil {
		return err
	}
	r.add(push)
	fmt.Fprintf(progress, "%s: Smart Builder ...\n", r.database)
	builder, err := smartBuilder(ctx, a, teachers[o.conversations], p)
	if err != nil {
		return err
	}
	r.add(builder)
	return nil
}

// api calls the server's JSON API.
type api struct {
	base string
	http *http.Client
}

func newAPI(base string, conns int) *api {
	return &api{base: base, http: &http.Client{
		Timeout: time.Minute,
		Transport: &http.Transport{
			MaxIdleConns: conns, MaxIdleConnsPerHost: conns, IdleConnTimeout: time.Minute, DisableCompression: true,
		},
	}}
}

// call sends body, as JSON when not nil, to path with a bearer token when
// not "", and decodes the answer into out when not nil. An answer other
// than want is an error.
func (a *api) call(ctx context.Context, method, path, token string, body any, want int, out any) error {
	return a.do(ctx, method, path, token, nil, body, want, out)
}

// do is call with the request's headers h besides.
func (a *api) do(ctx context.Context, method, path, token string, h http.Header, body any, want int, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, a.base+path, rd)
	if err != nil {
		return err
	}
	for k, v := range h {
		req.Header[k] = v
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := a.http.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != want {
		b, _ := io.ReadAll(io.LimitReader(res.Body, 300))
		return fmt.Errorf("%s %s: %d %s", method, path, res.StatusCode, b)
	}
	if out == nil {
		_, err = io.Copy(io.Discard, res.Body)
		return err
	}
	return json.NewDecoder(res.Body).Decode(out)
}

// user is a seeded user signed in through the API.
type user struct {
	id    int64
	token string
}

// signIn signs in the seeded users <role>1 ... <role>n, a few at a time:
// each sign-in checks an Argon2id hash, which the server spreads over its cores.
func signIn(ctx context.Context, a *api, role string, n int) ([]user, error) {
	users := make([]user, n)
	err := parallel(8, n, func(i int) error {
		var tok struct{ Access string }
		err := a.call(ctx, "POST", "/api/token/", "", map[string]string{
			"username": fmt.Sprintf("%s%d", role, i+1), "password": seedPassword, "role": role,
		}, http.StatusOK, &tok)
		if err != nil {
			return err
		}
		var p struct{ ID int64 }
		if err := a.call(ctx, "GET", "/api/profile/", tok.Access, nil, http.StatusOK, &p); err != nil {
			return err
		}
		users[i] = user{p.ID, tok.Access}
		return nil
	})
	return users, err
}

// parallel calls fn(0) ... fn(n-1), workers at a time, and returns the first error.
func parallel(workers, n int, fn func(i int) error) error {
	var next atomic.Int64
	errs := make(chan error, workers)
	for range workers {
		go func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					errs <- nil
					return
				}
				if err := fn(i); err != nil {
					next.Store(int64(n)) // the others stop too
					errs <- err
					return
				}
			}
		}()
	}
	var err error
	for range workers {
		err = errors.Join(err, <-errs)
	}
	return err
}

// listTeacherIDs reads the ids of up to n listed teachers, 100 a page.
func listTeacherIDs(ctx context.Context, a *api, token string, n int) ([]int64, error) {
	var ids []int64
	for page := 1; len(ids) < n; page++ {
		var list struct {
			Results []struct{ ID int64 }
		}
		if err := a.call(ctx, "GET", fmt.Sprintf("/api/teachers/list/?page_size=100&page=%d", page), token, nil, http.StatusOK, &list); err != nil {
			return nil, err
		}
		if len(list.Results) == 0 {
			break
		}
		for _, t := range list.Results {
			ids = append(ids, t.ID)
		}
	}
	if len(ids) == 0 {
		return nil, errors.New("no teachers listed")
	}
	return ids[:min(n, len(ids))], nil
}

// bookable is a free slot and a level of its teacher: what a booking names.
type bookable struct{ slot, level int64 }

// freeSlots finds about n free slots of the teachers, as a student's
// calendar does, shuffled so that concurrent bookings spread over teachers.
func freeSlots(ctx context.Context, a *api, token string, teacherIDs []int64, n int) ([]bookable, error) {
	var (
		mu   sync.Mutex
		pool []bookable
	)
	err := parallel(8, len(teacherIDs), func(i int) error {
		mu.Lock()
		enough := len(pool) >= n
		mu.Unlock()
		if enough {
			return nil
		}
		var pricing struct {
			LevelPrices []struct{ ID int64 } `json:"level_prices"`
		}
		if err := a.call(ctx, "GET", fmt.Sprintf("/api/teachers/%d/profile/", teacherIDs[i]), token, nil, http.StatusOK, &pricing); err != nil {
			return err
		}
		var slots []struct{ ID int64 }
		if err := a.call(ctx, "GET", fmt.Sprintf("/api/slot/teacher/%d/", teacherIDs[i]), token, nil, http.StatusOK, &slots); err != nil {
			return err
		}
		if len(pricing.LevelPrices) == 0 {
			return nil
		}
		mu.Lock()
		defer mu.Unlock()
		for _, s := range slots {
			pool = append(pool, bookable{s.ID, pricing.LevelPrices[0].ID})
		}
		return nil
	})
	rand.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	return pool, err
}

// pushLatency opens an event stream for each teacher, then in each of rounds
// has every student send their teacher a message at once, and times each
// message from the start of its send to its arrival on the stream.
func pushLatency(ctx context.Context, a *api, students, teachers []user, chats []int64, rounds int, p probe) (result, error) {
	n := len(chats)
	r := result{name: fmt.Sprintf("chat push: send to arrival on GET /api/events/, %d streams", n), clients: n, maxP99: 100 * time.Millisecond}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// Streams last as long as the test, so their client has no timeout.
	streams := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: n, DisableCompression: true}}
	var (
		mu      sync.Mutex
		arrived = make(map[string]time.Time, n*rounds)
		counts  = make([]int, rounds)
	)
	for i := range n {
		req, err := http.NewRequestWithContext(ctx, "GET", a.base+"/api/events/", nil)
		if err != nil {
			return r, err
		}
		req.Header.Set("Authorization", "Bearer "+teachers[i].token)
		res, err := streams.Do(req)
		if err != nil {
			return r, err
		}
		if res.StatusCode != http.StatusOK {
			res.Body.Close()
			return r, fmt.Errorf("GET /api/events/: %d", res.StatusCode)
		}
		go func() {
			defer res.Body.Close()
			sc := bufio.NewScanner(res.Body)
			for sc.Scan() {
				data, ok := strings.CutPrefix(sc.Text(), "data: ")
				if !ok {
					continue
				}
				at := time.Now()
				var e struct {
					Message struct{ Content string }
				}
				var round, sender int
				if json.Unmarshal([]byte(data), &e) != nil {
					continue
				}
				if _, err := fmt.Sscanf(e.Message.Content, "push %d %d", &round, &sender); err != nil || round >= rounds {
					continue
				}
				mu.Lock()
				arrived[e.Message.Content] = at
				counts[round]++
				mu.Unlock()
			}
		}()
	}

	var latencies []time.Duration
	server0, db0 := p.cpu()
	for round := range rounds {
		sent := make([]time.Time, n)
		failed := 0
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				began := time.Now()
				err := a.call(ctx, "POST", "/api/messages/send/", students[i].token,
					map[string]any{"chat_id": chats[i], "content": fmt.Sprintf("push %d %d", round, i)}, http.StatusCreated, nil)
				mu.Lock()
				defer mu.Unlock()
				if err != nil {
					failed++
					r.firstErr = cmpErr(r.firstErr, err)
					return
				}
				sent[i] = began
			}()
		}
		wg.Wait()
		r.failed += failed
		// A message not on its stream 10 s after it was sent counts as lost.
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
			mu.Lock()
			done := counts[round] >= n-failed
			mu.Unlock()
			if done {
				break
			}
		}
		mu.Lock()
		for i, t := range sent {
			if at, ok := arrived[fmt.Sprintf("push %d %d", round, i)]; ok && !t.IsZero() {
				latencies = append(latencies, at.Sub(t))
			}
		}
		mu.Unlock()
	}
	server1, db1 := p.cpu()
	lost := n*rounds - r.failed - len(latencies)
	r.ok = len(latencies)
	if r.ok > 0 {
		r.serverCPU, r.dbCPU = (server1-server0)/time.Duration(r.ok), (db1-db0)/time.Duration(r.ok)
	}
	r.p50, r.p99 = percentile(latencies, 50), percentile(latencies, 99)
	r.note = fmt.Sprintf("%d rounds, %d lost", rounds, lost)
	return r, nil
}

// smartBuilder times one Smart Builder request of a year of slots: 52
// weeks, every day, 16 one-hour slots from 06:00 to 22:00, from tomorrow.
func smartBuilder(ctx context.Context, a *api, teacher user, p probe) (result, error) {
	r := result{name: "POST /api/slot/available/batch/: Smart Builder, 52 weeks × 7 days × 16 slots", clients: 1}
	tehran, err := time.LoadLocation("Asia/Tehran")
	if err != nil {
		return r, err
	}
	plan := map[string]any{
		"weeks": 52, "days": []int{0, 1, 2, 3, 4, 5, 6}, "start_time": "06:00", "end_time": "22:00",
		"duration": 60, "break": 0, "start_date": time.Now().In(tehran).AddDate(0, 0, 1).Format(time.DateOnly),
	}
	var out struct{ Created, Skipped int }
	server0, db0 := p.cpu()
	began := time.Now()
	if err := a.call(ctx, "POST", "/api/slot/available/batch/", teacher.token, map[string]any{"plan": plan}, http.StatusCreated, &out); err != nil {
		return r, err
	}
	took := time.Since(began)
	server1, db1 := p.cpu()
	r.ok, r.p50, r.p99 = 1, took, took
	r.serverCPU, r.dbCPU = server1-server0, db1-db0
	r.note = fmt.Sprintf("%s created, %d skipped", thousands(out.Created), out.Skipped)
	return r, nil
}
