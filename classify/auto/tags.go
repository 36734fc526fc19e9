package auto

import (
	"golang.org/x/net/html/atom"

	"github.com/jtextract/jt/internal/atomtab"
)

// tagInfo is what the recorder asks of an element's tag, read from one
// table: the cues the tag gives, whether its attributes are read, whether
// the ParagraphMaker drops its content, and the count it adds to.
type tagInfo uint32

const (
	iCues       tagInfo = 1<<numCues - 1     // the cues the tag gives
	iCarries    tagInfo = 1 << numCues       // the element's attributes are read (see below)
	iKilled     tagInfo = 1 << (numCues + 1) // the ParagraphMaker drops its content: its text counts for no paragraph
	iCountShift         = numCues + 2        // 1 + the count it adds to (see count), four bits from here
	iCountBits          = 4
	_                   = uint(32 - iCountShift - iCountBits) // the fields fit in 32 bits
	_                   = uint(1<<iCountBits - 1 - numCounts) // and the counts in theirs
)

// tagInfos is the table of tagInfo by atom.
var tagInfos = atomtab.MustNew(tagInfoMap())

// info returns the tagInfo of a tag.
func info(a atom.Atom) tagInfo { return tagInfo(tagInfos.Get(a)) }

// count returns the count (countPre ...) an element of the tag adds to,
// or -1.
func (i tagInfo) count() int { return int(i>>iCountShift&(1<<iCountBits-1)) - 1 }

// tagInfoMap returns the tagInfo of every tag that has one (checked by the
// tests against switches over the tags).
func tagInfoMap() map[atom.Atom]uint32 {
	m := make(map[atom.Atom]uint32)
	set := func(i tagInfo, as ...atom.Atom) {
		for _, a := range as {
			m[a] |= uint32(i)
		}
	}
	cues := func(c cue, as ...atom.Atom) { set(1<<c, as...) }
	cues(cueArticle, atom.Article)
	cues(cueMain, atom.Main)
	cues(cueNav, atom.Nav, atom.Menu)
	cues(cueAside, atom.Aside)
	cues(cueFooter, atom.Footer)
	cues(cueHeader, atom.Header)
	cues(cueFigure, atom.Figure, atom.Figcaption)
	cues(cueList, atom.Li, atom.Dt, atom.Dd)
	cues(cueCode, atom.Pre, atom.Code, atom.Kbd, atom.Samp)
	cues(cueCell, atom.Td, atom.Th)
	cues(cueH1, atom.H1)
	cues(cueH2, atom.H2, atom.H3)
	cues(cueH4, atom.H4, atom.H5, atom.H6)
	// A browser running scripts shows neither: noscript's text is for
	// browsers without them, a template's is inert until a script uses it.
	cues(cueHidden, atom.Noscript, atom.Template)
	// Reading attributes is the costliest part of the pass, and the
	// regions of a page are marked on containers, not on links, images or
	// inline formatting, whose long href and src values would cost the
	// most to read. Unknown elements (custom elements of web components)
	// are read.
	set(iCarries, atom.Div, atom.Section, atom.Article, atom.Aside, atom.Nav, atom.Header, atom.Footer,
		atom.Main, atom.Ul, atom.Ol, atom.Li, atom.Dl, atom.P, atom.Figure, atom.Figcaption,
		atom.Table, atom.Tr, atom.Td, atom.Form, atom.Span, atom.Script, atom.Blockquote, atom.Body,
		atom.Center, atom.Font, atom.Meta, atom.Pre, 0)
	count := func(c int, as ...atom.Atom) { set(tagInfo(c+1)<<iCountShift, as...) }
	count(countPre, atom.Pre)
	count(countCode, atom.Code)
	count(countHeading, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6)
	count(countTime, atom.Time)
	count(countForm, atom.Form, atom.Input, atom.Select, atom.Textarea)
	count(countRow, atom.Tr)
	count(countItem, atom.Li)
	count(countArticle, atom.Article)
	set(iKilled, atom.Head, atom.Script, atom.Style, atom.Applet, atom.Button, atom.Select, atom.Textarea)
	return m
}
