package tokenizer

import "unicode/utf8"

// longestEntityName is the length of the longest named character reference
// ("CounterClockwiseContourIntegral;"); longestLegacy that of the longest one
// valid without a semicolon.
const (
	longestEntityName = 32
	longestLegacy     = 6
)

// lookupEntity finds name in the sorted entity table without allocating.
func lookupEntity(name []byte) (string, bool) {
	lo, hi := 0, len(entityNames)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if entityNames[m] < string(name) {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(entityNames) && entityNames[lo] == string(name) {
		return entityValues[lo], true
	}
	return "", false
}

// windows1252 maps the C1 controls that numeric references name to the
// characters the standard says they mean (the windows-1252 reading).
var windows1252 = [32]rune{
	'\u20AC', '\u0081', '\u201A', '\u0192', '\u201E', '\u2026', '\u2020', '\u2021',
	'\u02C6', '\u2030', '\u0160', '\u2039', '\u0152', '\u008D', '\u017D', '\u008F',
	'\u0090', '\u2018', '\u2019', '\u201C', '\u201D', '\u2022', '\u2013', '\u2014',
	'\u02DC', '\u2122', '\u0161', '\u203A', '\u0153', '\u009D', '\u017E', '\u0178',
}

// appendCharRef decodes the character reference at the start of s (s[0] is
// '&') onto dst and returns how many bytes of s it consumed. Something that
// is not a reference is copied as one '&'. In attribute values a legacy
// reference without ';' followed by '=' or an alphanumeric stays as written.
func appendCharRef(dst, s []byte, inAttr bool) ([]byte, int) {
	if len(s) > 1 && s[1] == '#' {
		return appendNumericRef(dst, s)
	}
	n := 1
	for n < len(s) && n <= longestEntityName && isAlnum(s[n]) {
		n++
	}
	if n < len(s) && s[n] == ';' {
		if v, ok := lookupEntity(s[1 : n+1]); ok {
			return append(dst, v...), n + 1
		}
	}
	for l := min(n-1, longestLegacy); l >= 2; l-- {
		v, ok := lookupEntity(s[1 : 1+l])
		if !ok {
			continue
		}
		if inAttr && 1+l < len(s) && (s[1+l] == '=' || isAlnum(s[1+l])) {
			break
		}
		return append(dst, v...), 1 + l
	}
	return append(dst, '&'), 1
}

func appendNumericRef(dst, s []byte) ([]byte, int) {
	i := 2
	hex := i < len(s) && (s[i] == 'x' || s[i] == 'X')
	if hex {
		i++
	}
	digits := i
	var v uint32
	for ; i < len(s); i++ {
		d, ok := digitValue(s[i], hex)
		if !ok {
			break
		}
		if v <= utf8.MaxRune {
			if hex {
				v = v<<4 | d
			} else {
				v = v*10 + d
			}
		}
	}
	if i == digits {
		return append(dst, '&'), 1
	}
	if i < len(s) && s[i] == ';' {
		i++
	}
	r := rune(v)
	switch {
	case v > utf8.MaxRune, v == 0, 0xD800 <= v && v <= 0xDFFF:
		r = utf8.RuneError
	case 0x80 <= v && v <= 0x9F:
		r = windows1252[v-0x80]
	}
	return utf8.AppendRune(dst, r), i
}

func digitValue(c byte, hex bool) (uint32, bool) {
	switch {
	case '0' <= c && c <= '9':
		return uint32(c - '0'), true
	case hex && 'a' <= c|0x20 && c|0x20 <= 'f':
		return uint32(c|0x20-'a') + 10, true
	}
	return 0, false
}

func isAlnum(c byte) bool { return isAlpha(c) || '0' <= c && c <= '9' }
