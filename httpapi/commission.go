package httpapi

import (
	"net/http"

	"github.com/zabano/zabano"
)

type commissionJSON struct {
	Percent int `json:"percent"`
}

// commission is GET /api/admin/commission/: the platform's share of the
// classes booked now, in percent.
func (s *Server) commission(w http.ResponseWriter, r *http.Request, _ *zabano.User) {
	percent, err := s.Settings.Commission(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, commissionJSON{percent})
}

// setCommission is PUT /api/admin/commission/ (percent): the commission of
// the classes booked from now on; those booked before keep theirs.
func (s *Server) setCommission(w http.ResponseWriter, r *http.Request, op *zabano.User) {
	var req struct {
		Percent *float64 `json:"percent"`
	}
	err := decode(r, &req)
	var percent int
	if err == nil {
		percent, err = s.Settings.SetCommission(r.Context(), op, req.Percent)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, commissionJSON{percent})
}
