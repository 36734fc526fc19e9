package auto

import (
	"bytes"
	"encoding/binary"
)

// cue is one kind of structural evidence an element carries for the text
// inside it: its tag, its ARIA role, its itemprop, or a word of its class or
// id. Cues are inherited: text counts under every cue of every ancestor.
type cue uint8

const (
	cueArticle cue = iota // <article>, role=article, class "article", "story", "entry", "post"
	cueMain               // <main>, role=main, class "content", "main", "text", "body"
	cueBody               // itemprop=articleBody or text, class "articlebody", "storybody"
	cueNav                // <nav>, role=navigation or menu, class "nav", "menu", "breadcrumb"
	cueAside              // <aside>, role=complementary, class "sidebar", "rail", "widget"
	cueFooter             // <footer>, role=contentinfo, class "footer", "copyright"
	cueHeader             // <header>, role=banner, class "header", "masthead"
	cueFigure             // <figure>, <figcaption>, class "caption", "credit", "gallery"
	cueComment            // class "comment", "disqus", "reply", "discussion"
	cueShare              // class "share", "social", "facebook", "twitter", "print"
	cueRelated            // class "related", "recommended", "popular", "trending", "more", "read"
	cuePromo              // class "newsletter", "subscribe", "signup", "promo", "cookie", "consent", "paywall"
	cueAd                 // class "ad", "ads", "advert", "sponsor", "taboola", "outbrain"
	cueMeta               // class "byline", "author", "date", "time", "meta", "tag", "topics"
	cueHidden             // hidden, aria-hidden=true, display:none, class "hidden", "sr-only"
	cueList               // <li>, <dt>, <dd>: items of a list
	cueCode               // <pre>, <code>, class "highlight", "code", "syntax"
	cueCell               // <td>, <th>: cells of a table
	cueFilter             // class "filter", "facet", "sort", "toc": filter panels and tables of contents
	cueH1                 // <h1>
	cueH2                 // <h2>, <h3>
	cueH4                 // <h4>, <h5>, <h6>
	numCues
)

// cueSet is a set of cues, one bit each.
type cueSet uint32

// role is a landmark role an element declares, among those the recorder
// tracks (see recorder.startLandmark).
type role uint8

const (
	roleNone role = iota
	roleMain
	roleArticle
	roleContentinfo
	roleBanner
	roleNavigation
	roleComplementary
)

// region is the kind of region whose paragraphs the Extractor drops
// unscored (see recorder.startLandmark and startCaption).
type region uint8

const (
	regionLandmark region = iota // a site landmark
	regionCaption                // a figure's caption
	regionDialog                 // a dialog
)

// regionNames are the regions' names, as AppendEvidence gives them.
var regionNames = [...]string{regionLandmark: "landmark", regionCaption: "caption", regionDialog: "dialog"}

// roleCues returns the cues of an ARIA role value, and the landmark role
// it declares.
func roleCues(v []byte) (cueSet, role) {
	switch string(bytes.TrimSpace(v)) {
	case "article":
		return 1 << cueArticle, roleArticle
	case "main":
		return 1 << cueMain, roleMain
	case "navigation":
		return 1 << cueNav, roleNavigation
	case "menu", "menubar":
		return 1 << cueNav, roleNone
	case "complementary":
		return 1 << cueAside, roleComplementary
	case "contentinfo":
		return 1 << cueFooter, roleContentinfo
	case "banner":
		return 1 << cueHeader, roleBanner
	case "dialog", "alertdialog":
		return 1 << cuePromo, roleNone
	}
	return 0, roleNone
}

// itempropCues returns the cues of a microdata itemprop value.
func itempropCues(v []byte) cueSet {
	var s cueSet
	var buf [maxWordLen]byte
	for i := 0; i < len(v); {
		var w []byte
		w, i = nextWord(v, i, &buf)
		switch string(w) {
		case "articlebody", "text", "reviewbody":
			s |= 1 << cueBody
		case "author", "datepublished", "datemodified", "headline", "name":
			s |= 1 << cueMeta
		case "comment":
			s |= 1 << cueComment
		}
	}
	return s
}

// cueWords lists, per cue, the lower-case words of class and id values
// that give it, as classCues cuts them. The words are those that page
// templates use for the regions of a page; plurals are listed because a
// prefix match would also take in unrelated words ("address" for "ad").
var cueWords = [...]struct {
	cue   cue
	words []string
}{
	{cueArticle, []string{"article", "articles", "story", "stories", "entry", "post", "blogpost", "hentry", "artikel", "artigo", "articulo", "noticia", "noticias", "materia", "nachricht"}},
	{cueMain, []string{"content", "contents", "main", "text", "body", "prose", "richtext", "rte", "contenu", "contenido", "conteudo", "inhalt", "texto", "texte", "maintext", "bodytext"}},
	{cueBody, []string{"articlebody", "storybody", "postbody", "entrycontent", "postcontent", "articlecontent", "storycontent", "articletext", "storytext", "posttext", "entrytext", "articlebodytext"}},
	{cueNav, []string{"nav", "navbar", "navigation", "menu", "menus", "breadcrumb", "breadcrumbs", "pagination", "pager", "skip", "toolbar", "tabs", "dropdown", "subnav", "topnav", "mainnav", "navlinks", "sitemap", "menubar"}},
	{cueAside, []string{"sidebar", "aside", "rail", "widget", "widgets", "sidebox", "right", "column"}},
	{cueFooter, []string{"footer", "foot", "copyright", "colophon", "bottom"}},
	{cueHeader, []string{"header", "head", "masthead", "topbar", "banner", "top"}},
	{cueFigure, []string{"figure", "caption", "figcaption", "credit", "credits", "gallery", "photo", "image", "img", "media", "video", "slideshow"}},
	{cueComment, []string{"comment", "comments", "disqus", "reply", "replies", "respond", "discussion", "discuss", "comentarios", "comentario", "kommentare", "commentaires", "commentlist"}},
	{cueShare, []string{"share", "shares", "sharing", "social", "facebook", "twitter", "whatsapp", "linkedin", "pinterest", "print", "email", "sharebar", "addthis", "sharethis", "shareaholic", "socials"}},
	{cueRelated, []string{"related", "recommended", "recommend", "recommendations", "popular", "trending", "more", "read", "recirc", "outbrain", "taboola", "teaser", "teasers", "promo", "promos", "recirculation", "upnext", "headlines", "latest", "relacionadas", "relacionados", "verwandte", "also", "suggested", "suggestions", "morestories"}},
	{cuePromo, []string{"newsletter", "subscribe", "subscription", "signup", "cookie", "cookies", "consent", "gdpr", "paywall", "modal", "popup", "overlay", "cta", "login", "register", "donate", "membership", "alert", "alerts"}},
	{cueAd, []string{"ad", "ads", "advert", "adverts", "advertisement", "advertising", "sponsor", "sponsored", "dfp", "adslot", "adunit", "commercial", "adsense", "publicidad", "publicidade", "publicite", "werbung", "anzeige", "advertorial"}},
	{cueMeta, []string{"byline", "author", "authors", "date", "time", "timestamp", "dateline", "meta", "metadata", "tag", "tags", "topics", "published", "updated"}},
	{cueCode, []string{"highlight", "highlighter", "code", "codehilite", "syntax", "sourcecode", "hljs", "prism", "codeblock", "snippet"}},
	{cueFilter, []string{"filter", "filters", "facet", "facets", "refine", "refinement", "sort", "sorting", "sortby", "toc", "tableofcontents"}},
}

// cueTable maps the hash (fnv1a) of every word of cueWords to its cue:
// classCues hashes the words of an attribute as it cuts them and looks
// each up once, instead of copying it and comparing it with the lists. It
// is an open-addressing table with linear probing, indexed by the top
// bits of the hash, a quarter full: a lookup is one or two reads, with no
// map machinery.
var cueTable = func() (t [cueTableSize]cueSlot) {
	for _, e := range cueWords {
		for _, w := range e.words {
			h := fnv1a(fnvOffset, w)
			i := h >> (64 - cueTableBits)
			for t[i].hash != 0 && t[i].hash != h {
				i = (i + 1) % cueTableSize
			}
			t[i] = cueSlot{h, e.cue}
		}
	}
	return t
}()

const (
	cueTableBits = 10
	cueTableSize = 1 << cueTableBits
)

// cueSlot is an entry of cueTable; hash 0 marks an empty one (no word of
// cueWords hashes to 0).
type cueSlot struct {
	hash uint64
	cue  cue
}

// cueBloom has bit h>>(64-cueBloomBits) set for the hash h of every word
// of cueWords: a clear bit (most class words') proves a word is none of
// them with one read of a table that stays in the cache.
var cueBloom = func() (b [1 << cueBloomBits / 64]uint64) {
	for _, e := range cueWords {
		for _, w := range e.words {
			i := fnv1a(fnvOffset, w) >> (64 - cueBloomBits)
			b[i/64] |= 1 << (i % 64)
		}
	}
	return b
}()

const cueBloomBits = 12

// cueOf returns the cue of the word with hash h, as a set: the cue's bit
// if the word is a cue word, none if not (the common case, which the set
// lets its callers take without a branch of their own).
func cueOf(h uint64) cueSet {
	if i := h >> (64 - cueBloomBits); cueBloom[i/64]&(1<<(i%64)) == 0 {
		return 0
	}
	for i := h >> (64 - cueTableBits); ; i = (i + 1) % cueTableSize {
		switch t := &cueTable[i]; t.hash {
		case 0: // an empty slot, also when h is 0, which no cue word has
			return 0
		case h:
			return 1 << t.cue
		}
	}
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// fnv1a continues the FNV-1a hash h over the bytes of w.
func fnv1a(h uint64, w string) uint64 {
	for i := 0; i < len(w); i++ {
		h = (h ^ uint64(w[i])) * fnvPrime
	}
	return h
}

// maxWordLen bounds the words of a class or id that are looked at; longer
// ones match no cue word.
const maxWordLen = 24

// nextWord returns the first word of v[i:] lower-cased into buf, and the
// index after it; next is len(v) when there are no more. Words are runs of
// ASCII letters and digits, also cut where a lower-case letter meets an
// upper-case one ("shareBar" gives "share" and "bar"); words longer than
// buf come back empty. Words of a class joined without a separator
// ("articlebody") are matched whole by wordCue's compound entries.
func nextWord(v []byte, i int, buf *[maxWordLen]byte) (w []byte, next int) {
	for i < len(v) && !isAlnum(v[i]) {
		i++
	}
	n, long := 0, false
	for ; i < len(v) && isAlnum(v[i]); i++ {
		c := v[i]
		if 'A' <= c && c <= 'Z' {
			if n > 0 && 'a' <= v[i-1] && v[i-1] <= 'z' {
				break
			}
			c |= 0x20
		}
		if n == maxWordLen {
			long = true
			continue
		}
		buf[n] = c
		n++
	}
	if long {
		n = 0
	}
	return buf[:n], i
}

// classInfo is what a class or id value says of its element: its cues,
// its signature (see classCues) and its words' scores in the class
// lexicon.
type classInfo struct {
	cues  cueSet
	sig   uint64
	lex   float32 // the summed scores of its words in the lexicon
	known bool    // the lexicon has one of its words
}

// classCues returns what a class or id value v says: the cues of its
// words, and their scores in lex. It cuts the words as nextWord does and
// hashes each as it goes. With hide set (a class value) it also adds
// cueHidden when a whitespace-separated token of v is one of the utility
// classes hiddenToken matches, in the same pass. The signature is a hash
// of the value's words, in any order: the identity of a class for telling
// alike siblings (see repeatFeatures).
func classCues(v []byte, hide bool, lex *lexTable) classInfo {
	var c classInfo
	tok := 0 // start of the current whitespace-separated token
	for i := 0; i < len(v); {
		for ; i < len(v); i++ {
			k := wordByte[v[i]]
			if k&wAlnum != 0 {
				break
			}
			if hide && k == wSpace {
				if hiddenLen(i-tok) && hiddenToken(v[tok:i]) {
					c.cues |= 1 << cueHidden
				}
				tok = i + 1
			}
		}
		if i == len(v) {
			break
		}
		h, start := uint64(fnvOffset), i
		for ; i < len(v); i++ {
			ch := v[i]
			// One test passes the lower-case letters and digits of most
			// words; the rest end the word or are upper-case letters.
			if k := wordByte[ch]; k&wPlain == 0 {
				if k != wUpper || i > start && wordByte[v[i-1]]&wLower != 0 {
					break
				}
				ch |= 0x20
			}
			h = (h ^ uint64(ch)) * fnvPrime
		}
		c.sig += h * 0x9e3779b97f4a7c15
		if i-start > maxWordLen {
			continue
		}
		c.cues |= cueOf(h)
		if s, ok := lex.score(h); ok {
			c.lex, c.known = c.lex+s, true
		}
	}
	if hide && hiddenLen(len(v)-tok) && hiddenToken(v[tok:]) {
		c.cues |= 1 << cueHidden
	}
	return c
}

// classCache remembers what classCues said of class values (with hide
// set, with one lexicon): a page repeats its classes on element after
// element, and comparing a value with the one remembered in its slot costs
// less than cutting and hashing its words again. Values are compared
// whole, so the cache never changes a result. It is kept from page to
// page.
type classCache struct {
	lex   *lexTable // the lexicon the scores are of
	slots [classCacheSize]classEntry
	arena []byte // the values remembered
}

type classEntry struct {
	hash   uint64 // classHash of the value
	off, n int32  // the value, in arena
	info   classInfo
}

const (
	classCacheBits = 9
	classCacheSize = 1 << classCacheBits
	// maxCachedClass is the longest value remembered; maxClassArena
	// bounds the arena, which is emptied (with the slots) when full.
	maxCachedClass = 256
	maxClassArena  = 32 << 10
)

// cues returns classCues(v, true, c.lex), from the cache when v is in it.
func (c *classCache) cues(v []byte) classInfo {
	if len(v) > maxCachedClass {
		return classCues(v, true, c.lex)
	}
	h := classHash(v)
	e := &c.slots[h>>(64-classCacheBits)]
	if e.hash == h && int(e.n) == len(v) && bytes.Equal(c.arena[e.off:e.off+e.n], v) {
		return e.info
	}
	info := classCues(v, true, c.lex)
	if len(c.arena)+len(v) > maxClassArena {
		c.arena = c.arena[:0]
		clear(c.slots[:])
	}
	*e = classEntry{hash: h, off: int32(len(c.arena)), n: int32(len(v)), info: info}
	c.arena = append(c.arena, v...)
	return info
}

// classHash hashes a class value for the cache from its length and three
// eight-byte words of it, its first, middle and last, where a hash of every
// byte cost more than the compare it spares: values alike in those words
// and of one length only share a slot. The slot is the top bits, which
// every bit of the words reaches.
func classHash(v []byte) uint64 {
	const k1, k2, k3 = 0x9e3779b97f4a7c15, 0xc2b2ae3d27d4eb4f, 0x165667b19e3779f9
	n := len(v)
	if n < 8 {
		a := uint64(n)
		for _, c := range v {
			a = a<<8 | uint64(c)
		}
		return a * k1
	}
	a := binary.LittleEndian.Uint64(v)
	m := binary.LittleEndian.Uint64(v[(n-8)/2:])
	b := binary.LittleEndian.Uint64(v[n-8:])
	return (a^uint64(n))*k1 ^ m*k2 ^ b*k3
}

// wordByte classifies the bytes of class and id values for classCues:
// isAlnum's letters and digits (wAlnum), telling lower-case letters and
// upper-case ones apart, and isSpace's white space.
var wordByte = func() (t [256]uint8) {
	for c := range 256 {
		switch b := byte(c); {
		case 'a' <= b && b <= 'z':
			t[c] = wPlain | wLower
		case 'A' <= b && b <= 'Z':
			t[c] = wUpper
		case '0' <= b && b <= '9':
			t[c] = wPlain
		case isSpace(b):
			t[c] = wSpace
		}
	}
	return t
}()

const (
	wPlain = 1 // a lower-case letter or a digit: a word goes on unchanged
	wUpper = 2
	wSpace = 4
	wLower = 8
	wAlnum = wPlain | wUpper // a bit any letter or digit has
)

// hiddenStyle reports whether an inline style hides the element.
func hiddenStyle(style []byte) bool {
	i := bytes.Index(style, []byte("display"))
	if i < 0 {
		return false
	}
	rest := bytes.TrimLeft(style[i+len("display"):], " \t:")
	return bytes.HasPrefix(rest, []byte("none"))
}

// hiddenLens has bit n set for the length n of every word hiddenToken
// matches.
const hiddenLens = 1<<4 | 1<<6 | 1<<7 | 1<<9 | 1<<14 | 1<<15 | 1<<18

// hiddenLen reports whether a token of n bytes may be one hiddenToken
// matches: most tokens are ruled out before the call.
func hiddenLen(n int) bool { return uint(n) < 64 && hiddenLens>>uint(n)&1 != 0 }

// hiddenToken reports whether one whitespace-separated token of a class
// value is a utility class that hides an element. Callers check hiddenLen
// first.
func hiddenToken(w []byte) bool {
	// A token of the same length in bytes as an ASCII word can only fold
	// to it if it is ASCII: its length then leaves one or two words.
	switch len(w) {
	case 4:
		return bytes.EqualFold(w, []byte("hide"))
	case 6:
		return bytes.EqualFold(w, []byte("hidden")) || bytes.EqualFold(w, []byte("d-none"))
	case 7:
		return bytes.EqualFold(w, []byte("sr-only"))
	case 9:
		return bytes.EqualFold(w, []byte("invisible"))
	case 14:
		return bytes.EqualFold(w, []byte("visuallyhidden"))
	case 15:
		return bytes.EqualFold(w, []byte("visually-hidden"))
	case 18:
		return bytes.EqualFold(w, []byte("screen-reader-text"))
	}
	return false
}
