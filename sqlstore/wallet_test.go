package sqlstore_test

import (
	"errors"
	"fmt"
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
		ops := mkOperator(t, db, "ops")
		got, err := db.PayWithdrawal(ctx, paid.ID, ops.ID, "BANK-77")
		if err != nil || got.Status != zabano.WithdrawalPaid || !got.SettledAt.Equal(clock.Now()) || got.User.Username != "omid" ||
			got.User.Role != zabano.RoleTeacher || got.Kind != zabano.KindWithdrawal || got.Reference != "BANK-77" || got.SettledBy != ops.ID {
			t.Fatalf("pay: %+v, %v", got, err)
		}
		if sum := summary(t, db, teacher.ID); sum.Balance != 40_000 || sum.PendingWithdrawals != 0 {
			t.Fatalf("after paying: %+v", sum)
		}

		rejected := &zabano.Withdrawal{UserID: teacher.ID, Amount: 30_000, IBAN: iban}
		if err := db.RequestWithdrawal(ctx, rejected); err != nil {
			t.Fatal(err)
		}
		// As the command line does: no operator.
		if got, err := db.RejectWithdrawal(ctx, rejected.ID, 0, "wrong account"); err != nil || got.Status != zabano.WithdrawalRejected ||
			got.Reason != "wrong account" || got.SettledBy != 0 {
			t.Fatalf("reject: %+v, %v", got, err)
		}
		// The operator's payment is in the log with the reference they typed;
		// the command line's rejection is not.
		if log, err := db.OperatorLog(ctx, 0, 10); err != nil || len(log) != 1 || log[0].Action != zabano.ActionPayWithdrawal ||
			log[0].ObjectType != zabano.ObjectWithdrawal || log[0].ObjectID != paid.ID || log[0].Reason != "BANK-77" || log[0].AdminID != ops.ID {
			t.Fatalf("operator log: %+v, %v", log, err)
		}
		if sum := summary(t, db, teacher.ID); sum.Balance != 40_000 || sum.PendingWithdrawals != 0 {
			t.Fatalf("after rejecting: %+v", sum)
		}

		pay := func(id int64) (*zabano.Withdrawal, error) { return db.PayWithdrawal(ctx, id, ops.ID, "BANK-78") }
		reject := func(id int64) (*zabano.Withdrawal, error) { return db.RejectWithdrawal(ctx, id, ops.ID, "no") }
		for _, tc := range []struct {
			name string
			do   func(int64) (*zabano.Withdrawal, error)
			id   int64
			code string
			want string
		}{
			{"pay twice", pay, paid.ID, zabano.ECONFLICT, "is already paid"},
			{"reject a paid one", reject, paid.ID, zabano.ECONFLICT, "is already paid"},
			{"pay a rejected one", pay, rejected.ID, zabano.ECONFLICT, "is already rejected"},
			{"unknown", pay, 999, zabano.ENOTFOUND, "Withdrawal not found."},
		} {
			t.Run(tc.name, func(t *testing.T) {
				_, err := tc.do(tc.id)
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

// mkOperator creates an operator named name.
func mkOperator(t *testing.T, db *sqlstore.DB, name string) *zabano.User {
	t.Helper()
	u, err := zabano.NewOperator(name, fmt.Sprintf("0936%07d", phoneSeq.Add(1)), "operator-secret")
	if err != nil {
		t.Fatal(err)
	}
	if err := db.CreateOperator(ctx, u); err != nil {
		t.Fatal(err)
	}
	return u
}

// TestConcurrentSettling: of two operators paying one withdrawal at once,
// and two others paying and rejecting another, one wins each: the money
// moves once, one log row, and the loser is told it is settled.
func TestConcurrentSettling(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		teacher := mkUser(t, db, "omid", zabano.RoleTeacher)
		credit(t, db, teacher.ID, 100_000)
		ops := []*zabano.User{mkOperator(t, db, "ops1"), mkOperator(t, db, "ops2")}
		for round := range 10 {
			w := &zabano.Withdrawal{UserID: teacher.ID, Amount: 10_000, IBAN: iban}
			if err := db.RequestWithdrawal(ctx, w); err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			errs := make([]error, 2)
			for i, op := range ops {
				wg.Go(func() {
					if round%2 == 1 && i == 1 {
						_, errs[i] = db.RejectWithdrawal(ctx, w.ID, op.ID, "duplicate")
					} else {
						_, errs[i] = db.PayWithdrawal(ctx, w.ID, op.ID, fmt.Sprintf("REF-%d", i))
					}
				})
			}
			wg.Wait()
			if (errs[0] == nil) == (errs[1] == nil) || zabano.ErrorCode(errors.Join(errs...)) != zabano.ECONFLICT {
				t.Fatalf("round %d: %v; want one success and one conflict", round, errs)
			}
		}
		log, err := db.OperatorLog(ctx, 0, 100)
		if err != nil || len(log) != 10 {
			t.Fatalf("%d log rows, %v; want 10", len(log), err)
		}
		paid, _ := db.Withdrawals(ctx, zabano.WithdrawalFilter{Status: zabano.WithdrawalPaid})
		rejected, _ := db.Withdrawals(ctx, zabano.WithdrawalFilter{Status: zabano.WithdrawalRejected})
		if sum := summary(t, db, teacher.ID); len(paid)+len(rejected) != 10 || sum.PendingWithdrawals != 0 ||
			sum.Balance != 100_000-int64(len(paid))*10_000 {
			t.Fatalf("%d paid, %d rejected, %+v", len(paid), len(rejected), sum)
		}
		audit(t, db)
		auditAll(t, db)
	})
}

// auditAll fails t on any finding of any audit.
func auditAll(t *testing.T, db *sqlstore.DB) {
	t.Helper()
	report, err := db.Audit(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range report.Findings {
		t.Errorf("%s: %s", f.Check, f.Message)
	}
}

// TestRefund: a student's refund takes their whole wallet, whatever its
// size; an empty wallet has nothing to refund; operators pay or reject it as
// a teacher's withdrawal, a rejection returning it to the wallet.
func TestRefund(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		s := mkUser(t, db, "sara", zabano.RoleStudent)
		ops := mkOperator(t, db, "ops")
		if err := db.RequestRefund(ctx, &zabano.Withdrawal{UserID: s.ID, IBAN: iban}); zabano.ErrorCode(err) != zabano.ECONFLICT {
			t.Fatalf("an unused wallet: %v", err)
		}
		credit(t, db, s.ID, 3_333)
		w := &zabano.Withdrawal{UserID: s.ID, IBAN: iban}
		if err := db.RequestRefund(ctx, w); err != nil || w.Amount != 3_333 || w.Kind != zabano.KindRefund || w.Status != zabano.WithdrawalPending {
			t.Fatalf("refund: %+v, %v", w, err)
		}
		if b := balance(t, db, s.ID); b != 0 {
			t.Fatalf("balance %d after the refund", b)
		}
		err := db.RequestRefund(ctx, &zabano.Withdrawal{UserID: s.ID, IBAN: iban})
		if e, ok := err.(*zabano.Error); !ok || e.Code != zabano.ECONFLICT || e.Message != zabano.MsgRefundEmpty {
			t.Fatalf("an emptied wallet: %v", err)
		}
		if got, err := db.RejectWithdrawal(ctx, w.ID, ops.ID, "the IBAN is not the student's"); err != nil || got.Kind != zabano.KindRefund {
			t.Fatalf("reject: %+v, %v", got, err)
		}
		if b := balance(t, db, s.ID); b != 3_333 {
			t.Fatalf("balance %d after the rejection", b)
		}
		again := &zabano.Withdrawal{UserID: s.ID, IBAN: iban}
		if err := db.RequestRefund(ctx, again); err != nil {
			t.Fatal(err)
		}
		if got, err := db.PayWithdrawal(ctx, again.ID, ops.ID, "BANK-9"); err != nil || got.Status != zabano.WithdrawalPaid {
			t.Fatalf("pay: %+v, %v", got, err)
		}
		if list, _ := db.Withdrawals(ctx, zabano.WithdrawalFilter{UserID: s.ID}); len(list) != 2 || list[0].Reference != "BANK-9" ||
			list[1].Reason != "the IBAN is not the student's" {
			t.Fatalf("the student's refunds: %+v", list)
		}

		// Two refunds at once: one takes the whole wallet, the other finds it empty.
		credit(t, db, s.ID, 70_000)
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i := range errs {
			wg.Go(func() { errs[i] = db.RequestRefund(ctx, &zabano.Withdrawal{UserID: s.ID, IBAN: iban}) })
		}
		wg.Wait()
		if (errs[0] == nil) == (errs[1] == nil) || zabano.ErrorCode(errors.Join(errs...)) != zabano.ECONFLICT {
			t.Fatalf("two refunds at once: %v", errs)
		}
		if sum := summary(t, db, s.ID); sum.Balance != 0 || sum.PendingWithdrawals != 70_000 {
			t.Fatalf("after two refunds at once: %+v", sum)
		}
		auditAll(t, db)
	})
}

// TestWithdrawalQueue: pending withdrawals come oldest first, others newest
// first, a page at a time below a cursor.
func TestWithdrawalQueue(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		teacher := mkUser(t, db, "omid", zabano.RoleTeacher)
		credit(t, db, teacher.ID, 100_000)
		var ids []int64
		for range 5 {
			w := &zabano.Withdrawal{UserID: teacher.ID, Amount: 10_000, IBAN: iban}
			if err := db.RequestWithdrawal(ctx, w); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, w.ID)
		}
		wallets := &zabano.Wallets{Store: db}
		ids2 := func(list []zabano.Withdrawal) []int64 {
			var out []int64
			for _, w := range list {
				out = append(out, w.ID)
			}
			return out
		}
		if list, err := wallets.Queue(ctx, "", 0, 3); err != nil || fmt.Sprint(ids2(list)) != fmt.Sprint(ids[:3]) {
			t.Fatalf("pending: %v, %v; want %v", ids2(list), err, ids[:3])
		}
		for _, id := range ids {
			if _, err := db.PayWithdrawal(ctx, id, 0, ""); err != nil {
				t.Fatal(err)
			}
		}
		if list, err := wallets.Queue(ctx, zabano.WithdrawalPaid, ids[3], 2); err != nil || fmt.Sprint(ids2(list)) != fmt.Sprint([]int64{ids[2], ids[1]}) {
			t.Fatalf("paid below %d: %v, %v", ids[3], ids2(list), err)
		}
		if _, err := wallets.Queue(ctx, "lost", 0, 3); zabano.ErrorCode(err) != zabano.EINVALID {
			t.Fatalf("an unknown status: %v", err)
		}
	})
}
