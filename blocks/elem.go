package blocks

import "golang.org/x/net/html/atom"

// Elem is an element open on a Walker's stack. Handlers receive the stack as
// a []Elem whose last entry is the innermost open element; the slice is
// valid only for the duration of the call that receives it, the Elem values
// may be kept.
type Elem struct {
	Atom atom.Atom // the tag's atom; 0 for names x/net/html/atom does not know
	info tagInfo   // the tag's tagInfo with iSet, looked up once by the Walker; 0 in an Elem made elsewhere
	Name string    // lower-case tag name
	ID   int32     // ordinal of the element in the document (0-based, in opening order), its identity
}

// tagInfo returns the tagInfo of e's tag.
func (e Elem) tagInfo() tagInfo {
	if e.info != 0 {
		return e.info
	}
	return info(e.Atom)
}
