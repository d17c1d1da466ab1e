package zabano

import (
	"slices"
	"sync"
	"time"
)

// SignedIn keeps, by access token, the users that Authenticate admitted
// lately, and the teachers each student saved, so that a signed-in request
// costs neither the token's signature nor a query while nothing of its user
// changed. Every committed change of users reaches Changed: the store's in
// this process, before the writing request is answered, and on PostgreSQL
// the other processes' too, by notification (realtime), and a change of
// anyone after a gap in which such a notification may have been lost.
// SignedInTTL bounds what a notification lost some other way could leave
// standing.
type SignedIn struct {
	mu    sync.Mutex
	seq   uint64 // rises at each Changed
	users map[string]signedInUser
	saved map[int64]savedTeachers
}

type signedInUser struct {
	user    User
	expires time.Time
}

type savedTeachers struct {
	ids     map[int64]bool
	expires time.Time
}

// UserChange is what a committed write changed of users: the accounts or
// saved teachers of Users, or anything of anyone when All (a write of the
// users table, whose statements do not say whose row). On PostgreSQL it
// travels to every process on UsersChangeChannel, as its String.
type UserChange struct {
	All   bool
	Users []int64
}

// UsersChangeChannel names the PostgreSQL notification channel of
// UserChanges: it, ':' and the schema.
const UsersChangeChannel = "zabano_user_changes"

// String is "*" for a change of anyone, else the users' ids joined by commas.
func (c UserChange) String() string { return changeString(c.All, c.Users) }

// ParseUserChange reads a UserChange's String; what it cannot read is a
// change of anyone.
func ParseUserChange(s string) UserChange {
	all, ids := parseChange(s)
	return UserChange{All: all, Users: ids}
}

const (
	// SignedInTTL bounds how long a user is kept without a change.
	SignedInTTL = 10 * time.Second
	// maxSignedIn bounds the users and saved sets kept; past it they are all forgotten.
	maxSignedIn = 20_000
)

// NewSignedIn returns an empty SignedIn.
func NewSignedIn() *SignedIn {
	return &SignedIn{users: map[string]signedInUser{}, saved: map[int64]savedTeachers{}}
}

// Changed forgets what c changed.
func (s *SignedIn) Changed(c UserChange) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seq++
	if c.All {
		clear(s.users)
		clear(s.saved)
		return
	}
	for _, id := range c.Users {
		delete(s.saved, id)
	}
	for token, e := range s.users {
		if slices.Contains(c.Users, e.user.ID) {
			delete(s.users, token)
		}
	}
}

// user returns a copy of the user kept for token at now, and the sequence
// to hand keepUser after reading it from the store when there is none.
func (s *SignedIn) user(token string, now time.Time) (*User, uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e, ok := s.users[token]; ok && now.Before(e.expires) {
		u := e.user
		return &u, s.seq
	}
	return nil, s.seq
}

// keepUser keeps u for token until expires, unless a user changed since
// seq: u may have been read before that change.
func (s *SignedIn) keepUser(token string, seq uint64, u *User, expires time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.seq != seq {
		return
	}
	if len(s.users) >= maxSignedIn {
		clear(s.users)
	}
	s.users[token] = signedInUser{user: *u, expires: expires}
}

// Saved is the set of teachers student saved, read by read unless it is
// kept; the caller must not change it.
func (s *SignedIn) Saved(student int64, now time.Time, read func() (map[int64]bool, error)) (map[int64]bool, error) {
	s.mu.Lock()
	e, ok := s.saved[student]
	seq := s.seq
	s.mu.Unlock()
	if ok && now.Before(e.expires) {
		return e.ids, nil
	}
	ids, err := read()
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.seq == seq {
		if len(s.saved) >= maxSignedIn {
			clear(s.saved)
		}
		s.saved[student] = savedTeachers{ids: ids, expires: now.Add(SignedInTTL)}
	}
	return ids, nil
}
