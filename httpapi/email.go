package httpapi

import (
	"fmt"
	"net/http"

	"github.com/zabano/zabano"
)

// verifyEmail is POST /api/account/email/verify/: a link that verifies the
// user's current email is sent to it.
func (s *Server) verifyEmail(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	if err := s.Emails.SendVerification(r.Context(), u, lang(r)); err != nil {
		writeError(w, r, err)
		return
	}
	// Not Msgf: the address stays as it is written, without Persian digits.
	encode(w, http.StatusAccepted, map[string]string{"detail": fmt.Sprintf(zabano.MsgVerificationSent.In(lang(r)), u.Email)})
}

// emailJSON is the answer of a verified link.
type emailJSON struct {
	Email         string `json:"email"`
	EmailVerified bool   `json:"email_verified"`
}

// confirmEmail is POST /api/account/email/confirm/ {token}: the web app's
// page of the link sent by verifyEmail. No sign-in: the token is the key.
func (s *Server) confirmEmail(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Token string `json:"token"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	u, err := s.Emails.Confirm(r.Context(), req.Token)
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, emailJSON{Email: u.Email, EmailVerified: u.EmailVerified()})
}

// unsubscribeJSON is what an unsubscribe link turned off.
type unsubscribeJSON struct {
	Kind    zabano.NotificationKind `json:"kind"`
	Channel zabano.Channel          `json:"channel"`
}

// unsubscribe is POST /api/notifications/unsubscribe/: {token} from the web
// app's unsubscribe page, or a mail client's one-click post (RFC 8058), the
// form List-Unsubscribe=One-Click with the token in the query. No sign-in:
// the token is the key.
func (s *Server) unsubscribe(w http.ResponseWriter, r *http.Request) {
	token := r.URL.Query().Get("token")
	if token == "" {
		var req struct {
			Token string `json:"token"`
		}
		if err := decode(r, &req); err != nil {
			writeError(w, r, err)
			return
		}
		token = req.Token
	}
	off, err := s.Emails.Unsubscribe(r.Context(), s.Notifications, token)
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, unsubscribeJSON{Kind: off.Kind, Channel: off.Channel})
}

// mailOutbox is GET /api/dev/mail-outbox/?to= (dev only): the emails the
// dev outbox kept, latest first.
func (s *Server) mailOutbox(w http.ResponseWriter, r *http.Request) {
	encode(w, http.StatusOK, s.MailOutbox.Messages(r.URL.Query().Get("to")))
}
