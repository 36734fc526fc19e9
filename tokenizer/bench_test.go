package tokenizer

import (
	"bytes"
	"testing"

	"github.com/jtextract/jt/internal/sharedtest"
	"golang.org/x/net/html"
)

func totalBytes(pages []sharedtest.Page) int64 {
	var n int64
	for _, p := range pages {
		n += int64(len(p.HTML))
	}
	return n
}

// BenchmarkTokenizer walks all shared pages, reading every text token.
func BenchmarkTokenizer(b *testing.B) {
	pages := sharedtest.Pages(b)
	z, _ := New()
	b.SetBytes(totalBytes(pages))
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range pages {
			z.ResetBytes(p.HTML)
			for k := z.Next(); k != ErrorToken; k = z.Next() {
				if k == TextToken {
					z.Text()
				}
			}
		}
	}
}

// BenchmarkXNetTokenizer is the floor the issue names: x/net/html's
// Tokenizer over the same bytes, appending text tokens to a reused buffer.
func BenchmarkXNetTokenizer(b *testing.B) {
	pages := sharedtest.Pages(b)
	b.SetBytes(totalBytes(pages))
	b.ReportAllocs()
	var sink []byte
	for b.Loop() {
		for _, p := range pages {
			z := html.NewTokenizer(bytes.NewReader(p.HTML))
			for tt := z.Next(); tt != html.ErrorToken; tt = z.Next() {
				if tt == html.TextToken {
					sink = append(sink[:0], z.Text()...)
				}
			}
		}
	}
}
