package media

import (
	"archive/zip"
	"bytes"
	"testing"
)

// FuzzZipHolds feeds any bytes to zipHolds, which reads offsets from them:
// it must never read outside the file, and must find the parts of a real
// archive.
func FuzzZipHolds(f *testing.F) {
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, name := range []string{"[Content_Types].xml", "word/document.xml"} {
		w.Create(name)
	}
	w.SetComment("a comment")
	w.Close()
	docx := buf.Bytes()
	if !zipHolds(docx, "[Content_Types].xml", "word/document.xml") {
		f.Fatal("a real archive does not hold its parts")
	}
	f.Add(docx)
	f.Add(docx[len(docx)-40:])
	f.Add([]byte("PK\x05\x06"))
	f.Fuzz(func(t *testing.T, file []byte) {
		zipHolds(file, "[Content_Types].xml", "word/document.xml")
	})
}
