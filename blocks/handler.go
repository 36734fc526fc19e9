package blocks

import "github.com/jtextract/jt/tokenizer"

// Handler receives one document's element events from a Walker, balanced
// as a tree builder would balance them: every StartElement is matched by
// exactly one EndElement, implied elements (html, head, body, a p closed by
// a following block) get their events too, and the events of one document
// end with EndElement calls for every element still open.
//
// The stack passed to each call lists the open elements from the root
// (stack[0]) to the innermost (stack[len(stack)-1]). The slice, the Names in
// it and every []byte argument are valid only during the call.
type Handler interface {
	// StartElement is called after an element opens; it is the last entry
	// of stack. attrs reads its attributes: none for implied elements.
	StartElement(stack []Elem, attrs *Attrs)
	// EndElement is called when the last entry of stack closes, before it
	// is removed.
	EndElement(stack []Elem)
	// Text is called with decoded character data whose parent is the last
	// entry of stack (nil before the first element opens). Inside raw-text
	// elements (script, style, ...) the text is their content as written.
	Text(stack []Elem, text []byte)
	// Comment is called for a comment, with its text as written.
	Comment(stack []Elem, text []byte)
}

// MaxAttrs is how many attributes of one start tag Attrs reports; the rest
// are ignored, so that a tag with hundreds of thousands of attributes costs
// no more than its bytes.
const MaxAttrs = 256

// Attrs reads the attributes of the start tag being reported. It is valid
// only during the StartElement call that receives it.
type Attrs struct {
	z    *tokenizer.Tokenizer
	more bool
	real bool // the element came from a start tag: Rewind may restart its attributes
	n    int
}

// Next returns the next attribute's lower-cased name and decoded value, and
// ok=false when there are none left. The slices may change on the next call
// and must not be modified (a value can be a view into the input).
func (a *Attrs) Next() (key, val []byte, ok bool) {
	if a == nil || !a.more || a.n >= MaxAttrs {
		return nil, nil, false
	}
	a.n++
	key, val, a.more = a.z.TagAttr()
	return key, val, len(key) > 0
}

// NextKey is Next without the value: it returns the next attribute's
// lower-cased name, and ok=false when there are none left. The value is
// skipped undecoded unless Value asks for it, so that readers looking for a
// few attributes do not pay for the values of the others.
func (a *Attrs) NextKey() (key []byte, ok bool) {
	if a == nil || !a.more || a.n >= MaxAttrs {
		return nil, false
	}
	a.n++
	key, a.more = a.z.TagAttrKey()
	return key, len(key) > 0
}

// Value returns the decoded value of the attribute NextKey last returned,
// valid as Next's value is.
func (a *Attrs) Value() []byte { return a.z.TagAttrValue() }

// Rewind restarts the attributes from the first one, so that a Handler
// passing the event on to several readers (as Tee does) lets each of them
// read every attribute.
func (a *Attrs) Rewind() {
	if a == nil {
		return
	}
	a.more, a.n = a.real, 0
	if a.real {
		a.z.RewindTagAttrs()
	}
}

// Get returns the value of the first attribute named key (lower case), and
// whether there was one. It consumes the attributes up to that one.
func (a *Attrs) Get(key string) ([]byte, bool) {
	for {
		k, ok := a.NextKey()
		if !ok {
			return nil, false
		}
		if string(k) == key {
			return a.Value(), true
		}
	}
}

// Tee is a Handler that passes every event to each of its handlers in
// order, so that several block makers (jusText paragraphs and boilerpipe
// TextBlocks, say) are built from one tokenizer pass. Each handler reads
// the attributes from the first.
type Tee []Handler

// StartElement implements Handler.
func (t Tee) StartElement(stack []Elem, attrs *Attrs) {
	for i, h := range t {
		if i > 0 {
			attrs.Rewind()
		}
		h.StartElement(stack, attrs)
	}
}

// EndElement implements Handler.
func (t Tee) EndElement(stack []Elem) {
	for _, h := range t {
		h.EndElement(stack)
	}
}

// Text implements Handler.
func (t Tee) Text(stack []Elem, text []byte) {
	for _, h := range t {
		h.Text(stack, text)
	}
}

// Comment implements Handler.
func (t Tee) Comment(stack []Elem, text []byte) {
	for _, h := range t {
		h.Comment(stack, text)
	}
}
