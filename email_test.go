package zabano_test

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/zabano/zabano"
)

// tokenOf is the token of a link.
func tokenOf(t *testing.T, link string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	return u.Query().Get("token")
}

// TestUnsubscribeLinks: a token reads back as what it was made for, under
// its key only, and a verification token never passes as an unsubscribe one.
func TestUnsubscribeLinks(t *testing.T) {
	now := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	l := &zabano.EmailLinks{Key: []byte("k1"), PublicURL: "https://zabano.test", Now: func() time.Time { return now }}
	off := zabano.Unsubscription{UserID: 7, Kind: zabano.KindReminder1h, Channel: zabano.ChannelEmail}
	page, oneClick := l.UnsubscribeURL(off), l.OneClickURL(off)
	if !strings.HasPrefix(page, "https://zabano.test/unsubscribe?token=") ||
		!strings.HasPrefix(oneClick, "https://zabano.test/api/notifications/unsubscribe/?token=") || tokenOf(t, page) != tokenOf(t, oneClick) {
		t.Fatalf("links %s and %s", page, oneClick)
	}
	if got, err := l.Unsubscription(tokenOf(t, page)); err != nil || got != off {
		t.Fatalf("read back %+v, %v", got, err)
	}
	other := &zabano.EmailLinks{Key: []byte("k2"), PublicURL: "https://zabano.test", Now: l.Now}
	for name, token := range map[string]string{
		"another key":     tokenOf(t, other.UnsubscribeURL(off)),
		"a verification":  tokenOf(t, l.VerifyURL(&zabano.User{ID: 7, Email: "a@example.com"})),
		"no signature":    strings.Split(tokenOf(t, page), ".")[0],
		"not base64":      "!!.!!",
		"an unknown kind": "",
	} {
		if _, err := l.Unsubscription(token); zabano.ErrorCode(err) != zabano.EINVALID {
			t.Errorf("%s: %v, want EINVALID", name, err)
		}
	}
}
