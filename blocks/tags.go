package blocks

import (
	"golang.org/x/net/html/atom"

	"github.com/jtextract/jt/internal/atomtab"
)

// tagFlag is a set of the tree-construction categories a tag belongs to.
type tagFlag uint16

const (
	fVoid        tagFlag = 1 << iota // has no content and no end tag
	fClosesP                         // its start tag closes an open p (HTML5 "in body" rules)
	fSpecial                         // HTML5 "special" category: stops the search of an unmatched end tag
	fScope                           // bounds the "has an element in scope" search
	fFormatting                      // formatting element: its end tag closes it across special elements
	fHeading                         // h1–h6
	fHeadContent                     // may appear in head before body is implied
	fBlockEnd                        // its end tag closes the element if it is in scope
)

// tagInfo is everything the Walker and the ParagraphMaker ask of a tag,
// read from one table: its tagFlags, its Walker count slot, and the
// ParagraphMaker's questions.
type tagInfo uint32

const (
	iFlags        tagInfo = 1<<8 - 1 // the tagFlags
	iSlotShift            = 8        // the Walker count slot, four bits from here
	iParagraph    tagInfo = 1 << 12  // it delimits jusText paragraphs
	iBrowserBlock tagInfo = 1 << 13  // browsers lay it out as a block, jusText not as a paragraph (see tagInfoMap)
	iPre          tagInfo = 1 << 14  // isPre
	iKilled       tagInfo = 1 << 15  // jusText's cleaning drops it with its content
	iRemoved      tagInfo = 1 << 16  // jusText's cleaning drops it, keeping its content (the bit after iKilled: clean reads the two as one number)
	iHeadingName  tagInfo = 1 << 17  // its name matches hasHeadingName
	iSelectName   tagInfo = 1 << 18  // its name matches hasSelect
	iStructure    tagInfo = 1 << 19  // structStart and structEnd act on it
	iStartRule    tagInfo = 1 << 20  // Walker.start has a rule for its start tag other than closing a p
	iSet          tagInfo = 1 << 31  // in Elem.info: the Walker set it
)

// tagInfos is the table of tagInfo by atom.
var tagInfos = atomtab.MustNew(tagInfoMap())

// info returns the tagInfo of a tag.
func info(a atom.Atom) tagInfo { return tagInfo(tagInfos.Get(a)) }

// flagsOf returns the categories of a tag.
func flagsOf(a atom.Atom) tagFlag { return tagFlag(info(a) & iFlags) }

// countSlot returns the slot of a counted tag, 0 for the others.
func countSlot(a atom.Atom) int { return info(a).slot() }

// slot returns the Walker count slot of a tagInfo.
func (i tagInfo) slot() int { return int(i>>iSlotShift) & 15 }

// flags returns the tagFlags of a tagInfo.
func (i tagInfo) flags() tagFlag { return tagFlag(i & iFlags) }

// isPre reports the elements whose text keeps its line breaks in a browser
// (textarea too, but jusText drops it).
func isPre(a atom.Atom) bool { return info(a)&iPre != 0 }

// tagInfoMap returns the tagInfo of every tag that has one. The sets are
// those of the HTML5 tree-construction rules, jusText's and the browsers'
// (see the tests, which check them against switches written from those).
func tagInfoMap() map[atom.Atom]uint32 {
	m := make(map[atom.Atom]uint32)
	set := func(i tagInfo, as ...atom.Atom) {
		for _, a := range as {
			m[a] |= uint32(i)
		}
	}
	flags := func(f tagFlag, as ...atom.Atom) { set(tagInfo(f), as...) }
	flags(fVoid|fSpecial, atom.Area, atom.Br, atom.Embed, atom.Img, atom.Keygen, atom.Wbr, atom.Input,
		atom.Param, atom.Source, atom.Track, atom.Col, atom.Frame)
	flags(fVoid|fSpecial|fHeadContent, atom.Base, atom.Basefont, atom.Bgsound, atom.Link, atom.Meta)
	flags(fVoid|fSpecial|fClosesP, atom.Hr)
	flags(fSpecial|fHeadContent, atom.Title, atom.Style, atom.Script, atom.Noscript, atom.Noframes)
	flags(fSpecial|fHeadContent|fScope, atom.Template)
	flags(fSpecial|fClosesP|fHeading|fBlockEnd, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6)
	flags(fSpecial|fClosesP|fBlockEnd, atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Center, atom.Details,
		atom.Dialog, atom.Dir, atom.Div, atom.Dl, atom.Fieldset, atom.Figcaption, atom.Figure,
		atom.Footer, atom.Header, atom.Hgroup, atom.Main, atom.Menu, atom.Nav, atom.Ol,
		atom.Search, atom.Section, atom.Summary, atom.Ul, atom.Pre, atom.Listing, atom.Form,
		atom.P, atom.Li, atom.Dd, atom.Dt)
	flags(fSpecial|fClosesP|fScope|fBlockEnd, atom.Table, atom.Xmp, atom.Plaintext)
	flags(fSpecial|fScope|fBlockEnd, atom.Html, atom.Td, atom.Th, atom.Caption, atom.Applet, atom.Marquee, atom.Object)
	flags(fSpecial|fBlockEnd, atom.Button, atom.Body, atom.Head, atom.Colgroup, atom.Frameset, atom.Iframe, atom.Noembed,
		atom.Select, atom.Tbody, atom.Textarea, atom.Tfoot, atom.Thead, atom.Tr)
	flags(fFormatting, atom.A, atom.B, atom.Big, atom.Code, atom.Em, atom.Font, atom.I, atom.Nobr,
		atom.S, atom.Small, atom.Strike, atom.Strong, atom.Tt, atom.U)
	for s, a := range [numCounted]atom.Atom{slotP: atom.P, slotA: atom.A, slotButton: atom.Button, slotSelect: atom.Select,
		slotTable: atom.Table, slotHead: atom.Head, slotSvg: atom.Svg, slotMath: atom.Math, slotLi: atom.Li} {
		if s != slotOther {
			set(tagInfo(s)<<iSlotShift, a)
		}
	}
	set(iParagraph, atom.Body, atom.Blockquote, atom.Caption, atom.Center, atom.Col, atom.Colgroup,
		atom.Dd, atom.Div, atom.Dl, atom.Dt, atom.Fieldset, atom.Form, atom.Legend,
		atom.Optgroup, atom.Option, atom.P, atom.Pre, atom.Table, atom.Td, atom.Textarea,
		atom.Tfoot, atom.Th, atom.Thead, atom.Tr, atom.Ul, atom.Li,
		atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6)
	// The elements whose default CSS display is block, list-item or
	// table-row-group but that are not jusText paragraph tags. Browser
	// text separates the text on either side of them by a line break;
	// jusText joins it.
	set(iBrowserBlock, atom.Address, atom.Article, atom.Aside, atom.Details, atom.Dialog, atom.Dir,
		atom.Figcaption, atom.Figure, atom.Footer, atom.Header, atom.Hgroup, atom.Hr,
		atom.Main, atom.Menu, atom.Nav, atom.Ol, atom.Search, atom.Section, atom.Summary,
		atom.Listing, atom.Plaintext, atom.Xmp, atom.Tbody, atom.Frameset, atom.Frame)
	set(iPre, atom.Pre, atom.Listing, atom.Xmp, atom.Plaintext)
	set(iStartRule, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Li, atom.Dd, atom.Dt,
		atom.A, atom.Button, atom.Option, atom.Optgroup, atom.Td, atom.Th, atom.Tr, atom.Tbody,
		atom.Thead, atom.Tfoot)
	set(iKilled, atom.Head, atom.Script, atom.Style, atom.Applet, atom.Button, atom.Input,
		atom.Select, atom.Textarea)
	set(iRemoved, atom.Iframe, atom.Embed, atom.Object, atom.Param, atom.Form)
	set(iHeadingName, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6)
	// Attribute names too: a tag may be named like one (<selected>).
	set(iSelectName, atom.Select, atom.Onselect, atom.Selected)
	// The cases of structStart: the elements of no case are many (div,
	// span, p), and skipping them costs a bit test instead of a call and
	// a search through the cases.
	set(iStructure, atom.Ul, atom.Ol, atom.Menu, atom.Dir, atom.Li, atom.H1, atom.H2, atom.H3, atom.H4,
		atom.H5, atom.H6, atom.Figcaption, atom.Caption, atom.Dt, atom.Pre, atom.Listing, atom.Xmp,
		atom.Plaintext, atom.Blockquote, atom.Table, atom.Thead, atom.Tr, atom.Td, atom.Th, atom.Code,
		atom.Kbd, atom.Samp, atom.Tt, atom.Em, atom.I, atom.Cite, atom.Dfn, atom.Var, atom.Strong,
		atom.B, atom.A, atom.Img)
	return m
}
