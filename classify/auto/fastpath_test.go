package auto

import (
	"bytes"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/jtextract/jt/stopwords"
)

// randomBytes returns n bytes drawn mostly from the characters that
// matter to the fast paths: ASCII letters, separators, punctuation and
// UTF-8 sequences.
func randomBytes(r *rand.Rand, n int) []byte {
	const alphabet = "aZ-_ \t\n\r.,0Hidenv\x00\x1f!\"~"
	b := make([]byte, 0, n)
	for len(b) < n {
		switch r.IntN(6) {
		case 0:
			b = append(b, byte(r.IntN(256)))
		case 1:
			b = append(b, "é日本ü"[r.IntN(4)*2:][:2]...)
		default:
			b = append(b, alphabet[r.IntN(len(alphabet))])
		}
	}
	return b
}

func TestVisibleRunesFast(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		b := randomBytes(r, r.IntN(70))
		if got, want := visibleRunes(b), visibleRunesRef(b); got != want {
			t.Fatalf("visibleRunes(%q) = %d, want %d", b, got, want)
		}
	}
	for c := range 256 {
		b := []byte{byte(c), byte(c), byte(c), byte(c), byte(c), byte(c), byte(c), byte(c), byte(c)}
		if got, want := visibleRunes(b), visibleRunesRef(b); got != want {
			t.Fatalf("visibleRunes(%q) = %d, want %d", b, got, want)
		}
	}
	// Long texts, all visible or not, over the blocks of 254 chunks whose
	// counts are summed together.
	for _, n := range []int{2016, 2031, 2032, 2039, 2040, 2041, 2048, 4064, 4072, 4087, 9000} {
		for _, b := range [][]byte{bytes.Repeat([]byte("x"), n), bytes.Repeat([]byte("\xc3"), n), randomBytes(r, n)} {
			if got, want := visibleRunes(b), visibleRunesRef(b); got != want {
				t.Fatalf("visibleRunes of %d bytes = %d, want %d", n, got, want)
			}
		}
	}
	// The last bytes are read with those after them in the array.
	for range 20000 {
		b := randomBytes(r, 80)
		n := r.IntN(70)
		if got, want := visibleRunes(b[:n]), visibleRunesRef(b[:n]); got != want {
			t.Fatalf("visibleRunes(%q) = %d, want %d", b[:n], got, want)
		}
	}
}

func TestClassCuesHidden(t *testing.T) {
	vals := []string{"hidden", "x HIDDEN y", "sr-only", "a\tvisually-hidden", "visuallyHidden", "hidden-xs",
		"screen-reader-text foo", "d-none", " invisible ", "inVisible", "hide\n", "  ", "", "hidden\rnav", "hiddenx", "article content"}
	// Every cue word, alone, in capitals, in camel case and among
	// other words: random bytes alone would hardly ever spell one.
	for _, e := range cueWords {
		for _, w := range e.words {
			title := strings.ToUpper(w[:1]) + w[1:]
			vals = append(vals, w, strings.ToUpper(w), "x"+title, "site-"+w+"_2 "+w+"s", title+"Box", "4"+w)
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		vals = append(vals, string(randomBytes(r, r.IntN(40))))
	}
	for _, v := range vals {
		want, wantSig := classCuesRef([]byte(v))
		if c := classCues([]byte(v), false, nil); c.cues != want || c.sig != wantSig {
			t.Fatalf("classCues(%q, false) = %b, %#x, want %b, %#x", v, c.cues, c.sig, want, wantSig)
		}
		if hiddenClassRef([]byte(v)) {
			want |= 1 << cueHidden
		}
		if c := classCues([]byte(v), true, nil); c.cues != want || c.sig != wantSig {
			t.Fatalf("classCues(%q, true) = %b, %#x, want %b, %#x", v, c.cues, c.sig, want, wantSig)
		}
	}
}

// TestClassCache holds the class-value cache to classCues, over values
// that share their classHash (one length, the same first, middle and last
// eight bytes) and enough others to empty the arena more than once.
func TestClassCache(t *testing.T) {
	var vals []string
	for _, mid := range []string{"nav", "hide", "menu", "adv", "body", "foot"} {
		for _, n := range []int{20, 27, 40} {
			v := []byte(strings.Repeat("x", n))
			copy(v, "article ")
			copy(v[n-8:], " content")
			copy(v[8:], mid+"-")
			copy(v[(n-8)/2:], "_ _ _ _ ")
			vals = append(vals, string(v))
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range 5000 {
		vals = append(vals, string(randomBytes(r, r.IntN(maxCachedClass+20))))
	}
	if classHash([]byte(vals[0])) != classHash([]byte(vals[3])) {
		t.Fatal("the values meant to share a classHash do not")
	}
	c := classCache{lex: newLexTable(testLexicon("article", "nav", "content", "x"))}
	for range 3 {
		for _, v := range vals {
			if got, want := c.cues([]byte(v)), classCues([]byte(v), true, c.lex); got != want {
				t.Fatalf("cues(%q) = %+v, want %+v", v, got, want)
			}
		}
	}
}

// classCuesRef and hiddenClassRef are the byte-by-byte versions of
// classCues that the one-pass version must agree with; classCuesRef also
// returns the signature, a sum over the words.
func classCuesRef(v []byte) (cueSet, uint64) {
	cueOf := map[string]cue{}
	for _, e := range cueWords {
		for _, w := range e.words {
			cueOf[w] = e.cue
		}
	}
	var s cueSet
	var sig uint64
	for i := 0; i < len(v); {
		for i < len(v) && !isAlnum(v[i]) {
			i++
		}
		if i == len(v) {
			break
		}
		var w []byte
		for ; i < len(v) && isAlnum(v[i]); i++ {
			c := v[i]
			if 'A' <= c && c <= 'Z' {
				if len(w) > 0 && 'a' <= v[i-1] && v[i-1] <= 'z' {
					break
				}
				c |= 0x20
			}
			w = append(w, c)
		}
		sig += fnv1a(fnvOffset, string(w)) * 0x9e3779b97f4a7c15
		if c, ok := cueOf[string(w)]; ok && len(w) <= maxWordLen {
			s |= 1 << c
		}
	}
	return s, sig
}

func hiddenClassRef(v []byte) bool {
	for w := range fields(v) {
		switch len(w) { // the lengths of the words below
		case 4, 6, 7, 9, 14, 15, 18:
		default:
			continue
		}
		switch {
		case bytes.EqualFold(w, []byte("hidden")), bytes.EqualFold(w, []byte("hide")),
			bytes.EqualFold(w, []byte("sr-only")), bytes.EqualFold(w, []byte("visually-hidden")),
			bytes.EqualFold(w, []byte("visuallyhidden")), bytes.EqualFold(w, []byte("screen-reader-text")),
			bytes.EqualFold(w, []byte("d-none")), bytes.EqualFold(w, []byte("invisible")):
			return true
		}
	}
	return false
}

func TestCutMatchesSigmoid(t *testing.T) {
	for _, th := range []float32{0.45000008, 0.7499998, 0.22500002, 0.17500001, 0.5, 0.02, 0.98, 0, 1, 0.001} {
		c := newCut(th)
		z0 := float32(math.Log(float64(th) / (1 - float64(th))))
		if math.IsInf(float64(z0), 0) || math.IsNaN(float64(z0)) {
			z0 = 0
		}
		for _, z := range []float32{z0, -20, 20, zeroLogit, float32(math.Inf(1)), float32(math.NaN())} {
			if got, want := c.good(z), sigmoid(z) >= th; got != want {
				t.Fatalf("th %v z %v: good %v, sigmoid %v", th, z, got, want)
			}
		}
		// Every float32 within ±0.05 of logit(th), then coarser steps.
		for _, dir := range []float32{-1, 1} {
			z := z0
			for k := 0; k < 2000000 && math.Abs(float64(z-z0)) < 0.05; k++ {
				if got, want := c.good(z), sigmoid(z) >= th; got != want {
					t.Fatalf("th %v z %v: good %v, sigmoid %v", th, z, got, want)
				}
				z = math.Nextafter32(z, dir*float32(math.Inf(1)))
			}
		}
		for z := float32(-30); z < 30; z += 0.001 {
			if got, want := c.good(z), sigmoid(z) >= th; got != want {
				t.Fatalf("th %v z %v: good %v, sigmoid %v", th, z, got, want)
			}
		}
	}
}

// countTailRef counts as textFeatures' word loop did before countTail (textscan_test.go), which scanText replaced.
func countTailRef(t []byte, i int) (c tailCounts) {
	for n := len(t); i < n; {
		if byteClass[t[i]]&bSep != 0 {
			i++
			continue
		}
		start := i
		for ; i < n; i++ {
			k := byteClass[t[i]]
			if k&(bSep|bCJK) != 0 {
				if k&bSep != 0 {
					break
				}
				if i+2 < n && (t[i] == 0xe3 && t[i+1] == 0x80 && t[i+2] == 0x82 ||
					t[i] == 0xef && t[i+1] == 0xbc && (t[i+2] == 0x81 || t[i+2] == 0x9f)) {
					c.punct++
				}
				continue
			}
			c.punct += int(k & bPunct)
			c.commas += int(k>>1) & 1
			c.digits += int(k>>2) & 1
		}
		w := t[start:i]
		c.words++
		if ch := w[0]; ch < utf8.RuneSelf {
			if 'A' <= ch && ch <= 'Z' {
				c.caps++
			}
		} else if r, _ := utf8.DecodeRune(w); unicode.IsUpper(r) {
			c.caps++
		}
	}
	return c
}

func TestCountTail(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	parts := []string{"The", "a", "quick", " ", "\n", "  ", ".", ",", "!", "?", "2024", "É", "été", "日本", "。", "！", "？",
		"\xe3\x80", "\xef\xbc", "\xc3", "Zz", "@[`{", "/:", "\t", "x9", "ALL"}
	for range 20000 {
		var b []byte
		for range r.IntN(40) {
			b = append(b, parts[r.IntN(len(parts))]...)
		}
		b = append(b, randomBytes(r, r.IntN(4))...)
		for i := 0; i < len(b); i++ {
			if byteClass[b[i]]&bSep != 0 {
				continue
			}
			if got, want := countTail(b, i), countTailRef(b, i); got != want {
				t.Fatalf("countTail(%q, %d) = %+v, want %+v", b, i, got, want)
			}
		}
	}
}

func TestStopFilterHoldsEveryWord(t *testing.T) {
	for _, n := range stopwords.Languages() {
		s, err := stopwords.Lookup(n)
		if err != nil {
			t.Fatal(err)
		}
		f := stopFilterFor(s)
		var buf [maxLowerLen]byte
		for w := range s.All() {
			if h, _ := lowerHash([]byte(w), &buf); !f.mayHold(h) && !bytes.ContainsAny([]byte(w), "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
				t.Fatalf("%s: filter lacks %q", n, w)
			}
		}
	}
}

// visibleRunesRef is visibleRunes byte by byte.
func visibleRunesRef(text []byte) int {
	n := 0
	for _, c := range text {
		if c&0xc0 != 0x80 && c > ' ' {
			n++
		}
	}
	return n
}

// appendSampleSlow is appendSample word by word: words cut at ' ' and
// '\n', trimmed, lower-cased and hashed one at a time.
func appendSampleSlow(dst []uint64, t []byte) []uint64 {
	for w := range words(t) {
		if len(dst) == sampleWords {
			break
		}
		if w = trimPunct(w); len(w) > 0 && !hasDigit(w) {
			dst = append(dst, langHash(stopwords.AppendLower(nil, w)))
		}
	}
	return dst
}

func checkSample(t *testing.T, text []byte) {
	t.Helper()
	var lower []byte
	for _, prefix := range [][]uint64{nil, make([]uint64, sampleWords-3)} {
		got := appendSample(slices.Clone(prefix), text, &lower)
		want := appendSampleSlow(slices.Clone(prefix), text)
		if !slices.Equal(got, want) {
			t.Fatalf("appendSample(%q) after %d hashes: %x, want %x", text, len(prefix), got, want)
		}
	}
}

func TestAppendSample(t *testing.T) {
	for _, s := range []string{
		"", " ", "\n\n", "The cat sat on the mat.", "(Hello), WORLD! It's 2024; A1 b2c x", "ab  cd\nef\n",
		"...!? -- a", "Größe ÄRGER naïve café İstanbul ΣΟΦΊΑ", "exactly seven chars1234567 eightchr 7chars! end",
		"tail", "a", "mixedCASEword OK? z", "emoji 😀 here, and\ttab", "x\xffy ok \xc3 \xe2\x80",
	} {
		checkSample(t, []byte(s))
	}
}

func FuzzAppendSample(f *testing.F) {
	for _, s := range []string{"The cat sat on the mat.", "Größe ÄRGER naïve", "(a) b2 ...", "x\xffy ok"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, s []byte) {
		checkSample(t, s)
	})
}
