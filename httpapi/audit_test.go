package httpapi_test

import (
	"database/sql"
	"testing"
	"time"

	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// expect makes a call and fails t unless it answers status.
func (a *app) expect(t *testing.T, status int, rq req) resp {
	t.Helper()
	r := a.do(rq)
	if r.status != status {
		t.Fatalf("%s %s: %d %s, want %d", rq.method, rq.path, r.status, r.body, status)
	}
	return r
}

// TestAuditAPI: the operator runs the audits: clean on an honest
// marketplace, and a finding once a record is broken behind the stores' back.
func TestAuditAPI(t *testing.T) {
	for _, dialect := range storetest.Dialects() {
		t.Run(dialect, func(t *testing.T) {
			dsn := storetest.DSN(t, dialect)
			db, err := sqlstore.Open(t.Context(), dsn)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			a := newApp(t, db)
			s := newSchool(t, a)
			ops := a.operator("ops", "09121000109")
			s.endedClass(t, s.sara, time.Hour)
			var report struct {
				OK        bool      `json:"ok"`
				CheckedAt time.Time `json:"checked_at"`
				Findings  []struct{ Check, Message string }
			}
			a.expect(t, 200, req{method: "GET", path: "/api/admin/audit/", token: ops}).decode(t, &report)
			if !report.OK || len(report.Findings) != 0 || !report.CheckedAt.Equal(a.clock.Now()) {
				t.Fatalf("honest marketplace: %+v", report)
			}

			raw, err := sql.Open(map[string]string{"sqlite": "sqlite", "postgres": "pgx"}[dialect], dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer raw.Close()
			if _, err := raw.Exec(`INSERT INTO ledger_transactions (type, description, created_at) VALUES ('other', '', 0)`); err != nil {
				t.Fatal(err)
			}
			a.expect(t, 200, req{method: "GET", path: "/api/admin/audit/", token: ops}).decode(t, &report)
			if report.OK || len(report.Findings) != 1 || report.Findings[0].Check != "ledger" {
				t.Fatalf("a transaction without entries: %+v", report)
			}
		})
	}
}
