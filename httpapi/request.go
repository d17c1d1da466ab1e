package httpapi

// What a request says: its language, its body (JSON or a form) and the
// values of its path and query.

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/zabano/zabano"
)

var (
	msgFieldTooLong = zabano.Msg{En: "A form field is too long.", Fa: "یکی از فیلدهای فرم بیش از حد طولانی است."}
	msgTooManyParts = zabano.Msg{En: "The form has too many parts.", Fa: "فرم بیش از حد بخش دارد."}
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

// decodeForm reads a form's text fields into dst as a JSON object of
// strings. Files are read past: a route that takes files reads them with
// readUpload.
func decodeForm(r *http.Request, dst any) error {
	fields := map[string]string{}
	if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/") {
		if err := readForm(r, fields, nil); err != nil {
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

// readForm reads a multipart body part by part: text fields into fields,
// and each file to file, which answers whether it took it (file nil: none
// is). A file not taken is read past, never stored. Everything but the
// files taken counts against maxBody together, as a JSON body would, so
// only expected files may make a request large.
func readForm(r *http.Request, fields map[string]string, file func(field string, part *multipart.Part) (taken bool, err error)) error {
	mr, err := r.MultipartReader()
	if err != nil {
		return &zabano.Error{Code: zabano.EINVALID, Message: msgBadBody}
	}
	rest := int64(maxBody)
	for parts := 0; ; parts++ {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return nil
		} else if err != nil {
			return bodyError(err)
		}
		if parts == maxFormParts {
			return &zabano.Error{Code: zabano.EINVALID, Message: msgTooManyParts}
		}
		name := part.FormName()
		if part.FileName() != "" && file != nil {
			taken, err := file(name, part)
			if err != nil {
				return err
			}
			if taken {
				continue
			}
		}
		b, err := io.ReadAll(io.LimitReader(part, rest+1))
		if err != nil {
			return bodyError(err)
		}
		if rest -= int64(len(b)); rest < 0 {
			return &zabano.Error{Code: zabano.EINVALID, Message: msgTooLarge}
		}
		if part.FileName() != "" {
			continue
		}
		if len(b) > maxFieldBytes {
			return &zabano.Error{Code: zabano.EINVALID, Message: msgFieldTooLong}
		}
		fields[name] = string(b)
	}
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

var msgNumberRange = zabano.Msg{En: "Enter a whole number from %d to %d.", Fa: "یک عدد صحیح از %d تا %d وارد کنید."}

// queryInt reads a whole-number query parameter within [min, max], def when absent.
func queryInt(v *zabano.Validation, s, name string, def, min, max int) int {
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < min || n > max {
		v.Add(name, zabano.Msgf(msgNumberRange, min, max))
		return def
	}
	return n
}

// pathID reads the {id} path value; a malformed id is simply not found.
func pathID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, zabano.Errorf(zabano.ENOTFOUND, msgNotFound)
	}
	return id, nil
}

// zone is the time zone named by name (an IANA name), or def when name is "".
func zone(name, def string) (*time.Location, error) {
	if name == "" {
		name = def
	}
	if loc, ok := zones.Load(name); ok {
		return loc.(*time.Location), nil
	}
	loc, err := time.LoadLocation(name)
	if err != nil || name == "Local" {
		return nil, zabano.FieldError("timezone", zabano.MsgTimeZone)
	}
	zones.Store(name, loc)
	return loc, nil
}

// zones are the time zones zone loaded, by name: loading one reads and
// parses its file, and most calls name the same few. Only the database's
// names get in, so it stays small.
var zones sync.Map

// maxFieldBytes caps one text field of a multipart request.
const maxFieldBytes = 64 << 10

// maxFormParts caps the parts of a multipart request. The teacher's editor,
// the largest form, sends some fifteen fields, a photo, a video and a few
// documents; a body of many tiny parts would otherwise cost memory per part.
const maxFormParts = 200

// bodyError is what a failure to read the request body means for the
// client: a body over its limit (left for the caller to word), or one that
// is not valid; either way not an internal error.
func bodyError(err error) error {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return err
	}
	return &zabano.Error{Code: zabano.EINVALID, Message: msgBadBody}
}
