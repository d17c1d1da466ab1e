package httpapi

import "net/http"

// healthz answers while the process runs.
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	encode(w, http.StatusOK, map[string]string{"status": "ok"})
}

// readyz answers 200 only while the database answers too.
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	if err := s.Ping(r.Context()); err != nil {
		s.Logger.ErrorContext(r.Context(), "not ready", "err", err)
		encode(w, http.StatusServiceUnavailable, map[string]string{"status": "database unavailable"})
		return
	}
	encode(w, http.StatusOK, map[string]string{"status": "ok"})
}
