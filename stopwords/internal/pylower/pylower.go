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
		// Fast paths for the code points whose lowering is context-free
		// and stays within the same UTF-8 length: the two-byte ones through
		// lower2, and three-byte ranges with no capitals (U+2000-U+207F
		// punctuation and super/subscripts, U+3000-U+9FFF CJK and kana,
		// U+AC00-U+D7FF Hangul) copied as they are.
		if i+1 < len(word) && word[i+1]&0xc0 == 0x80 {
			c2 := word[i+1]
			if 0xc2 <= c && c <= 0xdf {
				if l := lower2[rune(c&0x1f)<<6|rune(c2&0x3f)]; l != 0 {
					dst = append(dst, 0xc0|byte(l>>6), 0x80|byte(l&0x3f))
					i += 2
					continue
				}
			} else if i+2 < len(word) && word[i+2]&0xc0 == 0x80 &&
				(c == 0xe2 && c2 <= 0x81 || 0xe3 <= c && c <= 0xe9 || c == 0xea && c2 >= 0xb0 || c == 0xeb || c == 0xec || c == 0xed && c2 <= 0x9f) {
				dst = append(dst, c, c2, word[i+2])
				i += 3
				continue
			}
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

// lower2 maps each two-byte code point (U+0080-U+07FF) to its lowercase
// form when that is context-free and also two bytes long, and to 0
// otherwise (U+0130 İ, U+03A3 Σ, and the few whose lowercase form is
// longer), which sends them through the general path.
var lower2 = func() (t [0x800]uint16) {
	for r := rune(0x80); r < 0x800; r++ {
		if l := unicode.ToLower(r); r != capitalDotI && r != capitalSigma && 0x80 <= l && l < 0x800 {
			t[r] = uint16(l)
		}
	}
	return t
}()

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
