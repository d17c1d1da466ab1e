package httpapi

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/media"
)

// fileLinkTTL is how long a material's download link works. Links are signed
// for one user, so they can be plain <a href> downloads, without a token.
const fileLinkTTL = time.Hour

type materialJSON struct {
	ID           int64               `json:"id"`
	Title        string              `json:"title"`
	Description  string              `json:"description"`
	MaterialType zabano.MaterialType `json:"material_type"`
	LinkURL      string              `json:"link_url"`
	// File is a signed download address for this user, null for links.
	File      *string    `json:"file"`
	FileName  string     `json:"file_name"`
	CreatedAt time.Time  `json:"created_at"`
	Teacher   personJSON `json:"teacher"`
}

func (s *Server) materialOf(m *zabano.Material, u *zabano.User) materialJSON {
	out := materialJSON{
		ID: m.ID, Title: m.Title, Description: m.Description, MaterialType: m.Type, LinkURL: m.LinkURL,
		FileName: m.FileName, CreatedAt: m.CreatedAt,
		Teacher: personJSON{m.TeacherID, m.Teacher.Username, m.Teacher.DisplayName(), nil},
	}
	if m.File != "" {
		exp := s.Now().Add(fileLinkTTL).Unix()
		link := fmt.Sprintf("%s/api/materials/%d/file/?%s", s.PublicURL, m.ID, s.signLink("material", m.ID, u.ID, exp))
		out.File = &link
	}
	return out
}

// fileSig signs a download of the file of object id of kind ("material",
// "attachment") by user until exp.
func (s *Server) fileSig(kind string, id, user, exp int64) string {
	h := hmac.New(sha256.New, s.FileKey)
	fmt.Fprintf(h, "%s:%d:%d:%d", kind, id, user, exp)
	return hex.EncodeToString(h.Sum(nil))
}

// signLink is the query of a download link of the file of object id of kind
// for user until exp.
func (s *Server) signLink(kind string, id, user, exp int64) string {
	return fmt.Sprintf("u=%d&exp=%d&sig=%s", user, exp, s.fileSig(kind, id, user, exp))
}

// linkUser checks the signed download link r of the file of object id of
// kind, and returns the user it was signed for; a link that is not valid
// (now) is refused with expired.
func (s *Server) linkUser(r *http.Request, kind string, id int64, expired zabano.Msg) (int64, error) {
	q := r.URL.Query()
	userID, _ := strconv.ParseInt(q.Get("u"), 10, 64)
	exp, _ := strconv.ParseInt(q.Get("exp"), 10, 64)
	if !hmac.Equal([]byte(q.Get("sig")), []byte(s.fileSig(kind, id, userID, exp))) || s.Now().Unix() > exp {
		return 0, zabano.Errorf(zabano.EFORBIDDEN, expired)
	}
	return userID, nil
}

// materials is GET /api/materials/: a teacher's own, or those of a student's teachers.
func (s *Server) materials(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	list, err := s.Materials.MaterialsFor(r.Context(), u)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]materialJSON, len(list))
	for i, m := range list {
		out[i] = s.materialOf(m, u)
	}
	encode(w, http.StatusOK, out)
}

// createMaterial is POST /api/materials/: JSON for a class_link, multipart
// with a file for a note or an assignment.
func (s *Server) createMaterial(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	up, err := s.readUpload(r, u, map[string]fileField{"file": {kind: media.Material}})
	if err != nil {
		writeError(w, r, err)
		return
	}
	m := &zabano.Material{
		TeacherID: u.ID, Title: up.fields["title"], Description: up.fields["description"],
		Type: zabano.MaterialType(up.fields["material_type"]), LinkURL: up.fields["link_url"],
	}
	if f := up.files["file"]; len(f) > 0 {
		m.File, m.FileName = f[0].key, f[0].name
	}
	err = m.Validate()
	if err == nil {
		err = s.Materials.CreateMaterial(r.Context(), m)
	}
	if err != nil {
		s.discard(r.Context(), up)
		writeError(w, r, err)
		return
	}
	m.Teacher = *u
	encode(w, http.StatusCreated, s.materialOf(m, u))
}

// updateMaterial is PUT /api/materials/{id}/: title, description and link of one's own.
func (s *Server) updateMaterial(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	id, err := pathID(r)
	var m *zabano.Material
	if err == nil {
		m, err = s.Materials.FindMaterialFor(r.Context(), u, id)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	var req struct {
		Title       *string `json:"title"`
		Description *string `json:"description"`
		LinkURL     *string `json:"link_url"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	for _, f := range []struct{ src, dst *string }{{req.Title, &m.Title}, {req.Description, &m.Description}, {req.LinkURL, &m.LinkURL}} {
		if f.src != nil {
			*f.dst = *f.src
		}
	}
	err = m.Validate()
	if err == nil {
		err = s.Materials.UpdateMaterial(r.Context(), u.ID, m)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, s.materialOf(m, u))
}

// deleteMaterial is DELETE /api/materials/{id}/: one's own, with its file.
func (s *Server) deleteMaterial(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	id, err := pathID(r)
	var file string
	if err == nil {
		file, err = s.Materials.DeleteMaterial(r.Context(), u.ID, id)
	}
	if err == nil && file != "" {
		err = s.removeMedia(r.Context(), file)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

var msgLinkExpired = zabano.Msg{En: "This download link has expired. Open the materials again.", Fa: "این لینک دانلود منقضی شده است. دوباره به صفحهٔ محتوا بروید."}

// materialFile is GET /api/materials/{id}/file/?u=&exp=&sig=: a material's
// file for the user the link was signed for, while they may still see it.
func (s *Server) materialFile(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r)
	var userID int64
	if err == nil {
		userID, err = s.linkUser(r, "material", id, msgLinkExpired)
	}
	var u *zabano.User
	if err == nil {
		u, err = s.Accounts.Users.FindUserByID(r.Context(), userID)
	}
	var m *zabano.Material
	if err == nil {
		m, err = s.Materials.FindMaterialFor(r.Context(), u, id)
	}
	if err == nil && m.File == "" {
		err = zabano.Errorf(zabano.ENOTFOUND, zabano.MsgMaterialNotFound)
	}
	var f media.File
	if err == nil {
		f, err = s.Media.Open(r.Context(), m.File)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	defer f.Close()
	w.Header().Set("Content-Type", media.ContentType(m.File))
	w.Header().Set("Content-Disposition", attachment(m.FileName))
	w.Header().Set("Cache-Control", "private, no-store")
	http.ServeContent(w, r, "", time.Time{}, f)
}
