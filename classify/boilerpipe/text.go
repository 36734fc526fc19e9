package boilerpipe

import (
	"unicode"
	"unicode/utf8"
)

// javaTrim removes leading and trailing characters up to U+0020, as Java's
// String.trim (which, unlike strings.TrimSpace, also strips control
// characters and keeps U+00A0 and other Unicode spaces).
func javaTrim(s []byte) []byte {
	i, j := 0, len(s)
	for i < j && s[i] <= ' ' {
		i++
	}
	for j > i && s[j-1] <= ' ' {
		j--
	}
	return s[i:j]
}

// utf16Len is the length of s in UTF-16 code units, Java's String.length.
// Invalid bytes count as one unit each, as U+FFFD does.
func utf16Len(s []byte) int {
	n := 0
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			n++
			i++
			continue
		}
		r, w := utf8.DecodeRune(s[i:])
		n += utf16Units(r)
		i += w
	}
	return n
}

// utf16Units is the number of UTF-16 code units of r.
func utf16Units(r rune) int {
	if r >= 0x10000 {
		return 2
	}
	return 1
}

// isJavaWhitespace reports Java's Character.isWhitespace(r): the Unicode
// space separators except the no-break ones (U+00A0, U+2007, U+202F), the
// line and paragraph separators, and the controls U+0009–U+000D and
// U+001C–U+001F.
func isJavaWhitespace(r rune) bool {
	switch {
	case r == ' ', 0x09 <= r && r <= 0x0d, 0x1c <= r && r <= 0x1f:
		return true
	case r < 0x1680:
		return false
	case r == 0x00a0, r == 0x2007, r == 0x202f:
		return false
	}
	return unicode.In(r, unicode.Zs, unicode.Zl, unicode.Zp)
}

// asciiJavaSpace tabulates isJavaWhitespace for ASCII.
var asciiJavaSpace = func() (t [utf8.RuneSelf]bool) {
	for r := range rune(utf8.RuneSelf) {
		t[r] = isJavaWhitespace(r)
	}
	return t
}()

// appendJavaLower appends s lower-cased as Java's String.toLowerCase does
// in a non-Turkic locale: rune by rune, with U+0130 becoming "i̇". (Java
// also lower-cases a word-final sigma to "ς"; no pattern matched against
// lower-cased text here contains a sigma, so that is left out.)
func appendJavaLower(dst, s []byte) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
			i++
			continue
		}
		r, w := utf8.DecodeRune(s[i:])
		switch {
		case r == 0x130:
			dst = append(dst, "i\u0307"...)
		case r == utf8.RuneError && w == 1:
			dst = append(dst, s[i])
		default:
			dst = utf8.AppendRune(dst, unicode.ToLower(r))
		}
		i += w
	}
	return dst
}
