package httpapi

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/zabano/zabano"
)

// statusOf maps each domain error code to its one HTTP status.
var statusOf = map[string]int{
	zabano.EINVALID:      http.StatusBadRequest,
	zabano.EUNAUTHORIZED: http.StatusUnauthorized,
	zabano.EFORBIDDEN:    http.StatusForbidden,
	zabano.ENOTFOUND:     http.StatusNotFound,
	zabano.ECONFLICT:     http.StatusConflict,
	zabano.ETOOMANY:      http.StatusTooManyRequests,
	zabano.EPAYMENT:      http.StatusPaymentRequired,
	zabano.EUNAVAILABLE:  http.StatusServiceUnavailable,
	zabano.EINTERNAL:     http.StatusInternalServerError,
}

var (
	msgInternal   = zabano.Msg{En: "Something went wrong on our side. Please try again.", Fa: "خطایی در سرور رخ داد. لطفاً دوباره تلاش کنید."}
	msgBadBody    = zabano.Msg{En: "The request body is not valid.", Fa: "بدنهٔ درخواست معتبر نیست."}
	msgTooLarge   = zabano.Msg{En: "The request is too large.", Fa: "حجم درخواست بیش از حد مجاز است."}
	msgNotFound   = zabano.Msg{En: "Not found.", Fa: "یافت نشد."}
	msgBadMethod  = zabano.Msg{En: "This method is not allowed here.", Fa: "این روش درخواست در اینجا مجاز نیست."}
	msgLoginFirst = zabano.Msg{
		En: "Authentication token not found. Please log in again.",
		Fa: "توکن احراز هویت یافت نشد. لطفاً دوباره وارد شوید.",
	}
)

// encode writes v as JSON with status. It is marshalled before the status
// is written, so a value that cannot be is an internal error, not half an
// answer; a failed write is the client gone, which nothing can answer.
func encode(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		slog.Error("encode an answer", "err", err)
		status, b = http.StatusInternalServerError, []byte(`{"detail":"`+msgInternal.En+`"}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

// detail writes {"detail": m} in the user's language.
func detail(w http.ResponseWriter, r *http.Request, status int, m zabano.Msg) {
	encode(w, status, map[string]string{"detail": m.In(lang(r))})
}

// writeError writes err as the spec's error body: {"detail": "..."}, field
// errors as {"field": ["..."]} beside a joined detail, and retry_after with
// a Retry-After header for limits. Only internal errors are logged, and the
// user sees a generic message for them.
func writeError(w http.ResponseWriter, r *http.Request, err error) {
	var e *zabano.Error
	if !errors.As(err, &e) {
		slog.ErrorContext(r.Context(), "internal error", "err", err, "id", requestID(r.Context()), "method", r.Method, "path", r.URL.Path)
		e = &zabano.Error{Code: zabano.EINTERNAL, Message: msgInternal}
	}
	l := lang(r)
	body := map[string]any{"detail": e.Message.In(l)}
	for field, msgs := range e.Fields {
		texts := make([]string, len(msgs))
		for i, m := range msgs {
			texts[i] = m.In(l)
		}
		body[field] = texts
	}
	if e.Code == zabano.EPAYMENT {
		body["missing_amount"] = e.Missing
	}
	if e.CurrentLevelPrice != nil {
		body["current_level_price"] = levelPriceOf(*e.CurrentLevelPrice)
	}
	if e.MissingWeeks != nil {
		body["missing_weeks"] = missingWeeksOf(e.MissingWeeks)
	}
	if e.Code == zabano.ETOOMANY || e.RetryAfter > 0 {
		secs := int(e.RetryAfter.Seconds())
		w.Header().Set("Retry-After", strconv.Itoa(secs))
		if e.Code == zabano.ETOOMANY {
			body["retry_after"] = secs
		}
	}
	status, ok := statusOf[e.Code]
	if !ok {
		slog.ErrorContext(r.Context(), "an error code without a status", "code", e.Code, "id", requestID(r.Context()))
		status = http.StatusInternalServerError
	}
	encode(w, status, body)
}
