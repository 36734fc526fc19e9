package jt

import (
	"strconv"
	"strings"

	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/classify/boilerpipe"
	"github.com/jtextract/jt/classify/tree"
	"github.com/jtextract/jt/tokenizer"
)

// boilerpipeEngine runs one of boilerpipe's extractors on the Parser's
// TextBlocks, optionally followed by the tree filter.
type boilerpipeEngine struct {
	p      *boilerpipe.Parser
	ex     boilerpipe.Extractor
	filter *tree.Filter // nil without the tree filter
	text   []byte       // the Document's text arena
	title  []byte
	tb     []tree.Block
	keep   []bool
	elems  []int32
	paras  []blocks.Paragraph
	doc    *boilerpipe.Document // the last document, for describe
	labels []string
}

// newBoilerpipe returns the engine constructor for a boilerpipe extractor
// (see boilerpipe.Names); withTree forces the tree filter on.
func newBoilerpipe(name string, withTree bool) func(*config, *tokenizer.Tokenizer) engine {
	return func(cfg *config, z *tokenizer.Tokenizer) engine {
		ex, _ := boilerpipe.Lookup(name) // the registry only holds known names
		e := &boilerpipeEngine{p: boilerpipe.NewParser(), ex: ex}
		e.p.SetSource(z)
		depth := cfg.treeDepth
		if withTree && depth == 0 {
			depth = tree.DefaultDepth
		}
		if depth > 0 {
			e.filter, _ = tree.New(depth) // WithTreeFilter validated the depth
			e.p.RecordTree(true)
		}
		return e
	}
}

func (e *boilerpipeEngine) handler() blocks.Handler { return e.p }
func (e *boilerpipeEngine) reset()                  { e.p.Reset() }

func (e *boilerpipeEngine) finish(d *Document) {
	doc := e.p.Document()
	e.ex.Process(doc)
	if e.filter != nil {
		e.applyTree(doc)
	}
	e.text, e.paras = e.text[:0], e.paras[:0]
	for i := range doc.Blocks {
		b := &doc.Blocks[i]
		start := len(e.text)
		e.text = doc.AppendText(e.text, b)
		c := blocks.Bad
		if b.IsContent {
			c = blocks.Good
		}
		e.paras = append(e.paras, blocks.Paragraph{
			Text:   blocks.Span{Start: int32(start), End: int32(len(e.text))},
			Node:   -1,
			Length: blocks.RuneCount(e.text[start:]),
			Words:  b.NumWords,
			Class:  c, CFClass: c,
		})
	}
	e.title = append(e.title[:0], doc.Title...)
	e.doc = doc
	d.Paragraphs, d.text, d.title, d.describe = e.paras, e.text, e.title, e.describe
}

// describe appends the TextBlock features of block i of the last document.
func (e *boilerpipeEngine) describe(dst []byte, i int) []byte {
	b := &e.doc.Blocks[i]
	dst = append(dst, "words="...)
	dst = strconv.AppendInt(dst, int64(b.NumWords), 10)
	dst = append(dst, " anchor_words="...)
	dst = strconv.AppendInt(dst, int64(b.NumWordsInAnchorText), 10)
	dst = append(dst, " wrapped_lines="...)
	dst = strconv.AppendInt(dst, int64(b.NumWrappedLines), 10)
	dst = append(dst, " text_density="...)
	dst = strconv.AppendFloat(dst, float64(b.TextDensity), 'g', 6, 32)
	dst = append(dst, " link_density="...)
	dst = strconv.AppendFloat(dst, float64(b.LinkDensity), 'g', 6, 32)
	dst = append(dst, " tag_level="...)
	dst = strconv.AppendInt(dst, int64(b.TagLevel), 10)
	dst = append(dst, " labels="...)
	e.labels = b.Labels.Names(e.labels[:0])
	for k, l := range e.labels {
		if k > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, strings.TrimPrefix(l, "de.l3s.boilerpipe/")...)
	}
	return dst
}

// applyTree keeps, among the content blocks, only the group under the
// ancestor with the most text. A block belongs to the paragraph element of
// its first text element.
func (e *boilerpipeEngine) applyTree(doc *boilerpipe.Document) {
	e.tb, e.keep = e.tb[:0], e.keep[:0]
	for i := range doc.Blocks {
		b := &doc.Blocks[i]
		e.elems = doc.AppendElements(e.elems[:0], b)
		node := int32(-1)
		if len(e.elems) > 0 {
			node = e.p.ParagraphElement(e.elems[0])
		}
		e.tb = append(e.tb, tree.Block{Node: node, Chars: len(doc.AppendText(e.text[:0], b))})
		e.keep = append(e.keep, b.IsContent)
	}
	e.filter.Apply(e.tb, e.keep, e.p)
	for i := range doc.Blocks {
		doc.Blocks[i].SetContent(e.keep[i])
	}
}
