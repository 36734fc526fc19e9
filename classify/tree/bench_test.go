package tree_test

import (
	"context"
	"testing"

	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/classify/boilerpipe"
	"github.com/jtextract/jt/classify/tree"
	"github.com/jtextract/jt/internal/sharedtest"
	"github.com/jtextract/jt/tokenizer"
)

// parents is an Ancestry over a parent array, -1 where unknown.
type parents []int32

func (p parents) Parent(id int32) int32 {
	if id < 0 || int(id) >= len(p) {
		return -1
	}
	return p[id]
}

// treeCase is the filter's input for one page, as the "tree" algorithm
// builds it: the blocks of boilerpipe's DefaultExtractor with the ID of
// each block's paragraph element, the extractor's selection, and the
// ancestry of every element those blocks' chains reach.
type treeCase struct {
	blocks []tree.Block
	keep   []bool
	anc    tree.Ancestry // boxed once, so that Apply's calls do not allocate
	bytes  int           // HTML size, for MB/s comparable with the other packages
}

// treeCases parses the 181 shared pages once, untimed, with boilerpipe's
// parser recording the tree, and returns the filter's inputs.
func treeCases(b *testing.B) []treeCase {
	pages := sharedtest.Pages(b)
	z, err := tokenizer.New()
	if err != nil {
		b.Fatal(err)
	}
	w := blocks.NewWalker()
	p := boilerpipe.NewParser()
	p.SetSource(z)
	p.RecordTree(true)
	ex, err := boilerpipe.Lookup("default")
	if err != nil {
		b.Fatal(err)
	}
	var text []byte
	var elems []int32
	cases := make([]treeCase, 0, len(pages))
	for _, pg := range pages {
		p.Reset()
		z.ResetBytes(pg.HTML)
		if err := w.Walk(context.Background(), z, p); err != nil {
			b.Fatal(err)
		}
		doc := p.Document()
		ex.Process(doc)
		c := treeCase{bytes: len(pg.HTML)}
		known := map[int32]int32{}
		maxID := int32(-1)
		for i := range doc.Blocks {
			blk := &doc.Blocks[i]
			elems = doc.AppendElements(elems[:0], blk)
			node := int32(-1)
			if len(elems) > 0 {
				node = p.ParagraphElement(elems[0])
			}
			text = doc.AppendText(text[:0], blk)
			c.blocks = append(c.blocks, tree.Block{Node: node, Chars: len(text)})
			c.keep = append(c.keep, blk.IsContent)
			// Record the chain up to the deepest depth the filter allows.
			for id, d := node, 0; id >= 0 && d < tree.MaxDepth; d++ {
				par := p.Parent(id)
				known[id] = par
				maxID = max(maxID, id)
				id = par
			}
		}
		anc := make(parents, maxID+1)
		for i := range anc {
			anc[i] = -1
		}
		for id, par := range known {
			anc[id] = par
		}
		c.anc = anc
		cases = append(cases, c)
	}
	return cases
}

// BenchmarkApply runs the filter (grandparent grouping, the "tree"
// algorithm's default) over the blocks of the 181 shared pages; one op is
// the whole set. MB/s are of the pages' HTML, so that the filter's share
// of an extraction reads off directly against the other stages.
func BenchmarkApply(b *testing.B) {
	cases := treeCases(b)
	var size int64
	nblocks := 0
	for _, c := range cases {
		size += int64(c.bytes)
		nblocks += len(c.blocks)
	}
	for _, depth := range []int{tree.DefaultDepth, tree.MaxDepth} {
		b.Run(depthName(depth), func(b *testing.B) {
			f, err := tree.New(depth)
			if err != nil {
				b.Fatal(err)
			}
			keep := make([]bool, 0, 1024)
			b.SetBytes(size)
			b.ReportAllocs()
			for b.Loop() {
				for i := range cases {
					c := &cases[i]
					keep = append(keep[:0], c.keep...)
					f.Apply(c.blocks, keep, c.anc)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(nblocks), "ns/block")
		})
	}
}

func depthName(d int) string {
	return "depth=" + string(rune('0'+d))
}
