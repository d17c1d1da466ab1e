package sqlstore_test

import (
	"strings"
	"testing"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// TestOperators: operators are created once per username and phone, listed,
// disabled; the log pages newest first and the database refuses to change or
// delete its rows.
func TestOperators(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		u, err := zabano.NewOperator("ops", "0912 100 0109", "operator-secret")
		if err != nil {
			t.Fatal(err)
		}
		if err := db.CreateOperator(ctx, u); err != nil || u.ID == 0 || u.Role != zabano.RoleAdmin || u.Phone != "09121000109" {
			t.Fatalf("create: %v %+v", err, u)
		}
		again, _ := zabano.NewOperator("OPS", "09121000109", "operator-secret")
		err = db.CreateOperator(ctx, again)
		if e, ok := err.(*zabano.Error); !ok || len(e.Fields["username"]) != 1 || len(e.Fields["phone"]) != 1 {
			t.Fatalf("taken username and phone: %v", err)
		}
		if _, err := zabano.NewOperator("ops2", "09121000110", "short-pw"); zabano.ErrorCode(err) != zabano.EINVALID {
			t.Errorf("an 8-character operator password: %v, want EINVALID", err)
		}

		if _, err := db.DisableOperator(ctx, "nobody", "x"); zabano.ErrorCode(err) != zabano.ENOTFOUND {
			t.Errorf("disable nobody: %v", err)
		}
		d, err := db.DisableOperator(ctx, "OPS", "left the team")
		if err != nil || d.SuspendedAt.IsZero() || d.SuspendedReason != "left the team" || d.TokenVersion != u.TokenVersion+1 {
			t.Fatalf("disable: %v %+v", err, d)
		}
		list, err := db.ListOperators(ctx)
		if err != nil || len(list) != 1 || list[0].Username != "ops" || list[0].SuspendedAt.IsZero() {
			t.Fatalf("list: %v %+v", err, list)
		}

		for i := range 3 {
			if err := db.LogAction(ctx, u.ID, zabano.ActionSuspend, zabano.ObjectUser, int64(i+1), "  reason "+string(rune('a'+i))+" "); err != nil {
				t.Fatal(err)
			}
		}
		rows, err := db.OperatorLog(ctx, 0, 2)
		if err != nil || len(rows) != 2 || rows[0].ObjectID != 3 || rows[0].Reason != "reason c" || rows[0].AdminUsername != "ops" {
			t.Fatalf("log: %v %+v", err, rows)
		}
		older, err := db.OperatorLog(ctx, rows[1].ID, 10)
		if err != nil || len(older) != 1 || older[0].ObjectID != 1 {
			t.Fatalf("log before %d: %v %+v", rows[1].ID, err, older)
		}
		for _, q := range []string{`UPDATE operator_log SET reason = 'edited'`, `DELETE FROM operator_log`} {
			if err := db.Exec(ctx, q); err == nil || !strings.Contains(err.Error(), "append-only") {
				t.Errorf("%s: %v, want the append-only refusal", q, err)
			}
		}
	})
}
