package blocks

import (
	"context"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/jtextract/jt/tokenizer"
)

// checkLazyPaths holds the paths the ParagraphMaker records when a
// paragraph gets text against those it records when every paragraph
// opens (makeEager): the same paragraphs, spans and arena, with and
// without XPaths, browser text and structure.
func checkLazyPaths(t *testing.T, z *tokenizer.Tokenizer, src []byte) {
	t.Helper()
	w := NewWalker()
	for _, mode := range []struct{ xpath, browser, structure bool }{
		{false, false, false}, {true, false, false}, {true, true, true}, {false, true, false},
	} {
		var ms [2]*ParagraphMaker
		for k := range ms {
			ms[k] = NewParagraphMaker(nil, mode.xpath)
			ms[k].SetBrowserText(mode.browser)
			ms[k].SetStructure(mode.structure)
		}
		makeParagraphs(t, w, z, ms[0], src)
		makeEager(t, w, z, ms[1], src)
		lazy, eager := ms[0], ms[1]
		// The arenas up to the last path a paragraph holds: the eager
		// form also leaves there the paths of the paragraph opened last,
		// which has no text.
		_, lp := lazy.Arenas()
		_, ep := eager.Arenas()
		end := 0
		for _, p := range eager.Paragraphs() {
			end = max(end, int(p.Path.End), int(p.XPath.End))
		}
		lp, ep = lp[:min(end, len(lp))], ep[:end]
		if !slices.Equal(lazy.Paragraphs(), eager.Paragraphs()) || string(lp) != string(ep) || lazy.PathsDropped() != eager.PathsDropped() {
			for i := range min(len(lazy.Paragraphs()), len(eager.Paragraphs())) {
				a, b := &lazy.Paragraphs()[i], &eager.Paragraphs()[i]
				if *a != *b {
					t.Fatalf("%+v: paragraph %d %q: path %q xpath %q %+v, eagerly %q %q %+v", mode, i, lazy.TextOf(a),
						lazy.PathOf(a), lazy.XPathOf(a), *a, eager.PathOf(b), eager.XPathOf(b), *b)
				}
			}
			t.Fatalf("%+v: %d paragraphs, %d paths dropped, arena of %d bytes; eagerly %d, %d, %d", mode,
				len(lazy.Paragraphs()), lazy.PathsDropped(), len(lp), len(eager.Paragraphs()), eager.PathsDropped(), len(ep))
		}
	}
}

// eager is a ParagraphMaker whose open paragraph records its paths as soon
// as the event that opened it ends: where it opened, as the ParagraphMaker
// did before it waited for text (an event opens a paragraph after its
// changes to the path and to the bytes seen).
type eager struct{ *ParagraphMaker }

func (e eager) StartElement(stack []Elem, attrs *Attrs) {
	e.ParagraphMaker.StartElement(stack, attrs)
	e.store()
}

func (e eager) EndElement(stack []Elem) {
	e.ParagraphMaker.EndElement(stack)
	e.store()
}

func (e eager) Text(stack []Elem, text []byte) {
	e.ParagraphMaker.Text(stack, text)
	e.store()
}

func (e eager) store() {
	if e.pathPending {
		e.storeOpenPath()
	}
}

// makeEager is makeParagraphs through eager.
func makeEager(tb testing.TB, w *Walker, z *tokenizer.Tokenizer, m *ParagraphMaker, html []byte) {
	tb.Helper()
	z.ResetBytes(html)
	m.Reset()
	e := eager{m}
	e.store()
	if err := w.Walk(context.Background(), z, e); err != nil {
		tb.Fatal(err)
	}
	m.Finish()
}

func FuzzLazyPaths(f *testing.F) {
	for _, s := range []string{
		`<div><p>a<span></span></p><span><div>x</div></span>z<b>y</b></div>`,
		`<ul><li><a href=x>one</a><li><i></i>two</ul><table><tr><td><p></p>c</td></tr></table>`,
		`<section><h2>T<br><br>u</h2><span><b></b></span>v</section><p></p><div><em>w</em></div>`,
		`<p><span><div></div></span>after</p><select><option>o</option></select>`,
		`<span><div>x</div></span><b>q</b><i><div>y</div></i><em>r</em>`,
	} {
		f.Add(s)
	}
	z, err := tokenizer.New()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if !utf8.ValidString(src) {
			return // the decoder hands the walker valid UTF-8
		}
		checkLazyPaths(t, z, []byte(src))
	})
}

// TestLazyPathBudget runs checkLazyPaths on a page whose paths outgrow
// their budget, so that some are not recorded.
func TestLazyPathBudget(t *testing.T) {
	z, err := tokenizer.New()
	if err != nil {
		t.Fatal(err)
	}
	page := strings.Repeat("<div>", 1000) + strings.Repeat("<p>para</p><ul><li>item</ul><p><span><div></div></span>x</p>", 700)
	checkLazyPaths(t, z, []byte(page))
	m := NewParagraphMaker(nil, false)
	makeParagraphs(t, NewWalker(), z, m, []byte(page))
	if m.PathsDropped() == 0 {
		t.Fatal("no path dropped: the test does not reach the budget")
	}
}
