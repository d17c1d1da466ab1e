package zabano

import (
	"strconv"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// How long an access token is valid: 7 days (spec section 9), and 12 hours
// for an operator, whose token can do much more harm in the wrong hands.
const (
	TokenTTL         = 7 * 24 * time.Hour
	OperatorTokenTTL = 12 * time.Hour
)

// Tokens issues and checks signed bearer access tokens (HS256 JWTs).
type Tokens struct {
	Secret []byte
	Now    func() time.Time
}

// Claims is what an access token says about its holder.
type Claims struct {
	UserID  int64
	Role    Role
	Version int
	Expires time.Time
}

type tokenClaims struct {
	Role    Role `json:"role"`
	Version int  `json:"ver"`
	jwt.RegisteredClaims
}

// Issue returns a token for u valid for TokenTTL, or OperatorTokenTTL for an operator.
func (t *Tokens) Issue(u *User) (string, error) {
	now := t.Now()
	ttl := TokenTTL
	if u.Role == RoleAdmin {
		ttl = OperatorTokenTTL
	}
	c := tokenClaims{
		Role:    u.Role,
		Version: u.TokenVersion,
		RegisteredClaims: jwt.RegisteredClaims{
			Subject:   strconv.FormatInt(u.ID, 10),
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(ttl)),
		},
	}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(t.Secret)
}

var msgTokenInvalid = Msg{
	"Your session has expired or is not valid. Please log in again.",
	"نشست شما منقضی شده یا معتبر نیست. لطفاً دوباره وارد شوید.",
}

// Parse checks s's signature, algorithm and expiry and returns its claims, or
// an EUNAUTHORIZED error.
func (t *Tokens) Parse(s string) (Claims, error) {
	var c tokenClaims
	_, err := jwt.ParseWithClaims(s, &c, func(*jwt.Token) (any, error) { return t.Secret, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithExpirationRequired(),
		jwt.WithTimeFunc(t.Now),
	)
	if err != nil {
		return Claims{}, Errorf(EUNAUTHORIZED, msgTokenInvalid)
	}
	id, err := strconv.ParseInt(c.Subject, 10, 64)
	if err != nil || id <= 0 {
		return Claims{}, Errorf(EUNAUTHORIZED, msgTokenInvalid)
	}
	return Claims{UserID: id, Role: c.Role, Version: c.Version, Expires: c.ExpiresAt.Time}, nil
}
