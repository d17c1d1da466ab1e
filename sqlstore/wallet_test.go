package sqlstore_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

const iban = "IR062960000000100324200001"

func TestWithdrawals(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		clock := storetest.NewClock(time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC))
		db.Now = clock.Now
		teacher := mkUser(t, db, "omid", zabano.RoleTeacher)
		credit(t, db, teacher.ID, 100_000)

		over := &zabano.Withdrawal{UserID: teacher.ID, Amount: 100_001, IBAN: iban}
		if err := db.RequestWithdrawal(ctx, over); zabano.ErrorCode(err) != zabano.ECONFLICT {
			t.Fatalf("more than the balance: %v", err)
		}
		if list, _ := db.Withdrawals(ctx, zabano.WithdrawalFilter{}); len(list) != 0 || balance(t, db, teacher.ID) != 100_000 {
			t.Fatalf("a refused withdrawal left %d withdrawals, balance %d", len(list), balance(t, db, teacher.ID))
		}

		paid := &zabano.Withdrawal{UserID: teacher.ID, Amount: 60_000, IBAN: iban}
		if err := db.RequestWithdrawal(ctx, paid); err != nil {
			t.Fatal(err)
		}
		if paid.ID == 0 || paid.Status != zabano.WithdrawalPending || !paid.CreatedAt.Equal(clock.Now()) {
			t.Fatalf("requested: %+v", paid)
		}
		sum := summary(t, db, teacher.ID)
		if sum.Balance != 40_000 || sum.PendingWithdrawals != 60_000 {
			t.Fatalf("after the request: %+v", sum)
		}
		clock.Add(time.Hour)
		got, err := db.PayWithdrawal(ctx, paid.ID)
		if err != nil || got.Status != zabano.WithdrawalPaid || !got.SettledAt.Equal(clock.Now()) || got.Username != "omid" {
			t.Fatalf("pay: %+v, %v", got, err)
		}
		if sum := summary(t, db, teacher.ID); sum.Balance != 40_000 || sum.PendingWithdrawals != 0 {
			t.Fatalf("after paying: %+v", sum)
		}

		rejected := &zabano.Withdrawal{UserID: teacher.ID, Amount: 30_000, IBAN: iban}
		if err := db.RequestWithdrawal(ctx, rejected); err != nil {
			t.Fatal(err)
		}
		if got, err := db.RejectWithdrawal(ctx, rejected.ID); err != nil || got.Status != zabano.WithdrawalRejected {
			t.Fatalf("reject: %+v, %v", got, err)
		}
		if sum := summary(t, db, teacher.ID); sum.Balance != 40_000 || sum.PendingWithdrawals != 0 {
			t.Fatalf("after rejecting: %+v", sum)
		}

		for _, tc := range []struct {
			name string
			do   func(context.Context, int64) (*zabano.Withdrawal, error)
			id   int64
			code string
			want string
		}{
			{"pay twice", db.PayWithdrawal, paid.ID, zabano.ECONFLICT, "is already paid"},
			{"reject a paid one", db.RejectWithdrawal, paid.ID, zabano.ECONFLICT, "is already paid"},
			{"pay a rejected one", db.PayWithdrawal, rejected.ID, zabano.ECONFLICT, "is already rejected"},
			{"unknown", db.PayWithdrawal, 999, zabano.ENOTFOUND, "Withdrawal not found."},
		} {
			t.Run(tc.name, func(t *testing.T) {
				_, err := tc.do(ctx, tc.id)
				e, ok := err.(*zabano.Error)
				if !ok || e.Code != tc.code || !strings.Contains(e.Message.En, tc.want) {
					t.Fatalf("got %v, want %s %q", err, tc.code, tc.want)
				}
			})
		}

		list, err := db.WalletTransactions(ctx, teacher.ID)
		if err != nil {
			t.Fatal(err)
		}
		want := []struct {
			amount int64
			status string
		}{{30_000, "rejected"}, {-30_000, "rejected"}, {-60_000, "paid"}, {100_000, "completed"}}
		if len(list) != len(want) {
			t.Fatalf("transactions: %+v", list)
		}
		for i, w := range want {
			if list[i].Amount != w.amount || list[i].Status != w.status || i < 3 && (list[i].Type != zabano.TxWithdrawal || list[i].Description != iban) {
				t.Errorf("transaction %d: %+v, want %d %s", i, list[i], w.amount, w.status)
			}
		}

		other := mkUser(t, db, "neda", zabano.RoleTeacher)
		credit(t, db, other.ID, 10_000)
		if err := db.RequestWithdrawal(ctx, &zabano.Withdrawal{UserID: other.ID, Amount: 10_000, IBAN: iban}); err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			f    zabano.WithdrawalFilter
			want int
		}{
			{zabano.WithdrawalFilter{}, 3},
			{zabano.WithdrawalFilter{UserID: teacher.ID}, 2},
			{zabano.WithdrawalFilter{Status: zabano.WithdrawalPending}, 1},
			{zabano.WithdrawalFilter{UserID: teacher.ID, Status: zabano.WithdrawalPending}, 0},
		} {
			if list, err := db.Withdrawals(ctx, tc.f); err != nil || len(list) != tc.want {
				t.Errorf("withdrawals %+v: %d, %v; want %d", tc.f, len(list), err, tc.want)
			}
		}
		if list, _ := db.Withdrawals(ctx, zabano.WithdrawalFilter{}); list[0].UserID != other.ID {
			t.Errorf("not newest first: %+v", list)
		}
		audit(t, db)
	})
}

func summary(t *testing.T, db *sqlstore.DB, id int64) *zabano.WalletSummary {
	t.Helper()
	s, err := db.WalletSummary(ctx, id, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestConcurrentWithdrawals: of 20 withdrawals of a tenth of the balance
// asked at once, exactly 10 go through.
func TestConcurrentWithdrawals(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		teacher := mkUser(t, db, "omid", zabano.RoleTeacher)
		credit(t, db, teacher.ID, 100_000)
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok := 0
		for range 20 {
			wg.Go(func() {
				err := db.RequestWithdrawal(ctx, &zabano.Withdrawal{UserID: teacher.ID, Amount: 10_000, IBAN: iban})
				mu.Lock()
				defer mu.Unlock()
				if err == nil {
					ok++
				} else if zabano.ErrorCode(err) != zabano.ECONFLICT {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if sum := summary(t, db, teacher.ID); ok != 10 || sum.Balance != 0 || sum.PendingWithdrawals != 100_000 {
			t.Fatalf("%d withdrawals went through, %+v; want 10, all pending", ok, sum)
		}
		audit(t, db)
	})
}

func TestWalletSummary(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		clock := storetest.NewClock(time.Date(2026, 10, 1, 10, 0, 0, 0, time.UTC))
		db.Now = clock.Now
		student := mkUser(t, db, "sara", zabano.RoleStudent)
		teacher := mkUser(t, db, "omid", zabano.RoleTeacher)
		credit(t, db, student.ID, 500_000)
		pay := func(amount int64) {
			t.Helper()
			for _, tx := range []*zabano.LedgerTransaction{
				zabano.Transfer(zabano.TxClassPayment, zabano.WalletOf(student.ID), zabano.EscrowOf(student.ID), amount, "booking"),
				zabano.Transfer(zabano.TxClassPayment, zabano.EscrowOf(student.ID), zabano.WalletOf(teacher.ID), amount, "class done"),
			} {
				if err := db.PostTransaction(ctx, tx); err != nil {
					t.Fatal(err)
				}
			}
		}
		pay(100_000) // last month
		clock.Add(30 * 24 * time.Hour)
		monthStart := clock.Now()
		pay(80_000)
		clock.Add(time.Minute)
		if err := db.PostTransaction(ctx, zabano.Transfer(zabano.TxBonus, zabano.GatewayAccount, zabano.WalletOf(teacher.ID), 5_000, "welcome")); err != nil {
			t.Fatal(err)
		}
		if err := db.RequestWithdrawal(ctx, &zabano.Withdrawal{UserID: teacher.ID, Amount: 50_000, IBAN: iban}); err != nil {
			t.Fatal(err)
		}
		got, err := db.WalletSummary(ctx, teacher.ID, monthStart)
		if err != nil {
			t.Fatal(err)
		}
		want := zabano.WalletSummary{Balance: 135_000, TotalClasses: 2, ThisMonthEarnings: 85_000, PendingWithdrawals: 50_000, TotalEarnings: 185_000}
		if *got != want {
			t.Fatalf("got %+v, want %+v", *got, want)
		}
		if got, _ := db.WalletSummary(ctx, 999, monthStart); *got != (zabano.WalletSummary{}) {
			t.Fatalf("a user without a wallet: %+v", got)
		}
		list, _ := db.WalletTransactions(ctx, student.ID)
		if len(list) != 3 || list[0].Amount != -80_000 || list[2].Amount != 500_000 || list[0].Type != zabano.TxClassPayment {
			t.Fatalf("student's transactions, newest first: %+v", list)
		}
	})
}
