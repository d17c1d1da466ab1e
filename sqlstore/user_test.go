package sqlstore_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

var ctx = context.Background()

// sendCode stores a live code for phone and returns its hash.
func sendCode(t *testing.T, db *sqlstore.DB, phone, code string) string {
	t.Helper()
	h := zabano.HashCode([]byte("k"), phone, code)
	if err := db.CreatePhoneCode(ctx, &zabano.PhoneCode{Phone: phone, Hash: h, ExpiresAt: db.Now().Add(zabano.CodeTTL)}); err != nil {
		t.Fatal(err)
	}
	return h
}

func newUser(name, phone string) *zabano.User {
	return &zabano.User{Role: zabano.RoleStudent, Username: name, Phone: phone, PasswordHash: "x"}
}

func fieldOf(err error) string {
	e, ok := err.(*zabano.Error)
	if !ok || e.Code != zabano.EINVALID {
		return ""
	}
	for f := range e.Fields {
		return f
	}
	return ""
}

func TestCreateUser(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		clock := storetest.NewClock(time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC))
		db.Now = clock.Now
		h := sendCode(t, db, "09120000001", "123456")
		u := newUser("Sara", "09120000001")
		if err := db.CreateUser(ctx, u, h); err != nil {
			t.Fatal(err)
		}
		if u.ID == 0 || !u.CreatedAt.Equal(clock.Now()) {
			t.Fatalf("got id %d created %v", u.ID, u.CreatedAt)
		}
		got, err := db.FindUserByUsername(ctx, "sARA")
		if err != nil || got.ID != u.ID || got.Username != "Sara" {
			t.Fatalf("find by other case: %+v, %v", got, err)
		}

		t.Run("code is single-use", func(t *testing.T) {
			if f := fieldOf(db.CreateUser(ctx, newUser("other", "09120000001"), h)); f != "phone" {
				t.Fatalf("same phone again: field %q, want phone", f)
			}
			h2 := sendCode(t, db, "09120000002", "111111")
			if err := db.CreateUser(ctx, newUser("u2", "09120000002"), h2); err != nil {
				t.Fatal(err)
			}
			if f := fieldOf(db.CreateUser(ctx, newUser("u3", "09120000002"), h2)); f != "phone" {
				t.Fatalf("got %q", f)
			}
		})
		t.Run("username taken ignoring case, code kept", func(t *testing.T) {
			h := sendCode(t, db, "09120000003", "222222")
			if f := fieldOf(db.CreateUser(ctx, newUser("SARA", "09120000003"), h)); f != "username" {
				t.Fatalf("got %q, want username", f)
			}
			if err := db.CreateUser(ctx, newUser("sara2", "09120000003"), h); err != nil {
				t.Fatalf("the code must survive a rejected username: %v", err)
			}
		})
		t.Run("expired code", func(t *testing.T) {
			h := sendCode(t, db, "09120000004", "333333")
			clock.Add(zabano.CodeTTL)
			if f := fieldOf(db.CreateUser(ctx, newUser("late", "09120000004"), h)); f != "code" {
				t.Fatalf("got %q, want code", f)
			}
		})
		t.Run("five wrong tries kill the code", func(t *testing.T) {
			h := sendCode(t, db, "09120000005", "444444")
			wrong := zabano.HashCode([]byte("k"), "09120000005", "000000")
			for i := range zabano.CodeMaxTries {
				if f := fieldOf(db.CreateUser(ctx, newUser("guess", "09120000005"), wrong)); f != "code" {
					t.Fatalf("try %d: got %q", i, f)
				}
			}
			if f := fieldOf(db.CreateUser(ctx, newUser("guess", "09120000005"), h)); f != "code" {
				t.Fatalf("right code after 5 wrong tries: got %q, want code", f)
			}
		})
		t.Run("only the newest code counts", func(t *testing.T) {
			old := sendCode(t, db, "09120000006", "555555")
			sendCode(t, db, "09120000006", "666666")
			if f := fieldOf(db.CreateUser(ctx, newUser("newest", "09120000006"), old)); f != "code" {
				t.Fatalf("got %q", f)
			}
		})
	})
}

func TestCreateUserConcurrentSameName(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		const n = 8
		hashes := make([]string, n)
		for i := range n {
			hashes[i] = sendCode(t, db, phoneN(i), "123456")
		}
		var wg sync.WaitGroup
		errs := make([]error, n)
		for i := range n {
			wg.Go(func() { errs[i] = db.CreateUser(ctx, newUser("same", phoneN(i)), hashes[i]) })
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			if err == nil {
				ok++
			} else if fieldOf(err) != "username" {
				t.Errorf("loser got %v, want a username field error", err)
			}
		}
		if ok != 1 {
			t.Fatalf("%d registrations of one name succeeded, want 1", ok)
		}
	})
}

// TestCodeTriesConcurrent: wrong codes sent at once cannot count more than
// CodeMaxTries tries together, and the code is dead after them.
func TestCodeTriesConcurrent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		u := newUser("mina", "09121111112")
		if err := db.CreateUser(ctx, u, sendCode(t, db, u.Phone, "123456")); err != nil {
			t.Fatal(err)
		}
		right := sendCode(t, db, u.Phone, "654321")
		var wg sync.WaitGroup
		for i := range 60 {
			wrong := zabano.HashCode([]byte("k"), u.Phone, fmt.Sprintf("%06d", i))
			wg.Go(func() {
				if f := fieldOf(db.ResetPassword(ctx, u.Phone, wrong, "new-hash")); f != "code" {
					t.Errorf("wrong code: field %q, want code", f)
				}
			})
		}
		wg.Wait()
		if n, err := db.CodeTries(ctx, u.Phone); err != nil || n > zabano.CodeMaxTries {
			t.Fatalf("%d tries counted (%v), want at most %d", n, err, zabano.CodeMaxTries)
		}
		if f := fieldOf(db.ResetPassword(ctx, u.Phone, right, "new-hash")); f != "code" {
			t.Fatalf("the right code after the burst: field %q, want code", f)
		}
	})
}

func phoneN(i int) string { return "0912" + string(rune('1'+i)) + "000000" }

func TestResetPassword(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		u := newUser("reza", "09121111111")
		if err := db.CreateUser(ctx, u, sendCode(t, db, u.Phone, "123456")); err != nil {
			t.Fatal(err)
		}
		h := sendCode(t, db, u.Phone, "654321")
		if err := db.ResetPassword(ctx, u.Phone, h, "new-hash"); err != nil {
			t.Fatal(err)
		}
		got, err := db.FindUserByID(ctx, u.ID)
		if err != nil || got.PasswordHash != "new-hash" || got.TokenVersion != 1 {
			t.Fatalf("after reset: %+v, %v", got, err)
		}
		if f := fieldOf(db.ResetPassword(ctx, u.Phone, h, "again")); f != "code" {
			t.Fatalf("reused code: got %q", f)
		}
		h = sendCode(t, db, "09129999999", "123456")
		if f := fieldOf(db.ResetPassword(ctx, "09129999999", h, "x")); f != "phone" {
			t.Fatalf("unknown phone: got %q", f)
		}
		if _, err := db.FindUserByID(ctx, 999); zabano.ErrorCode(err) != zabano.ENOTFOUND {
			t.Fatalf("missing user: %v", err)
		}
	})
}
