package httpapi

import (
	"net/http"

	"github.com/zabano/zabano"
)

// adjust is POST /api/admin/adjustments/ (user_id, amount, reason): an
// operator credits (amount above zero) or debits (below) a student's or a
// teacher's wallet against the platform's account, never below zero.
func (s *Server) adjust(w http.ResponseWriter, r *http.Request, op *zabano.User) {
	var req struct {
		UserID int64  `json:"user_id"`
		Amount int64  `json:"amount"`
		Reason string `json:"reason"`
	}
	err := decode(r, &req)
	var a *zabano.Adjustment
	if err == nil {
		a, err = s.Wallets.Adjust(r.Context(), op, req.UserID, req.Amount, req.Reason)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusCreated, struct {
		TransactionID int64           `json:"transaction_id"`
		User          userSummaryJSON `json:"user"`
		Amount        int64           `json:"amount"`
		Balance       int64           `json:"balance"`
	}{a.TransactionID, s.userSummaryOf(&a.User), a.Amount, a.Balance})
}
