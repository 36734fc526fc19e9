package auto

import "github.com/jtextract/jt/blocks"

// SetStructure turns on or off the recording of each paragraph's
// structure (see blocks.ParagraphMaker.SetStructure); it changes no
// classification. Like the Config, it holds across Reset.
func (x *Extractor) SetStructure(on bool) { x.pm.SetStructure(on) }

// Structures returns the structure of each paragraph, nil unless
// SetStructure is on; see blocks.ParagraphMaker.Structures.
func (x *Extractor) Structures() []blocks.Structure { return x.pm.Structures() }

// Inlines returns the inline spans the Structures index.
func (x *Extractor) Inlines() []blocks.Inline { return x.pm.Inlines() }

// StructureArena returns the buffer of the structures' Lang, Ref and Alt
// spans.
func (x *Extractor) StructureArena() []byte { return x.pm.StructureArena() }
