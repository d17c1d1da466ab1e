package zabano

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"
	"time"
)

// SMSSender delivers verification codes to phones.
type SMSSender interface {
	SendCode(ctx context.Context, phone, code string) error
}

// Limits of sending codes and of failed logins (spec and issue 2).
const (
	CodesPerPhone     = 3
	CodeWindow        = 10 * time.Minute
	LoginFailsPerUser = 5
	LoginWindow       = 15 * time.Minute
)

var (
	msgSendFailed   = Msg{"Failed to send verification code", "ارسال کد تأیید ناموفق بود"}
	msgLoginFailed  = Msg{"Login failed. Please check your credentials.", "ورود ناموفق بود. لطفاً نام کاربری و رمز عبور را بررسی کنید."}
	msgAccessDenied = Msg{
		"Access denied. This login is for %ss only. Your role is %s.",
		"دسترسی مجاز نیست. این ورود فقط برای %s است. نقش شما %s است.",
	}
	msgOperatorEntrance = Msg{"Operators sign in at the operator entrance.", "اپراتورها از ورودی اپراتور وارد می‌شوند."}
	msgSuspended        = Msg{"Your account is suspended: %s", "حساب شما تعلیق شده است: %s"}
)

// ErrCodeSent is Login's answer to an operator's password: a code was sent to
// their phone, and the same sign-in with the code added gives the token.
var ErrCodeSent = errors.New("zabano: a sign-in code was sent to the operator's phone")

// Success answers of SendCode and ResetPassword.
var (
	MsgCodeSent        = Msg{"Verification code sent.", "کد تأیید ارسال شد."}
	MsgPasswordChanged = Msg{"Your password has been changed.", "رمز عبور شما تغییر کرد."}
)

// Accounts is registration, sign-in and password reset over phone codes.
type Accounts struct {
	Users   UserStore
	Codes   PhoneCodeStore
	Limiter Limiter
	SMS     SMSSender
	Tokens  *Tokens
	// CodeKey keys the hashes of stored phone codes.
	CodeKey []byte
	// CodesPerIP caps codes sent per client address per CodeWindow; it is high
	// enough for a school whose students share one address.
	CodesPerIP int
	// LoginFailsPerIP caps failed logins per client address per LoginWindow.
	LoginFailsPerIP int
	// PasswordChangesPerUser caps a user's change-password tries per
	// LoginWindow, so that a stolen session cannot guess the current password.
	PasswordChangesPerUser int
	// SignedIn, when set, keeps the users Authenticate admits; every
	// committed change of users must reach its Changed.
	SignedIn *SignedIn
	Now      func() time.Time
}

// SendCode sends a new verification code to the phone rawPhone.
func (a *Accounts) SendCode(ctx context.Context, rawPhone, ip string) error {
	var v Validation
	phone := checkPhone(&v, rawPhone)
	if err := v.Err(); err != nil {
		return err
	}
	if err := a.Limiter.Take(ctx, "code-ip:"+ip, a.CodesPerIP, CodeWindow); err != nil {
		return err
	}
	return a.sendCode(ctx, phone)
}

// sendCode sends a new code to phone, at most CodesPerPhone a CodeWindow.
func (a *Accounts) sendCode(ctx context.Context, phone string) error {
	if err := a.Limiter.Take(ctx, "code-phone:"+phone, CodesPerPhone, CodeWindow); err != nil {
		return err
	}
	code, err := NewCode()
	if err != nil {
		return err
	}
	c := &PhoneCode{Phone: phone, Hash: HashCode(a.CodeKey, phone, code), ExpiresAt: a.Now().Add(CodeTTL)}
	if err := a.Codes.CreatePhoneCode(ctx, c); err != nil {
		return err
	}
	if err := a.SMS.SendCode(ctx, phone, code); err != nil {
		return &Error{Code: EUNAVAILABLE, Message: msgSendFailed}
	}
	return nil
}

// Register opens an account from r once its phone code checks out.
func (a *Accounts) Register(ctx context.Context, r Registration) (*User, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	hash, err := HashPassword(r.Password)
	if err != nil {
		return nil, err
	}
	u := &User{Role: r.Role, Username: r.Username, Email: r.Email, Phone: r.Phone, Bio: r.Bio, PasswordHash: hash}
	if err := a.Users.CreateUser(ctx, u, HashCode(a.CodeKey, r.Phone, r.Code)); err != nil {
		return nil, err
	}
	return u, nil
}

// Login is a sign-in attempt. Entrance, when set, is the role whose login page
// the user came through.
type Login struct {
	Username string
	Password string
	Entrance Role
	IP       string
	// Code is an operator's second factor, the code sent to their phone.
	Code string
}

// dummyHash is checked against when the username is unknown, so that an
// unknown and a known username take the same time to refuse.
var dummyHash = sync.OnceValue(func() string {
	h, err := HashPassword("zabano-no-such-user")
	if err != nil {
		panic(err)
	}
	return h
})

// Login returns an access token for l's user. Failures are counted per
// username and address and per address, so an attacker elsewhere cannot lock
// a user out; unknown and known usernames get the same answer. An operator
// signs in through the operator entrance only, and in two steps: the
// password alone sends a code to their phone and returns ErrCodeSent.
func (a *Accounts) Login(ctx context.Context, l Login) (string, error) {
	var v Validation
	l.Username = strings.TrimSpace(l.Username)
	if l.Username == "" {
		v.Add("username", msgUsernameRequired)
	}
	if l.Password == "" {
		v.Add("password", msgPasswordRequired)
	}
	if l.Entrance != "" && !l.Entrance.Valid() {
		v.Add("role", msgRoleInvalid)
	}
	if err := v.Err(); err != nil {
		return "", err
	}
	// A failure is reserved under both keys before the password is checked,
	// each in one atomic step, so that tries sent at once cannot all pass the
	// count; a right password gives its reservations back.
	userKey := "login:" + strings.ToLower(l.Username) + "|" + l.IP
	ipKey := "login-ip:" + l.IP
	if err := a.Limiter.Take(ctx, userKey, LoginFailsPerUser, LoginWindow); err != nil {
		return "", err
	}
	if err := a.Limiter.Take(ctx, ipKey, a.LoginFailsPerIP, LoginWindow); err != nil {
		if rerr := a.Limiter.Return(ctx, userKey); rerr != nil {
			return "", rerr
		}
		return "", err
	}
	u, err := a.Users.FindUserByUsername(ctx, l.Username)
	if err != nil && ErrorCode(err) != ENOTFOUND {
		return "", err
	}
	if u == nil {
		CheckPassword(dummyHash(), l.Password)
	}
	if u == nil || !CheckPassword(u.PasswordHash, l.Password) {
		return "", Errorf(EUNAUTHORIZED, msgLoginFailed)
	}
	if err := a.Limiter.Clear(ctx, userKey); err != nil {
		return "", err
	}
	if err := a.Limiter.Return(ctx, ipKey); err != nil {
		return "", err
	}
	if l.Entrance != "" && l.Entrance != u.Role {
		return "", Errorf(EFORBIDDEN, msgAccessDenied, l.Entrance.Name(), u.Role.Name())
	}
	if u.Role == RoleAdmin && l.Entrance != RoleAdmin {
		return "", Errorf(EFORBIDDEN, msgOperatorEntrance)
	}
	if !u.SuspendedAt.IsZero() {
		return "", Errorf(EFORBIDDEN, msgSuspended, u.SuspendedReason)
	}
	if u.Role == RoleAdmin {
		if l.Code == "" {
			if err := a.sendCode(ctx, u.Phone); err != nil {
				return "", err
			}
			return "", ErrCodeSent
		}
		var v Validation
		if checkCode(&v, ASCIIDigits(l.Code)); v.Err() != nil {
			return "", v.Err()
		}
		if err := a.Codes.ConsumePhoneCode(ctx, u.Phone, HashCode(a.CodeKey, u.Phone, ASCIIDigits(l.Code))); err != nil {
			return "", err
		}
	}
	return a.Tokens.Issue(u)
}

// ResetPassword sets a new password for the account of rawPhone once its
// phone code checks out. Tokens issued before stop working.
func (a *Accounts) ResetPassword(ctx context.Context, rawPhone, code, newPassword string) error {
	var v Validation
	phone := checkPhone(&v, rawPhone)
	checkCode(&v, code)
	checkPassword(&v, "new_password", newPassword, MinResetPasswordLen)
	if err := v.Err(); err != nil {
		return err
	}
	hash, err := HashPassword(newPassword)
	if err != nil {
		return err
	}
	return a.Users.ResetPassword(ctx, phone, HashCode(a.CodeKey, phone, code), hash)
}

var msgCurrentPassword = Msg{"The current password is wrong.", "رمز عبور فعلی نادرست است."}

// ChangePassword sets a new password for u once current checks out, and
// returns a new token: every token issued before, on any device, stops working.
func (a *Accounts) ChangePassword(ctx context.Context, u *User, current, newPassword string) (string, error) {
	var v Validation
	if current == "" {
		v.Add("current_password", msgPasswordRequired)
	}
	min := MinResetPasswordLen
	if u.Role == RoleAdmin {
		min = OperatorMinPasswordLen
	}
	checkPassword(&v, "new_password", newPassword, min)
	if err := v.Err(); err != nil {
		return "", err
	}
	if err := a.Limiter.Take(ctx, passwordTries(u), a.PasswordChangesPerUser, LoginWindow); err != nil {
		return "", err
	}
	if !CheckPassword(u.PasswordHash, current) {
		return "", FieldError("current_password", msgCurrentPassword)
	}
	hash, err := HashPassword(newPassword)
	if err != nil {
		return "", err
	}
	if u, err = a.Users.SetPassword(ctx, u.ID, hash); err != nil {
		return "", err
	}
	return a.Tokens.Issue(u)
}

// passwordTries is the Limiter key of the tries a signed-in session makes at
// u's current password, PasswordChangesPerUser per LoginWindow.
func passwordTries(u *User) string { return "password-change:" + strconv.FormatInt(u.ID, 10) }

// Authenticate returns the user that the access token s was issued to.
func (a *Accounts) Authenticate(ctx context.Context, s string) (*User, error) {
	now := a.Now()
	var seq uint64
	if a.SignedIn != nil {
		var u *User
		if u, seq = a.SignedIn.user(s, now); u != nil {
			return u, nil
		}
	}
	c, err := a.Tokens.Parse(s)
	if err != nil {
		return nil, err
	}
	u, err := a.Users.FindUserByID(ctx, c.UserID)
	if err == nil && !u.SuspendedAt.IsZero() {
		return nil, Errorf(EUNAUTHORIZED, msgSuspended, u.SuspendedReason)
	}
	if ErrorCode(err) == ENOTFOUND || err == nil && (u.TokenVersion != c.Version || u.Role != c.Role || !u.DeletedAt.IsZero()) {
		return nil, Errorf(EUNAUTHORIZED, msgTokenInvalid)
	}
	if err != nil {
		return nil, err
	}
	if a.SignedIn != nil {
		expires := now.Add(SignedInTTL)
		if c.Expires.Before(expires) {
			expires = c.Expires
		}
		a.SignedIn.keepUser(s, seq, u, expires)
	}
	return u, nil
}
