// Package pylower reproduces CPython's str.lower, which jusText applies to
// stoplist words and to the words of a paragraph before looking them up. It
// is shared by package stopwords and its generator, so that words compiled
// into the tables and words lowered at run time go through the same code.
package pylower

import (
	"slices"
	"unicode"
	"unicode/utf8"
)

const (
	capitalDotI  = '\u0130' // İ: the only code point whose full lowercase form has two runes
	capitalSigma = '\u03a3'
	smallSigma   = '\u03c3'
	finalSigma   = '\u03c2'
)

// AppendLower appends the str.lower form of the UTF-8 text word to dst and
// returns the extended slice.
//
// Beyond unicode.ToLower it applies the two rules of CPython's full lowercase
// mapping: U+0130 becomes "i\u0307", and a capital sigma at the end of a word
// (preceded by a cased letter, not followed by one, skipping case-ignorable
// code points both ways) becomes ς rather than σ. Bytes that are not valid
// UTF-8 are copied unchanged. It does not allocate when dst has room.
func AppendLower(dst, word []byte) []byte {
	// Lowering rarely changes the length, so one growth up front keeps the
	// per-byte appends below free of reallocation.
	dst = slices.Grow(dst, len(word))
	for i := 0; i < len(word); {
		c := word[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
			i++
			continue
		}
		r, size := utf8.DecodeRune(word[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, c)
		case r == capitalDotI:
			dst = append(dst, 'i', 0xcc, 0x87) // "i\u0307"
		case r == capitalSigma:
			dst = utf8.AppendRune(dst, sigma(word, i, i+size))
		default:
			dst = utf8.AppendRune(dst, unicode.ToLower(r))
		}
		i += size
	}
	return dst
}

// sigma returns the lowercase form of the capital sigma at word[start:end],
// following CPython's handle_capital_sigma.
func sigma(word []byte, start, end int) rune {
	before := false
	for j := start; j > 0; {
		r, size := utf8.DecodeLastRune(word[:j])
		if !caseIgnorable(r) {
			before = cased(r)
			break
		}
		j -= size
	}
	if !before {
		return smallSigma
	}
	for j := end; j < len(word); {
		r, size := utf8.DecodeRune(word[j:])
		if !caseIgnorable(r) {
			if cased(r) {
				return smallSigma
			}
			break
		}
		j += size
	}
	return finalSigma
}

// cased reports the Unicode Cased property (Lu, Ll, Lt, Other_Lowercase,
// Other_Uppercase), which CPython uses for the final-sigma rule.
func cased(r rune) bool {
	return unicode.In(r, unicode.Lu, unicode.Ll, unicode.Lt, unicode.Other_Lowercase, unicode.Other_Uppercase)
}

// midWord lists the code points whose Word_Break property is MidLetter,
// MidNumLet or Single_Quote; the unicode package has no Word_Break tables.
var midWord = []rune{
	'\'', '.', ':', '\u00b7', '\u0387', '\u055f', '\u05f4', '\u2018', '\u2019',
	'\u2024', '\u2027', '\ufe13', '\ufe52', '\ufe55', '\uff07', '\uff0e', '\uff1a',
}

// caseIgnorable reports the Unicode Case_Ignorable property.
func caseIgnorable(r rune) bool {
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk) ||
		slices.Contains(midWord, r)
}
