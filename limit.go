package zabano

import (
	"context"
	"time"
)

// Limiter counts events per key over a sliding time window. It lives in the
// database, so a limit holds across every server process.
type Limiter interface {
	// Take records an event under key unless the last window already holds max
	// of them; then it fails with ETOOMANY and records nothing.
	Take(ctx context.Context, key string, max int, window time.Duration) error
	// Return forgets the newest event of key: one taken for an attempt that,
	// once decided, did not count.
	Return(ctx context.Context, key string) error
	// Clear forgets key's events.
	Clear(ctx context.Context, key string) error
}

var msgTooMany = Msg{
	"Too many requests. Please try again in %d seconds.",
	"تعداد درخواست‌ها بیش از حد مجاز است. لطفاً %d ثانیه دیگر دوباره تلاش کنید.",
}

// TooMany is the ETOOMANY error that tells the caller to wait retryAfter.
func TooMany(retryAfter time.Duration) error {
	secs := int((retryAfter + time.Second - 1) / time.Second)
	if secs < 1 {
		secs = 1
	}
	e := Errorf(ETOOMANY, msgTooMany, secs)
	e.RetryAfter = time.Duration(secs) * time.Second
	return e
}
