package blocks

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/jtextract/jt/internal/sharedtest"
	"github.com/jtextract/jt/tokenizer"
)

// paragraphTexts walks src with a fresh Walker into m and returns the texts
// of its paragraphs, checking that Length and Words are those of the text.
func paragraphTexts(t *testing.T, m *ParagraphMaker, src string) []string {
	t.Helper()
	z, err := tokenizer.New()
	if err != nil {
		t.Fatal(err)
	}
	makeParagraphs(t, NewWalker(), z, m, []byte(src))
	var out []string
	for i := range m.Paragraphs() {
		p := &m.Paragraphs()[i]
		text := m.TextOf(p)
		if p.Length != utf8.RuneCount(text) || p.Words != len(strings.Fields(string(text))) {
			t.Errorf("%q: paragraph %q has Length %d, Words %d", src, text, p.Length, p.Words)
		}
		out = append(out, string(text))
	}
	return out
}

// TestBrowserText compares jusText's paragraph text (off) with browser text
// (on) on the inline-whitespace cases.
func TestBrowserText(t *testing.T) {
	for _, c := range []struct {
		name, src string
		off, on   []string // paragraph texts
	}{
		{"space between inline elements", `<p><b>uses</b> <i>the</i> tool</p>`,
			[]string{"usesthe tool"}, []string{"uses the tool"}},
		{"no space in the markup", `<p><b>un</b>believable</p>`,
			[]string{"unbelievable"}, []string{"unbelievable"}},
		{"no space between inline elements", `<p><b>un</b><i>believable</i></p>`,
			[]string{"unbelievable"}, []string{"unbelievable"}},
		{"newline and tab between inline elements", "<p><b>a</b>\n\t<i>b</i></p>",
			[]string{"ab"}, []string{"a b"}},
		{"nbsp between inline elements", `<p><b>a</b>&nbsp;<i>b</i></p>`,
			[]string{"ab"}, []string{"a b"}},
		{"several nbsp", `<p><b>a</b>&nbsp; &nbsp;<i>b</i></p>`,
			[]string{"ab"}, []string{"a b"}},
		{"space at the start of an inline element", `<p>see<a> link</a> here</p>`,
			[]string{"see link here"}, []string{"see link here"}},
		{"inline element holding a space", `<p>see<a> </a>link</p>`,
			[]string{"seelink"}, []string{"see link"}},
		{"space-only inline element at the start", `<p><a> link</a></p>`,
			[]string{"link"}, []string{"link"}},
		{"nested inline elements", "<p><span><b>one</b></span>\n  <span><i>two</i></span></p>",
			[]string{"onetwo"}, []string{"one two"}},
		{"space around a dropped script", `<p><b>a</b> <script>x</script> <i>b</i></p>`,
			[]string{"ab"}, []string{"a b"}},
		{"newline inside a text node", "<p>line\none</p>",
			[]string{"line\none"}, []string{"line one"}},
		{"br inside a paragraph", `<p>one<br>two</p>`,
			[]string{"one two"}, []string{"one\ntwo"}},
		{"br with spaces", `<p>one <br> two</p>`,
			[]string{"one two"}, []string{"one\ntwo"}},
		{"br at the start", `<p><br>text</p>`,
			[]string{"text"}, []string{"text"}},
		{"two br still separate", `<p>a<br><br>b</p>`,
			[]string{"a", "b"}, []string{"a", "b"}},
		{"two br with a space between", "<p>a<br> \n<br>b</p>",
			[]string{"a", "b"}, []string{"a", "b"}},
		{"pre keeps line breaks", "<pre>a\n  b\tc</pre>",
			[]string{"a\nb c"}, []string{"a\nb c"}},
		{"pre with inline elements", "<pre><b>a</b>\n<i>b</i></pre>",
			[]string{"ab"}, []string{"a\nb"}},
		{"block elements separate as before", "<div>a</div> <div>b</div>\n<p>c</p>",
			[]string{"a", "b", "c"}, []string{"a", "b", "c"}},
		{"list items", "<ul>\n <li>one</li>\n <li>two</li>\n</ul>",
			[]string{"one", "two"}, []string{"one", "two"}},
		{"table cells", "<table><tr><td>a</td> <td>b</td></tr></table>",
			[]string{"a", "b"}, []string{"a", "b"}},
		{"heading and text", "<h2>Title</h2>text",
			[]string{"Title", "text"}, []string{"Title", "text"}},
		{"block elements that are not paragraph tags", `<div><section>Intro</section><article>Body</article></div>`,
			[]string{"IntroBody"}, []string{"Intro\nBody"}},
		{"hr between words", `<div>above<hr>below</div>`,
			[]string{"abovebelow"}, []string{"above\nbelow"}},
		{"inline element between block elements", `<div><header>Site</header><b>bold</b><footer>end</footer></div>`,
			[]string{"Siteboldend"}, []string{"Site\nbold\nend"}},
		{"soft hyphens", `<p>un&shy;believ&#xAD;able</p>`,
			[]string{"un\u00adbeliev\u00adable"}, []string{"unbelievable"}},
		{"zero-width space and BOM", "<p>zero&#8203;width \ufeffnobreak</p>",
			[]string{"zero\u200bwidth \ufeffnobreak"}, []string{"zerowidth nobreak"}},
		{"soft hyphen between spaces", `<p>a &shy; b</p>`,
			[]string{"a \u00ad b"}, []string{"a b"}},
		{"invisible-only paragraph", `<p>&#8203;&shy;</p><p>x</p>`,
			[]string{"\u200b\u00ad", "x"}, []string{"x"}},
		{"invisible-only node between two br", `<p>a<br>&#8203;<br>b</p>`,
			[]string{"a \u200b b"}, []string{"a", "b"}},
		{"joiners kept", "<p>\u0645\u200c\u06cc</p>",
			[]string{"\u0645\u200c\u06cc"}, []string{"\u0645\u200c\u06cc"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, on := range []bool{false, true} {
				m := NewParagraphMaker(nil, false)
				m.SetBrowserText(on)
				want := c.off
				if on {
					want = c.on
				}
				if got := paragraphTexts(t, m, c.src); !equalStrings(got, want) {
					t.Errorf("browser text %v: %q, want %q", on, got, want)
				}
			}
		})
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestBrowserTextCounts checks the counts of a browser-text paragraph and
// that Reset keeps the setting.
func TestBrowserTextCounts(t *testing.T) {
	m := NewParagraphMaker(nil, false)
	if m.BrowserText() {
		t.Fatal("browser text is on in a new ParagraphMaker")
	}
	m.SetBrowserText(true)
	m.Reset()
	if !m.BrowserText() {
		t.Fatal("Reset turned browser text off")
	}
	paragraphTexts(t, m, `<p><a><b>foo</b> <i>bar</i></a> baz</p>`)
	p := m.Paragraphs()[0]
	if got := string(m.TextOf(&p)); got != "foo bar baz" || p.Length != 11 || p.Words != 3 || p.LinkChars != 7 || p.Tags != 3 {
		t.Errorf("got %q, Length %d, Words %d, LinkChars %d, Tags %d; want \"foo bar baz\", 11, 3, 7, 3", got, p.Length, p.Words, p.LinkChars, p.Tags)
	}
	m.SetBrowserText(false)
	paragraphTexts(t, m, `<p><a><b>foo</b> <i>bar</i></a> baz</p>`)
	p = m.Paragraphs()[0]
	if got := string(m.TextOf(&p)); got != "foobar baz" || p.LinkChars != 6 {
		t.Errorf("off again: got %q, LinkChars %d; want \"foobar baz\", 6", got, p.LinkChars)
	}
}

// TestBrowserTextSharedPages runs browser text over the 181 shared pages:
// the paragraphs are jusText's (same paths and tag counts) less those made
// only of invisible characters (<p>&#8203;</p> spacers), their texts differ
// from jusText's only in whitespace and invisible characters, and a warm
// ParagraphMaker still does not allocate.
func TestBrowserTextSharedPages(t *testing.T) {
	pages := sharedtest.Pages(t)
	z, err := tokenizer.New()
	if err != nil {
		t.Fatal(err)
	}
	w := NewWalker()
	ref, browser := NewParagraphMaker(nil, true), NewParagraphMaker(nil, true)
	browser.SetBrowserText(true)
	var changed, total, invisible, split int
	for _, p := range pages {
		makeParagraphs(t, w, z, ref, p.HTML)
		makeParagraphs(t, w, z, browser, p.HTML)
		a, b := ref.Paragraphs(), browser.Paragraphs()
		j := 0
		for i := range a {
			ta := ref.TextOf(&a[i])
			if len(dropSpace(ta)) == 0 {
				invisible++
				continue
			}
			if j == len(b) {
				t.Errorf("%s: browser text has no paragraph for jusText's #%d %q", p.ID, i, ta)
				break
			}
			tb := browser.TextOf(&b[j])
			total++
			if !bytes.Equal(ta, tb) {
				changed++
			}
			if b[j].Words > a[i].Words {
				split++
			}
			if !bytes.Equal(dropSpace(ta), dropSpace(tb)) || !bytes.Equal(ref.XPathOf(&a[i]), browser.XPathOf(&b[j])) || a[i].Tags != b[j].Tags {
				t.Errorf("%s #%d: browser text %q, jusText %q", p.ID, i, tb, ta)
				break
			}
			j++
		}
		if j < len(b) {
			t.Errorf("%s: browser text has %d paragraphs more", p.ID, len(b)-j)
		}
	}
	t.Logf("browser text differs from jusText's in %d of %d paragraphs (whitespace and invisible characters only), %d of them with more words; %d invisible-only paragraphs not kept", changed, total, split, invisible)

	for _, p := range pages[:5] {
		run := func() { makeParagraphs(t, w, z, browser, p.HTML) }
		run()
		if n := testing.AllocsPerRun(5, run); n > 0 {
			t.Errorf("%s: %.0f allocations per warm page with browser text, want 0", p.ID, n)
		}
	}
}

// dropSpace returns b without whitespace and invisible characters.
func dropSpace(b []byte) []byte {
	return bytes.Map(func(r rune) rune {
		if unicode.IsSpace(r) || isInvisible(r) {
			return -1
		}
		return r
	}, b)
}

// appendNodeBrowserRunes is appendNodeBrowser written rune by rune.
func appendNodeBrowserRunes(dst, s []byte, pre bool) ([]byte, bool) {
	visible, lastSep := false, false
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRune(s[i:])
		switch {
		case isPySpace(r):
			sep := byte(' ')
			if pre && (r == '\n' || r == '\r') {
				sep = '\n'
			}
			if lastSep {
				if sep == '\n' {
					dst[len(dst)-1] = '\n'
				}
			} else {
				dst = append(dst, sep)
			}
			lastSep = true
		case isInvisible(r):
		default:
			dst = append(dst, s[i:i+w]...)
			visible, lastSep = true, false
		}
		i += w
	}
	return dst, visible
}

func FuzzBrowserNode(f *testing.F) {
	for _, s := range []string{"", " ", "a b", "a\u00ad\u00adb", " \u200b \n\t\u00a0x", "\ufeff", "a\r\nb", "\xff \xc3", "\u3000\u2028z", "\xe2\u00ad\x80\x80"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, pre bool) {
		got, gv, _, bad := appendNodeBrowser([]byte("x"), []byte(s), pre)
		want, wv := appendNodeBrowserRunes([]byte("x"), []byte(s), pre)
		if !bytes.Equal(got, want) || gv != wv {
			t.Fatalf("appendNodeBrowser(%+q, %v) = %+q, %v; want %+q, %v", s, pre, got, gv, want, wv)
		}
		// addBrowserNode checks the output for UTF-8 only when bad.
		if bad != !utf8.ValidString(s) || !bad && !utf8.Valid(got) {
			t.Fatalf("appendNodeBrowser(%+q, %v): bad %v, output %+q", s, pre, bad, got)
		}
		if len(got) > len(s)+1 {
			t.Fatalf("output %+q longer than the input %+q", got, s)
		}
	})
}

// withTail returns s in an array that goes on with tail, so that the fast
// paths that read past the end of a slice (within its array) meet bytes
// that are not s's.
func withTail(s, tail string) []byte {
	b := []byte(s + tail)
	return b[:len(s)]
}

// FuzzBlankASCII holds blankASCII, and appendNodeBrowser on any node
// followed by any bytes in its array, against their byte-by-byte forms.
func FuzzBlankASCII(f *testing.F) {
	for _, s := range []string{"", " ", "\n", " \t\r\n\f\v", "        \n", "\x1c\x1d\x1e\x1f ", "  \x00", "\x08", "\x0e", " \u00a0", "         x", "\t\t\t\t\t\t\t\t\t"} {
		f.Add(s, "", false)
		f.Add(s, "abcdefgh", true)
		f.Add(s, "\n\x00 \xff", false)
	}
	f.Fuzz(func(t *testing.T, s, tail string, pre bool) {
		b := withTail(s, tail)
		blank, wantBlank := blankASCII(b), true
		for _, c := range b {
			if k := textClass[c]; k != ctSpace && k != ctNewline {
				wantBlank = false
			}
		}
		if blank != wantBlank {
			t.Fatalf("blankASCII(%+q) = %v; want %v", s, blank, wantBlank)
		}
		got, gv, _, _ := appendNodeBrowser([]byte("x"), b, pre)
		want, wv := appendNodeBrowserRunes([]byte("x"), []byte(s), pre)
		if !bytes.Equal(got, want) || gv != wv {
			t.Fatalf("appendNodeBrowser(%+q, %v) = %+q, %v; want %+q, %v", s, pre, got, gv, want, wv)
		}
	})
}

// FuzzRuneCount holds RuneCount against utf8.RuneCount on valid UTF-8, and
// against a byte loop on any bytes, followed by any bytes in their array.
func FuzzRuneCount(f *testing.F) {
	for _, s := range []string{"", "a", "é", "日本語テキスト", "abcdefgh\u00e9", "\xff\x80\x80abc", "\u00a0\u00a0\u00a0\u00a0\u00a0"} {
		f.Add(s, "\x80\x80\x80\x80\x80\x80\x80\x80")
		f.Add(s, "")
	}
	f.Fuzz(func(t *testing.T, s, tail string) {
		b := withTail(s, tail)
		want := 0
		for _, c := range b {
			if c&0xc0 != 0x80 {
				want++
			}
		}
		if got := RuneCount(b); got != want || utf8.Valid(b) && got != utf8.RuneCount(b) {
			t.Fatalf("RuneCount(%+q) = %d, want %d", s, got, want)
		}
	})
}

// FuzzBrowserText checks browser text on any input against jusText's text:
// the same characters in the same order once whitespace and invisible
// characters are dropped, every paragraph non-empty, stripped, without
// invisible characters or doubled separators, and Length and Words its own.
func FuzzBrowserText(f *testing.F) {
	for _, s := range []string{
		`<p><b>uses</b> <i>the</i> tool</p>`, "<p>a<br>&#8203;<br>b</p>", "<pre><b>a</b>\n<i>b</i></pre>",
		`<div><section>Intro</section><article>Body</article></div>`, "<p>un&shy;believ\u00adable &nbsp; x</p>",
		"<ul>\n <li>one</li>\n <li>two</li>\n</ul>", `<p>see<a> </a>link<script>x</script> <br> end</p>`,
	} {
		f.Add(s)
	}
	z, err := tokenizer.New()
	if err != nil {
		f.Fatal(err)
	}
	w := NewWalker()
	ref, browser := NewParagraphMaker(nil, false), NewParagraphMaker(nil, false)
	browser.SetBrowserText(true)
	f.Fuzz(func(t *testing.T, src string) {
		if !utf8.ValidString(src) {
			return // the decoder hands the walker valid UTF-8
		}
		makeParagraphs(t, w, z, ref, []byte(src))
		makeParagraphs(t, w, z, browser, []byte(src))
		var a, b []byte
		for i := range ref.Paragraphs() {
			a = append(a, dropSpace(ref.TextOf(&ref.Paragraphs()[i]))...)
		}
		for i := range browser.Paragraphs() {
			p := &browser.Paragraphs()[i]
			text := browser.TextOf(p)
			b = append(b, dropSpace(text)...)
			if len(dropSpace(text)) == 0 || p.Length != utf8.RuneCount(text) || p.Words != len(strings.Fields(string(text))) {
				t.Fatalf("paragraph %q: Length %d, Words %d", text, p.Length, p.Words)
			}
			if bytes.ContainsAny(text, "\u00ad\u200b\ufeff") || bytes.Contains(text, []byte("  ")) || bytes.Contains(text, []byte(" \n")) ||
				bytes.Contains(text, []byte("\n ")) || strings.TrimSpace(string(text)) != string(text) {
				t.Fatalf("paragraph %q is not browser text", text)
			}
		}
		if !bytes.Equal(a, b) {
			t.Fatalf("browser text %q, jusText %q", b, a)
		}
	})
}

// FuzzPlainNodes checks the text of a browser paragraph, which
// addBrowserNode and addBreak keep plain where they can and normalizeNodes
// then copies, against appendNormalized's of the nodes as appended one
// after the other; each node's link characters against its own; and the
// inline spans between node boundaries, mapped as structKeep maps them,
// against mapOffsets on the nodes as appended. '|' in the input separates
// text nodes, '#' is a line break (a <br>), '~' starts a preformatted
// node.
func FuzzPlainNodes(f *testing.F) {
	for _, s := range []string{"a|b", "a |b", "a| b", "a #b", "#a", "a#", "a ##b", "~a\n|b", "a |~\nb", "a\u00a0|b",
		"x\u200b| y", "a |\u200b b", "a\xc2|\xa0b", " a", "a|\u00ad|b c ", " | |x# ", "a|~ \r\n |b",
		"a\xe2\u00ad\x80\x80b"} { // the invisible character joins the bytes around it into U+2000, whitespace

		f.Add(s)
	}
	m := NewParagraphMaker(nil, false)
	m.SetBrowserText(true)
	f.Fuzz(func(t *testing.T, s string) {
		m.Reset()
		var nodes []byte
		var gotAt, wantAt []int32 // the node boundaries in m.nodes and in nodes
		boundary := func() {
			gotAt, wantAt = append(gotAt, int32(len(m.nodes))), append(wantAt, int32(len(nodes)))
		}
		boundary()
		for _, node := range strings.Split(s, "|") {
			m.pres = 0
			if strings.HasPrefix(node, "~") {
				node, m.pres = node[1:], 1
			}
			for i, part := range strings.Split(node, "#") {
				if i > 0 {
					m.addBreak()
					nodes = append(nodes, '\n')
				}
				start, n := len(m.nodes), len(nodes)
				_, merged := m.addBrowserNode([]byte(part))
				nodes, _, _, _ = appendNodeBrowser(nodes, []byte(part), m.pres > 0)
				if got, want := merged+RuneCount(m.nodes[start:]), RuneCount(nodes[n:]); got != want {
					t.Fatalf("node %+q: %d characters, want %d", part, got, want)
				}
				boundary()
			}
		}
		runes, words := m.normalizeNodes()
		text, wr, ww := appendNormalized(nil, nodes)
		if got := m.text; !bytes.Equal(got, text) || runes != wr || words != ww {
			t.Fatalf("nodes %+q (%+q, plain %v): %+q, %d runes, %d words; want %+q, %d, %d", nodes, m.nodes, m.plain, got, runes, words, text, wr, ww)
		}
		var got, want []Inline
		for i := range gotAt {
			for j := i; j < len(gotAt); j++ {
				got = append(got, Inline{Start: gotAt[i], End: gotAt[j]})
				want = append(want, Inline{Start: wantAt[i], End: wantAt[j]})
			}
		}
		if m.plain {
			mapPlain(m.nodes, text, got)
		} else {
			mapOffsets(m.nodes, text, got, &m.sx.marks)
		}
		mapOffsets(nodes, text, want, &m.sx.marks)
		if !slices.Equal(got, want) {
			t.Fatalf("nodes %+q (%+q, plain %v): spans %v, want %v", nodes, m.nodes, m.plain, got, want)
		}
	})
}
