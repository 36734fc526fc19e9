package blocks

import "golang.org/x/net/html/atom"

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

// flagsOf returns the categories of a tag. A switch compiles to a branch
// tree over the atom constants, which is faster than a map lookup.
func flagsOf(a atom.Atom) tagFlag {
	switch a {
	case atom.Area, atom.Br, atom.Embed, atom.Img, atom.Keygen, atom.Wbr, atom.Input,
		atom.Param, atom.Source, atom.Track, atom.Col, atom.Frame:
		return fVoid | fSpecial
	case atom.Base, atom.Basefont, atom.Bgsound, atom.Link, atom.Meta:
		return fVoid | fSpecial | fHeadContent
	case atom.Hr:
		return fVoid | fSpecial | fClosesP
	case atom.Title, atom.Style, atom.Script, atom.Noscript, atom.Noframes:
		return fSpecial | fHeadContent
	case atom.Template:
		return fSpecial | fHeadContent | fScope
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return fSpecial | fClosesP | fHeading | fBlockEnd
	case atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Center, atom.Details,
		atom.Dialog, atom.Dir, atom.Div, atom.Dl, atom.Fieldset, atom.Figcaption, atom.Figure,
		atom.Footer, atom.Header, atom.Hgroup, atom.Main, atom.Menu, atom.Nav, atom.Ol,
		atom.Search, atom.Section, atom.Summary, atom.Ul, atom.Pre, atom.Listing, atom.Form:
		return fSpecial | fClosesP | fBlockEnd
	case atom.P, atom.Li, atom.Dd, atom.Dt:
		return fSpecial | fClosesP | fBlockEnd
	case atom.Table, atom.Xmp, atom.Plaintext:
		return fSpecial | fClosesP | fScope | fBlockEnd
	case atom.Html, atom.Td, atom.Th, atom.Caption, atom.Applet, atom.Marquee, atom.Object:
		return fSpecial | fScope | fBlockEnd
	case atom.Button:
		return fSpecial | fBlockEnd
	case atom.Body, atom.Head, atom.Colgroup, atom.Frameset, atom.Iframe, atom.Noembed,
		atom.Select, atom.Tbody, atom.Textarea, atom.Tfoot, atom.Thead, atom.Tr:
		return fSpecial | fBlockEnd
	case atom.A, atom.B, atom.Big, atom.Code, atom.Em, atom.Font, atom.I, atom.Nobr,
		atom.S, atom.Small, atom.Strike, atom.Strong, atom.Tt, atom.U:
		return fFormatting
	}
	return 0
}
