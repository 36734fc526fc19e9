package boilerpipe

import (
	"context"
	"strings"
	"testing"

	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/tokenizer"
)

func TestWordCounter(t *testing.T) {
	for _, tc := range []struct {
		buf                                     string
		tokens, words, linked, wrapWords, lines int
	}{
		{"", 1, 0, 0, 0, 1}, // Java splits "" into one empty token
		{"hello world", 2, 2, 0, 2, 1},
		{"a+b", 3, 2, 0, 2, 1},                // '+' is a boundary: a, +, b
		{"don't stop-gap (x)", 3, 3, 0, 3, 1}, // ' - ( ) join
		{"$\ue00a< linked words >\ue00a$ plain", 3, 3, 2, 3, 1},
		{"$\ue00a< >\ue00a$", 0, 0, 0, 0, 1},
		{"— | —", 3, 0, 0, 0, 1},
		{strings.Repeat("abcdefghi ", 20), 20, 20, 0, 16, 2}, // 8 words of 10 columns fit in 80
	} {
		var c wordCounter
		got := c.count([]byte(tc.buf))
		want := wordCounts{tc.tokens, tc.words, tc.linked, tc.wrapWords, tc.lines}
		if got != want {
			t.Errorf("count(%q) = %+v, want %+v", tc.buf, got, want)
		}
	}
}

func TestJavaText(t *testing.T) {
	for _, tc := range []struct{ in, trim, lower string }{
		{" \x01Ab\u00a0 ", "Ab\u00a0", " \x01ab\u00a0 "},
		{"İSTANBUL", "İSTANBUL", "i\u0307stanbul"},
	} {
		if got := string(javaTrim([]byte(tc.in))); got != tc.trim {
			t.Errorf("javaTrim(%q) = %q, want %q", tc.in, got, tc.trim)
		}
		if got := string(appendJavaLower(nil, []byte(tc.in))); got != tc.lower {
			t.Errorf("lower(%q) = %q, want %q", tc.in, got, tc.lower)
		}
	}
	for r, want := range map[rune]bool{' ': true, '\u00a0': false, '\u2007': false, '\u2003': true, '\u2028': true, '\x1f': true, 'x': false} {
		if isJavaWhitespace(r) != want {
			t.Errorf("isJavaWhitespace(%U) = %v", r, !want)
		}
	}
	if n := utf16Len([]byte("a\U0001F600é")); n != 4 {
		t.Errorf("utf16Len = %d, want 4", n)
	}
}

func TestLongestTitlePart(t *testing.T) {
	for _, tc := range []struct{ title, seps, want string }{
		{"Story | Site.com", "|»:", "Story"},
		{"A | Longer part", "|»:", "Longer part"},
		{"No separator", "|»:", ""},
		{"Only |", "|»:", ""},                    // Java drops the trailing empty part: one part, no split
		{"Head: sub - Brand", "|»:()-", "Brand"}, // the longest in UTF-16 units wins
	} {
		if got := string(longestPart([]byte(tc.title), tc.seps)); got != tc.want {
			t.Errorf("longestPart(%q, %q) = %q, want %q", tc.title, tc.seps, got, tc.want)
		}
	}
}

func TestFilters(t *testing.T) {
	build := func(words ...int) *Document {
		var d Document
		for i, n := range words {
			d.AddBlock([]byte(strings.Repeat("w ", n)), nil, n, 0, n, 1, i, 1)
		}
		return &d
	}
	t.Run("KeepLargestBlock", func(t *testing.T) {
		d := build(5, 30, 30, 2)
		for i := range d.Blocks {
			d.Blocks[i].IsContent = i > 0
		}
		if !(KeepLargestBlock{}).Process(d) {
			t.Fatal("no change reported")
		}
		for i, b := range d.Blocks {
			if b.IsContent != (i == 1) || (i != 1) != b.Labels.Has(LabelMightBeContent) {
				t.Errorf("block %d: content %v labels %v", i, b.IsContent, b.Labels)
			}
		}
	})
	t.Run("BlockProximityFusion", func(t *testing.T) {
		d := build(1, 2, 3)
		d.Blocks[1].IsContent = true
		if !(BlockProximityFusion{MaxDistance: 1}).Process(d) || len(d.Blocks) != 2 {
			t.Fatalf("got %d blocks", len(d.Blocks))
		}
		b := d.Blocks[0]
		if b.NumWords != 3 || !b.IsContent || b.OffsetEnd != 1 || !strings.Contains(string(d.AppendText(nil, &b)), "\n") {
			t.Errorf("fused block %+v", b)
		}
	})
	t.Run("SplitAndMinClause", func(t *testing.T) {
		d := build(0)
		d.Reset()
		d.AddBlock([]byte("x"), nil, 1, 0, 1, 1, 0, 0)
		d.AddBlock([]byte("This is a real sentence, truly. Menu"), nil, 7, 0, 7, 1, 1, 0)
		d.Blocks[0].IsContent, d.Blocks[1].IsContent = true, true
		(BlockProximityFusion{MaxDistance: 1}).Process(d)
		if !(SplitParagraphBlocks{}).Process(d) || len(d.Blocks) != 2 {
			t.Fatalf("split into %d blocks", len(d.Blocks))
		}
		(MinClauseWords{Min: 5}).Process(d)
		if d.Blocks[0].IsContent || !d.Blocks[1].IsContent {
			t.Errorf("content flags %v %v", d.Blocks[0].IsContent, d.Blocks[1].IsContent)
		}
	})
}

func TestLabels(t *testing.T) {
	s := LabelTitle | LabelMightBeContent
	if got := s.String(); got != "de.l3s.boilerpipe/MIGHT_BE_CONTENT,de.l3s.boilerpipe/TITLE" {
		t.Errorf("String = %q", got)
	}
	if l, ok := ParseLabel("de.l3s.boilerpipe/TITLE"); !ok || l != LabelTitle {
		t.Errorf("ParseLabel = %v %v", l, ok)
	}
}

func TestLookup(t *testing.T) {
	for _, n := range Names() {
		if e, err := Lookup(n); err != nil || e.Name != n || len(e.Chain) == 0 {
			t.Errorf("Lookup(%q) = %v, %v", n, e, err)
		}
	}
	if _, err := Lookup("nope"); err == nil {
		t.Error("Lookup of an unknown name succeeded")
	}
}

// FuzzExtract checks that no input makes the parser or any extractor panic
// or hang, and that content is always made of the document's block texts.
func FuzzExtract(f *testing.F) {
	for _, s := range []string{
		"", "<a>x<a>y</a>", "<title>t</title><body>a &amp; b<br>c</body>", "<p>" + strings.Repeat("word ", 100),
		"<script>x</script><a href=x>&#10;</a>", "<body><body>&foo;&#x1F600;</body>", "\x00<svg><title>x",
	} {
		f.Add([]byte(s))
	}
	z, err := tokenizer.New()
	if err != nil {
		f.Fatal(err)
	}
	w := blocks.NewWalker()
	p := NewParser()
	p.SetSource(z)
	f.Fuzz(func(t *testing.T, html []byte) {
		for _, n := range Names() {
			ex, _ := Lookup(n)
			p.Reset()
			z.ResetBytes(html)
			if err := w.Walk(context.Background(), z, p); err != nil {
				return
			}
			doc := p.Document()
			ex.Process(doc)
			for i := range doc.Blocks {
				b := &doc.Blocks[i]
				if b.NumWrappedLines < 1 || b.NumWordsInAnchorText > b.NumWords || b.LinkDensity > 1 {
					t.Fatalf("%s: inconsistent block %+v", n, *b)
				}
			}
			doc.AppendContent(nil)
		}
	})
}
