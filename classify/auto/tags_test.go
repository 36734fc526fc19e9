package auto

import (
	"testing"

	"golang.org/x/net/html/atom"

	"github.com/jtextract/jt/internal/atomtab"
)

// TestTagInfo checks the tagInfo table against switches over the tags,
// for every atom and for names no atom covers.
func TestTagInfo(t *testing.T) {
	for _, a := range append(atomtab.All(), 0) {
		name := a.String()
		if got, want := cueSet(info(a)&iCues), tagCuesRef(a); got != want {
			t.Errorf("tagCues(%q) = %b, want %b", name, got, want)
		}
		if got, want := info(a)&iCarries != 0, carriesCuesRef(a); got != want {
			t.Errorf("carriesCues(%q) = %v, want %v", name, got, want)
		}
		if got, want := info(a).count(), elementCountRef(a); got != want {
			t.Errorf("elementCount(%q) = %d, want %d", name, got, want)
		}
		if got, want := info(a)&iKilled != 0, killedRef(a); got != want {
			t.Errorf("killed(%q) = %v, want %v", name, got, want)
		}
	}
}

// tagCuesRef returns the cues an element's tag gives.
func tagCuesRef(a atom.Atom) cueSet {
	switch a {
	case atom.Article:
		return 1 << cueArticle
	case atom.Main:
		return 1 << cueMain
	case atom.Nav, atom.Menu:
		return 1 << cueNav
	case atom.Aside:
		return 1 << cueAside
	case atom.Footer:
		return 1 << cueFooter
	case atom.Header:
		return 1 << cueHeader
	case atom.Figure, atom.Figcaption:
		return 1 << cueFigure
	case atom.Li, atom.Dt, atom.Dd:
		return 1 << cueList
	case atom.Pre, atom.Code, atom.Kbd, atom.Samp:
		return 1 << cueCode
	case atom.Td, atom.Th:
		return 1 << cueCell
	case atom.H1:
		return 1 << cueH1
	case atom.H2, atom.H3:
		return 1 << cueH2
	case atom.H4, atom.H5, atom.H6:
		return 1 << cueH4
	case atom.Noscript, atom.Template:
		return 1 << cueHidden
	}
	return 0
}

// carriesCuesRef reports whether the attributes of an element are read.
func carriesCuesRef(a atom.Atom) bool {
	switch a {
	case atom.Div, atom.Section, atom.Article, atom.Aside, atom.Nav, atom.Header, atom.Footer,
		atom.Main, atom.Ul, atom.Ol, atom.Li, atom.Dl, atom.P, atom.Figure, atom.Figcaption,
		atom.Table, atom.Tr, atom.Td, atom.Form, atom.Span, atom.Script, atom.Blockquote, atom.Body,
		atom.Center, atom.Font, atom.Meta, atom.Pre, 0:
		return true
	}
	return false
}

// elementCountRef returns the count an element adds to, or -1.
func elementCountRef(a atom.Atom) int {
	switch a {
	case atom.Pre:
		return countPre
	case atom.Code:
		return countCode
	case atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return countHeading
	case atom.Time:
		return countTime
	case atom.Form, atom.Input, atom.Select, atom.Textarea:
		return countForm
	case atom.Tr:
		return countRow
	case atom.Li:
		return countItem
	case atom.Article:
		return countArticle
	}
	return -1
}

// killedRef reports whether the ParagraphMaker drops an element with its
// content.
func killedRef(a atom.Atom) bool {
	switch a {
	case atom.Head, atom.Script, atom.Style, atom.Applet, atom.Button, atom.Select, atom.Textarea:
		return true
	}
	return false
}
