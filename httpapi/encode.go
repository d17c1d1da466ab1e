package httpapi

import (
	"encoding/json"
	"errors"
	"log/slog"
	"mime"
	"net/http"
	"strconv"
	"strings"

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

// lang is the language the user reads, from Accept-Language.
func lang(r *http.Request) string {
	return language(r.Header.Get("Accept-Language"))
}

// unweighted ranks a language the header leaves unnamed (without *): below
// any weight a header can give (q has three decimals) and above one it
// excludes with q=0.
const unweighted = 0.0001

// language picks fa or en from an Accept-Language value (RFC 9110, 12.5.4):
// the one weighted higher. A range names a language by its primary subtag
// (en-US names en), * weighs the languages no range names, and a range with
// a malformed weight counts for nothing. Ties, as with no header, go to
// Persian, the product's default.
func language(header string) string {
	named := map[string]float64{}
	star := -1.0
	for _, part := range strings.Split(header, ",") {
		tag, params, _ := strings.Cut(part, ";")
		tag = strings.ToLower(strings.TrimSpace(tag))
		q, ok := weight(params)
		if !ok || tag == "" {
			continue
		}
		if tag == "*" {
			star = max(star, q)
			continue
		}
		primary, _, _ := strings.Cut(tag, "-")
		if w, seen := named[primary]; !seen || q > w {
			named[primary] = q
		}
	}
	score := func(l string) float64 {
		if q, ok := named[l]; ok {
			return q
		}
		if star >= 0 {
			return star
		}
		return unweighted
	}
	if score("en") > score("fa") {
		return "en"
	}
	return "fa"
}

// weight reads q from a range's parameters ("q=0.5"); 1 when absent, not ok
// when it is not a number from 0 to 1.
func weight(params string) (q float64, ok bool) {
	for _, p := range strings.Split(params, ";") {
		k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
		if strings.EqualFold(strings.TrimSpace(k), "q") {
			q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			return q, err == nil && q >= 0 && q <= 1
		}
	}
	return 1, true
}

// encode writes v as JSON with status.
func encode(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
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
	encode(w, statusOf[e.Code], body)
}

// decode reads the request body into dst, a struct with json tags. It takes
// JSON, and form bodies (urlencoded or multipart), whose values are read as
// strings, since the spec's client sends both.
func decode(r *http.Request, dst any) error {
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	var err error
	switch ct {
	case "application/x-www-form-urlencoded", "multipart/form-data":
		err = decodeForm(r, dst)
	default:
		err = json.NewDecoder(r.Body).Decode(dst)
	}
	var tooLarge *http.MaxBytesError
	var invalid *zabano.Error
	switch {
	case errors.As(err, &tooLarge):
		return &zabano.Error{Code: zabano.EINVALID, Message: msgTooLarge}
	case errors.As(err, &invalid):
		return invalid // a form's own limits (parts, field sizes) say what is wrong
	case err != nil:
		return &zabano.Error{Code: zabano.EINVALID, Message: msgBadBody}
	}
	return nil
}

func decodeForm(r *http.Request, dst any) error {
	fields := map[string]string{}
	if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/") {
		// Text fields only: files are read by readUpload, where a route takes them.
		up := &upload{fields: fields}
		if err := up.readParts(r, nil, nil); err != nil {
			return err
		}
	} else {
		if err := r.ParseForm(); err != nil {
			return err
		}
		for k, vs := range r.PostForm {
			fields[k] = vs[0]
		}
	}
	b, err := json.Marshal(fields)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, dst)
}

// flexString is a JSON string that may arrive as a number (the spec's client
// sends the language id 17 as a number in JSON and as text in forms).
type flexString string

func (f *flexString) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*f = flexString(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	*f = flexString(n)
	return nil
}

// formObject is a JSON object that may also arrive as JSON text, as a form
// field carries it (the register call's meta, a payment's metadata).
type formObject[T any] struct {
	V T
}

func (f *formObject[T]) UnmarshalJSON(b []byte) error {
	var text string
	if json.Unmarshal(b, &text) == nil {
		if text == "" {
			return nil
		}
		b = []byte(text)
	}
	return json.Unmarshal(b, &f.V)
}
