package httpapi

import (
	"net/http"
	"time"

	"github.com/zabano/zabano"
)

// walletTransactionJSON is a wallet transaction as the wallet screens show it
// (spec section 3): type and transaction_type, date and created_at are the
// same values under the names the spec's client reads.
type walletTransactionJSON struct {
	ID              int64                  `json:"id"`
	Type            zabano.TransactionType `json:"type"`
	TransactionType zabano.TransactionType `json:"transaction_type"`
	Amount          int64                  `json:"amount"`
	Date            time.Time              `json:"date"`
	CreatedAt       time.Time              `json:"created_at"`
	Status          string                 `json:"status"`
	Description     string                 `json:"description"`
}

// walletTransactions is GET /api/student/wallet/transactions/ and
// GET /api/teacher/wallet/transactions/: the user's own, newest first.
func (s *Server) walletTransactions(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	list, err := s.Wallets.Transactions(r.Context(), u.ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]walletTransactionJSON, len(list))
	for i, t := range list {
		out[i] = walletTransactionOf(t)
	}
	encode(w, http.StatusOK, out)
}

func walletTransactionOf(t zabano.WalletTransaction) walletTransactionJSON {
	return walletTransactionJSON{
		ID: t.ID, Type: t.Type, TransactionType: t.Type, Amount: t.Amount,
		Date: t.CreatedAt, CreatedAt: t.CreatedAt, Status: t.Status, Description: t.Description,
	}
}

// walletSummary is GET /api/teacher/wallet/summary/.
func (s *Server) walletSummary(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	sum, err := s.Wallets.Summary(r.Context(), u.ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, map[string]any{
		"balance": sum.Balance, "total_classes": sum.TotalClasses, "this_month_earnings": sum.ThisMonthEarnings,
		"pending_withdrawals": sum.PendingWithdrawals, "total_earnings": sum.TotalEarnings,
	})
}

// withdrawalJSON is a withdrawal as its teacher sees it.
type withdrawalJSON struct {
	ID        int64                   `json:"id"`
	Amount    int64                   `json:"amount"`
	IBAN      string                  `json:"iban"`
	Status    zabano.WithdrawalStatus `json:"status"`
	CreatedAt time.Time               `json:"created_at"`
	SettledAt *time.Time              `json:"settled_at"`
}

func withdrawalOf(wd *zabano.Withdrawal) withdrawalJSON {
	out := withdrawalJSON{ID: wd.ID, Amount: wd.Amount, IBAN: wd.IBAN, Status: wd.Status, CreatedAt: wd.CreatedAt}
	if !wd.SettledAt.IsZero() {
		out.SettledAt = &wd.SettledAt
	}
	return out
}

// withdrawals is GET /api/teacher/wallet/withdrawals/: the teacher's own, newest first.
func (s *Server) withdrawals(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	list, err := s.Wallets.Withdrawals(r.Context(), u.ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]withdrawalJSON, len(list))
	for i := range list {
		out[i] = withdrawalOf(&list[i])
	}
	encode(w, http.StatusOK, out)
}

// requestWithdrawal is POST /api/teacher/wallet/withdrawals/: the amount
// leaves the wallet at once and waits, pending, for an operator.
func (s *Server) requestWithdrawal(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	var req struct {
		Amount amountJSON `json:"amount"`
		IBAN   string     `json:"iban"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	wd, err := s.Wallets.RequestWithdrawal(r.Context(), u, int64(req.Amount), req.IBAN)
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusCreated, withdrawalOf(wd))
}
