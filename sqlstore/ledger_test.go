package sqlstore_test

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

var phoneSeq atomic.Int64

// mkUser opens an account of role named name.
func mkUser(t *testing.T, db *sqlstore.DB, name string, role zabano.Role) *zabano.User {
	t.Helper()
	phone := fmt.Sprintf("0935%07d", phoneSeq.Add(1))
	u := &zabano.User{Role: role, Username: name, Phone: phone, PasswordHash: "x"}
	if err := db.CreateUser(ctx, u, sendCode(t, db, phone, "123456")); err != nil {
		t.Fatal(err)
	}
	return u
}

// credit puts amount into user id's wallet from outside, as a top-up does.
func credit(t *testing.T, db *sqlstore.DB, id, amount int64) {
	t.Helper()
	if err := db.PostTransaction(ctx, zabano.Transfer(zabano.TxTopUp, zabano.GatewayAccount, zabano.WalletOf(id), amount, "test")); err != nil {
		t.Fatal(err)
	}
}

func balance(t *testing.T, db *sqlstore.DB, id int64) int64 {
	t.Helper()
	b, err := db.WalletBalance(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// audit fails t when the ledger breaks a rule.
func audit(t *testing.T, db *sqlstore.DB) {
	t.Helper()
	problems, err := db.AuditLedger(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

func TestPostTransaction(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		s := mkUser(t, db, "sara", zabano.RoleStudent)
		if b := balance(t, db, s.ID); b != 0 {
			t.Fatalf("an unused wallet holds %d", b)
		}
		tx := zabano.Transfer(zabano.TxTopUp, zabano.GatewayAccount, zabano.WalletOf(s.ID), 50_000, "card")
		if err := db.PostTransaction(ctx, tx); err != nil {
			t.Fatal(err)
		}
		if tx.ID == 0 || tx.CreatedAt.IsZero() {
			t.Fatalf("posted transaction %+v has no id or time", tx)
		}
		if b := balance(t, db, s.ID); b != 50_000 {
			t.Fatalf("balance %d, want 50000", b)
		}

		t.Run("overdraft refused, nothing written", func(t *testing.T) {
			err := db.PostTransaction(ctx, zabano.Transfer(zabano.TxClassPayment, zabano.WalletOf(s.ID), zabano.EscrowOf(s.ID), 50_001, ""))
			if zabano.ErrorCode(err) != zabano.ECONFLICT {
				t.Fatalf("got %v, want a conflict", err)
			}
			list, _ := db.WalletTransactions(ctx, s.ID)
			if b := balance(t, db, s.ID); b != 50_000 || len(list) != 1 {
				t.Fatalf("after a refused debit: balance %d, %d transactions", b, len(list))
			}
		})
		t.Run("three legs", func(t *testing.T) {
			teacher := mkUser(t, db, "omid", zabano.RoleTeacher)
			err := db.PostTransaction(ctx, &zabano.LedgerTransaction{Type: zabano.TxClassPayment, Entries: []zabano.Entry{
				{Account: zabano.WalletOf(s.ID), Amount: -10_000},
				{Account: zabano.WalletOf(teacher.ID), Amount: 9_000},
				{Account: zabano.PlatformAccount, Amount: 1_000},
			}})
			if err != nil {
				t.Fatal(err)
			}
			if b := balance(t, db, teacher.ID); b != 9_000 {
				t.Fatalf("teacher %d", b)
			}
		})
		t.Run("the platform may go below zero, a user's account may not", func(t *testing.T) {
			if err := db.PostTransaction(ctx, zabano.Transfer(zabano.TxBonus, zabano.PlatformAccount, zabano.WalletOf(s.ID), 5_000, "welcome")); err != nil {
				t.Fatal(err)
			}
			if b, err := db.AccountBalance(ctx, zabano.PlatformAccount); err != nil || b != -4_000 {
				t.Fatalf("platform %d, %v; want -4000", b, err)
			}
			for _, a := range []zabano.Account{zabano.EscrowOf(s.ID), zabano.WithdrawalsOf(s.ID)} {
				if err := db.PostTransaction(ctx, zabano.Transfer(zabano.TxOther, a, zabano.PlatformAccount, 1, "")); zabano.ErrorCode(err) != zabano.ECONFLICT {
					t.Errorf("%s below zero: %v", a, err)
				}
			}
		})
		t.Run("an unbalanced transaction is refused", func(t *testing.T) {
			err := db.PostTransaction(ctx, &zabano.LedgerTransaction{Type: zabano.TxOther, Entries: []zabano.Entry{
				{Account: zabano.GatewayAccount, Amount: -5}, {Account: zabano.WalletOf(s.ID), Amount: 6},
			}})
			if err == nil || zabano.ErrorCode(err) != zabano.EINTERNAL {
				t.Fatalf("got %v", err)
			}
		})
		t.Run("append-only and never negative, whatever the code does", func(t *testing.T) {
			for _, q := range []string{
				`UPDATE ledger_entries SET amount = amount + 1`,
				`DELETE FROM ledger_entries`,
				`UPDATE ledger_transactions SET description = 'changed'`,
				`DELETE FROM ledger_transactions`,
				`UPDATE ledger_accounts SET balance = -1 WHERE kind = 'wallet'`,
			} {
				if err := db.Exec(ctx, q); err == nil {
					t.Errorf("%s: the database allowed it", q)
				}
			}
		})
		audit(t, db)
		t.Run("the audit sees a wrong cached balance", func(t *testing.T) {
			if err := db.Exec(ctx, `UPDATE ledger_accounts SET balance = balance + 1 WHERE kind = 'wallet' AND user_id = ?`, s.ID); err != nil {
				t.Fatal(err)
			}
			if problems, _ := db.AuditLedger(ctx); len(problems) != 2 {
				t.Fatalf("audit of a tampered balance: %q, want the account and the overall sum", problems)
			}
		})
	})
}

// TestLedgerConcurrentOperations runs 2,000 random money movements at once,
// through every path that moves money, and then checks the books.
func TestLedgerConcurrentOperations(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		var students, teachers []*zabano.User
		for i := range 6 {
			students = append(students, mkUser(t, db, fmt.Sprintf("student%d", i), zabano.RoleStudent))
		}
		for i := range 3 {
			teachers = append(teachers, mkUser(t, db, fmt.Sprintf("teacher%d", i), zabano.RoleTeacher))
		}
		const workers, opsEach = 20, 100
		var mu sync.Mutex
		var withdrawals []int64
		done := map[string]int{}
		var wg sync.WaitGroup
		for w := range workers {
			wg.Go(func() {
				rng := rand.New(rand.NewPCG(uint64(w), 7))
				for range opsEach {
					s := students[rng.IntN(len(students))].ID
					teacher := teachers[rng.IntN(len(teachers))]
					amount := int64(1+rng.IntN(20)) * 1_000
					var op string
					var err error
					switch rng.IntN(8) {
					case 0, 1:
						op, err = "top up", db.PostTransaction(ctx, zabano.Transfer(zabano.TxTopUp, zabano.GatewayAccount, zabano.WalletOf(s), amount, ""))
					case 2:
						op, err = "book", db.PostTransaction(ctx, zabano.Transfer(zabano.TxClassPayment, zabano.WalletOf(s), zabano.EscrowOf(s), amount, ""))
					case 3:
						op, err = "pay the teacher", db.PostTransaction(ctx, &zabano.LedgerTransaction{Type: zabano.TxClassPayment, Entries: []zabano.Entry{
							{Account: zabano.EscrowOf(s), Amount: -amount},
							{Account: zabano.WalletOf(teacher.ID), Amount: amount * 9 / 10},
							{Account: zabano.PlatformAccount, Amount: amount / 10},
						}})
					case 4:
						op, err = "refund", db.PostTransaction(ctx, zabano.Transfer(zabano.TxRefund, zabano.EscrowOf(s), zabano.WalletOf(s), amount, ""))
					case 5:
						wd := &zabano.Withdrawal{UserID: teacher.ID, Amount: amount, IBAN: "IR062960000000100324200001"}
						op, err = "withdraw", db.RequestWithdrawal(ctx, wd)
						if err == nil {
							mu.Lock()
							withdrawals = append(withdrawals, wd.ID)
							mu.Unlock()
						}
					case 6, 7:
						mu.Lock()
						if len(withdrawals) == 0 {
							mu.Unlock()
							continue
						}
						id := withdrawals[rng.IntN(len(withdrawals))]
						mu.Unlock()
						if rng.IntN(2) == 0 {
							op = "pay a withdrawal"
							_, err = db.PayWithdrawal(ctx, id, 0, "")
						} else {
							op = "reject a withdrawal"
							_, err = db.RejectWithdrawal(ctx, id, 0, "")
						}
					}
					switch {
					case err == nil:
						mu.Lock()
						done[op]++
						mu.Unlock()
					case zabano.ErrorCode(err) != zabano.ECONFLICT:
						t.Errorf("%s: %v", op, err)
					}
				}
			})
		}
		wg.Wait()
		t.Logf("done: %v", done)
		audit(t, db)
		for _, u := range append(students, teachers...) {
			if b := balance(t, db, u.ID); b < 0 {
				t.Errorf("%s: balance %d", u.Username, b)
			}
		}
	})
}

// TestLedgerOpensAccountsAtOnce: postings that open the same account at
// once all go through. A student's first classes, booked together, each
// credit an escrow account none of them has seen open: whichever opens it,
// the others move money into it, and none is refused as if a balance were
// short.
func TestLedgerOpensAccountsAtOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		const rounds, bookings, price = 20, 8, 1_000
		for round := range rounds {
			s := mkUser(t, db, fmt.Sprintf("first%d", round), zabano.RoleStudent)
			credit(t, db, s.ID, bookings*price)
			var wg sync.WaitGroup
			for range bookings {
				wg.Go(func() {
					if err := db.PostTransaction(ctx, zabano.Transfer(zabano.TxClassPayment, zabano.WalletOf(s.ID), zabano.EscrowOf(s.ID), price, "")); err != nil {
						t.Errorf("round %d: %v", round, err)
					}
				})
			}
			wg.Wait()
			if b := balance(t, db, s.ID); b != 0 {
				t.Fatalf("round %d: wallet %d after %d bookings, want 0", round, b, bookings)
			}
		}
		audit(t, db)
	})
}
