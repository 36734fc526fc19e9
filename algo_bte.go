package jt

import (
	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/classify/bte"
	"github.com/jtextract/jt/tokenizer"
	"golang.org/x/net/html/atom"
)

// bteEngine runs BTE's Handler on the walk, capturing the title on the
// way, and reports the words before the best stretch, the stretch and the
// words after it as three paragraphs: bad, good, bad.
type bteEngine struct {
	h       bte.Handler
	text    []byte
	paras   []blocks.Paragraph
	title   []byte
	inTitle bool
}

func newBTE(*config, *tokenizer.Tokenizer) engine { return &bteEngine{} }

func (e *bteEngine) handler() blocks.Handler { return e }

func (e *bteEngine) reset() {
	e.h.Reset()
	e.inTitle = false
	e.title = e.title[:0]
}

// StartElement implements blocks.Handler.
func (e *bteEngine) StartElement(stack []blocks.Elem, attrs *blocks.Attrs) {
	if stack[len(stack)-1].Atom == atom.Title && len(e.title) == 0 {
		e.inTitle = true
	}
	e.h.StartElement(stack, attrs)
}

// EndElement implements blocks.Handler.
func (e *bteEngine) EndElement(stack []blocks.Elem) {
	if stack[len(stack)-1].Atom == atom.Title {
		e.inTitle = false
	}
	e.h.EndElement(stack)
}

// Text implements blocks.Handler.
func (e *bteEngine) Text(stack []blocks.Elem, text []byte) {
	if e.inTitle {
		e.title = append(e.title, text...)
	}
	e.h.Text(stack, text)
}

// Comment implements blocks.Handler.
func (e *bteEngine) Comment(stack []blocks.Elem, text []byte) { e.h.Comment(stack, text) }

func (e *bteEngine) finish(d *Document) {
	c := e.h.Counter()
	begin, end, _ := c.Best()
	e.text, e.paras = e.text[:0], e.paras[:0]
	for _, part := range [...]struct {
		from, to int
		class    blocks.Class
	}{{0, begin, blocks.Bad}, {begin, end, blocks.Good}, {end, len(c.Runs()), blocks.Bad}} {
		start := len(e.text)
		e.text = c.AppendRange(e.text, part.from, part.to)
		if len(e.text) == start {
			continue
		}
		t := e.text[start:]
		e.paras = append(e.paras, blocks.Paragraph{
			Text: blocks.Span{Start: int32(start), End: int32(len(e.text))}, Node: -1,
			Length: blocks.RuneCount(t), Words: countWords(t), Class: part.class, CFClass: part.class,
		})
	}
	d.Paragraphs, d.text, d.title = e.paras, e.text, e.title
}

// countWords counts the words of text the Counter wrote: separated by
// single spaces.
func countWords(t []byte) int {
	n := 1
	for _, c := range t {
		if c == ' ' {
			n++
		}
	}
	return n
}
