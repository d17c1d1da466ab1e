package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/media"
)

// maxUploadBody caps a multipart request: an intro video, ten documents and a photo.
const maxUploadBody = 220 << 20

// fileField is a file input of a form: what it accepts and, for a field that
// takes many files, that an unacceptable file is reported and skipped instead
// of failing the request (spec section 5, documents).
type fileField struct {
	kind media.Kind
	many bool
}

type uploadedFile struct {
	key, name string
	size      int64
}

// rejectedFile is a file of a many-file field that was skipped.
type rejectedFile struct {
	Name   string `json:"name"`
	Detail string `json:"detail"`
}

// upload is a parsed form: its text fields, and its files, already stored.
type upload struct {
	fields   map[string]string
	files    map[string][]uploadedFile
	rejected []rejectedFile
}

var (
	msgOneFile = zabano.Msg{En: "Choose only one file.", Fa: "فقط یک فایل انتخاب کنید."}
)

// readUpload reads a form of u whose files go to the media store as they
// arrive, each checked by its bytes and capped while it is read. A JSON or
// urlencoded body gives text fields only. On error, every file already
// stored is removed.
func (s *Server) readUpload(r *http.Request, u *zabano.User, fileFields map[string]fileField) (*upload, error) {
	up := &upload{fields: map[string]string{}, files: map[string][]uploadedFile{}}
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ct != "multipart/form-data" {
		return up, up.readText(r)
	}
	err := readForm(r, up.fields, func(name string, part *multipart.Part) (bool, error) {
		field, expected := fileFields[name]
		if !expected {
			return false, nil
		}
		return true, up.take(r, name, field, part, func(name string, body io.Reader) (string, int64, error) {
			return s.saveUpload(r.Context(), u, field.kind, name, body)
		})
	})
	if err != nil {
		s.discard(r.Context(), up)
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return nil, &zabano.Error{Code: zabano.EINVALID, Message: msgTooLarge}
		}
		return nil, err
	}
	return up, nil
}

// take stores the file part of field name with save, or keeps why it was
// refused. A field that takes one file refuses a second, rather than store
// files nothing would point to.
func (up *upload) take(r *http.Request, name string, field fileField, part *multipart.Part,
	save func(name string, body io.Reader) (string, int64, error)) error {
	if !field.many && len(up.files[name]) > 0 {
		return zabano.FieldError(name, msgOneFile)
	}
	fname := fileName(part.FileName())
	body := &partReader{r: part}
	key, size, err := save(fname, body)
	var invalid *zabano.Error
	switch {
	case err != nil && body.err != nil: // the request failed, not the store
		return bodyError(body.err)
	case errors.As(err, &invalid) && invalid.Code == zabano.EINVALID && field.many:
		up.rejected = append(up.rejected, rejectedFile{Name: fname, Detail: invalid.Message.In(lang(r))})
	case errors.As(err, &invalid) && invalid.Code == zabano.EINVALID:
		return zabano.FieldError(name, invalid.Message)
	case err != nil:
		return err
	default:
		up.files[name] = append(up.files[name], uploadedFile{key: key, name: fname, size: size})
	}
	return nil
}

// readText takes the fields of a JSON or urlencoded body. Nested JSON values
// (language_levels) are kept as JSON text, as a form sends them.
func (up *upload) readText(r *http.Request) error {
	var raw map[string]any
	if err := decode(r, &raw); err != nil {
		return err
	}
	for k, v := range raw {
		switch v := v.(type) {
		case nil:
		case string:
			up.fields[k] = v
		case float64:
			up.fields[k] = strconv.FormatFloat(v, 'f', -1, 64)
		default:
			b, err := json.Marshal(v)
			if err != nil {
				return err
			}
			up.fields[k] = string(b)
		}
	}
	return nil
}

// maxFileName caps the length of the name a file is shown and downloaded by.
const maxFileName = 200

// fileName is the name a client gave a file, as it is shown and downloaded:
// without folders (mime/multipart drops those written with "/", not the
// backslashed Windows paths some browsers send), control characters or
// invalid UTF-8, and at most maxFileName bytes. The stored file's key never
// comes from it.
func fileName(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, strings.ToValidUTF8(name, ""))
	for len(name) > maxFileName {
		_, size := utf8.DecodeLastRuneInString(name)
		name = name[:len(name)-size]
	}
	if strings.TrimSpace(name) == "" {
		return "file"
	}
	return name
}

// partReader remembers the error reading a part failed with, to tell a
// broken request from a failing store.
type partReader struct {
	r   io.Reader
	err error
}

func (p *partReader) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	if err != nil && err != io.EOF {
		p.err = err
	}
	return n, err
}

// saveUpload saves the file r of u (the client named it name) as kind, and
// returns its key and size: counted against u's hourly uploads before it is
// read, and against u's quota once its size is known; a file over the quota
// is deleted at once.
func (s *Server) saveUpload(ctx context.Context, u *zabano.User, kind media.Kind, name string, r io.Reader) (string, int64, error) {
	if err := s.Uploads.Begin(ctx, u); err != nil {
		return "", 0, err
	}
	key, size, err := media.Save(ctx, s.Media, kind, name, r)
	if err != nil {
		return "", 0, err
	}
	if err := s.Uploads.Add(ctx, u, key, size); err != nil {
		if derr := s.Media.Delete(context.WithoutCancel(ctx), key); derr != nil {
			s.Logger.ErrorContext(ctx, "delete upload over quota", "key", key, "err", derr)
		}
		return "", 0, err
	}
	return key, size, nil
}

// removeMedia deletes stored files, then their upload records: a file
// counts against its owner's quota until it is gone.
func (s *Server) removeMedia(ctx context.Context, keys ...string) error {
	var errs []error
	var gone []string
	for _, key := range keys {
		if err := s.Media.Delete(ctx, key); err != nil {
			errs = append(errs, err)
			continue
		}
		gone = append(gone, key)
	}
	return errors.Join(append(errs, s.Uploads.Store.RemoveUploads(ctx, gone...))...)
}

// discard removes the stored files of up, when what they were for failed,
// even if the client has gone.
func (s *Server) discard(ctx context.Context, up *upload) {
	var keys []string
	for _, files := range up.files {
		for _, f := range files {
			keys = append(keys, f.key)
		}
	}
	if err := s.removeMedia(context.WithoutCancel(ctx), keys...); err != nil {
		s.Logger.ErrorContext(ctx, "discard uploads", "keys", keys, "err", err)
	}
}

// text returns the trimmed text field name, or nil when it is absent or empty:
// the editors send only the fields that are filled.
func (up *upload) text(name string) *string {
	v := strings.TrimSpace(up.fields[name])
	if v == "" {
		return nil
	}
	return &v
}

var msgWholeNumber = zabano.Msg{En: "Enter a whole number.", Fa: "یک عدد صحیح وارد کنید."}

// number reads the whole-number field name (Persian digits and thousands
// separators allowed) into v, or records a problem; an empty field is nil.
func (up *upload) number(v *zabano.Validation, name string) *int64 {
	s := up.text(name)
	if s == nil {
		return nil
	}
	n, ok := parseWhole(*s)
	if !ok {
		v.Add(name, msgWholeNumber)
		return nil
	}
	return &n
}

// parseWhole reads a whole number written with ASCII, Persian or Arabic
// digits and optional thousands separators.
func parseWhole(s string) (int64, bool) {
	var b strings.Builder
	for _, r := range zabano.ASCIIDigits(strings.TrimSpace(s)) {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == ',' || r == '٬':
		default:
			return 0, false
		}
	}
	n, err := strconv.ParseInt(b.String(), 10, 64)
	return n, err == nil
}
