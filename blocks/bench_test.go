package blocks

import (
	"context"
	"testing"

	"github.com/jtextract/jt/internal/sharedtest"
	"github.com/jtextract/jt/stopwords"
	"github.com/jtextract/jt/tokenizer"
)

// benchPages runs fn over the 181 shared pages per iteration, reporting
// MB/s of HTML.
func benchPages(b *testing.B, h func() Handler, finish func()) {
	pages := sharedtest.Pages(b)
	var size int64
	for _, p := range pages {
		size += int64(len(p.HTML))
	}
	z, err := tokenizer.New()
	if err != nil {
		b.Fatal(err)
	}
	w := NewWalker()
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range pages {
			z.ResetBytes(p.HTML)
			if err := w.Walk(context.Background(), z, h()); err != nil {
				b.Fatal(err)
			}
			finish()
		}
	}
}

// BenchmarkWalker measures tokenizing plus tree balancing, with a handler
// that does nothing.
func BenchmarkWalker(b *testing.B) {
	benchPages(b, func() Handler { return nopHandler{} }, func() {})
}

// BenchmarkParagraphMaker measures the whole block stage of jusText:
// tokenizing, balancing, cleaning, paragraphs, stop words.
func BenchmarkParagraphMaker(b *testing.B) {
	en, err := stopwords.Lookup("English")
	if err != nil {
		b.Fatal(err)
	}
	m := NewParagraphMaker(en, false)
	benchPages(b, func() Handler { m.Reset(); return m }, m.Finish)
}
