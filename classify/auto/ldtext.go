package auto

import (
	"bytes"
	"unicode/utf8"

	"github.com/cespare/xxhash/v2"

	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/internal/jsonld"
)

// Main text from JSON-LD. Some pages build their text with scripts: the
// HTML holds menus and a footer, while the page's JSON-LD holds the
// article's body, the posts of a thread or a product's description. On
// such a page, when the paragraphs kept are few and the visible text holds
// little of the JSON-LD's, the JSON-LD text becomes the page's main text:
// its paragraphs are added after the page's own, which are all dropped.
//
// The rule: the JSON-LD text holds at least minLDText code points, the
// page's paragraphs (kept or not) hold at most maxLDCover of its word
// pairs, and the paragraphs kept at most maxKeptShare as many code points
// as it. Of the 1,539 shared pages, 204 have such JSON-LD text and 24 of
// those show at most half of it; on 23 of these the paragraphs kept hold
// 1.5 to 75 times as much text, and on 22 they score better than the
// JSON-LD text would. The remaining page, a product whose description a
// script draws, keeps 0.37 times as much, and goes from F1 0.15 to 0.53.
const (
	minLDText    = 200
	maxLDCover   = 0.5
	maxKeptShare = 0.5
)

// ldTextTypes are the schema.org types whose "text" is main text: the
// posts of a thread and the questions and answers of a Q&A page.
var ldTextTypes = []string{"DiscussionForumPosting", "Comment", "Answer", "Question"}

// ldDescriptionTypes are the types whose "description" is main text.
var ldDescriptionTypes = []string{"Product", "ProductGroup", "IndividualProduct"}

// useJSONLD replaces the page's kept paragraphs with its JSON-LD text when
// the rule above says the visible page lacks it. It runs after classify.
func (x *Extractor) useJSONLD() {
	x.ldFirst = -1
	if len(x.rec.ldEnds) == 0 {
		return
	}
	paras := x.pm.Paragraphs()
	kept := 0
	for i := range paras {
		if paras[i].Class == blocks.Good {
			kept += paras[i].Length
		}
	}
	// x.body holds every JSON-LD string the text is taken from, and more:
	// most pages are ruled out by its length alone.
	if len(x.body) < minLDText || float64(kept) > maxKeptShare*float64(len(x.body)) {
		return
	}
	// The page's text, then the JSON-LD paragraphs after it.
	text, _ := x.pm.Arenas()
	x.ldText = append(x.ldText[:0], text...)
	x.ldParas = append(x.ldParas[:0], paras...)
	if !x.readLDText() {
		return
	}
	ldLen := 0
	for _, p := range x.ldParas[len(paras):] {
		ldLen += p.Length
	}
	if ldLen < minLDText || float64(kept) > maxKeptShare*float64(ldLen) || x.ldCover(len(paras)) > maxLDCover {
		return
	}
	for i := range paras {
		x.ldParas[i].Class = blocks.Bad
	}
	x.ldFirst = len(paras)
	x.fallback = false
}

// readLDText parses the page's JSON-LD scripts and appends to x.ldParas
// and x.ldText a paragraph per line of every main text they hold
// (articleBody; the text of ldTextTypes; the description of
// ldDescriptionTypes), each once. It reports whether it found any.
func (x *Extractor) readLDText() bool {
	d := &x.ldDoc
	d.Reset()
	start := 0
	for _, end := range x.rec.ldEnds {
		d.Add(x.rec.ld[start:end])
		start = end
	}
	clear(x.seen)
	found := false
	for i := range d.Nodes {
		n := &d.Nodes[i]
		if n.Kind != jsonld.String || n.Parent == jsonld.None {
			continue
		}
		switch string(d.Key(int32(i))) {
		case "articleBody":
		case "text":
			if !hasType(d, n.Parent, ldTextTypes) {
				continue
			}
		case "description":
			if !hasType(d, n.Parent, ldDescriptionTypes) {
				continue
			}
		default:
			continue
		}
		for line := range bytes.Lines(d.Value(int32(i))) {
			if x.addLDParagraph(line) {
				found = true
			}
		}
	}
	return found
}

// hasType reports whether the "@type" of object obj, a string or an array
// of strings, names one of types (as a name or a schema.org URL).
func hasType(d *jsonld.Doc, obj int32, types []string) bool {
	t := d.Get(obj, "@type")
	if t == jsonld.None {
		return false
	}
	is := func(n int32) bool {
		v := d.Value(n)
		if i := bytes.LastIndexByte(v, '/'); i >= 0 {
			v = v[i+1:]
		}
		for _, name := range types {
			if string(v) == name {
				return true
			}
		}
		return false
	}
	switch d.Nodes[t].Kind {
	case jsonld.String:
		return is(t)
	case jsonld.Array:
		for c := d.Nodes[t].First; c != jsonld.None; c = d.Nodes[c].Next {
			if d.Nodes[c].Kind == jsonld.String && is(c) {
				return true
			}
		}
	}
	return false
}

// addLDParagraph appends line, without its markup and with its white
// space collapsed as the page's paragraphs have it, as a Good paragraph,
// unless it is empty or repeats one added before. It reports whether it
// added one.
func (x *Extractor) addLDParagraph(line []byte) bool {
	start := len(x.ldText)
	space, tag := false, false
	for _, c := range line {
		switch {
		case tag:
			tag = c != '>'
			continue
		case c == '<':
			// Markup some sites leave in their JSON-LD text.
			tag = true
			space = true
			continue
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			space = true
			continue
		}
		if space && len(x.ldText) > start {
			x.ldText = append(x.ldText, ' ')
		}
		space = false
		x.ldText = append(x.ldText, c)
	}
	t := x.ldText[start:]
	h := xxhash.Sum64(t)
	if _, dup := x.seen[h]; len(t) == 0 || dup {
		x.ldText = x.ldText[:start]
		return false
	}
	x.seen[h] = struct{}{}
	nw := 0
	for range words(t) {
		nw++
	}
	x.ldParas = append(x.ldParas, blocks.Paragraph{
		Text:   blocks.Span{Start: int32(start), End: int32(len(x.ldText))},
		Node:   -1,
		Length: utf8.RuneCount(t),
		Words:  nw,
		Class:  blocks.Good, CFClass: blocks.Good,
	})
	return true
}

// ldCover returns the share of the word pairs of the JSON-LD paragraphs
// (x.ldParas from first on) found in the text of the page's paragraphs.
func (x *Extractor) ldCover(first int) float64 {
	x.pagePairs.reset()
	for _, p := range x.ldParas[:first] {
		for h := range pairHashes(x.ldText[p.Text.Start:p.Text.End]) {
			x.pagePairs.add(h)
		}
	}
	pairs, found := 0, 0
	for _, p := range x.ldParas[first:] {
		for h := range pairHashes(x.ldText[p.Text.Start:p.Text.End]) {
			pairs++
			if x.pagePairs.has(h) {
				found++
			}
		}
	}
	if pairs == 0 {
		return 1
	}
	return float64(found) / float64(pairs)
}

// FromJSONLD reports whether paragraph i was read from the page's JSON-LD
// (see Finish) rather than from its HTML.
func (x *Extractor) FromJSONLD(i int) bool { return x.ldFirst >= 0 && i >= x.ldFirst }
