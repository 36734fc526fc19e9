package blocks

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/html/atom"

	"github.com/jtextract/jt/internal/atomtab"
	"github.com/jtextract/jt/tokenizer"
)

// describeStructure walks src with structure on and describes each
// paragraph as "text|kind ...fields|spans".
func describeStructure(t *testing.T, src string, browser bool) []string {
	t.Helper()
	m := NewParagraphMaker(nil, false)
	m.SetBrowserText(browser)
	m.SetStructure(true)
	paragraphTexts(t, m, src)
	checkStructure(t, m)
	var out []string
	arena := m.StructureArena()
	for i, st := range m.Structures() {
		text := m.TextOf(&m.Paragraphs()[i])
		var b strings.Builder
		fmt.Fprintf(&b, "%s|%s", text, st.Kind)
		if st.Level > 0 {
			fmt.Fprintf(&b, " h%d", st.Level)
		}
		if st.List > 0 {
			fmt.Fprintf(&b, " list%d", st.List)
			if st.Ordered {
				fmt.Fprintf(&b, " #%d", st.Number)
			}
		}
		if st.Quote > 0 {
			fmt.Fprintf(&b, " quote%d", st.Quote)
		}
		if st.Table > 0 {
			fmt.Fprintf(&b, " t%d r%d c%d", st.Table, st.Row, st.Col)
			if st.ColSpan != 1 || st.RowSpan != 1 {
				fmt.Fprintf(&b, " span%dx%d", st.ColSpan, st.RowSpan)
			}
			if st.Header {
				b.WriteString(" th")
			}
		}
		if st.More {
			b.WriteString(" more")
		}
		if st.Lang.Len() > 0 {
			fmt.Fprintf(&b, " lang=%s", arena[st.Lang.Start:st.Lang.End])
		}
		b.WriteString("|")
		for _, in := range m.Inlines()[st.Inline.Start:st.Inline.End] {
			fmt.Fprintf(&b, "[%d:%q", in.Kind, text[in.Start:in.End])
			if in.Ref.Len() > 0 {
				fmt.Fprintf(&b, " %s", arena[in.Ref.Start:in.Ref.End])
			}
			if in.Alt.Len() > 0 {
				fmt.Fprintf(&b, " alt=%s", arena[in.Alt.Start:in.Alt.End])
			}
			b.WriteString("]")
		}
		out = append(out, b.String())
	}
	return out
}

// checkStructure checks the invariants of any recorded structure: one
// Structure per paragraph, spans inside their text and on rune boundaries,
// ordered by start, and contiguous ranges of Inlines.
func checkStructure(t *testing.T, m *ParagraphMaker) {
	t.Helper()
	sts := m.Structures()
	if len(sts) != len(m.Paragraphs()) {
		t.Fatalf("%d structures for %d paragraphs", len(sts), len(m.Paragraphs()))
	}
	next := int32(0)
	for i, st := range sts {
		text := m.TextOf(&m.Paragraphs()[i])
		if st.Inline.Start != next || st.Inline.End < st.Inline.Start || int(st.Inline.End) > len(m.Inlines()) {
			t.Fatalf("paragraph %d: inline range %v after %d of %d", i, st.Inline, next, len(m.Inlines()))
		}
		next = st.Inline.End
		spans := m.Inlines()[st.Inline.Start:st.Inline.End]
		for j, in := range spans {
			if in.Start < 0 || in.Start > in.End || int(in.End) > len(text) ||
				!utf8.Valid(text[in.Start:in.End]) || !utf8.Valid(text[:in.Start]) {
				t.Fatalf("paragraph %q: span %+v out of place", text, in)
			}
			if j > 0 && spans[j-1].Start > in.Start {
				t.Fatalf("paragraph %q: spans out of order", text)
			}
		}
		if st.Table > 0 && (st.ColSpan < 1 || st.ColSpan > MaxColSpan || st.RowSpan > MaxRowSpan) {
			t.Fatalf("paragraph %q: spans %d×%d beyond bounds", text, st.ColSpan, st.RowSpan)
		}
	}
	if int(next) != len(m.Inlines()) {
		t.Fatalf("inlines end at %d, %d recorded", next, len(m.Inlines()))
	}
}

func TestStructure(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string
	}{
		{"headings and paragraphs", `<h1>Title</h1><p>Body text.</p><h3>Sub <em>part</em></h3>`, []string{
			"Title|heading h1|", "Body text.|text|", `Sub part|heading h3|[0:"part"]`}},
		{"nested lists", `<ul><li>a<ol start="3"><li>b</li><li value="7">c</li><li>d</li></ol>e</li><li>f</li></ul>`, []string{
			"a|item list1|", "b|item list2 #3|", "c|item list2 #7|", "d|item list2 #8|", "e|item list1 more|", "f|item list1|"}},
		{"table", `<table><caption>Cap</caption><thead><tr><th>H1</th><th colspan="2">H2</th></tr></thead>` +
			`<tr><td>x</td><td rowspan="2">y<p>y2</p></td><td>z</td></tr><tr><td colspan="99999">w</td></tr></table>`, []string{
			"Cap|caption|", "H1|cell t1 r0 c0 th|", "H2|cell t1 r0 c1 span2x1 th|", "x|cell t1 r1 c0|",
			"y|cell t1 r1 c1 span1x2|", "y2|cell t1 r1 c1 span1x2 more|", "z|cell t1 r1 c2|", "w|cell t1 r2 c0 span1000x1|"}},
		{"nested table", `<table><tr><td>a<table><tr><td>b</td></tr></table>c</td><td>d</td></tr></table>`, []string{
			"a|cell t1 r0 c0|", "b|cell t2 r0 c0|", "c|cell t1 r0 c0 more|", "d|cell t1 r0 c1|"}},
		{"code block", "<pre class=\"x language-go\"><code>func f() {\n\treturn\n}</code></pre><pre><code class=\"lang-py\">x = 1</code></pre><p>Call <code>f</code> now.</p>", []string{
			"func f() {\nreturn\n}|code lang=go|", "x = 1|code lang=py|", `Call f now.|text|[2:"f"]`}},
		{"quote and figure", `<blockquote><p>Said <strong>this</strong>.</p><blockquote>inner</blockquote></blockquote><figure><img src="a.png" alt="A"><figcaption>Fig</figcaption></figure>`, []string{
			`Said this.|text quote1|[1:"this"]`, "inner|text quote2|", `Fig|caption|[4:"" a.png alt=A]`}},
		{"links and whitespace", `<p>  See <a href="/x"> the  <b>docs</b> </a>, then <a href="/y">more</a></p>`, []string{
			`See the docs , then more|text|[3:"the docs" /x][1:"docs"][3:"more" /y]`}},
		{"span across paragraphs", `<div><a href="/l">one<div>two</div></a></div>`, []string{
			`one|text|[3:"one" /l]`, `two|text|[3:"two" /l]`}},
		{"definition list", `<dl><dt>Term</dt><dd>Meaning</dd></dl>`, []string{"Term|term|", "Meaning|text|"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := describeStructure(t, c.src, true)
			if !slices.Equal(got, c.want) {
				t.Errorf("%s\n got %q\nwant %q", c.src, got, c.want)
			}
		})
	}
}

// TestStructureKeepsParagraphs checks that recording structure changes no
// paragraph: the same texts and features with it on and off, in both text
// modes, on pages that exercise every kind.
func TestStructureKeepsParagraphs(t *testing.T) {
	srcs := []string{
		`<ul><li>a<ol><li>b</li></ol>c</li></ul><table><tr><td>x<p>y</p></td></tr></table>`,
		"<pre><code class=language-c>int\n  x;</code></pre><p><a href=u>l<b>b</b></a> t</p><br><br>z",
		`<h2><a href="#">H</a></h2><blockquote><img src=i alt=j>q</blockquote><figure><figcaption>f</figcaption></figure>`,
	}
	for _, browser := range []bool{false, true} {
		for _, src := range srcs {
			plain, rec := NewParagraphMaker(nil, false), NewParagraphMaker(nil, false)
			plain.SetBrowserText(browser)
			rec.SetBrowserText(browser)
			rec.SetStructure(true)
			a, b := paragraphTexts(t, plain, src), paragraphTexts(t, rec, src)
			if !slices.Equal(a, b) || !slices.EqualFunc(plain.Paragraphs(), rec.Paragraphs(), func(x, y Paragraph) bool { return x == y }) {
				t.Errorf("browser=%v %s: structure changed the paragraphs:\n%q\n%q", browser, src, a, b)
			}
			checkStructure(t, rec)
			if plain.Structures() != nil {
				t.Error("Structures without SetStructure")
			}
		}
	}
}

func TestStructureAllocs(t *testing.T) {
	z, err := tokenizer.New()
	if err != nil {
		t.Fatal(err)
	}
	w := NewWalker()
	m := NewParagraphMaker(nil, false)
	m.SetBrowserText(true)
	m.SetStructure(true)
	src := []byte(strings.Repeat(`<h2>T</h2><ul><li><a href="/a">x</a> <em>y</em></li></ul><table><tr><td>c</td></tr></table><img src=s alt=a><p>p <code>c</code></p>`, 50))
	makeParagraphs(t, w, z, m, src)
	if n := testing.AllocsPerRun(20, func() { makeParagraphs(t, w, z, m, src) }); n != 0 {
		t.Errorf("a warm pass with structure allocates %.0f times", n)
	}
}

func FuzzStructure(f *testing.F) {
	for _, s := range []string{
		`<ul><li>a<ol start=-5><li value=x>b</li></ol></li></ul>`, `<table><td colspan=0 rowspan=-1>x<th>y</table>`,
		`<a href=u><b>x<p>y</b>z</a>`, "<pre> a \n b </pre><img src=s>", `<i> </i>a<em>b </em> c`,
	} {
		f.Add(s)
	}
	z, err := tokenizer.New()
	if err != nil {
		f.Fatal(err)
	}
	w := NewWalker()
	plain, rec := NewParagraphMaker(nil, false), NewParagraphMaker(nil, false)
	rec.SetStructure(true)
	f.Fuzz(func(t *testing.T, src string) {
		if !utf8.ValidString(src) {
			return
		}
		for _, browser := range []bool{false, true} {
			plain.SetBrowserText(browser)
			rec.SetBrowserText(browser)
			makeParagraphs(t, w, z, plain, []byte(src))
			makeParagraphs(t, w, z, rec, []byte(src))
			if !slices.Equal(plain.Paragraphs(), rec.Paragraphs()) {
				t.Fatalf("browser=%v: structure changed the paragraphs", browser)
			}
			checkStructure(t, rec)
		}
	})
}

// TestStructureTags checks that iStructure marks exactly the tags that
// structStart acts on: those that change its state, with every attribute
// it reads present, inside an ordered list, a table row and a code block
// (or outside the code block: inline code is a span only there).
func TestStructureTags(t *testing.T) {
	z, err := tokenizer.New()
	if err != nil {
		t.Fatal(err)
	}
	z.ResetBytes([]byte(`<x href="h" src="s" alt="a" class="language-go" start="2" value="3" colspan="2" rowspan="2">`))
	if z.Next() != tokenizer.StartTagToken {
		t.Fatal("no start tag")
	}
	attrs := Attrs{z: z, real: true}
	m := NewParagraphMaker(nil, false)
	m.SetStructure(true)
	for _, a := range atomtab.All() {
		acts := false
		for _, inCode := range []bool{false, true} {
			m.Reset()
			s := &m.sx
			s.lists = append(s.lists, listState{id: 1, ordered: true, next: 1})
			s.tables = append(s.tables, tableState{id: 2, ordinal: 1, row: 0, head: -1, cell: -1})
			if inCode {
				s.sx, s.codes = append(s.sx, sxElem{id: 3, atom: atom.Pre}), 1
			}
			before := fmt.Sprintf("%+v", *s)
			attrs.Rewind()
			m.structStart(Elem{Atom: a, Name: a.String(), ID: 4}, &attrs)
			acts = acts || fmt.Sprintf("%+v", *s) != before
		}
		if has := info(a)&iStructure != 0; has != acts {
			t.Errorf("%s: iStructure %v, but structStart acts on it: %v", a, has, acts)
		}
	}
}

// FuzzMapOffsets checks mapOffsets against its definition: a start maps
// to where the first byte kept at or after it lands, an end to just after
// the last byte kept before it.
func FuzzMapOffsets(f *testing.F) {
	for _, s := range []string{"  a  b ", "a\n \tb", "x", " \u00a0y\u3000 z  ", "ab cd"} {
		f.Add(s, uint8(1), uint8(3))
	}
	var scratch []mark
	f.Fuzz(func(t *testing.T, raw string, a, b uint8) {
		if !utf8.ValidString(raw) {
			return
		}
		snap := func(p int) int { // to a rune boundary
			p = min(p, len(raw))
			for p < len(raw) && !utf8.RuneStart(raw[p]) {
				p++
			}
			return p
		}
		s, e := snap(int(a)), snap(int(b))
		if s > e {
			s, e = e, s
		}
		text, _, _ := appendNormalized(nil, []byte(raw))
		spans := []Inline{{Start: int32(s), End: int32(e)}}
		mapOffsets([]byte(raw), text, spans, &scratch)
		wantEnd := len(appendNormalizedBytes(raw[:e]))
		wantStart := len(text)
		if q, _ := spaceEnd([]byte(raw), s); q < len(raw) {
			wantStart = len(appendNormalizedBytes(raw[:q]+"\x01")) - 1
		}
		if int(spans[0].Start) != wantStart || int(spans[0].End) != wantEnd {
			t.Fatalf("%q [%d,%d) → [%d,%d), want [%d,%d) in %q", raw, s, e, spans[0].Start, spans[0].End, wantStart, wantEnd, text)
		}
	})
}

// FuzzMapPlain checks mapPlain against mapOffsets on plain browser text:
// normalised text with or without a leading and a trailing separator.
func FuzzMapPlain(f *testing.F) {
	for _, s := range []string{"a b", "a\nb c", "x", "\u00a0y\u3000 z", "ab  cd "} {
		f.Add(s, uint8(3), uint8(1), uint8(3))
	}
	var scratch []mark
	f.Fuzz(func(t *testing.T, s string, seps, a, b uint8) {
		if !utf8.ValidString(s) {
			return
		}
		text := appendNormalizedBytes(s)
		raw := string(text)
		if seps&1 != 0 {
			raw = " " + raw
		}
		if seps&2 != 0 {
			raw += "\n"
		}
		start, end := min(int(a), len(raw)), min(int(b), len(raw))
		if start > end {
			start, end = end, start
		}
		want := []Inline{{Start: int32(start), End: int32(end)}}
		got := slices.Clone(want)
		mapOffsets([]byte(raw), text, want, &scratch)
		mapPlain([]byte(raw), text, got)
		if got[0] != want[0] {
			t.Fatalf("%q [%d,%d) → [%d,%d), mapOffsets [%d,%d)", raw, start, end, got[0].Start, got[0].End, want[0].Start, want[0].End)
		}
	})
}

func appendNormalizedBytes(s string) []byte {
	out, _, _ := appendNormalized(nil, []byte(s))
	return out
}
