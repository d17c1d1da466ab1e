package zabano

import (
	"context"
	"testing"
)

func TestNormalizeIBAN(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"IR062960000000100324200001", "IR062960000000100324200001", true},
		{"ir82 0540 1026 8002 0817 9090 02", "IR820540102680020817909002", true},
		{"IR-82-0540-1026-8002-0817-9090-02", "IR820540102680020817909002", true},
		{"IR۰۶۲۹۶۰۰۰۰۰۰۰۱۰۰۳۲۴۲۰۰۰۰۱", "IR062960000000100324200001", true},
		{"IR٠٦٢٩٦٠٠٠٠٠٠٠١٠٠٣٢٤٢٠٠٠٠١", "IR062960000000100324200001", true},
		{"062960000000100324200001", "IR062960000000100324200001", true},
		{"IR072960000000100324200001", "", false}, // check digits off by one
		{"IR062960000000100324200002", "", false}, // a digit changed
		{"IR06296000000010032420000", "", false},  // too short
		{"DE89370400440532013000", "", false},     // valid IBAN, not Iranian
		{"IR06296000000010032420000A", "", false},
		{"", "", false},
	} {
		got, ok := NormalizeIBAN(tc.in)
		if ok != tc.ok || ok && got != tc.want {
			t.Errorf("NormalizeIBAN(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestTomans(t *testing.T) {
	for n, want := range map[int64]Msg{
		0:          {"0", "۰"},
		999:        {"999", "۹۹۹"},
		1000:       {"1,000", "۱٬۰۰۰"},
		50_000_000: {"50,000,000", "۵۰٬۰۰۰٬۰۰۰"},
		-250_000:   {"-250,000", "-۲۵۰٬۰۰۰"},
	} {
		if got := Tomans(n); got != want {
			t.Errorf("Tomans(%d) = %+v, want %+v", n, got, want)
		}
	}
}

// refusingWallets fails the test if a request that validation should stop
// reaches the store.
type refusingWallets struct {
	WalletStore
	t *testing.T
}

func (r refusingWallets) RequestWithdrawal(context.Context, *Withdrawal) error {
	r.t.Fatal("an invalid withdrawal reached the store")
	return nil
}

func TestRequestWithdrawalValidation(t *testing.T) {
	w := &Wallets{Store: refusingWallets{t: t}}
	u := &User{ID: 1, Role: RoleTeacher}
	for _, tc := range []struct {
		name   string
		amount int64
		iban   string
		field  string
		want   Msg
	}{
		{"no amount", 0, "IR062960000000100324200001", "amount", Msg{"amount is required", "مبلغ الزامی است"}},
		{"negative", -5, "IR062960000000100324200001", "amount", Msg{"amount is required", "مبلغ الزامی است"}},
		{"below minimum", 9_999, "IR062960000000100324200001", "amount", Msg{"The minimum amount is 10,000 Toman.", "حداقل مبلغ ۱۰٬۰۰۰ تومان است."}},
		{"above maximum", MaxAmount + 1, "IR062960000000100324200001", "amount", Msg{"The maximum amount is 50,000,000 Toman.", "حداکثر مبلغ ۵۰٬۰۰۰٬۰۰۰ تومان است."}},
		{"no IBAN", 10_000, "  ", "iban", msgIBANRequired},
		{"bad IBAN", 10_000, "IR072960000000100324200001", "iban", msgIBANInvalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := w.RequestWithdrawal(context.Background(), u, tc.amount, tc.iban)
			e, ok := err.(*Error)
			if !ok || e.Code != EINVALID || len(e.Fields[tc.field]) != 1 || e.Fields[tc.field][0] != tc.want {
				t.Fatalf("got %#v, want %s error %+v", err, tc.field, tc.want)
			}
		})
	}
}
