package httpapi

import "testing"

// TestPickLanguage: Accept-Language weights decide between fa and en.
func TestPickLanguage(t *testing.T) {
	for _, tc := range []struct{ header, want string }{
		{"", "fa"}, // the product's default
		{"en", "en"},
		{"fa", "fa"},
		{"en-US", "en"},          // a region names its language
		{"EN-us,de;q=0.5", "en"}, // tags are case-insensitive
		{"fa-IR, en;q=0.9", "fa"},
		{"en;q=0.1, fa;q=0.9", "fa"}, // weights, not order
		{"fa;q=0.1, en;q=0.9", "en"},
		{"fa;q=0.5, en-GB;q=0.8", "en"},
		{"en-US;q=0.2, en;q=0.7, fa;q=0.5", "en"}, // the best range of a language counts
		{"de-DE", "fa"},                           // neither named
		{"de-DE, en;q=0.5", "en"},                 // a named language beats an unnamed one
		{"fa;q=0", "en"},                          // fa excluded
		{"en;q=0", "fa"},
		{"fa;q=0, en;q=0", "fa"},    // both excluded: the default
		{"de, fa;q=0", "en"},        // excluded ranks below unnamed
		{"*", "fa"},                 // anything: the default
		{"*;q=0.5, fa;q=0.1", "en"}, // * weighs en, which no range names
		{"en;q=0.1, *;q=0.5", "fa"},
		{"*;q=0", "fa"},              // nothing acceptable: the default
		{"fa;q=0.9, en;q=.8", "fa"},  // a lenient weight
		{"en;q=1.5, fa;q=0.2", "fa"}, // a malformed weight counts for nothing
		{"en;q=abc", "fa"},
		{"en;level=1;Q=0.3, fa;q=0.2", "en"}, // other parameters are ignored
		{" , ;q=0.5, en", "en"},              // empty ranges are skipped
	} {
		if got := language(tc.header); got != tc.want {
			t.Errorf("language(%q) = %q, want %q", tc.header, got, tc.want)
		}
	}
}
