package bte

import (
	"github.com/jtextract/jt/blocks"
	"golang.org/x/net/html/atom"
)

// Handler feeds a Counter from the events of a blocks.Walker, following
// the rules the package comment sets out, so that BTE runs on the same
// streaming token pass as the other algorithms:
//
//   - counting starts when the head ends: at the head's EndElement or the
//     body's StartElement, whichever comes first (the Walker reports one
//     of them before any body content, even when the page has no head or
//     body tags); the title and everything else before is ignored;
//   - script and style elements, and the other elements whose content is
//     not page text (see dropped), are left out with everything inside
//     them, and comments are dropped;
//   - every other StartElement and EndElement is one tag;
//   - Text is split into words.
//
// The Walker balances the tree, so tags are counted as a balanced tree
// writes them: an element costs a start and an end tag whether the page
// wrote them or the HTML rules implied them (a void element such as <br>
// costs two). A tag the Walker ignores, such as an end tag that closes
// nothing, neither counts nor splits a word: "a</span>b" is one word, as a
// browser shows it.
//
// The zero value is ready to use. Call Reset before each document; after
// the Walker has finished, AppendText gives the text. A Handler is not
// safe for concurrent use.
type Handler struct {
	c       Counter
	started bool // the head has ended, so tokens count
	skip    int  // stack depth of the dropped element being skipped, 0 if none
}

// Reset prepares h for a new document, keeping its buffers.
func (h *Handler) Reset() {
	h.c.Reset()
	h.started, h.skip = false, 0
}

// dropped reports whether an element is left out with everything in it:
// scripts and styles, as BTE asks, and the elements whose content is never
// page text: fallbacks for scripts, embeds and frames (markup passed as
// raw text when the tokenizer runs with scripting on), iframe content
// (raw text a browser never shows) and inert templates. Dropping noscript
// makes the result the same whether or not the tokenizer runs with
// scripting; on the 181 benchmark pages it gives F1 0.862 against 0.859
// for script and style alone.
func dropped(a atom.Atom) bool {
	switch a {
	case atom.Script, atom.Style, atom.Noscript, atom.Noembed, atom.Noframes, atom.Iframe, atom.Template:
		return true
	}
	return false
}

// StartElement implements blocks.Handler.
func (h *Handler) StartElement(stack []blocks.Elem, _ *blocks.Attrs) {
	a := stack[len(stack)-1].Atom
	switch {
	case h.skip > 0:
	case dropped(a):
		h.skip = len(stack)
	case h.started:
		h.c.Tag()
	case a == atom.Body:
		h.started = true
	}
}

// EndElement implements blocks.Handler.
func (h *Handler) EndElement(stack []blocks.Elem) {
	switch {
	case h.skip > 0:
		if len(stack) == h.skip {
			h.skip = 0
		}
	case h.started:
		h.c.Tag()
	case stack[len(stack)-1].Atom == atom.Head:
		h.started = true
	}
}

// Text implements blocks.Handler.
func (h *Handler) Text(_ []blocks.Elem, text []byte) {
	if h.started && h.skip == 0 {
		h.c.Text(text)
	}
}

// Comment implements blocks.Handler; BTE drops comments.
func (h *Handler) Comment([]blocks.Elem, []byte) {}

// Counter returns the Counter h feeds, for its run array and best stretch
// (Runs, Best, AppendRange). Feeding it directly would bypass the rules
// above.
func (h *Handler) Counter() *Counter { return &h.c }

// AppendText appends the words of the best stretch, joined by single
// spaces, to dst and returns the extended slice (see Counter.AppendText).
func (h *Handler) AppendText(dst []byte) []byte { return h.c.AppendText(dst) }
