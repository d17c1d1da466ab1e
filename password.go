package zabano

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"runtime"
	"strings"

	"golang.org/x/crypto/argon2"
)

// Argon2 is the cost of an argon2id hash: passes, memory in KiB, lanes.
type Argon2 struct {
	Time    uint32
	Memory  uint32
	Threads uint8
}

// PasswordCost is the cost of new password hashes: OWASP's recommendation,
// 19 MiB, 2 passes, 1 lane. Each hash records its cost, so raising it later
// leaves old hashes valid. Test packages that register many users lower it,
// since the race detector makes argon2 very slow.
var PasswordCost = Argon2{Time: 2, Memory: 19 * 1024, Threads: 1}

const argonKeyLen = 32

var b64 = base64.RawStdEncoding

// argonSlots bounds the argon2id computations running at once to the CPUs.
// More would not end sooner, and each holds its memory (19 MiB) until it
// ends: a burst of sign-ins would hold that many times over.
var argonSlots = make(chan struct{}, runtime.GOMAXPROCS(0))

func idKey(pw, salt []byte, time, memory uint32, threads uint8, keyLen uint32) []byte {
	argonSlots <- struct{}{}
	defer func() { <-argonSlots }()
	return argon2.IDKey(pw, salt, time, memory, threads, keyLen)
}

// HashPassword returns the argon2id hash of pw in the PHC string format.
func HashPassword(pw string) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	c := PasswordCost
	key := idKey([]byte(pw), salt, c.Time, c.Memory, c.Threads, argonKeyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, c.Memory, c.Time, c.Threads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// CheckPassword reports whether pw matches hash, using the parameters stored in
// the hash so that they can be raised later without breaking old accounts.
func CheckPassword(hash, pw string) bool {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false
	}
	var version int
	var memory, time uint32
	var threads uint8
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &memory, &time, &threads); err != nil {
		return false
	}
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false
	}
	want, err := b64.DecodeString(parts[5])
	if err != nil {
		return false
	}
	got := idKey([]byte(pw), salt, time, memory, threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1
}
