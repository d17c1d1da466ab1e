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

// countedTeachers counts the reads of a student's saved teachers.
type countedTeachers struct {
	zabano.TeacherStore
	reads atomic.Int32
}

func (c *countedTeachers) SavedTeachers(ctx context.Context, studentID int64) (map[int64]bool, error) {
	c.reads.Add(1)
	return c.TeacherStore.SavedTeachers(ctx, studentID)
}

// savedOn is whether the student's list shows teacher saved.
func savedOn(t *testing.T, a *app, token string, teacher string) bool {
	t.Helper()
	for _, c := range a.cards(t, token, "").Results {
		if c.Username == teacher {
			return *c.Saved
		}
	}
	t.Fatalf("%s is not on the list", teacher)
	return false
}

// TestSavedTeachersKept: the teachers a student saved are read once for
// their list pages, again when they save or take off one, and not when
// another student does.
func TestSavedTeachersKept(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		var teachers countedTeachers
		a := newApp(t, db, func(srv *httpapi.Server) {
			teachers.TeacherStore = srv.Teachers
			srv.Teachers = &teachers
		})
		s := newSearchScene(t, a)
		wantReads := func(what string, want int32) {
			t.Helper()
			if n := teachers.reads.Swap(0); n != want {
				t.Errorf("%s: %d reads of saved teachers, want %d", what, n, want)
			}
		}
		save := func(method, token string, id int64) {
			t.Helper()
			if r := a.do(req{method: method, path: fmt.Sprintf("/api/teachers/%d/save/", id), token: token}); r.status != 204 {
				t.Fatalf("%s save: %d %s", method, r.status, r.body)
			}
		}
		if savedOn(t, a, s.sara, "ali") || savedOn(t, a, s.sara, "ali") || savedOn(t, a, s.nima, "ali") {
			t.Fatal("ali saved before anyone saved him")
		}
		wantReads("two students' pages", 2)
		save("POST", s.sara, s.ali)
		if !savedOn(t, a, s.sara, "ali") || savedOn(t, a, s.nima, "ali") {
			t.Error("sara's mark on ali: not on her page, or on nima's")
		}
		wantReads("after sara saved", 1)
		save("DELETE", s.sara, s.ali)
		if savedOn(t, a, s.sara, "ali") {
			t.Error("ali still saved on sara's page after she took the mark off")
		}
		wantReads("after sara took it off", 1)
	})
}

// TestSignedInAcrossProcesses: a student's saved teachers and account,
// changed through one server, are read again by another over the same
// PostgreSQL as soon as the change's notification reaches it: a mark shows
// there, and a suspended user's token stops working there too.
func TestSignedInAcrossProcesses(t *testing.T) {
	dsn, open := sharedPostgres(t)
	a := newApp(t, open())
	ops := a.operator("ops", "09121000109")
	scene := newSearchScene(t, a)
	b := newApp(t, open(), func(srv *httpapi.Server) {
		pg := realtime.NewPostgres(dsn, slog.New(slog.NewTextHandler(io.Discard, nil)))
		pg.UsersChanged = srv.Accounts.SignedIn.Changed
		ready := make(chan struct{})
		go pg.Listen(t.Context(), ready)
		<-ready
	})
	sara := b.login("sara", "secret1")
	within5s := func(what string, ok func() bool) {
		t.Helper()
		for deadline := time.Now().Add(5 * time.Second); !ok(); time.Sleep(20 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("the other server, 5 s later: %s", what)
			}
		}
	}
	if savedOn(t, b, sara, "ali") {
		t.Fatal("ali saved before sara saved him")
	}
	if r := a.do(req{method: "POST", path: fmt.Sprintf("/api/teachers/%d/save/", scene.ali), token: scene.sara}); r.status != 204 {
		t.Fatalf("save: %d %s", r.status, r.body)
	}
	within5s("ali is not saved on sara's page", func() bool { return savedOn(t, b, sara, "ali") })

	path := fmt.Sprintf("/api/admin/users/%d/suspend/", a.userID(t, "sara"))
	if r := a.do(req{method: "POST", path: path, token: ops, body: map[string]string{"reason": "spam"}}); r.status != 200 {
		t.Fatalf("suspend: %d %s", r.status, r.body)
	}
	within5s("the suspended user is admitted", func() bool {
		return b.do(req{method: "GET", path: "/api/profile/", token: sara}).status == 401
	})
}
