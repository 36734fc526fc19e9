// Package tree implements the HTML-tree filter of Viveros-Jiménez,
// Sanchez-Perez, Gómez-Adorno et al., "Improving the Boilerpipe Algorithm
// for Boilerplate Removal in News Articles Using HTML Tree Structure"
// (Computación y Sistemas 22(2), 2018).
//
// After an extractor has selected its content blocks, the filter assumes
// that the real content sits under one node of the HTML tree: it finds each
// selected block's paragraph element (the innermost div, table, ul, ol, p,
// section, article, h1–h6, header or body enclosing it), takes that
// element's n-th ancestor (the paper's best depth is 2, the grandparent),
// groups the selected blocks by that ancestor, and keeps only the group
// with the most text.
//
// The filter needs no DOM: the block builder records, during its single
// pass, the ID of each block's paragraph element and each element's parent.
package tree

import (
	"fmt"

	"golang.org/x/net/html/atom"
)

// DefaultDepth is the paper's best ancestor distance (2, the grandparent).
const DefaultDepth = 2

// MaxDepth is the largest ancestor distance the paper evaluates.
const MaxDepth = 5

// IsParagraph reports whether an element is a "paragraph" in the paper's
// sense.
func IsParagraph(a atom.Atom) bool {
	switch a {
	case atom.Div, atom.Table, atom.Ul, atom.Ol, atom.P, atom.Section, atom.Article,
		atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Header, atom.Body:
		return true
	}
	return false
}

// Block is what the filter needs to know of one selected block.
type Block struct {
	Node  int32 // ID of the block's paragraph element, -1 if none encloses it
	Chars int   // amount of text, the weight of the block in its group
}

// Ancestry answers parent queries about the elements of one document.
type Ancestry interface {
	// Parent returns the ID of the parent of element id, or -1 for the
	// root (and for -1).
	Parent(id int32) int32
}

// Filter groups blocks by ancestor. Its zero value is not usable; make one
// with New. A Filter reuses its memory across documents and is not safe for
// concurrent use.
type Filter struct {
	depth  int
	index  map[int32]int // group (ancestor ID) → position in totals
	totals []int         // text per group, in order of first appearance
}

// New returns a Filter grouping by the depth-th ancestor, 1 (parent) to
// MaxDepth.
func New(depth int) (*Filter, error) {
	if depth < 1 || depth > MaxDepth {
		return nil, fmt.Errorf("tree: depth %d outside 1..%d", depth, MaxDepth)
	}
	return &Filter{depth: depth, index: make(map[int32]int)}, nil
}

// Depth returns the ancestor distance the Filter groups by.
func (f *Filter) Depth() int { return f.depth }

// Ancestor returns the depth-th ancestor of node, stopping at the root
// when the chain is shorter.
func Ancestor(a Ancestry, node int32, depth int) int32 {
	for range depth {
		p := a.Parent(node)
		if p < 0 {
			break
		}
		node = p
	}
	return node
}

// Apply clears keep[i] for every block i whose group does not have the
// most text; keep[i] must be true exactly for the selected blocks, and
// blocks and keep have the same length. When two groups have the same
// amount of text the one that starts first in the document wins. Blocks
// without a paragraph element (Node -1) form one group of their own.
func (f *Filter) Apply(blocks []Block, keep []bool, a Ancestry) {
	clear(f.index)
	f.totals = f.totals[:0]
	group := func(b Block) int {
		g := b.Node
		if g >= 0 {
			g = Ancestor(a, g, f.depth)
		}
		k, seen := f.index[g]
		if !seen {
			k = len(f.totals)
			f.index[g] = k
			f.totals = append(f.totals, 0)
		}
		return k
	}
	for i, b := range blocks {
		if keep[i] {
			f.totals[group(b)] += b.Chars
		}
	}
	// Groups are in order of first appearance, so a strict > keeps the
	// earliest of equal groups.
	best := -1
	for k, total := range f.totals {
		if best < 0 || total > f.totals[best] {
			best = k
		}
	}
	for i, b := range blocks {
		if keep[i] {
			keep[i] = group(b) == best
		}
	}
}
