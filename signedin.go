package zabano

import (
	"sync"
	"time"
)

// SignedIn keeps, by access token, the users that Authenticate admitted
// lately, so that a signed-in request costs neither the token's signature
// nor a query while its user's account is unchanged. Every committed write
// of users' accounts reaches Changed, which forgets them all: the store's
// in this process, before the write's request is answered, and on
// PostgreSQL the other processes' too, by notification (realtime), and
// after a gap in which such a notification may have been lost. SignedInTTL
// bounds what a notification lost some other way could leave standing.
type SignedIn struct {
	mu  sync.Mutex
	seq uint64 // rises at each Changed
	m   map[string]signedInUser
}

type signedInUser struct {
	user    User
	expires time.Time
}

const (
	// SignedInTTL bounds how long a user is kept without a change.
	SignedInTTL = 10 * time.Second
	// maxSignedIn bounds the users kept; past it they are all forgotten.
	maxSignedIn = 20_000
)

// NewSignedIn returns an empty SignedIn.
func NewSignedIn() *SignedIn { return &SignedIn{m: map[string]signedInUser{}} }

// Changed forgets every user: some account changed.
func (s *SignedIn) Changed() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seq++
	clear(s.m)
}

// get returns a copy of the user kept for token at now, and the sequence
// to hand put after reading it from the store when there is none.
func (s *SignedIn) get(token string, now time.Time) (*User, uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e, ok := s.m[token]; ok && now.Before(e.expires) {
		u := e.user
		return &u, s.seq
	}
	return nil, s.seq
}

// put keeps u for token until expires, unless an account changed since seq:
// u may have been read before that change.
func (s *SignedIn) put(token string, seq uint64, u *User, expires time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.seq != seq {
		return
	}
	if len(s.m) >= maxSignedIn {
		clear(s.m)
	}
	s.m[token] = signedInUser{user: *u, expires: expires}
}
