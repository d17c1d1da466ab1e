package media_test

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/media"
)

var ctx = context.Background()

// Minimal heads of real formats, padded to a size.
func file(head string, size int) []byte {
	b := make([]byte, size)
	copy(b, head)
	return b
}

const (
	jpegHead = "\xff\xd8\xff\xe0\x00\x10JFIF"
	pngHead  = "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"
	pdfHead  = "%PDF-1.7\n"
	docHead  = "\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
	zipHead  = "PK\x03\x04\x14\x00\x06\x00"
	mp4Head  = "\x00\x00\x00\x20ftypisom\x00\x00\x02\x00"
	movHead  = "\x00\x00\x00\x14ftypqt  \x00\x00\x00\x00"
	aviHead  = "RIFF\x00\x00\x00\x00AVI LIST"
	webpHead = "RIFF\x24\x00\x00\x00WEBPVP8 "
	gifHead  = "GIF89a\x01\x00\x01\x00"
)

// zipOf is a ZIP of empty files with names, and comment.
func zipOf(t *testing.T, comment string, names ...string) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, name := range names {
		f, err := w.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte("<x/>"))
	}
	w.SetComment(comment)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestSave(t *testing.T) {
	docx := zipOf(t, "", "[Content_Types].xml", "_rels/.rels", "word/document.xml")

	for _, tc := range []struct {
		name     string
		kind     media.Kind
		filename string
		data     []byte
		wantExt  string // "" when refused
	}{
		{"jpeg photo", media.Photo, "me.jpg", file(jpegHead, 1000), "jpg"},
		{"png named .jpg is stored as png", media.Photo, "me.jpg", file(pngHead, 1000), "png"},
		{"text disguised as a photo", media.Photo, "me.jpg", []byte("<script>alert(1)</script>"), ""},
		{"html disguised as png", media.Photo, "x.png", []byte("<!doctype html><html>"), ""},
		{"empty file", media.Photo, "me.png", nil, ""},
		{"photo at the limit", media.Photo, "big.jpg", file(jpegHead, 5<<20), "jpg"},
		{"photo over the limit", media.Photo, "big.jpg", file(jpegHead, 5<<20+1), ""},
		{"pdf as photo", media.Photo, "cv.pdf", file(pdfHead, 100), ""},
		{"pdf document", media.Document, "cv.pdf", file(pdfHead, 100), "pdf"},
		{"doc document", media.Document, "cv.doc", file(docHead, 100), "doc"},
		{"docx document", media.Document, "CV.DOCX", docx, "docx"},
		{"docx with a comment", media.Material, "notes.docx", zipOf(t, strings.Repeat("c", 1000), "word/document.xml", "[Content_Types].xml"), "docx"},
		{"zip head named .docx", media.Document, "cv.docx", file(zipHead, 100), ""},
		{"plain zip named .docx", media.Document, "cv.docx", zipOf(t, "", "hello.txt"), ""},
		{"zip without a document named .docx", media.Material, "cv.docx", zipOf(t, "", "[Content_Types].xml", "word/other.xml"), ""},
		{"cut docx", media.Document, "cv.docx", docx[:len(docx)-10], ""},
		{"docx over 10 MB", media.Document, "cv.docx", append(file(zipHead, 10<<20), docx...), ""},
		{"zip named .zip", media.Document, "cv.zip", file(zipHead, 100), ""},
		{"document over 10 MB", media.Document, "cv.pdf", file(pdfHead, 10<<20+1), ""},
		{"mp4 video", media.Video, "intro.mp4", file(mp4Head, 100), "mp4"},
		{"mov video", media.Video, "intro.mov", file(movHead, 100), "mov"},
		{"avi video", media.Video, "intro.avi", file(aviHead, 100), "avi"},
		{"exe named .mp4", media.Video, "intro.mp4", file("MZ\x90\x00", 100), ""},
		{"dot-dot name is irrelevant", media.Photo, "../../etc/passwd", file(pngHead, 100), "png"},
		{"webp attachment", media.Attachment, "photo.webp", file(webpHead, 100), "webp"},
		{"gif attachment", media.Attachment, "funny.gif", file(gifHead, 100), "gif"},
		{"pdf attachment", media.Attachment, "homework.pdf", file(pdfHead, 100), "pdf"},
		{"jpeg attachment named .pdf", media.Attachment, "homework.pdf", file(jpegHead, 100), "jpg"},
		{"docx as attachment", media.Attachment, "notes.docx", docx, ""},
		{"svg as attachment", media.Attachment, "x.png", []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`), ""},
		{"riff wave as webp", media.Attachment, "x.webp", file("RIFF\x00\x00\x00\x00WAVE", 100), ""},
		{"attachment over 10 MB", media.Attachment, "big.png", file(pngHead, 10<<20+1), ""},
	} {
		for _, st := range stores {
			t.Run(st.name+"/"+tc.name, func(t *testing.T) {
				store := st.new(t)
				key, size, err := media.Save(ctx, store, tc.kind, tc.filename, bytes.NewReader(tc.data))
				if tc.wantExt == "" {
					if zabano.ErrorCode(err) != zabano.EINVALID {
						t.Fatalf("got key %q, err %v; want refused", key, err)
					}
					if n := store.count(t); n != 0 {
						t.Fatalf("a refused upload left %d files", n)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				if !media.ValidKey(key) || !strings.HasSuffix(key, "."+tc.wantExt) || !strings.HasPrefix(key, tc.kind.Folder+"/") {
					t.Fatalf("key %q", key)
				}
				f, err := store.Open(ctx, key)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				got, _ := io.ReadAll(f)
				if !bytes.Equal(got, tc.data) || f.Size() != int64(len(tc.data)) || size != f.Size() {
					t.Fatalf("stored %d bytes, said %d, want %d", len(got), size, len(tc.data))
				}
			})
		}
	}
}

// testStore is a Store under test; count reports how many files it holds,
// partial ones included.
type testStore struct {
	media.Store
	count func(t *testing.T) int
}

// stores make each Store empty for one test, so that every behaviour is
// checked on each.
var stores = []struct {
	name string
	new  func(t *testing.T) testStore
}{
	{"disk", newDisk},
	{"s3", newS3},
}

func newDisk(t *testing.T) testStore {
	dir := t.TempDir()
	return testStore{&media.Disk{Dir: dir}, func(t *testing.T) int { return countFiles(dir) }}
}

func countFiles(dir string) int {
	n := 0
	filepath.WalkDir(dir, func(_ string, d os.DirEntry, _ error) error {
		if d != nil && !d.IsDir() {
			n++
		}
		return nil
	})
	return n
}

// failAfter yields n bytes, then fails with err, together with the last
// bytes when withData. It reports its error once, then io.EOF, as a reader
// may: a store must not take that for the end of the file.
type failAfter struct {
	n        int
	err      error
	withData bool
	failed   bool
}

var errBroken = errors.New("connection broken")

func (r *failAfter) Read(p []byte) (int, error) {
	switch {
	case r.failed:
		return 0, io.EOF
	case r.n == 0:
		r.failed = true
		return 0, r.err
	}
	n := min(len(p), r.n)
	clear(p[:n])
	r.n -= n
	if r.n == 0 && r.withData {
		r.failed = true
		return n, r.err
	}
	return n, nil
}

// putAndOpen stores data under key and opens it again.
func putAndOpen(t *testing.T, store media.Store, key string, data []byte) media.File {
	t.Helper()
	if err := store.Put(ctx, key, bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	f, err := store.Open(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

func TestStore(t *testing.T) {
	const key = "photos/0123456789abcdef0123456789abcdef.png"
	for _, st := range stores {
		t.Run(st.name+"/round trip", func(t *testing.T) {
			store := st.new(t)
			data := make([]byte, 10000)
			for i := range data {
				data[i] = byte(i * 7)
			}
			f := putAndOpen(t, store, key, data)
			if f.Size() != int64(len(data)) {
				t.Fatalf("size %d, want %d", f.Size(), len(data))
			}
			if n, err := f.Seek(9000, io.SeekStart); n != 9000 || err != nil {
				t.Fatalf("seek: %d %v", n, err)
			}
			got := make([]byte, 100)
			if _, err := io.ReadFull(f, got); err != nil || !bytes.Equal(got, data[9000:9100]) {
				t.Fatalf("read at 9000: %v", err)
			}
			// The way the server answers a range request.
			if n, err := f.Seek(-50, io.SeekEnd); n != 9950 || err != nil {
				t.Fatalf("seek from the end: %d %v", n, err)
			}
			if rest, err := io.ReadAll(f); err != nil || !bytes.Equal(rest, data[9950:]) {
				t.Fatalf("read the last 50: %d bytes, %v", len(rest), err)
			}
			if _, err := f.Seek(0, io.SeekStart); err != nil {
				t.Fatal(err)
			}
			if all, err := io.ReadAll(f); err != nil || !bytes.Equal(all, data) {
				t.Fatalf("read again from the start: %d bytes, %v", len(all), err)
			}
		})
		// Over one S3 part: a multipart upload.
		t.Run(st.name+"/large round trip", func(t *testing.T) {
			store := st.new(t)
			data := make([]byte, 12<<20+123)
			for i := range data {
				data[i] = byte(i / 1000)
			}
			f := putAndOpen(t, store, key, data)
			if all, err := io.ReadAll(f); err != nil || !bytes.Equal(all, data) || f.Size() != int64(len(data)) {
				t.Fatalf("read %d bytes (size %d), want %d: %v", len(all), f.Size(), len(data), err)
			}
			if n := store.count(t); n != 1 {
				t.Fatalf("%d files stored, want 1", n)
			}
		})
		t.Run(st.name+"/missing key", func(t *testing.T) {
			store := st.new(t)
			if _, err := store.Open(ctx, key); zabano.ErrorCode(err) != zabano.ENOTFOUND {
				t.Fatalf("open: %v, want not found", err)
			}
		})
		// Readers that break before anything is sent, and after S3 parts
		// were sent; one whose error comes with the last bytes of a part; one
		// whose client hung up (io.ErrUnexpectedEOF).
		for _, r := range []failAfter{
			{n: 1000, err: errBroken},
			{n: 6 << 20, err: errBroken},
			{n: 10 << 20, err: errBroken, withData: true},
			{n: 6 << 20, err: io.ErrUnexpectedEOF},
			{n: 10 << 20, err: io.ErrUnexpectedEOF, withData: true},
		} {
			t.Run(fmt.Sprintf("%s/reader fails after %d bytes with %v", st.name, r.n, r.err), func(t *testing.T) {
				store := st.new(t)
				want := r.err
				if err := store.Put(ctx, key, &r); !errors.Is(err, want) {
					t.Fatalf("put: %v, want %v", err, want)
				}
				if _, err := store.Open(ctx, key); zabano.ErrorCode(err) != zabano.ENOTFOUND {
					t.Fatalf("open after a failed put: %v", err)
				}
				if n := store.count(t); n != 0 {
					t.Fatalf("a failed put left %d files", n)
				}
			})
		}
		t.Run(st.name+"/delete", func(t *testing.T) {
			store := st.new(t)
			if err := store.Put(ctx, key, strings.NewReader("x")); err != nil {
				t.Fatal(err)
			}
			if err := store.Delete(ctx, key); err != nil {
				t.Fatal(err)
			}
			if _, err := store.Open(ctx, key); zabano.ErrorCode(err) != zabano.ENOTFOUND {
				t.Fatalf("open after delete: %v", err)
			}
			if err := store.Delete(ctx, key); err != nil {
				t.Fatalf("second delete: %v", err)
			}
			if n := store.count(t); n != 0 {
				t.Fatalf("%d files left", n)
			}
		})
		t.Run(st.name+"/invalid keys", func(t *testing.T) {
			store := st.new(t)
			for _, bad := range []string{"../secret", "photos/../../x.jpg", "photos/abc.jpg", "/etc/passwd", ""} {
				if err := store.Put(ctx, bad, strings.NewReader("x")); err == nil {
					t.Errorf("Put(%q) succeeded", bad)
				}
				if _, err := store.Open(ctx, bad); zabano.ErrorCode(err) != zabano.ENOTFOUND {
					t.Errorf("Open(%q): %v, want not found", bad, err)
				}
				if err := store.Delete(ctx, bad); err != nil {
					t.Errorf("Delete(%q): %v", bad, err)
				}
			}
			if n := store.count(t); n != 0 {
				t.Fatalf("%d files stored under invalid keys", n)
			}
		})
	}
}

func TestContentType(t *testing.T) {
	for key, want := range map[string]string{
		"photos/0123456789abcdef0123456789abcdef.png":       "image/png",
		"attachments/0123456789abcdef0123456789abcdef.webp": "image/webp",
		"attachments/0123456789abcdef0123456789abcdef.gif":  "image/gif",
	} {
		if got := media.ContentType(key); got != want {
			t.Errorf("content type of %s: %q, want %q", key, got, want)
		}
	}
}
