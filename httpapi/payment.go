package httpapi

import (
	"net/http"
	"strings"
	"time"

	"github.com/zabano/zabano"
)

// amountJSON is an amount of Toman as clients send it: a JSON number or a
// string of digits (forms send strings, and the spec's client "1100"),
// Persian digits and thousands separators allowed. Anything else reads as 0,
// which validation reports as "amount is required".
type amountJSON int64

func (a *amountJSON) UnmarshalJSON(b []byte) error {
	// The string is decoded first, so that digits written as JSON escapes
	// (\u06f1) read as the same digits written out.
	var s flexString
	s.UnmarshalJSON(b) // on error s stays "", which reads as 0
	n, _ := parseWhole(strings.ReplaceAll(string(s), " ", ""))
	*a = amountJSON(n)
	return nil
}

// paymentMetadata is the payer's contact, sent on to the gateway.
type paymentMetadata struct {
	Mobile string `json:"mobile"`
	Email  string `json:"email"`
}

// requestPayment is POST /panel-api/api/payment/request/: a student starts a
// top-up. The client's merchant_id and callback_url are ignored: the server
// holds the merchant id and sends the payer back to its own callback page.
func (s *Server) requestPayment(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	var req struct {
		Amount      amountJSON                  `json:"amount"`
		Description string                      `json:"description"`
		Metadata    formObject[paymentMetadata] `json:"metadata"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	_, gp, err := s.Payments.Request(r.Context(), u, zabano.PaymentRequest{
		Amount: int64(req.Amount), Description: req.Description, Mobile: req.Metadata.V.Mobile, Email: req.Metadata.V.Email,
	})
	if err != nil {
		writeError(w, r, err)
		return
	}
	type data struct {
		Authority string `json:"authority"`
		Code      int    `json:"code"`
		Message   string `json:"message"`
		Fee       int64  `json:"fee"`
		FeeType   string `json:"fee_type"`
	}
	encode(w, http.StatusOK, struct {
		Data       data   `json:"data"`
		PaymentURL string `json:"payment_url"`
	}{data{gp.Authority, gp.Code, gp.Message, gp.Fee, gp.FeeType}, gp.PayURL})
}

// authorityRequest is the body of verify and top-up: only the authority
// counts; an amount, ref_id or merchant_id the client adds is ignored.
type authorityRequest struct {
	Authority string `json:"authority"`
}

// verifyPayment is POST /panel-api/api/payment/verify/: the server asks the
// gateway about the student's payment, and credits the wallet once it is
// confirmed. A payment the gateway does not confirm answers 200 with
// success false, as the spec's client expects.
func (s *Server) verifyPayment(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	var req authorityRequest
	if err := decode(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	pay, err := s.Payments.Verify(r.Context(), u, req.Authority)
	if err != nil {
		writeError(w, r, err)
		return
	}
	ok := pay.Status == zabano.PaymentPaid
	status, m := "failed", zabano.MsgPaymentFailed
	var ref *int64
	if ok {
		status, m, ref = "success", zabano.MsgPaymentVerified, &pay.RefID
	}
	encode(w, http.StatusOK, map[string]any{
		"success": ok, "status": status, "message": m.In(lang(r)),
		"authority": pay.Authority, "ref_id": ref, "amount": pay.Amount,
	})
}

// topUp is POST /api/student/wallet/topup/: it answers the wallet's balance
// once the payment is credited, verifying it first if nobody has. The amount
// credited is the one the server recorded; a repeat credits nothing more.
func (s *Server) topUp(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	var req authorityRequest
	if err := decode(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	pay, balance, err := s.Payments.TopUp(r.Context(), u, req.Authority)
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, map[string]any{
		"success": true, "message": zabano.MsgToppedUp.In(lang(r)),
		"authority": pay.Authority, "ref_id": pay.RefID, "amount": pay.Amount, "balance": balance,
	})
}

// adminPaymentJSON is a card payment in the operator's list.
type adminPaymentJSON struct {
	Authority string               `json:"authority"`
	User      userSummaryJSON      `json:"user"`
	Amount    int64                `json:"amount"`
	Status    zabano.PaymentStatus `json:"status"`
	CreatedAt time.Time            `json:"created_at"`
	RefID     *int64               `json:"ref_id"`
}

func (s *Server) adminPaymentOf(p *zabano.Payment) adminPaymentJSON {
	out := adminPaymentJSON{Authority: p.Authority, User: s.userSummaryOf(&p.User), Amount: p.Amount, Status: p.Status, CreatedAt: p.CreatedAt}
	if p.Status == zabano.PaymentPaid {
		out.RefID = &p.RefID
	}
	return out
}

// adminPayments is GET /api/admin/payments/?status=&before=: card payments,
// newest first.
func (s *Server) adminPayments(w http.ResponseWriter, r *http.Request, _ *zabano.User) {
	before, err := beforeCursor(r)
	var list []zabano.Payment
	if err == nil {
		list, err = s.Payments.List(r.Context(), zabano.PaymentStatus(r.URL.Query().Get("status")), before, adminPageSize)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]adminPaymentJSON, len(list))
	for i := range list {
		out[i] = s.adminPaymentOf(&list[i])
	}
	encode(w, http.StatusOK, out)
}

// reverifyPayment is POST /api/admin/payments/{authority}/reverify/: the
// operator asks the gateway again about a payment stuck as pending or
// expired; it is credited once if the gateway confirms it.
func (s *Server) reverifyPayment(w http.ResponseWriter, r *http.Request, op *zabano.User) {
	p, err := s.Payments.Reverify(r.Context(), op, r.PathValue("authority"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, s.adminPaymentOf(p))
}
