package zabano_test

import (
	"testing"

	"github.com/zabano/zabano"
)

func TestNormalizeSearch(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"Arabic ye and kaf", "علي كريمي", "علی کریمی"},
		{"Arabic alef maksura", "مصطفى", "مصطفی"},
		{"Persian letters stay", "علی کریمی", "علی کریمی"},
		{"teh marbuta", "فاطمة", "فاطمه"},
		{"heh with yeh above", "مکالمۀ", "مکالمه"},
		{"heh with a hamza mark above", "مکالمه\u0654", "مکالمه"},
		{"alef with hamza above and below", "أحمد إبراهیم", "احمد ابراهیم"},
		{"alef wasla", "ٱلله", "الله"},
		{"alef madda stays: it is another letter", "آرش", "آرش"},
		{"zero-width non-joiner", "نوری\u200cپور", "نوریپور"},
		{"zero-width joiner and direction marks", "\u200fسارا\u200d\u200e", "سارا"},
		{"spaces trimmed and made one", "  مریم \t  رضایی \n", "مریم رضایی"},
		{"no-break space", "مریم\u00a0رضایی", "مریم رضایی"},
		{"short vowels and shadda", "مُحَمَّد", "محمد"},
		{"tanwin and sukun", "جِدًّا مْ", "جدا م"},
		{"superscript alef", "رحمٰن", "رحمن"},
		{"tatweel", "ـعلـــی", "علی"},
		{"Persian digits", "کلاس ۱۲", "کلاس 12"},
		{"Arabic-Indic digits", "٣٤ سال", "34 سال"},
		{"Latin digits stay", "IELTS 7.5", "ielts 7.5"},
		{"Latin case", "Sara AHMADI", "sara ahmadi"},
		{"Latin case beyond ASCII", "ÉLENA García", "élena garcía"},
		{"Arabic keyboard, diacritics and digits together", "كَريمي ٢", "کریمی 2"},
		{"empty", "", ""},
		{"only marks", "\u200c\u0640 ", ""},
	} {
		if got := zabano.NormalizeSearch(tc.in); got != tc.want {
			t.Errorf("%s: NormalizeSearch(%q) = %q, want %q", tc.name, tc.in, got, tc.want)
		}
	}
}

// TestNormalizeSearchIdempotent: text stored normalised and a query
// normalised again compare alike.
func TestNormalizeSearchIdempotent(t *testing.T) {
	for _, s := range []string{"علي كريمي", "نوری\u200cپور ۱۲", "مُحَمَّد أحمد", "Sara AHMADI"} {
		once := zabano.NormalizeSearch(s)
		if twice := zabano.NormalizeSearch(once); twice != once {
			t.Errorf("NormalizeSearch(%q) = %q, again %q", s, once, twice)
		}
	}
}
