package sqlstore_test

import (
	"errors"
	"sync"
	"testing"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// TestAdjust: a credit comes from the platform's account, which may go below
// zero, as a bonus; a debit goes to it, never taking the wallet below zero.
// Students and teachers only. Each writes its row in the operator log.
func TestAdjust(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		s := mkUser(t, db, "sara", zabano.RoleStudent)
		ops := mkOperator(t, db, "ops")
		wallets := &zabano.Wallets{Store: db, Adjustments: db}
		a, err := wallets.Adjust(ctx, ops, s.ID, 5_000, " welcome bonus ")
		if err != nil || a.Balance != 5_000 || a.TransactionID == 0 || a.User.Username != "sara" || a.Reason != "welcome bonus" {
			t.Fatalf("credit: %+v, %v", a, err)
		}
		if b, _ := db.AccountBalance(ctx, zabano.PlatformAccount); b != -5_000 {
			t.Fatalf("the platform: %d", b)
		}
		_, err = wallets.Adjust(ctx, ops, s.ID, -5_001, "correction")
		if e, ok := err.(*zabano.Error); !ok || e.Code != zabano.ECONFLICT ||
			e.Message.En != "The wallet of sara holds 5,000 Toman: a debit of 5,001 Toman would take it below zero." {
			t.Fatalf("a debit beyond the balance: %v", err)
		}
		if a, err := wallets.Adjust(ctx, ops, s.ID, -2_000, "correction"); err != nil || a.Balance != 3_000 {
			t.Fatalf("debit: %+v, %v", a, err)
		}
		list, _ := db.WalletTransactions(ctx, s.ID)
		if len(list) != 2 || list[0].Type != zabano.TxOther || list[0].Amount != -2_000 || list[0].Description != "correction" ||
			list[1].Type != zabano.TxBonus || list[1].Description != "welcome bonus" {
			t.Fatalf("the wallet's transactions: %+v", list)
		}
		for _, tc := range []struct {
			name   string
			user   int64
			amount int64
			reason string
			code   string
		}{
			{"an operator", ops.ID, 1_000, "x", zabano.EINVALID},
			{"nobody", 999_999, 1_000, "x", zabano.ENOTFOUND},
			{"no user", 0, 1_000, "x", zabano.EINVALID},
			{"zero", s.ID, 0, "x", zabano.EINVALID},
			{"too much", s.ID, zabano.MaxAmount + 1, "x", zabano.EINVALID},
			{"no reason", s.ID, 1_000, " ", zabano.EINVALID},
		} {
			if _, err := wallets.Adjust(ctx, ops, tc.user, tc.amount, tc.reason); zabano.ErrorCode(err) != tc.code {
				t.Errorf("%s: %v, want %s", tc.name, err, tc.code)
			}
		}
		if log, err := db.OperatorLog(ctx, 0, 10); err != nil || len(log) != 2 || log[0].Action != zabano.ActionAdjustment ||
			log[0].ObjectType != zabano.ObjectUser || log[0].ObjectID != s.ID || log[0].Reason != "correction" {
			t.Fatalf("operator log: %+v, %v", log, err)
		}
		auditAll(t, db)
	})
}

// TestConcurrentDebits: of debits at once that together exceed the wallet,
// those that fit go through and the others are refused: never below zero.
func TestConcurrentDebits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		teacher := mkUser(t, db, "omid", zabano.RoleTeacher)
		credit(t, db, teacher.ID, 10_000)
		ops := mkOperator(t, db, "ops")
		wallets := &zabano.Wallets{Store: db, Adjustments: db}
		var wg sync.WaitGroup
		errs := make([]error, 8)
		for i := range errs {
			wg.Go(func() { _, errs[i] = wallets.Adjust(ctx, ops, teacher.ID, -3_000, "correction") })
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			if err == nil {
				ok++
			} else if zabano.ErrorCode(err) != zabano.ECONFLICT {
				t.Error(err)
			}
		}
		if b := balance(t, db, teacher.ID); ok != 3 || b != 1_000 {
			t.Fatalf("%d debits of 3,000 from 10,000 went through, balance %d; want 3, 1,000 (%v)", ok, b, errors.Join(errs...))
		}
		auditAll(t, db)
	})
}
