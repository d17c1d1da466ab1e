package zabano

import (
	"strings"
	"testing"
)

func TestLedgerTransactionValidate(t *testing.T) {
	alice, bob := WalletOf(1), WalletOf(2)
	for _, tc := range []struct {
		name    string
		tx      *LedgerTransaction
		wantErr string
	}{
		{"transfer", Transfer(TxBonus, PlatformAccount, alice, 500, ""), ""},
		{"three legs", &LedgerTransaction{Type: TxClassPayment, Entries: []Entry{
			{EscrowOf(1), -1000}, {bob, 900}, {PlatformAccount, 100}}}, ""},
		{"unknown type", Transfer("gift", alice, bob, 5, ""), "unknown transaction type"},
		{"one entry", &LedgerTransaction{Type: TxOther, Entries: []Entry{{alice, 0}}}, "two entries"},
		{"zero entry", Transfer(TxOther, alice, bob, 0, ""), "zero entry"},
		{"does not sum to zero", &LedgerTransaction{Type: TxOther, Entries: []Entry{{alice, -5}, {bob, 6}}}, "sum to 1"},
		{"same account twice", Transfer(TxOther, alice, alice, 5, ""), "appears twice"},
		{"wallet without a user", Transfer(TxOther, Account{Kind: AccountWallet}, bob, 5, ""), "not well named"},
		{"system account with a user", Transfer(TxOther, Account{Kind: AccountGateway, UserID: 3}, bob, 5, ""), "not well named"},
		{"unknown kind", Transfer(TxOther, Account{Kind: "vault"}, bob, 5, ""), "unknown account kind"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.tx.Validate()
			if tc.wantErr == "" && err != nil || tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Fatalf("got %v, want %q", err, tc.wantErr)
			}
			if err != nil && ErrorCode(err) != EINTERNAL {
				t.Fatalf("a broken transaction is a bug, not the user's error: %v", err)
			}
		})
	}
}
