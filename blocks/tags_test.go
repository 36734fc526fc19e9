package blocks

import (
	"context"
	"testing"

	"golang.org/x/net/html/atom"

	"github.com/jtextract/jt/internal/atomtab"
	"github.com/jtextract/jt/internal/sharedtest"
	"github.com/jtextract/jt/tokenizer"
)

// TestTagInfo checks the tagInfo table against switches over the tags,
// written from the HTML5 tree-construction rules, jusText and the browsers'
// default style sheet, for every atom and for names no atom covers.
func TestTagInfo(t *testing.T) {
	for _, a := range append(atomtab.All(), 0) {
		name := a.String()
		if got, want := flagsOf(a), flagsOfRef(a); got != want {
			t.Errorf("flagsOf(%q) = %b, want %b", name, got, want)
		}
		if got, want := countSlot(a), countSlotRef(a); got != want {
			t.Errorf("countSlot(%q) = %d, want %d", name, got, want)
		}
		if got, want := info(a)&iParagraph != 0, isParagraphTagRef(a); got != want {
			t.Errorf("isParagraphTag(%q) = %v, want %v", name, got, want)
		}
		if got, want := info(a)&iBrowserBlock != 0, isBrowserBlockRef(a); got != want {
			t.Errorf("isBrowserBlock(%q) = %v, want %v", name, got, want)
		}
		if got, want := info(a)&iStartRule != 0, hasStartRuleRef(a); got != want {
			t.Errorf("start rule of %q: %v, want %v", name, got, want)
		}
		if got, want := isPre(a), isPreRef(a); got != want {
			t.Errorf("isPre(%q) = %v, want %v", name, got, want)
		}
		if a != 0 {
			if got, want := info(a)&iHeadingName != 0, hasHeadingName(name); got != want {
				t.Errorf("heading name %q: %v, want %v", name, got, want)
			}
			if got, want := info(a)&iSelectName != 0, hasSelect(name); got != want {
				t.Errorf("select name %q: %v, want %v", name, got, want)
			}
		}
		for _, n := range []string{name, "layer", "x-card"} {
			if a != 0 && n != name {
				continue
			}
			e := Elem{Atom: a, Name: n}
			if got, want := clean(e, info(a), nil), cleanRef(e, nil); got != want {
				t.Errorf("clean(%q) = %d, want %d", n, got, want)
			}
		}
	}
}

// flagsOfRef returns the categories of a tag.
func flagsOfRef(a atom.Atom) tagFlag {
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

// countSlotRef returns the slot of a counted tag, 0 for the others.
func countSlotRef(a atom.Atom) int {
	switch a {
	case atom.P:
		return slotP
	case atom.A:
		return slotA
	case atom.Button:
		return slotButton
	case atom.Select:
		return slotSelect
	case atom.Table:
		return slotTable
	case atom.Head:
		return slotHead
	case atom.Svg:
		return slotSvg
	case atom.Math:
		return slotMath
	case atom.Li:
		return slotLi
	}
	return slotOther
}

// isParagraphTagRef reports whether a tag delimits jusText paragraphs.
func isParagraphTagRef(a atom.Atom) bool {
	switch a {
	case atom.Body, atom.Blockquote, atom.Caption, atom.Center, atom.Col, atom.Colgroup,
		atom.Dd, atom.Div, atom.Dl, atom.Dt, atom.Fieldset, atom.Form, atom.Legend,
		atom.Optgroup, atom.Option, atom.P, atom.Pre, atom.Table, atom.Td, atom.Textarea,
		atom.Tfoot, atom.Th, atom.Thead, atom.Tr, atom.Ul, atom.Li,
		atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return true
	}
	return false
}

// isBrowserBlockRef reports the elements that browsers lay out as blocks
// (their default CSS display is block, list-item or table-row-group) but
// that are not jusText paragraph tags.
func isBrowserBlockRef(a atom.Atom) bool {
	switch a {
	case atom.Address, atom.Article, atom.Aside, atom.Details, atom.Dialog, atom.Dir,
		atom.Figcaption, atom.Figure, atom.Footer, atom.Header, atom.Hgroup, atom.Hr,
		atom.Main, atom.Menu, atom.Nav, atom.Ol, atom.Search, atom.Section, atom.Summary,
		atom.Listing, atom.Plaintext, atom.Xmp, atom.Tbody, atom.Frameset, atom.Frame:
		return true
	}
	return false
}

// hasStartRuleRef reports the tags whose start tag Walker.start treats
// otherwise than by closing a p, or not: headings, list items, a, button,
// option, optgroup and the table parts that close open ones.
func hasStartRuleRef(a atom.Atom) bool {
	switch a {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Li, atom.Dd, atom.Dt, atom.A,
		atom.Button, atom.Option, atom.Optgroup, atom.Td, atom.Th, atom.Tr, atom.Tbody, atom.Thead, atom.Tfoot:
		return true
	}
	return false
}

// isPreRef reports the elements whose text keeps its line breaks in a
// browser (textarea too, but jusText drops it).
func isPreRef(a atom.Atom) bool {
	return a == atom.Pre || a == atom.Listing || a == atom.Xmp || a == atom.Plaintext
}

// cleanRef returns what jusText's Cleaner does to an element.
func cleanRef(e Elem, attrs *Attrs) cleaning {
	switch e.Atom {
	case atom.Head, atom.Script, atom.Style, atom.Applet, atom.Button, atom.Input,
		atom.Select, atom.Textarea:
		return killed
	case atom.Iframe, atom.Embed, atom.Object, atom.Param, atom.Form:
		return removed
	case atom.Link:
		if rel, ok := attrs.Get("rel"); ok && containsFold(rel, "stylesheet") {
			return killed
		}
	case 0:
		if e.Name == "layer" {
			return removed
		}
	}
	return keep
}

// infoChecker is a Handler that checks that every Elem the Walker hands
// out carries its tag's tagInfo.
type infoChecker struct {
	t *testing.T
	n int
}

func (c *infoChecker) check(stack []Elem) {
	for _, e := range stack {
		if e.info != info(e.Atom)|iSet || e.tagInfo() != e.info {
			c.t.Fatalf("element %q: info %b, want %b", e.Name, e.info, info(e.Atom)|iSet)
		}
		c.n++
	}
}

func (c *infoChecker) StartElement(stack []Elem, _ *Attrs) { c.check(stack) }
func (c *infoChecker) EndElement(stack []Elem)             { c.check(stack) }
func (c *infoChecker) Text(stack []Elem, _ []byte)         { c.check(stack) }
func (c *infoChecker) Comment(stack []Elem, _ []byte)      { c.check(stack) }

// TestElemInfo checks the tagInfo the Walker records in each Elem against
// the table, on the shared pages and on implied and unknown elements, and
// that an Elem made elsewhere gets its tagInfo from the table.
func TestElemInfo(t *testing.T) {
	inputs := [][]byte{[]byte("text<x-card><table><td>a<li>b<svg><path/></svg><p>c<h2>d</h2><select><option>e</select>")}
	for _, p := range sharedtest.Pages(t) {
		inputs = append(inputs, p.HTML)
	}
	z, err := tokenizer.New()
	if err != nil {
		t.Fatal(err)
	}
	w, c := NewWalker(), &infoChecker{t: t}
	for _, in := range inputs {
		z.ResetBytes(in)
		if err := w.Walk(context.Background(), z, c); err != nil {
			t.Fatal(err)
		}
	}
	if c.n == 0 {
		t.Fatal("no elements")
	}
	for _, a := range append(atomtab.All(), 0) {
		if got := (Elem{Atom: a}).tagInfo(); got != info(a) {
			t.Fatalf("Elem{%v}.tagInfo() = %b, want %b", a, got, info(a))
		}
	}
}
