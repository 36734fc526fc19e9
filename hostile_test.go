package jt_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/iotest"
	"time"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/charset"
	"github.com/jtextract/jt/tokenizer"
)

// This file is the hostile-input suite for the whole pipeline.
// Every input is generated here; none is stored. The invariants every
// extraction must keep are in checkDoc and invariantChecker, and
// FuzzExtractInvariants checks them on fuzzed input. (Linear-time
// benchmarks are in linear_test.go; notes in testdata/hostile.md.)

// articleSentence is prose jusText classifies as good: long enough and
// dense in English stop words.
const articleSentence = "This is the kind of sentence that a person would write in a real article about the news. "

// article returns a paragraph element of n sentences.
func article(n int) string { return "<p>" + strings.Repeat(articleSentence, n) + "</p>" }

// isSpaceLike reports whether r separates words for any algorithm: Go's
// and Python's whitespace (Python also counts U+001C..U+001F).
func isSpaceLike(r rune) bool { return unicode.IsSpace(r) || 0x1c <= r && r <= 0x1f }

// skipShort skips a heavy single-goroutine test under -short, which CI's
// race-detector run uses: such a test has no concurrency for the detector
// to check, runs 20-30 times slower under it, and its heap and allocation
// bounds do not hold there. The plain run (go test ./...) runs it.
func skipShort(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("heavy and single-goroutine: left to the run without -short")
	}
}

// visible is the text a reader of the page could see, as the pipeline
// decodes it: every text token except the content of script and style,
// with whitespace removed (algorithms normalise whitespace, so it carries
// no information here), and where each token starts and ends.
type visible struct {
	text        []byte
	start, stop []bool // start[i]: a token starts at byte i; stop[i]: one ends there
}

// visibleText returns the visible text of in, or nil when in cannot be
// decoded.
func visibleText(tb testing.TB, in []byte) *visible {
	tb.Helper()
	dec, err := charset.NewDecoder(charset.WithFallback("utf-8"))
	if err != nil {
		tb.Fatal(err)
	}
	text, _, err := dec.Decode(in, "")
	if err != nil {
		return nil
	}
	z, err := tokenizer.New()
	if err != nil {
		tb.Fatal(err)
	}
	z.ResetBytes(text)
	v := &visible{}
	var starts, stops []int
	skipNext := false
	for k := z.Next(); k != tokenizer.ErrorToken; k = z.Next() {
		switch k {
		case tokenizer.StartTagToken, tokenizer.SelfClosingTagToken:
			n := string(z.TagName())
			skipNext = n == "script" || n == "style"
		case tokenizer.TextToken:
			if !skipNext {
				at := len(v.text)
				v.text = appendNoSpace(v.text, z.Text())
				if len(v.text) > at {
					starts, stops = append(starts, at), append(stops, len(v.text))
				}
			}
			skipNext = false
		default:
			skipNext = false
		}
	}
	v.start, v.stop = make([]bool, len(v.text)+1), make([]bool, len(v.text)+1)
	for i := range starts {
		v.start[starts[i]], v.stop[stops[i]] = true, true
	}
	return v
}

// appendNoSpace appends s without its white space and without the
// characters browsers do not show (soft hyphens, zero-width spaces), which
// "auto" drops from its text and the others keep.
func appendNoSpace(dst, s []byte) []byte {
	for len(s) > 0 {
		r, n := utf8.DecodeRune(s)
		if !isSpaceLike(r) && r != '\u00ad' && r != '\u200b' && r != '\ufeff' {
			dst = append(dst, s[:n]...)
		}
		s = s[n:]
	}
	return dst
}

// checkWordsInOrder fails tb unless the main text is the visible text with
// parts left out, never with text added, moved or taken from scripts:
// every word of text occurs in the visible text after the previous one.
// A word may also be made of pieces of the visible text, in order, joined
// where an algorithm dropped an element with its content (jusText's
// cleaning drops a textarea, and the text around it joins); the pieces
// must then end and start where text tokens do.
func checkWordsInOrder(tb testing.TB, algo string, text []byte, v *visible) {
	tb.Helper()
	pos := 0
	for _, w := range bytes.FieldsFunc(text, isSpaceLike) {
		if w = appendNoSpace(nil, w); len(w) == 0 {
			continue
		}
		end, ok := v.pieces(w, pos, false, 0)
		if !ok {
			tb.Errorf("%s: word %.60q of the main text is not in the visible text after byte %d", algo, w, pos)
			return
		}
		pos = end
	}
}

// pieces finds w in the visible text from pos on, whole or as pieces
// joined at token boundaries (a piece after the first must start a token),
// and returns where its earliest match ends. The earliest match of a
// piece is always the best one: later pieces can only lose room.
func (v *visible) pieces(w []byte, pos int, atStart bool, depth int) (int, bool) {
	if depth > 8 {
		return 0, false
	}
	if i, ok := v.find(w, pos, atStart, false); ok {
		return i + len(w), true
	}
	for n := len(w) - 1; n > 0; n-- {
		if i, ok := v.find(w[:n], pos, atStart, true); ok {
			if end, ok := v.pieces(w[n:], i+n, true, depth+1); ok {
				return end, true
			}
		}
	}
	return 0, false
}

// find returns the earliest occurrence of p at or after pos, starting a
// token if atStart, ending one if atStop.
func (v *visible) find(p []byte, pos int, atStart, atStop bool) (int, bool) {
	for pos <= len(v.text) {
		i := bytes.Index(v.text[pos:], p)
		if i < 0 {
			return 0, false
		}
		i += pos
		if (!atStart || v.start[i]) && (!atStop || v.stop[i+len(p)]) {
			return i, true
		}
		pos = i + 1
	}
	return 0, false
}

// signature renders everything an extraction decided, for comparing two
// extractions.
func signature(doc *jt.Document, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s|%s|%q|%+v\n", doc.Algorithm(), doc.Charset(), doc.Title(), doc.Limits())
	for i := range doc.Paragraphs {
		p := &doc.Paragraphs[i]
		fmt.Fprintf(&b, "%d %d %d %d %d %q\n", p.Class, p.CFClass, p.Length, p.Words, p.LinkChars, doc.ParagraphText(i))
	}
	return b.String()
}

// checkDoc checks the invariants of one extraction's result: valid UTF-8
// everywhere, final classes Good or Bad, each paragraph's Length its
// number of code points, and the main text's words in the visible text in
// order. visible may be nil to skip the last check. Empty paragraphs are
// allowed: boilerpipe, like Java's, keeps a block whose text Java's trim
// empties (C0 controls only).
func checkDoc(tb testing.TB, doc *jt.Document, visible *visible) {
	tb.Helper()
	algo := doc.Algorithm()
	text := doc.AppendText(nil)
	if !utf8.Valid(text) {
		tb.Errorf("%s: main text is not valid UTF-8", algo)
	}
	if !utf8.ValidString(doc.Title()) {
		tb.Errorf("%s: title is not valid UTF-8", algo)
	}
	for i := range doc.Paragraphs {
		p := &doc.Paragraphs[i]
		if p.Class != blocks.Good && p.Class != blocks.Bad {
			tb.Errorf("%s: paragraph %d has final class %v, want good or bad", algo, i, p.Class)
		}
		if pt := doc.ParagraphText(i); !utf8.Valid(pt) {
			tb.Errorf("%s: paragraph %d is not valid UTF-8", algo, i)
		} else if n := utf8.RuneCount(pt); n != p.Length {
			tb.Errorf("%s: paragraph %d: Length %d, its text has %d code points", algo, i, p.Length, n)
		}
	}
	if visible != nil {
		checkWordsInOrder(tb, algo, text, visible)
	}
}

// referencePage is the page extracted after every fuzzed input to check
// that nothing of the previous input leaks into the next extraction.
var referencePage = []byte(`<html><head><title>Reference</title></head><body>
<div id=nav><a href=/>Home</a> | <a href=/news>News</a> | <a href=/about>About</a></div>
<h1>A headline for the reference page</h1>` + article(3) + `<table><tr><td>cell one<td>cell two</table>` +
	article(2) + `<ul><li><a href=/1>related one</a><li><a href=/2>related two</a></ul>
<div class=footer>Copyright &copy; 2024 Example</div></body></html>`)

// invariantChecker holds, per algorithm, a reused Extractor and the
// result a fresh one gives on referencePage.
type invariantChecker struct {
	algos []string
	opts  []jt.Option
	reuse []*jt.Extractor
	ref   []string
}

func newInvariantChecker(tb testing.TB, opts ...jt.Option) *invariantChecker {
	c := &invariantChecker{algos: jt.Algorithms(), opts: opts}
	for _, algo := range c.algos {
		c.reuse = append(c.reuse, newExtractor(tb, append([]jt.Option{jt.WithAlgorithm(algo)}, opts...)...))
		doc, err := newExtractor(tb, append([]jt.Option{jt.WithAlgorithm(algo)}, opts...)...).ExtractBytes(referencePage)
		c.ref = append(c.ref, signature(doc, err))
	}
	return c
}

// check extracts in with every algorithm and checks the invariants: those
// of checkDoc; the same result twice in a row; the same result as a fresh
// Extractor (when fresh is set); and, after in, the same result on
// referencePage as a fresh Extractor gives.
func (c *invariantChecker) check(tb testing.TB, in []byte, fresh bool) {
	tb.Helper()
	visible := visibleText(tb, in)
	for i, ex := range c.reuse {
		doc, err := ex.ExtractBytes(in)
		first := signature(doc, err)
		if err == nil {
			checkDoc(tb, doc, visible)
		}
		if again := signature(ex.ExtractBytes(in)); again != first {
			tb.Errorf("%s: a second extraction of the same input differs:\n%.300s\nthen\n%.300s", c.algos[i], first, again)
		}
		if fresh {
			nx := newExtractor(tb, append([]jt.Option{jt.WithAlgorithm(c.algos[i])}, c.opts...)...)
			if f := signature(nx.ExtractBytes(in)); f != first {
				tb.Errorf("%s: a reused Extractor differs from a fresh one:\n%.300s\nfresh\n%.300s", c.algos[i], first, f)
			}
		}
		if got := signature(ex.ExtractBytes(referencePage)); got != c.ref[i] {
			tb.Errorf("%s: after this input, the reference page extracts differently than with a fresh Extractor:\n%.300s\nfresh\n%.300s",
				c.algos[i], got, c.ref[i])
		}
	}
}

// FuzzExtractInvariants checks, for every algorithm, the invariants on
// arbitrary input: no error on input within the size limit,
// valid UTF-8 output, final classes Good or Bad, main-text words found in
// order in the visible text, the same result twice, and an Extractor that
// behaves on the next page as a fresh one would.
func FuzzExtractInvariants(f *testing.F) {
	for _, s := range []string{"", " \n", string(referencePage), article(3), "<div>" + article(2) + "<script>" + article(1),
		"\xfe\xff\x00<\x00p\x00>", "<p>a\x00b" + article(2), "<table><td colspan=99999999999>" + article(2)} {
		f.Add([]byte(s))
	}
	c := newInvariantChecker(f, jt.WithMaxDepth(64), jt.WithMaxParagraphs(64))
	var n atomic.Int64
	f.Fuzz(func(t *testing.T, in []byte) {
		for i, ex := range c.reuse {
			if _, err := ex.ExtractBytes(in); err != nil {
				t.Fatalf("%s: ExtractBytes of %d bytes: %v", c.algos[i], len(in), err)
			}
		}
		// A fresh Extractor per algorithm costs more than the rest of the
		// body: compare with one on every eighth input.
		c.check(t, in, n.Add(1)%8 == 1)
	})
}

// hostileCase is one generated hostile input and the outcome it must have.
type hostileCase struct {
	name string
	in   func() []byte
	// check asserts the outcome of the jusText extraction.
	check func(t *testing.T, doc *jt.Document, err error)
	// all runs the invariant checks with every algorithm too.
	all bool
}

func wantText(sub string, not ...string) func(t *testing.T, doc *jt.Document, err error) {
	return func(t *testing.T, doc *jt.Document, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("error %v, want a result", err)
		}
		text := doc.Text()
		if !strings.Contains(text, sub) {
			t.Errorf("main text %.100q... lacks %q", text, sub)
		}
		for _, n := range not {
			if strings.Contains(text, n) {
				t.Errorf("main text contains %q, which the input hides", n)
			}
		}
	}
}

func wantEmpty(t *testing.T, doc *jt.Document, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("error %v, want an empty result", err)
	}
	if len(doc.Paragraphs) != 0 || doc.Text() != "" || doc.Limits().Any() {
		t.Errorf("got %d paragraphs, text %q, limits %+v; want nothing", len(doc.Paragraphs), doc.Text(), doc.Limits())
	}
}

func utf16WithBOM(s string, bigEndian bool) []byte {
	var b []byte
	if bigEndian {
		b = append(b, 0xfe, 0xff)
	} else {
		b = append(b, 0xff, 0xfe)
	}
	for _, u := range utf16.Encode([]rune(s)) {
		if bigEndian {
			b = append(b, byte(u>>8), byte(u))
		} else {
			b = append(b, byte(u), byte(u>>8))
		}
	}
	return b
}

// hostileCases lists the suite's inputs except the 50 MB one, which
// TestHostileHugeElement measures on its own.
func hostileCases() []hostileCase {
	deepText := func(depth int, open, close string) func() []byte {
		return func() []byte {
			return []byte(strings.Repeat(open, depth) + article(4) + strings.Repeat(close, depth))
		}
	}
	return []hostileCase{
		{name: "empty", in: func() []byte { return nil }, check: wantEmpty, all: true},
		{name: "whitespace only", in: func() []byte { return []byte(" \t\r\n\f \u00a0\u3000 \n") }, check: wantEmpty, all: true},
		{
			// 200,000 nested divs: the text is still extracted, and Limits
			// counts every start tag beyond the depth limit (html and body
			// take two of the 1024 levels; the p is dropped too).
			name: "200,000 nested divs", in: deepText(200000, "<div>", "</div>"),
			check: func(t *testing.T, doc *jt.Document, err error) {
				wantText("real article")(t, doc, err)
				if got, want := doc.Limits().DroppedElements, 200000-1022+1; got != want {
					t.Errorf("DroppedElements = %d, want %d", got, want)
				}
			},
		},
		{
			name: "300,000 unclosed inline tags",
			in: func() []byte {
				var b strings.Builder
				tags := []string{"<span>", "<b>", "<i>", "<font color=red>", "<em>", "<u>"}
				for i := range 300000 {
					b.WriteString(tags[i%len(tags)])
				}
				b.WriteString(article(4))
				return []byte(b.String())
			},
			check: func(t *testing.T, doc *jt.Document, err error) {
				wantText("real article")(t, doc, err)
				if got, want := doc.Limits().DroppedElements, 300000-1022+1; got != want {
					t.Errorf("DroppedElements = %d, want %d", got, want)
				}
			},
		},
		{
			name: "200,000 attributes on one element",
			in: func() []byte {
				var b strings.Builder
				b.WriteString("<div")
				for i := range 200000 {
					fmt.Fprintf(&b, " a%d='v%d'", i, i)
				}
				b.WriteString(" class=content>" + article(4) + "</div>")
				return []byte(b.String())
			},
			check: wantText("real article"),
		},
		{
			name: "unclosed comment swallowing 4 MB",
			in: func() []byte {
				return []byte(article(4) + "<!-- never closed " + strings.Repeat("<p>hidden secret words in the comment</p>", 100000))
			},
			check: wantText("real article", "secret"), all: true,
		},
		{
			name: "unclosed script swallowing 4 MB",
			in: func() []byte {
				return []byte(article(4) + "<script>var x = '" + strings.Repeat("<p>hidden secret words in the script</p>", 100000))
			},
			check: wantText("real article", "secret"), all: true,
		},
		{
			name: "NUL bytes",
			in: func() []byte {
				return []byte("\x00<p\x00>" + strings.ReplaceAll(article(4), "real", "re\x00al") + "\x00</p>\x00")
			},
			check: func(t *testing.T, doc *jt.Document, err error) {
				wantText("real article")(t, doc, err)
				if strings.Contains(doc.Text(), "\x00") {
					t.Error("main text holds U+0000")
				}
			},
			all: true,
		},
		{
			name: "invalid UTF-8 under a UTF-8 declaration",
			in: func() []byte {
				return []byte(`<meta charset="utf-8">` + strings.ReplaceAll(article(4), "article", "art\xffic\xc0\x80le\xed\xa0\x80"))
			},
			check: func(t *testing.T, doc *jt.Document, err error) {
				wantText("art\uFFFDic\uFFFD\uFFFDle\uFFFD\uFFFD\uFFFD")(t, doc, err)
				if doc.Charset() != "utf-8" {
					t.Errorf("charset %q, want utf-8", doc.Charset())
				}
			},
			all: true,
		},
		{
			// A meta cannot switch a byte stream to UTF-16 (the standard
			// reads such a declaration as UTF-8), so ASCII text survives.
			name: "charset declaration that lies (utf-16 on ASCII)",
			in:   func() []byte { return []byte(`<meta charset="utf-16le">` + article(4)) },
			check: func(t *testing.T, doc *jt.Document, err error) {
				wantText("real article")(t, doc, err)
				if doc.Charset() != "utf-8" {
					t.Errorf("charset %q, want utf-8", doc.Charset())
				}
			},
			all: true,
		},
		{
			// UTF-8 text declared as Shift_JIS: the result is mojibake, but
			// valid UTF-8 with the ASCII words intact.
			name: "charset declaration that lies (shift_jis on UTF-8)",
			in: func() []byte {
				return []byte(`<meta charset="shift_jis">` + strings.ReplaceAll(article(4), "news", "nëws ünïcödé"))
			},
			check: wantText("real article"), all: true,
		},
		{
			name:  "UTF-16LE with a BOM",
			in:    func() []byte { return utf16WithBOM("<html><body>"+article(4)+"<p>naïve café</p>", false) },
			check: wantText("real article"), all: true,
		},
		{
			name:  "UTF-16BE with a BOM",
			in:    func() []byte { return utf16WithBOM(`<meta charset="windows-1252">`+article(4), true) },
			check: wantText("real article"), all: true,
		},
		{
			name: "256 KB of random binary",
			in: func() []byte {
				r := rand.New(rand.NewPCG(7, 7))
				b := make([]byte, 256<<10)
				for i := range b {
					b[i] = byte(r.Uint32())
				}
				return b
			},
			check: func(t *testing.T, doc *jt.Document, err error) {
				if err != nil {
					t.Fatalf("error %v, want a (meaningless) result", err)
				}
			},
			all: true,
		},
		{
			name: "numeric entities beyond U+10FFFF",
			in: func() []byte {
				return []byte("<p>" + strings.Repeat(articleSentence, 4) +
					"&#x110000; &#1114112; &#99999999999999999999; &#xFFFFFFFFFFFFFFFF; &#xD800; &#0;</p>")
			},
			check: func(t *testing.T, doc *jt.Document, err error) {
				wantText("real article")(t, doc, err)
				if n := strings.Count(doc.Text(), "\uFFFD"); n != 6 {
					t.Errorf("%d U+FFFD in the main text, want 6 (one per bad reference)", n)
				}
			},
			all: true,
		},
		{
			name: "huge colspan and rowspan",
			in: func() []byte {
				return []byte(`<table><tr><td colspan="4294967296" rowspan="99999999999999999999">` + article(4) +
					`<td colspan=-2147483649 rowspan=0x7fffffff>x<tr><td colspan=1e308>` + article(2) + `</table>`)
			},
			check: wantText("real article"), all: true,
		},
		{
			name: "150,000 unmatched end tags",
			in: func() []byte {
				return []byte(strings.Repeat("</div></span></p></li></td></table></a></b>", 20000) + article(4))
			},
			check: wantText("real article"), all: true,
		},
		{
			name: "200,000 br",
			in: func() []byte {
				return []byte(strings.Repeat("<br>", 100000) + article(4) + strings.Repeat("<br/>", 100000))
			},
			check: wantText("real article"), all: true,
		},
	}
}

// TestHostileSuite runs every generated hostile input through jusText and
// asserts its outcome (see each case), then, for the cases marked all,
// checks the extraction invariants with every algorithm.
func TestHostileSuite(t *testing.T) {
	skipShort(t)
	ex := newExtractor(t)
	var inv *invariantChecker
	for _, tc := range hostileCases() {
		t.Run(tc.name, func(t *testing.T) {
			in := tc.in()
			doc, err := ex.ExtractBytes(in)
			tc.check(t, doc, err)
			if err == nil {
				checkDoc(t, doc, visibleText(t, in))
			}
			if tc.all {
				if inv == nil {
					inv = newInvariantChecker(t)
				}
				inv.check(t, in, true)
			}
		})
	}
}

// heapUse is what heapPeak measured while a function ran.
type heapUse struct {
	base     uint64 // HeapAlloc after a GC before the run
	peak     uint64 // largest HeapAlloc sampled (every 2 ms and at the end)
	goal     uint64 // largest NextGC sampled: the heap size the GC lets the heap reach before collecting
	sys      uint64 // HeapSys afterwards: heap address space the process ever held
	allocked uint64 // TotalAlloc during the run: every byte allocated, freed or not
}

// heapPeak runs f, sampling runtime.MemStats every 2 ms (after a GC
// before it starts, so that the sampled peak counts f's garbage but not
// earlier tests').
func heapPeak(f func()) heapUse {
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	u := heapUse{base: before.HeapAlloc}
	var mu sync.Mutex
	sample := func(m *runtime.MemStats) {
		mu.Lock()
		u.peak = max(u.peak, m.HeapAlloc)
		u.goal = max(u.goal, m.NextGC)
		mu.Unlock()
	}
	sample(&before)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		var m runtime.MemStats
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				runtime.ReadMemStats(&m)
				sample(&m)
			}
		}
	})
	f()
	close(stop)
	wg.Wait()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	sample(&after)
	u.sys = after.HeapSys
	u.allocked = after.TotalAlloc - before.TotalAlloc
	return u
}

// TestHostileHugeElement extracts 50 MB of text in one element, read from
// an io.Reader with WithMaxBytes(60 MB): the text comes out whole, and the
// heap stays under 10x the configured maximum document size. The heap is
// measured with runtime.MemStats: the largest HeapAlloc sampled during
// the extraction (input included) and the largest GC heap goal, which the
// heap does not outgrow between samples.
func TestHostileHugeElement(t *testing.T) {
	skipShort(t)
	const maxBytes = 60 << 20
	sentences := 50 << 20 / len(articleSentence)
	page := []byte("<html><body><div>" + strings.Repeat(articleSentence, sentences) + "</div></body></html>")
	ex := newExtractor(t, jt.WithMaxBytes(maxBytes))
	var doc *jt.Document
	var err error
	u := heapPeak(func() {
		doc, err = ex.ExtractContext(context.Background(), bytes.NewReader(page), "")
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Paragraphs) != 1 || doc.Paragraphs[0].Class != blocks.Good {
		t.Fatalf("%d paragraphs, want one good one", len(doc.Paragraphs))
	}
	wantLen := sentences*len(articleSentence) - 1 // the trailing space is stripped
	if got := len(doc.ParagraphText(0)); got != wantLen {
		t.Errorf("paragraph of %d bytes, want %d", got, wantLen)
	}
	t.Logf("input %d MB, limit %d MB: peak HeapAlloc %d MB, peak GC goal %d MB, HeapSys %d MB, allocated %d MB in all",
		len(page)>>20, maxBytes>>20, u.peak>>20, u.goal>>20, u.sys>>20, u.allocked>>20)
	if peak := max(u.peak, u.goal); peak > 10*maxBytes {
		t.Errorf("heap reached %d MB, more than 10x the %d MB maximum document size", peak>>20, maxBytes>>20)
	}
	if u.allocked > 20*uint64(len(page)) {
		t.Errorf("%d MB allocated for a %d MB page: more than 20 bytes per input byte", u.allocked>>20, len(page)>>20)
	}
}

// TestHostileNestedTablesMemory extracts 256 KB of nested tables with a
// word in every cell ("<table><tr><td>x" repeated) with every algorithm
// and WithMaxBytes(2 MB), and proves that the heap grows by less than 10x
// the maximum document size, 16x for auto, which keeps more per paragraph
// (runtime.MemStats: bytes allocated, or when
// they are more, the largest HeapAlloc sampled, less the heap in use
// before). Each cell starts a paragraph as
// deep as the depth limit allows, so anything stored per paragraph in
// proportion to its depth multiplies the input by up to a thousand.
func TestHostileNestedTablesMemory(t *testing.T) {
	skipShort(t)
	const maxBytes = 2 << 20
	in := []byte(strings.Repeat("<table><tr><td>x", 256<<10/16))
	for _, algo := range jt.Algorithms() {
		ex := newExtractor(t, jt.WithAlgorithm(algo), jt.WithMaxBytes(maxBytes))
		var err error
		u := heapPeak(func() {
			// Three runs, so that the 2 ms samples catch each run's peak.
			for range 3 {
				if _, err = ex.ExtractBytes(in); err != nil {
					return
				}
			}
		})
		if err != nil {
			t.Fatalf("%s: %v", algo, err)
		}
		// Bytes allocated bound the growth from above; when they exceed the
		// limit, the sampled peak decides.
		grew := min(u.allocked, u.peak-u.base)
		// "auto" keeps its evidence per paragraph (about 400 bytes of
		// features and 90 of cue counts: a 5-byte cell costs 100 times
		// its size), linear in the paragraphs, not in their depth.
		limit := uint64(10)
		if algo == "auto" {
			limit = 16
		}
		if grew > limit*maxBytes {
			t.Errorf("%s: the heap grew by %d MB (allocated %d MB) for %d KB of nested tables, over %dx the %d MB maximum document size",
				algo, grew>>20, u.allocked>>20, len(in)>>10, limit, maxBytes>>20)
		}
	}
}

// spinReader returns (0, nil) on every call. After limit calls it returns
// errSpun instead, so that a caller that never gives up ends the test
// rather than hanging it.
type spinReader struct {
	calls, limit int
}

var errSpun = errors.New("spinReader: the caller kept reading after a million empty reads")

func (r *spinReader) Read([]byte) (int, error) {
	r.calls++
	if r.calls > r.limit {
		return 0, errSpun
	}
	return 0, nil
}

// TestReaderNoProgress proves that Extract, given a reader that returns
// (0, nil) forever, ends with an error of its own after a bounded number of
// reads instead of spinning. The reader gives up by itself after a million
// calls; an error wrapping errSpun means Extract would have spun forever.
// (The tokenizer's own Reset already stops after 100 empty reads with
// io.ErrNoProgress.)
func TestReaderNoProgress(t *testing.T) {
	r := &spinReader{limit: 1_000_000}
	_, err := newExtractor(t).Extract(r)
	switch {
	case err == nil:
		t.Fatal("Extract of a reader that never progresses returned no error")
	case errors.Is(err, errSpun):
		t.Fatalf("Extract spun: it called Read %d times on a reader returning (0, nil) and stopped only when the reader failed (%v). "+
			"BUG: jt.go readAll uses bytes.Buffer.ReadFrom, which loops on (0, nil) forever", r.calls-1, err)
	case !errors.Is(err, io.ErrNoProgress):
		t.Logf("Extract stopped after %d reads with %v (io.ErrNoProgress would be the usual error)", r.calls, err)
	}
	if r.calls > 1000 {
		t.Errorf("Extract called Read %d times before giving up, want a small bound", r.calls)
	}
}

// TestReaderSizes proves that Extract reads a reader whole up to
// WithMaxBytes and no further, whether or not the reader tells its length
// (strings.Reader does, a one-byte-at-a-time reader does not): an input of
// exactly the limit extracts as ExtractBytes does, one byte more fails with
// ErrTooLarge, or with WithTruncate extracts the first WithMaxBytes bytes.
func TestReaderSizes(t *testing.T) {
	page := "<p>" + strings.Repeat(articleSentence, 50) + "</p>"
	readers := map[string]func(s string) io.Reader{
		"strings.Reader":   func(s string) io.Reader { return strings.NewReader(s) },
		"one byte a time":  func(s string) io.Reader { return iotest.OneByteReader(strings.NewReader(s)) },
		"with empty reads": func(s string) io.Reader { return &stutterReader{r: strings.NewReader(s)} },
	}
	for name, mk := range readers {
		want := signature(newExtractor(t).ExtractBytes([]byte(page)))
		if got := signature(newExtractor(t, jt.WithMaxBytes(len(page))).Extract(mk(page))); got != want {
			t.Errorf("%s, exactly the limit: got\n%.300s\nwant\n%.300s", name, got, want)
		}
		if _, err := newExtractor(t, jt.WithMaxBytes(len(page)-1)).Extract(mk(page)); !errors.Is(err, jt.ErrTooLarge) {
			t.Errorf("%s, one byte over the limit: error %v, want ErrTooLarge", name, err)
		}
		cut := len(page) / 2
		want = signature(newExtractor(t, jt.WithMaxBytes(cut), jt.WithTruncate(true)).ExtractBytes([]byte(page)))
		if got := signature(newExtractor(t, jt.WithMaxBytes(cut), jt.WithTruncate(true)).Extract(mk(page))); got != want {
			t.Errorf("%s, truncated: got\n%.300s\nwant\n%.300s", name, got, want)
		}
	}
}

// stutterReader returns (0, nil) before every read that returns bytes, as
// some network readers do: fewer empty reads in a row than Extract
// tolerates.
type stutterReader struct {
	r     io.Reader
	empty bool
}

func (s *stutterReader) Read(b []byte) (int, error) {
	if s.empty = !s.empty; s.empty {
		return 0, nil
	}
	return s.r.Read(b)
}

// TestRCDataNULWithReferences checks the invariants on title and textarea
// text holding both U+0000 and character references, which the boilerpipe
// algorithms split into NekoHTML's text events: the events must give back
// the tokenizer's text (U+FFFD for U+0000 there), also when the title is
// beyond the depth limit and the tokenizer alone knows it is one, and in
// raw text, where references are not decoded.
func TestRCDataNULWithReferences(t *testing.T) {
	c := newInvariantChecker(t, jt.WithMaxDepth(64))
	for _, in := range []string{
		"0001&<A0\xc6\xc6000001><title>&000000000000\x00000", // the fuzzer's find
		"<body><title>a&amp;b\x00c</title>" + article(3),
		"<body><textarea>x&lt;\x00y</textarea>" + article(3),
		strings.Repeat("<div>", 80) + "<title>deep&amp;title\x00text</title>" + article(3),
		"<body><iframe>raw &amp; text\r\n\x00here</iframe>" + article(3),
		"<body><xmp>raw &amp; text\x00here</xmp>" + article(3),
		"<p>data &amp; text\x00here\r\nand more</p>" + article(3),
	} {
		c.check(t, []byte(in), true)
	}
}

// TestHostilePathBudget checks that paragraphs too deep for the path budget
// keep their text and are counted in Limits().DroppedPaths: alternating
// paragraph shapes under a thousand open elements share no path prefix, so
// each would store a path of some kilobytes.
func TestHostilePathBudget(t *testing.T) {
	const paras = 2000
	page := strings.Repeat("<div>", 1000) + strings.Repeat("<p>para</p><ul><li>item</ul>", paras/2)
	for _, algo := range []string{"justext", "auto"} {
		ex, err := jt.New(jt.WithAlgorithm(algo))
		if err != nil {
			t.Fatal(err)
		}
		doc, err := ex.ExtractBytes([]byte(page))
		if err != nil {
			t.Fatalf("%s: %v", algo, err)
		}
		dropped := doc.Limits().DroppedPaths
		if dropped == 0 || dropped >= paras {
			t.Errorf("%s: %d of %d paths dropped; want some, not all", algo, dropped, paras)
		}
		var empty, text int
		for i := range doc.Paragraphs {
			if len(doc.ParagraphPath(i)) == 0 {
				empty++
			}
			if s := string(doc.ParagraphText(i)); s == "para" || s == "item" {
				text++
			}
		}
		if empty != dropped || text != paras {
			t.Errorf("%s: %d empty paths (Limits says %d), %d of %d paragraphs kept their text", algo, empty, dropped, text, paras)
		}
	}
}

// TestVisiblePieces checks the invariant checker itself: words joined
// across a dropped element pass; text added, moved, or joined where no
// token ends and the next starts does not.
func TestVisiblePieces(t *testing.T) {
	page := []byte("<p>alpha beta</p><textarea>x</textarea>gamma<script>hidden</script>delta")
	v := visibleText(t, page)
	for _, tc := range []struct {
		words string
		ok    bool
	}{
		{"alpha beta gamma delta", true},
		{"alpha betagamma", true}, // joined across the dropped textarea
		{"betaxgammadelta", true}, // every piece at token boundaries
		{"alphgamma", false},      // "alph" does not end a token
		{"alpha amma", true},      // part of a token left out, as before
		{"alpha betamma", false},  // "mma" does not start a token
		{"gamma alpha", false},    // moved
		{"alpha omega", false},    // added
		{"gammahidden", false},    // script content is not visible
		{"deltagamma", false},     // joined out of order
	} {
		pos, ok := 0, true
		for _, w := range strings.Fields(tc.words) {
			end, found := v.pieces([]byte(w), pos, false, 0)
			if !found {
				ok = false
				break
			}
			pos = end
		}
		if ok != tc.ok {
			t.Errorf("%q: accepted %v, want %v", tc.words, ok, tc.ok)
		}
	}
}
