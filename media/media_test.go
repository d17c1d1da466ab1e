package media_test

import (
	"bytes"
	"context"
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
)

func TestSave(t *testing.T) {
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
		{"docx document", media.Document, "CV.DOCX", file(zipHead, 100), "docx"},
		{"zip named .zip", media.Document, "cv.zip", file(zipHead, 100), ""},
		{"document over 10 MB", media.Document, "cv.pdf", file(pdfHead, 10<<20+1), ""},
		{"mp4 video", media.Video, "intro.mp4", file(mp4Head, 100), "mp4"},
		{"mov video", media.Video, "intro.mov", file(movHead, 100), "mov"},
		{"avi video", media.Video, "intro.avi", file(aviHead, 100), "avi"},
		{"exe named .mp4", media.Video, "intro.mp4", file("MZ\x90\x00", 100), ""},
		{"dot-dot name is irrelevant", media.Photo, "../../etc/passwd", file(pngHead, 100), "png"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			store := &media.Disk{Dir: dir}
			key, err := media.Save(ctx, store, tc.kind, tc.filename, bytes.NewReader(tc.data))
			if tc.wantExt == "" {
				if zabano.ErrorCode(err) != zabano.EINVALID {
					t.Fatalf("got key %q, err %v; want refused", key, err)
				}
				if n := countFiles(t, dir); n != 0 {
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
			if !bytes.Equal(got, tc.data) || f.Size() != int64(len(tc.data)) {
				t.Fatalf("stored %d bytes, want %d", len(got), len(tc.data))
			}
		})
	}
}

func countFiles(t *testing.T, dir string) int {
	n := 0
	filepath.WalkDir(dir, func(_ string, d os.DirEntry, _ error) error {
		if d != nil && !d.IsDir() {
			n++
		}
		return nil
	})
	return n
}

func TestDiskKeys(t *testing.T) {
	store := &media.Disk{Dir: t.TempDir()}
	for _, key := range []string{"../secret", "photos/../../x.jpg", "photos/abc.jpg", "/etc/passwd", ""} {
		if _, err := store.Open(ctx, key); zabano.ErrorCode(err) != zabano.ENOTFOUND {
			t.Errorf("Open(%q): %v, want not found", key, err)
		}
	}
	key, err := media.Save(ctx, store, media.Photo, "a.png", bytes.NewReader(file(pngHead, 10)))
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Delete(ctx, key); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Open(ctx, key); zabano.ErrorCode(err) != zabano.ENOTFOUND {
		t.Fatalf("after delete: %v", err)
	}
	if err := store.Delete(ctx, key); err != nil {
		t.Fatalf("second delete: %v", err)
	}
	if got := media.ContentType("photos/0123456789abcdef0123456789abcdef.png"); got != "image/png" {
		t.Fatalf("content type %q", got)
	}
}
