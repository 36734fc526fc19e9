package metadata

import (
	"context"
	"testing"

	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/charset"
	"github.com/jtextract/jt/internal/sharedtest"
	"github.com/jtextract/jt/tokenizer"
)

type nopHandler struct{}

func (nopHandler) StartElement([]blocks.Elem, *blocks.Attrs) {}
func (nopHandler) EndElement([]blocks.Elem)                  {}
func (nopHandler) Text([]blocks.Elem, []byte)                {}
func (nopHandler) Comment([]blocks.Elem, []byte)             {}

// BenchmarkCollector runs the walk over the shared pages with a Collector
// (collect, and collect and resolve) and with a handler that does
// nothing, the floor.
func BenchmarkCollector(b *testing.B) {
	pages := sharedtest.Pages(b)
	dec, _ := charset.NewDecoder()
	texts := make([][]byte, len(pages))
	var size int64
	for i, p := range pages {
		t, _, _ := dec.Decode(p.HTML, "")
		texts[i] = append([]byte(nil), t...)
		size += int64(len(p.HTML))
	}
	z, _ := tokenizer.New()
	w := blocks.NewWalker()
	c := New(Config{})
	ctx := context.Background()
	for _, bc := range []struct {
		name string
		h    blocks.Handler
		fin  bool
	}{{"floor", nopHandler{}, false}, {"collect", c, false}, {"resolve", c, true}} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(size)
			for b.Loop() {
				for _, t := range texts {
					z.ResetBytes(t)
					c.Reset()
					w.Walk(ctx, z, bc.h)
					if bc.fin {
						c.resolve()
					}
				}
			}
		})
	}
}
