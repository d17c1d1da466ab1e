package zabano

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/big"
	"time"
)

// Phone verification codes: 6 digits, stored only as a keyed hash, valid for 10
// minutes, used once, and dead after 5 wrong tries.
const (
	CodeLength   = 6
	CodeTTL      = 10 * time.Minute
	CodeMaxTries = 5
)

// MsgCodeInvalid is the answer to a wrong, used, expired or exhausted code. It
// does not say which, so that it tells an attacker nothing.
var MsgCodeInvalid = Msg{"The verification code is wrong or has expired.", "کد تأیید نادرست است یا منقضی شده است."}

var msgCodeFormat = Msg{"The verification code is 6 digits.", "کد تأیید ۶ رقم است."}

// PhoneCode is a verification code sent to a phone.
type PhoneCode struct {
	Phone     string
	Hash      string
	ExpiresAt time.Time
}

// PhoneCodeStore keeps sent codes.
type PhoneCodeStore interface {
	CreatePhoneCode(ctx context.Context, c *PhoneCode) error
	// ConsumePhoneCode uses up the newest code sent to phone if its hash is
	// codeHash; a wrong code counts a try and fails with EINVALID on "code".
	ConsumePhoneCode(ctx context.Context, phone, codeHash string) error
}

// NewCode returns a random 6-digit code from a secure source.
func NewCode() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

// HashCode returns the keyed hash under which a code for phone is stored.
// Keying it makes a stolen table useless for guessing the short codes.
func HashCode(key []byte, phone, code string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(phone + ":" + code))
	return hex.EncodeToString(m.Sum(nil))
}

// checkCode adds the problems of a code's form to v.
func checkCode(v *Validation, code string) {
	if code == "" {
		v.Add("code", msgCodeRequired)
		return
	}
	if len(code) != CodeLength {
		v.Add("code", msgCodeFormat)
		return
	}
	for _, r := range code {
		if r < '0' || r > '9' {
			v.Add("code", msgCodeFormat)
			return
		}
	}
}
