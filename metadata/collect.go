package metadata

import (
	"bytes"

	"github.com/jtextract/jt/blocks"
	"golang.org/x/net/html/atom"
)

var _ blocks.Handler = (*Collector)(nil)

// Attributes of the element being read, as spans of c.tmp.
type elemAttrs struct {
	content, datetime, href, lang span
	keys                          [3]field // name, property, itemprop of a meta
	nkeys                         int
	itemprop                      uint16
	rel                           uint8
	own                           uint32 // context flags from class and id
	itemscope, pubdate, ldjson    bool
	itemtype                      uint8 // role an itemscope's type implies
	hasContent, hasDatetime       bool
	authorLink                    bool // a link to an author\'s page (/author/name/)
}

// itemprop values read, one bit each.
const (
	ipAuthor uint16 = 1 << iota
	ipName
	ipHeadline
	ipPublished
	ipModified
	ipPublisher
	ipOther
)

// rel values read, one bit each.
const (
	relAuthor uint8 = 1 << iota
	relCanonical
	relTag
	relCategory
)

// readsAttrs reports whether an element's attributes are read: not for
// the void and inline elements that never carry metadata, whose src and
// href values would cost the most to skip.
func readsAttrs(a atom.Atom) bool {
	switch a {
	case atom.Br, atom.Wbr, atom.Img, atom.Input, atom.Option, atom.Source, atom.Track,
		atom.Param, atom.Hr, atom.Col, atom.B, atom.I, atom.Em, atom.Strong, atom.U, atom.S,
		atom.Sup, atom.Sub, atom.Button, atom.Select, atom.Textarea,
		atom.Picture, atom.Svg, atom.Iframe, atom.Style, atom.Tbody, atom.Tr:
		return false
	}
	return true
}

// StartElement implements blocks.Handler.
func (c *Collector) StartElement(stack []blocks.Elem, attrs *blocks.Attrs) {
	depth := len(stack)
	if depth == 0 {
		return
	}
	e := stack[depth-1]
	inherited := c.fitContext(depth)
	read := alwaysRead(e.Atom) || c.inWindow(e.Atom, inherited) && readsAttrs(e.Atom)
	if !read && len(c.caps) == 0 && !special(e.Atom) {
		// The fast path, most elements': only the context.
		c.ctx = append(c.ctx, inherited|atomFlags(e.Atom, inherited))
		return
	}
	c.startElement(e, depth, inherited, read, attrs)
}

// special reports whether an element is handled even when its
// attributes are not read.
func special(a atom.Atom) bool {
	switch a {
	case atom.Title, atom.H1, atom.Body:
		return true
	}
	return false
}

// atomFlags returns the context flags an element's name gives.
func atomFlags(a atom.Atom, inherited uint32) uint32 {
	switch a {
	case atom.Head:
		return cHead
	case atom.Article, atom.Main:
		return cArticle
	case atom.Header:
		if inherited&cArticle == 0 {
			return cHeader
		}
	case atom.Nav:
		return cNav
	case atom.Footer:
		if inherited&cArticle == 0 { // an article's footer holds its byline
			return cFooter
		}
	case atom.Aside:
		if inherited&cArticle == 0 { // an article's aside holds its date and byline
			return cAside
		}
	case atom.Template, atom.Noscript:
		return cHidden
	case atom.Svg:
		return cSVG
	case atom.H1:
		return cH1
	}
	return 0
}

// startElement is StartElement's slow path: attributes read (when read
// is set), candidates recorded.
func (c *Collector) startElement(e blocks.Elem, depth int, inherited uint32, read bool, attrs *blocks.Attrs) {
	var a elemAttrs
	if read {
		c.readAttrs(e.Atom, attrs, &a)
	}
	if e.Atom == atom.Html || e.Atom == atom.Body {
		// Their classes describe the whole page ("single-post",
		// "has-sidebar", "comments-open"), not a region of it.
		a.own = 0
	}
	if inherited&cArticle != 0 {
		a.own &^= cFooter
	}
	if e.Atom == atom.Article || e.Atom == atom.Main {
		a.own &^= regionFlags // an article is content, whatever its class
	}
	flags := inherited | a.own | atomFlags(e.Atom, inherited)
	if e.Atom == atom.Body {
		c.inBody = true
	}
	if a.itemscope && a.itemtype == roleArticle {
		flags |= cArticle
	}
	c.ctx = append(c.ctx, flags)
	if len(c.caps) > 0 {
		c.boundary(e.Atom)
	}

	switch e.Atom {
	case atom.Html:
		if c.lang.empty() && !a.lang.empty() {
			c.lang = c.keep(c.tmp[a.lang.start:a.lang.end])
		}
	case atom.Title:
		if !c.titleDone && flags&(cSVG|cHidden) == 0 {
			c.titleDone = true
			c.title = c.slot(c.cfg.MaxText)
			c.caps = append(c.caps, capture{depth, -1})
		}
	case atom.Meta:
		if a.hasContent {
			for _, f := range a.keys[:a.nkeys] {
				c.addMeta(f, a.content)
			}
		}
	case atom.Link:
		if a.rel&relCanonical != 0 && c.canonical.empty() && !a.href.empty() {
			c.canonical = c.keep(c.tmp[a.href.start:a.href.end])
		}
	case atom.Script:
		if a.ldjson && c.ldTotal < c.cfg.MaxJSONLD {
			c.ldDepth = depth
			c.ld = c.ld[:0]
		}
	case atom.Time:
		if flags&cHidden == 0 {
			x := c.addCand(kTime, depth, flags, a.own, a.datetime, true)
			x.flag = a.pubdate || a.itemprop&ipPublished != 0 || c.pubLabel && flags&chrome == 0
			c.pubLabel = false
			if c.updateWord && !x.flag {
				x.own |= cModCls // "Updated: <time>"
			}
		}
	case atom.H1:
		if flags&(cHidden|cSVG) == 0 {
			c.addCand(kH1, depth, flags, a.own, span{}, true)
			if flags&chrome == 0 {
				if c.h1Pos < 0 {
					c.h1Pos = c.textPos
				}
				c.h1Last = c.textPos
			}
		}
	}
	if flags&cHidden != 0 || e.Atom == atom.Html || e.Atom == atom.Body || e.Atom == atom.Head {
		c.itemscope(depth, &a)
		return
	}
	if a.itemprop != 0 {
		c.itemprops(e.Atom, depth, flags, &a)
	}
	if a.rel&relAuthor != 0 && e.Atom != atom.Link {
		c.addCand(kRelAuthor, depth, flags, a.own, span{}, true)
	} else if a.authorLink {
		c.addCand(kAuthorLink, depth, flags, a.own, span{}, true)
	}
	if a.rel&(relTag|relCategory) != 0 && e.Atom == atom.A {
		k := kTagLink
		if a.rel&relCategory != 0 {
			k = kCategoryLink
		}
		c.addCand(k, depth, flags, a.own, span{}, true)
	}
	if a.own&cByline != 0 && inherited&cByline == 0 && !bigContainer(e.Atom) {
		c.addCand(kByline, depth, flags, a.own, span{}, true)
	}
	if a.own&(cDateCls|cModCls) != 0 && e.Atom != atom.Time && !bigContainer(e.Atom) {
		c.addCand(kDateText, depth, flags, a.own, a.datetime, true)
	}
	c.itemscope(depth, &a)
}

// alwaysRead reports whether an element's attributes are read wherever
// it is: the few elements that carry metadata by themselves.
func alwaysRead(a atom.Atom) bool {
	switch a {
	case atom.Html, atom.Meta, atom.Link, atom.Script, atom.Time:
		return true
	}
	return false
}

// The window is the part of the page where the attributes of every
// element are read (classes, itemprops, rels): it opens at the first
// article, main or h1 outside the page's chrome, and closes windowText
// bytes of text after the first h1 (or twice that after it opened, with
// no h1). Reading every element's attributes would cost more than the
// rest of the extraction; around the headline is where bylines, dates
// and microdata are.
const windowText = 2 * looseWindow

// inWindow reports whether an element starting now is in the window,
// opening or closing it.
func (c *Collector) inWindow(a atom.Atom, inherited uint32) bool {
	switch c.window {
	case windowBefore:
		if (a == atom.Article || a == atom.Main || a == atom.H1) && inherited&(chrome|cHidden|cSVG|cHead) == 0 {
			c.window, c.winPos = windowOpen, c.textPos
			return true
		}
		return false
	case windowOpen:
		from := c.winPos
		limit := int32(2 * windowText)
		if c.h1Pos >= 0 {
			from, limit = c.h1Pos, windowText
		}
		if c.textPos-from > limit || c.winElems >= windowElems {
			c.window = windowClosed
			return false
		}
		c.winElems++
		return true
	}
	// Closed, but the first h1 reopens it.
	if a == atom.H1 && c.h1Pos < 0 && inherited&(chrome|cHidden|cSVG|cHead) == 0 {
		c.window, c.winElems = windowOpen, windowElems/2
		return true
	}
	return false
}

// windowElems bounds the elements read in the window.
const windowElems = 256

// States of the window.
const (
	windowBefore = iota
	windowOpen
	windowClosed
)

// bigContainer reports whether an element is too large a container for
// its class to describe a byline or a date.
func bigContainer(a atom.Atom) bool {
	switch a {
	case atom.Html, atom.Body, atom.Main, atom.Article, atom.Section, atom.Table, atom.Ul, atom.Ol, atom.Form:
		return true
	}
	return false
}

// itemscope opens an element's itemscope, if it has one.
func (c *Collector) itemscope(depth int, a *elemAttrs) {
	if !a.itemscope || len(c.scope) >= 64 {
		return
	}
	role := roleOther
	switch {
	case a.itemprop&ipAuthor != 0:
		role = roleAuthor
	case a.itemprop&ipPublisher != 0:
		role = rolePublisher
	case a.itemprop == 0 && a.itemtype == roleArticle:
		role = roleArticle
	}
	c.scope = append(c.scope, scope{depth, role})
}

// itemprops records an element's microdata properties.
func (c *Collector) itemprops(el atom.Atom, depth int, flags uint32, a *elemAttrs) {
	// The value of a property: content, else datetime, else the text.
	val, hasVal := a.content, a.hasContent
	if !hasVal && a.hasDatetime {
		val, hasVal = a.datetime, true
	}
	withText := !hasVal && el != atom.Meta && el != atom.Link
	add := func(k kind) {
		if hasVal || withText {
			c.addCand(k, depth, flags, a.own, val, withText)
		}
	}
	role := roleOther
	if len(c.scope) > 0 {
		role = c.scope[len(c.scope)-1].role
	}
	switch {
	case a.itemprop&ipAuthor != 0 && !a.itemscope:
		add(kItemAuthor)
	case a.itemprop&ipName != 0 && role == roleAuthor:
		add(kItemAuthor)
	case a.itemprop&ipName != 0 && role == rolePublisher:
		add(kPublisher)
	}
	if a.itemprop&ipHeadline != 0 {
		add(kHeadline)
	}
	if a.itemprop&ipPublished != 0 && el != atom.Time && el != atom.Meta {
		add(kItemDate)
	}
	if a.itemprop&ipModified != 0 && el != atom.Meta {
		add(kItemModified)
	}
}

// fitContext makes c.ctx hold the flags of the depth-1 elements around a
// new one and returns the innermost's.
func (c *Collector) fitContext(depth int) uint32 {
	if len(c.ctx) > depth-1 {
		c.ctx = c.ctx[:depth-1]
	}
	var f uint32
	if len(c.ctx) > 0 {
		f = c.ctx[len(c.ctx)-1]
	}
	for len(c.ctx) < depth-1 {
		c.ctx = append(c.ctx, f)
	}
	return f
}

// readAttrs reads the attributes that matter into a, their values into
// c.tmp.
func (c *Collector) readAttrs(el atom.Atom, attrs *blocks.Attrs, a *elemAttrs) {
	c.tmp = c.tmp[:0]
	c.scanAttrs(el, attrs, a)
	// The values few elements need are read on a second scan, so that
	// the content of every meta and the href of every link are not
	// copied for nothing.
	if a.hasContent && (a.nkeys > 0 || a.itemprop != 0) {
		attrs.Rewind()
		if v, ok := attrs.Get("content"); ok {
			a.content = c.tmpValue(v)
		}
	}
	if el == atom.Link && a.rel&relCanonical != 0 {
		attrs.Rewind()
		if v, ok := attrs.Get("href"); ok {
			a.href = c.tmpValue(v)
		}
	}
}

// scanAttrs is readAttrs' first scan.
func (c *Collector) scanAttrs(el atom.Atom, attrs *blocks.Attrs, a *elemAttrs) {
	for {
		k, ok := attrs.NextKey()
		if !ok {
			return
		}
		switch string(k) {
		case "class", "id":
			a.own |= classFlags(attrs.Value())
		case "rel":
			a.rel |= relFlags(attrs.Value())
			if el == atom.Link && a.rel&relCanonical == 0 {
				return // the rest of a stylesheet's or preload's link does not matter
			}
		case "src":
			if el == atom.Script {
				return // an external script is not JSON-LD
			}
		case "itemprop":
			a.itemprop |= itempropFlags(attrs.Value())
			if el == atom.Meta {
				c.metaKey(a, attrs.Value())
			}
		case "itemscope":
			a.itemscope = true
		case "itemtype":
			a.itemtype = itemtypeRole(attrs.Value())
		case "content":
			a.hasContent = true // read below, if needed
		case "datetime":
			a.datetime, a.hasDatetime = c.tmpValue(attrs.Value()), true
		case "pubdate":
			a.pubdate = true
		case "href":
			if el == atom.A {
				a.authorLink = authorPath(attrs.Value())
			}
		case "lang":
			if el == atom.Html {
				a.lang = c.tmpValue(attrs.Value())
			}
		case "name", "property", "http-equiv":
			if el == atom.Meta {
				c.metaKey(a, attrs.Value())
			}
		case "type":
			if el == atom.Script {
				v := attrs.Value()
				a.ldjson = bytes.Contains(v, []byte("ld+json")) || bytes.Contains(v, []byte("LD+JSON"))
				return
			}
		}
	}
}

// metaKey records the field a meta's name, property or itemprop names.
// A property may list several names.
func (c *Collector) metaKey(a *elemAttrs, v []byte) {
	var buf [48]byte
	for len(v) > 0 && a.nkeys < len(a.keys) {
		i := 0
		for i < len(v) && !isSpace(v[i]) {
			i++
		}
		w := v[:i]
		v = v[min(i+1, len(v)):]
		if len(w) == 0 || len(w) > len(buf) {
			continue
		}
		lw := buf[:len(w)]
		for j, ch := range w {
			if 'A' <= ch && ch <= 'Z' {
				ch += 'a' - 'A'
			}
			lw[j] = ch
		}
		if f := fieldOf(lw); f != fNone {
			a.keys[a.nkeys] = f
			a.nkeys++
		}
	}
}

// tmpValue copies an attribute value into c.tmp, at most MaxText bytes.
func (c *Collector) tmpValue(v []byte) span {
	v = truncate(v, c.cfg.MaxText)
	s := int32(len(c.tmp))
	c.tmp = append(c.tmp, v...)
	return span{s, int32(len(c.tmp))}
}

// keep copies b into the arena, whitespace collapsed and trimmed.
func (c *Collector) keep(b []byte) span {
	s := int32(len(c.arena))
	c.arena = appendCollapsed(c.arena, b, true)
	e := int32(len(c.arena))
	for e > s && c.arena[e-1] == ' ' {
		e--
	}
	c.arena = c.arena[:e]
	return span{s, e}
}

// slot reserves n bytes of the arena for a text capture and returns its
// empty span; the capture may grow it up to start+n.
func (c *Collector) slot(n int) span {
	s := len(c.arena)
	if cap(c.arena)-s >= n {
		c.arena = c.arena[:s+n]
	} else {
		c.arena = append(c.arena, make([]byte, n)...)
	}
	return span{int32(s), int32(s)}
}

// addMeta records a meta's content for field f.
func (c *Collector) addMeta(f field, content span) {
	if len(c.metas) >= int(numFields)*c.cfg.MaxCandidates {
		return
	}
	n := 0
	for i := range c.metas {
		if c.metas[i].f == f {
			n++
		}
	}
	if n >= c.cfg.MaxCandidates {
		return
	}
	v := c.keep(c.tmp[content.start:content.end])
	if v.empty() {
		return
	}
	c.metas = append(c.metas, meta{f, v})
}

// addCand records a candidate of kind k for the element at depth, with
// attribute value attr (a span of c.tmp), and opens a capture of its text
// when withText. It returns the candidate, or a throw-away one when
// MaxCandidates of kind k are kept already.
func (c *Collector) addCand(k kind, depth int, flags, own uint32, attr span, withText bool) *cand {
	if c.count[k] >= c.cfg.MaxCandidates || len(c.caps) >= 32 {
		c.spare = cand{}
		return &c.spare
	}
	c.count[k]++
	x := cand{k: k, ctx: flags, own: own, pos: c.textPos, order: int32(len(c.cands))}
	if !attr.empty() {
		x.attr = c.keep(c.tmp[attr.start:attr.end])
	}
	if withText {
		x.text = c.slot(c.cfg.MaxText)
		x.limit = x.text.start + int32(c.cfg.MaxText)
		x.space = true
		c.caps = append(c.caps, capture{depth, int32(len(c.cands))})
	}
	c.cands = append(c.cands, x)
	return &c.cands[len(c.cands)-1]
}

// EndElement implements blocks.Handler.
func (c *Collector) EndElement(stack []blocks.Elem) {
	depth := len(stack)
	if c.ldDepth > 0 && depth <= c.ldDepth {
		c.ldDepth = 0
		c.ldTotal += len(c.ld)
		if c.ldTotal <= c.cfg.MaxJSONLD {
			c.doc.Add(c.ld)
		}
		c.ld = c.ld[:0]
	}
	if len(c.caps) > 0 {
		c.boundary(stack[depth-1].Atom)
	}
	if c.hdrDepth > 0 && depth <= c.hdrDepth {
		// The header holding the dateline closes before any h1: it was
		// the site's, and its date today's.
		c.hdrDepth = 0
		if c.h1Pos < 0 && c.dateline >= 0 {
			x := &c.cands[c.dateline]
			x.attr.end = x.attr.start
		}
	}
	for len(c.caps) > 0 && c.caps[len(c.caps)-1].depth >= depth {
		c.caps = c.caps[:len(c.caps)-1]
	}
	for len(c.scope) > 0 && c.scope[len(c.scope)-1].depth >= depth {
		c.scope = c.scope[:len(c.scope)-1]
	}
	if len(c.ctx) >= depth && depth > 0 {
		c.ctx = c.ctx[:depth-1]
	}
}

// Text implements blocks.Handler.
func (c *Collector) Text(stack []blocks.Elem, text []byte) {
	if c.ldDepth > 0 {
		if len(stack) == c.ldDepth {
			if room := c.cfg.MaxJSONLD - c.ldTotal - len(c.ld); room > 0 {
				c.ld = append(c.ld, text[:min(len(text), room)]...)
			} else {
				// Too much JSON-LD: this script is cut, so dropped.
				c.ldTotal = c.cfg.MaxJSONLD + 1
			}
		}
		return
	}
	if len(stack) > 0 {
		switch stack[len(stack)-1].Atom {
		case atom.Script, atom.Style, atom.Template, atom.Noscript, atom.Textarea:
			return
		}
	}
	for i := range c.caps {
		cp := &c.caps[i]
		if cp.cand < 0 {
			c.appendTitle(text)
			continue
		}
		x := &c.cands[cp.cand]
		if x.text.end >= x.limit {
			continue
		}
		c.appendText(&x.text, x.limit, &x.space, text)
	}
	if c.inBody {
		if len(text) <= 120 {
			c.labelledDate(stack, text)
			switch c.nearHeadline(stack) {
			case nearAfter:
				c.looseByline(stack, text)
				c.looseDate(stack, text)
			case nearBefore, nearHeader:
				c.looseDate(stack, text)
			}
		}
		c.textPos += int32(min(len(text), 1<<20))
	}
}

// chrome are the context flags of the page's chrome and of other pages'
// summaries: what is there is not the page's own.
const chrome = cNav | cFooter | cAside | cComment | cCard

// Loose dates are looked for in this many bytes of text after the
// headline starts.
const looseWindow = 3000

// Where a text is relative to the headline (see nearHeadline).
const (
	nearNot    = iota
	nearBefore // before the first h1: only the last date seen is kept, a dateline if the h1 follows closely
	nearAfter  // after an h1 (within looseWindow), or in an article before any h1
	nearHeader // in a header before the first h1: a dateline if the h1 follows in that header
)

// nearHeadline tells whether text at the current position is near
// enough the headline to be read as the page's byline or date.
func (c *Collector) nearHeadline(stack []blocks.Elem) int {
	if c.count[kLooseDate] >= c.cfg.MaxCandidates || len(c.ctx) == 0 || len(c.ctx) < len(stack) {
		return nearNot
	}
	f := c.ctx[len(stack)-1]
	if f&(chrome|cHidden|cH1) != 0 {
		return nearNot
	}
	switch {
	case c.h1Last >= 0:
		if c.textPos-c.h1Last <= looseWindow {
			return nearAfter
		}
	case f&cArticle != 0:
		return nearAfter
	case f&cHeader == 0:
		return nearBefore
	}
	// In a header: the site's, whose date is today's, unless the h1
	// follows in it (see looseDate).
	return nearHeader
}

// byPrefixes are the words that put a name after them in a byline.
var byPrefixes = [...]string{"by", "written by", "posted by", "author:", "authors:", "words by", "story by", "text by", "autor:", "von", "par"}

// looseByline records a short text near the headline that reads as a
// byline: "By Jane Doe", or the text after a lone "By".
func (c *Collector) looseByline(stack []blocks.Elem, text []byte) {
	t := trimSpace(bytes.TrimSpace(text))
	if len(t) == 0 {
		return
	}
	pending := c.pendingBy
	c.pendingBy = false
	for _, p := range byPrefixes {
		if len(t) < len(p) || !asciiEqualFold(t[:len(p)], p) {
			continue
		}
		rest := bytes.TrimLeft(t[len(p):], " :")
		if len(rest) == 0 {
			c.pendingBy = true
			return
		}
		if len(rest) < len(t)-len(p) || p[len(p)-1] == ':' { // "By Jane", not "Byron"
			c.addLoose(kLooseByline, stack, rest)
		}
		return
	}
	if pending && len(t) <= 60 {
		c.addLoose(kLooseByline, stack, t)
	}
}

// addLoose records a loose candidate with value v.
func (c *Collector) addLoose(k kind, stack []blocks.Elem, v []byte) {
	s := len(c.tmp)
	c.tmp = append(c.tmp, v...)
	c.addCand(k, len(stack), c.ctx[len(stack)-1], 0, span{int32(s), int32(len(c.tmp))}, false)
	c.tmp = c.tmp[:s]
}

// looseDate records a short text that holds a date ("May 17, 2024",
// "Published 17/05/2024"), noting whether it, or the text just before,
// says it is an update.
func (c *Collector) looseDate(stack []blocks.Elem, text []byte) {
	letters := false
	for _, ch := range text {
		if ch > ' ' {
			letters = true
			break
		}
	}
	if !letters {
		return
	}
	year := hasYear(text)
	update := (year || len(text) < 40) && updatedBefore(text)
	prev := c.updateWord
	c.updateWord = update
	if !year {
		return
	}
	s := len(c.tmp)
	out, ok := appendDate(c.tmp, text, true)
	if !ok {
		c.tmp = c.tmp[:s]
		return
	}
	c.tmp = out
	var x *cand
	if c.h1Last < 0 && c.ctx[len(stack)-1]&cArticle == 0 {
		x = c.datelineCand(stack, out[s:])
		c.hdrDepth = 0
		if c.ctx[len(stack)-1]&cHeader != 0 && x != &c.spare {
			// The outermost header around it must still be open when
			// the h1 starts (EndElement drops the date otherwise).
			d := len(stack) - 1
			for d > 0 && c.ctx[d-1]&cHeader != 0 {
				d--
			}
			c.hdrDepth = d + 1
		}
	} else {
		x = c.addCand(kLooseDate, len(stack), c.ctx[len(stack)-1], 0, span{int32(s), int32(len(out))}, false)
	}
	x.flag = update || prev && !containsFold(text, "publish")
	c.tmp = c.tmp[:s]
}

// pubLabels are the labels that put a page's publication date after
// them, alone in their element or before the date in the same text. The
// longer forms come first: "publié" would leave "le" for the date.
var pubLabels = [...]string{"published", "date published", "first published", "posted on", "publié le", "publié", "veröffentlicht am", "veröffentlicht", "publicado el", "publicado em", "publicado", "pubblicato il", "pubblicato", "gepubliceerd op", "gepubliceerd"}

// labelledDate records a short text that is a date labelled as the
// publication's ("Published: July 8, 2025", or "Published" in one
// element and the date in the next, or a byline's "Written by Jane Doe"
// and the date in the text after the name) as a time marked so, wherever it is
// outside the page's chrome: pages that label their date often set it
// apart from the headline, in a sidebar of facts or at the article's
// end. It is read for every short text, so it compares only where a
// label could be.
func (c *Collector) labelledDate(stack []blocks.Elem, text []byte) {
	t := trimSpace(bytes.TrimSpace(text))
	if len(t) == 0 {
		return
	}
	pending := c.pubLabel
	c.pubLabel = false
	if len(c.ctx) < len(stack) || c.ctx[len(stack)-1]&(chrome|cHidden) != 0 {
		return
	}
	if pending {
		// The date after a lone label.
		c.addLabelled(stack, t)
		return
	}
	if c.byLabel > 0 {
		// A date alone in one of the two texts after "Written by": the
		// name, then the date.
		c.byLabel--
		if len(t) <= 40 && hasYear(t) && dateLen(t) == len(t) {
			c.byLabel = 0
			c.addLabelled(stack, t)
			return
		}
	}
	if l := t[0] | 0x20; (l == 'w' || l == 'p') && (hasPrefixFold(t, "written by") || hasPrefixFold(t, "posted by")) {
		c.byLabel = 2
		return
	}
	for _, l := range pubLabels {
		if !hasPrefixFold(t, l) {
			continue
		}
		rest := bytes.TrimLeft(t[len(l):], " :")
		if len(rest) == 0 {
			c.pubLabel = true
		} else {
			c.addLabelled(stack, rest)
		}
		return
	}
}

// hasPrefixFold reports whether t starts with the lower-case ASCII p,
// ignoring ASCII case.
func hasPrefixFold(t []byte, p string) bool {
	return len(t) >= len(p) && asciiEqualFold(t[:len(p)], p)
}

// addLabelled records t as a publication date marked so, if it is one.
func (c *Collector) addLabelled(stack []blocks.Elem, t []byte) {
	if !hasYear(t) {
		return
	}
	s := len(c.tmp)
	out, ok := appendDate(c.tmp, t, false)
	if ok {
		c.tmp = out
		x := c.addCand(kTime, len(stack), c.ctx[len(stack)-1], 0, span{int32(s), int32(len(out))}, false)
		x.flag = true
	}
	c.tmp = c.tmp[:s]
}

// datelineCand records the date v of a text before the first h1 in the
// one candidate kept for it, which the next such date overwrites: a
// dateline is the last date before the headline.
func (c *Collector) datelineCand(stack []blocks.Elem, v []byte) *cand {
	const size = 32 // the longest date appendDate writes, rounded up
	if len(v) > size {
		c.spare = cand{}
		return &c.spare
	}
	if c.dateline < 0 {
		if c.count[kLooseDate] >= c.cfg.MaxCandidates {
			c.spare = cand{}
			return &c.spare
		}
		c.count[kLooseDate]++
		c.dateline = int32(len(c.cands))
		c.cands = append(c.cands, cand{k: kLooseDate, order: c.dateline, attr: c.slot(size)})
	}
	x := &c.cands[c.dateline]
	x.ctx, x.pos = c.ctx[len(stack)-1], c.textPos
	x.attr.end = x.attr.start + int32(copy(c.arena[x.attr.start:x.attr.start+size], v))
	return x
}

// appendTitle adds text to the title element's capture.
func (c *Collector) appendTitle(text []byte) {
	space := c.title.end == c.title.start || c.arena[c.title.end-1] == ' '
	c.appendText(&c.title, c.title.start+int32(c.cfg.MaxText), &space, text)
}

// appendText writes text into the slot s (which ends at limit), whitespace
// collapsed; *space says whether the text so far ends in a space (or is
// empty).
func (c *Collector) appendText(s *span, limit int32, space *bool, text []byte) {
	dst := c.arena[s.end:limit]
	n := 0
	sp := *space
	for i := 0; i < len(text) && n < len(dst); {
		ch := text[i]
		if ch == ' ' || ch == '\n' || ch == '\t' || ch == '\r' || ch == '\f' || ch == 0xc2 && i+1 < len(text) && text[i+1] == 0xa0 {
			if ch == 0xc2 {
				i++
			}
			i++
			if !sp {
				dst[n] = ' '
				n++
				sp = true
			}
			continue
		}
		dst[n] = ch
		n++
		i++
		sp = false
	}
	// Do not leave a cut character at the end.
	if n == len(dst) {
		n = len(trimPartial(dst[:n]))
	}
	s.end += int32(n)
	*space = sp
}

// boundary separates the text of the open captures at the start or end
// of an element: bylines and dates are read as words apart ("By" and
// "Jane Doe" in two spans are "By Jane Doe"), headings only at block
// elements and line breaks (a heading's words may be split by inline
// markup).
func (c *Collector) boundary(a atom.Atom) {
	block := isBlock(a)
	for i := range c.caps {
		cp := &c.caps[i]
		if cp.cand < 0 {
			continue
		}
		x := &c.cands[cp.cand]
		if x.space || x.text.end >= x.limit {
			continue
		}
		switch x.k {
		case kH1, kHeadline:
			if !block {
				continue
			}
		}
		c.arena[x.text.end] = ' '
		x.text.end++
		x.space = true
	}
}

// isBlock reports whether an element breaks lines.
func isBlock(a atom.Atom) bool {
	switch a {
	case atom.Br, atom.P, atom.Div, atom.Li, atom.Ul, atom.Ol, atom.Dl, atom.Dt, atom.Dd, atom.Tr, atom.Td,
		atom.Th, atom.Table, atom.Section, atom.Article, atom.Header, atom.Footer, atom.Aside, atom.Nav,
		atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Blockquote, atom.Pre, atom.Figure,
		atom.Figcaption, atom.Address, atom.Hr, atom.Main, atom.Form:
		return true
	}
	return false
}

// Comment implements blocks.Handler.
func (c *Collector) Comment([]blocks.Elem, []byte) {}

func isSpace(ch byte) bool { return ch == ' ' || ch == '\n' || ch == '\t' || ch == '\r' || ch == '\f' }

// authorPath reports whether a link's URL is an author's page: its path
// has an /author/ or /authors/ segment (WordPress, most CMSs) followed by
// a name.
func authorPath(href []byte) bool {
	for i := 0; i < len(href); i++ {
		j := bytes.IndexByte(href[i:], '/')
		if j < 0 {
			return false
		}
		i += j
		rest := href[i+1:]
		for _, seg := range [...]string{"author/", "authors/", "autor/", "auteur/", "autore/", "writers/", "contributor/", "contributors/"} {
			if len(rest) > len(seg) && rest[0] == seg[0] && string(rest[:len(seg)]) == seg && rest[len(seg)] != '?' && rest[len(seg)] != '#' {
				return true
			}
		}
	}
	return false
}
