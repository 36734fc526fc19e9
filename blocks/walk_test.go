package blocks

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/jtextract/jt/internal/sharedtest"
	"github.com/jtextract/jt/tokenizer"
)

// recorder writes the events it receives as markup, and checks that they
// are balanced and that every stack it is shown is consistent.
type recorder struct {
	tb    testing.TB
	b     strings.Builder
	open  []Elem
	attrs bool // print attributes
}

func (r *recorder) check(stack []Elem, want []Elem) {
	r.tb.Helper()
	if len(stack) != len(want) {
		r.tb.Fatalf("stack of %d elements, expected %d", len(stack), len(want))
	}
	for i := range stack {
		if stack[i] != want[i] {
			r.tb.Fatalf("stack[%d] = %+v, expected %+v", i, stack[i], want[i])
		}
	}
}

func (r *recorder) StartElement(stack []Elem, a *Attrs) {
	r.check(stack[:len(stack)-1], r.open)
	e := stack[len(stack)-1]
	r.open = append(r.open, e)
	r.b.WriteString("<" + e.Name)
	for k, v, ok := a.Next(); ok && r.attrs; k, v, ok = a.Next() {
		r.b.WriteString(" " + string(k) + "=" + string(v))
	}
	r.b.WriteString(">")
}

func (r *recorder) EndElement(stack []Elem) {
	r.check(stack, r.open)
	r.open = r.open[:len(r.open)-1]
	r.b.WriteString("</" + stack[len(stack)-1].Name + ">")
}

func (r *recorder) Text(stack []Elem, t []byte) {
	r.check(stack, r.open)
	r.b.Write(t)
}

func (r *recorder) Comment(stack []Elem, t []byte) {
	r.check(stack, r.open)
	r.b.WriteString("<!--" + string(t) + "-->")
}

func walk(tb testing.TB, w *Walker, src string, attrs bool) string {
	tb.Helper()
	z, err := tokenizer.New()
	if err != nil {
		tb.Fatal(err)
	}
	z.ResetBytes([]byte(src))
	r := &recorder{tb: tb, attrs: attrs}
	if err := w.Walk(context.Background(), z, r); err != nil {
		tb.Fatal(err)
	}
	if len(r.open) != 0 {
		tb.Fatalf("%d elements left open", len(r.open))
	}
	return r.b.String()
}

func TestWalkerTrees(t *testing.T) {
	const body = "<html><head></head><body>"
	for _, tc := range []struct{ name, in, want string }{
		{"empty", "", ""},
		{"text only", "hi", "<html><body>hi</body></html>"},
		{"implied head and body", "<title>T</title><p>x", "<html><head><title>T</title></head><body><p>x</p></body></html>"},
		{"explicit", "<!DOCTYPE html><html><head><meta charset=utf-8></head><body><p>a</p></body></html>",
			"<html><head><meta></meta></head><body><p>a</p></body></html>"},
		{"whitespace before body", "<html> <head> </head> <body>x", "<html> <head> </head> <body>x</body></html>"},
		{"p closed by div", "<p>a<div>b</div>", "<html><body><p>a</p><div>b</div></body></html>"},
		{"p closed by p", "<p>a<p>b", "<html><body><p>a</p><p>b</p></body></html>"},
		{"p not closed by span", "<p>a<span>b</span>c", "<html><body><p>a<span>b</span>c</p></body></html>"},
		{"stray </p>", "a</p>b", "<html><body>a<p></p>b</body></html>"},
		{"</br>", "a</br>b", "<html><body>a<br></br>b</body></html>"},
		{"void", "a<br>b<img src=x>c", "<html><body>a<br></br>b<img></img>c</body></html>"},
		{"li implied end", "<ul><li>a<li>b</ul>", "<html><body><ul><li>a</li><li>b</li></ul></body></html>"},
		{"nested list", "<ul><li>a<ul><li>b</ul><li>c</ul>", "<html><body><ul><li>a<ul><li>b</li></ul></li><li>c</li></ul></body></html>"},
		{"dd dt", "<dl><dt>a<dd>b<dt>c</dl>", "<html><body><dl><dt>a</dt><dd>b</dd><dt>c</dt></dl></body></html>"},
		{"table cells", "<table><tr><td>a<td>b<tr><td>c</table>",
			"<html><body><table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table></body></html>"},
		{"heading closes heading", "<h1>a<h2>b</h2>", "<html><body><h1>a</h1><h2>b</h2></body></html>"},
		{"heading end closes other heading", "<h1>a</h2>b", "<html><body><h1>a</h1>b</body></html>"},
		{"a closes a", "<a href=1>x<a href=2>y</a>", "<html><body><a>x</a><a>y</a></body></html>"},
		{"end tag across inline", "<div><span><b>x</div>y", "<html><body><div><span><b>x</b></span></div>y</body></html>"},
		{"unmatched end ignored", "<div>x</span>y</div>", "<html><body><div>xy</div></body></html>"},
		{"span end stops at div", "<span><div>x</span>y</div>", "<html><body><span><div>xy</div></span></body></html>"},
		{"a end crosses div", "<a><div>x</a>y", "<html><body><a><div>x</div></a>y</body></html>"},
		{"after body", "<body>a</body>b</html>c", "<html><body>abc</body></html>"},
		{"select ignores tags", "<select><div>a<option>b<option>c</select>d",
			"<html><body><select>a<option>b</option><option>c</option></select>d</body></html>"},
		{"script text", "<script>if (a<b) x='</div>'</script><p>y",
			"<html><head><script>if (a<b) x='</div>'</script></head><body><p>y</p></body></html>"},
		{"comment", "<p>a<!-- c -->b", "<html><body><p>a<!-- c -->b</p></body></html>"},
		{"unknown element", "<my-el>a</my-el>", "<html><body><my-el>a</my-el></body></html>"},
		{"svg self closing", "<svg><path/><circle/></svg>x", "<html><body><svg><path></path><circle></circle></svg>x</body></html>"},
		{"html self closing div", "<div/>x", "<html><body><div>x</div></body></html>"},
		{"second body ignored", "<body><p>a<body>b", "<html><body><p>ab</p></body></html>"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := walk(t, NewWalker(), tc.in, false)
			if tc.want != "" && !strings.HasPrefix(tc.want, "<html>") {
				tc.want = body + tc.want
			}
			if got != tc.want {
				t.Errorf("\ninput %q\n  got %s\n want %s", tc.in, got, tc.want)
			}
		})
	}
}

func TestWalkerAttrs(t *testing.T) {
	got := walk(t, NewWalker(), `<div id=a class="b c"><p>x`, true)
	want := "<html><body><div id=a class=b c><p>x</p></div></body></html>"
	if got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestWalkerMaxDepth(t *testing.T) {
	w := NewWalker()
	if err := w.SetMaxDepth(3); err == nil {
		t.Error("SetMaxDepth(3) accepted a depth below the minimum")
	}
	if err := w.SetMaxDepth(10); err != nil {
		t.Fatal(err)
	}
	in := strings.Repeat("<div>", 100) + "deep" + strings.Repeat("</div>", 100) + "after"
	got := walk(t, w, in, false)
	// html and body take two levels, so eight divs fit.
	want := "<html><body>" + strings.Repeat("<div>", 8) + "deep" + strings.Repeat("</div>", 8) + "after</body></html>"
	if got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

// TestWalkerDeepNesting checks that 100,000 nested elements, matched or
// not, are walked with bounded depth.
func TestWalkerDeepNesting(t *testing.T) {
	for _, in := range []string{
		strings.Repeat("<div>", 100000) + "x" + strings.Repeat("</div>", 100000),
		strings.Repeat("<span><div>", 50000) + "x" + strings.Repeat("</span>", 100000),
		strings.Repeat("<li><p><a>", 40000),
		strings.Repeat("<table><td>", 50000),
	} {
		out := walk(t, NewWalker(), in, false)
		if !strings.Contains(out, "x") && strings.Contains(in, "x") {
			t.Errorf("text lost in %.40q...", in)
		}
	}
}

type stopAfter struct {
	recorder
	cancel func()
	n      int
}

func (s *stopAfter) Text(stack []Elem, t []byte) {
	if s.n++; s.n == 10 {
		s.cancel()
	}
}

func TestWalkerCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	z, _ := tokenizer.New()
	z.ResetBytes([]byte(strings.Repeat("<p>x</p>", 100000)))
	h := &stopAfter{recorder: recorder{tb: t}, cancel: cancel}
	err := NewWalker().Walk(ctx, z, h)
	if !errors.Is(err, ErrCanceled) || !errors.Is(err, context.Canceled) {
		t.Fatalf("Walk returned %v, want ErrCanceled wrapping context.Canceled", err)
	}
}

// TestWalkerSharedPages walks the 181 shared pages: every event sequence
// must be balanced (the recorder checks each stack) and no text may be
// lost.
func TestWalkerSharedPages(t *testing.T) {
	w := NewWalker()
	for _, p := range sharedtest.Pages(t) {
		walk(t, w, string(p.HTML), false)
	}
}

func TestWalkerAllocs(t *testing.T) {
	pages := sharedtest.Pages(t)
	z, _ := tokenizer.New()
	w := NewWalker()
	h := nopHandler{}
	for _, p := range pages[:5] {
		page := p.HTML
		run := func() {
			z.ResetBytes(page)
			if err := w.Walk(context.Background(), z, h); err != nil {
				t.Fatal(err)
			}
		}
		run()
		if n := testing.AllocsPerRun(5, run); n > 0 {
			t.Errorf("%s: %.0f allocations per warm walk, want 0", p.ID, n)
		}
	}
}

type nopHandler struct{}

func (nopHandler) StartElement([]Elem, *Attrs) {}
func (nopHandler) EndElement([]Elem)           {}
func (nopHandler) Text([]Elem, []byte)         {}
func (nopHandler) Comment([]Elem, []byte)      {}

func FuzzWalker(f *testing.F) {
	for _, s := range []string{"", "<p>a<div>b", "<table><td>x<tr>y", "<select><option>a<div>", "</p></br><a><a>",
		"<html><head><title>t</title></head><body>x</body></html>b", "<svg><g/></svg>", "<li><dd><dt><h1><h2>"} {
		f.Add(s)
	}
	w := NewWalker()
	if err := w.SetMaxDepth(16); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		walk(t, w, s, true)
	})
}

// TestTee checks that every handler of a Tee sees every event and every
// attribute, whatever the ones before it read.
func TestTee(t *testing.T) {
	const in = `<div id=a class="b c">x<p>y</div>`
	want := walk(t, NewWalker(), in, true)
	z, _ := tokenizer.New()
	z.ResetBytes([]byte(in))
	r1, r2 := &recorder{tb: t, attrs: true}, &recorder{tb: t, attrs: true}
	if err := NewWalker().Walk(context.Background(), z, Tee{r1, r2}); err != nil {
		t.Fatal(err)
	}
	if r1.b.String() != want || r2.b.String() != want {
		t.Errorf("tee outputs\n%s\n%s\nwant %s", r1.b.String(), r2.b.String(), want)
	}
}

// topChecker checks, whenever an element opens, that endIndex finds it
// for an end tag of its own name: end skips endIndex in that case.
type topChecker struct {
	nopHandler
	tb testing.TB
	w  *Walker
}

func (c topChecker) StartElement(stack []Elem, _ *Attrs) {
	e := stack[len(stack)-1]
	if e.Atom == 0 {
		return
	}
	if i := c.w.endIndex(e.Atom, info(e.Atom), []byte(e.Name)); i != len(stack)-1 {
		c.tb.Fatalf("endIndex(%s) = %d with it open at %d", e.Name, i, len(stack)-1)
	}
}

func checkEndIndexTop(tb testing.TB, w *Walker, src []byte) {
	z, err := tokenizer.New()
	if err != nil {
		tb.Fatal(err)
	}
	z.ResetBytes(src)
	if err := w.Walk(context.Background(), z, topChecker{tb: tb, w: w}); err != nil {
		tb.Fatal(err)
	}
}

// TestEndIndexTop holds end's shortcut for an end tag that closes the
// innermost element against endIndex's searches, on the shared pages.
func TestEndIndexTop(t *testing.T) {
	w := NewWalker()
	for _, p := range sharedtest.Pages(t) {
		checkEndIndexTop(t, w, p.HTML)
	}
}

func FuzzEndIndexTop(f *testing.F) {
	for _, s := range []string{"<p>a<div>b", "<h1><h2>", "<ul><li><ol><li>", "<button><p>", "<table><td><p>", "<a><b><a>"} {
		f.Add(s)
	}
	w := NewWalker()
	if err := w.SetMaxDepth(16); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkEndIndexTop(t, w, []byte(s))
	})
}
