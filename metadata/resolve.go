package metadata

import (
	"bytes"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jtextract/jt/internal/jsonld"
)

// Outputs of resolution: spans of result.out.
const (
	oTitle = iota
	oAuthor
	oDate
	oModified
	oSite
	oDesc
	oURL
	oLang
	oImage
	numOut
)

// maxList bounds the categories and the tags kept.
const maxList = 32

// result is a resolved page: the values, in one buffer.
type result struct {
	done        bool
	out         []byte
	f           [numOut]span
	cats        []span
	tags        []span
	keys        []byte   // site-name keys (see nameKey), '\n'-terminated
	buf         []byte   // scratch
	ubuf        []byte   // unescape's
	words       []uint32 // title word hashes
	names       int      // authors joined so far
	authorStart int      // where they start in out
	head        int32    // textPos at the headline: the h1 taken as the title, else the first h1, -1 without
}

func (r *result) reset() {
	r.done = false
	r.out, r.keys, r.buf = r.out[:0], r.keys[:0], r.buf[:0]
	r.f = [numOut]span{}
	r.cats, r.tags = r.cats[:0], r.tags[:0]
}

// set makes b, whitespace collapsed and trimmed, output o, unless o is set
// already or b is empty. It reports whether o is set afterwards.
func (r *result) set(o int, b []byte) bool {
	if !r.f[o].empty() {
		return true
	}
	s := int32(len(r.out))
	r.out = appendCollapsed(r.out, r.unescape(b), true)
	r.out = r.out[:len(trimSpace(r.out[s:]))+int(s)]
	r.f[o] = span{s, int32(len(r.out))}
	return !r.f[o].empty()
}

// unescape returns b with its character references decoded, in r.ubuf
// when it has any: values written HTML-escaped in JSON-LD, or escaped
// twice in an attribute.
func (r *result) unescape(b []byte) []byte {
	if bytes.IndexByte(b, '&') < 0 {
		return b
	}
	r.ubuf = appendUnescaped(r.ubuf[:0], b)
	return r.ubuf
}

func (r *result) get(o int) []byte { return r.out[r.f[o].start:r.f[o].end] }

// metadata builds the Metadata: one string for every text field, and the
// Categories and Tags slices.
func (r *result) metadata(pageURL string) Metadata {
	if len(r.out) == 0 && pageURL == "" {
		return Metadata{}
	}
	all := string(r.out)
	str := func(o int) string { return all[r.f[o].start:r.f[o].end] }
	m := Metadata{
		Title: str(oTitle), Author: str(oAuthor), Date: str(oDate), Modified: str(oModified),
		SiteName: str(oSite), Description: str(oDesc), Lang: str(oLang),
		URL: resolveURL(pageURL, str(oURL)), Image: resolveLink(pageURL, str(oImage)),
	}
	if len(r.cats) > 0 {
		m.Categories = make([]string, len(r.cats))
		for i, s := range r.cats {
			m.Categories[i] = all[s.start:s.end]
		}
	}
	if len(r.tags) > 0 {
		m.Tags = make([]string, len(r.tags))
		for i, s := range r.tags {
			m.Tags[i] = all[s.start:s.end]
		}
	}
	return m
}

// resolveURL resolves ref against base. An absolute http(s) ref is kept as
// it is; one that cannot be resolved is dropped; with no ref, base is the
// answer when it is absolute.
func resolveURL(base, ref string) string {
	if ref == "" {
		if isAbsHTTP(base) {
			return base
		}
		return ""
	}
	if isAbsHTTP(ref) && !strings.ContainsAny(ref, " \t\n") {
		return ref
	}
	if strings.HasPrefix(ref, "data:") || strings.HasPrefix(strings.ToLower(ref), "javascript:") {
		return ""
	}
	b, err := url.Parse(base)
	if err != nil || !b.IsAbs() {
		return ""
	}
	u, err := b.Parse(strings.TrimSpace(ref))
	if err != nil || u.Scheme != "http" && u.Scheme != "https" {
		return ""
	}
	return u.String()
}

// resolveLink is resolveURL without the fallback: no ref, no URL.
func resolveLink(base, ref string) string {
	if ref == "" {
		return ""
	}
	return resolveURL(base, ref)
}

func isAbsHTTP(s string) bool {
	return len(s) > 8 && (strings.EqualFold(s[:7], "http://") || strings.EqualFold(s[:8], "https://"))
}

// metaVal returns the first value of meta field f, or nil.
func (c *Collector) metaVal(f field) []byte {
	for i := range c.metas {
		if c.metas[i].f == f {
			return c.text(c.metas[i].val)
		}
	}
	return nil
}

func (c *Collector) text(s span) []byte { return c.arena[s.start:s.end] }

// resolve works out the Metadata from what was collected, into c.res.
func (c *Collector) resolve() {
	r := &c.res
	if r.done {
		return
	}
	r.reset()
	r.done = true
	r.head = c.h1Pos
	ld := c.analyzeLD()
	c.resolveSite(&ld)
	c.resolveTitle(&ld)
	c.siteFromTitle()
	c.resolveDates(&ld)
	c.resolveAuthor(&ld)
	c.resolveRest(&ld)
}

// ---- Site name ----

// resolveSite sets SiteName and records the keys of every name the site
// goes by, for stripping it from titles and refusing it as an author.
// Strong names are those the page gives as the site's (og:site_name, the
// WebSite's name, application-name); weak ones may also be a person's
// (a publisher, the host name of a personal site).
func (c *Collector) resolveSite(ld *ldInfo) {
	r := &c.res
	d := &c.doc
	var ldSite, ldPublisher []byte
	if ld.site != jsonld.None {
		ldSite = d.GetString(ld.site, "name")
		c.addSiteKey(d.GetString(ld.site, "alternateName"), false)
	}
	if ld.main != jsonld.None {
		ldPublisher = ldName(d, d.Get(ld.main, "publisher"))
	}
	if ldPublisher == nil && ld.page != jsonld.None {
		ldPublisher = ldName(d, d.Get(ld.page, "publisher"))
	}
	for _, v := range [...][]byte{c.metaVal(fOGSiteName), ldSite, ldPublisher, c.metaVal(fSiteName)} {
		if len(v) > 0 && len(v) < 120 {
			r.set(oSite, v)
		}
	}
	c.addSiteKey(ldSite, true)
	c.addSiteKey(ldPublisher, false)
	for i := range c.metas {
		switch c.metas[i].f {
		case fOGSiteName, fSiteName:
			c.addSiteKey(c.text(c.metas[i].val), true)
		}
	}
	for i := range c.cands {
		if c.cands[i].k == kPublisher {
			c.addSiteKey(c.value(&c.cands[i]), false)
		}
	}
	// The host's name: "www.greenhouse-studio.com" is "greenhousestudio".
	for _, u := range [...][]byte{[]byte(c.pageURL), c.text(c.canonical), c.metaVal(fOGURL)} {
		s := len(r.keys)
		if keys, ok := appendHostKey(append(r.keys, 'W'), u); ok {
			r.keys = append(keys, '\n')
			break
		}
		r.keys = r.keys[:s]
	}
}

// addSiteKey records the key of one of the site's names, strong or weak.
func (c *Collector) addSiteKey(v []byte, strong bool) {
	r := &c.res
	if len(r.keys) > 4096 || len(v) == 0 {
		return
	}
	s := len(r.keys)
	if strong {
		r.keys = append(r.keys, 'S')
	} else {
		r.keys = append(r.keys, 'W')
	}
	r.keys = appendKey(r.keys, v)
	if len(r.keys)-s < 3 {
		r.keys = r.keys[:s]
		return
	}
	r.keys = append(r.keys, '\n')
}

// appendKey appends the comparison key of a name: its letters and digits,
// lower-cased (ASCII), other characters dropped.
func appendKey(dst, v []byte) []byte {
	for i := 0; i < len(v); {
		ch := v[i]
		if ch == '&' {
			if r, n := entityAt(v[i:]); n > 0 {
				if isWordRune(r) {
					dst = utf8.AppendRune(dst, toLower(r))
				}
				i += n
				continue
			}
		}
		if ch < utf8.RuneSelf {
			switch {
			case 'a' <= ch && ch <= 'z' || '0' <= ch && ch <= '9':
				dst = append(dst, ch)
			case 'A' <= ch && ch <= 'Z':
				dst = append(dst, ch+'a'-'A')
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(v[i:])
		if isWordRune(r) {
			dst = utf8.AppendRune(dst, toLower(r))
		}
		i += n
	}
	return dst
}

// appendHostKey appends the key of a URL's registrable name: the label
// before the public suffix ("example" for www.example.co.uk). It reports
// whether there was one.
func appendHostKey(dst, u []byte) ([]byte, bool) {
	i := bytes.Index(u, []byte("://"))
	if i < 0 {
		return dst, false
	}
	h := u[i+3:]
	if j := bytes.IndexAny(h, "/?#"); j >= 0 {
		h = h[:j]
	}
	if j := bytes.LastIndexByte(h, '@'); j >= 0 {
		h = h[j+1:]
	}
	if j := bytes.IndexByte(h, ':'); j >= 0 {
		h = h[:j]
	}
	labels := bytes.Count(h, []byte(".")) + 1
	if labels < 2 {
		return dst, false
	}
	h = h[:bytes.LastIndexByte(h, '.')]
	if j := bytes.LastIndexByte(h, '.'); j >= 0 && labels > 2 {
		switch string(h[j+1:]) {
		case "co", "com", "org", "net", "ac", "gov", "edu", "gob", "or", "ne", "go":
			h = h[:j]
		}
	}
	if j := bytes.LastIndexByte(h, '.'); j >= 0 {
		h = h[j+1:]
	}
	s := len(dst)
	dst = appendKey(dst, h)
	return dst, len(dst)-s >= 2
}

// isSiteName reports whether v (any text) is one of the site's names;
// with strongOnly, one of its strong names.
func (c *Collector) isSiteName(v []byte, strongOnly, loose bool) bool {
	r := &c.res
	s := len(r.buf)
	r.buf = appendKey(r.buf, v)
	k := r.buf[s:]
	defer func() { r.buf = r.buf[:s] }()
	if len(k) < 2 {
		return false
	}
	for keys := r.keys; len(keys) > 0; {
		i := bytes.IndexByte(keys, '\n')
		strong, site := keys[0] == 'S', keys[1:i]
		keys = keys[i+1:]
		if strongOnly && !strong {
			continue
		}
		if bytes.Equal(k, site) {
			return true
		}
		// "Scratch Culinary Meal Prep" on scratchculinary.com; "ABC7" in
		// "ABC7 New York".
		if loose && len(site) >= 5 && len(k) >= 5 && (bytes.HasPrefix(k, site) || bytes.HasPrefix(site, k)) {
			return true
		}
	}
	return false
}

// siteFromTitle takes the site's name from the <title> when the page
// names its site nowhere else: "Headline | Site", whose headline is the
// title resolved.
func (c *Collector) siteFromTitle() {
	r := &c.res
	if len(r.get(oSite)) > 0 {
		return
	}
	t := trimSpace(c.text(c.title))
	i, n := lastSeparator(t)
	if i <= 0 {
		return
	}
	if site := trimSpace(t[i+n:]); len(site) > 0 && len(site) < 120 && sameKey(trimSpace(t[:i]), r.get(oTitle)) {
		r.set(oSite, site)
	}
}

// ---- Title ----

// separators cut a title into its headline and the site's name.
var separators = [...]string{" | ", " - ", " – ", " — ", " · ", " • ", " :: ", " » ", " « ", " ~ ", " / ", " ‹ ", " › ", " // ", " || "}

// stripSite returns the title t without the site's name at its end
// ("Headline | Site") or start ("Site | Headline", "Site: Headline").
func (c *Collector) stripSite(t []byte) []byte {
	t = trimSpace(t)
	// "Headline | Section | Site": the parts after the first are the
	// site's, whatever its names. (Not with dashes, which product names
	// repeat: "Maker - Model - Size".)
	for _, sep := range [...]string{" | ", " / ", " :: ", " » ", " · ", " • "} {
		if i := bytes.Index(t, []byte(sep)); i > 0 && bytes.Count(t, []byte(sep)) >= 2 {
			t = trimSpace(t[:i])
			break
		}
	}
	for range 3 {
		cut := false
		// At the end.
		if i, n := lastSeparator(t); i > 0 && c.isSiteName(t[i+n:], false, true) {
			t, cut = trimSpace(t[:i]), true
		}
		// At the start.
		if i, n := firstSeparator(t); i > 0 && i+n < len(t) && c.isSiteName(t[:i], false, false) {
			t, cut = trimSpace(t[i+n:]), true
		}
		if !cut {
			break
		}
	}
	return t
}

// separatorAt returns the length of the separator t[i:] starts with, or
// 0.
func separatorAt(t []byte, i int) int {
	if t[i] != ' ' {
		return 0
	}
	for _, s := range separators {
		if len(t)-i >= len(s) && string(t[i:i+len(s)]) == s {
			return len(s)
		}
	}
	return 0
}

// lastSeparator returns the position and length of the last separator in
// t, or -1.
func lastSeparator(t []byte) (int, int) {
	for i := len(t) - 1; i >= 0; i-- {
		if n := separatorAt(t, i); n > 0 {
			return i, n
		}
	}
	return -1, 0
}

// firstSeparator returns the position and length of the first separator
// in t (": " included), or -1.
func firstSeparator(t []byte) (int, int) {
	for i := range t {
		if n := separatorAt(t, i); n > 0 {
			return i, n
		}
		if t[i] == ':' && i > 0 && i+1 < len(t) && t[i+1] == ' ' {
			return i, 2
		}
	}
	return -1, 0
}

// titleSources are the titles metadata gives, best first.
func (c *Collector) titleSources(ld *ldInfo, fn func(v []byte) bool) {
	d := &c.doc
	if ld.main != jsonld.None && ld.mainRank >= rankWork {
		if v := d.GetString(ld.main, "headline"); len(v) > 0 && !fn(v) {
			return
		}
	}
	for _, f := range [...]field{fOGTitle, fTwitterTitle, fTitle} {
		if v := c.metaVal(f); len(v) > 0 && !fn(v) {
			return
		}
	}
	for i := range c.cands {
		if x := &c.cands[i]; x.k == kHeadline && x.ctx&(cComment|cAside|cCard|cFooter|cNav) == 0 {
			v := c.text(x.text)
			if len(v) == 0 {
				v = c.text(x.attr)
			}
			if len(v) > 0 && !fn(v) {
				return
			}
			break
		}
	}
	if v := c.text(c.title); len(v) > 0 {
		fn(v)
	}
}

// resolveTitle picks the headline: the page's h1 when the metadata's
// title agrees with it (it is what readers see), else the metadata's
// title, without the site's name either way.
func (c *Collector) resolveTitle(ld *ldInfo) {
	r := &c.res
	// An h1 that is the last part of the title is the site's name (a
	// logo): "Chapter – The Book" with an h1 "The Book".
	if t := c.text(c.title); len(t) > 0 {
		if i, n := lastSeparator(t); i > 0 {
			last := t[i+n:]
			for i := range c.cands {
				if x := &c.cands[i]; x.k == kH1 && sameKey(trimSpace(c.text(x.text)), last) {
					c.addSiteKey(last, false)
					break
				}
			}
		}
	}
	// The metadata's titles, stripped; meta is the first source's, or a
	// later one's that continues it when it looks cut short.
	var srcs [8][]byte
	n := 0
	c.titleSources(ld, func(v []byte) bool {
		srcs[n] = c.stripSite(v)
		n++
		return n < len(srcs)
	})
	var meta []byte
	for _, t := range srcs[:n] {
		switch {
		case len(t) == 0:
		case meta == nil:
			meta = t
		case len(meta) >= 90 && len(t) > len(meta) && keyHasPrefix(t, meta):
			meta = t
		}
	}
	// The words of the metadata's titles, hashed once.
	var ends [len(srcs)]int
	r.words = r.words[:0]
	for i, t := range srcs[:n] {
		r.words = appendWordHashes(r.words, t)
		ends[i] = len(r.words)
	}
	// The h1 that agrees best with one of the metadata's titles.
	best, bestScore := -1, -1.0
	for i := range c.cands {
		x := &c.cands[i]
		if x.k != kH1 || x.ctx&chrome != 0 {
			continue
		}
		h := trimSpace(c.text(x.text))
		if len(h) == 0 || len(h) > 400 || c.isSiteName(h, false, false) {
			continue
		}
		score := 0.0
		hw := len(r.words)
		r.words = appendWordHashes(r.words, h)
		for j, t := range srcs[:n] {
			from := 0
			if j > 0 {
				from = ends[j-1]
			}
			score = max(score, dice(r.words[hw:], r.words[from:ends[j]]))
			if len(h) >= 4 && keyHasPrefix(t, h) {
				score = 1 // "Headline — Site Documentation (3.1)"
			}
		}
		r.words = r.words[:hw]
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	if best >= 0 && (len(meta) == 0 || bestScore >= titleAgreement) {
		r.head = c.cands[best].pos
		r.set(oTitle, c.stripSite(trimPilcrow(c.text(c.cands[best].text))))
		return
	}
	r.set(oTitle, meta)
	// An h1 that reads as the title is the headline, even when it was
	// taken for the site's name.
	for i := range c.cands {
		if x := &c.cands[i]; x.k == kH1 && x.ctx&chrome == 0 && sameKey(trimSpace(c.text(x.text)), r.get(oTitle)) {
			r.head = x.pos
			break
		}
	}
}

// titleAgreement is how much an h1 and the metadata's title must agree
// (see dice) for the h1 to be the headline.
var titleAgreement = 0.3

// trimPilcrow drops the "¶" or "#" permalink anchors documentation
// generators put after headings.
func trimPilcrow(h []byte) []byte {
	h = trimSpace(h)
	for {
		switch {
		case bytes.HasSuffix(h, []byte("¶")):
			h = trimSpace(h[:len(h)-len("¶")])
		case bytes.HasSuffix(h, []byte(" #")):
			h = trimSpace(h[:len(h)-2])
		default:
			return h
		}
	}
}

// keyHasPrefix reports whether a's key starts with b's.
func keyHasPrefix(a, b []byte) bool {
	var ka, kb [512]byte
	x := appendKey(ka[:0], a)
	y := appendKey(kb[:0], b)
	return len(y) > 0 && bytes.HasPrefix(x, y)
}

// appendWordHashes appends the hashes of the words of b (runs of ASCII
// letters and digits and of non-ASCII bytes), ASCII lower-cased.
func appendWordHashes(dst []uint32, b []byte) []uint32 {
	const offset, prime = 2166136261, 16777619
	h, in := uint32(offset), false
	for _, ch := range b {
		if ch >= 0x80 || 'a' <= ch|0x20 && ch|0x20 <= 'z' || '0' <= ch && ch <= '9' {
			if 'A' <= ch && ch <= 'Z' {
				ch += 'a' - 'A'
			}
			h, in = (h^uint32(ch))*prime, true
			continue
		}
		if in {
			dst = append(dst, h)
			h, in = offset, false
		}
	}
	if in {
		dst = append(dst, h)
	}
	return dst
}

// dice returns how much two titles, as word hashes, agree: twice the
// words of a found in b over the words of both, from 0 to 1.
func dice(a, b []uint32) float64 {
	if len(a)+len(b) == 0 {
		return 0
	}
	found := 0
	for _, w := range a {
		for _, v := range b {
			if w == v {
				found++
				break
			}
		}
	}
	return 2 * float64(min(found, len(b))) / float64(len(a)+len(b))
}

// ---- Author ----

// declaredSiteAuthors says whether an author the page declares (JSON-LD,
// meta) may be the site's own name: company blogs sign as the company,
// and personal sites are named after their authors.
const declaredSiteAuthors = true

// resolveAuthor picks the authors: from the main entity's JSON-LD, the
// author metas, then what the page shows (microdata, rel=author links,
// bylines).
func (c *Collector) resolveAuthor(ld *ldInfo) {
	r := &c.res
	d := &c.doc
	start := int32(len(r.out))
	r.names, r.authorStart = 0, int(start)
	if ld.main != jsonld.None && ld.mainRank >= rankWork {
		a := d.Get(ld.main, "author")
		if a == jsonld.None {
			a = d.Get(ld.main, "creator")
		}
		eachName(d, a, func(v []byte) { c.addAuthor(ld, v, false, false) })
	}
	for _, f := range [...]field{fAuthor, fOGAuthor} {
		if r.names > 0 {
			break
		}
		for i := range c.metas {
			if c.metas[i].f == f {
				c.addAuthor(ld, c.text(c.metas[i].val), false, false)
			}
		}
	}
	for _, k := range [...]kind{kItemAuthor, kRelAuthor, kByline, kAuthorLink, kLooseByline} {
		if r.names > 0 {
			break
		}
		for i := range c.cands {
			x := &c.cands[i]
			if x.k != k || x.ctx&chrome != 0 {
				continue
			}
			if c.addAuthor(ld, c.value(x), true, k == kLooseByline) {
				break // the first is the page's (on a forum, the first poster)
			}
		}
	}
	r.f[oAuthor] = span{start, int32(len(r.out))}
}

// addAuthor appends one author (cleaned) to the output, joined to the
// ones before by "; ", and reports whether it was one. Text the page
// shows (visible) is cleaned of what bylines add around the name, and
// may not be the site's name.
func (c *Collector) addAuthor(ld *ldInfo, v []byte, visible, strict bool) bool {
	r := &c.res
	if r.names >= 8 {
		return false
	}
	s := len(r.buf)
	r.buf = appendCollapsed(r.buf, r.unescape(v), true)
	name := trimSpace(r.buf[s:])
	defer func() { r.buf = r.buf[:s] }()
	name = cleanAuthor(name, visible)
	if !c.plausibleAuthor(name, visible || !declaredSiteAuthors || !c.articleShown(ld)) || visible && !nameLike(name, strict) {
		return false
	}
	if r.names > 0 {
		if containsName(r.out[r.authorStart:], name) {
			return true
		}
		r.out = append(r.out, "; "...)
	}
	r.out = append(r.out, name...)
	r.names++
	return true
}

// nameLike reports whether text the page shows reads as a name, not a
// phrase ("By using this site…"): at most six words, not starting with a
// digit, without breadcrumb arrows; strict (a loose "By …" text) wants
// every word capitalised but for particles ("van", "de") and joining
// words ("and").
func nameLike(v []byte, strict bool) bool {
	words := 0
	for w := range bytes.FieldsSeq(v) {
		words++
		if words > 6 {
			return false
		}
		if strict && !startsUpper(w) && !nameParticle(w) && !(len(w) > 0 && w[0] >= 0x80 && !hasCase(w)) {
			return false
		}
	}
	if words == 0 || isDigit(v[0]) || bytes.Contains(v, []byte("»")) || bytes.Contains(v, []byte("›")) {
		return false
	}
	return true
}

// hasCase reports whether w's first letter has an upper and a lower case
// (Latin, Greek, Cyrillic do; Chinese, Japanese, Arabic do not).
func hasCase(w []byte) bool {
	r, _ := utf8.DecodeRune(w)
	return unicode.ToUpper(r) != unicode.ToLower(r)
}

// articleShown reports whether the page shows itself as an article: an
// Article-like main entity, or a publication date. Only then may the
// author it declares be the site itself (a company blog signing as the
// company): elsewhere that is the site's boilerplate.
func (c *Collector) articleShown(ld *ldInfo) bool {
	return ld.mainRank == rankArticle || !c.res.f[oDate].empty()
}

// containsName reports whether the "; "-joined list holds name.
func containsName(list, name []byte) bool {
	for p := range bytes.SplitSeq(list, []byte("; ")) {
		if bytes.EqualFold(p, name) {
			return true
		}
	}
	return false
}

// authorPrefixes are the words bylines put before the name.
var authorPrefixes = [...]string{"written by", "posted by", "published by", "authored by", "words by",
	"story by", "article by", "created by", "text by", "by:", "by", "author:", "authors:", "author",
	"von", "par", "por", "door", "di", "av", "af", "autor:", "autor", "auteur:", "escrito por", "publicado por", "posted in"}

// cleanAuthor strips a byline's "By" and what follows the name (" | date",
// " on May 5", " - Updated …", a bio after the name).
func cleanAuthor(v []byte, visible bool) []byte {
	v = trimSpace(v)
	// A date first: "Dec 17, 2025 Julian K. Arni".
	if n := dateLen(v); n > 0 {
		v = trimSpace(bytes.TrimLeft(v[n:], " ,|·•-–—:"))
	}
	for _, p := range authorPrefixes {
		if len(v) > len(p) && asciiEqualFold(v[:len(p)], p) && (p[len(p)-1] == ':' || v[len(p)] == ' ' || v[len(p)] == ':') {
			v = trimSpace(bytes.TrimLeft(v[len(p):], ": "))
			break
		}
	}
	if !visible {
		return trimPunct(v)
	}
	// "Updated May 5, 2024 Written by Jane Doe": the name follows "by".
	for i := 0; i+3 < len(v); i++ {
		if (i == 0 || v[i-1] == ' ') && asciiEqualFold(v[i:i+3], "by ") && i > 0 {
			v = trimSpace(v[i+3:])
			break
		}
	}
	for _, sep := range [...]string{" | ", " · ", " • ", " — ", " – ", " - ", " on ", " On ", " at ", " in ", " In ",
		" Updated", " updated", " Published", " published", " Posted", " posted", " Last ", " Reviewed", " reviewed",
		" Fact checked", " Follow", " Share", " Read ", " min read", "\u00a0|"} {
		if i := bytes.Index(v, []byte(sep)); i > 0 {
			v = trimSpace(v[:i])
		}
	}
	// A date after the name: "John Smith May 5, 2024".
	for i := 1; i < len(v); i++ {
		if v[i-1] == ' ' && isDate(v[i:]) {
			v = trimSpace(v[:i])
			break
		}
	}
	// A bio after the name: "Jane Doe Jane is a writer…" keeps the
	// capitalised words before the first lower-case one.
	if words := bytes.Count(v, []byte(" ")) + 1; words > 5 {
		// ends[k] is where the k+1 first words end.
		var ends [6]int
		n, start := 0, 0
		for i := 0; i <= len(v) && n < len(ends); i++ {
			if i < len(v) && v[i] != ' ' {
				continue
			}
			w := v[start:i]
			if n > 0 && !startsUpper(w) && !nameParticle(w) {
				break
			}
			ends[n] = i
			n++
			start = i + 1
		}
		// "Jane Doe Jane is…": the bio starts with the first name again.
		if n >= 3 && bytes.Equal(v[:ends[0]], v[ends[n-2]+1:ends[n-1]]) {
			n--
		}
		if n >= 2 && n <= 4 {
			v = v[:ends[n-1]]
		}
	}
	return trimPunct(v)
}

// trimPunct trims the punctuation and symbols bylines leave around names
// (separators, arrows, "／"), but not the closing marks names end with
// ("Jr.", "(Daniel)").
func trimPunct(v []byte) []byte {
	for len(v) > 0 {
		r, n := utf8.DecodeLastRune(v)
		if r == ' ' || (unicode.IsPunct(r) || unicode.IsSymbol(r)) && !strings.ContainsRune(".)]'’\"”", r) {
			v = v[:len(v)-n]
			continue
		}
		break
	}
	for len(v) > 0 {
		r, n := utf8.DecodeRune(v)
		if r == ' ' || (unicode.IsPunct(r) || unicode.IsSymbol(r)) && !strings.ContainsRune("(['‘\"“", r) {
			v = v[n:]
			continue
		}
		break
	}
	return v
}

func startsUpper(w []byte) bool {
	r, _ := utf8.DecodeRune(w)
	return unicode.IsUpper(r)
}

// nameParticle reports whether w is a lower-case word names contain.
func nameParticle(w []byte) bool {
	switch string(w) {
	case "van", "der", "den", "de", "da", "di", "del", "della", "von", "la", "le", "du", "dos", "das", "bin", "al", "el", "y", "and", "&":
		return true
	}
	return false
}

// plausibleAuthor reports whether a cleaned name can be an author: not
// empty, not a URL or address, not too long, not a generic label or a
// date word; with siteToo, not the site's name either.
func (c *Collector) plausibleAuthor(v []byte, siteToo bool) bool {
	if len(v) < 2 || len(v) > 120 {
		return false
	}
	if bytes.Contains(v, []byte("://")) || bytes.HasPrefix(v, []byte("www.")) || bytes.HasPrefix(v, []byte("/")) ||
		bytes.IndexByte(v, '@') >= 0 && bytes.IndexByte(v, '.') >= 0 || bytes.HasPrefix(v, []byte("@")) ||
		bytes.ContainsAny(v, "?!{}<>=") {
		return false
	}
	words, letters, digitsN := 0, 0, 0
	for range bytes.FieldsSeq(v) {
		words++
	}
	for _, r := range string(v) {
		switch {
		case '0' <= r && r <= '9':
			digitsN++
		case isWordRune(r):
			letters++
		}
	}
	if words > 12 || letters < 2 || words == 1 && len(v) >= 16 && digitsN > 0 {
		return false
	}
	var lb [32]byte
	if len(v) <= len(lb) {
		lw := lb[:0]
		for _, ch := range v {
			if 'A' <= ch && ch <= 'Z' {
				ch += 'a' - 'A'
			}
			lw = append(lw, ch)
		}
		switch string(lw) {
		case "admin", "administrator", "admins", "editor", "editors", "staff", "guest", "anonymous", "unknown",
			"user", "webmaster", "author", "authors", "by", "posted by", "written by", "view more posts",
			"more posts", "all posts", "view all posts", "see all posts", "read more", "about the author",
			"about", "profile", "contributor", "contributors", "null", "none", "n/a", "undefined", "wpadmin",
			"site admin", "root", "default", "follow", "share", "comments", "comment", "home", "blog", "news",
			"today", "yesterday", "name", "email", "website", "reply", "login", "log in", "sign in", "menu",
			"updated", "published", "posted", "last updated", "written", "reviewed", "edited":
			return false
		}
		var wb [16]byte
		if len(lw) <= 16 && (weekday(lw) || monthName(lowerInto(&wb, lw)) != 0) {
			return false
		}
	}
	for _, p := range [...]string{"view all", "view more", "more posts", "posts by", "all posts", "articles by", "read more", "see more", "more from", "stories by", "min read", "click here"} {
		if containsFold(v, p) {
			return false
		}
	}
	return !siteToo || !c.isSiteName(v, true, true)
}

// ---- Dates ----

// resolveDates picks the publication and modification dates.
func (c *Collector) resolveDates(ld *ldInfo) {
	r := &c.res
	d := &c.doc
	date := func(v []byte) bool { return c.setDate(oDate, v) }
	modified := func(v []byte) { c.setDate(oModified, v) }
	// An article's own dates first; another work's (a video, a product
	// embedded in the page) after the page's metas.
	ldDates := func() {
		for _, k := range [...]string{"datePublished", "dateCreated", "uploadDate"} {
			if date(d.GetString(ld.main, k)) {
				break
			}
		}
		modified(d.GetString(ld.main, "dateModified"))
	}
	if ld.main != jsonld.None && ld.mainRank == rankArticle {
		ldDates()
	}
	for i := range c.metas {
		if c.metas[i].f == fPublished && date(c.text(c.metas[i].val)) {
			break
		}
	}
	if ld.main != jsonld.None && ld.mainRank == rankWork {
		ldDates()
	}
	for i := range c.metas {
		if c.metas[i].f == fModified {
			modified(c.text(c.metas[i].val))
		}
	}
	for i := range c.metas {
		if c.metas[i].f == fDate && date(c.text(c.metas[i].val)) {
			break
		}
	}
	for i := range c.cands {
		x := &c.cands[i]
		if x.ctx&chrome != 0 {
			continue
		}
		switch x.k {
		case kItemDate:
			date(c.value(x))
		case kItemModified:
			modified(c.value(x))
		}
	}
	if ld.page != jsonld.None {
		// A WebPage's dates are the page's: what CMSs write for every
		// page, articles or not. Trusted only where the page has an
		// article's signs.
		if c.articleSigns(ld) {
			date(d.GetString(ld.page, "datePublished"))
		}
		modified(d.GetString(ld.page, "dateModified"))
	}
	// What the page shows: the dates near the headline.
	vs := len(r.out)
	_, near, shownTime := c.visibleDate()
	ve := len(r.out)
	us := len(r.out)
	c.shownUpdate()
	ue := len(r.out)
	switch {
	case r.f[oDate].empty() && ve > vs:
		r.f[oDate] = span{int32(vs), int32(ve)}
	case r.f[oDate].empty() && ue > us:
		// Nothing says when the page was first published, but it shows
		// its last update: evergreen pages that show only "Updated May
		// 5, 2024" are dated by it.
		r.f[oDate] = span{int32(us), int32(ue)}
	case ve > vs && r.f[oDate].end-r.f[oDate].start > 10 && oneDayApart(r.get(oDate), r.out[vs:vs+10]) && c.shownDayWins(r.get(oDate), r.out[vs:vs+10]):
		// A timestamp whose day is the day before or after the one the
		// page shows by its headline, and that does not say its zone
		// (or whose day the URL contradicts): the page's is the local
		// day.
		r.f[oDate] = span{int32(vs), int32(vs + 10)}
	case near && c.editDated() && bytes.Compare(r.out[vs:vs+10], r.get(oDate)[:10]) < 0 && !(oneDayApart(r.get(oDate), r.out[vs:vs+10]) && zoneShifted(r.get(oDate))):
		// Metadata that dates the publication on or after the last
		// modification dates an edit (CMSs that write the last one in
		// both); an earlier day the page shows is its first
		// publication's. Not when a zone makes it the same moment.
		r.f[oDate] = span{int32(vs), int32(vs + 10)}
	case shownTime && !bytes.Equal(r.out[vs:vs+10], r.get(oDate)[:10]) && !oneDayApart(r.get(oDate), r.out[vs:vs+10]) && c.timesAgree(r.out[vs:vs+10]):
		// A <time> element by the headline is the date readers see as
		// the page's, marked up as such: it wins over metadata that
		// names another day (a CMS's creation or import date), unless
		// other time elements by the headline name other days (a list).
		r.f[oDate] = span{int32(vs), int32(vs + 10)}
	}
	for i := range c.cands {
		if x := &c.cands[i]; x.ctx&chrome == 0 || x.k == kLooseDate {
			if v := c.updateValue(x); len(v) > 0 {
				modified(v)
			}
		}
	}
}

// updateValue returns the date text of a candidate that shows an update
// ("Updated May 5, 2024", class="updated"), or nil.
func (c *Collector) updateValue(x *cand) []byte {
	switch {
	case (x.k == kTime || x.k == kDateText) && x.own&cModCls != 0:
		return c.value(x)
	case x.k == kLooseDate && x.flag:
		return c.text(x.attr)
	}
	return nil
}

// shownUpdate appends the first update date the page shows by its
// headline, and reports whether there is one.
func (c *Collector) shownUpdate() bool {
	r := &c.res
	for i := range c.cands {
		x := &c.cands[i]
		if x.ctx&chrome != 0 || !c.byHeadline(x) {
			continue
		}
		if v := c.updateValue(x); len(v) > 0 {
			if out, ok := appendDate(r.out, v, x.k == kDateText); ok {
				r.out = out
				return true
			}
		}
	}
	return false
}

// value returns a candidate's attribute value, or its text when it has
// none.
func (c *Collector) value(x *cand) []byte {
	if v := c.text(x.attr); len(v) > 0 {
		return v
	}
	return c.text(x.text)
}

// setDate makes the date v output o unless it is set already, and reports
// whether it is set afterwards.
func (c *Collector) setDate(o int, v []byte) bool {
	r := &c.res
	if r.f[o].empty() && len(v) > 0 {
		s := len(r.out)
		if out, ok := appendDate(r.out, v, false); ok {
			r.out = out
			r.f[o] = span{int32(s), int32(len(out))}
		}
	}
	return !r.f[o].empty()
}

// visibleDate appends the publication date the page shows, in YYYY-MM-DD
// form, and reports whether there is one: a time element marked as the
// publication's (pubdate, itemprop, a "Published" label), then one in a byline, date, meta or
// article context (on a page without a headline, any: the classes that
// say so are read only around a headline), then an element classed as a
// date, then a short text
// near the headline that is a date, then a date in the byline, then the
// date in the URL's path. None that says it is an update counts. near
// says whether the page shows the date as its own: by the headline, or
// in a time element marked as the publication's; shownTime whether it is
// an unmarked time element by the headline, in a byline, date, meta or
// article context.
func (c *Collector) visibleDate() (found, near, shownTime bool) {
	r := &c.res
	for pass := range 5 {
		for i := range c.cands {
			x := &c.cands[i]
			if x.ctx&chrome != 0 || x.own&cModCls != 0 || pass > 0 && !c.byHeadline(x) {
				continue
			}
			var v []byte
			anywhere := false
			switch pass {
			case 0:
				if x.k == kTime && x.flag || x.k == kDateText && x.attr.empty() && saysPublished(c.text(x.text)) {
					v, anywhere = c.value(x), x.k == kDateText
				}
			case 1:
				if x.k == kTime && (x.ctx&(cByline|cDateCls|cMeta|cArticle|cH1) != 0 || c.res.head < 0) {
					v = c.value(x)
				}
			case 2:
				if x.k == kDateText && x.ctx&cModCls == 0 {
					v = c.value(x)
				}
			case 3:
				if x.k == kLooseDate && !x.flag {
					v = c.text(x.attr)
				}
			case 4:
				if x.k == kByline && !containsFold(c.text(x.text), "updat") {
					v, anywhere = c.text(x.text), true
				}
			}
			if len(v) == 0 || pass > 0 && updatedBefore(c.text(x.text)) {
				continue
			}
			// A time element marked as the publication's is shown
			// wherever it is; a labelled text (no text captured) far
			// from the headline may be quoted from another page.
			near = c.byHeadline(x) || pass == 0 && !x.text.empty()
			if out, ok := appendDate(r.out, v, anywhere); ok {
				r.out = out
				return true, near, pass == 1
			}
			if (pass == 0 || pass == 1) && len(c.text(x.attr)) > 0 {
				if out, ok := appendDate(r.out, c.text(x.text), false); ok {
					r.out = out
					return true, near, pass == 1
				}
			}
		}
	}
	if c.pageURL != "" {
		if out, ok := urlDate(r.out, c.pageURL); ok {
			r.out = out
			return true, false, false
		}
	}
	return false, false, false
}

// saysPublished reports whether the words before the first date of a
// text label it as the publication's ("This article was originally
// published on 26 Sep 2019", "Veröffentlicht: …"), and none says it is an
// update.
func saysPublished(t []byte) bool {
	i := dateStart(t)
	if i <= 0 || saysUpdated(t[:i]) {
		return false
	}
	for _, w := range pubWords {
		if containsFold(t[:i], w) {
			return true
		}
	}
	return false
}

// pubWords are the stems that say a date is the publication's.
var pubWords = [...]string{"publish", "publié", "publicad", "pubblicat", "veröffentlicht", "gepubliceerd"}

// timesAgree reports whether every time element by the headline, outside
// the page's chrome and not an update's, that holds a date names the day
// day (YYYY-MM-DD).
func (c *Collector) timesAgree(day []byte) bool {
	r := &c.res
	s := len(r.out)
	agree := true
	for i := range c.cands {
		x := &c.cands[i]
		if x.k != kTime || x.ctx&chrome != 0 || x.own&cModCls != 0 || !c.byHeadline(x) {
			continue
		}
		out, ok := appendDate(r.out[:s], c.value(x), false)
		r.out = out // the scratch space, kept for the next
		if ok && !bytes.Equal(out[s:s+10], day) {
			agree = false
			break
		}
	}
	r.out = r.out[:s]
	return agree
}

// byHeadline reports whether candidate x is where pages show their own
// date: from a little before the headline (a dateline above the title)
// to looseWindow bytes of text after it. Further on are the dates of
// comments and of related articles. Without an h1, anywhere.
func (c *Collector) byHeadline(x *cand) bool {
	h := c.res.head
	if h < 0 {
		return x.order != c.dateline // a dateline is one only above a headline
	}
	return x.pos >= h-beforeHeadline && x.pos-h <= looseWindow
}

// beforeHeadline is how many bytes of text before the h1 a dateline may
// be.
const beforeHeadline = 400

// saysUpdated reports whether a text says its date is an update's:
// "Updated May 5, 2024", "Last modified: …", "Actualizado el …",
// "Aktualisiert am …", "Mis à jour le …". It is read for every short
// text near the headline, so it looks at each byte once, comparing only
// where a word could start.
func saysUpdated(t []byte) bool {
	for i, ch := range t {
		var words []string
		switch ch | 0x20 {
		case 'u':
			words = updateWords[0:1]
		case 'm':
			words = updateWords[1:4]
		case 'r':
			words = updateWords[4:5]
		case 'e':
			words = updateWords[5:6]
		case 'a':
			words = updateWords[6:10]
		case 'b':
			words = updateWords[10:11]
		default:
			continue
		}
		for _, w := range words {
			if len(t)-i >= len(w) && asciiEqualFold(t[i:i+len(w)], w) {
				return true
			}
		}
	}
	return false
}

// updatedBefore reports whether a text says its date is an update's: in
// the words before its first date, as a label does ("Updated May 5,
// 2024", "Published May 1, 2024 · Updated June 3, 2024" says the first
// is not); a text without a date, anywhere.
func updatedBefore(t []byte) bool {
	if !saysUpdated(t) {
		return false
	}
	if i := dateStart(t); i >= 0 {
		return saysUpdated(t[:i])
	}
	return true
}

// updateWords are the words that say a date is an update's, grouped by
// their first letter as saysUpdated reads them.
var updateWords = [...]string{"updat", "modif", "mis à jour", "mise à jour", "revised", "edited",
	"actualiz", "atualiz", "aktualisiert", "aggiornat", "bijgewerkt"}

// oneDayApart reports whether two dates (YYYY-MM-DD…) are one day apart.
func oneDayApart(a, b []byte) bool {
	da, ok1 := dayNumber(a)
	db, ok2 := dayNumber(b)
	return ok1 && ok2 && (da-db == 1 || db-da == 1)
}

// dayNumber returns the days since 0000-03-01 of a YYYY-MM-DD date.
func dayNumber(s []byte) (int, bool) {
	if len(s) < 10 {
		return 0, false
	}
	y, _ := digits(s[0:4])
	m, _ := digits(s[5:7])
	d, _ := digits(s[8:10])
	if !validDay(y, m, d) {
		return 0, false
	}
	if m <= 2 {
		y--
		m += 12
	}
	return 365*y + y/4 - y/100 + y/400 + (153*(m-3)+2)/5 + d - 1, true
}

// articleSigns reports whether the page shows signs of being an article:
// og:type article, an article entity, or an article:published_time meta.
func (c *Collector) articleSigns(ld *ldInfo) bool {
	if ld.mainRank == rankArticle {
		return true
	}
	if t := c.metaVal(fOGType); asciiEqualFold(t, "article") {
		return true
	}
	return c.metaVal(fPublished) != nil
}

// ---- The rest ----

// resolveRest sets the description, URL, language, image, categories and
// tags.
func (c *Collector) resolveRest(ld *ldInfo) {
	r := &c.res
	d := &c.doc
	var ldDesc, ldImage, ldLang []byte
	if ld.main != jsonld.None {
		ldDesc = d.GetString(ld.main, "description")
		ldImage = ldURL(d, d.Get(ld.main, "image"))
		ldLang = d.GetString(ld.main, "inLanguage")
	}
	for _, v := range [...][]byte{c.metaVal(fOGDescription), c.metaVal(fDescription), c.metaVal(fTwitterDescription), ldDesc} {
		if len(v) > 0 && r.set(oDesc, v) {
			break
		}
	}
	r.set(oURL, c.text(c.canonical))
	r.set(oURL, c.metaVal(fOGURL))
	r.set(oLang, c.text(c.lang))
	if loc := c.metaVal(fOGLocale); len(loc) > 0 && r.f[oLang].empty() {
		s := len(r.out)
		if r.set(oLang, loc) {
			for i := s; i < len(r.out); i++ {
				if r.out[i] == '_' {
					r.out[i] = '-'
				}
			}
		}
	}
	r.set(oLang, c.metaVal(fLang))
	r.set(oLang, ldLang)
	for _, v := range [...][]byte{c.metaVal(fOGImage), c.metaVal(fTwitterImage), ldImage, c.metaVal(fImage)} {
		if len(v) > 0 && r.set(oImage, v) {
			break
		}
	}
	// Categories: article:section and articleSection, rel=category links.
	if ld.main != jsonld.None && ld.mainRank >= rankWork {
		eachString(d, d.Get(ld.main, "articleSection"), func(v []byte) { c.addList(&r.cats, v, false) })
	}
	for i := range c.metas {
		if c.metas[i].f == fSection {
			c.addList(&r.cats, c.text(c.metas[i].val), false)
		}
	}
	for i := range c.cands {
		if x := &c.cands[i]; x.k == kCategoryLink && x.ctx&(cNav|cFooter|cAside) == 0 {
			c.addList(&r.cats, c.text(x.text), false)
		}
	}
	// Tags: keywords, article:tag and its kin, rel=tag links, and the
	// keywords meta when there is nothing else.
	if ld.main != jsonld.None && ld.mainRank >= rankWork {
		eachString(d, d.Get(ld.main, "keywords"), func(v []byte) { c.addList(&r.tags, v, true) })
	}
	for i := range c.metas {
		if c.metas[i].f == fTag {
			c.addList(&r.tags, c.text(c.metas[i].val), true)
		}
	}
	for i := range c.cands {
		if x := &c.cands[i]; x.k == kTagLink && x.ctx&(cNav|cFooter|cAside) == 0 {
			c.addList(&r.tags, c.text(x.text), false)
		}
	}
	if len(r.tags) == 0 {
		for i := range c.metas {
			if c.metas[i].f == fKeywords {
				c.addList(&r.tags, c.text(c.metas[i].val), true)
			}
		}
	}
}

// addList adds v to a list (split at commas when split), without repeats,
// at most maxList items.
func (c *Collector) addList(list *[]span, v []byte, split bool) {
	r := &c.res
	for len(v) > 0 && len(*list) < maxList {
		item := v
		v = nil
		if split {
			if i := bytes.IndexByte(item, ','); i >= 0 {
				item, v = item[:i], item[i+1:]
			}
		}
		s := int32(len(r.out))
		r.out = appendCollapsed(r.out, r.unescape(item), true)
		e := s + int32(len(trimSpace(r.out[s:])))
		r.out = r.out[:e]
		if e == s || e-s > 100 {
			r.out = r.out[:s]
			continue
		}
		dup := false
		for _, p := range *list {
			if bytes.EqualFold(r.out[p.start:p.end], r.out[s:e]) {
				dup = true
				break
			}
		}
		if dup {
			r.out = r.out[:s]
			continue
		}
		*list = append(*list, span{s, e})
	}
}

// containsFold reports whether v contains the lower-case ASCII s, ignoring
// ASCII case.
func containsFold(v []byte, s string) bool {
	for i := 0; i+len(s) <= len(v); i++ {
		if asciiEqualFold(v[i:i+len(s)], s) {
			return true
		}
	}
	return false
}

// isWordRune reports whether r is a letter or digit.
func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

func toLower(r rune) rune { return unicode.ToLower(r) }

// shownDayWins reports whether the day shown by the headline, one day
// apart from the timestamp ts of the metadata, is the publication day:
// when ts has no zone, so that its day is a server's whose zone is not
// known, or when the URL's path dates the page to the shown day. A
// timestamp with a zone is self-consistent: its day is the one written
// in it (the shown one is often converted to the reader's or to another
// zone).
func (c *Collector) shownDayWins(ts, shown []byte) bool {
	if !hasZone(ts) {
		return true
	}
	if c.pageURL == "" {
		return false
	}
	r := &c.res
	s := len(r.out)
	out, ok := urlDate(r.out, c.pageURL)
	wins := ok && bytes.Equal(out[s:min(len(out), s+10)], shown)
	r.out = out[:s]
	return wins
}

// hasZone reports whether an ISO timestamp says its zone: Z or an
// offset after the time.
func hasZone(ts []byte) bool {
	if len(ts) <= 11 {
		return false
	}
	t := ts[11:]
	return t[len(t)-1] == 'Z' || bytes.IndexByte(t, '+') >= 0 || bytes.IndexByte(t, '-') >= 0
}

// zoneShifted reports whether a timestamp (YYYY-MM-DDThh:mm:ss and its
// zone) falls on the day before its own in some zone in use (UTC-12 or
// east of it): a page showing that day may show the same moment.
func zoneShifted(ts []byte) bool {
	if len(ts) < 20 {
		return false
	}
	h, _ := digits(ts[11:13])
	m, _ := digits(ts[14:16])
	utc := h*60 + m
	if z := ts[19:]; len(z) == 6 && (z[0] == '+' || z[0] == '-') {
		zh, _ := digits(z[1:3])
		zm, _ := digits(z[4:6])
		if z[0] == '+' {
			utc -= zh*60 + zm
		} else {
			utc += zh*60 + zm
		}
	}
	return utc < 12*60
}

// editDated reports whether the publication date resolved from the
// metadata is on or after its modification date.
func (c *Collector) editDated() bool {
	r := &c.res
	d, m := r.get(oDate), r.get(oModified)
	return len(d) >= 10 && len(m) >= 10 && bytes.Compare(d[:10], m[:10]) >= 0
}
