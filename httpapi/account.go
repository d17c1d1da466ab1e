package httpapi

import (
	"archive/zip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/zabano/zabano"
)

// nameOf is the name u is shown by to the people they deal with: their own,
// or "deleted user" in the language l once they deleted their account.
func nameOf(u *zabano.User, l string) string {
	if u.Deleted() {
		return zabano.MsgDeletedUser.In(l)
	}
	return u.DisplayName()
}

// exportTimeout bounds the download of an archive, which may carry a
// teacher's intro video and documents: longer than the server's write
// timeout, which suits every other answer.
const exportTimeout = 30 * time.Minute

// exportAccount is GET /api/account/export/: a ZIP of everything Zabano
// holds about the user, JSON files and their uploaded files, written as it
// is read. Until its first byte an error is an ordinary JSON answer; after
// it, the connection is cut, so that a broken archive never looks whole.
func (s *Server) exportAccount(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	if err := http.NewResponseController(w).SetWriteDeadline(time.Now().Add(exportTimeout)); err != nil {
		writeError(w, r, err)
		return
	}
	z := &zipExport{w: w, user: u, now: s.Now()}
	files, err := s.Accounts.Export(r.Context(), u, z)
	if err == nil {
		err = s.exportFiles(r.Context(), z, files)
	}
	if err == nil {
		err = z.close()
	}
	if err == nil {
		return
	}
	if !z.started() {
		writeError(w, r, err)
		return
	}
	s.Logger.ErrorContext(r.Context(), "export", "user", u.ID, "err", err, "id", requestID(r.Context()))
	panic(http.ErrAbortHandler)
}

// exportFiles adds the stored files at keys to z, under files/, stored as
// they are (photos, videos and PDFs are compressed already). A file the
// store no longer has is left out.
func (s *Server) exportFiles(ctx context.Context, z *zipExport, keys []string) error {
	if err := z.endFile(); err != nil {
		return err
	}
	for _, key := range keys {
		f, err := s.Media.Open(ctx, key)
		if zabano.ErrorCode(err) == zabano.ENOTFOUND {
			s.Logger.WarnContext(ctx, "export: a file is missing", "key", key)
			continue
		} else if err != nil {
			return err
		}
		w, err := z.zw.CreateHeader(&zip.FileHeader{Name: zabano.ExportFilesDir + key, Method: zip.Store, Modified: z.now})
		if err == nil {
			_, err = io.Copy(w, f)
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// zipExport is the zabano.ExportSink that writes an archive to the
// response: README.txt first, then each JSON file as its rows come, one row
// a line.
type zipExport struct {
	w    http.ResponseWriter
	user *zabano.User
	now  time.Time
	zw   *zip.Writer
	// file is the JSON file being written, nil between files; single tells
	// whether it is one object, and rows how many rows it has.
	file   io.Writer
	single bool
	rows   int
}

func (z *zipExport) started() bool { return z.zw != nil }

// start answers 200 with the archive's headers and writes its README.
func (z *zipExport) start() error {
	h := z.w.Header()
	h.Set("Content-Type", "application/zip")
	h.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="zabano-%s.zip"`, z.user.Username))
	h.Set("Cache-Control", "no-store")
	z.w.WriteHeader(http.StatusOK)
	z.zw = zip.NewWriter(z.w)
	w, err := z.zw.CreateHeader(&zip.FileHeader{Name: "README.txt", Method: zip.Deflate, Modified: z.now})
	if err == nil {
		_, err = io.WriteString(w, zabano.ExportReadme(z.user, z.now))
	}
	return err
}

// File implements zabano.ExportSink.
func (z *zipExport) File(f zabano.ExportFile) error {
	if !z.started() {
		if err := z.start(); err != nil {
			return err
		}
	}
	if err := z.endFile(); err != nil {
		return err
	}
	w, err := z.zw.CreateHeader(&zip.FileHeader{Name: f.Name, Method: zip.Deflate, Modified: z.now})
	if err != nil {
		return err
	}
	z.file, z.single, z.rows = w, f.Single, 0
	if !f.Single {
		_, err = io.WriteString(w, "[")
	}
	return err
}

var errExportSingle = errors.New("export: a second row for a file of one object")

// Row implements zabano.ExportSink.
func (z *zipExport) Row(r zabano.ExportRow) error {
	var b []byte
	var err error
	switch {
	case z.single && z.rows > 0:
		return errExportSingle
	case z.single:
		b, err = json.MarshalIndent(r, "", "  ")
	default:
		b, err = json.Marshal(r)
		sep := ",\n"
		if z.rows == 0 {
			sep = "\n"
		}
		b = append([]byte(sep), b...)
	}
	if err != nil {
		return err
	}
	z.rows++
	_, err = z.file.Write(b)
	return err
}

// endFile closes the JSON file being written, if any.
func (z *zipExport) endFile() error {
	if z.file == nil {
		return nil
	}
	end := "\n]\n"
	switch {
	case z.single && z.rows == 0:
		end = "null\n"
	case z.single:
		end = "\n"
	case z.rows == 0:
		end = "]\n"
	}
	_, err := io.WriteString(z.file, end)
	z.file = nil
	return err
}

// close ends the archive with its directory.
func (z *zipExport) close() error {
	if err := z.endFile(); err != nil {
		return err
	}
	return z.zw.Close()
}

// deleteAccount is POST /api/account/delete/ (password): the user deletes
// their account. Their stored files go once it is deleted; one that fails
// to go is logged for operators, as the account is gone either way.
func (s *Server) deleteAccount(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	var req struct {
		Password string `json:"password"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	files, err := s.Accounts.DeleteAccount(r.Context(), u, req.Password)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.removeMedia(context.WithoutCancel(r.Context()), files...); err != nil {
		s.Logger.ErrorContext(r.Context(), "delete account: files left", "user", u.ID, "files", files, "err", err)
	}
	w.WriteHeader(http.StatusNoContent)
}
