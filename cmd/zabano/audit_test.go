package main

import (
	"bytes"
	"context"
	"database/sql"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// TestAuditCommand: 'zabano audit' prints no finding and succeeds on honest
// records; a transaction without entries is a finding, and a failure a cron
// job sees.
func TestAuditCommand(t *testing.T) {
	for _, dialect := range storetest.Dialects() {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			dir := t.TempDir()
			env := map[string]string{"ZABANO_DATA_DIR": dir}
			driver, dsn := "sqlite", filepath.Join(dir, "zabano.db")
			if dialect == "postgres" {
				driver, dsn = "pgx", storetest.DSN(t, dialect)
				env["DATABASE_URL"] = dsn
			}
			db, err := sqlstore.Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if err := db.PostTransaction(ctx, zabano.Transfer(zabano.TxTopUp, zabano.GatewayAccount, zabano.PlatformAccount, 1_000, "")); err != nil {
				t.Fatal(err)
			}
			auditCmd := func() (string, error) {
				var out bytes.Buffer
				err := run(ctx, []string{"audit"}, func(k string) string { return env[k] }, nil, &out, io.Discard)
				return out.String(), err
			}
			if out, err := auditCmd(); err != nil || !strings.HasPrefix(out, "audit: no findings") {
				t.Fatalf("honest records: %v %q", err, out)
			}

			raw, err := sql.Open(driver, dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer raw.Close()
			if _, err := raw.Exec(`INSERT INTO ledger_transactions (type, description, created_at) VALUES ('other', '', 0)`); err != nil {
				t.Fatal(err)
			}
			out, err := auditCmd()
			if err == nil || err.Error() != "audit: 1 findings" || !strings.HasPrefix(out, "ledger: transaction ") || strings.Count(out, "\n") != 1 {
				t.Fatalf("a transaction without entries: %v %q", err, out)
			}
		})
	}
}
