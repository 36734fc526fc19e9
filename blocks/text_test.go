package blocks

import (
	"testing"
	"unicode/utf8"
)

// The reference forms of the whitespace functions: rune by rune through
// isPySpace, with no byte-class table.

func isBlankRunes(s []byte) bool {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRune(s[i:])
		if !isPySpace(r) {
			return false
		}
		i += n
	}
	return true
}

func appendNodeNormalizedRunes(dst, s []byte) []byte {
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRune(s[i:])
		if !isPySpace(r) {
			dst = append(dst, s[i:i+w]...)
			i += w
			continue
		}
		sep := byte(' ')
		for i < len(s) {
			r, w := utf8.DecodeRune(s[i:])
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

func appendNormalizedRunes(dst, s []byte) (out []byte, runes, words int) {
	pending := byte(0)
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRune(s[i:])
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
		if pending != 0 || runes == 0 {
			if runes > 0 {
				dst = append(dst, pending)
				runes++
			}
			pending = 0
			words++
		}
		dst = append(dst, s[i:i+w]...)
		runes++
		i += w
	}
	return dst, runes, words
}

var normalizeInputs = []string{
	"",
	" ",
	"\t\n\r\v\f\x1c\x1d\x1e\x1f ",
	"plain ASCII text, two  spaces\tand a tab",
	"  lead and trail \r\n",
	"a\rb\nc\r\nd \t e",
	"\u00a0nbsp\u00a0\u00a0x\u2003em\u3000ideo\u0085nel\u2028ls\u2029ps\u1680o\u202f\u205f",
	"mixed \u00a0\n\u2003 runs \u2003\r",
	"Ünïcödé wörds — “quoted” ΟΔΟΣ слово 한국어",
	"bad\xff utf\xc3 8\xe2\x80 \xe2\x80\xa8x",
	"\x00\x01 ctl\x7f",
}

// TestNormalizeFastPaths checks isBlank, nodeRuneCount and
// appendNormalized, with their byte-class fast paths, against the rune by
// rune forms, on ASCII, Unicode whitespace and invalid UTF-8.
func TestNormalizeFastPaths(t *testing.T) {
	for _, in := range normalizeInputs {
		checkNormalize(t, in)
	}
	for c := range 0x100 {
		checkNormalize(t, "a"+string(rune(c))+"b")
		checkNormalize(t, "a"+string([]byte{byte(c)})+"b")
	}
}

func checkNormalize(t *testing.T, in string) {
	t.Helper()
	s := []byte(in)
	if got, want := isBlank(s), isBlankRunes(s); got != want {
		t.Errorf("isBlank(%q) = %v, rune by rune %v", in, got, want)
	}
	if got, want := nodeRuneCount(s), RuneCount(appendNodeNormalizedRunes(nil, s)); got != want {
		t.Errorf("nodeRuneCount(%q) = %d, rune by rune %d", in, got, want)
	}
	got, gr, gw := appendNormalized([]byte("x"), s)
	want, wr, ww := appendNormalizedRunes([]byte("x"), s)
	if string(got) != string(want) || gr != wr || gw != ww {
		t.Errorf("appendNormalized(%q) = %q, %d runes, %d words; rune by rune %q, %d, %d", in, got, gr, gw, want, wr, ww)
	}
}

func FuzzNormalizeFastPaths(f *testing.F) {
	for _, in := range normalizeInputs {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) { checkNormalize(t, in) })
}

// checkJoin checks what ParagraphMaker relies on to keep text nodes as
// written: normalising the joined nodes gives what normalising each node
// first (jusText's characters()) and then the joined result gives.
func checkJoin(t *testing.T, a, b string) {
	t.Helper()
	got, gr, gw := appendNormalized(nil, []byte(a+b))
	nodes := appendNodeNormalizedRunes(appendNodeNormalizedRunes(nil, []byte(a)), []byte(b))
	want, wr, ww := appendNormalizedRunes(nil, nodes)
	if string(got) != string(want) || gr != wr || gw != ww {
		t.Errorf("appendNormalized(%q + %q) = %q, %d runes, %d words; node by node %q, %d, %d", a, b, got, gr, gw, want, wr, ww)
	}
}

func TestNormalizeJoin(t *testing.T) {
	for _, a := range normalizeInputs {
		for _, b := range normalizeInputs {
			checkJoin(t, a, b)
		}
	}
	for c := range 0x100 {
		checkJoin(t, "a\xe2\x80", string([]byte{byte(c)})+"  b")
		checkJoin(t, "a "+string([]byte{byte(c)}), "\r\n b")
	}
}

func FuzzNormalizeJoin(f *testing.F) {
	for _, in := range normalizeInputs {
		f.Add(in, "x \u2003\n"+in)
	}
	f.Fuzz(checkJoin)
}
