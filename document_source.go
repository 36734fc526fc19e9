package jt

// SourceJSONLD is what ParagraphSource returns for a paragraph read from
// the page's JSON-LD.
const SourceJSONLD = "json-ld"

// ParagraphSource returns where the text of paragraph i was read from:
// SourceJSONLD when the "auto" algorithm took it from the page's JSON-LD
// (an articleBody; the text of a forum post, comment, question or answer;
// a product's description) because the visible page lacked its main text,
// or "" for the page's HTML. Such paragraphs come after the page's own,
// which are then all Bad; they have no DOM path, features or evidence,
// and a probability of 1.
func (d *Document) ParagraphSource(i int) string {
	if d.auto != nil && d.auto.FromJSONLD(i) {
		return SourceJSONLD
	}
	return ""
}
