// Package media stores uploaded files. A file's type is decided by its first
// bytes, never by its name or the request's Content-Type; its size limit is
// enforced while it is read, so an oversize upload is never stored whole; its
// key (and so its path) is made by the server.
package media

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io"
	"path"
	"regexp"
	"strings"

	"github.com/zabano/zabano"
)

// Store keeps files under keys like "photos/3f2a...e1.jpg".
type Store interface {
	// Put stores what r yields under key. When r fails, nothing is kept.
	Put(ctx context.Context, key string, r io.Reader) error
	// Open returns the file at key, or an ENOTFOUND error.
	Open(ctx context.Context, key string) (File, error)
	Delete(ctx context.Context, key string) error
}

// File is a stored file being read.
type File interface {
	io.ReadSeekCloser
	Size() int64
}

// Type is a file format Zabano accepts.
type Type struct {
	Ext         string
	ContentType string
	// match reports whether a file's first bytes are of this type; name is the
	// client's file name, consulted only where the bytes cannot tell (DOCX is a ZIP).
	match func(head []byte, name string) bool
	// whole, when set, checks the whole file, which is then read into
	// memory (at most its kind's limit) before it is stored.
	whole func(file []byte) error
}

var (
	JPEG = Type{Ext: "jpg", ContentType: "image/jpeg", match: prefix("\xff\xd8\xff")}
	PNG  = Type{Ext: "png", ContentType: "image/png", match: prefix("\x89PNG\r\n\x1a\n")}
	PDF  = Type{Ext: "pdf", ContentType: "application/pdf", match: prefix("%PDF-")}
	GIF  = Type{Ext: "gif", ContentType: "image/gif", match: func(head []byte, _ string) bool {
		return bytes.HasPrefix(head, []byte("GIF87a")) || bytes.HasPrefix(head, []byte("GIF89a"))
	}}
	// WEBP is a RIFF file whose form is WEBP.
	WEBP = Type{Ext: "webp", ContentType: "image/webp", match: func(head []byte, _ string) bool {
		return len(head) >= 12 && string(head[0:4]) == "RIFF" && string(head[8:12]) == "WEBP"
	}}
	// DOC is the OLE2 compound file of Word 97-2003.
	DOC = Type{Ext: "doc", ContentType: "application/msword", match: prefix("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1")}
	// DOCX is a ZIP named .docx whose directory holds a Word document's parts:
	// any ZIP would otherwise pass, to be served from the app's origin.
	DOCX = Type{
		Ext: "docx", ContentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
		match: func(head []byte, name string) bool {
			return bytes.HasPrefix(head, []byte("PK\x03\x04")) && strings.HasSuffix(strings.ToLower(name), ".docx")
		},
		whole: func(file []byte) error {
			if !zipHolds(file, "[Content_Types].xml", "word/document.xml") {
				return zabano.Errorf(zabano.EINVALID, msgNotDOCX)
			}
			return nil
		},
	}
	MP4 = Type{Ext: "mp4", ContentType: "video/mp4", match: func(head []byte, _ string) bool {
		return len(head) >= 12 && string(head[4:8]) == "ftyp" && string(head[8:12]) != "qt  "
	}}
	MOV = Type{Ext: "mov", ContentType: "video/quicktime", match: func(head []byte, _ string) bool {
		if len(head) < 12 {
			return false
		}
		atom := string(head[4:8])
		return atom == "ftyp" && string(head[8:12]) == "qt  " || atom == "moov" || atom == "mdat" || atom == "wide" || atom == "free"
	}}
	AVI = Type{Ext: "avi", ContentType: "video/x-msvideo", match: func(head []byte, _ string) bool {
		return len(head) >= 12 && string(head[0:4]) == "RIFF" && string(head[8:12]) == "AVI "
	}}
)

var msgNotDOCX = zabano.Msg{En: "This file is named .docx but is not a Word document.", Fa: "این فایل پسوند docx دارد، اما سند Word نیست."}

func prefix(p string) func([]byte, string) bool {
	return func(head []byte, _ string) bool { return bytes.HasPrefix(head, []byte(p)) }
}

// Kind is what an upload is for: its accepted types and size limit.
type Kind struct {
	Folder   string
	MaxBytes int64
	Types    []Type
	// invalid names the accepted types and the limit for the error message.
	invalid zabano.Msg
}

// The kinds of upload (spec section 5). One photo limit for everyone: 5 MB,
// the teacher editor's; see docs/decisions.md.
var (
	Photo = Kind{"photos", 5 << 20, []Type{JPEG, PNG},
		zabano.Msg{En: "The photo must be a JPEG or PNG image of at most 5 MB.", Fa: "عکس باید تصویر JPEG یا PNG و حداکثر ۵ مگابایت باشد."}}
	Video = Kind{"videos", 100 << 20, []Type{MP4, MOV, AVI},
		zabano.Msg{En: "The video must be MP4, MOV or AVI and at most 100 MB.", Fa: "ویدیو باید MP4، MOV یا AVI و حداکثر ۱۰۰ مگابایت باشد."}}
	Document = Kind{"documents", 10 << 20, []Type{PDF, DOC, DOCX, JPEG, PNG},
		zabano.Msg{En: "The document must be PDF, DOC, DOCX, JPEG or PNG and at most 10 MB.", Fa: "مدرک باید PDF، DOC، DOCX، JPEG یا PNG و حداکثر ۱۰ مگابایت باشد."}}
	// Material files are private: served only to the teacher and their students.
	Material = Kind{"materials", 10 << 20, []Type{PDF, DOC, DOCX, JPEG, PNG},
		zabano.Msg{En: "The file must be PDF, DOC, DOCX, JPEG or PNG and at most 10 MB.", Fa: "فایل باید PDF، DOC، DOCX، JPEG یا PNG و حداکثر ۱۰ مگابایت باشد."}}
	// Attachment files, sent in a chat, are private: served only to the
	// chat's two sides. Images are shown in the chat, PDFs downloaded.
	Attachment = Kind{"attachments", 10 << 20, []Type{JPEG, PNG, WEBP, GIF, PDF},
		zabano.Msg{En: "The file must be a JPEG, PNG, WebP or GIF image or a PDF, and at most 10 MB.", Fa: "فایل باید تصویر JPEG، PNG، WebP یا GIF یا PDF و حداکثر ۱۰ مگابایت باشد."}}
)

// Public reports whether the file at key may be served to anyone who has its
// address (profile photos, intro videos, teachers' documents).
func Public(key string) bool {
	folder, _, _ := strings.Cut(key, "/")
	return folder == Photo.Folder || folder == Video.Folder || folder == Document.Folder
}

// ErrInvalid is the EINVALID error of an upload of the wrong type or size for kind.
func (k Kind) ErrInvalid() *zabano.Error {
	return &zabano.Error{Code: zabano.EINVALID, Message: k.invalid}
}

// Save checks the upload r (the client named it name) against kind while
// storing it, and returns its new key and its size. A file of the wrong type
// is refused before anything is stored; one over the limit is removed as
// soon as the limit is passed.
func Save(ctx context.Context, s Store, kind Kind, name string, r io.Reader) (key string, size int64, err error) {
	br := bufio.NewReaderSize(r, 512)
	head, err := br.Peek(512)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return "", 0, err
	}
	var typ *Type
	for i := range kind.Types {
		if kind.Types[i].match(head, name) {
			typ = &kind.Types[i]
			break
		}
	}
	if typ == nil || len(head) == 0 {
		return "", 0, kind.ErrInvalid()
	}
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", 0, err
	}
	key = kind.Folder + "/" + hex.EncodeToString(b) + "." + typ.Ext
	body := &capped{r: br, left: kind.MaxBytes}
	var file io.Reader = body
	if typ.whole != nil {
		whole, err := io.ReadAll(body)
		if errors.Is(err, errTooLarge) {
			return "", 0, kind.ErrInvalid()
		} else if err != nil {
			return "", 0, err
		}
		if err := typ.whole(whole); err != nil {
			return "", 0, err
		}
		file = bytes.NewReader(whole)
	}
	err = s.Put(ctx, key, file)
	if errors.Is(err, errTooLarge) {
		return "", 0, kind.ErrInvalid()
	} else if err != nil {
		return "", 0, err
	}
	return key, kind.MaxBytes - body.left, nil
}

var errTooLarge = errors.New("media: file over its size limit")

// capped fails with errTooLarge once more than left bytes were read.
type capped struct {
	r    io.Reader
	left int64
}

func (c *capped) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.left -= int64(n)
	if c.left < 0 {
		return n, errTooLarge
	}
	return n, err
}

var keyRE = regexp.MustCompile(`^[a-z]+/[0-9a-f]{32}\.[a-z0-9]+$`)

// ValidKey reports whether key has the form Save makes, so that a request
// path can never reach outside the store.
func ValidKey(key string) bool { return keyRE.MatchString(key) }

// ContentType is the type a stored file is served with, from its key's extension.
func ContentType(key string) string {
	ext := strings.TrimPrefix(path.Ext(key), ".")
	for _, t := range []Type{JPEG, PNG, GIF, WEBP, PDF, DOC, DOCX, MP4, MOV, AVI} {
		if t.Ext == ext {
			return t.ContentType
		}
	}
	return "application/octet-stream"
}
