package httpapi

import (
	"context"
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

// withdrawalJSON is a withdrawal as its user sees it: a teacher's, or a
// student's refund; reference and reason are the operator's, once settled.
type withdrawalJSON struct {
	ID        int64                   `json:"id"`
	Kind      zabano.WithdrawalKind   `json:"kind"`
	Amount    int64                   `json:"amount"`
	IBAN      string                  `json:"iban"`
	Status    zabano.WithdrawalStatus `json:"status"`
	CreatedAt time.Time               `json:"created_at"`
	SettledAt *time.Time              `json:"settled_at"`
	Reference string                  `json:"reference"`
	Reason    string                  `json:"reason"`
}

func withdrawalOf(wd *zabano.Withdrawal) withdrawalJSON {
	out := withdrawalJSON{
		ID: wd.ID, Kind: wd.Kind, Amount: wd.Amount, IBAN: wd.IBAN, Status: wd.Status, CreatedAt: wd.CreatedAt,
		Reference: wd.Reference, Reason: wd.Reason,
	}
	if !wd.SettledAt.IsZero() {
		out.SettledAt = &wd.SettledAt
	}
	return out
}

// withdrawals is GET /api/teacher/wallet/withdrawals/ and
// GET /api/student/wallet/refunds/: the user's own, newest first.
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

// requestRefund is POST /api/student/wallet/refund/ (iban): the student's
// whole wallet leaves it at once and waits, pending, for an operator to pay
// it to their bank account.
func (s *Server) requestRefund(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	var req struct {
		IBAN string `json:"iban"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	wd, err := s.Wallets.RequestRefund(r.Context(), u, req.IBAN)
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusCreated, withdrawalOf(wd))
}

// adminWithdrawalJSON is a withdrawal in the operator's queue.
type adminWithdrawalJSON struct {
	ID        int64                   `json:"id"`
	User      userSummaryJSON         `json:"user"`
	Kind      zabano.WithdrawalKind   `json:"kind"`
	Amount    int64                   `json:"amount"`
	IBAN      string                  `json:"iban"`
	Status    zabano.WithdrawalStatus `json:"status"`
	CreatedAt time.Time               `json:"created_at"`
	SettledAt *time.Time              `json:"settled_at"`
	Reference string                  `json:"reference"`
	Reason    string                  `json:"reason"`
}

func (s *Server) adminWithdrawalOf(wd *zabano.Withdrawal) adminWithdrawalJSON {
	own := withdrawalOf(wd)
	return adminWithdrawalJSON{
		ID: own.ID, User: s.userSummaryOf(&wd.User), Kind: own.Kind, Amount: own.Amount, IBAN: own.IBAN, Status: own.Status,
		CreatedAt: own.CreatedAt, SettledAt: own.SettledAt, Reference: own.Reference, Reason: own.Reason,
	}
}

// adminWithdrawals is GET /api/admin/withdrawals/?status=&before=: pending
// ones (the default) oldest first, as they are paid; others newest first.
func (s *Server) adminWithdrawals(w http.ResponseWriter, r *http.Request, _ *zabano.User) {
	before, err := beforeCursor(r)
	var list []zabano.Withdrawal
	if err == nil {
		status := zabano.WithdrawalStatus(r.URL.Query().Get("status"))
		list, err = s.Wallets.Queue(r.Context(), status, before, adminPageSize)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]adminWithdrawalJSON, len(list))
	for i := range list {
		out[i] = s.adminWithdrawalOf(&list[i])
	}
	encode(w, http.StatusOK, out)
}

// payWithdrawal is POST /api/admin/withdrawals/{id}/pay/ (reference): the
// operator made the bank transfer and records it.
func (s *Server) payWithdrawal(w http.ResponseWriter, r *http.Request, op *zabano.User) {
	s.settleWithdrawal(w, r, op, "reference", s.Wallets.PayWithdrawal)
}

// rejectWithdrawal is POST /api/admin/withdrawals/{id}/reject/ (reason): the
// money goes back to the wallet, and its user reads why.
func (s *Server) rejectWithdrawal(w http.ResponseWriter, r *http.Request, op *zabano.User) {
	s.settleWithdrawal(w, r, op, "reason", s.Wallets.RejectWithdrawal)
}

// settleWithdrawal pays or rejects the withdrawal of the path with the text
// the operator typed in field: the bank's reference, or the reason.
func (s *Server) settleWithdrawal(w http.ResponseWriter, r *http.Request, op *zabano.User, field string,
	settle func(ctx context.Context, op *zabano.User, id int64, text string) (*zabano.Withdrawal, error)) {
	var req struct {
		Reference string `json:"reference"`
		Reason    string `json:"reason"`
	}
	id, err := pathID(r)
	if err == nil {
		err = decode(r, &req)
	}
	var wd *zabano.Withdrawal
	if err == nil {
		text := req.Reference
		if field == "reason" {
			text = req.Reason
		}
		wd, err = settle(r.Context(), op, id, text)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, s.adminWithdrawalOf(wd))
}
