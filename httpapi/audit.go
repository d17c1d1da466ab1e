package httpapi

import (
	"net/http"
	"time"

	"github.com/zabano/zabano"
)

// auditJSON is what the audits found; the overview shows it too.
type auditJSON struct {
	OK        bool               `json:"ok"`
	CheckedAt time.Time          `json:"checked_at"`
	Findings  []auditFindingJSON `json:"findings"`
}

type auditFindingJSON struct {
	Check   string `json:"check"`
	Message string `json:"message"`
}

func auditOf(r *zabano.AuditReport) auditJSON {
	out := auditJSON{OK: r.OK(), CheckedAt: r.CheckedAt, Findings: make([]auditFindingJSON, len(r.Findings))}
	for i, f := range r.Findings {
		out.Findings[i] = auditFindingJSON{Check: f.Check, Message: f.Message}
	}
	return out
}

// audit is GET /api/admin/audit/: the ledger, booking, withdrawal and
// payment audits, run now.
func (s *Server) audit(w http.ResponseWriter, r *http.Request, _ *zabano.User) {
	report, err := s.Auditor.Audit(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, auditOf(report))
}
