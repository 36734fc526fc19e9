package blocks

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/jtextract/jt/tokenizer"
)

// counter is a Handler that checks the shape of the event stream without
// recording it: events are balanced, each stack extends the previous one by
// exactly the element opened, and the deepest stack is remembered.
type counter struct {
	tb       testing.TB
	depth    int // elements open according to the events so far
	maxDepth int
	starts   int
	text     strings.Builder
	attrs    int // attributes read from the element with the most
}

func (c *counter) StartElement(stack []Elem, a *Attrs) {
	if len(stack) != c.depth+1 {
		c.tb.Fatalf("StartElement with a stack of %d after %d open elements", len(stack), c.depth)
	}
	c.depth++
	c.starts++
	c.maxDepth = max(c.maxDepth, c.depth)
	n := 0
	for _, _, ok := a.Next(); ok; _, _, ok = a.Next() {
		n++
	}
	c.attrs = max(c.attrs, n)
}

func (c *counter) EndElement(stack []Elem) {
	if len(stack) != c.depth || c.depth == 0 {
		c.tb.Fatalf("EndElement with a stack of %d while %d are open", len(stack), c.depth)
	}
	c.depth--
}

func (c *counter) Text(stack []Elem, t []byte) {
	if len(stack) != c.depth {
		c.tb.Fatalf("Text with a stack of %d while %d are open", len(stack), c.depth)
	}
	c.text.Write(t)
}

func (c *counter) Comment([]Elem, []byte) {}

// walkCount walks src with w and returns the counter, failing tb if the
// walk errs or leaves elements open.
func walkCount(tb testing.TB, w *Walker, src string) *counter {
	tb.Helper()
	z, err := tokenizer.New()
	if err != nil {
		tb.Fatal(err)
	}
	z.ResetBytes([]byte(src))
	c := &counter{tb: tb}
	if err := w.Walk(context.Background(), z, c); err != nil {
		tb.Fatal(err)
	}
	if c.depth != 0 {
		tb.Fatalf("%d elements left open after the walk", c.depth)
	}
	return c
}

// TestWalkerHostileShapes walks the hostile shapes of issue 7 through a
// Walker with the default depth limit and asserts, for each, that the
// event stream is balanced, that the stack never exceeds the limit, that
// Dropped counts exactly the start tags beyond it, and that no text is
// lost.
func TestWalkerHostileShapes(t *testing.T) {
	const fit = DefaultMaxDepth - 2 // html and body take two levels
	manyAttrs := func(n int) string {
		var b strings.Builder
		b.WriteString("<div")
		for i := range n {
			fmt.Fprintf(&b, " a%d=%d", i, i)
		}
		b.WriteString(">text</div>")
		return b.String()
	}
	for _, tc := range []struct {
		name     string
		in       string
		dropped  int // -1: some, not a fixed number
		text     string
		maxAttrs int
	}{
		{"200,000 nested divs", strings.Repeat("<div>", 200000) + "text" + strings.Repeat("</div>", 200000), 200000 - fit, "text", 0},
		{"200,000 unclosed divs", strings.Repeat("<div>", 200000) + "text", 200000 - fit, "text", 0},
		{"300,000 unclosed inline tags", strings.Repeat("<b><i><span>", 100000) + "text", 300000 - fit, "text", 0},
		{"100,000 unclosed a, each closing the last", strings.Repeat("<a>x", 100000), 0, strings.Repeat("x", 100000), 0},
		{"200,000 attributes on one element", manyAttrs(200000), 0, "text", MaxAttrs},
		{"300,000 unmatched end tags", strings.Repeat("</span></div></li>", 100000) + "text", 0, "text", 0},
		{"500,000 br", "a" + strings.Repeat("<br>", 500000) + "b", 0, "ab", 0},
		// Once the stack is full, a dropped <table> or <ul> leaves the next
		// <tr> or <li> to close the open cell or item, as the tree rules
		// say, so the count depends on the rules: only its range is fixed.
		{"100,000 nested tables", strings.Repeat("<table><tr><td>", 100000) + "text", -1, "text", 0},
		{"100,000 nested lists", strings.Repeat("<ul><li>", 100000) + "text", -1, "text", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := NewWalker()
			c := walkCount(t, w, tc.in)
			if c.maxDepth > DefaultMaxDepth {
				t.Errorf("stack reached %d elements, limit %d", c.maxDepth, DefaultMaxDepth)
			}
			if tc.dropped < 0 {
				if w.Dropped() <= 0 || w.Dropped() >= strings.Count(tc.in, "<") {
					t.Errorf("Dropped() = %d, want some but fewer than the start tags", w.Dropped())
				}
			} else if w.Dropped() != tc.dropped {
				t.Errorf("Dropped() = %d, want %d", w.Dropped(), tc.dropped)
			}
			if c.text.String() != tc.text {
				t.Errorf("text %.40q (%d bytes), want %.40q", c.text.String(), c.text.Len(), tc.text)
			}
			if c.attrs != tc.maxAttrs {
				t.Errorf("an element reported %d attributes, want %d", c.attrs, tc.maxAttrs)
			}
			// The same Walker must walk a small page normally afterwards.
			if got := walk(t, w, "<p>a<div>b</div>", false); got != "<html><body><p>a</p><div>b</div></body></html>" {
				t.Errorf("after the hostile input, a small page walks as %s", got)
			}
		})
	}
}

// TestWalkerHostileMemory proves that a warm Walker walks 200,000 nested
// divs and 300,000 unclosed inline tags without allocating in proportion to
// the nesting: the bytes allocated by a second walk (runtime.MemStats
// TotalAlloc, after a GC) stay under 64 KB, where a stack holding every
// element would need megabytes.
func TestWalkerHostileMemory(t *testing.T) {
	for _, in := range []string{
		strings.Repeat("<div>", 200000) + "text" + strings.Repeat("</div>", 200000),
		strings.Repeat("<b><i><span>", 100000) + "text",
	} {
		src := []byte(in)
		z, _ := tokenizer.New()
		w := NewWalker()
		run := func() {
			z.ResetBytes(src)
			if err := w.Walk(context.Background(), z, nopHandler{}); err != nil {
				t.Fatal(err)
			}
		}
		run()
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		run()
		runtime.ReadMemStats(&after)
		if got := after.TotalAlloc - before.TotalAlloc; got > 64<<10 {
			t.Errorf("%.20q...: a warm walk allocated %d bytes", in, got)
		}
	}
}

// TestParagraphMakerHostile feeds 200,000 one-word paragraphs, a 300,000-
// deep stack of unclosed inline tags and 200,000 br to a ParagraphMaker
// with a limit of 1,000 paragraphs: it keeps exactly the limit, counts the
// rest in Dropped, and every kept paragraph is non-empty.
func TestParagraphMakerHostile(t *testing.T) {
	for _, tc := range []struct {
		name          string
		in            string
		kept, dropped int
	}{
		{"200,000 short paragraphs", strings.Repeat("<p>word</p>", 200000), 1000, 199000},
		{"300,000 unclosed inline tags", strings.Repeat("<b><i><span>", 100000) + "text", 1, 0},
		{"200,000 br pairs", strings.Repeat("line<br><br>", 100000), 1000, 99000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := NewParagraphMaker(nil, false)
			m.SetMaxParagraphs(1000)
			m.Reset()
			z, _ := tokenizer.New()
			z.ResetBytes([]byte(tc.in))
			if err := NewWalker().Walk(context.Background(), z, m); err != nil {
				t.Fatal(err)
			}
			m.Finish()
			paras := m.Paragraphs()
			if len(paras) != tc.kept || m.Dropped() != tc.dropped {
				t.Errorf("kept %d, dropped %d; want %d and %d", len(paras), m.Dropped(), tc.kept, tc.dropped)
			}
			for i := range paras {
				if paras[i].Length == 0 || len(m.TextOf(&paras[i])) == 0 {
					t.Fatalf("paragraph %d is empty", i)
				}
			}
		})
	}
}
