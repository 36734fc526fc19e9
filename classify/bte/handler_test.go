package bte

import (
	"bytes"
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/eval"
	"github.com/jtextract/jt/internal/sharedtest"
	"github.com/jtextract/jt/tokenizer"
	"golang.org/x/net/html/atom"
)

// pass is the single streaming pass the root package runs: a tokenizer, a
// Walker and a Handler, reused across documents.
type pass struct {
	z *tokenizer.Tokenizer
	w *blocks.Walker
	h Handler
}

func newPass(tb testing.TB, opts ...tokenizer.Option) *pass {
	tb.Helper()
	z, err := tokenizer.New(opts...)
	if err != nil {
		tb.Fatal(err)
	}
	return &pass{z: z, w: blocks.NewWalker()}
}

// run walks doc and leaves the result in p.h.
func (p *pass) run(tb testing.TB, doc []byte) {
	tb.Helper()
	p.z.ResetBytes(doc)
	p.h.Reset()
	if err := p.w.Walk(context.Background(), p.z, &p.h); err != nil {
		tb.Fatalf("walking %.60q: %v", doc, err)
	}
}

// Expected runs are worked out by hand from the Walker's balanced events:
// after the head, every start and end event is a tag, implied ones too.
func TestHandlerDocuments(t *testing.T) {
	tests := []struct {
		name string
		doc  string
		runs []int32
		text string
	}{
		{"empty", "", nil, ""},
		{"tags only", "<html><body><div></div></body></html>", nil, ""},
		{
			// body, p open (leading, not stored); p, body, html close.
			"head ignored",
			"<html><head><title>Title words here</title><meta charset=utf-8></head><body><p>Body text.</p></body></html>",
			[]int32{2, -3}, "Body text.",
		},
		{
			// The Walker implies html and body, no head: the body starts the count.
			"no head or body tags",
			"<p>a b</p><p>c</p>",
			[]int32{2, -2, 1, -3}, "a b",
		},
		{
			"text before the body is not counted",
			"<head><title>one two three four</title></head>\n<body>five",
			[]int32{1, -2}, "five",
		},
		{
			"script, style, noscript and comments dropped",
			"<body><p>a <script>var x = 1 < 2;</script>b<!-- c d e --> f<style>p{}</style>" +
				"<noscript><img src=pixel.gif> enable scripts now</noscript></p>",
			[]int32{3, -3}, "a b f",
		},
		{
			// A dropped element goes with its tags, so no tag splits "abc",
			// as a browser shows text around a script.
			"iframe and template dropped with their tags",
			"<body>a<iframe><p>never shown</p></iframe>b<template><p>inert</p></template>c",
			[]int32{1, -2}, "abc",
		},
		{
			// <br> opens and closes at once: two tags, like <i></i>.
			"a void element costs two tags",
			"<body>a<br>b",
			[]int32{1, -2, 1, -2}, "a",
		},
		{
			// The div closes the p first: </p><div> is a run of two.
			"implied end tags count",
			"<body><p>x y z<div>w</div>",
			[]int32{3, -2, 1, -3}, "x y z",
		},
		{
			"a stray end tag neither counts nor splits a word",
			"<body>a b</span>c",
			[]int32{2, -2}, "a bc",
		},
		{
			"entities decoded, unicode spaces split",
			"<body><p>caf&eacute;&nbsp;cr\u00e8me\u2003br\u00fbl\u00e9e</p>",
			[]int32{3, -3}, "café crème brûlée",
		},
		{
			"navigation loses to the article",
			"<body><ul><li><a>Home</a></li><li><a>News</a></li></ul>" +
				"<div><p>The article has many words and few tags in it.</p><p>More prose follows here.</p></div>" +
				"<div><a>Contact</a></div></body>",
			[]int32{1, -4, 1, -5, 10, -2, 4, -4, 1, -4},
			"The article has many words and few tags in it. More prose follows here.",
		},
	}
	p := newPass(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p.run(t, []byte(tt.doc))
			if got := p.h.Counter().Runs(); !slices.Equal(got, tt.runs) {
				t.Errorf("runs = %v, want %v", got, tt.runs)
			}
			if got := string(p.h.AppendText(nil)); got != tt.text {
				t.Errorf("text = %q, want %q", got, tt.text)
			}
		})
	}
}

// elems builds a stack of open elements from atoms.
func elems(atoms ...atom.Atom) []blocks.Elem {
	stack := make([]blocks.Elem, len(atoms))
	for i, a := range atoms {
		stack[i] = blocks.Elem{Atom: a, Name: a.String(), ID: int32(i)}
	}
	return stack
}

// TestHandlerEvents drives a Handler with hand-made events, including
// sequences the Walker does not make today: nested dropped elements, and
// a document abandoned inside a script.
func TestHandlerEvents(t *testing.T) {
	var h Handler
	body := elems(atom.Html, atom.Body)
	start := func(atoms ...atom.Atom) { h.StartElement(elems(atoms...), nil) }
	end := func(atoms ...atom.Atom) { h.EndElement(elems(atoms...)) }
	text := func(s string) { h.Text(nil, []byte(s)) }

	// A head that ends, a style nested in a noscript, and words around.
	h.Reset()
	start(atom.Html)
	start(atom.Html, atom.Head)
	text("head words")
	end(atom.Html, atom.Head)
	start(atom.Html, atom.Body)
	text("one two")
	start(atom.Html, atom.Body, atom.Noscript)
	start(atom.Html, atom.Body, atom.Noscript, atom.Style)
	text("dropped")
	end(atom.Html, atom.Body, atom.Noscript, atom.Style)
	text("dropped too")
	end(atom.Html, atom.Body, atom.Noscript)
	h.Comment(body, []byte("a comment"))
	text(" three")
	start(atom.Html, atom.Body, atom.B)
	end(atom.Html, atom.Body, atom.B)
	text("four")
	if got, want := h.Counter().Runs(), []int32{3, -2, 1}; !slices.Equal(got, want) {
		t.Errorf("runs = %v, want %v", got, want)
	}
	if got := string(h.AppendText(nil)); got != "one two three" {
		t.Errorf("text = %q, want %q", got, "one two three")
	}

	// Reset forgets an unfinished script and the started state.
	start(atom.Html, atom.Body, atom.Script)
	h.Reset()
	text("before the body")
	start(atom.Html, atom.Body)
	text("counted")
	if got := string(h.AppendText(nil)); got != "counted" {
		t.Errorf("after Reset: text = %q, want %q", got, "counted")
	}
}

// wordsOf splits the Counter's output into words.
func wordsOf(b []byte) []string { return strings.Fields(string(b)) }

// checkStretch checks what every document must satisfy: the stretch
// starts and ends on word runs, its text has as many words as its runs
// count, and those words are a contiguous part of all the counted words.
func checkStretch(tb testing.TB, h *Handler, name string) (text []byte) {
	tb.Helper()
	c := h.Counter()
	runs := c.Runs()
	b, e, score := c.Best()
	text = h.AppendText(nil)
	if len(runs) == 0 {
		if len(text) != 0 || score != 0 {
			tb.Fatalf("%s: no runs but text %q, score %d", name, text, score)
		}
		return text
	}
	if b%2 != 0 || (e-1)%2 != 0 {
		tb.Fatalf("%s: stretch [%d, %d) of %d runs not on word runs", name, b, e, len(runs))
	}
	words, sum := 0, 0
	for i, r := range runs[b:e] {
		sum += int(r)
		if i%2 == 0 {
			words += int(r)
		}
	}
	if sum != score {
		tb.Fatalf("%s: score %d, stretch sums to %d", name, score, sum)
	}
	got := wordsOf(text)
	if len(got) != words {
		tb.Fatalf("%s: text has %d words, the stretch counts %d", name, len(got), words)
	}
	all := wordsOf(c.AppendRange(nil, 0, len(runs)))
	found := false
	for i := 0; i+len(got) <= len(all) && !found; i++ {
		found = slices.Equal(all[i:i+len(got)], got)
	}
	if !found {
		tb.Fatalf("%s: text %q is not a contiguous part of the counted words", name, text)
	}
	return text
}

// TestHandlerPages runs the pass over the 181 shared pages and scores the
// result with the benchmark's metric.
func TestHandlerPages(t *testing.T) {
	ds, err := eval.LoadDataset(filepath.Join(sharedtest.Dir(t), "datasets", "scrapinghub"))
	if err != nil {
		t.Fatal(err)
	}
	p := newPass(t)
	empty := 0
	r, err := eval.Evaluate(context.Background(), ds, "bte", func(html []byte) (string, error) {
		p.run(t, html)
		text := checkStretch(t, &p.h, "page")
		if len(text) == 0 {
			empty++
		}
		return string(text), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("BTE on %d pages: F1 %.3f ± %.3f, precision %.3f ± %.3f, recall %.3f ± %.3f, accuracy %.3f; %d empty",
		len(r.Pages), r.F1, r.F1Std, r.Precision, r.PrecisionStd, r.Recall, r.RecallStd, r.Accuracy, empty)
	if empty > 0 || len(r.Errors) > 0 {
		t.Errorf("%d pages gave no text, %d failed; every page has an article", empty, len(r.Errors))
	}
	// A regression floor below the measured 0.862; Baroni expects better
	// precision than recall, but on these pages it is the other way round.
	if r.F1 < 0.85 {
		t.Errorf("F1 %.3f, below the floor of 0.85", r.F1)
	}

	// Scripting makes noscript raw text; dropping it whole keeps the
	// result the same.
	ps := newPass(t, tokenizer.WithScripting(true))
	for _, page := range ds.Pages {
		p.run(t, page.HTML)
		ps.run(t, page.HTML)
		if a, b := p.h.AppendText(nil), ps.h.AppendText(nil); !bytes.Equal(a, b) {
			t.Fatalf("page %s: text differs with scripting on", page.ID)
		}
	}
}

func TestHandlerAllocs(t *testing.T) {
	p := newPass(t)
	doc := syntheticPage(50)
	p.run(t, doc) // grow the buffers
	out := p.h.AppendText(nil)
	allocs := testing.AllocsPerRun(20, func() {
		p.run(t, doc)
		out = p.h.AppendText(out[:0])
	})
	if allocs != 0 {
		t.Errorf("steady state: %v allocations per document, want 0", allocs)
	}
}

// FuzzHandler walks arbitrary documents: the pass must not fail and the
// stretch must satisfy checkStretch.
func FuzzHandler(f *testing.F) {
	for _, s := range []string{
		"", "<p>a b</p><p>c</p>", "<head><title>t</title></head><body>x<br>y</body>",
		"<body><script>a</script>b<noscript><p>c</p></noscript>", "<body>a</span>b<!--c-->d",
		"<table><tr><td>a<td>b</table><select><option>x</select>",
	} {
		f.Add([]byte(s))
	}
	p := newPass(f)
	f.Fuzz(func(t *testing.T, doc []byte) {
		p.run(t, doc)
		checkStretch(t, &p.h, "document")
	})
}

func BenchmarkHandler(b *testing.B) {
	p := newPass(b)
	doc := syntheticPage(200)
	var out []byte
	b.ReportAllocs()
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		p.run(b, doc)
		out = p.h.AppendText(out[:0])
	}
}

// BenchmarkHandlerPages is one pass over the 181 shared pages.
func BenchmarkHandlerPages(b *testing.B) {
	pages := sharedtest.Pages(b)
	p := newPass(b)
	var n int64
	for _, page := range pages {
		n += int64(len(page.HTML))
	}
	var out []byte
	b.ReportAllocs()
	b.SetBytes(n)
	for b.Loop() {
		for _, page := range pages {
			p.run(b, page.HTML)
			out = p.h.AppendText(out[:0])
		}
	}
}
