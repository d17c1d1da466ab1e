package zabano

import "strings"

// PersianDigits writes the ASCII digits of s as Persian digits.
func PersianDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return '۰' + (r - '0')
		}
		return r
	}, s)
}

// ASCIIDigits writes the Persian and Arabic-Indic digits of s as ASCII digits.
func ASCIIDigits(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= '۰' && r <= '۹':
			return '0' + r - '۰'
		case r >= '٠' && r <= '٩':
			return '0' + r - '٠'
		}
		return r
	}, s)
}
