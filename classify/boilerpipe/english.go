package boilerpipe

import "bytes"

// TerminatingBlocks is boilerpipe's TerminatingBlocksFinder: it labels
// LabelIndicatesEndOfText the short blocks (fewer than 15 words, at least 8
// UTF-16 units once trimmed) whose lower-cased text looks like the start of
// a comment section, for IgnoreBlocksAfterContent to act on.
type TerminatingBlocks struct{}

// Phrases of TerminatingBlocksFinder 1.2.0, matched on the lower-cased,
// trimmed block text.
var (
	endPrefixes  = []string{"comments", "© reuters", "please rate this", "post a comment"}
	endContains  = []string{"what you think...", "add your comment", "add comment", "reader views", "have your say", "reader comments"}
	endEquals    = "thanks for your comments - this feedback is now closed"
	endAfterNums = []string{" comments", " users responded in"}
)

// Process labels the terminating blocks of doc.
func (TerminatingBlocks) Process(doc *Document) bool {
	changed := false
	for i := range doc.Blocks {
		b := &doc.Blocks[i]
		if b.NumWords >= 15 {
			continue
		}
		text := javaTrim(doc.blockTextView(b))
		if utf16Len(text) < 8 {
			continue
		}
		doc.lower = appendJavaLower(doc.lower[:0], text)
		if isEndOfText(doc.lower) {
			b.Labels |= LabelIndicatesEndOfText
			changed = true
		}
	}
	return changed
}

// endFirst marks the first bytes of endPrefixes and endContains.
var endFirst = func() (t [256]uint8) {
	for _, p := range endPrefixes {
		t[p[0]] |= firstOfPrefix
	}
	for _, p := range endContains {
		t[p[0]] |= firstOfContained
	}
	return t
}()

const (
	firstOfPrefix = 1 << iota
	firstOfContained
)

func isEndOfText(lc []byte) bool {
	if len(lc) == 0 {
		return false
	}
	// Each phrase is looked for only where its first byte is.
	if endFirst[lc[0]]&firstOfPrefix != 0 {
		for _, p := range endPrefixes {
			if bytes.HasPrefix(lc, []byte(p)) {
				return true
			}
		}
	}
	// A number followed by " comments" or " users responded in".
	j := 0
	for j < len(lc) && '0' <= lc[j] && lc[j] <= '9' {
		j++
	}
	if j > 0 && j < len(lc) && lc[j] == ' ' {
		for _, p := range endAfterNums {
			if bytes.HasPrefix(lc[j:], []byte(p)) {
				return true
			}
		}
	}
	for i, c := range lc {
		if endFirst[c]&firstOfContained != 0 {
			for _, p := range endContains {
				if p[0] == c && bytes.HasPrefix(lc[i:], []byte(p)) {
					return true
				}
			}
		}
	}
	return len(lc) == len(endEquals) && string(lc) == endEquals
}

// IgnoreBlocksAfterContent is boilerpipe's IgnoreBlocksAfterContentFilter:
// once a block labelled LabelIndicatesEndOfText is reached after at least
// MinWords words of full text in content blocks, that block and every block
// after it become boilerplate. Full-text words are the words of blocks with
// a text density of at least 9.
type IgnoreBlocksAfterContent struct {
	MinWords int // 60 in boilerpipe's DEFAULT_INSTANCE
}

// Process applies the filter to doc. Like Java it reports a change as soon
// as the end of text is found, even when the blocks after it were already
// boilerplate.
func (f IgnoreBlocksAfterContent) Process(doc *Document) bool {
	words := 0
	found := false
	for i := range doc.Blocks {
		b := &doc.Blocks[i]
		if b.IsContent {
			words += fullTextWords(b)
		}
		if b.Labels.Has(LabelIndicatesEndOfText) && words >= f.MinWords {
			found = true
		}
		if found {
			b.IsContent = false
		}
	}
	return found
}

// fullTextWords is HeuristicFilterBase.getNumFullTextWords: the block's
// words if its text density is at least 9, else 0.
func fullTextWords(b *TextBlock) int {
	if b.TextDensity >= 9 {
		return b.NumWords
	}
	return 0
}
