package boilerpipe

import (
	"math/bits"
	"strings"
)

// Labels is a set of boilerpipe's default labels (DefaultLabels in Java),
// one bit each.
type Labels uint16

// The labels the 1.2.0 filters set or read, with the others of
// DefaultLabels so that custom pipelines can use them.
const (
	LabelTitle              Labels = 1 << iota // de.l3s.boilerpipe/TITLE
	LabelArticleMetadata                       // de.l3s.boilerpipe/ARTICLE_METADATA
	LabelIndicatesEndOfText                    // de.l3s.boilerpipe/INDICATES_END_OF_TEXT
	LabelMightBeContent                        // de.l3s.boilerpipe/MIGHT_BE_CONTENT
	LabelVeryLikelyContent                     // de.l3s.boilerpipe/VERY_LIKELY_CONTENT
	LabelStrictlyNotContent                    // de.l3s.boilerpipe/STRICTLY_NOT_CONTENT
	LabelHR                                    // de.l3s.boilerpipe/HR
	LabelLI                                    // de.l3s.boilerpipe/LI
	LabelHeading                               // de.l3s.boilerpipe/HEADING
	LabelH1                                    // de.l3s.boilerpipe/H1
	LabelH2                                    // de.l3s.boilerpipe/H2
	LabelH3                                    // de.l3s.boilerpipe/H3
	labelEnd
)

// labelNames holds the Java names in bit order; Names sorts them, as the
// reference dumps list labels sorted.
var labelNames = [...]string{
	"TITLE", "ARTICLE_METADATA", "INDICATES_END_OF_TEXT", "MIGHT_BE_CONTENT",
	"VERY_LIKELY_CONTENT", "STRICTLY_NOT_CONTENT", "HR", "LI", "HEADING", "H1", "H2", "H3",
}

// labelPrefix is the namespace of DefaultLabels.
const labelPrefix = "de.l3s.boilerpipe/"

// Has reports whether every label of l is in s.
func (s Labels) Has(l Labels) bool { return s&l == l }

// Names appends the full Java names of the labels in s (e.g.
// "de.l3s.boilerpipe/TITLE") to dst in sorted order, as the reference dumps
// list them.
func (s Labels) Names(dst []string) []string {
	start := len(dst)
	for v := s & (labelEnd - 1); v != 0; v &= v - 1 {
		dst = append(dst, labelPrefix+labelNames[bits.TrailingZeros16(uint16(v))])
	}
	// Insertion sort: at most a dozen names.
	for i := start + 1; i < len(dst); i++ {
		for j := i; j > start && dst[j] < dst[j-1]; j-- {
			dst[j], dst[j-1] = dst[j-1], dst[j]
		}
	}
	return dst
}

// String returns the sorted label names joined by commas.
func (s Labels) String() string { return strings.Join(s.Names(nil), ",") }

// ParseLabel returns the label with the given Java name, with or without the
// "de.l3s.boilerpipe/" prefix, and whether there is one.
func ParseLabel(name string) (Labels, bool) {
	name = strings.TrimPrefix(name, labelPrefix)
	for i, n := range labelNames {
		if n == name {
			return 1 << i, true
		}
	}
	return 0, false
}

// TextBlock is a block of text with the shallow features boilerpipe
// classifies by: boilerpipe's TextBlock. A block straight from the parser is
// an uninterrupted run of text; filters fuse neighbouring blocks into one.
// The text itself lives in the Document (see Document.AppendText).
type TextBlock struct {
	NumWords               int
	NumWordsInAnchorText   int
	NumWordsInWrappedLines int // words in the lines that were wrapped at 80 columns, all words when none was
	NumWrappedLines        int // lines after wrapping at 80 columns, at least 1

	// TextDensity is NumWordsInWrappedLines / NumWrappedLines and
	// LinkDensity NumWordsInAnchorText / NumWords (0 without words), in
	// float32 like Java's, which the classifiers' thresholds are tuned on.
	TextDensity float32
	LinkDensity float32

	// OffsetStart and OffsetEnd are the range of parsed-block offsets the
	// block covers.
	OffsetStart, OffsetEnd int
	TagLevel               int // element depth where the block's text began (the minimum after fusion)
	Labels                 Labels
	IsContent              bool

	first, last int32 // the block's pieces in Document.pieces: a chain from first to last
}

// SetContent sets IsContent and reports whether it changed, as Java's
// setIsContent does; filters use the result as their "changed" flag.
func (b *TextBlock) SetContent(v bool) bool {
	if b.IsContent == v {
		return false
	}
	b.IsContent = v
	return true
}

// initDensities derives the densities from the counts, as Java's
// TextBlock.initDensities.
func (b *TextBlock) initDensities() {
	if b.NumWordsInWrappedLines == 0 {
		b.NumWordsInWrappedLines = b.NumWords
		b.NumWrappedLines = 1
	}
	b.TextDensity = float32(b.NumWordsInWrappedLines) / float32(b.NumWrappedLines)
	b.LinkDensity = 0
	if b.NumWords != 0 {
		b.LinkDensity = float32(b.NumWordsInAnchorText) / float32(b.NumWords)
	}
}

// piece is one run of text of a Document, in its arena: the text of a
// parsed block, or of a paragraph split off a block. A block's text is its
// pieces joined by "\n". The chain link lets fusion append one block's
// pieces to another's in constant time.
type piece struct {
	start, end int32 // text in Document.text
	elemStart  int32 // contained text elements in Document.elems
	elemEnd    int32
	next       int32 // next piece of the same block, -1 at the end
}

// Document is a page as boilerpipe sees it: the title and the list of
// TextBlocks, boilerpipe's TextDocument. Filters edit Blocks in place. A
// Document is reusable: Reset keeps its buffers.
type Document struct {
	// Title is the text of the page's title element, "" if it has none.
	Title string
	// Blocks is the block list in document order.
	Blocks []TextBlock

	text     []byte  // arena of piece texts
	elems    []int32 // arena of contained text-element indices
	pieces   []piece
	scratch  []byte      // text assembled for filters
	lower    []byte      // lower-cased or otherwise edited text for filters
	titleBuf []byte      // the title as TitleMatch compares it
	spare    []TextBlock // second block list for filters that rebuild the list
}

// Reset empties d for reuse, keeping its buffers.
func (d *Document) Reset() {
	d.Title = ""
	d.Blocks = d.Blocks[:0]
	d.text = d.text[:0]
	d.elems = d.elems[:0]
	d.pieces = d.pieces[:0]
}

// AddBlock appends a block with the given text, counts, offset and tag
// level, with densities derived as in Java's TextBlock constructor, and
// returns it. elems lists the indices of the SAX text elements the block
// contains (may be nil). Parsers and tests build Documents with it.
func (d *Document) AddBlock(text []byte, elems []int32, numWords, numWordsInAnchorText, numWordsInWrappedLines, numWrappedLines, offset, tagLevel int) *TextBlock {
	p := d.addPiece(text, elems)
	d.Blocks = append(d.Blocks, TextBlock{
		NumWords:               numWords,
		NumWordsInAnchorText:   numWordsInAnchorText,
		NumWordsInWrappedLines: numWordsInWrappedLines,
		NumWrappedLines:        numWrappedLines,
		OffsetStart:            offset,
		OffsetEnd:              offset,
		TagLevel:               tagLevel,
		first:                  p,
		last:                   p,
	})
	b := &d.Blocks[len(d.Blocks)-1]
	b.initDensities()
	return b
}

func (d *Document) addPiece(text []byte, elems []int32) int32 {
	p := piece{start: int32(len(d.text)), elemStart: int32(len(d.elems)), next: -1}
	d.text = append(d.text, text...)
	d.elems = append(d.elems, elems...)
	p.end, p.elemEnd = int32(len(d.text)), int32(len(d.elems))
	d.pieces = append(d.pieces, p)
	return int32(len(d.pieces) - 1)
}

// pieceText returns the text of piece p.
func (d *Document) pieceText(p int32) []byte {
	pc := &d.pieces[p]
	return d.text[pc.start:pc.end]
}

// AppendText appends the text of b (its pieces joined by "\n", Java's
// getText) to dst.
func (d *Document) AppendText(dst []byte, b *TextBlock) []byte {
	for p := b.first; ; p = d.pieces[p].next {
		dst = append(dst, d.pieceText(p)...)
		if p == b.last {
			return dst
		}
		dst = append(dst, '\n')
	}
}

// blockText returns the text of b in the Document's scratch buffer, valid until
// the next call.
func (d *Document) blockText(b *TextBlock) []byte {
	d.scratch = d.AppendText(d.scratch[:0], b)
	return d.scratch
}

// blockTextView returns the text of b without copying it when b has one
// piece, else as blockText does. The caller must not modify it.
func (d *Document) blockTextView(b *TextBlock) []byte {
	if b.first == b.last {
		return d.pieceText(b.first)
	}
	return d.blockText(b)
}

// AppendElements appends the indices of the SAX text elements b contains
// (Java's getContainedTextElements, in ascending order) to dst.
func (d *Document) AppendElements(dst []int32, b *TextBlock) []int32 {
	for p := b.first; ; p = d.pieces[p].next {
		pc := &d.pieces[p]
		dst = append(dst, d.elems[pc.elemStart:pc.elemEnd]...)
		if p == b.last {
			return dst
		}
	}
}

// AppendContent appends the text of every content block, each followed by
// "\n", to dst: Java's TextDocument.getContent.
func (d *Document) AppendContent(dst []byte) []byte {
	for i := range d.Blocks {
		if b := &d.Blocks[i]; b.IsContent {
			dst = d.AppendText(dst, b)
			dst = append(dst, '\n')
		}
	}
	return dst
}

// merge appends next to b, as Java's TextBlock.mergeNext: texts joined by
// "\n", counts added, offsets widened, densities recomputed, content and
// labels or-ed, the tag level the smaller one. The caller removes next.
func (d *Document) merge(b, next *TextBlock) {
	d.pieces[b.last].next = next.first
	b.last = next.last
	b.NumWords += next.NumWords
	b.NumWordsInAnchorText += next.NumWordsInAnchorText
	b.NumWordsInWrappedLines += next.NumWordsInWrappedLines
	b.NumWrappedLines += next.NumWrappedLines
	b.OffsetStart = min(b.OffsetStart, next.OffsetStart)
	b.OffsetEnd = max(b.OffsetEnd, next.OffsetEnd)
	b.initDensities()
	b.IsContent = b.IsContent || next.IsContent
	b.Labels |= next.Labels
	b.TagLevel = min(b.TagLevel, next.TagLevel)
}
