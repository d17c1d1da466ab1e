package zabano

import "strings"

// SearchFolds are the pairs NormalizeSearch replaces: the Arabic letters an
// Arabic keyboard types for Persian ones, Persian and Arabic-Indic digits,
// and what a word may or may not be written with (the zero-width non-joiner
// and other invisible marks, tatweel, short vowels and the other harakat,
// the hamza written above a letter). The store folds stored text with the
// same pairs where it folds in SQL (foldSQL), so that both sides of a
// comparison are folded alike.
var SearchFolds = func() [][2]string {
	folds := [][2]string{
		{"ي", "ی"}, {"ى", "ی"}, {"ك", "ک"}, {"ة", "ه"}, {"ۀ", "ه"}, {"أ", "ا"}, {"إ", "ا"}, {"ٱ", "ا"},
		// The zero-width non-joiner (نوری‌پور, نوری پور and نوریپور are one
		// name: the query's words are matched one by one), the joiner, the
		// direction marks and a stray byte-order mark.
		{"\u200c", ""}, {"\u200d", ""}, {"\u200e", ""}, {"\u200f", ""}, {"\u061c", ""}, {"\ufeff", ""},
		{"\u0640", ""}, // tatweel
	}
	// Fathatan to sukun (tanwin, short vowels, shadda, sukun), then maddah,
	// hamza above and below: ه with a hamza above is ۀ, as خانهٔ is خانه.
	// The maddah stays: آ is another letter than ا.
	for r := '\u064b'; r <= '\u0655'; r++ {
		if r != '\u0653' {
			folds = append(folds, [2]string{string(r), ""})
		}
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
// case, its spaces trimmed and runs of them made one. Names, bios and
// queries all go through it before they are stored for search or compared.
func NormalizeSearch(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(searchFolder.Replace(s))), " ")
}
