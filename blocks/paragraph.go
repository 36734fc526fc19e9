package blocks

// Class is a jusText paragraph class. The zero value is Bad so that a
// paragraph nobody classified is never reported as content.
type Class uint8

// jusText classes. Short and NearGood only occur as context-free classes;
// the final class of every paragraph is Good or Bad.
const (
	Bad Class = iota
	Short
	NearGood
	Good
)

var classNames = [...]string{Bad: "bad", Short: "short", NearGood: "neargood", Good: "good"}

// String returns the class name as jusText spells it ("bad", "short",
// "neargood", "good").
func (c Class) String() string {
	if int(c) < len(classNames) {
		return classNames[c]
	}
	return "invalid"
}

// Span is a half-open byte range [Start, End) into one of a Document's
// arenas. Spans instead of strings keep a page at a constant number of
// allocations however many paragraphs it has.
type Span struct{ Start, End int32 }

// Len returns the number of bytes the span covers.
func (s Span) Len() int { return int(s.End - s.Start) }

// Paragraph is one jusText paragraph: the text between two paragraph
// boundaries (block-level tags or <br><br>), with the shallow features
// jusText classifies by. Text and path live in the builder's arenas.
type Paragraph struct {
	Text  Span  // normalised text, in the text arena
	Path  Span  // DOM path where the paragraph started ("html.body.div.p"), in the path arena
	Node  int32 // ID of the innermost element open where the paragraph started (see Elem.ID), -1 if none
	XPath Span  // XPath where the paragraph started ("/html[1]/body[1]/div[2]"), in the path arena; empty unless recorded

	Length    int // text length in Unicode code points
	Words     int // whitespace-separated words
	LinkChars int // characters of text nodes inside <a>, counted before the final strip (may exceed Length)
	StopWords int // words found in the stoplist (lower-cased)
	Tags      int // jusText's inline tag counter (informative only)

	Heading   bool // structural: an h1–h6 element is on the DOM path
	Copyright bool // the text contains "©" or "&copy"
	InSelect  bool // the DOM path contains "select" (jusText's test)

	CFClass Class // context-free class
	Class   Class // final class after the context-sensitive pass
}

// LinkDensity is LinkChars / Length (0 for an empty paragraph), as jusText defines it.
func (p *Paragraph) LinkDensity() float64 {
	if p.Length == 0 {
		return 0
	}
	return float64(p.LinkChars) / float64(p.Length)
}

// StopWordDensity is StopWords / Words (0 when there are no words).
func (p *Paragraph) StopWordDensity() float64 {
	if p.Words == 0 {
		return 0
	}
	return float64(p.StopWords) / float64(p.Words)
}
