package auto

import (
	"bytes"
	"unicode/utf16"
	"unicode/utf8"
)

// readArticleBody decodes every "articleBody" string of the page's JSON-LD
// and records the hashes of its word pairs, which stage 1 compares the
// paragraphs with. The JSON is not parsed: the key is found by search and
// its string value decoded, which is all the feature needs and costs no
// allocation.
func (x *Extractor) readArticleBody() {
	clear(x.bodyHash)
	x.body = x.body[:0]
	ld := x.rec.ld
	for {
		i := bytes.Index(ld, []byte(`"articleBody"`))
		if i < 0 {
			break
		}
		ld = ld[i+len(`"articleBody"`):]
		j := 0
		for j < len(ld) && (isSpace(ld[j]) || ld[j] == ':') {
			j++
		}
		if j == len(ld) || ld[j] != '"' {
			continue
		}
		var n int
		x.body, n = appendJSONString(x.body, ld[j+1:])
		x.body = append(x.body, ' ')
		ld = ld[j+1+n:]
	}
	var prev uint64
	havePrev := false
	for w := range words(x.body) {
		if h, ok := wordHash(w); ok {
			if havePrev {
				x.bodyHash[pairHash(prev, h)] = struct{}{}
			}
			prev, havePrev = h, true
		}
	}
}

// appendJSONString appends the decoded JSON string that s starts with (after
// its opening quote) to dst and returns how many bytes of s it used,
// closing quote included. Escaped line breaks and tabs become spaces.
func appendJSONString(dst, s []byte) ([]byte, int) {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"':
			return dst, i + 1
		case c != '\\':
			dst = append(dst, c)
			i++
			continue
		case i+1 == len(s):
			return dst, len(s)
		}
		e := s[i+1]
		i += 2
		switch e {
		case 'n', 'r', 't', 'b', 'f':
			dst = append(dst, ' ')
		case 'u':
			r, n := jsonRune(s[i:])
			i += n
			dst = utf8.AppendRune(dst, r)
		default:
			dst = append(dst, e)
		}
	}
	return dst, len(s)
}

// jsonRune decodes the hex digits after a \u escape, with a following
// low surrogate when there is one, and returns the rune and the bytes used.
func jsonRune(s []byte) (rune, int) {
	r, ok := hex4(s)
	if !ok {
		return utf8.RuneError, 0
	}
	if utf16.IsSurrogate(r) && len(s) >= 10 && s[4] == '\\' && s[5] == 'u' {
		if r2, ok := hex4(s[6:]); ok {
			if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
				return d, 10
			}
		}
	}
	return r, 4
}

func hex4(s []byte) (rune, bool) {
	if len(s) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range s[:4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c|0x20 && c|0x20 <= 'f':
			c = c | 0x20 - 'a' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\r' }
