package sqlstore_test

import (
	"strings"
	"testing"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// TestAudit: the audit is clean on honest records, and names the audit of
// each way they are broken, at the database's clock.
func TestAudit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		m := newMarket(t, db)
		s := m.student("sara", 3*classPrice)
		if _, err := m.book(s, m.slot(24*time.Hour)); err != nil {
			t.Fatal(err)
		}
		teacher := mkUser(t, db, "omid", zabano.RoleTeacher)
		credit(t, db, teacher.ID, 50_000)
		if err := db.RequestWithdrawal(ctx, &zabano.Withdrawal{UserID: teacher.ID, Amount: 20_000, IBAN: iban}); err != nil {
			t.Fatal(err)
		}
		pay := &zabano.Payment{UserID: s.ID, Amount: 5_000, Description: "top-up", Authority: "A1"}
		if err := db.CreatePayment(ctx, pay); err != nil {
			t.Fatal(err)
		}
		report, err := db.Audit(ctx)
		if err != nil || !report.OK() || len(report.Findings) != 0 || !report.CheckedAt.Equal(m.clock.Now()) {
			t.Fatalf("honest records: %+v, %v", report, err)
		}

		free := m.slot(48 * time.Hour)
		for _, tamper := range []struct {
			q    string
			args []any
		}{
			{`INSERT INTO ledger_transactions (type, description, created_at) VALUES ('other', 'no entries', 0)`, nil},
			{`UPDATE slots SET booked = TRUE WHERE id = ?`, []any{free.ID}},
			{`UPDATE payments SET status = 'paid' WHERE id = ?`, []any{pay.ID}},
		} {
			if err := db.Exec(ctx, tamper.q, tamper.args...); err != nil {
				t.Fatal(err)
			}
		}
		// Money on its way to the bank that no withdrawal asked for.
		if err := db.PostTransaction(ctx, zabano.Transfer(zabano.TxWithdrawal, zabano.WalletOf(teacher.ID), zabano.WithdrawalsOf(teacher.ID), 1_000, iban)); err != nil {
			t.Fatal(err)
		}
		report, err = db.Audit(ctx)
		if err != nil || report.OK() {
			t.Fatalf("broken records: %+v, %v", report, err)
		}
		want := []zabano.AuditFinding{
			{Check: zabano.AuditLedger, Message: "0 entries summing to 0"},
			{Check: zabano.AuditBookings, Message: "booked is 1, with 0 live bookings"},
			{Check: zabano.AuditWithdrawals, Message: "the pending-withdrawals account holds 21000, their pending withdrawals sum to 20000"},
			{Check: zabano.AuditPayments, Message: "of 5000 Toman, paid 1: its wallet was credited 0"},
		}
		if len(report.Findings) != len(want) {
			t.Fatalf("findings %+v, want %d", report.Findings, len(want))
		}
		for i, w := range want {
			if f := report.Findings[i]; f.Check != w.Check || !strings.Contains(f.Message, w.Message) {
				t.Errorf("finding %+v, want %s saying %q", f, w.Check, w.Message)
			}
		}
	})
}
