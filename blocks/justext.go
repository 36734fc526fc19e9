package blocks

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/jtextract/jt/stopwords"
	"golang.org/x/net/html/atom"
)

// ParagraphMaker is a Handler that cuts a document into jusText paragraphs
// exactly as jusText 3.0.2 does after its preprocessing:
//
//   - The preprocessing of jusText (lxml's Cleaner with scripts, comments,
//     style, embedded, forms and kill_tags=head) is applied on the fly:
//     head, script, style, applet, button, input, select, textarea and
//     stylesheet links are dropped with their content; iframe, embed,
//     layer, object, param and form are dropped but their content kept;
//     comments are dropped. Text on both sides of a dropped node joins into
//     one text node, as lxml's drop_tree and drop_tag merge tails.
//   - A paragraph starts at every start and end of a paragraph tag (body,
//     blockquote, caption, center, col, colgroup, dd, div, dl, dt,
//     fieldset, form, legend, optgroup, option, p, pre, table, td,
//     textarea, tfoot, th, thead, tr, ul, li, h1–h6) and at the second of
//     two <br> with no text between them, and is kept if it received any
//     non-blank text.
//
// The text of a paragraph is jusText's by default: the text nodes joined
// as they are, with whitespace-only text nodes dropped. That glues words
// that only whitespace between two inline elements separates
// (`<b>uses</b> <i>the</i>` gives "usesthe"). SetBrowserText turns on text
// as a browser renders it instead; see there.
//
// A ParagraphMaker is reusable: Reset it before each document. Paragraph
// texts and paths live in arenas that are reused, so a warm ParagraphMaker
// does not allocate.
type ParagraphMaker struct {
	stop     *stopwords.Set
	xpath    bool
	browser  bool // SetBrowserText
	maxParas int
	dropped  int // paragraphs beyond maxParas

	paras    []Paragraph
	text     []byte // paragraph texts
	paths    []byte // paragraph paths and xpaths
	nodes    []byte // normalised text nodes of the open paragraph
	plain    bool   // browser text: nodes is its own normalised text but for a leading and a trailing separator (see addBrowserNode)
	nonASCII bool   // browser text: nodes has bytes that are not ASCII
	pending  []byte // text waiting for the next kept node, so that text around dropped nodes merges
	lower    []byte // scratch for lower-casing words
	title    []byte

	cur        Paragraph
	hasText    bool
	link, br   bool
	kill       int // stack depth of the dropped subtree being skipped, 0 if none
	titleState uint8
	dom        []pathElem // kept open elements
	domPath    []byte     // the path of dom ("html.body.div"), kept up to date on push and pop
	domXPath   []byte     // the XPath of dom, kept up to date when xpath is on
	headings   int        // elements of dom whose name matches `\bh\d\b`
	selects    int        // elements of dom whose name contains "select"
	pres       int        // elements of dom that keep line breaks (isPre)

	// Paths are the only per-paragraph data that grow with depth, so a
	// paragraph reuses the bytes of the last kept paragraph's path when one
	// is a prefix of the other (see storePath), and paths beyond a budget
	// proportional to the document are not recorded.
	mark        int  // length of paths before the open paragraph's paths
	last, lastX Span // path and XPath of the last kept paragraph
	seen        int  // bytes of tags and text walked: a lower bound of the document's size
	pathCut     bool // the open paragraph's path or XPath was not recorded
	// The open paragraph's paths are recorded when it gets text (most
	// paragraphs opened get none): until then, pathPending is set and the
	// paths are the first pathLen and xpathLen bytes of domPath and
	// domXPath, at depth pathDepth, when seen was pathSeen. An element of
	// those that closes before the paragraph has text records them first.
	pathPending       bool
	pathDepth         int
	pathLen, xpathLen int
	pathSeen          int
	pathsDropped      int // kept paragraphs whose path or XPath was not recorded
	order             map[orderKey]int32
	parents           []int32 // parent element ID by element ID, -1 for the root

	sx structure // see SetStructure
}

type pathElem struct {
	id             int32
	order          int32
	pathLen, xpLen int32   // lengths of domPath and domXPath before this element
	marks          tagInfo // of iHeadingName, iSelectName and iPre, those the element has: most have none
}

// pathMarks are the tagInfo bits pathElem.marks keeps.
const pathMarks = iHeadingName | iSelectName | iPre

type orderKey struct {
	parent int32
	name   string
}

// NewParagraphMaker returns a ParagraphMaker counting stop words of stop (nil
// for none). With xpath, each paragraph also records its XPath, which costs
// a map update per element.
func NewParagraphMaker(stop *stopwords.Set, xpath bool) *ParagraphMaker {
	m := &ParagraphMaker{stop: stop, xpath: xpath, maxParas: DefaultMaxParagraphs}
	if xpath {
		m.order = make(map[orderKey]int32)
	}
	m.Reset()
	return m
}

// DefaultMaxParagraphs is the default limit on paragraphs per document.
const DefaultMaxParagraphs = 1 << 20

// SetMaxParagraphs limits the paragraphs kept per document; later ones are
// dropped and counted (see Dropped). n < 1 means the default.
func (m *ParagraphMaker) SetMaxParagraphs(n int) {
	if n < 1 {
		n = DefaultMaxParagraphs
	}
	m.maxParas = n
}

// Dropped returns how many paragraphs of the document were dropped beyond
// the limit of SetMaxParagraphs.
func (m *ParagraphMaker) Dropped() int { return m.dropped }

// PathsDropped returns how many paragraphs of the document have an empty
// Path or XPath because the paths had outgrown their budget: about
// PathBudgetPerByte bytes per byte of the document, plus MinPathBudget.
// Only hostile nesting reaches it.
func (m *ParagraphMaker) PathsDropped() int { return m.pathsDropped }

// The path budget. Every paragraph records the path of the element it
// starts in, up to the depth limit deep, so without a budget a page of
// deeply nested paragraphs (nested table cells) would need memory in
// proportion to paragraphs × depth.
const (
	MinPathBudget     = 1 << 20
	PathBudgetPerByte = 8
)

// SetStopWords changes the stoplist used from the next paragraph on.
func (m *ParagraphMaker) SetStopWords(stop *stopwords.Set) { m.stop = stop }

// SetBrowserText turns browser text on or off (it is off in a new
// ParagraphMaker). It is a setting like SetMaxParagraphs: Reset keeps it.
// Set it before walking a document; changing it halfway changes the text
// from the next text node on.
//
// Off, paragraph text is exactly jusText 3.0.2's, which the parity tests
// hold against the Python reference: whitespace-only text nodes are dropped,
// so words that only such a node separates run together
// (`<b>uses</b> <i>the</i> tool` gives "usesthe tool"), as does text on both
// sides of a block-level element that is not a jusText paragraph tag
// (`<section>a</section><section>b</section>` gives "ab").
//
// On, the text of each paragraph is joined as a browser lays it out:
//
//   - a whitespace-only text node (spaces, tabs, newlines, &nbsp;) between
//     inline elements is one ' ' ("uses the tool"), and every whitespace run
//     is one ' ', newlines included (CSS white-space: normal), except inside
//     pre, listing, xmp and plaintext, where a run holding a line break
//     stays '\n' as jusText writes it;
//   - <br> is a line break '\n' (jusText appends ' '), and the start and
//     end of a block-level element that is not a paragraph tag (article,
//     section, nav, header, footer, aside, main, figure, figcaption,
//     address, details, summary, ol, hr, ...) put a '\n' between the text
//     on either side;
//   - U+00AD SOFT HYPHEN, U+200B ZERO WIDTH SPACE and U+FEFF ZERO WIDTH
//     NO-BREAK SPACE are dropped: browsers draw nothing for them (a soft
//     hyphen only where a line breaks). Python jusText keeps them (they are
//     not whitespace to Python), so jusText's text keeps them too;
//   - a text node of only whitespace and those invisible characters counts
//     as blank: it does not make a paragraph, and a <br> on each side of it
//     still separates paragraphs.
//
// Nothing else changes: the paragraphs are the same (same boundaries, paths
// and tag counts), no space is made where the markup has none
// (`<b>un</b>believable` stays "unbelievable"), the text is still stripped
// at both ends, and Length, Words, LinkChars (which now includes whitespace
// nodes inside a link) and StopWords are counted on the browser text.
func (m *ParagraphMaker) SetBrowserText(on bool) { m.browser = on }

// BrowserText reports whether browser text is on (see SetBrowserText).
func (m *ParagraphMaker) BrowserText() bool { return m.browser }

// Reset prepares m for a new document, keeping its buffers.
func (m *ParagraphMaker) Reset() {
	m.paras = m.paras[:0]
	m.text = m.text[:0]
	m.paths = m.paths[:0]
	m.nodes = m.nodes[:0]
	m.pending = m.pending[:0]
	m.title = m.title[:0]
	m.hasText, m.link, m.br = false, false, false
	m.kill = 0
	m.dropped = 0
	m.titleState = 0
	m.dom = m.dom[:0]
	m.domPath, m.domXPath = m.domPath[:0], m.domXPath[:0]
	m.headings, m.selects, m.pres = 0, 0, 0
	m.last, m.lastX = Span{}, Span{}
	m.seen, m.pathsDropped = 0, 0
	m.parents = m.parents[:0]
	clear(m.order)
	m.sx.reset()
	m.open()
}

// Paragraphs returns the paragraphs of the document walked since Reset.
// The slice is reused by the next Reset.
func (m *ParagraphMaker) Paragraphs() []Paragraph { return m.paras }

// TextOf returns the text of a paragraph made by m. It may change after the
// next Reset.
func (m *ParagraphMaker) TextOf(p *Paragraph) []byte { return m.text[p.Text.Start:p.Text.End] }

// PathOf returns the DOM path of a paragraph made by m ("html.body.div.p").
func (m *ParagraphMaker) PathOf(p *Paragraph) []byte { return m.paths[p.Path.Start:p.Path.End] }

// XPathOf returns the XPath of a paragraph made by m, empty unless m was
// made with xpath.
func (m *ParagraphMaker) XPathOf(p *Paragraph) []byte { return m.paths[p.XPath.Start:p.XPath.End] }

// Title returns the text of the document's first title element.
func (m *ParagraphMaker) Title() []byte { return m.title }

// Parents returns the parent ID of every element, indexed by element ID
// (-1 for the root), as Parent gives them one by one. The slice is m's and
// is valid until the next Reset.
func (m *ParagraphMaker) Parents() []int32 { return m.parents }

// Parent returns the ID of the parent of element id in the document as the
// Walker built it, or -1 for the root or an unknown ID.
func (m *ParagraphMaker) Parent(id int32) int32 {
	if id < 0 || int(id) >= len(m.parents) {
		return -1
	}
	return m.parents[id]
}

// cleaning says what jusText's Cleaner does to an element.
type cleaning uint8

const (
	keep    cleaning = iota
	killed           // dropped with its content
	removed          // dropped, content kept
)

// clean returns what jusText's Cleaner does to an element: drop scripts,
// styles, form controls, head and stylesheet links with their content, and
// embedded objects and forms without it.
func clean(e Elem, i tagInfo, attrs *Attrs) cleaning {
	if e.Atom == atom.Link || e.Atom == 0 {
		return cleanNamed(e, attrs)
	}
	return cleaning(i/iKilled) & (killed | removed) // iKilled and iRemoved are killed's and removed's bits, shifted
}

// cleanNamed is clean for the elements whose tagInfo does not decide it,
// apart so that clean is inlined.
func cleanNamed(e Elem, attrs *Attrs) cleaning {
	if e.Atom == atom.Link {
		if rel, ok := attrs.Get("rel"); ok && containsFold(rel, "stylesheet") {
			return killed
		}
	} else if e.Name == "layer" {
		return removed
	}
	return keep
}

// containsFold reports whether the lower-cased s contains the lower-case
// ASCII word, as Python's `word in s.lower()`.
func containsFold(s []byte, word string) bool {
	for i := 0; i+len(word) <= len(s); i++ {
		j := 0
		for j < len(word) && s[i+j]|0x20 == word[j] {
			j++
		}
		if j == len(word) {
			return true
		}
	}
	return false
}

const (
	titleNone uint8 = iota
	titleOpen
	titleDone
)

// StartElement implements Handler.
func (m *ParagraphMaker) StartElement(stack []Elem, attrs *Attrs) {
	e := stack[len(stack)-1]
	parent := int32(-1)
	if len(stack) > 1 {
		parent = stack[len(stack)-2].ID
	}
	m.parents = append(m.parents, parent)
	m.seen += len(e.Name) + 2
	if e.Atom == atom.Title && m.titleState == titleNone {
		m.titleState = titleOpen
	}
	if m.kill > 0 {
		return
	}
	i := e.tagInfo()
	switch clean(e, i, attrs) {
	case killed:
		m.kill = len(stack)
		return
	case removed:
		return
	}
	m.flush()
	m.push(e, i)
	if i&iParagraph != 0 || (e.Atom == atom.Br && m.br) {
		if e.Atom == atom.Br {
			m.cur.Tags-- // the second <br> separates; it is not a tag of the paragraph
		}
		// The element's structure is the next paragraph's, not the
		// closing one's.
		m.close()
		if m.sx.on && i&iStructure != 0 {
			m.structStart(e, attrs)
		}
		m.open()
		return
	}
	if m.sx.on && i&iStructure != 0 {
		m.structStart(e, attrs)
	}
	m.br = e.Atom == atom.Br
	switch e.Atom {
	case atom.Br:
		// jusText 3 appends a space for a single <br> so that the words on
		// both sides stay apart. The reference output has no paragraph
		// made of such spaces alone, so they do not count as text.
		// Browser text has the line break a browser shows.
		if m.browser {
			m.addBreak()
		} else {
			m.nodes = append(m.nodes, ' ')
		}
	case atom.A:
		m.link = true
	default:
		if m.browser && i&iBrowserBlock != 0 {
			m.addBreak()
		}
	}
	m.cur.Tags++
}

// EndElement implements Handler.
func (m *ParagraphMaker) EndElement(stack []Elem) {
	e := &stack[len(stack)-1] // read in place: a copy is spilled around the calls below
	if e.Atom == atom.Title && m.titleState == titleOpen {
		m.titleState = titleDone
	}
	if m.kill > 0 {
		if len(stack) == m.kill {
			m.kill = 0
		}
		return
	}
	if len(m.dom) == 0 || m.dom[len(m.dom)-1].id != e.ID {
		return // a removed element
	}
	m.flush()
	i := e.tagInfo()
	if i&iParagraph != 0 {
		// The open paragraph closes below: it keeps no path if it has
		// no text.
		m.pathPending = false
		m.pop()
		// The closing paragraph is still inside the element.
		m.close()
		if m.sx.on && i&iStructure != 0 {
			m.structEnd(*e)
		}
		m.open()
	} else {
		m.pop()
		if m.sx.on && i&iStructure != 0 {
			m.structEnd(*e)
		}
		if m.browser && i&iBrowserBlock != 0 {
			m.addBreak()
		}
	}
	if e.Atom == atom.A {
		m.link = false
	}
}

// Text implements Handler.
func (m *ParagraphMaker) Text(stack []Elem, text []byte) {
	m.seen += len(text)
	if m.titleState == titleOpen {
		m.title = append(m.title, text...)
	}
	if m.kill == 0 {
		m.pending = appendShort(m.pending, text)
	}
}

// Comment implements Handler; jusText drops comments.
func (m *ParagraphMaker) Comment([]Elem, []byte) {}

// Finish closes the last paragraph. Call it after the Walker returns.
func (m *ParagraphMaker) Finish() {
	m.flush()
	m.next()
}

func (m *ParagraphMaker) push(e Elem, i tagInfo) {
	pe := pathElem{id: e.ID, order: 1, pathLen: int32(len(m.domPath)), xpLen: int32(len(m.domXPath)), marks: i & pathMarks}
	if e.Atom == 0 {
		if hasHeadingName(e.Name) {
			pe.marks |= iHeadingName
		}
		if hasSelect(e.Name) {
			pe.marks |= iSelectName
		}
	}
	// The path joins names with '.', which is not a word byte and not in
	// "select", so the path matches when one of its names does.
	if pe.marks != 0 {
		m.countMarks(pe.marks, 1)
	}
	if len(m.dom) > 0 {
		m.domPath = append(m.domPath, '.')
	}
	m.domPath = append(m.domPath, e.Name...)
	if m.xpath {
		if len(m.dom) > 0 {
			k := orderKey{parent: m.dom[len(m.dom)-1].id, name: e.Name}
			pe.order = m.order[k] + 1
			m.order[k] = pe.order
		}
		m.domXPath = append(m.domXPath, '/')
		m.domXPath = append(m.domXPath, e.Name...)
		m.domXPath = append(m.domXPath, '[')
		m.domXPath = strconv.AppendInt(m.domXPath, int64(pe.order), 10)
		m.domXPath = append(m.domXPath, ']')
	}
	m.dom = append(m.dom, pe)
}

func (m *ParagraphMaker) pop() {
	if m.pathPending && len(m.dom) <= m.pathDepth {
		m.storeOpenPath()
	}
	top := m.dom[len(m.dom)-1]
	m.domPath, m.domXPath = m.domPath[:top.pathLen], m.domXPath[:top.xpLen]
	if top.marks != 0 {
		m.countMarks(top.marks, -1)
	}
	m.dom = m.dom[:len(m.dom)-1]
}

// countMarks adds d to the counts of open elements of each of the marks.
func (m *ParagraphMaker) countMarks(marks tagInfo, d int) {
	if marks&iHeadingName != 0 {
		m.headings += d
	}
	if marks&iSelectName != 0 {
		m.selects += d
	}
	if marks&iPre != 0 {
		m.pres += d
	}
}

// flush hands the pending text to the open paragraph as one text node, as
// jusText's characters() does. It is inlined: at nearly half the calls
// nothing is pending.
func (m *ParagraphMaker) flush() {
	if len(m.pending) > 0 {
		m.flushPending()
	}
}

func (m *ParagraphMaker) flushPending() {
	t := m.pending
	m.pending = m.pending[:0]
	if m.browser {
		start := len(m.nodes)
		visible, merged := m.addBrowserNode(t)
		if m.link {
			m.cur.LinkChars += merged + RuneCount(m.nodes[start:])
		}
		if visible {
			if m.pathPending {
				m.storeOpenPath()
			}
			if !m.hasText && m.sx.on {
				m.structOpen()
			}
			m.hasText = true
			m.br = false
		}
		return
	}
	if isBlank(t) {
		return
	}
	// The node goes in as written: finishParagraph's normalisation of the
	// joined nodes gives the text that normalising each node first gave.
	m.nodes = append(m.nodes, t...)
	if m.link {
		m.cur.LinkChars += nodeRuneCount(t)
	}
	if m.pathPending {
		m.storeOpenPath()
	}
	if !m.hasText && m.sx.on {
		m.structOpen()
	}
	m.hasText = true
	m.br = false
}

// addBrowserNode appends text node t to the open paragraph as browser text.
// It reports whether t had visible text, and how many separators it added
// that were merged into the one before (the node's link characters count
// them). It keeps m.plain, which spares finishParagraph the normalisation
// of the paragraph's text: a separator right after another is merged into
// it, as normalisation would merge them, and a node that adds bytes that
// are not UTF-8 (which may join a neighbour into whitespace) clears it.
// Merging keeps the inline spans of structure right: their offsets into
// m.nodes taken before the node stay at or before the merged separator,
// in the same whitespace run, and those taken after see m.nodes merged.
func (m *ParagraphMaker) addBrowserNode(t []byte) (visible bool, merged int) {
	if len(t) > 0 && blankASCII(t) {
		// Most nodes are ASCII whitespace, one separator, added here
		// without appendNodeBrowser. Its line breaks count only in pre,
		// which is rare, so only there are they looked for.
		sep := byte(' ')
		if m.pres > 0 && (bytes.IndexByte(t, '\n') >= 0 || bytes.IndexByte(t, '\r') >= 0) {
			sep = '\n'
		}
		return false, m.addSeparator(sep)
	}
	start := len(m.nodes)
	var ascii, bad bool
	m.nodes, visible, ascii, bad = appendNodeBrowser(m.nodes, t, m.pres > 0)
	if !ascii {
		m.nonASCII = true
		// Dropping an invisible character may join bytes that are not
		// UTF-8 into a character, whitespace among others, which only
		// normalisation turns into a separator.
		if bad {
			m.plain = false
		}
	}
	if start > 0 && start < len(m.nodes) && isSeparator(m.nodes[start]) && isSeparator(m.nodes[start-1]) {
		// The node's separators never follow one another: only its
		// first can double the one before.
		if m.nodes[start] == '\n' {
			m.nodes[start-1] = '\n'
		}
		m.nodes = append(m.nodes[:start], m.nodes[start+1:]...)
		return visible, 1
	}
	return visible, 0
}

// addBreak appends the line break browser text has at a <br> and on either
// side of a block.
func (m *ParagraphMaker) addBreak() { m.addSeparator('\n') }

// addSeparator appends separator sep, merged into a separator before it
// (see addBrowserNode), which a line break replaces. It returns 1 if it
// merged sep, 0 if it appended it.
func (m *ParagraphMaker) addSeparator(sep byte) int {
	if n := len(m.nodes); n > 0 && isSeparator(m.nodes[n-1]) {
		if sep == '\n' {
			m.nodes[n-1] = '\n'
		}
		return 1
	}
	m.nodes = append(m.nodes, sep)
	return 0
}

// normalizeNodes appends the open paragraph's normalised text to m.text
// and returns its length in code points and its number of words. Plain
// browser text (see addBrowserNode) is its own normalised text once a
// leading and a trailing separator are dropped: copied, not normalised
// again.
func (m *ParagraphMaker) normalizeNodes() (runes, words int) {
	if !m.browser || !m.plain {
		m.text, runes, words = appendNormalized(m.text, m.nodes)
		return runes, words
	}
	s := m.nodes
	if len(s) > 0 && isSeparator(s[0]) {
		s = s[1:]
	}
	if n := len(s); n > 0 && isSeparator(s[n-1]) {
		s = s[:n-1]
	}
	m.text = append(m.text, s...)
	if len(s) == 0 {
		return 0, 0
	}
	runes = len(s)
	if m.nonASCII {
		runes = RuneCount(s) // valid UTF-8: a code point per byte that does not continue one
	}
	return runes, bytes.Count(s, []byte{' '}) + bytes.Count(s, []byte{'\n'}) + 1
}

// isSeparator reports the two whitespace bytes of browser text.
func isSeparator(c byte) bool { return c == ' ' || c == '\n' }

// next closes the open paragraph and opens a new one at the current DOM
// position.
func (m *ParagraphMaker) next() {
	m.close()
	m.open()
}

// close ends the open paragraph, keeping it if it has text.
func (m *ParagraphMaker) close() {
	if m.hasText {
		m.finishParagraph()
		return
	}
	m.paths = m.paths[:m.mark]
	if m.sx.on {
		m.structDrop()
	}
}

func (m *ParagraphMaker) open() {
	m.cur = Paragraph{}
	m.hasText = false
	m.nodes, m.plain, m.nonASCII = m.nodes[:0], true, false
	m.mark = len(m.paths)
	m.pathCut = false
	m.cur.Heading = m.headings > 0
	m.cur.InSelect = m.selects > 0
	m.pathPending = true
	m.pathDepth, m.pathLen, m.xpathLen, m.pathSeen = len(m.dom), len(m.domPath), len(m.domXPath), m.seen
	m.cur.Node = -1
	if len(m.dom) > 0 {
		m.cur.Node = m.dom[len(m.dom)-1].id
	}
}

// storeOpenPath records the paths of the open paragraph as they were when
// it opened: storePath, with the document's size as known then.
func (m *ParagraphMaker) storeOpenPath() {
	m.pathPending = false
	m.cur.Path = m.storePath(m.domPath[:m.pathLen], m.last, m.pathSeen)
	m.cur.XPath = Span{m.cur.Path.End, m.cur.Path.End}
	if m.xpath {
		xp := m.domXPath[:m.xpathLen]
		if m.pathDepth == 0 {
			xp = rootXPath
		}
		m.cur.XPath = m.storePath(xp, m.lastX, m.pathSeen)
	}
}

var rootXPath = []byte("/")

// storePath records path p of the paragraph being opened in the paths
// arena and returns its span. last is the same kind of path of the last
// kept paragraph: when p is a prefix of it, p is its first bytes; when it
// is a prefix of p and ends the arena, p extends it. Nested paragraphs
// thus cost the arena only the names they add. A path that would take
// the arena beyond the budget for seen bytes of document is not recorded
// (an empty span).
func (m *ParagraphMaker) storePath(p []byte, last Span, seen int) Span {
	lp := m.paths[last.Start:last.End]
	if bytes.HasPrefix(lp, p) {
		return Span{last.Start, last.Start + int32(len(p))}
	}
	start := len(m.paths)
	if bytes.HasPrefix(p, lp) && int(last.End) == len(m.paths) {
		start, p = int(last.Start), p[len(lp):]
	}
	if len(m.paths)+len(p) > MinPathBudget+PathBudgetPerByte*seen {
		m.pathCut = true
		return Span{int32(len(m.paths)), int32(len(m.paths))}
	}
	m.paths = append(m.paths, p...)
	return Span{int32(start), int32(len(m.paths))}
}

func (m *ParagraphMaker) finishParagraph() {
	if len(m.paras) >= m.maxParas {
		m.dropped++
		m.paths = m.paths[:m.mark]
		if m.sx.on {
			m.structDrop()
		}
		return
	}
	if m.pathCut {
		m.pathsDropped++
	}
	p := &m.cur
	start := len(m.text)
	p.Length, p.Words = m.normalizeNodes()
	p.Text = Span{int32(start), int32(len(m.text))}
	text := m.text[start:]
	if m.stop.Len() > 0 {
		p.StopWords = m.countStopWords(text)
	}
	// Browser text known to be ASCII has no "©" to look for.
	p.Copyright = (!m.browser || m.nonASCII) && bytes.Contains(text, []byte("\u00a9")) || bytes.Contains(text, []byte("&copy"))
	m.last, m.lastX = p.Path, p.XPath
	m.paras = append(m.paras, *p)
	if m.sx.on {
		m.structKeep(m.nodes, text)
	}
}

func (m *ParagraphMaker) countStopWords(text []byte) int {
	n, lower := m.stop.CountWords(text, m.lower)
	m.lower = lower
	return n
}

// hasHeadingName reports whether jusText's `\bh\d\b` matches the path (or
// one name of it).
func hasHeadingName(path string) bool {
	for i := 0; i+1 < len(path); i++ {
		if path[i] == 'h' && isDigit(path[i+1]) &&
			(i == 0 || !isWordByte(path[i-1])) && (i+2 == len(path) || !isWordByte(path[i+2])) {
			return true
		}
	}
	return false
}

// hasSelect is jusText 3's test `'select' in dom_path`. It also matches
// tag names that merely contain "select" (the algorithm description says
// "inside a select element"); the reference output follows the code.
// The length test spares the search for the short names of most tags.
func hasSelect(path string) bool {
	return len(path) >= len("select") && strings.Contains(path, "select")
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isWordByte approximates Python's `\w` for the bytes of a tag name: ASCII
// letters, digits, underscore and any byte of a non-ASCII character (tag
// names are lower-cased ASCII in practice).
func isWordByte(c byte) bool {
	return c >= 0x80 || c == '_' || isDigit(c) || ('a' <= c|0x20 && c|0x20 <= 'z')
}

// Arenas returns the buffers the spans of m's paragraphs index: Text spans
// index text, Path and XPath spans index paths.
func (m *ParagraphMaker) Arenas() (text, paths []byte) { return m.text, m.paths }
