package payment

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/zabano/zabano"
)

// Zarinpal's hosts: the live gateway and its sandbox, which takes any
// 36-character merchant id and charges nothing.
const (
	ZarinpalLive    = "https://payment.zarinpal.com"
	ZarinpalSandbox = "https://sandbox.zarinpal.com"
)

// Zarinpal speaks Zarinpal's REST v4 protocol: payment/request.json gives an
// authority, the payer pays at StartPay/{authority}, and payment/verify.json
// settles the payment.
type Zarinpal struct {
	MerchantID string
	// BaseURL is ZarinpalLive or ZarinpalSandbox; tests point it elsewhere.
	BaseURL string
	Client  *http.Client
}

// NewZarinpal returns a driver for merchantID on the live gateway, or on
// Zarinpal's sandbox when sandbox is set.
func NewZarinpal(merchantID string, sandbox bool) *Zarinpal {
	base := ZarinpalLive
	if sandbox {
		base = ZarinpalSandbox
	}
	return &Zarinpal{MerchantID: merchantID, BaseURL: base, Client: &http.Client{Timeout: 20 * time.Second}}
}

// Zabano keeps Toman; this driver sends Rial, Zarinpal's default unit, and
// names it in every request (currency IRR), so that neither side guesses.
const (
	rialsPerToman = 10
	currency      = "IRR"
)

func rials(toman int64) int64 { return toman * rialsPerToman }

type zarinpalRequest struct {
	MerchantID  string            `json:"merchant_id"`
	Amount      int64             `json:"amount"`
	Currency    string            `json:"currency"`
	CallbackURL string            `json:"callback_url"`
	Description string            `json:"description"`
	Metadata    *zarinpalMetadata `json:"metadata,omitempty"`
}

type zarinpalMetadata struct {
	Mobile string `json:"mobile,omitempty"`
	Email  string `json:"email,omitempty"`
}

type zarinpalVerify struct {
	MerchantID string `json:"merchant_id"`
	Amount     int64  `json:"amount"`
	Authority  string `json:"authority"`
}

// zarinpalData is the data of a successful answer.
type zarinpalData struct {
	Code      int         `json:"code"`
	Message   string      `json:"message"`
	Authority string      `json:"authority"`
	Fee       int64       `json:"fee"`
	FeeType   string      `json:"fee_type"`
	RefID     json.Number `json:"ref_id"`
	CardPAN   string      `json:"card_pan"`
}

// zarinpalError is the errors object of a refusal.
type zarinpalError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// Request implements zabano.Gateway.
func (z *Zarinpal) Request(ctx context.Context, r zabano.GatewayRequest) (*zabano.GatewayPayment, error) {
	body := zarinpalRequest{
		MerchantID: z.MerchantID, Amount: rials(r.Amount), Currency: currency,
		CallbackURL: r.CallbackURL, Description: r.Description,
	}
	if r.Mobile != "" || r.Email != "" {
		body.Metadata = &zarinpalMetadata{Mobile: r.Mobile, Email: r.Email}
	}
	data, zerr, err := z.call(ctx, "/pg/v4/payment/request.json", body)
	switch {
	case err != nil:
		return nil, err
	case zerr != nil:
		return nil, fmt.Errorf("zarinpal request: code %d: %s", zerr.Code, zerr.Message)
	case data.Code != codeOK || data.Authority == "":
		return nil, fmt.Errorf("zarinpal request: code %d without an authority: %s", data.Code, data.Message)
	}
	return &zabano.GatewayPayment{
		Authority: data.Authority,
		PayURL:    strings.TrimSuffix(z.BaseURL, "/") + "/pg/StartPay/" + data.Authority,
		Code:      data.Code, Message: data.Message,
		Fee: data.Fee / rialsPerToman, FeeType: data.FeeType,
	}, nil
}

// refusals are Zarinpal's verification codes that say the payment is not
// confirmed: amounts differ, not paid, another merchant's, unknown authority.
// Other refusals (merchant not valid or not active, throttled, validation)
// are the server's problem, not the payer's, and are errors.
var refusals = map[int]bool{-50: true, -51: true, -53: true, -54: true}

// Verify implements zabano.Gateway.
func (z *Zarinpal) Verify(ctx context.Context, authority string, amount int64) (*zabano.GatewayVerification, error) {
	data, zerr, err := z.call(ctx, "/pg/v4/payment/verify.json", zarinpalVerify{
		MerchantID: z.MerchantID, Amount: rials(amount), Authority: authority,
	})
	switch {
	case err != nil:
		return nil, err
	case zerr != nil && refusals[zerr.Code]:
		return &zabano.GatewayVerification{Code: zerr.Code, Message: zerr.Message}, nil
	case zerr != nil:
		return nil, fmt.Errorf("zarinpal verify: code %d: %s", zerr.Code, zerr.Message)
	case data.Code != codeOK && data.Code != codeVerified:
		return nil, fmt.Errorf("zarinpal verify: unexpected code %d: %s", data.Code, data.Message)
	}
	ref, err := data.RefID.Int64()
	if err != nil {
		return nil, fmt.Errorf("zarinpal verify: ref_id %q: %w", data.RefID, err)
	}
	return &zabano.GatewayVerification{Paid: true, Code: data.Code, Message: data.Message, RefID: ref, CardPAN: data.CardPAN}, nil
}

// call posts body as JSON to path and reads Zarinpal's envelope, whose data
// and errors are each an object when they apply and an empty array when not.
func (z *Zarinpal) call(ctx context.Context, path string, body any) (*zarinpalData, *zarinpalError, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return nil, nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimSuffix(z.BaseURL, "/")+path, bytes.NewReader(b))
	if err != nil {
		return nil, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := z.Client.Do(req)
	if err != nil {
		return nil, nil, fmt.Errorf("zarinpal: %w", err)
	}
	defer resp.Body.Close()
	var env struct {
		Data   json.RawMessage `json:"data"`
		Errors json.RawMessage `json:"errors"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&env); err != nil {
		return nil, nil, fmt.Errorf("zarinpal: http %d: unreadable answer: %w", resp.StatusCode, err)
	}
	if isObject(env.Errors) {
		var zerr zarinpalError
		if err := json.Unmarshal(env.Errors, &zerr); err != nil {
			return nil, nil, fmt.Errorf("zarinpal: http %d: unreadable errors: %w", resp.StatusCode, err)
		}
		return nil, &zerr, nil
	}
	if !isObject(env.Data) {
		return nil, nil, fmt.Errorf("zarinpal: http %d: an answer with neither data nor errors", resp.StatusCode)
	}
	var data zarinpalData
	if err := json.Unmarshal(env.Data, &data); err != nil {
		return nil, nil, fmt.Errorf("zarinpal: http %d: unreadable data: %w", resp.StatusCode, err)
	}
	return &data, nil, nil
}

func isObject(raw json.RawMessage) bool {
	return len(bytes.TrimSpace(raw)) > 0 && bytes.TrimSpace(raw)[0] == '{'
}
