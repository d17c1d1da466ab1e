package zabano

import "strings"

// SearchFolds are the pairs NormalizeSearch replaces: the Arabic letters an
// Arabic keyboard types for Persian ones, Persian and Arabic-Indic digits,
// and what a name may or may not be written with (the zero-width non-joiner,
// tatweel, short vowels). The store folds stored text with the same pairs,
// so that both sides of a comparison are folded alike.
var SearchFolds = func() [][2]string {
	folds := [][2]string{
		{"ي", "ی"}, {"ى", "ی"}, {"ك", "ک"}, {"ة", "ه"}, {"أ", "ا"}, {"إ", "ا"},
		{"\u200c", ""}, {"\u0640", ""}, // zero-width non-joiner, tatweel
	}
	for r := '\u064b'; r <= '\u0652'; r++ { // fathatan to sukun
		folds = append(folds, [2]string{string(r), ""})
	}
	folds = append(folds, [2]string{"\u0670", ""}) // superscript alef
	for d := range 10 {
		ascii := string(rune('0' + d))
		folds = append(folds, [2]string{string(rune('۰' + d)), ascii}, [2]string{string(rune('٠' + d)), ascii})
	}
	return folds
}()

var searchFolder = func() *strings.Replacer {
	var pairs []string
	for _, f := range SearchFolds {
		pairs = append(pairs, f[0], f[1])
	}
	return strings.NewReplacer(pairs...)
}()

// NormalizeSearch is s as searches compare it: folded by SearchFolds, lower
// case, its spaces trimmed and runs of them made one.
func NormalizeSearch(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(searchFolder.Replace(s))), " ")
}
