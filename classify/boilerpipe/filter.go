package boilerpipe

// Filter is one step of a boilerpipe pipeline, Java's BoilerpipeFilter: it
// classifies, labels, fuses or removes the blocks of doc in place and
// reports whether it changed anything.
type Filter interface {
	Process(doc *Document) bool
}

// Chain is a pipeline: its Process runs every filter in order and reports
// whether any of them changed the document. Every filter runs even after a
// change, as with the non-short-circuit "|" of boilerpipe's extractors.
type Chain []Filter

// Process runs the filters of c on doc in order.
func (c Chain) Process(doc *Document) bool {
	changed := false
	for _, f := range c {
		changed = f.Process(doc) || changed
	}
	return changed
}

// FilterFunc adapts a function to the Filter interface.
type FilterFunc func(doc *Document) bool

// Process calls f(doc).
func (f FilterFunc) Process(doc *Document) bool { return f(doc) }

// removeIf deletes the blocks for which drop returns true, keeping the
// order, and reports whether it deleted any.
func (d *Document) removeIf(drop func(b *TextBlock) bool) bool {
	out := d.Blocks[:0]
	for i := range d.Blocks {
		if !drop(&d.Blocks[i]) {
			out = append(out, d.Blocks[i])
		}
	}
	changed := len(out) != len(d.Blocks)
	d.Blocks = out
	return changed
}
