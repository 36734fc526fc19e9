package jt

import (
	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/classify/auto"
	"github.com/jtextract/jt/metadata"
)

// Document is the result of one extraction: the document's paragraphs (or
// text blocks, for algorithms that cut the page differently), each with its
// class, and the main text made of the good ones. It is owned by the
// Extractor that returned it and valid until that Extractor's next call.
type Document struct {
	// Paragraphs lists the blocks of text in document order. Class is the
	// final decision (Good is main text); CFClass is jusText's
	// context-free class, or the final class for other algorithms. The
	// spans index the Document's arenas: use ParagraphText and friends.
	Paragraphs []blocks.Paragraph

	limits  Limits
	algo    string
	charset string
	lang    string // language guessed by the algorithm, "" if none
	title   []byte
	text    []byte // text arena
	paths   []byte // path arena

	// describe appends an algorithm's own features of paragraph i; nil
	// when the algorithm has none beyond the Paragraph fields.
	describe func(dst []byte, i int) []byte

	auto     *auto.Extractor // the "auto" algorithm's classifier, nil for the others
	fallback bool

	meta *metadata.Collector // the page's metadata, resolved on demand; nil unless WithMetadata(true)

	// Structure (see WithStructure), nil when not recorded.
	structs []blocks.Structure
	inlines []blocks.Inline
	sxArena []byte
}

// Limits reports which resource guards fired while a document was
// extracted. The zero value means none did.
type Limits struct {
	InputTruncated    bool `json:"input_truncated,omitempty"`    // the input was longer than WithMaxBytes and was cut there (WithTruncate)
	DroppedElements   int  `json:"dropped_elements,omitempty"`   // start tags ignored beyond WithMaxDepth
	DroppedParagraphs int  `json:"dropped_paragraphs,omitempty"` // paragraphs dropped beyond WithMaxParagraphs
	DroppedPaths      int  `json:"dropped_paths,omitempty"`      // paragraphs whose DOM path was left empty: the path budget (blocks.MinPathBudget) ran out on hostile nesting
}

// Any reports whether any guard fired.
func (l Limits) Any() bool { return l != Limits{} }

func (d *Document) reset(algo, charset string) {
	*d = Document{algo: algo, charset: charset}
}

// Limits reports the resource guards that fired on this document.
func (d *Document) Limits() Limits { return d.limits }

// Algorithm returns the name of the algorithm that made the Document.
func (d *Document) Algorithm() string { return d.algo }

// Charset returns the canonical name of the encoding the input was decoded
// from, e.g. "utf-8".
func (d *Document) Charset() string { return d.charset }

// Language returns the name of the stoplist language the algorithm chose
// for the document from its text (as stopwords.Languages spells it), or ""
// when it guessed none: only the "auto" algorithm guesses, when no
// language was set or WithLanguage(LanguageAuto) was.
func (d *Document) Language() string { return d.lang }

// Title returns the text of the document's title element.
func (d *Document) Title() string { return string(d.title) }

// ParagraphText returns the normalised text of paragraph i. The slice is
// valid as long as the Document.
func (d *Document) ParagraphText(i int) []byte {
	s := d.Paragraphs[i].Text
	return d.text[s.Start:s.End]
}

// ParagraphPath returns the DOM path ("html.body.div.p") where paragraph i
// started, or nil when the algorithm does not record paths.
func (d *Document) ParagraphPath(i int) []byte {
	s := d.Paragraphs[i].Path
	return d.paths[s.Start:s.End]
}

// ParagraphXPath returns the XPath where paragraph i started, or nil unless
// the Extractor was made WithXPath(true).
func (d *Document) ParagraphXPath(i int) []byte {
	s := d.Paragraphs[i].XPath
	return d.paths[s.Start:s.End]
}

// AppendFeatures appends to dst the features an algorithm computed for
// paragraph i beyond the Paragraph fields, as space-separated key=value
// pairs (for boilerpipe: words, anchor words, wrapped lines, densities, tag
// level and labels), and returns the extended slice. It appends nothing for
// algorithms without such features.
func (d *Document) AppendFeatures(dst []byte, i int) []byte {
	if d.describe == nil {
		return dst
	}
	return d.describe(dst, i)
}

// AppendText appends the main text to dst: the text of every good
// paragraph, in order, joined by "\n".
func (d *Document) AppendText(dst []byte) []byte {
	first := true
	for i := range d.Paragraphs {
		if d.Paragraphs[i].Class != blocks.Good {
			continue
		}
		if !first {
			dst = append(dst, '\n')
		}
		first = false
		dst = append(dst, d.ParagraphText(i)...)
	}
	return dst
}

// Probability returns the "auto" model's probability that paragraph i is
// main text, and false for the other algorithms, which have none.
func (d *Document) Probability(i int) (float32, bool) {
	if d.auto == nil {
		return 0, false
	}
	return d.auto.Probability(i), true
}

// Features returns the features the "auto" model classified paragraph i
// by, named by auto.FeatureNames, or nil for the other algorithms. The
// slice is valid as long as the Document.
func (d *Document) Features(i int) []float32 {
	if d.auto == nil {
		return nil
	}
	return d.auto.Features(i)
}

// AppendClassWords appends the hashes of the class and id words around
// paragraph i (see auto.Extractor.AppendClassWords) to dst; it appends
// nothing for the other algorithms.
func (d *Document) AppendClassWords(dst []uint64, i int) []uint64 {
	if d.auto == nil {
		return dst
	}
	return d.auto.AppendClassWords(dst, i)
}

// AppendHeadingWords appends the hashes of the words of the heading
// paragraph i follows (see auto.Extractor.AppendHeadingWords) to dst; it
// appends nothing for the other algorithms.
func (d *Document) AppendHeadingWords(dst []uint64, i int) []uint64 {
	if d.auto == nil {
		return dst
	}
	return d.auto.AppendHeadingWords(dst, i)
}

// PageType returns the kind of page the "auto" algorithm judged the
// document to be (one of auto.PageTypes: "article", "forum", "product",
// "collection", "listing", "documentation", "service") with the model's
// probability for it, or "" and 0 for the other algorithms and for pages
// without text.
func (d *Document) PageType() (string, float32) {
	if d.auto == nil {
		return "", 0
	}
	return d.auto.PageType()
}

// Fallback reports whether the "auto" algorithm found no paragraph likely
// enough to be main text and kept the best-supported stretch of the page
// instead of returning nothing.
func (d *Document) Fallback() bool { return d.fallback }

// Text returns the main text as a string (see AppendText).
func (d *Document) Text() string { return string(d.AppendText(nil)) }
