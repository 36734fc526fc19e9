package jt

import (
	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/classify/bte"
	"github.com/jtextract/jt/tokenizer"
	"golang.org/x/net/html/atom"
)

// bteEngine feeds BTE's Counter from the walk, as the bte package asks:
// counting starts at the end of the head, script and style elements are
// dropped whole, comments are dropped, every other tag counts -1 and every
// word +1.
type bteEngine struct {
	c       bte.Counter
	started bool
	skip    int // stack depth of the script or style being dropped, 0 if none
	text    []byte
	paras   []blocks.Paragraph
	title   []byte
	inTitle bool
}

func newBTE(*config, *tokenizer.Tokenizer) engine { return &bteEngine{} }

func (e *bteEngine) handler() blocks.Handler { return e }

func (e *bteEngine) reset() {
	e.c.Reset()
	e.started, e.skip, e.inTitle = false, 0, false
	e.title = e.title[:0]
}

// StartElement implements blocks.Handler.
func (e *bteEngine) StartElement(stack []blocks.Elem, _ *blocks.Attrs) {
	a := stack[len(stack)-1].Atom
	if a == atom.Title && len(e.title) == 0 {
		e.inTitle = true
	}
	if a == atom.Body && !e.started {
		e.c.Reset()
		e.started = true
	}
	if e.skip > 0 {
		return
	}
	if a == atom.Script || a == atom.Style {
		e.skip = len(stack)
		return
	}
	e.c.Tag()
}

// EndElement implements blocks.Handler.
func (e *bteEngine) EndElement(stack []blocks.Elem) {
	a := stack[len(stack)-1].Atom
	if a == atom.Title {
		e.inTitle = false
	}
	if e.skip > 0 {
		if len(stack) == e.skip {
			e.skip = 0
		}
		return
	}
	e.c.Tag()
	if a == atom.Head && !e.started {
		e.c.Reset()
		e.started = true
	}
}

// Text implements blocks.Handler.
func (e *bteEngine) Text(_ []blocks.Elem, text []byte) {
	if e.inTitle {
		e.title = append(e.title, text...)
	}
	if e.skip == 0 {
		e.c.Text(text)
	}
}

// Comment implements blocks.Handler; BTE drops comments.
func (e *bteEngine) Comment([]blocks.Elem, []byte) {}

// finish reports the words before the best stretch, the stretch, and the
// words after it as three paragraphs: bad, good, bad.
func (e *bteEngine) finish(d *Document) {
	begin, end, _ := e.c.Best()
	e.text, e.paras = e.text[:0], e.paras[:0]
	for _, part := range [...]struct {
		from, to int
		class    blocks.Class
	}{{0, begin, blocks.Bad}, {begin, end, blocks.Good}, {end, len(e.c.Runs()), blocks.Bad}} {
		start := len(e.text)
		e.text = e.c.AppendRange(e.text, part.from, part.to)
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
