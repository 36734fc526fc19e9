package boilerpipe

import (
	"bytes"
	"unicode/utf8"

	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/classify/tree"
	"github.com/jtextract/jt/tokenizer"
	"golang.org/x/net/html/atom"
)

// tagAction is what boilerpipe's default TagActionMap (1.2.0) does with an
// element.
type tagAction uint8

const (
	actNone         tagAction = iota // unknown to the map: starts a new block, changes the tag level
	actIgnorable                     // content skipped
	actAnchor                        // anchor text: its words count as linked
	actBody                          // body: blocks are only made inside it
	actInline                        // inline without whitespace: the text runs on
	actInlineSpaced                  // inline with whitespace around it
)

// actionOf returns the default tag action of an element. The map has no
// label actions, and FONT is a plain inline element in 1.2.0's default map
// (its font-size action is not used), so parsed blocks carry no labels.
func actionOf(a atom.Atom) tagAction {
	switch a {
	case atom.Style, atom.Script, atom.Option, atom.Object, atom.Embed, atom.Applet,
		atom.Link, atom.Noscript:
		return actIgnorable
	case atom.A:
		return actAnchor
	case atom.Body:
		return actBody
	case atom.Strike, atom.U, atom.B, atom.I, atom.Em, atom.Strong, atom.Span, atom.Sup,
		atom.Code, atom.Tt, atom.Sub, atom.Var, atom.Font:
		return actInline
	case atom.Abbr, atom.Acronym:
		return actInlineSpaced
	}
	return actNone
}

// changesTagLevel reports whether an element of this action counts towards
// the tag level (inline elements do not).
func (t tagAction) changesTagLevel() bool { return t != actInline && t != actInlineSpaced }

// Parser builds a Document from the events of a blocks.Walker the way
// boilerpipe 1.2.0's BoilerpipeHTMLContentHandler does with the default tag
// actions: a block ends at every element that is not inline (and at every
// element start or end the map does not know); script, style, option,
// object, embed, applet, link and noscript are skipped; text in a counts as
// anchor text; blocks are made only inside body, and the title is the text
// of the title element outside it. It keeps the original's quirks: text
// elements are numbered across the whole document, head included, and the
// text elements seen while no block was made are credited to the next
// block.
//
// A Parser is a blocks.Handler. It is reusable: Reset it before each
// document; its buffers are kept, so a warm Parser allocates only the title
// string.
type Parser struct {
	doc      Document
	tokenBuf []byte // text with anchor markers, for counting words
	textBuf  []byte // text as the block shows it
	elems    []int32
	words    wordCounter
	src      *tokenizer.Tokenizer
	seg      []byte // the events of one text token, split as NekoHTML reports them
	segEnds  []int  // where each event of seg ends, negative for a reference

	inBody, inAnchor, inIgnorable int
	tagLevel, blockTagLevel       int
	textElementIdx                int32
	offset                        int
	lastStart                     atom.Atom
	lastWasSpace, flush, finished bool

	// With RecordTree, what the tree filter needs: the paragraph element
	// around each text element, and each element's parent.
	treeOn   bool
	curPara  int32
	paraOf   []int32 // by text element index (index 0 unused)
	parentOf []int32 // by element ID
}

// NewParser returns a Parser ready for a document.
func NewParser() *Parser {
	p := &Parser{}
	p.Reset()
	return p
}

// Reset prepares p for a new document, keeping its buffers. The Document of
// the previous one becomes invalid.
func (p *Parser) Reset() {
	p.doc.Reset()
	p.tokenBuf, p.textBuf, p.elems = p.tokenBuf[:0], p.textBuf[:0], p.elems[:0]
	p.words = wordCounter{}
	p.inBody, p.inAnchor, p.inIgnorable = 0, 0, 0
	p.tagLevel, p.blockTagLevel = 0, -1
	p.textElementIdx, p.offset = 0, 0
	p.lastStart = 0
	p.lastWasSpace, p.flush, p.finished = false, false, false
	p.curPara = -1
	p.paraOf = append(p.paraOf[:0], -1)
	p.parentOf = p.parentOf[:0]
}

// RecordTree makes p record, for the tree filter, the paragraph element of
// every text element (see ParagraphElement) and the parent of every element
// (see Parent). It costs a little time per element; it is off by default.
func (p *Parser) RecordTree(on bool) { p.treeOn = on }

// ParagraphElement returns the ID of the innermost paragraph element (in
// the sense of classify/tree.IsParagraph) around text element i, as
// numbered in TextBlock's contained text elements, or -1. It needs
// RecordTree.
func (p *Parser) ParagraphElement(i int32) int32 {
	if i < 0 || int(i) >= len(p.paraOf) {
		return -1
	}
	return p.paraOf[i]
}

// Parent returns the parent element ID of element id, or -1; it makes a
// Parser the tree.Ancestry of its document. It needs RecordTree.
func (p *Parser) Parent(id int32) int32 {
	if id < 0 || int(id) >= len(p.parentOf) {
		return -1
	}
	return p.parentOf[id]
}

// Document ends the document (boilerpipe's endDocument) and returns it.
// It stays valid until the next Reset; filters may change it.
func (p *Parser) Document() *Document {
	if !p.finished {
		p.finished = true
		p.flushBlock()
	}
	return &p.doc
}

// StartElement implements blocks.Handler.
func (p *Parser) StartElement(stack []blocks.Elem, _ *blocks.Attrs) {
	e := stack[len(stack)-1]
	if p.treeOn {
		parent := int32(-1)
		if len(stack) > 1 {
			parent = stack[len(stack)-2].ID
		}
		p.parentOf = append(p.parentOf, parent)
	}
	act := actionOf(e.Atom)
	if act.changesTagLevel() {
		p.tagLevel++
	}
	switch act {
	case actNone:
		p.flush = true
	case actIgnorable:
		p.inIgnorable++
		p.flush = true
	case actAnchor:
		p.startAnchor()
	case actBody:
		p.flushBlock()
		p.inBody++
	case actInlineSpaced:
		p.addSpace()
	}
	p.lastStart = e.Atom
}

// EndElement implements blocks.Handler.
func (p *Parser) EndElement(stack []blocks.Elem) {
	act := actionOf(stack[len(stack)-1].Atom)
	switch act {
	case actNone:
		p.flush = true
	case actIgnorable:
		p.inIgnorable--
		p.flush = true
	case actAnchor:
		p.endAnchor()
	case actBody:
		p.flushBlock()
		p.inBody--
	case actInlineSpaced:
		p.addSpace()
	}
	if act.changesTagLevel() {
		p.tagLevel--
	}
	// Java flushes here but leaves the flag set, so the next text flushes
	// again (a no-op on empty buffers).
	if p.flush {
		p.flushBlock()
	}
}

// startAnchor is TA_ANCHOR_TEXT.start. A nested anchor, which the Walker
// never produces but a custom event source might, is first ended as in
// Java's recovery.
func (p *Parser) startAnchor() {
	p.inAnchor++
	if p.inAnchor > 1 {
		p.endAnchor()
	}
	if p.inIgnorable == 0 {
		p.addSpace()
		p.tokenBuf = append(p.tokenBuf, anchorStart+" "...)
		p.lastWasSpace = true
	}
}

// endAnchor is TA_ANCHOR_TEXT.end.
func (p *Parser) endAnchor() {
	p.inAnchor--
	if p.inAnchor == 0 && p.inIgnorable == 0 {
		p.addSpace()
		p.tokenBuf = append(p.tokenBuf, anchorEnd+" "...)
		p.lastWasSpace = true
	}
}

// addSpace is addWhitespaceIfNecessary.
func (p *Parser) addSpace() {
	if !p.lastWasSpace {
		p.tokenBuf = append(p.tokenBuf, ' ')
		p.textBuf = append(p.textBuf, ' ')
		p.lastWasSpace = true
	}
}

// Comment implements blocks.Handler; comments are not part of the text.
func (p *Parser) Comment([]blocks.Elem, []byte) {}

// SetSource tells p the tokenizer its Walker reads, so that Text can see
// each text token as written (the tokenizer's Raw) and decode it piece by
// piece (AppendDecoded, AppendCharRef). NekoHTML, which boilerpipe's
// reference runs used, reports every character reference as a text event
// of its own; with a source, p does the same, which matters because
// boilerpipe strips the whitespace at both ends of every event and numbers
// the events. Without one (nil), a text token is one event. The source is
// kept across Reset.
func (p *Parser) SetSource(z *tokenizer.Tokenizer) { p.src = z }

// Text implements blocks.Handler: boilerpipe's characters(), once per
// NekoHTML text event: the whole text, or with a source (see SetSource),
// each run of literal text and each character reference.
func (p *Parser) Text(stack []blocks.Elem, text []byte) {
	if p.treeOn {
		p.curPara = -1
		for i := len(stack) - 1; i >= 0; i-- {
			if tree.IsParagraph(stack[i].Atom) {
				p.curPara = stack[i].ID
				break
			}
		}
	}
	if p.src == nil {
		p.characters(text)
		return
	}
	raw := p.src.Raw()
	if bytes.IndexByte(raw, '&') < 0 || bytes.Equal(text, raw) {
		// Nothing decoded: no references, or raw text (script, iframe ...).
		p.characters(text)
		return
	}
	// Split the token as written into runs of literal text and character
	// references, decoding each as the tokenizer does. The split must give
	// back the tokenizer's text exactly: where it does not (raw text
	// holding a reference, which the tokenizer leaves as written), the
	// token is one event.
	if !p.split(raw, text) {
		p.characters(text)
		return
	}
	start := 0
	for _, end := range p.segEnds {
		ref := end < 0
		if ref {
			end = -end
		}
		if ref || end > start {
			p.characters(p.seg[start:end])
		}
		start = end
	}
}

// split cuts raw, the text token as written, into NekoHTML's text events
// in p.seg and p.segEnds: runs of literal text, decoded as the source
// decodes its current token, and character references as NekoHTML reads
// them (see refLen), each decoded with tokenizer.AppendCharRef, whatever
// the token. It reports whether the events joined give text, the token as
// the tokenizer decoded it.
func (p *Parser) split(raw, text []byte) bool {
	p.seg, p.segEnds = p.seg[:0], p.segEnds[:0]
	for len(raw) > 0 {
		n := bytes.IndexByte(raw, '&')
		switch {
		case n < 0:
			n = len(raw)
		case n == 0:
			// A reference as NekoHTML reads it may run on past the one the
			// tokenizer decodes ("&ampx" is "&" and "x"): the rest is
			// letters, digits and ';', which decode as themselves.
			n = refLen(raw)
			var m int
			p.seg, m = tokenizer.AppendCharRef(p.seg, raw[:n])
			p.seg = append(p.seg, raw[m:n]...)
			p.segEnds = append(p.segEnds, -len(p.seg))
			raw = raw[n:]
			continue
		}
		p.seg = p.src.AppendDecoded(p.seg, raw[:n])
		p.segEnds = append(p.segEnds, len(p.seg))
		raw = raw[n:]
	}
	return bytes.Equal(p.seg, text)
}

// characters is boilerpipe's characters() for one text event.
func (p *Parser) characters(text []byte) {
	p.textElementIdx++
	if p.treeOn {
		p.paraOf = append(p.paraOf, p.curPara)
	}
	if p.flush {
		p.flushBlock()
		p.flush = false
	}
	if p.inIgnorable != 0 || len(text) == 0 {
		return
	}
	// Java turns every whitespace character into a space, then strips the
	// spaces at both ends, remembering whether there were any.
	start, end := 0, len(text)
	for start < end {
		if c := text[start]; c < utf8.RuneSelf {
			if !asciiJavaSpace[c] {
				break
			}
			start++
			continue
		}
		r, w := utf8.DecodeRune(text[start:])
		if !isJavaWhitespace(r) {
			break
		}
		start += w
	}
	for end > start {
		if c := text[end-1]; c < utf8.RuneSelf {
			if !asciiJavaSpace[c] {
				break
			}
			end--
			continue
		}
		r, w := utf8.DecodeLastRune(text[start:end])
		if !isJavaWhitespace(r) {
			break
		}
		end -= w
	}
	leading, trailing := start > 0, end < len(text)
	if start == end {
		p.addSpace()
		return
	}
	if leading {
		p.addSpace()
	}
	if p.blockTagLevel == -1 {
		p.blockTagLevel = p.tagLevel
	}
	t0 := len(p.tokenBuf)
	p.tokenBuf = appendSpaced(p.tokenBuf, text[start:end])
	p.textBuf = append(p.textBuf, p.tokenBuf[t0:]...)
	if trailing {
		p.tokenBuf = append(p.tokenBuf, ' ')
		p.textBuf = append(p.textBuf, ' ')
	}
	p.lastWasSpace = trailing
	p.elems = append(p.elems, p.textElementIdx)
}

// keptByte marks the bytes appendSpaced copies without looking further:
// those from ' ' up, except the lead bytes 0xe1–0xe3 of the only non-ASCII
// Java whitespace (U+1680, U+2000–U+2029, U+205F, U+3000), as
// TestAppendSpacedFastPath checks.
var keptByte = func() (t [256]bool) {
	for c := ' '; c < 0x100; c++ {
		t[c] = c < 0xe1 || c > 0xe3
	}
	return t
}()

// appendSpaced appends s to dst with every Java whitespace character
// replaced by a space.
func appendSpaced(dst, s []byte) []byte {
	run := 0 // start of the bytes not yet appended
	for i := 0; i < len(s); {
		if keptByte[s[i]] {
			i++
			continue
		}
		c := s[i]
		if c < utf8.RuneSelf {
			if isJavaWhitespace(rune(c)) {
				dst = append(dst, s[run:i]...)
				dst = append(dst, ' ')
				run = i + 1
			}
			i++
			continue
		}
		r, w := utf8.DecodeRune(s[i:])
		if isJavaWhitespace(r) {
			dst = append(dst, s[run:i]...)
			dst = append(dst, ' ')
			run = i + w
		}
		i += w
	}
	return append(dst, s[run:]...)
}

// flushBlock ends the current block: outside body it only records the title
// (when the last element started was title) and drops the text; inside, it
// makes a TextBlock from the buffered text unless that is empty or a single
// space.
func (p *Parser) flushBlock() {
	if p.inBody == 0 {
		if p.lastStart == atom.Title {
			if t := javaTrim(p.tokenBuf); len(t) > 0 {
				p.doc.Title = string(t)
			}
		}
		p.tokenBuf, p.textBuf = p.tokenBuf[:0], p.textBuf[:0]
		return
	}
	switch {
	case len(p.tokenBuf) == 0:
		return
	case p.lastWasSpace && string(p.tokenBuf) == " ":
		p.tokenBuf, p.textBuf = p.tokenBuf[:0], p.textBuf[:0]
		return
	}
	wc := p.words.count(javaTrim(p.tokenBuf))
	if wc.tokens == 0 {
		// Only anchor markers: Java keeps the buffers, so the markers
		// count for the next block.
		return
	}
	p.doc.AddBlock(javaTrim(p.textBuf), p.elems, wc.words, wc.linked, wc.wrappedWords, wc.wrappedLines, p.offset, p.blockTagLevel)
	p.elems = p.elems[:0]
	p.offset++
	p.tokenBuf, p.textBuf = p.tokenBuf[:0], p.textBuf[:0]
	p.blockTagLevel = -1
}

// refLen is the length of the character reference at the start of s (which
// begins with '&'): "&#" and digits, or '&' and letters and digits, with a
// closing ';' if present; 1 for a lone '&'.
func refLen(s []byte) int {
	i := 1
	if i < len(s) && s[i] == '#' {
		i++
		if i < len(s) && (s[i] == 'x' || s[i] == 'X') {
			i++
		}
	}
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i]|0x20 >= 'a' && s[i]|0x20 <= 'z') {
		i++
	}
	if i < len(s) && s[i] == ';' {
		i++
	}
	return i
}
