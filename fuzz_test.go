package zabano_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/zabano/zabano"
)

// The fuzz tests of the parsers every request leans on. Their seeds run in
// every `go test`; `go test -fuzz=FuzzX` explores further. Each asserts what
// must hold for any input: no panic, normalized output normalizes to itself,
// and accepted output has its documented form.

var (
	phoneForm = regexp.MustCompile(`^09[0-9]{9}$`)
	ibanForm  = regexp.MustCompile(`^IR[0-9]{24}$`)
	clockForm = regexp.MustCompile(`^[0-9]{2}:[0-9]{2}$`)
	dateForm  = regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}$`)
)

func FuzzNormalizePhone(f *testing.F) {
	for _, s := range []string{"09121234567", "+98 912 123 4567", "0098-912-123-4567", "989121234567", "۰۹۱۲۱۲۳۴۵۶۷", "٠٩١٢١٢٣٤٥٦٧",
		"(0912) 123 4567", "9121234567", "02188776655", "+", "++989121234567", "0912+1234567", "0912123456\u200c7", "", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, ok := zabano.NormalizePhone(s)
		if !ok {
			if p != "" {
				t.Fatalf("%q refused but normalized to %q", s, p)
			}
			return
		}
		if !phoneForm.MatchString(p) {
			t.Fatalf("%q normalized to %q", s, p)
		}
		if again, ok := zabano.NormalizePhone(p); !ok || again != p {
			t.Fatalf("%q normalized to %q, which normalizes to %q %v", s, p, again, ok)
		}
		// The subscriber's ten digits are the input's last ten.
		if digits := zabano.ASCIIDigits(s); !strings.HasSuffix(strings.Map(onlyDigits, digits), p[1:]) {
			t.Fatalf("%q normalized to %q, digits it does not end with", s, p)
		}
	})
}

func onlyDigits(r rune) rune {
	if r >= '0' && r <= '9' {
		return r
	}
	return -1
}

func FuzzNormalizeIBAN(f *testing.F) {
	for _, s := range []string{"IR062960000000100324200001", "ir06 2960 0000 0010 0324 2000 01", "IR06-2960-0000-0010-0324-2000-01",
		"062960000000100324200001", "IR۰۶۲۹۶۰۰۰۰۰۰۱۰۰۳۲۴۲۰۰۰۰۱", "IR072960000000100324200001", "DE89370400440532013000", "ır062960000000100324200001", ""} {
		f.Add(s, uint8(5))
	}
	f.Fuzz(func(t *testing.T, s string, at uint8) {
		iban, ok := zabano.NormalizeIBAN(s)
		if !ok {
			return
		}
		if !ibanForm.MatchString(iban) {
			t.Fatalf("%q normalized to %q", s, iban)
		}
		if again, ok := zabano.NormalizeIBAN(iban); !ok || again != iban {
			t.Fatalf("%q normalized to %q, which normalizes to %q %v", s, iban, again, ok)
		}
		// Written in groups of four, as banks print it, it is the same account.
		var groups []string
		for i := 0; i < len(iban); i += 4 {
			groups = append(groups, iban[i:min(i+4, len(iban))])
		}
		if spaced, ok := zabano.NormalizeIBAN(strings.Join(groups, " ")); !ok || spaced != iban {
			t.Fatalf("%q in groups normalizes to %q %v", iban, spaced, ok)
		}
		// The check digits catch any one digit mistyped (ISO 7064 MOD 97-10).
		i := 2 + int(at)%24
		wrong := []byte(iban)
		wrong[i] = '0' + (wrong[i]-'0'+1)%10
		if _, ok := zabano.NormalizeIBAN(string(wrong)); ok {
			t.Fatalf("%q with digit %d changed, %s, is accepted", iban, i, wrong)
		}
	})
}

func FuzzParseClock(f *testing.F) {
	for _, s := range []string{"18:00", "00:00", "24:00", "24:01", "23:59", " 09:30 ", "9:30", "09:60", "+1:00", "-0:00", "1:+5", "0x:10", "١٨:٠٠", "", "::"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, ok := zabano.ParseClock(s)
		if !ok {
			return
		}
		if m < 0 || m > 24*60 || !clockForm.MatchString(strings.TrimSpace(s)) {
			t.Fatalf("%q read as %d minutes", s, m)
		}
		text := fmt.Sprintf("%02d:%02d", m/60, m%60)
		if again, ok := zabano.ParseClock(text); !ok || again != m || text != strings.TrimSpace(s) {
			t.Fatalf("%q read as %d, written %q, read back as %d %v", s, m, text, again, ok)
		}
	})
}

func FuzzParseDate(f *testing.F) {
	for _, s := range []string{"2026-11-21", " 2026-02-28 ", "2026-02-29", "2028-02-29", "2026-13-01", "2026-1-2", "0000-01-01", "9999-12-31", "+2026-11-21", "2026/11/21", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		y, mo, d, ok := zabano.ParseDate(s)
		if !ok {
			return
		}
		text := time.Date(y, mo, d, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
		if !dateForm.MatchString(strings.TrimSpace(s)) || text != strings.TrimSpace(s) {
			t.Fatalf("%q read as %s", s, text)
		}
	})
}

func FuzzParseLevel(f *testing.F) {
	for _, s := range []string{"A1", "b2", " C2 ", "1", "6", "0", "7", "C3", "", "A1A1", "١"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, ok := zabano.ParseLevel(s)
		if !ok {
			return
		}
		if l < 1 || l > 6 {
			t.Fatalf("%q read as level %d", s, l)
		}
		if again, ok := zabano.ParseLevel(l.String()); !ok || again != l {
			t.Fatalf("%q read as %d, named %q, read back as %d %v", s, l, l.String(), again, ok)
		}
	})
}

func FuzzMsgf(f *testing.F) {
	f.Add("Enter a whole number from %d to %d.", "یک عدد صحیح از %d تا %d وارد کنید.", int64(1), "x")
	f.Add("%s %v %q %x %!", "%s %v %q %x %!", int64(-9), "۱۲ 34")
	f.Add("100%", "۱۰۰٪ %d", int64(1234567890), "")
	f.Fuzz(func(t *testing.T, en, fa string, n int64, s string) {
		m := zabano.Msgf(zabano.Msg{En: en, Fa: fa}, n, s, zabano.Msg{En: s, Fa: s})
		if strings.ContainsAny(m.Fa, "0123456789") {
			t.Fatalf("Persian text with ASCII digits: %q", m.Fa)
		}
		if !strings.Contains(en, "%") && !strings.HasPrefix(m.En, en) {
			t.Fatalf("a text without verbs changed: %q to %q", en, m.En)
		}
		one := zabano.Msgf(zabano.Msg{En: "%d", Fa: "%d"}, n)
		if one.En != fmt.Sprint(n) || one.Fa != zabano.PersianDigits(fmt.Sprint(n)) {
			t.Fatalf("%d written %q and %q", n, one.En, one.Fa)
		}
	})
}
