package payment_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/payment"
)

const merchant = "1344b5d4-0048-11e8-94db-005056a205be"

// zarinpal is a stand-in for Zarinpal's v4 API. It checks requests as the
// real one does (method, path, JSON, merchant, currency and Rial minimum)
// and answers with the body the test sets.
type zarinpal struct {
	t     *testing.T
	srv   *httptest.Server
	mu    sync.Mutex
	got   map[string]any // the last request's body
	hosts []string       // the hosts requests were addressed to
	reply string
	code  int
}

func newZarinpal(t *testing.T) *zarinpal {
	z := &zarinpal{t: t, code: http.StatusOK}
	z.srv = httptest.NewServer(http.HandlerFunc(z.serve))
	t.Cleanup(z.srv.Close)
	return z
}

func (z *zarinpal) serve(w http.ResponseWriter, r *http.Request) {
	z.mu.Lock()
	defer z.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if r.Method != http.MethodPost || r.URL.Path != "/pg/v4/payment/request.json" && r.URL.Path != "/pg/v4/payment/verify.json" {
		w.WriteHeader(http.StatusNotFound)
		io.WriteString(w, `{"data":[],"errors":{"code":-404,"message":"not found"}}`)
		return
	}
	var body map[string]any
	if r.Header.Get("Content-Type") != "application/json" || json.NewDecoder(r.Body).Decode(&body) != nil {
		w.WriteHeader(http.StatusBadRequest)
		io.WriteString(w, `{"data":[],"errors":{"code":-9,"message":"The input params invalid, validation error.","validations":[]}}`)
		return
	}
	z.got = body
	amount, _ := body["amount"].(float64)
	if body["merchant_id"] != merchant || amount < 10_000 ||
		r.URL.Path == "/pg/v4/payment/request.json" && (body["currency"] != "IRR" || body["callback_url"] == "" || body["description"] == "") {
		w.WriteHeader(http.StatusUnprocessableEntity)
		io.WriteString(w, `{"data":[],"errors":{"code":-9,"message":"The input params invalid, validation error.","validations":[{"amount":"The amount must be at least 10000."}]}}`)
		return
	}
	w.WriteHeader(z.code)
	io.WriteString(w, z.reply)
}

func (z *zarinpal) answer(code int, reply string) {
	z.mu.Lock()
	defer z.mu.Unlock()
	z.code, z.reply = code, reply
}

func (z *zarinpal) sent() map[string]any {
	z.mu.Lock()
	defer z.mu.Unlock()
	return z.got
}

// RoundTrip sends every request to the stand-in, noting the host it was for.
func (z *zarinpal) RoundTrip(r *http.Request) (*http.Response, error) {
	z.mu.Lock()
	z.hosts = append(z.hosts, r.URL.Host)
	z.mu.Unlock()
	u, _ := url.Parse(z.srv.URL)
	r = r.Clone(r.Context())
	r.URL.Scheme, r.URL.Host = u.Scheme, u.Host
	return http.DefaultTransport.RoundTrip(r)
}

// driver returns a Zarinpal driver whose requests reach the stand-in.
func (z *zarinpal) driver(sandbox bool) *payment.Zarinpal {
	d := payment.NewZarinpal(merchant, sandbox)
	d.Client = &http.Client{Transport: z}
	return d
}

var ctx = context.Background()

func TestZarinpalRequest(t *testing.T) {
	z := newZarinpal(t)
	req := zabano.GatewayRequest{
		Amount: 50_000, Description: "شارژ کیف پول", CallbackURL: "https://zabano.ir/payment/callback",
		Mobile: "09121234567", Email: "sara@example.com",
	}
	z.answer(200, `{"data":{"code":100,"message":"Success","authority":"A0000000000000000000000000000wwOGYpd","fee_type":"Merchant","fee":1000},"errors":[]}`)
	got, err := z.driver(false).Request(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	want := zabano.GatewayPayment{
		Authority: "A0000000000000000000000000000wwOGYpd",
		PayURL:    "https://payment.zarinpal.com/pg/StartPay/A0000000000000000000000000000wwOGYpd",
		Code:      100, Message: "Success", Fee: 100, FeeType: "Merchant",
	}
	if *got != want {
		t.Fatalf("got %+v, want %+v", *got, want)
	}
	// Zabano keeps Toman; Zarinpal is sent Rial, and told so.
	sent := z.sent()
	if sent["amount"] != 500_000.0 || sent["currency"] != "IRR" || sent["callback_url"] != req.CallbackURL ||
		sent["description"] != req.Description || sent["merchant_id"] != merchant {
		t.Fatalf("sent %v", sent)
	}
	if md, _ := sent["metadata"].(map[string]any); md["mobile"] != "09121234567" || md["email"] != "sara@example.com" {
		t.Fatalf("metadata %v", sent["metadata"])
	}

	for _, tc := range []struct {
		name   string
		amount int64
		status int
		reply  string
		want   string
	}{
		{"below Zarinpal's minimum", 999, 200, "", "code -9"},
		{"merchant not valid", 50_000, 400, `{"data":[],"errors":{"code":-10,"message":"Terminal is not valid, please check merchant_id or ip address.","validations":[]}}`, "code -10"},
		{"merchant not active", 50_000, 400, `{"data":[],"errors":{"code":-11,"message":"Terminal is not active, please contact our support team.","validations":[]}}`, "code -11"},
		{"no authority", 50_000, 200, `{"data":{"code":100,"message":"Success"},"errors":[]}`, "without an authority"},
		{"neither data nor errors", 50_000, 200, `{"data":[],"errors":[]}`, "neither data nor errors"},
		{"not JSON", 50_000, 502, `<html>Bad Gateway</html>`, "unreadable"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			z.answer(tc.status, tc.reply)
			r := req
			r.Amount = tc.amount
			if _, err := z.driver(false).Request(ctx, r); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error with %q", err, tc.want)
			}
		})
	}
	t.Run("no contact, no metadata", func(t *testing.T) {
		z.answer(200, `{"data":{"code":100,"message":"Success","authority":"A1","fee_type":"Payer","fee":0},"errors":[]}`)
		if _, err := z.driver(false).Request(ctx, zabano.GatewayRequest{Amount: 1_000, Description: "d", CallbackURL: "https://x/cb"}); err != nil {
			t.Fatal(err)
		}
		if _, ok := z.sent()["metadata"]; ok || z.sent()["amount"] != 10_000.0 {
			t.Fatalf("sent %v", z.sent())
		}
	})
}

func TestZarinpalVerify(t *testing.T) {
	z := newZarinpal(t)
	const authority = "A0000000000000000000000000000wwOGYpd"
	for _, tc := range []struct {
		name    string
		status  int
		reply   string
		want    *zabano.GatewayVerification
		wantErr string
	}{
		{"verified now", 200, `{"data":{"code":100,"message":"Verified","card_hash":"1EBE3EBEBE35C7EC0F8D6EE4F2F859107A87822CA179BC9528767EA7B5489B69","card_pan":"502229******5995","ref_id":201,"fee_type":"Merchant","fee":0},"errors":[]}`,
			&zabano.GatewayVerification{Paid: true, Code: 100, Message: "Verified", RefID: 201, CardPAN: "502229******5995"}, ""},
		{"verified before", 200, `{"data":{"code":101,"message":"Verified","card_pan":"502229******5995","ref_id":201,"fee_type":"Merchant","fee":0},"errors":[]}`,
			&zabano.GatewayVerification{Paid: true, Code: 101, Message: "Verified", RefID: 201, CardPAN: "502229******5995"}, ""},
		{"ref_id as text", 200, `{"data":{"code":100,"message":"Verified","ref_id":"98765432101","card_pan":""},"errors":[]}`,
			&zabano.GatewayVerification{Paid: true, Code: 100, Message: "Verified", RefID: 98765432101}, ""},
		{"not paid", 200, `{"data":[],"errors":{"code":-51,"message":"Session is not valid, session is not active paid try.","validations":[]}}`,
			&zabano.GatewayVerification{Code: -51, Message: "Session is not valid, session is not active paid try."}, ""},
		{"amounts differ", 200, `{"data":[],"errors":{"code":-50,"message":"Session is not valid, amounts values is not the same.","validations":[]}}`,
			&zabano.GatewayVerification{Code: -50, Message: "Session is not valid, amounts values is not the same."}, ""},
		{"another merchant's", 200, `{"data":[],"errors":{"code":-53,"message":"Session is not this merchant_id session","validations":[]}}`,
			&zabano.GatewayVerification{Code: -53, Message: "Session is not this merchant_id session"}, ""},
		{"unknown authority", 200, `{"data":[],"errors":{"code":-54,"message":"Invalid authority.","validations":[]}}`,
			&zabano.GatewayVerification{Code: -54, Message: "Invalid authority."}, ""},
		{"validation error", 422, `{"data":[],"errors":{"code":-9,"message":"The input params invalid, validation error.","validations":[{"authority":"The authority field is required."}]}}`, nil, "code -9"},
		{"merchant not active", 400, `{"data":[],"errors":{"code":-11,"message":"Terminal is not active, please contact our support team.","validations":[]}}`, nil, "code -11"},
		{"throttled", 429, `{"data":[],"errors":{"code":-12,"message":"To many attempts, please try again later.","validations":[]}}`, nil, "code -12"},
		{"an odd code", 200, `{"data":{"code":102,"message":"?"},"errors":[]}`, nil, "unexpected code 102"},
		{"bad ref_id", 200, `{"data":{"code":100,"message":"Verified","ref_id":"x"},"errors":[]}`, nil, "unreadable data"},
		{"down", 503, `upstream down`, nil, "http 503"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			z.answer(tc.status, tc.reply)
			got, err := z.driver(false).Verify(ctx, authority, 50_000)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("got %+v, %v; want an error with %q", got, err, tc.wantErr)
				}
				return
			}
			if err != nil || *got != *tc.want {
				t.Fatalf("got %+v, %v; want %+v", got, err, tc.want)
			}
			if s := z.sent(); s["amount"] != 500_000.0 || s["authority"] != authority || s["merchant_id"] != merchant {
				t.Fatalf("sent %v", s)
			}
		})
	}
}

func TestZarinpalHosts(t *testing.T) {
	if d := payment.NewZarinpal(merchant, false); d.BaseURL != "https://payment.zarinpal.com" {
		t.Fatalf("live host %s", d.BaseURL)
	}
	z := newZarinpal(t)
	z.answer(200, `{"data":{"code":100,"message":"Success","authority":"S0000000000000000000000000000000001","fee_type":"Merchant","fee":0},"errors":[]}`)
	got, err := z.driver(true).Request(ctx, zabano.GatewayRequest{Amount: 1_000, Description: "d", CallbackURL: "https://x/cb"})
	if err != nil {
		t.Fatal(err)
	}
	if got.PayURL != "https://sandbox.zarinpal.com/pg/StartPay/S0000000000000000000000000000000001" {
		t.Fatalf("start-pay address %s", got.PayURL)
	}
	z.driver(false).Verify(ctx, "A1", 1_000)
	if strings.Join(z.hosts, " ") != "sandbox.zarinpal.com payment.zarinpal.com" {
		t.Fatalf("requests went to %v", z.hosts)
	}
}
