package httpapi_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/httpapi"
	"github.com/zabano/zabano/realtime"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// countedUsers counts the reads of users Authenticate makes.
type countedUsers struct {
	zabano.UserStore
	reads atomic.Int32
}

func (c *countedUsers) FindUserByID(ctx context.Context, id int64) (*zabano.User, error) {
	c.reads.Add(1)
	return c.UserStore.FindUserByID(ctx, id)
}

// countUsers makes a server count Authenticate's reads of users.
func countUsers(users *countedUsers) func(*httpapi.Server) {
	return func(srv *httpapi.Server) {
		users.UserStore = srv.Accounts.Users
		srv.Accounts.Users = users
	}
}

// TestSignedInUsers: a token's user is read once, not at each call, until
// an account changes (a password here; a suspension in TestSuspendUser) or
// zabano.SignedInTTL passes.
func TestSignedInUsers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		var users countedUsers
		a := newApp(t, db, countUsers(&users))
		sara := a.register("sara", zabano.RoleStudent, "09121000101")
		nima := a.register("nima", zabano.RoleStudent, "09121000102")
		calls := func(token string, n int) {
			t.Helper()
			for range n {
				if r := a.do(req{method: "GET", path: "/api/profile/", token: token}); r.status != 200 {
					t.Fatalf("profile: %d %s", r.status, r.body)
				}
			}
		}
		wantReads := func(what string, want int32) {
			t.Helper()
			if n := users.reads.Swap(0); n != want {
				t.Errorf("%s: %d reads of users, want %d", what, n, want)
			}
		}
		users.reads.Store(0)
		calls(sara, 3)
		calls(nima, 2)
		wantReads("five calls of two users", 2)

		r := a.do(req{method: "POST", path: "/api/auth/change-password/", token: nima,
			body: map[string]string{"current_password": "secret1", "new_password": "longenough"}})
		if r.status != 200 {
			t.Fatalf("change password: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "GET", path: "/api/profile/", token: nima}); r.status != 401 {
			t.Errorf("nima's old token after the change: %d", r.status)
		}
		users.reads.Store(0)
		calls(sara, 2)
		wantReads("after an account changed", 1)

		a.clock.Add(zabano.SignedInTTL)
		calls(sara, 2)
		wantReads(fmt.Sprintf("%s later", zabano.SignedInTTL), 1)
	})
}

// TestSignedInAcrossProcesses: an account changed through one server is
// read again by another over the same PostgreSQL, as soon as the change's
// notification reaches it: a suspended user's token stops working there too.
func TestSignedInAcrossProcesses(t *testing.T) {
	dsn, open := sharedPostgres(t)
	a := newApp(t, open())
	ops := a.operator("ops", "09121000109")
	a.register("sara", zabano.RoleStudent, "09121000101")
	b := newApp(t, open(), func(srv *httpapi.Server) {
		pg := realtime.NewPostgres(dsn, slog.New(slog.NewTextHandler(io.Discard, nil)))
		pg.UsersChanged = srv.Accounts.SignedIn.Changed
		ready := make(chan struct{})
		go pg.Listen(t.Context(), ready)
		<-ready
	})
	sara := b.login("sara", "secret1")
	if r := b.do(req{method: "GET", path: "/api/profile/", token: sara}); r.status != 200 {
		t.Fatalf("the other server: %d %s", r.status, r.body)
	}
	path := fmt.Sprintf("/api/admin/users/%d/suspend/", a.userID(t, "sara"))
	if r := a.do(req{method: "POST", path: path, token: ops, body: map[string]string{"reason": "spam"}}); r.status != 200 {
		t.Fatalf("suspend: %d %s", r.status, r.body)
	}
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if r := b.do(req{method: "GET", path: "/api/profile/", token: sara}); r.status == 401 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the other server still admits the suspended user 5 s later")
		}
	}
}
