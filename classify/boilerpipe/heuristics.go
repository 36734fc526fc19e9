package boilerpipe

// BlockProximityFusion is boilerpipe's filter of that name: it fuses each
// content block into the block before it when their parsed-block offsets
// are at most MaxDistance apart, which only happens once an earlier filter
// has removed blocks between them. Boilerplate blocks are never fused into
// their predecessor.
//
// boilerpipe's MAX_DISTANCE_1 is {MaxDistance: 1}, MAX_DISTANCE_1_CONTENT_ONLY
// adds ContentOnly, and the _SAME_TAGLEVEL variants add SameTagLevelOnly.
type BlockProximityFusion struct {
	MaxDistance int
	// ContentOnly starts at the first content block and fuses only when the
	// preceding block is content too.
	ContentOnly bool
	// SameTagLevelOnly fuses only blocks of equal tag level.
	SameTagLevelOnly bool
}

// Process fuses the blocks of doc.
func (f BlockProximityFusion) Process(doc *Document) bool {
	bs := doc.Blocks
	if len(bs) < 2 {
		return false
	}
	start := 1
	if f.ContentOnly {
		start = -1
		for i := range bs {
			if bs[i].IsContent {
				start = i + 1
				break
			}
		}
		if start < 0 {
			return false
		}
	}
	changed := false
	out := bs[:start]
	prev := start - 1 // index in out of the block the next one may fuse into
	for i := start; i < len(bs); i++ {
		b := bs[i]
		if b.IsContent {
			p := &out[prev]
			ok := b.OffsetStart-p.OffsetEnd-1 <= f.MaxDistance &&
				(!f.ContentOnly || p.IsContent) &&
				(!f.SameTagLevelOnly || p.TagLevel == b.TagLevel)
			if ok {
				doc.merge(p, &b)
				changed = true
				continue
			}
		}
		out = append(out, b)
		prev = len(out) - 1
	}
	doc.Blocks = out
	return changed
}

// SimpleBlockFusion is boilerpipe's SimpleBlockFusionProcessor: it fuses
// each block into the one before it when their text densities are equal,
// comparing against the density of the block fused so far.
type SimpleBlockFusion struct{}

// Process fuses the blocks of doc.
func (SimpleBlockFusion) Process(doc *Document) bool {
	bs := doc.Blocks
	if len(bs) < 2 {
		return false
	}
	changed := false
	out := bs[:1]
	for i := 1; i < len(bs); i++ {
		b := bs[i]
		if p := &out[len(out)-1]; p.TextDensity == b.TextDensity {
			doc.merge(p, &b)
			changed = true
			continue
		}
		out = append(out, b)
	}
	doc.Blocks = out
	return changed
}

// KeepLargestBlock is boilerpipe's KeepLargestBlockFilter: the content
// block with the most words (the first on a tie) stays content; every other
// block becomes boilerplate and is labelled LabelMightBeContent. With no
// content block, all become boilerplate. It reports a change whenever the
// document has two blocks or more.
//
// ExpandToSameTagLevel and MinWords give the later variants
// (INSTANCE_EXPAND_TO_SAME_TAGLEVEL, ..._MIN_WORDS): the blocks around the
// largest one, up to the first of a lower tag level on each side, become
// content again when they are at its tag level and have at least MinWords
// words. boilerpipe 1.2.0's INSTANCE is the zero value.
type KeepLargestBlock struct {
	ExpandToSameTagLevel bool
	MinWords             int
}

// Process applies the filter to doc.
func (f KeepLargestBlock) Process(doc *Document) bool {
	bs := doc.Blocks
	if len(bs) < 2 {
		return false
	}
	largest, maxWords := -1, -1
	for i := range bs {
		if bs[i].IsContent && bs[i].NumWords > maxWords {
			largest, maxWords = i, bs[i].NumWords
		}
	}
	for i := range bs {
		if i == largest {
			bs[i].IsContent = true
			continue
		}
		bs[i].IsContent = false
		bs[i].Labels |= LabelMightBeContent
	}
	if f.ExpandToSameTagLevel && largest >= 0 {
		level := bs[largest].TagLevel
		expand := func(b *TextBlock) bool {
			if b.TagLevel < level {
				return false
			}
			if b.TagLevel == level && b.NumWords >= f.MinWords {
				b.IsContent = true
			}
			return true
		}
		for i := largest - 1; i >= 0 && expand(&bs[i]); i-- {
		}
		for i := largest + 1; i < len(bs) && expand(&bs[i]); i++ {
		}
	}
	return true
}

// KeepLargestFulltextBlock is boilerpipe's KeepLargestFulltextBlockFilter:
// like KeepLargestBlock, but blocks are compared by their full-text words
// (words of blocks with text density 9 or more), and nothing changes when
// there is no content block.
type KeepLargestFulltextBlock struct{}

// Process applies the filter to doc.
func (KeepLargestFulltextBlock) Process(doc *Document) bool {
	bs := doc.Blocks
	if len(bs) < 2 {
		return false
	}
	largest, maxWords := -1, -1
	for i := range bs {
		if n := fullTextWords(&bs[i]); bs[i].IsContent && n > maxWords {
			largest, maxWords = i, n
		}
	}
	if largest < 0 {
		return false
	}
	for i := range bs {
		bs[i].IsContent = i == largest
		if i != largest {
			bs[i].Labels |= LabelMightBeContent
		}
	}
	return true
}

// ExpandTitleToContent is boilerpipe's ExpandTitleToContentFilter: the
// blocks from the title block (the last block labelled LabelTitle before the
// first content block) up to the first content block become content if they
// are labelled LabelMightBeContent.
type ExpandTitleToContent struct{}

// Process applies the filter to doc.
func (ExpandTitleToContent) Process(doc *Document) bool {
	title, content := -1, -1
	for i := range doc.Blocks {
		b := &doc.Blocks[i]
		if b.Labels.Has(LabelTitle) {
			title = i
		}
		if b.IsContent {
			content = i
			break
		}
	}
	if content <= title || title == -1 {
		return false
	}
	changed := false
	for i := title; i < content; i++ {
		if b := &doc.Blocks[i]; b.Labels.Has(LabelMightBeContent) {
			changed = b.SetContent(true) || changed
		}
	}
	return changed
}
