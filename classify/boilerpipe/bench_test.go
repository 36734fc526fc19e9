package boilerpipe

import (
	"testing"

	"github.com/jtextract/jt/internal/sharedtest"
)

// BenchmarkParseArticle parses the 181 pages and runs Article on each; one
// op is the whole set.
func BenchmarkParseArticle(b *testing.B) {
	pages := sharedtest.Pages(b)
	f := newHTMLFixture(b)
	ex, err := Lookup("article")
	if err != nil {
		b.Fatal(err)
	}
	var size int64
	for _, pg := range pages {
		size += int64(len(pg.HTML))
	}
	b.SetBytes(size)
	b.ReportAllocs()
	var out []byte
	for b.Loop() {
		for _, pg := range pages {
			doc := f.parse(b, pg.HTML)
			ex.Process(doc)
			out = doc.AppendContent(out[:0])
		}
	}
}

// TestAllocsPerPage bounds the allocations of a warm parser and Article per
// page: only the title string.
func TestAllocsPerPage(t *testing.T) {
	pages := sharedtest.Pages(t)
	f := newHTMLFixture(t)
	ex, _ := Lookup("article")
	for _, pg := range pages[:3] {
		ex.Process(f.parse(t, pg.HTML))
	}
	for _, pg := range pages[:3] {
		n := testing.AllocsPerRun(3, func() { ex.Process(f.parse(t, pg.HTML)) })
		if n > 2 {
			t.Errorf("%s: %.0f allocations per page, want at most 2", pg.ID, n)
		}
	}
}
