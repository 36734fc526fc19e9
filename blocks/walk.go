package blocks

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/jtextract/jt/tokenizer"
	"golang.org/x/net/html/atom"
)

// DefaultMaxDepth is the default limit on the number of open elements.
const DefaultMaxDepth = 1024

// searchLimit bounds how far down the stack an end tag or an implied end
// looks for its element, so that hostile nesting costs O(n·searchLimit)
// instead of O(n²). Real pages never need more than a few dozen.
const searchLimit = 256

// Slots of the tags whose open elements a Walker counts (slot 0 collects
// every other tag and is never read).
const (
	slotOther = iota
	slotP
	slotA
	slotButton
	slotSelect
	slotTable
	slotHead
	slotSvg
	slotMath
	slotLi
	numCounted
)

// maxInterned bounds the table of unknown tag names a Walker keeps across
// documents.
const maxInterned = 4096

// Walker turns a token stream into balanced element events. It applies the
// parts of the HTML5 tree-construction rules that decide which element a
// piece of text belongs to: implied html, head and body; head content;
// void elements; p, li, dd, dt, option, table-cell and heading elements
// closed by what follows them; an a closed by the next a; </p> and </br>
// without a start tag; end tags matched across inline elements and ignored
// when nothing open matches. It does not move nodes (no foster parenting,
// no reopening of formatting elements), so text keeps its document order,
// as in the libxml2 trees jusText was written against.
//
// A Walker is reusable across documents and never allocates in steady state
// except to remember new unknown tag names.
type Walker struct {
	maxDepth int
	stack    []Elem
	counts   [1 << 4]int32     // open elements of the tags countSlot names, to skip searches that cannot succeed; indexed by a slot's four bits without a bounds check
	names    map[string]string // interned unknown tag names
	attrs    Attrs
	nextID   int32
	phase    phase
	overflow int // start tags dropped beyond maxDepth that still await their end tag
	dropped  int // start tags dropped beyond maxDepth in this document
}

type phase uint8

const (
	beforeHTML phase = iota
	inHead
	afterHead
	inBody
)

// NewWalker returns a Walker with DefaultMaxDepth.
func NewWalker() *Walker {
	return &Walker{
		maxDepth: DefaultMaxDepth,
		names:    make(map[string]string),
	}
}

// SetMaxDepth sets the largest number of elements open at once. Start tags
// beyond it are dropped with their end tags (their text stays, in the
// deepest element kept), which bounds memory and search costs on hostile
// nesting. It returns an error for n < 8.
func (w *Walker) SetMaxDepth(n int) error {
	if n < 8 {
		return fmt.Errorf("blocks: max depth %d is below the minimum of 8", n)
	}
	w.maxDepth = n
	return nil
}

// Dropped returns how many start tags of the last document were dropped
// because the stack was full (see SetMaxDepth).
func (w *Walker) Dropped() int { return w.dropped }

// ErrCanceled wraps the context's error when Walk stops early.
var ErrCanceled = errors.New("blocks: walk canceled")

// Walk reads z to the end and reports every element, text and comment to
// h. z must have been reset onto the document. Walk returns the tokenizer's
// error other than io.EOF, or an error wrapping ErrCanceled and the
// context's error. It checks ctx every few thousand tokens.
func (w *Walker) Walk(ctx context.Context, z *tokenizer.Tokenizer, h Handler) error {
	w.reset(z)
	// ctx is checked before every 4096th token; counting down to it costs
	// less per token than masking a count up.
	for n := 4095; ; n-- {
		if n == 0 {
			if ctx.Err() != nil {
				return fmt.Errorf("%w at byte %d: %w", ErrCanceled, z.Offset(), ctx.Err())
			}
			n = 4096
		}
		switch z.Next() {
		case tokenizer.ErrorToken:
			if err := z.Err(); err != io.EOF {
				return err
			}
			for len(w.stack) > 0 {
				w.pop(h)
			}
			return nil
		case tokenizer.TextToken:
			// Written out here rather than called: text is the most
			// frequent token, and is nearly always in the body.
			t := z.Text()
			if w.phase != inBody {
				w.textBeforeBody(t, h)
			}
			h.Text(w.stack, t)
		case tokenizer.StartTagToken:
			w.start(z.TagAtom(), z.TagName(), true, h)
		case tokenizer.SelfClosingTagToken:
			w.selfClosing(z.TagAtom(), z.TagName(), h)
		case tokenizer.EndTagToken:
			w.end(z.TagAtom(), z.TagName(), h)
		case tokenizer.CommentToken:
			h.Comment(w.stack, z.Text())
		}
	}
}

func (w *Walker) reset(z *tokenizer.Tokenizer) {
	w.stack = w.stack[:0]
	w.counts = [1 << 4]int32{}
	if len(w.names) > maxInterned {
		clear(w.names)
	}
	w.attrs = Attrs{z: z}
	w.nextID = 0
	w.phase = beforeHTML
	w.overflow = 0
	w.dropped = 0
}

func (w *Walker) name(a atom.Atom, b []byte) string {
	if a != 0 {
		return a.String()
	}
	if s, ok := w.names[string(b)]; ok {
		return s
	}
	s := string(b)
	w.names[s] = s
	return s
}

// push opens an element; real reports whether it comes from a start tag
// (whose attributes the handler may read) rather than being implied. It
// pops the element again at once when it is void, and drops it when the
// stack is full (which only start tags reach: the implied elements open at
// the bottom of the stack).
func (w *Walker) push(a atom.Atom, i tagInfo, name []byte, real bool, h Handler) {
	f := i.flags()
	if len(w.stack) >= w.maxDepth {
		if f&fVoid == 0 {
			w.overflow++
		}
		w.dropped++
		return
	}
	w.stack = append(w.stack, Elem{Atom: a, info: i | iSet, Name: w.name(a, name), ID: w.nextID})
	w.nextID++
	w.counts[i.slot()]++
	w.attrs.more, w.attrs.real, w.attrs.n = real, real, 0
	h.StartElement(w.stack, &w.attrs)
	w.attrs.more, w.attrs.real = false, false
	if f&fVoid != 0 {
		w.pop(h)
	}
}

func (w *Walker) implied(a atom.Atom, h Handler) { w.push(a, info(a), nil, false, h) }

func (w *Walker) pop(h Handler) {
	// The slot is looked up before the handler runs, so that the lookup
	// overlaps it.
	slot := w.stack[len(w.stack)-1].info.slot()
	h.EndElement(w.stack)
	w.counts[slot]--
	w.stack = w.stack[:len(w.stack)-1]
}

func (w *Walker) top() atom.Atom {
	if len(w.stack) == 0 {
		return 0
	}
	return w.stack[len(w.stack)-1].Atom
}

// popTo pops elements until the one at index i has been popped.
func (w *Walker) popTo(i int, h Handler) {
	for len(w.stack) > i {
		w.pop(h)
	}
}

// scope names the element set that bounds an "in scope" search.
type scope uint8

const (
	defaultScope scope = iota
	buttonScope        // default, and button
	listScope          // default, and ol and ul
	specialScope       // every special element (for end tags without a rule of their own)
)

func (s scope) bounds(e Elem) bool {
	f := e.info.flags()
	switch s {
	case buttonScope:
		return f&fScope != 0 || e.Atom == atom.Button
	case listScope:
		return f&fScope != 0 || e.Atom == atom.Ol || e.Atom == atom.Ul
	case specialScope:
		return f&(fScope|fSpecial) != 0
	}
	return f&fScope != 0
}

// inScope returns the index of the innermost open element that match
// accepts, searching down to an element that bounds s, or -1.
func (w *Walker) inScope(match func(Elem) bool, s scope) int {
	for i, n := len(w.stack)-1, 0; i >= 0 && n < searchLimit; i, n = i-1, n+1 {
		e := w.stack[i]
		if match(e) {
			return i
		}
		if s.bounds(e) {
			return -1
		}
	}
	return -1
}

// find returns the index of the innermost open a in scope s, or -1; for a
// counted tag (slot, its count slot, not 0) it skips the search when none
// is open.
func (w *Walker) find(a atom.Atom, slot int, s scope) int {
	if slot != 0 && w.counts[slot] == 0 {
		return -1
	}
	return w.inScope(func(e Elem) bool { return e.Atom == a }, s)
}

func isCell(e Elem) bool { return e.Atom == atom.Td || e.Atom == atom.Th }

func isHeading(e Elem) bool { return e.info.flags()&fHeading != 0 }

func (w *Walker) closeP(h Handler) {
	if i := w.find(atom.P, slotP, buttonScope); i >= 0 {
		w.popTo(i, h)
	}
}

// ensureBody opens whatever html, head and body the phase still implies
// before body content.
func (w *Walker) ensureBody(h Handler) {
	switch w.phase {
	case beforeHTML:
		w.implied(atom.Html, h)
	case inHead:
		w.popTo(1, h)
	case inBody:
		return
	}
	w.implied(atom.Body, h)
	w.phase = inBody
}

// textBeforeBody opens the body that text t implies before the body: text
// directly in html or head implies it; text inside title, style or script
// in the head stays there.
func (w *Walker) textBeforeBody(t []byte, h Handler) {
	if top := w.top(); (len(w.stack) == 0 || top == atom.Head || top == atom.Html) && !isBlank(t) {
		w.ensureBody(h)
	}
}

func (w *Walker) selfClosing(a atom.Atom, name []byte, h Handler) {
	depth := len(w.stack)
	w.start(a, name, true, h)
	// In HTML "/>" means nothing on an HTML element, but inside svg and
	// math it closes the element.
	if len(w.stack) > depth && (w.counts[slotSvg] > 0 || w.counts[slotMath] > 0) && flagsOf(a)&fVoid == 0 {
		w.pop(h)
	}
}

func (w *Walker) start(a atom.Atom, name []byte, real bool, h Handler) {
	inf := info(a)
	f := inf.flags()
	switch w.phase {
	case beforeHTML:
		if a == atom.Html {
			w.push(a, inf, name, real, h)
			w.phase = inHead
			return
		}
		w.implied(atom.Html, h)
		w.phase = inHead
	}
	if w.phase == inHead && a != atom.Html && a != atom.Head && f&fHeadContent == 0 && w.counts[slotHead] > 0 {
		w.popTo(1, h)
		w.phase = afterHead
	}
	switch {
	case a == atom.Html:
		return
	case a == atom.Head:
		if w.phase == inHead && w.counts[slotHead] == 0 && len(w.stack) == 1 {
			w.push(a, inf, name, real, h)
		}
		return
	case w.phase != inBody && f&fHeadContent != 0:
		if w.phase == inHead && w.counts[slotHead] == 0 && len(w.stack) == 1 {
			w.implied(atom.Head, h)
		}
		w.push(a, inf, name, true, h)
		return
	case a == atom.Body:
		if w.phase != inBody {
			w.popTo(1, h)
			w.push(a, inf, name, real, h)
			w.phase = inBody
		}
		return
	}
	if w.phase != inBody {
		w.ensureBody(h)
	}
	if w.counts[slotSelect] > 0 && !w.startInSelect(a, h) {
		return
	}
	switch {
	case inf&iStartRule == 0:
		// Most tags: one test instead of one for each case below.
		if f&fClosesP != 0 {
			w.closeP(h)
		}
	case f&fHeading != 0:
		w.closeP(h)
		if isHeading(w.stack[len(w.stack)-1]) {
			w.pop(h)
		}
	case a == atom.Li:
		w.closeListItem(func(e Elem) bool { return e.Atom == atom.Li }, h)
	case a == atom.Dd || a == atom.Dt:
		w.closeListItem(func(e Elem) bool { return e.Atom == atom.Dd || e.Atom == atom.Dt }, h)
	case a == atom.A:
		if i := w.find(atom.A, slotA, defaultScope); i >= 0 {
			w.popTo(i, h)
		}
	case a == atom.Button:
		if i := w.find(atom.Button, slotButton, defaultScope); i >= 0 {
			w.popTo(i, h)
		}
	case a == atom.Option || a == atom.Optgroup:
		if w.top() == atom.Option || (a == atom.Optgroup && w.top() == atom.Optgroup) {
			w.pop(h)
		}
	case a == atom.Td || a == atom.Th:
		w.closeTable(isCell, h)
	case a == atom.Tr:
		w.closeTable(isCell, h)
		w.closeTable(func(e Elem) bool { return e.Atom == atom.Tr }, h)
	case a == atom.Tbody || a == atom.Thead || a == atom.Tfoot:
		w.closeTable(isCell, h)
		w.closeTable(func(e Elem) bool { return e.Atom == atom.Tr }, h)
		w.closeTable(func(e Elem) bool { return e.Atom == atom.Tbody || e.Atom == atom.Thead || e.Atom == atom.Tfoot }, h)
	}
	w.push(a, inf, name, true, h)
}

// closeListItem closes an open li (or dd/dt) before a new one, stopping at
// special elements other than address, div and p, as HTML5 does; then it
// closes an open p.
func (w *Walker) closeListItem(match func(Elem) bool, h Handler) {
	for i, n := len(w.stack)-1, 0; i >= 0 && n < searchLimit; i, n = i-1, n+1 {
		e := w.stack[i]
		if match(e) {
			w.popTo(i, h)
			break
		}
		if e.info.flags()&fSpecial != 0 && e.Atom != atom.Address && e.Atom != atom.Div && e.Atom != atom.P {
			break
		}
	}
	w.closeP(h)
}

// closeTable pops to the innermost element match accepts, searching down to
// the enclosing table.
func (w *Walker) closeTable(match func(Elem) bool, h Handler) {
	if w.counts[slotTable] == 0 {
		return
	}
	for i, n := len(w.stack)-1, 0; i >= 0 && n < searchLimit; i, n = i-1, n+1 {
		e := w.stack[i]
		if match(e) {
			w.popTo(i, h)
			return
		}
		if e.Atom == atom.Table || e.Atom == atom.Html || e.Atom == atom.Template {
			return
		}
	}
}

// startInSelect applies HTML5's "in select" rules: inside a select only
// option, optgroup and hr open; select, input, keygen and textarea close
// the select; everything else is ignored. It reports whether the start tag
// should go on to the body rules.
func (w *Walker) startInSelect(a atom.Atom, h Handler) bool {
	switch a {
	case atom.Option, atom.Optgroup, atom.Hr, atom.Script, atom.Template:
		return true
	case atom.Select, atom.Input, atom.Keygen, atom.Textarea:
		if i := w.find(atom.Select, slotSelect, defaultScope); i >= 0 {
			w.popTo(i, h)
		}
		return a != atom.Select
	}
	return false
}

func (w *Walker) end(a atom.Atom, name []byte, h Handler) {
	if w.overflow > 0 {
		w.overflow--
		return
	}
	switch a {
	case atom.Html, atom.Body:
		// Content after </body> still belongs to the body (HTML5 "after
		// body" reprocesses it there); EOF closes everything.
		if w.phase == inHead {
			w.ensureBody(h)
		}
		return
	case atom.Head:
		if w.phase == inHead && w.top() == atom.Head {
			w.pop(h)
			w.phase = afterHead
		}
		return
	case atom.Br:
		w.start(atom.Br, name, false, h)
		return
	}
	if w.phase != inBody {
		if len(w.stack) > 1 && w.top() == a && a != 0 {
			w.pop(h) // </title>, </style> ... in head
		}
		if a != atom.P {
			return
		}
		w.ensureBody(h)
	}
	if w.counts[slotSelect] > 0 && a != atom.Select && a != atom.Option && a != atom.Optgroup {
		return
	}
	if a != 0 && w.top() == a {
		// Most end tags close the innermost element, which every search
		// of endIndex finds first (TestEndIndexTop).
		w.pop(h)
		return
	}
	inf := info(a)
	if i := w.endIndex(a, inf, name); i >= 0 {
		w.popTo(i, h)
	} else if a == atom.P {
		w.push(atom.P, inf, name, true, h)
		w.pop(h)
	}
}

// endIndex returns the index of the open element that an end tag in body
// closes, or -1 if it closes none.
func (w *Walker) endIndex(a atom.Atom, inf tagInfo, name []byte) int {
	f := inf.flags()
	switch {
	case a == atom.P:
		return w.find(atom.P, slotP, buttonScope)
	case f&fHeading != 0:
		return w.inScope(isHeading, defaultScope)
	case a == atom.Li:
		return w.find(atom.Li, slotLi, listScope)
	case a != 0 && f&(fBlockEnd|fFormatting) != 0:
		return w.find(a, inf.slot(), defaultScope)
	}
	return w.inScope(func(e Elem) bool { return e.Name == string(name) }, specialScope)
}
