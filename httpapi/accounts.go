package httpapi

import (
	"errors"
	"net/http"

	"github.com/zabano/zabano"
)

// sendCode is POST /api/phone-verify/.
func (s *Server) sendCode(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Phone string `json:"phone"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.Accounts.SendCode(r.Context(), req.Phone, s.clientIP(r)); err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, map[string]any{
		"detail":     zabano.MsgCodeSent.In(lang(r)),
		"expires_in": int(zabano.CodeTTL.Seconds()),
	})
}

// registerMeta is the register call's meta.
type registerMeta struct {
	Bio string `json:"bio"`
}

// register is POST /api/register/.
func (s *Server) register(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Username string                   `json:"username"`
		Email    string                   `json:"email"`
		Password string                   `json:"password"`
		Role     zabano.Role              `json:"role"`
		Phone    string                   `json:"phone"`
		Code     string                   `json:"code"`
		Meta     formObject[registerMeta] `json:"meta"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	u, err := s.Accounts.Register(r.Context(), zabano.Registration{
		Username: req.Username, Email: req.Email, Password: req.Password, Role: req.Role,
		Phone: req.Phone, Code: req.Code, Bio: req.Meta.V.Bio,
	})
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusCreated, s.profileOf(u, 0)) // a new wallet is empty
}

// token is POST /api/token/: sign-in.
func (s *Server) token(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Username string      `json:"username"`
		Password string      `json:"password"`
		Role     zabano.Role `json:"role"`
		Code     string      `json:"code"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	access, err := s.Accounts.Login(r.Context(), zabano.Login{
		Username: req.Username, Password: req.Password, Entrance: req.Role, IP: s.clientIP(r), Code: req.Code,
	})
	if errors.Is(err, zabano.ErrCodeSent) {
		encode(w, http.StatusAccepted, map[string]bool{"otp_required": true})
		return
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, map[string]string{"access": access})
}

// resetPassword is POST /api/auth/reset-password/.
func (s *Server) resetPassword(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Phone       string `json:"phone"`
		Code        string `json:"code"`
		NewPassword string `json:"new_password"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.Accounts.ResetPassword(r.Context(), req.Phone, req.Code, req.NewPassword); err != nil {
		writeError(w, r, err)
		return
	}
	detail(w, r, http.StatusOK, zabano.MsgPasswordChanged)
}

// profileJSON is a user as GET /api/profile/ shows them (spec section 3).
type profileJSON struct {
	ID              int64       `json:"id"`
	Role            zabano.Role `json:"role"`
	Username        string      `json:"username"`
	Email           string      `json:"email"`
	Phone           string      `json:"phone"`
	FirstName       string      `json:"first_name"`
	LastName        string      `json:"last_name"`
	Name            string      `json:"name"`
	Photo           *string     `json:"photo"`
	ProfilePhotoURL *string     `json:"profile_photo_url"`
	// Wallet is the wallet's balance in Toman.
	Wallet int64 `json:"wallet"`
	// EmailVerified tells whether notifications may be emailed to Email.
	EmailVerified bool `json:"email_verified"`
}

func (s *Server) profileOf(u *zabano.User, wallet int64) profileJSON {
	photo := s.mediaURL(u.Photo)
	return profileJSON{
		ID: u.ID, Role: u.Role, Username: u.Username, Email: u.Email, Phone: u.Phone,
		FirstName: u.FirstName, LastName: u.LastName, Name: u.DisplayName(),
		Photo: photo, ProfilePhotoURL: photo, Wallet: wallet, EmailVerified: u.EmailVerified(),
	}
}

// mediaURL is the absolute address of a stored file, or nil when key is "".
func (s *Server) mediaURL(key string) *string {
	if key == "" {
		return nil
	}
	u := s.PublicURL + "/media/" + key
	return &u
}

// profile is GET /api/profile/.
func (s *Server) profile(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	balance, err := s.Wallets.Balance(r.Context(), u.ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, s.profileOf(u, balance))
}

// smsOutbox is GET /api/dev/sms-outbox/ (dev only): the codes the log driver "sent".
func (s *Server) smsOutbox(w http.ResponseWriter, r *http.Request) {
	phone := r.URL.Query().Get("phone")
	if phone != "" {
		if p, ok := zabano.NormalizePhone(phone); ok {
			phone = p
		}
	}
	encode(w, http.StatusOK, s.Outbox.Outbox(phone))
}

// changePassword is POST /api/auth/change-password/ (current_password,
// new_password): a new access token, as every earlier one stops working.
func (s *Server) changePassword(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	var req struct {
		CurrentPassword string `json:"current_password"`
		NewPassword     string `json:"new_password"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	access, err := s.Accounts.ChangePassword(r.Context(), u, req.CurrentPassword, req.NewPassword)
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, map[string]string{"access": access, "detail": zabano.MsgPasswordChanged.In(lang(r))})
}
