package boilerpipe

import (
	"bytes"
	"unicode"
	"unicode/utf8"
)

// BoilerplateBlocks is boilerpipe's BoilerplateBlockFilter: it removes every
// block that is not content, except, with KeepTitle (INSTANCE_KEEP_TITLE),
// blocks labelled LabelTitle.
type BoilerplateBlocks struct {
	KeepTitle bool
}

// Process removes the boilerplate blocks of doc.
func (f BoilerplateBlocks) Process(doc *Document) bool {
	return doc.removeIf(func(b *TextBlock) bool {
		return !b.IsContent && !(f.KeepTitle && b.Labels.Has(LabelTitle))
	})
}

// MarkEverythingContent is boilerpipe's MarkEverythingContentFilter: every
// block becomes content.
type MarkEverythingContent struct{}

// Process marks every block of doc content.
func (MarkEverythingContent) Process(doc *Document) bool {
	changed := false
	for i := range doc.Blocks {
		changed = doc.Blocks[i].SetContent(true) || changed
	}
	return changed
}

// MinWords is boilerpipe's MinWordsFilter: content blocks with fewer than
// Min words become boilerplate.
type MinWords struct {
	Min int
}

// Process applies the filter to doc.
func (f MinWords) Process(doc *Document) bool {
	changed := false
	for i := range doc.Blocks {
		if b := &doc.Blocks[i]; b.IsContent && b.NumWords < f.Min {
			b.IsContent = false
			changed = true
		}
	}
	return changed
}

// MinClauseWords is boilerpipe's MinClauseWordsFilter: a content block stays
// content only if it has a clause of at least Min words (5 in INSTANCE). A
// clause is the text up to a letter or digit followed by punctuation
// (,.:;!?) and then whitespace or the end; its words are counted by the
// runs of spaces, "\n" and "\r" in it. With AcceptClausesWithoutDelimiter
// the text after the last delimiter counts as a clause too.
type MinClauseWords struct {
	Min                           int
	AcceptClausesWithoutDelimiter bool
}

// Process applies the filter to doc.
func (f MinClauseWords) Process(doc *Document) bool {
	changed := false
	for i := range doc.Blocks {
		b := &doc.Blocks[i]
		if !b.IsContent {
			continue
		}
		if !f.hasClause(doc.blockText(b)) {
			b.IsContent = false
			changed = true
		}
	}
	return changed
}

func (f MinClauseWords) hasClause(text []byte) bool {
	start := 0
	for from := 0; ; {
		m, end := nextClauseDelimiter(text, from)
		if m < 0 {
			break
		}
		// The clause runs to the letter or digit before the punctuation.
		_, w := utf8.DecodeRune(text[m:])
		if f.isClause(text[start : m+w]) {
			return true
		}
		start, from = end, end
	}
	return f.AcceptClausesWithoutDelimiter && f.isClause(text[start:])
}

// nextClauseDelimiter finds the leftmost match at or after from of Java's
// [\p{L}\d][\,\.\:\;\!\?]+([ \n\r]+|$) and returns its start and end, or
// -1 when there is none. A match starts at the rune just before a run of
// clause punctuation, so the bytes are searched for the punctuation, and
// only the rune before each run is decoded and tested: most of a text is
// letters, and testing each costs a decoding and a table lookup.
func nextClauseDelimiter(text []byte, from int) (int, int) {
	for p := from + 1; p < len(text); p++ {
		if !isClausePunct(text[p]) || isClausePunct(text[p-1]) {
			continue // not the first byte of a run
		}
		i, r := runeBefore(text, from, p)
		j := p + 1
		for j < len(text) && isClausePunct(text[j]) {
			j++
		}
		if unicode.IsLetter(r) || '0' <= r && r <= '9' {
			k := j
			for k < len(text) && (text[k] == ' ' || text[k] == '\n' || text[k] == '\r') {
				k++
			}
			if k > j || k == len(text) {
				return i, k
			}
		}
		p = j // text[j] is not punctuation: the next run starts after it
	}
	return -1, -1
}

// runeBefore returns the start and value of the rune that ends at p when
// text is decoded from from (a rune boundary) on, as utf8.DecodeRune steps
// through it. An ASCII byte is always a rune of its own, since DecodeRune
// never takes one into a longer sequence, so decoding starts after the
// last ASCII byte before p.
func runeBefore(text []byte, from, p int) (int, rune) {
	if c := text[p-1]; c < utf8.RuneSelf {
		return p - 1, rune(c)
	}
	i := p - 1
	for i > from && text[i-1] >= utf8.RuneSelf {
		i--
	}
	for {
		r, w := utf8.DecodeRune(text[i:p])
		if i+w == p {
			return i, r
		}
		i += w
	}
}

func isClausePunct(c byte) bool { return clausePunct[c] }

// clausePunct marks the bytes , . : ; ! ? (a table: one load where a
// switch compares a byte with each in turn).
var clausePunct = [256]bool{',': true, '.': true, ':': true, ';': true, '!': true, '?': true}

// isClause reports whether s has at least Min words, counted as one more
// than its runs of whitespace; it stops counting at Min.
func (f MinClauseWords) isClause(s []byte) bool {
	n := 1
	for i := 0; i < len(s) && n < f.Min; {
		if !isClauseSpace(s[i]) {
			i++
			continue
		}
		n++
		for i < len(s) && isClauseSpace(s[i]) {
			i++
		}
	}
	return n >= f.Min
}

func isClauseSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' }

// SplitParagraphBlocks is boilerpipe's SplitParagraphBlocksFilter: every
// block whose text has line breaks is replaced by one block per paragraph
// (the text split at runs of "\n" and "\r", as Java's String.split: an empty
// first paragraph is kept, empty last ones are not). The new blocks keep
// the content flag and labels; like Java's new TextBlock(text), they have
// no words, offsets, tag level or text elements.
type SplitParagraphBlocks struct{}

// Process splits the blocks of doc.
func (SplitParagraphBlocks) Process(doc *Document) bool {
	changed := false
	out := doc.spare[:0]
	for i := range doc.Blocks {
		b := doc.Blocks[i]
		text := doc.blockText(&b)
		if !splits(text) {
			out = append(out, b)
			continue
		}
		changed = true
		// Paragraph texts are copied into the arena; text is the scratch
		// buffer, which addPiece does not touch.
		forEachParagraph(text, func(p []byte) {
			pc := doc.addPiece(p, nil)
			nb := TextBlock{IsContent: b.IsContent, Labels: b.Labels, first: pc, last: pc}
			nb.initDensities()
			out = append(out, nb)
		})
	}
	if changed {
		doc.spare, doc.Blocks = doc.Blocks, out
	} else {
		doc.spare = out
	}
	return changed
}

func isLineBreak(c byte) bool { return c == '\n' || c == '\r' }

// forEachParagraph calls fn with each field of text split at runs of line
// breaks, with Java's rule of dropping trailing empty fields.
func forEachParagraph(text []byte, fn func(p []byte)) {
	end := len(text)
	for end > 0 && isLineBreak(text[end-1]) {
		end--
	}
	if end == 0 {
		return
	}
	text = text[:end]
	for {
		n := indexLineBreak(text)
		if n < 0 {
			fn(text)
			return
		}
		fn(text[:n])
		// The text ends with no line break, so something follows the run.
		for text = text[n:]; isLineBreak(text[0]); text = text[1:] {
		}
	}
}

// indexLineBreak returns the index of the first '\n' or '\r' of s, or -1.
// IndexByte finds a byte many at a time; a text usually has no '\r', and
// the second search stops at the first '\n'.
func indexLineBreak(s []byte) int {
	n := bytes.IndexByte(s, '\n')
	if n < 0 {
		n = len(s)
	}
	if r := bytes.IndexByte(s[:n], '\r'); r >= 0 {
		return r
	}
	if n == len(s) {
		return -1
	}
	return n
}

// splits reports whether forEachParagraph finds two fields or more in
// text: whether something other than line breaks follows its first line
// break (a leading empty field counts, trailing ones do not).
func splits(text []byte) bool {
	n := indexLineBreak(text)
	if n < 0 {
		return false
	}
	for _, c := range text[n:] {
		if !isLineBreak(c) {
			return true
		}
	}
	return false
}
