package metadata

import (
	"bytes"

	"github.com/jtextract/jt/internal/jsonld"
)

// Ranks of schema.org types as the page's main entity.
const (
	rankNone    = 0
	rankPage    = 1 // WebPage and its kin: every page of a CMS declares one
	rankWork    = 2 // other content: products, events, videos, recipes…
	rankArticle = 3 // articles and posts
)

// articleType returns the rank of a schema.org type name.
func articleType(w []byte) int {
	switch string(w) {
	case "Article", "NewsArticle", "BlogPosting", "Blog", "Report", "ScholarlyArticle", "TechArticle",
		"OpinionNewsArticle", "AnalysisNewsArticle", "ReportageNewsArticle", "BackgroundNewsArticle",
		"ReviewNewsArticle", "AskPublicNewsArticle", "SatiricalArticle", "LiveBlogPosting",
		"SocialMediaPosting", "DiscussionForumPosting", "MedicalScholarlyArticle", "AdvertiserContentArticle",
		"APIReference", "PressRelease":
		return rankArticle
	}
	return rankNone
}

// typeRank returns the rank of a type name, full URLs included.
func typeRank(w []byte) int {
	if i := bytes.LastIndexByte(w, '/'); i >= 0 {
		w = w[i+1:]
	}
	if r := articleType(w); r > 0 {
		return r
	}
	switch string(w) {
	case "WebPage", "AboutPage", "ItemPage", "CollectionPage", "ProfilePage", "FAQPage", "QAPage",
		"MedicalWebPage", "ContactPage", "SearchResultsPage", "CheckoutPage", "RealEstateListing":
		return rankPage
	case "Recipe", "HowTo", "Review", "VideoObject", "PodcastEpisode", "Product", "Event", "Course",
		"JobPosting", "Book", "Movie", "Question", "Guide", "Dataset", "SoftwareApplication",
		"CreativeWork", "Episode", "Service", "Thesis", "Legislation":
		return rankWork
	}
	return rankNone
}

// ldInfo is what resolution needs of the page's JSON-LD.
type ldInfo struct {
	main     int32 // the main entity: best-ranked, first of its rank
	mainRank int
	page     int32 // the first WebPage-like object
	site     int32 // the first WebSite object
	articles int   // how many top-level article objects with distinct headlines
}

// types calls fn with each @type name of object n.
func typesOf(d *jsonld.Doc, n int32, fn func(name []byte)) {
	t := d.Get(n, "@type")
	if t == jsonld.None {
		return
	}
	switch d.Nodes[t].Kind {
	case jsonld.String:
		fn(d.Value(t))
	case jsonld.Array:
		for c := d.Nodes[t].First; c != jsonld.None; c = d.Nodes[c].Next {
			if d.Nodes[c].Kind == jsonld.String {
				fn(d.Value(c))
			}
		}
	}
}

// topLevel reports whether object n is one of the page's own entities:
// a root, an element of a root array or @graph, or a mainEntity of one,
// rather than an item of a list, a review or a related link.
func topLevel(d *jsonld.Doc, n int32) bool {
	for range 16 {
		p := d.Nodes[n].Parent
		if p == jsonld.None {
			return true
		}
		if d.Nodes[p].Kind == jsonld.Array { // as top-level as the array
			n = p
			continue
		}
		switch string(d.Key(n)) {
		case "@graph", "mainEntity", "mainEntityOfPage":
			n = p
		default:
			return false
		}
	}
	return false
}

// analyzeLD finds the page's main entity, WebPage and WebSite.
func (c *Collector) analyzeLD() ldInfo {
	d := &c.doc
	info := ldInfo{main: jsonld.None, page: jsonld.None, site: jsonld.None}
	var firstHeadline []byte
	for i := range d.Nodes {
		n := int32(i)
		if d.Nodes[n].Kind != jsonld.Object {
			continue
		}
		rank := rankNone
		isSite := false
		typesOf(d, n, func(t []byte) {
			rank = max(rank, typeRank(t))
			if i := bytes.LastIndexByte(t, '/'); i >= 0 {
				t = t[i+1:]
			}
			isSite = isSite || string(t) == "WebSite"
		})
		if isSite && info.site == jsonld.None {
			info.site = n
		}
		if rank == rankNone {
			continue
		}
		if !topLevel(d, n) {
			continue
		}
		if rank == rankPage && info.page == jsonld.None {
			info.page = n
		}
		if rank == rankArticle {
			h := d.GetString(n, "headline")
			if info.articles == 0 || !bytes.Equal(h, firstHeadline) {
				info.articles++
				if info.articles == 1 {
					firstHeadline = h
				}
			}
		}
		if rank > info.mainRank {
			info.main, info.mainRank = n, rank
		}
	}
	if info.articles > 1 {
		// Several articles (a page that lists others, or related ones):
		// the page's is the one whose URL or headline is the page's.
		info.main, info.mainRank = jsonld.None, rankNone
		for i := range d.Nodes {
			n := int32(i)
			if d.Nodes[n].Kind != jsonld.Object || !topLevel(d, n) {
				continue
			}
			rank := rankNone
			typesOf(d, n, func(t []byte) { rank = max(rank, typeRank(t)) })
			if rank == rankArticle && c.isPageEntity(n) {
				info.main, info.mainRank = n, rank
				break
			}
		}
		if info.main == jsonld.None && info.page != jsonld.None {
			info.main, info.mainRank = info.page, rankPage
		}
	}
	return info
}

// isPageEntity reports whether JSON-LD object n describes this page: its
// url, @id or mainEntityOfPage is the page's URL (canonical, og:url or
// the one given), or its headline is the page's title.
func (c *Collector) isPageEntity(n int32) bool {
	d := &c.doc
	urls := [...][]byte{c.text(c.canonical), c.metaVal(fOGURL), []byte(c.pageURL)}
	for _, k := range [...]string{"url", "@id", "mainEntityOfPage"} {
		v := d.Get(n, k)
		if v == jsonld.None {
			continue
		}
		var u []byte
		switch d.Nodes[v].Kind {
		case jsonld.String:
			u = d.Value(v)
		case jsonld.Object:
			u = d.GetString(v, "@id")
			if u == nil {
				u = d.GetString(v, "url")
			}
		}
		for _, p := range urls {
			if sameURL(u, p) {
				return true
			}
		}
	}
	h := d.GetString(n, "headline")
	if len(h) == 0 {
		return false
	}
	for _, t := range [...][]byte{c.metaVal(fOGTitle), c.metaVal(fTwitterTitle), c.text(c.title)} {
		if len(t) > 0 && (sameKey(h, t) || sameKey(h, c.stripSite(t))) {
			return true
		}
	}
	return false
}

// sameURL reports whether two URLs are the same page: equal but for the
// scheme, a "www.", a trailing slash, the query and the fragment.
func sameURL(a, b []byte) bool {
	a, b = urlCore(a), urlCore(b)
	return len(a) > 0 && bytes.Equal(a, b)
}

func urlCore(u []byte) []byte {
	u = bytes.TrimSpace(u)
	if i := bytes.Index(u, []byte("://")); i >= 0 {
		u = u[i+3:]
	}
	u = bytes.TrimPrefix(u, []byte("www."))
	if i := bytes.IndexAny(u, "?#"); i >= 0 {
		u = u[:i]
	}
	return bytes.TrimRight(u, "/")
}

// sameKey reports whether two texts have the same key (letters and digits,
// lower-cased), after HTML entities are decoded.
func sameKey(a, b []byte) bool {
	var ka, kb [256]byte
	x := appendKey(ka[:0], a)
	y := appendKey(kb[:0], b)
	return len(x) > 0 && bytes.Equal(x, y)
}

// resolveRef returns the object n stands for: n itself, or the object
// its lone @id names.
func resolveRef(d *jsonld.Doc, n int32) int32 {
	if n == jsonld.None || d.Nodes[n].Kind != jsonld.Object {
		return n
	}
	if d.GetString(n, "name") != nil {
		return n
	}
	if id := d.GetString(n, "@id"); id != nil {
		if o := d.ByID(id, n); o != jsonld.None {
			return o
		}
	}
	return n
}

// ldName returns the name of value n: a string, or an object's name
// (following an @id reference).
func ldName(d *jsonld.Doc, n int32) []byte {
	if n == jsonld.None {
		return nil
	}
	switch d.Nodes[n].Kind {
	case jsonld.String:
		return d.Value(n)
	case jsonld.Object:
		o := resolveRef(d, n)
		if v := d.GetString(o, "name"); v != nil {
			return v
		}
		// Some write a Person's parts only.
		if v := d.GetString(o, "givenName"); v != nil {
			return v
		}
	}
	return nil
}

// ldURL returns the URL of an image value: a string, an object's url or
// contentUrl, or an array's first.
func ldURL(d *jsonld.Doc, n int32) []byte {
	for range 4 {
		if n == jsonld.None {
			return nil
		}
		switch d.Nodes[n].Kind {
		case jsonld.String:
			return d.Value(n)
		case jsonld.Array:
			n = d.Nodes[n].First
		case jsonld.Object:
			o := resolveRef(d, n)
			if v := d.GetString(o, "url"); v != nil {
				return v
			}
			if v := d.GetString(o, "contentUrl"); v != nil {
				return v
			}
			return nil
		default:
			return nil
		}
	}
	return nil
}

// eachString calls fn with the string n is, or each string of array n.
func eachString(d *jsonld.Doc, n int32, fn func([]byte)) {
	if n == jsonld.None {
		return
	}
	switch d.Nodes[n].Kind {
	case jsonld.String:
		fn(d.Value(n))
	case jsonld.Array:
		for c := d.Nodes[n].First; c != jsonld.None; c = d.Nodes[c].Next {
			if d.Nodes[c].Kind == jsonld.String {
				fn(d.Value(c))
			}
		}
	}
}

// eachName calls fn with the name of n, or of each member of array n.
func eachName(d *jsonld.Doc, n int32, fn func([]byte)) {
	if n == jsonld.None {
		return
	}
	if d.Nodes[n].Kind == jsonld.Array {
		for c := d.Nodes[n].First; c != jsonld.None; c = d.Nodes[c].Next {
			if v := ldName(d, c); len(v) > 0 {
				fn(v)
			}
		}
		return
	}
	if v := ldName(d, n); len(v) > 0 {
		fn(v)
	}
}
