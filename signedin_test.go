package zabano_test

import (
	"context"
	"testing"
	"time"

	"github.com/zabano/zabano"
)

// changingUsers is a user store whose account changes while it is read.
type changingUsers struct {
	zabano.UserStore
	user   zabano.User
	reads  int
	onRead func()
}

func (c *changingUsers) FindUserByID(ctx context.Context, id int64) (*zabano.User, error) {
	c.reads++
	u := c.user
	if c.onRead != nil {
		c.onRead()
	}
	return &u, nil
}

// TestSignedInChangeDuringRead: a user read while their account changed is
// not kept, since the read may have come before the change; the next call
// reads again. A user read in peace is kept.
func TestSignedInChangeDuringRead(t *testing.T) {
	now := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	users := &changingUsers{user: zabano.User{ID: 7, Role: zabano.RoleStudent, Username: "sara"}}
	a := &zabano.Accounts{Users: users, Tokens: &zabano.Tokens{Secret: []byte("s"), Now: clock}, SignedIn: zabano.NewSignedIn(), Now: clock}
	token, err := a.Tokens.Issue(&users.user)
	if err != nil {
		t.Fatal(err)
	}
	users.onRead = func() { a.SignedIn.Changed(zabano.UserChange{Users: []int64{7}}) }
	for range 2 {
		if _, err := a.Authenticate(t.Context(), token); err != nil {
			t.Fatal(err)
		}
	}
	if users.reads != 2 {
		t.Errorf("%d reads while the account changed at each, want 2", users.reads)
	}
	users.onRead = nil
	for range 3 {
		if u, err := a.Authenticate(t.Context(), token); err != nil || u.Username != "sara" {
			t.Fatal(u, err)
		}
	}
	if users.reads != 3 {
		t.Errorf("%d reads, want 3: the user read in peace is kept", users.reads)
	}
}
