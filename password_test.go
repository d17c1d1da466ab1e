package zabano_test

import (
	"strings"
	"testing"
	"time"

	"github.com/zabano/zabano"
)

func TestPassword(t *testing.T) {
	h, err := zabano.HashPassword("correct horse")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hash %q is not argon2id with OWASP parameters", h)
	}
	h2, _ := zabano.HashPassword("correct horse")
	if h == h2 {
		t.Fatal("two hashes of one password are equal: no salt")
	}
	if !zabano.CheckPassword(h, "correct horse") || zabano.CheckPassword(h, "correct horsE") || zabano.CheckPassword(h, "") {
		t.Fatal("CheckPassword is wrong")
	}
	for _, broken := range []string{"", "plain", "$argon2i$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA", h[:len(h)-4] + "!!!!"} {
		if zabano.CheckPassword(broken, "correct horse") {
			t.Errorf("CheckPassword accepted the hash %q", broken)
		}
	}
}

func TestTokens(t *testing.T) {
	now := time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC)
	tok := &zabano.Tokens{Secret: []byte("s"), Now: func() time.Time { return now }}
	s, err := tok.Issue(&zabano.User{ID: 42, Role: zabano.RoleTeacher, TokenVersion: 3})
	if err != nil {
		t.Fatal(err)
	}
	c, err := tok.Parse(s)
	if err != nil || !c.Expires.Equal(now.Add(zabano.TokenTTL)) {
		t.Fatalf("got %+v, %v", c, err)
	}
	if c.Expires = (time.Time{}); c != (zabano.Claims{UserID: 42, Role: zabano.RoleTeacher, Version: 3}) {
		t.Fatalf("got %+v", c)
	}
	now = now.Add(zabano.TokenTTL)
	if _, err := tok.Parse(s); zabano.ErrorCode(err) != zabano.EUNAUTHORIZED {
		t.Fatalf("after 7 days: %v", err)
	}
}
