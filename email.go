package zabano

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Email verification: the link sent to an address is good for this long,
// and a user may ask for this many links an hour.
const (
	EmailLinkTTL              = 48 * time.Hour
	VerificationEmailsPerHour = 5
)

// EmailVerified reports whether u proved their current email is theirs.
func (u *User) EmailVerified() bool { return u.Email != "" && !u.EmailVerifiedAt.IsZero() }

// EmailStore keeps which addresses are verified.
type EmailStore interface {
	// ConfirmEmail marks email verified for user userID if it is still
	// their email, and returns the user; ENOTFOUND when it is not (they
	// changed it since the link was sent, or deleted their account).
	ConfirmEmail(ctx context.Context, userID int64, email string) (*User, error)
}

// EmailSender sends the emails that are not notifications.
type EmailSender interface {
	// SendVerification sends u, at their email whether verified or not,
	// the link that verifies it, written in lang.
	SendVerification(ctx context.Context, u *User, link, lang string) error
}

// EmailLinks makes and reads the signed links of emails: the one that
// verifies an address, and the one-click unsubscribe of each notification.
// The token is the key: neither needs the user signed in.
type EmailLinks struct {
	// Key signs the tokens; it is derived from the server's secret.
	Key []byte
	// PublicURL is the address users reach the server at, the links' base.
	PublicURL string
	Now       func() time.Time
}

// The purposes of the links' tokens, signed with them so that a token made
// for one cannot pass as the other.
const (
	purposeVerify      = "verify-email"
	purposeUnsubscribe = "unsubscribe"
)

// seal returns payload signed for purpose: the payload and its HMAC-SHA256,
// each base64url, joined by a dot, so the token is safe in a URL as it is.
func (l *EmailLinks) seal(purpose, payload string) string {
	enc := base64.RawURLEncoding
	return enc.EncodeToString([]byte(payload)) + "." + enc.EncodeToString(l.mac(purpose, payload))
}

func (l *EmailLinks) mac(purpose, payload string) []byte {
	m := hmac.New(sha256.New, l.Key)
	m.Write([]byte(purpose + "\x00" + payload))
	return m.Sum(nil)
}

// open returns the payload of a token sealed for purpose, or false when the
// token is malformed or its signature is not the key's.
func (l *EmailLinks) open(purpose, token string) (string, bool) {
	enc := base64.RawURLEncoding
	p, s, ok := strings.Cut(strings.TrimSpace(token), ".")
	if !ok {
		return "", false
	}
	payload, err1 := enc.DecodeString(p)
	sig, err2 := enc.DecodeString(s)
	if err1 != nil || err2 != nil || !hmac.Equal(sig, l.mac(purpose, string(payload))) {
		return "", false
	}
	return string(payload), true
}

func (l *EmailLinks) link(path, token string) string {
	return l.PublicURL + path + "?token=" + url.QueryEscape(token)
}

// VerifyURL is the web app's page that verifies u's current email, for
// EmailLinkTTL.
func (l *EmailLinks) VerifyURL(u *User) string {
	exp := l.Now().Add(EmailLinkTTL).Unix()
	return l.link("/verify-email", l.seal(purposeVerify, fmt.Sprintf("%d:%d:%s", u.ID, exp, u.Email)))
}

// Unsubscription is what an unsubscribe link turns off: one kind of
// notification by one channel, for one user.
type Unsubscription struct {
	UserID  int64
	Kind    NotificationKind
	Channel Channel
}

func (l *EmailLinks) unsubscribeToken(s Unsubscription) string {
	return l.seal(purposeUnsubscribe, fmt.Sprintf("%d:%s:%s", s.UserID, s.Kind, s.Channel))
}

// UnsubscribeURL is the web app's page that turns s off, the link an email
// shows. It does not expire: an old email's link still works.
func (l *EmailLinks) UnsubscribeURL(s Unsubscription) string {
	return l.link("/unsubscribe", l.unsubscribeToken(s))
}

// OneClickURL is the API address a mail client posts to, to turn s off
// (RFC 8058): an email's List-Unsubscribe header.
func (l *EmailLinks) OneClickURL(s Unsubscription) string {
	return l.link("/api/notifications/unsubscribe/", l.unsubscribeToken(s))
}

var (
	msgEmailLinkInvalid = Msg{
		"This link is not valid or has expired. Ask for a new one in Settings.",
		"این پیوند معتبر نیست یا منقضی شده است. در تنظیمات پیوند تازه‌ای بخواهید."}
	msgEmailChanged = Msg{
		"This link was sent to an email you no longer use. Ask for a new one in Settings.",
		"این پیوند برای ایمیلی فرستاده شده که دیگر ایمیل شما نیست. در تنظیمات پیوند تازه‌ای بخواهید."}
	msgUnsubscribeInvalid = Msg{
		"This unsubscribe link is not valid. Change your notifications in Settings.",
		"این پیوند لغو اشتراک معتبر نیست. اعلان‌ها را در تنظیمات تغییر دهید."}
	msgNoEmail = Msg{
		"Add your email to your profile first.",
		"ابتدا ایمیل خود را در پروفایل وارد کنید."}
	msgEmailSendFailed = Msg{
		"The email could not be sent. Please try again later.",
		"ارسال ایمیل ناموفق بود. لطفاً بعداً دوباره تلاش کنید."}
	msgVerificationsTooMany = Msg{
		"You can ask for %d links an hour. Please try again in %d minutes.",
		"هر ساعت %d پیوند می‌توانید بخواهید. لطفاً %d دقیقهٔ دیگر دوباره تلاش کنید."}
	// MsgVerificationSent answers a request for a link.
	MsgVerificationSent = Msg{
		"We sent a link to %s: open it to verify your email.",
		"پیوندی به %s فرستادیم: برای تأیید ایمیل آن را باز کنید."}
)

// verification reads a verification token: the user and the email it was
// made for, while it is live.
func (l *EmailLinks) verification(token string) (userID int64, email string, err error) {
	payload, ok := l.open(purposeVerify, token)
	invalid := FieldError("token", msgEmailLinkInvalid)
	if !ok {
		return 0, "", invalid
	}
	parts := strings.SplitN(payload, ":", 3)
	if len(parts) != 3 {
		return 0, "", invalid
	}
	userID, err1 := strconv.ParseInt(parts[0], 10, 64)
	exp, err2 := strconv.ParseInt(parts[1], 10, 64)
	if err1 != nil || err2 != nil || userID <= 0 || l.Now().Unix() > exp {
		return 0, "", invalid
	}
	return userID, parts[2], nil
}

// Unsubscription reads an unsubscribe token.
func (l *EmailLinks) Unsubscription(token string) (Unsubscription, error) {
	invalid := FieldError("token", msgUnsubscribeInvalid)
	payload, ok := l.open(purposeUnsubscribe, token)
	if !ok {
		return Unsubscription{}, invalid
	}
	parts := strings.Split(payload, ":")
	if len(parts) != 3 {
		return Unsubscription{}, invalid
	}
	id, err := strconv.ParseInt(parts[0], 10, 64)
	s := Unsubscription{UserID: id, Kind: NotificationKind(parts[1]), Channel: Channel(parts[2])}
	if err != nil || id <= 0 || !s.Kind.Valid() || (s.Channel != ChannelSMS && s.Channel != ChannelEmail) {
		return Unsubscription{}, invalid
	}
	return s, nil
}

// Emails verifies users' addresses by the links sent to them, and takes
// notifications off by the unsubscribe links of emails.
type Emails struct {
	Store   EmailStore
	Limiter Limiter
	Sender  EmailSender
	Links   *EmailLinks
	Logger  *slog.Logger
}

// SendVerification sends u a link that verifies their current email, at
// most VerificationEmailsPerHour an hour.
func (e *Emails) SendVerification(ctx context.Context, u *User, lang string) error {
	if u.Email == "" {
		return FieldError("email", msgNoEmail)
	}
	err := e.Limiter.Take(ctx, "verify-email:"+strconv.FormatInt(u.ID, 10), VerificationEmailsPerHour, time.Hour)
	var tooMany *Error
	if errors.As(err, &tooMany) && tooMany.Code == ETOOMANY {
		tooMany.Message = Msgf(msgVerificationsTooMany, VerificationEmailsPerHour, int((tooMany.RetryAfter+time.Minute-1)/time.Minute))
	}
	if err != nil {
		return err
	}
	if err := e.Sender.SendVerification(ctx, u, e.Links.VerifyURL(u), lang); err != nil {
		e.Logger.ErrorContext(ctx, "verification email", "user", u.ID, "err", err)
		return Errorf(EUNAVAILABLE, msgEmailSendFailed)
	}
	return nil
}

// Confirm verifies the email a verification token was made for, if it is
// still the user's, and returns the user.
func (e *Emails) Confirm(ctx context.Context, token string) (*User, error) {
	id, email, err := e.Links.verification(token)
	if err != nil {
		return nil, err
	}
	u, err := e.Store.ConfirmEmail(ctx, id, email)
	if ErrorCode(err) == ENOTFOUND {
		return nil, FieldError("token", msgEmailChanged)
	}
	return u, err
}

// Unsubscribe turns off, in the user's preferences, what an unsubscribe
// token names. Doing it twice changes nothing more.
func (e *Emails) Unsubscribe(ctx context.Context, prefs *Notifications, token string) (Unsubscription, error) {
	s, err := e.Links.Unsubscription(token)
	if err != nil {
		return s, err
	}
	_, err = prefs.UpdatePrefs(ctx, s.UserID, &PrefsUpdate{Channels: map[NotificationKind]map[Channel]bool{s.Kind: {s.Channel: false}}})
	return s, err
}
