package httpapi

import (
	"html/template"
	"log/slog"
	"net/http"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/payment"
)

// sandboxPage is the sandbox gateway's payment page, in Persian and English
// at once. It keeps to the app's Content-Security-Policy: no script, a plain
// form that posts to its own address, inline style only.
var sandboxPage = template.Must(template.New("sandbox").Parse(`<!doctype html>
<html lang="fa" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>درگاه آزمایشی - زبانو · Test gateway - Zabano</title>
<style>
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #0f172a; color: #e2e8f0;
  font: 16px/1.6 Vazirmatn, Tahoma, "Segoe UI", sans-serif; }
main { width: min(26rem, 100% - 2rem); background: #1e293b; border-radius: 1rem; padding: 1.5rem; }
h1 { font-size: 1.25rem; margin: 0; }
.en { direction: ltr; text-align: left; color: #94a3b8; margin: 0 0 1rem; }
dl { display: grid; grid-template-columns: auto 1fr; gap: .5rem 1rem; margin: 1rem 0; }
dt { color: #94a3b8; }
dd { margin: 0; }
form { display: flex; gap: .75rem; }
button, a.back { flex: 1; padding: .75rem; border: 0; border-radius: .5rem; font: inherit; cursor: pointer;
  text-align: center; text-decoration: none; color: #fff; }
button[value=OK], a.back { background: #16a34a; }
button[value=NOK] { background: #dc2626; }
.note { font-size: .85rem; color: #94a3b8; margin-top: 1rem; }
</style>
</head>
<body>
<main>
<h1>درگاه پرداخت آزمایشی زبانو</h1>
<p class="en" lang="en">Zabano test payment gateway</p>
{{- if not .Found}}
<p>پرداخت یافت نشد.</p>
<p class="en" lang="en">Payment not found.</p>
{{- else}}
<dl>
<dt>مبلغ <span lang="en">· Amount</span></dt>
<dd>{{.Amount.Fa}} تومان <span lang="en">· {{.Amount.En}} Toman</span></dd>
<dt>توضیحات <span lang="en">· Description</span></dt>
<dd>{{.Payment.Description}}</dd>
</dl>
{{- if .Pending}}
<form method="post">
<button name="status" value="OK">پرداخت · Pay</button>
<button name="status" value="NOK">انصراف · Cancel</button>
</form>
{{- else}}
<p>به این پرداخت قبلاً پاسخ داده شده است.</p>
<p class="en" lang="en">This payment has already been answered.</p>
<a class="back" href="{{.Payment.ReturnURL}}">بازگشت به زبانو · Back to Zabano</a>
{{- end}}
{{- end}}
<p class="note">هیچ پولی جابه‌جا نمی‌شود: این صفحه در محیط توسعه جای درگاه واقعی است.
<span lang="en">No money moves: this page stands in for the real gateway in development.</span></p>
</main>
</body>
</html>
`))

// sandboxView is what the sandbox page shows.
type sandboxView struct {
	Found   bool
	Pending bool
	Payment *payment.SandboxPayment
	Amount  zabano.Msg
}

// renderSandbox writes the sandbox page for p (nil when there is no such payment).
func renderSandbox(w http.ResponseWriter, r *http.Request, status int, p *payment.SandboxPayment) {
	v := sandboxView{Found: p != nil, Payment: p}
	if p != nil {
		v.Pending = p.Status == payment.SandboxPending
		v.Amount = zabano.Tomans(p.Amount)
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if err := sandboxPage.Execute(w, v); err != nil {
		slog.ErrorContext(r.Context(), "sandbox page", "err", err)
	}
}

// sandboxFailed answers a sandbox page request that failed: the page saying
// there is no such payment, or a plain 500.
func sandboxFailed(w http.ResponseWriter, r *http.Request, err error) {
	// An authority that cannot be stored (a NUL byte) names no payment either.
	if code := zabano.ErrorCode(err); code == zabano.ENOTFOUND || code == zabano.EINVALID {
		renderSandbox(w, r, http.StatusNotFound, nil)
		return
	}
	slog.ErrorContext(r.Context(), "sandbox", "err", err)
	http.Error(w, msgInternal.In(lang(r)), http.StatusInternalServerError)
}

// sandboxPay is GET /sandbox/pay/{authority}: the page the sandbox gateway
// sends the payer to, with Pay and Cancel buttons.
func (s *Server) sandboxPay(w http.ResponseWriter, r *http.Request) {
	p, err := s.Sandbox.Payment(r.Context(), r.PathValue("authority"))
	if err != nil {
		sandboxFailed(w, r, err)
		return
	}
	renderSandbox(w, r, http.StatusOK, p)
}

// sandboxAnswer is POST /sandbox/pay/{authority}: the payer pressed Pay
// (status=OK) or Cancel (status=NOK), and goes back to the callback page with
// the authority and status, as from Zarinpal.
func (s *Server) sandboxAnswer(w http.ResponseWriter, r *http.Request) {
	status := r.PostFormValue("status")
	if status != "OK" && status != "NOK" {
		http.Error(w, "وضعیت باید OK یا NOK باشد · status must be OK or NOK", http.StatusBadRequest)
		return
	}
	p, err := s.Sandbox.Answer(r.Context(), r.PathValue("authority"), status == "OK")
	if err != nil {
		sandboxFailed(w, r, err)
		return
	}
	http.Redirect(w, r, p.ReturnURL(), http.StatusSeeOther)
}
