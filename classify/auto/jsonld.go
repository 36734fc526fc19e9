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
	x.bodyPairs.reset()
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
				x.bodyPairs.add(pairHash(prev, h))
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

// hashSet is a set of 64-bit hashes: an open-addressing table with linear
// probing, kept at most half full. A hash is stored with its low bit set,
// so that 0 marks an empty slot; two hashes differing only there are one.
type hashSet struct {
	slots []uint64
	n     int
}

// maxKeptSlots is the largest table reset keeps for the next page: a page
// with an unusually long articleBody does not make every later reset clear
// its table.
const maxKeptSlots = 1 << 14

func (s *hashSet) reset() {
	if s.n == 0 {
		return
	}
	if len(s.slots) > maxKeptSlots {
		s.slots = nil
	} else {
		clear(s.slots)
	}
	s.n = 0
}

func (s *hashSet) add(h uint64) {
	if 2*(s.n+1) > len(s.slots) {
		old := s.slots
		s.slots = make([]uint64, max(256, 2*len(old)))
		s.n = 0
		for _, k := range old {
			if k != 0 {
				s.add(k)
			}
		}
	}
	h |= 1
	mask := uint64(len(s.slots) - 1)
	for i := (h ^ h>>32) & mask; ; i = (i + 1) & mask {
		switch s.slots[i] {
		case h:
			return
		case 0:
			s.slots[i] = h
			s.n++
			return
		}
	}
}

func (s *hashSet) has(h uint64) bool {
	if s.n == 0 {
		return false
	}
	h |= 1
	mask := uint64(len(s.slots) - 1)
	for i := (h ^ h>>32) & mask; ; i = (i + 1) & mask {
		switch s.slots[i] {
		case h:
			return true
		case 0:
			return false
		}
	}
}
