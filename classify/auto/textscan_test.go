package auto

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/jtextract/jt/stopwords"
)

// textWordsRef is textFeatures' counting and word loop as they were before
// scanText: countTail's counts, then the words cut by wordEnd, trimmed by
// trimPunct and hashed by lowerHash one by one.
func (x *Extractor) textWordsRef(t []byte) (c tailCounts, ws wordStats) {
	c = countTail(t, 0)
	var stop, pairs, found, inTitle int
	hasBody := x.bodyPairs.n > 0
	var prev uint64
	havePrev := false
	buf := &x.wbuf
	n := 0 // words cut so far
	for i := 0; i < len(t) && (hasBody || n < maxStopWords && (x.stop != nil || len(x.titleHash) > 0)); {
		if t[i] == ' ' || t[i] == '\n' {
			i++
			continue
		}
		end := wordEnd(t, i)
		w := t[i:end]
		i = end
		n++
		first := n <= maxStopWords
		tw := w
		if edgePunct[w[0]] || edgePunct[w[len(w)-1]] {
			tw = trimPunct(w)
		}
		if len(tw) == 0 {
			continue
		}
		h, ascii := lowerHash(tw, buf)
		if first && x.stop != nil {
			if ascii && len(tw) <= maxLowerLen && !x.stopFilter.mayHold(h) {
				// Not in the list: buf holds the word as the list would.
			} else if ascii && len(tw) <= 16 {
				if x.isStop(buf[:], len(tw), h) {
					stop++
				}
			} else {
				lw := buf[:min(len(tw), maxLowerLen)]
				if !ascii || len(tw) > maxLowerLen {
					x.lower = stopwords.AppendLower(x.lower[:0], tw)
					lw = x.lower
				}
				if x.stop.Contains(lw) {
					stop++
				}
			}
		}
		if first && x.titleBloom&(1<<(h&63)) != 0 && slices.Contains(x.titleHash, h) {
			inTitle++
		}
		if hasBody {
			if havePrev {
				pairs++
				if x.bodyPairs.has(pairHash(prev, h)) {
					found++
				}
			}
			prev, havePrev = h, true
		}
	}
	return c, wordStats{stop: stop, inTitle: inTitle, pairs: pairs, found: found}
}

// countTail counts the words of t[i:] (a word starts at t[i]), those
// that start with an upper-case letter, and the sentence ends, commas and
// digits, as a loop over the text's words would. It reads eight bytes at
// a time, with bit masks (one bit per byte: its top one); the bytes of
// other scripts only add a look at the words they start (their capitals)
// and at the lead bytes of CJK sentence ends. The last bytes are read one
// by one.
func countTail(t []byte, i int) (c tailCounts) {
	const lsb, hi, low7 = 0x0101010101010101, 0x8080808080808080, 0x7f7f7f7f7f7f7f7f
	// eq marks the bytes of x equal to b; ge the bytes of x (below 0x80)
	// that are >= b (no sum carries into the next byte).
	eq := func(x uint64, b byte) uint64 {
		y := x ^ lsb*uint64(b)
		return ^((y & low7) + low7 | y) & hi
	}
	ge := func(x uint64, b byte) uint64 { return (x + lsb*uint64(0x80-b)) & hi }
	n := len(t)
	prevSep := true // t[i] starts a word
	for ; i+8 <= n; i += 8 {
		x := binary.LittleEndian.Uint64(t[i:])
		sep := eq(x, ' ') | eq(x, '\n')
		carry := uint64(0)
		if prevSep {
			carry = 0x80
		}
		starts := (sep<<8 | carry) &^ sep
		lo, ascii := x&low7, ^x&hi
		c.words += bits.OnesCount64(starts)
		c.caps += bits.OnesCount64(starts & (ge(lo, 'A') &^ ge(lo, 'Z'+1)) & ascii)
		c.punct += bits.OnesCount64(eq(x, '.') | eq(x, '!') | eq(x, '?'))
		c.commas += bits.OnesCount64(eq(x, ','))
		c.digits += bits.OnesCount64(ge(lo, '0') &^ ge(lo, '9'+1) & ascii)
		if x&hi != 0 {
			for m := starts &^ ascii; m != 0; m &= m - 1 {
				if upperAt(t, i+bits.TrailingZeros64(m)/8) {
					c.caps++
				}
			}
			for m := eq(x, 0xe3) | eq(x, 0xef); m != 0; m &= m - 1 {
				if cjkEnd(t, i+bits.TrailingZeros64(m)/8) {
					c.punct++
				}
			}
		}
		prevSep = sep>>63 != 0
	}
	for ; i < n; i++ {
		b := t[i]
		k := byteClass[b]
		if k&bSep != 0 {
			prevSep = true
			continue
		}
		if prevSep {
			prevSep = false
			c.words++
			if b < utf8.RuneSelf {
				if 'A' <= b && b <= 'Z' {
					c.caps++
				}
			} else if upperAt(t, i) {
				c.caps++
			}
		}
		if k&bCJK != 0 {
			if cjkEnd(t, i) {
				c.punct++
			}
			continue
		}
		c.punct += int(k & bPunct)
		c.commas += int(k>>1) & 1
		c.digits += int(k>>2) & 1
	}
	return c
}

// textExtractor returns an Extractor set up as classify sets it for a page
// with stoplist stop (nil for none), title and JSON-LD body text.
func textExtractor(stop *stopwords.Set, title, body string) *Extractor {
	x := New(Config{Stop: stop})
	x.stop = stop
	x.stopFilter = stopFilterFor(stop)
	x.stopCacheFor = stop
	for w := range words([]byte(title)) {
		if h, ok := wordHash(w); ok {
			x.titleHash = append(x.titleHash, h)
			x.titleBloom |= 1 << (h & 63)
		}
	}
	for h := range pairHashes([]byte(body)) {
		x.bodyPairs.add(h)
	}
	return x
}

// FuzzScanText holds scanText, and the counts and lookups textFeatures
// takes from it, against textWordsRef, with and without a stoplist, a
// title and an articleBody, on texts followed by other bytes in their
// array (read by the masked loads) or at its end.
func FuzzScanText(f *testing.F) {
	f.Add([]byte("The quick (brown) fox, said: \"jumps\" over the lazy dog."), []byte("xyz"), uint8(7))
	f.Add([]byte("Ünïcode wörds 日本語。 été ÉTÉ 2024-05-17 $100 a.b.c ... --- it's"), []byte(""), uint8(3))
	f.Add([]byte("internationalization extraordinarily, (parenthesised) words\nand lines of the text"), []byte("  "), uint8(5))
	en, err := stopwords.Lookup("English")
	if err != nil {
		f.Fatal(err)
	}
	const title = "The Quick Brown Fox: jumps over, the dog"
	const body = "the quick brown fox jumps over the lazy dog. Ünïcode wörds and (parenthesised) words, said it's"
	xs := []*Extractor{
		textExtractor(nil, "", ""), textExtractor(en, "", ""), textExtractor(en, title, ""),
		textExtractor(nil, title, body), textExtractor(en, title, body), textExtractor(en, "", body),
	}
	f.Fuzz(func(t *testing.T, text, after []byte, mode uint8) {
		x := xs[int(mode)%len(xs)]
		b := append(slices.Clip(text), after...)
		for _, s := range [][]byte{text, b[:len(text)]} {
			if len(s) > 0 && (s[0] == ' ' || s[0] == '\n') {
				continue // paragraph text starts with a word
			}
			gc, gw := x.scanText(s)
			wc, ww := x.textWordsRef(s)
			gw.n, gw.prev, gw.havePrev = 0, 0, false
			if gc != wc || gw != ww {
				t.Fatalf("%q (mode %d): scanText = %+v %+v, want %+v %+v", s, mode, gc, gw, wc, ww)
			}
		}
	})
}

// TestScanTextRandom runs FuzzScanText's check on texts made of words,
// punctuation, long words, stop words and other scripts.
func TestScanTextRandom(t *testing.T) {
	en, err := stopwords.Lookup("English")
	if err != nil {
		t.Fatal(err)
	}
	parts := []string{"the", "The", "a", "of", "AND", "quick", "brown", " ", "\n", "  ", ".", ",", "!", "?", "(", ")", "\"", "'s",
		"2024", "É", "été", "日本", "。", "！", "？", "\xe3\x80", "\xef\xbc", "\xc3", "Zz", "@[`{", "/:", "\t", "x9",
		"extraordinarily", "internationalization", "fox", "Fox", "dog", "jumps", "over", "lazy", "---", "$", "€"}
	const title = "The Quick Brown Fox: jumps over, the dog"
	const body = "the quick brown fox jumps over the lazy dog. été (fox) and dog, of the 日本 internationalization"
	xs := []*Extractor{
		textExtractor(nil, "", ""), textExtractor(en, "", ""), textExtractor(en, title, ""),
		textExtractor(nil, title, body), textExtractor(en, title, body), textExtractor(en, "", body),
	}
	r := rand.New(rand.NewPCG(7, 8))
	for range 30000 {
		var b []byte
		for range r.IntN(80) {
			b = append(b, parts[r.IntN(len(parts))]...)
		}
		b = append(b, randomBytes(r, r.IntN(4))...)
		b = []byte(strings.TrimLeft(string(b), " \n"))
		n := len(b)
		b = append(b, randomBytes(r, r.IntN(12))...)
		for _, s := range [][]byte{b[:n], slices.Clip(b[:n])} {
			for _, x := range xs {
				gc, gw := x.scanText(s)
				wc, ww := x.textWordsRef(s)
				gw.n, gw.prev, gw.havePrev = 0, 0, false
				if gc != wc || gw != ww {
					t.Fatalf("%q: scanText = %+v %+v, want %+v %+v", s, gc, gw, wc, ww)
				}
			}
		}
	}
}
