package zabano_test

import (
	"testing"
	"time"

	"github.com/zabano/zabano"
)

func TestNormalizeSearch(t *testing.T) {
	for in, want := range map[string]string{
		"علي كريمي":       "علی کریمی",  // Arabic ye and kaf
		"  مریم   رضایی ": "مریم رضایی", // spaces trimmed and made one
		"نوری‌پور":        "نوریپور",    // the zero-width non-joiner
		"مُحَمَّد":        "محمد",       // short vowels
		"فاطمة":           "فاطمه",
		"کلاس ۱۲ و ٣":     "کلاس 12 و 3",
		"Sara AHMADI":     "sara ahmadi",
		"ـعلـی":           "علی", // tatweel
		"آرش":             "آرش", // alef madda stays: it is another letter
		"":                "",
	} {
		if got := zabano.NormalizeSearch(in); got != want {
			t.Errorf("NormalizeSearch(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestTehranDayStart: a day begins at midnight in Tehran, 20:30 UTC the
// evening before.
func TestTehranDayStart(t *testing.T) {
	for in, want := range map[time.Time]time.Time{
		time.Date(2026, 11, 21, 20, 29, 0, 0, time.UTC): time.Date(2026, 11, 20, 20, 30, 0, 0, time.UTC),
		time.Date(2026, 11, 21, 20, 30, 0, 0, time.UTC): time.Date(2026, 11, 21, 20, 30, 0, 0, time.UTC),
		time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC):   time.Date(2026, 11, 21, 20, 30, 0, 0, time.UTC),
	} {
		if got := zabano.TehranDayStart(in); !got.Equal(want) {
			t.Errorf("TehranDayStart(%v) = %v, want %v", in, got, want)
		}
	}
}
