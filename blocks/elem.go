package blocks

import "golang.org/x/net/html/atom"

// Elem is an element open on the builder's stack during the single pass.
// The block makers receive the stack as a []Elem whose last entry is the
// innermost open element; the slice and the Name views are valid only for
// the duration of the call that receives them.
type Elem struct {
	Atom atom.Atom // the tag's atom; 0 for names x/net/html/atom does not know
	Name []byte    // lower-case tag name
	ID   int32     // ordinal of the element's start tag in the document (0-based), its identity
}
