package zabano

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestAccountHolds: each hold is told in both languages, all at once;
// money held for classes is told only when no class or report explains it.
func TestAccountHolds(t *testing.T) {
	for _, tc := range []struct {
		holds  AccountHolds
		role   Role
		en, fa string
	}{
		{AccountHolds{}, RoleStudent, "", ""},
		{AccountHolds{Escrow: 5_000}, RoleStudent,
			"Your account cannot be deleted yet. 5,000 Toman of yours is still held for your classes.",
			"هنوز نمی‌توانید حساب خود را حذف کنید. ۵٬۰۰۰ تومان از پول شما هنوز برای کلاس‌هایتان نگه داشته شده است."},
		{AccountHolds{Classes: 1, Escrow: 5_000, Wallet: 1_200}, RoleStudent,
			"Your account cannot be deleted yet. You have classes that are ahead or not settled yet: cancel them, or wait until they are done and paid. " +
				"Your wallet holds 1,200 Toman: in your wallet, ask for a refund of it to your bank account (IBAN), and delete your account once it is paid.",
			"هنوز نمی‌توانید حساب خود را حذف کنید. کلاس‌هایی دارید که پیش رو هستند یا هنوز تسویه نشده‌اند: آن‌ها را لغو کنید یا صبر کنید تا برگزار و تسویه شوند. " +
				"کیف پول شما ۱٬۲۰۰ تومان موجودی دارد: در کیف پول، بازپرداخت آن را به حساب بانکی (شبا) خود درخواست کنید و پس از واریز، حساب را حذف کنید."},
		{AccountHolds{Reports: 1, Payments: 2, Wallet: 900, Withdrawals: 20_000}, RoleTeacher,
			"Your account cannot be deleted yet. A problem report on one of your classes is open or waiting for an operator's decision. " +
				"A top-up of yours is still waiting for the bank's answer: try again in half an hour. " +
				"Your wallet holds 900 Toman: withdraw it to your bank account first (for less than 10,000 Toman, write to support). " +
				"20,000 Toman is on its way to your bank account: wait until it is paid.",
			"هنوز نمی‌توانید حساب خود را حذف کنید. گزارش مشکلی دربارهٔ یکی از کلاس‌های شما باز است یا در انتظار تصمیم پشتیبانی است. " +
				"یکی از شارژهای شما هنوز در انتظار پاسخ بانک است: نیم ساعت دیگر دوباره تلاش کنید. " +
				"کیف پول شما ۹۰۰ تومان موجودی دارد: ابتدا آن را به حساب بانکی خود برداشت کنید (برای کمتر از ۱۰٬۰۰۰ تومان به پشتیبانی پیام دهید). " +
				"۲۰٬۰۰۰ تومان در راه حساب بانکی شماست: صبر کنید تا واریز شود."},
	} {
		err := tc.holds.Err(tc.role)
		if tc.en == "" {
			if err != nil {
				t.Errorf("%+v: %v", tc.holds, err)
			}
			continue
		}
		e, ok := err.(*Error)
		if !ok || e.Code != ECONFLICT || e.Message.En != tc.en || e.Message.Fa != tc.fa {
			t.Errorf("%+v:\n got %#v\nwant %q\n     %q", tc.holds, err, tc.en, tc.fa)
		}
	}
}

// TestExportFiles: every file has its own name and says what it is in both
// languages; a teacher's and a student's archives share the common files.
func TestExportFiles(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range ExportFiles {
		if seen[f.Name] || f.About.En == "" || f.About.Fa == "" || (f.Role != "" && !f.Role.Member()) {
			t.Errorf("%+v", f)
		}
		seen[f.Name] = true
	}
	if s, te := len(ExportFilesOf(RoleStudent)), len(ExportFilesOf(RoleTeacher)); s != 14 || te != 17 {
		t.Errorf("a student's archive has %d JSON files, a teacher's %d", s, te)
	}
	u := &User{Username: "sara2", Role: RoleStudent}
	readme := ExportReadme(u, time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC))
	for _, want := range []string{"Zabano: the data of sara2, as of 2026-11-21T09:00:00Z", "زبانو: داده‌های sara2، در 2026-11-21T09:00:00Z"} {
		if !strings.Contains(readme, want) {
			t.Errorf("README.txt lacks %q:\n%s", want, readme)
		}
	}
}

// TestExportRow: a row is an object whose keys keep the columns' order.
func TestExportRow(t *testing.T) {
	b, err := json.Marshal(ExportRow{{"z", 1}, {"a", "x"}, {"at", time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}, {"none", nil}})
	if want := `{"z":1,"a":"x","at":"2026-01-02T03:04:05Z","none":null}`; err != nil || string(b) != want {
		t.Errorf("%s %v, want %s", b, err, want)
	}
}
