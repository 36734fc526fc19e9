package blocks

import (
	"slices"
	"unicode/utf8"
)

// RuneCount returns the length of valid UTF-8 s in code points, as
// Python's len: the bytes that are not continuation bytes. (utf8.RuneCount
// in Go 1.26 allocates on long non-ASCII input.)
func RuneCount(s []byte) int {
	n := 0
	for _, c := range s {
		if c&0xc0 != 0x80 {
			n++
		}
	}
	return n
}

// isPySpace reports whether r is whitespace to Python's str.isspace, which
// is what jusText's `\s`, split() and strip() use. The set is small and fixed
// (checked against Python 3.11 in the tests).
func isPySpace(r rune) bool {
	switch {
	case r == ' ', 0x09 <= r && r <= 0x0d, 0x1c <= r && r <= 0x1f:
		return true
	case r < 0x85:
		return false
	}
	switch r {
	case 0x85, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000:
		return true
	}
	return 0x2000 <= r && r <= 0x200a
}

// nextRune decodes the rune at s[i], with an ASCII fast path.
func nextRune(s []byte, i int) (rune, int) {
	if c := s[i]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRune(s[i:])
}

// isBlank reports whether s is empty or all whitespace (Python's
// `not s or s.isspace()`).
func isBlank(s []byte) bool {
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c > ' ' || !isPySpace(rune(c)) {
				return false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(s[i:])
		if !isPySpace(r) {
			return false
		}
		i += n
	}
	return true
}

// asciiWordEnd returns the end of the run of ASCII bytes from i that are
// not whitespace: the bulk of text, copied without decoding.
func asciiWordEnd(s []byte, i int) int {
	for i < len(s) {
		c := s[i]
		if c >= 0x80 || c <= ' ' && isPySpace(rune(c)) {
			break
		}
		i++
	}
	return i
}

// appendNodeNormalized appends jusText's normalize_whitespace(s) to dst:
// every whitespace run replaced by "\n" if it holds '\n' or '\r' and by " "
// otherwise, with nothing stripped.
func appendNodeNormalized(dst, s []byte) []byte {
	// The result is never longer than s: grow dst once rather than by
	// append's steps, which allocate about five times a large result.
	dst = slices.Grow(dst, len(s))
	for i := 0; i < len(s); {
		if j := asciiWordEnd(s, i); j > i {
			dst = append(dst, s[i:j]...)
			i = j
			continue
		}
		r, w := nextRune(s, i)
		if !isPySpace(r) {
			dst = append(dst, s[i:i+w]...)
			i += w
			continue
		}
		sep := byte(' ')
		for i < len(s) {
			r, w := nextRune(s, i)
			if !isPySpace(r) {
				break
			}
			if r == '\n' || r == '\r' {
				sep = '\n'
			}
			i += w
		}
		dst = append(dst, sep)
	}
	return dst
}

// appendNormalized appends jusText's normalize_whitespace(s.strip()) to dst:
// leading and trailing whitespace dropped, every inner whitespace run
// replaced by "\n" if it holds '\n' or '\r' and by " " otherwise. It also
// returns the result's length in code points and its number of words.
func appendNormalized(dst, s []byte) (out []byte, runes, words int) {
	dst = slices.Grow(dst, len(s)) // the result is never longer than s
	// pending is the separator owed for a whitespace run, 0 if none.
	pending := byte(0)
	for i := 0; i < len(s); {
		j := asciiWordEnd(s, i)
		w := j - i
		var r rune
		if w == 0 {
			r, w = nextRune(s, i)
			if isPySpace(r) {
				switch {
				case r == '\n' || r == '\r':
					pending = '\n'
				case pending == 0:
					pending = ' '
				}
				i += w
				continue
			}
		}
		if pending != 0 || runes == 0 {
			if runes > 0 {
				dst = append(dst, pending)
				runes++
			}
			pending = 0
			words++
		}
		dst = append(dst, s[i:i+w]...)
		if r == 0 {
			runes += w // an ASCII run: one code point per byte
		} else {
			runes++
		}
		i += w
	}
	return dst, runes, words
}
