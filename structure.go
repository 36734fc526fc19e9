package jt

import (
	"io"

	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/classify/justext"
	"github.com/jtextract/jt/stopwords"
)

// The types of a Document's contents, named here so that users of jt need
// not import the lower layers that define them.
type (
	// Paragraph is one block of text with its features and class; see
	// blocks.Paragraph.
	Paragraph = blocks.Paragraph
	// Class is a paragraph's class: Good paragraphs are the main text.
	Class = blocks.Class
	// Span is a byte range into one of a Document's arenas.
	Span = blocks.Span
	// Structure is where a paragraph sits in the page's structure
	// (heading level, list item, table cell, code block, quote) and which
	// inline spans it has; see WithStructure.
	Structure = blocks.Structure
	// Kind is the structural element a paragraph is the text of.
	Kind = blocks.Kind
	// Inline is an emphasis, strong, code, link or image span of a
	// paragraph's text.
	Inline = blocks.Inline
	// InlineKind says what an Inline marks.
	InlineKind = blocks.InlineKind
	// JusTextConfig holds jusText's thresholds, for WithJusText.
	JusTextConfig = justext.Config
	// Stoplist is a set of stop words, for WithStoplist.
	Stoplist = stopwords.Set
)

// Paragraph classes. Short and NearGood occur only as context-free
// classes; every final class is Good or Bad.
const (
	Bad      = blocks.Bad
	Short    = blocks.Short
	NearGood = blocks.NearGood
	Good     = blocks.Good
)

// Paragraph kinds (see Structure).
const (
	KindText     = blocks.KindText
	KindHeading  = blocks.KindHeading
	KindListItem = blocks.KindListItem
	KindCell     = blocks.KindCell
	KindCode     = blocks.KindCode
	KindCaption  = blocks.KindCaption
	KindTerm     = blocks.KindTerm
)

// Inline span kinds.
const (
	InlineEmphasis = blocks.InlineEmphasis
	InlineStrong   = blocks.InlineStrong
	InlineCode     = blocks.InlineCode
	InlineLink     = blocks.InlineLink
	InlineImage    = blocks.InlineImage
)

// DefaultJusTextConfig returns jusText's default thresholds.
func DefaultJusTextConfig() JusTextConfig { return justext.DefaultConfig() }

// ParseStoplist reads a stoplist of one word per line, for WithStoplist.
func ParseStoplist(r io.Reader) (*Stoplist, error) { return stopwords.Parse(r) }

// WithStructure sets whether the Extractor records each paragraph's
// structure and inline spans (default false), for Document.Structure and
// the renderers of package render. It changes no classification. The
// "justext" and "auto" algorithms record it; the others cut the page into
// blocks that follow no single element and report every paragraph as
// KindText, with headings marked only by Paragraph.Heading.
func WithStructure(on bool) Option {
	return func(c *config) error {
		c.structure = on
		return nil
	}
}

// HasStructure reports whether the document's paragraphs carry their
// structure: the Extractor was made WithStructure(true) and its algorithm
// records structure.
func (d *Document) HasStructure() bool { return d.structs != nil }

// Structure returns the structure of paragraph i: the zero Structure
// (KindText, no spans) when HasStructure is false or for a paragraph the
// page's markup did not make (such as one taken from its structured data).
func (d *Document) Structure(i int) Structure {
	if i < len(d.structs) {
		return d.structs[i]
	}
	return Structure{}
}

// Inlines returns the inline spans of paragraph i, ordered by start with
// outer spans first; their offsets index ParagraphText(i). The slice is
// valid as long as the Document.
func (d *Document) Inlines(i int) []Inline {
	if i >= len(d.structs) {
		return nil
	}
	s := d.structs[i].Inline
	return d.inlines[s.Start:s.End]
}

// StructureText returns the text of a Structure's Lang or an Inline's Ref
// or Alt span.
func (d *Document) StructureText(s Span) []byte { return d.sxArena[s.Start:s.End] }
