package blocks

import (
	"slices"

	"golang.org/x/net/html/atom"
)

// Kind says which structural element a paragraph is the text of: the
// innermost one open where the paragraph started.
type Kind uint8

// Paragraph kinds. KindText is a paragraph of no more specific kind (p, div,
// td without a table around it, ...).
const (
	KindText     Kind = iota
	KindHeading       // h1–h6
	KindListItem      // li
	KindCell          // td or th
	KindCode          // pre, listing, xmp or plaintext: preformatted text
	KindCaption       // figcaption or a table's caption
	KindTerm          // dt: a term of a definition list
)

var kindNames = [...]string{KindText: "text", KindHeading: "heading", KindListItem: "item",
	KindCell: "cell", KindCode: "code", KindCaption: "caption", KindTerm: "term"}

// String returns the kind's name ("text", "heading", "item", "cell",
// "code", "caption", "term").
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "invalid"
}

// Structure is where a paragraph sits in the document's structure, as
// recorded when ParagraphMaker.SetStructure is on. Its fields are those of
// the innermost elements of each sort open where the paragraph's text starts: a
// paragraph in a list item in a table cell has the item's list fields and
// the cell's table fields.
type Structure struct {
	Kind    Kind  // the innermost structural element
	Level   uint8 // heading level 1–6 for KindHeading, else 0
	List    uint8 // depth of nested lists (ul, ol, menu, dir) around the innermost li: 1 for a top-level list; 0 outside list items
	Quote   uint8 // depth of nested blockquotes
	Ordered bool  // the innermost list item belongs to an ol
	Header  bool  // the cell is a header cell (th, or any cell inside thead)
	// More is set on every paragraph of a list item or table cell but the
	// first: the text after a nested list or block inside the same item.
	More bool

	Number  int32  // the list item's ordinal (ol's start and li's value honoured), 0 for unordered lists
	Table   int32  // 1 + the ordinal of the innermost table (in document order) whose cell holds the paragraph, 0 outside cells
	Row     int32  // the cell's row within its table, from 0
	Col     int32  // the cell's first column, from 0, counting the colspans of the cells before it in the row
	ColSpan uint16 // the cell's colspan, within [1, MaxColSpan]
	RowSpan uint16 // the cell's rowspan, within [0, MaxRowSpan] (0: to the end of the row group, as HTML says)

	Lang   Span // a code block's language hint ("go" for class="language-go"), in the structure arena
	Inline Span // the paragraph's inline spans: Inlines()[Inline.Start:Inline.End]
}

// The bounds HTML puts on colspan and rowspan; larger values are clamped to
// them, so a hostile span cannot make a renderer lay out a huge table.
const (
	MaxColSpan = 1000
	MaxRowSpan = 65534
)

// InlineKind says what an inline span marks.
type InlineKind uint8

// Inline span kinds.
const (
	InlineEmphasis InlineKind = iota // em, i, cite, dfn, var
	InlineStrong                     // strong, b
	InlineCode                       // code, kbd, samp, tt outside a code block
	InlineLink                       // a with an href
	InlineImage                      // img: a point (Start == End) with its source and alternative text
)

// Inline is an inline element of a paragraph: a byte range of the
// paragraph's text (Start, End offsets into ParagraphText), with a link's
// target or an image's source and alternative text in the structure arena.
// Spans nest as the elements did; a span cut by a paragraph boundary is
// recorded in each paragraph it covers.
type Inline struct {
	Kind       InlineKind
	Start, End int32 // offsets into the paragraph text, Start <= End
	Ref        Span  // href or src, as written (not resolved), in the structure arena
	Alt        Span  // an image's alt text, in the structure arena
}

// MaxInlinesPerParagraph bounds the inline spans one paragraph records;
// the ones beyond are dropped (the text is kept).
const MaxInlinesPerParagraph = 4096

// sxElem is an open structural element: one that sets a Structure field.
type sxElem struct {
	id      int32
	atom    atom.Atom
	paras   int32 // paragraphs kept inside it so far (see Structure.More)
	number  int32 // li: its ordinal in an ordered list, else 0
	depth   uint8 // li: the depth of its list
	ordered bool  // li: its list is ordered
	lang    Span  // pre: the language hint
}

// listState is an open list.
type listState struct {
	id      int32
	ordered bool
	next    int32 // the ordinal of its next item
}

// tableState is an open table.
type tableState struct {
	id       int32
	ordinal  int32
	row, col int32 // the current row (-1 before the first) and the next free column
	head     int32 // element ID of an open thead, -1 if none
	cell     int32 // element ID of the open cell, -1 if none
	cellRow  int32
	cellCol  int32
	colspan  uint16
	rowspan  uint16
	header   bool
	cellSeen int32 // paragraphs kept in the open cell
}

// openInline is an inline element open in the current paragraph.
type openInline struct {
	id    int32
	kind  InlineKind
	start int32 // offset in the paragraph's raw text (m.nodes)
	ref   Span
}

// structure is the part of ParagraphMaker that records Structure; it is
// idle unless SetStructure turned it on.
type structure struct {
	on      bool
	sx      []sxElem
	lists   []listState
	tables  []tableState
	quotes  int
	codes   int // open code-block elements (pre and kin): inline code inside is not a span
	tableN  int32
	open    []openInline
	structs []Structure // per kept paragraph
	inlines []Inline    // every kept paragraph's spans, in paragraph order
	cur     []Inline    // the open paragraph's spans, offsets into m.nodes
	arena   []byte      // hrefs, srcs, alts, languages
	marks   []mark      // scratch for mapOffsets

	// The open paragraph's Structure, and the li and cell it is in (for
	// Structure.More): indexes into sx and tables, -1 if none, with the
	// element IDs that must still be there.
	para               Structure
	paraLi, paraTab    int32
	paraLiID, paraCell int32
}

func (s *structure) reset() {
	s.sx, s.lists, s.tables, s.open = s.sx[:0], s.lists[:0], s.tables[:0], s.open[:0]
	s.quotes, s.codes, s.tableN = 0, 0, 0
	s.structs, s.inlines, s.cur, s.arena = s.structs[:0], s.inlines[:0], s.cur[:0], s.arena[:0]
}

// SetStructure turns the recording of Structure and inline spans on or off
// (off in a new ParagraphMaker). It is a setting like SetBrowserText: Reset
// keeps it; set it before walking a document. Recording changes neither the
// paragraphs nor their text.
func (m *ParagraphMaker) SetStructure(on bool) { m.sx.on = on }

// Structures returns the Structure of each paragraph, parallel to
// Paragraphs, or nil when SetStructure is off. The slice is reused by the
// next Reset.
func (m *ParagraphMaker) Structures() []Structure {
	if !m.sx.on {
		return nil
	}
	return m.sx.structs
}

// Inlines returns the inline spans of every paragraph; Structure.Inline
// says which are whose.
func (m *ParagraphMaker) Inlines() []Inline { return m.sx.inlines }

// StructureArena returns the buffer that the Lang, Ref and Alt spans index.
func (m *ParagraphMaker) StructureArena() []byte { return m.sx.arena }

// structStart records what a kept start tag means for the structure; it
// runs after the element was pushed on m.dom and before a paragraph
// boundary it makes, for the tags with iStructure (its cases).
func (m *ParagraphMaker) structStart(e Elem, attrs *Attrs) {
	s := &m.sx
	switch e.Atom {
	case atom.Ul, atom.Ol, atom.Menu, atom.Dir:
		l := listState{id: e.ID, ordered: e.Atom == atom.Ol, next: 1}
		if l.ordered {
			if v, ok := attrs.Get("start"); ok {
				l.next = parseInt32(v, 1)
			}
		}
		s.lists = append(s.lists, l)
	case atom.Li:
		x := sxElem{id: e.ID, atom: e.Atom}
		if n := len(s.lists); n > 0 {
			l := &s.lists[n-1]
			// Only an ordered list reads value: most lists are not.
			if l.ordered {
				if v, ok := attrs.Get("value"); ok {
					l.next = parseInt32(v, l.next)
				}
			}
			x.depth, x.ordered = uint8(min(n, 255)), l.ordered
			if l.ordered {
				x.number = l.next
			}
			l.next++
		}
		s.sx = append(s.sx, x)
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Figcaption, atom.Caption, atom.Dt:
		s.sx = append(s.sx, sxElem{id: e.ID, atom: e.Atom})
	case atom.Pre, atom.Listing, atom.Xmp, atom.Plaintext:
		s.codes++
		x := sxElem{id: e.ID, atom: e.Atom}
		if v, ok := attrs.Get("class"); ok {
			x.lang = m.langHint(v)
		}
		s.sx = append(s.sx, x)
	case atom.Blockquote:
		s.quotes++
	case atom.Table:
		s.tableN++
		s.tables = append(s.tables, tableState{id: e.ID, ordinal: s.tableN, row: -1, head: -1, cell: -1})
	case atom.Thead:
		if t := s.table(); t != nil {
			t.head = e.ID
		}
	case atom.Tr:
		if t := s.table(); t != nil {
			t.row++
			t.col = 0
		}
	case atom.Td, atom.Th:
		t := s.table()
		if t == nil {
			return
		}
		if t.row < 0 {
			t.row = 0 // a cell without a tr: the parser would imply one
		}
		t.cell, t.cellRow, t.cellCol, t.cellSeen = e.ID, t.row, t.col, 0
		t.colspan, t.rowspan, t.header = 1, 1, e.Atom == atom.Th || t.head >= 0
		for {
			k, ok := attrs.NextKey()
			if !ok {
				break
			}
			switch string(k) {
			case "colspan":
				t.colspan = uint16(min(max(parseInt32(attrs.Value(), 1), 1), MaxColSpan))
			case "rowspan":
				t.rowspan = uint16(min(max(parseInt32(attrs.Value(), 1), 0), MaxRowSpan))
			}
		}
		t.col += int32(t.colspan)
	case atom.Code:
		// A code element opening a code block names its language there.
		if n := len(s.sx); s.codes > 0 && n > 0 && s.sx[n-1].lang.Len() == 0 {
			if v, ok := attrs.Get("class"); ok {
				s.sx[n-1].lang = m.langHint(v)
			}
			return
		}
		if s.codes == 0 {
			m.openSpan(e.ID, InlineCode, Span{})
		}
	case atom.Kbd, atom.Samp, atom.Tt:
		if s.codes == 0 {
			m.openSpan(e.ID, InlineCode, Span{})
		}
	case atom.Em, atom.I, atom.Cite, atom.Dfn, atom.Var:
		m.openSpan(e.ID, InlineEmphasis, Span{})
	case atom.Strong, atom.B:
		m.openSpan(e.ID, InlineStrong, Span{})
	case atom.A:
		if v, ok := attrs.Get("href"); ok && len(v) > 0 {
			m.openSpan(e.ID, InlineLink, m.store(v))
		}
	case atom.Img:
		var src, alt Span
		for {
			k, ok := attrs.NextKey()
			if !ok {
				break
			}
			switch string(k) {
			case "src":
				src = m.store(attrs.Value())
			case "alt":
				alt = m.store(attrs.Value())
			}
		}
		if src.Len() > 0 && len(s.cur) < MaxInlinesPerParagraph {
			at := int32(len(m.nodes))
			s.cur = append(s.cur, Inline{Kind: InlineImage, Start: at, End: at, Ref: src, Alt: alt})
		}
	}
}

// structEnd undoes structStart for a kept element with iStructure that
// closes.
func (m *ParagraphMaker) structEnd(e Elem) {
	s := &m.sx
	if n := len(s.sx); n > 0 && s.sx[n-1].id == e.ID {
		if isPre(s.sx[n-1].atom) {
			s.codes--
		}
		s.sx = s.sx[:n-1]
	}
	if n := len(s.open); n > 0 && s.open[n-1].id == e.ID {
		o := s.open[n-1]
		s.open = s.open[:n-1]
		m.addSpan(o.kind, o.start, int32(len(m.nodes)), o.ref)
	}
	switch e.Atom {
	case atom.Ul, atom.Ol, atom.Menu, atom.Dir:
		if n := len(s.lists); n > 0 && s.lists[n-1].id == e.ID {
			s.lists = s.lists[:n-1]
		}
	case atom.Blockquote:
		s.quotes--
	case atom.Table:
		if n := len(s.tables); n > 0 && s.tables[n-1].id == e.ID {
			s.tables = s.tables[:n-1]
		}
	case atom.Thead:
		if t := s.table(); t != nil && t.head == e.ID {
			t.head = -1
		}
	case atom.Td, atom.Th:
		if t := s.table(); t != nil && t.cell == e.ID {
			t.cell = -1
		}
	}
}

// table returns the innermost open table, nil if none.
func (s *structure) table() *tableState {
	if n := len(s.tables); n > 0 {
		return &s.tables[n-1]
	}
	return nil
}

func (m *ParagraphMaker) openSpan(id int32, k InlineKind, ref Span) {
	m.sx.open = append(m.sx.open, openInline{id: id, kind: k, start: int32(len(m.nodes)), ref: ref})
}

func (m *ParagraphMaker) addSpan(k InlineKind, start, end int32, ref Span) {
	if end > start && len(m.sx.cur) < MaxInlinesPerParagraph {
		m.sx.cur = append(m.sx.cur, Inline{Kind: k, Start: start, End: end, Ref: ref})
	}
}

// store appends b to the structure arena.
func (m *ParagraphMaker) store(b []byte) Span {
	start := len(m.sx.arena)
	m.sx.arena = append(m.sx.arena, b...)
	return Span{int32(start), int32(len(m.sx.arena))}
}

// langHint stores the language a class attribute names the way syntax
// highlighters expect ("language-go", "lang-go"), or returns an empty span.
func (m *ParagraphMaker) langHint(class []byte) Span {
	for len(class) > 0 {
		i := 0
		for i < len(class) && class[i] != ' ' && class[i] != '\t' && class[i] != '\n' {
			i++
		}
		word := class[:i]
		for _, prefix := range [...]string{"language-", "lang-"} {
			if len(word) > len(prefix) && string(word[:len(prefix)]) == prefix {
				return m.store(word[len(prefix):])
			}
		}
		if i == len(class) {
			break
		}
		class = class[i+1:]
	}
	return Span{}
}

// structOpen takes the Structure of the open paragraph when its first text
// arrives: elements that are not paragraph tags (figcaption, ol, code) may
// have opened or closed since the paragraph did.
func (m *ParagraphMaker) structOpen() {
	s := &m.sx
	st := Structure{Quote: uint8(min(s.quotes, 255))}
	s.paraLi, s.paraTab = -1, -1
	if t := s.table(); t != nil && t.cell >= 0 {
		st.Table, st.Row, st.Col = t.ordinal, t.cellRow, t.cellCol
		st.ColSpan, st.RowSpan, st.Header = t.colspan, t.rowspan, t.header
		s.paraTab, s.paraCell = int32(len(s.tables)-1), t.cell
	}
	if n := len(s.sx); n > 0 {
		x := &s.sx[n-1]
		switch x.atom {
		case atom.Li:
			st.Kind = KindListItem
		case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
			st.Kind, st.Level = KindHeading, uint8(x.atom.String()[1]-'0')
		case atom.Figcaption, atom.Caption:
			st.Kind = KindCaption
		case atom.Dt:
			st.Kind = KindTerm
		default:
			st.Kind, st.Lang = KindCode, x.lang
		}
	}
	if st.Table != 0 && st.Kind == KindText {
		st.Kind = KindCell
	}
	for i := len(s.sx) - 1; i >= 0; i-- {
		if x := &s.sx[i]; x.atom == atom.Li {
			st.List, st.Ordered, st.Number = x.depth, x.ordered, x.number
			s.paraLi, s.paraLiID = int32(i), x.id
			break
		}
	}
	s.para = st
}

// structKeep records the Structure of the open paragraph, which is being
// kept; text is its normalised text, made from raw (m.nodes).
func (m *ParagraphMaker) structKeep(raw, text []byte) {
	s := &m.sx
	st := s.para
	if i := s.paraLi; i >= 0 && int(i) < len(s.sx) && s.sx[i].id == s.paraLiID {
		st.More = s.sx[i].paras > 0
		s.sx[i].paras++
	}
	if i := s.paraTab; i >= 0 && int(i) < len(s.tables) && s.tables[i].cell == s.paraCell {
		st.More = st.More || s.tables[i].cellSeen > 0
		s.tables[i].cellSeen++
	}
	// Spans still open continue into the next paragraph.
	for i := range s.open {
		m.addSpan(s.open[i].kind, s.open[i].start, int32(len(raw)), s.open[i].ref)
		s.open[i].start = 0
	}
	first := int32(len(s.inlines))
	if len(s.cur) > 0 {
		if m.browser && m.plain {
			mapPlain(raw, text, s.cur)
		} else {
			mapOffsets(raw, text, s.cur, &s.marks)
		}
		for _, in := range s.cur {
			if in.End > in.Start || in.Kind == InlineImage {
				s.inlines = append(s.inlines, in)
			}
		}
		sortInlines(s.inlines[first:])
	}
	st.Inline = Span{first, int32(len(s.inlines))}
	s.cur = s.cur[:0]
	s.structs = append(s.structs, st)
}

// structDrop forgets the spans of a paragraph that is not kept, except
// images, which move on to the next paragraph (an image alone in a block
// makes no paragraph of its own).
func (m *ParagraphMaker) structDrop() {
	s := &m.sx
	kept := s.cur[:0]
	for _, in := range s.cur {
		if in.Kind == InlineImage {
			in.Start, in.End = 0, 0
			kept = append(kept, in)
		}
	}
	s.cur = kept
	for i := range s.open {
		s.open[i].start = 0
	}
}

// sortInlines orders spans by start, outer spans first, so that a renderer
// opens them in order and closes them in reverse.
func sortInlines(in []Inline) {
	// Spans are recorded as they close: in order, unless they nest or
	// hold an image, so most need no sort.
	for i := 1; i < len(in); i++ {
		if a, b := in[i-1], in[i]; b.Start < a.Start || b.Start == a.Start && b.End > a.End {
			slices.SortStableFunc(in, func(a, b Inline) int {
				if a.Start != b.Start {
					return int(a.Start - b.Start)
				}
				return int(b.End - a.End)
			})
			return
		}
	}
}

// mark is an offset to map from raw text to normalised text.
type mark struct {
	at   int32
	span int32 // index into the spans
	end  bool  // the span's End, else its Start
}

// place sets the offset m stands for in spans to pos.
func (m mark) place(spans []Inline, pos int) {
	if m.end {
		spans[m.span].End = int32(pos)
	} else {
		spans[m.span].Start = int32(pos)
	}
}

// mapOffsets turns the offsets of spans from offsets into raw into offsets
// into text, which appendNormalized made from raw: whitespace runs
// collapsed to one separator and dropped at both ends, every other byte
// kept. A start in a dropped or collapsed run maps to the next kept byte,
// an end to the last kept byte before it.
func mapOffsets(raw, text []byte, spans []Inline, scratch *[]mark) {
	marks := (*scratch)[:0]
	for i := range spans {
		marks = append(marks, mark{spans[i].Start, int32(i), false}, mark{spans[i].End, int32(i), true})
	}
	slices.SortFunc(marks, func(a, b mark) int { return int(a.at - b.at) })
	*scratch = marks
	o, k := 0, 0
	prevSep := false // the step before emitted a separator
	for i := 0; ; {
		j := i
		if i < len(raw) {
			j, _ = spaceEnd(raw, i)
		}
		// A run between two kept bytes becomes one separator.
		sep := j > i && o > 0 && o < len(text)
		last := i // the marks this step places: at i, or anywhere in the run
		if j > i {
			last = j - 1
		}
		for ; k < len(marks) && int(marks[k].at) <= last; k++ {
			pos := o
			switch {
			case marks[k].end && j == i && prevSep:
				pos-- // an end right after a run excludes its separator
			case !marks[k].end && sep:
				pos++ // a start inside a run begins after its separator
			}
			marks[k].place(spans, min(pos, len(text)))
		}
		switch {
		case i >= len(raw):
			return
		case j > i:
			if sep {
				o++
			}
			i, prevSep = j, sep
		default:
			// A run of kept bytes: the marks inside it keep their
			// distance from its start.
			w := max(asciiWordEnd(raw, i), i+1)
			for ; k < len(marks) && int(marks[k].at) < w; k++ {
				marks[k].place(spans, min(o+int(marks[k].at)-i, len(text)))
			}
			o += w - i
			i, prevSep = w, false
		}
	}
}

// mapPlain is mapOffsets for plain browser text (see addBrowserNode):
// raw is text with at most a leading and a trailing separator added, and
// every whitespace run in it is one separator. A start on a separator
// moves past it, an end right after one moves before it; the offsets then
// shift by the leading separator and are clamped to text.
func mapPlain(raw, text []byte, spans []Inline) {
	lead := 0
	if len(raw) > 0 && isSeparator(raw[0]) {
		lead = 1
	}
	for i := range spans {
		s, e := int(spans[i].Start), int(spans[i].End)
		if s < len(raw) && isSeparator(raw[s]) {
			s++
		}
		if e > 0 && isSeparator(raw[e-1]) {
			e--
		}
		spans[i].Start = int32(min(max(s-lead, 0), len(text)))
		spans[i].End = int32(min(max(e-lead, 0), len(text)))
	}
}

// parseInt32 parses a decimal attribute value as HTML's rules for
// non-negative integers do, loosely: leading whitespace and digits up to
// the first other byte. It returns def when there are no digits.
func parseInt32(b []byte, def int32) int32 {
	i := 0
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n') {
		i++
	}
	neg := i < len(b) && b[i] == '-'
	if neg {
		i++
	}
	start := i
	var n int64
	for ; i < len(b) && isDigit(b[i]); i++ {
		n = n*10 + int64(b[i]-'0')
		if n > 1<<30 {
			n = 1 << 30
		}
	}
	if i == start {
		return def
	}
	if neg {
		n = -n
	}
	return int32(n)
}
