package auto

import "bytes"

// A page's URL is cheap evidence of its type: content systems name their
// paths after what they serve (Shopify's /products/ and /collections/,
// Discourse's /t/, Stack Exchange's /questions/, documentation under docs.
// hosts or /docs/), and an article's last path segment is usually a slug
// of its headline. The URL is the page's own canonical link or og:url,
// else the one the caller gave (SetURL): the page's declaration first, so
// that tracking parameters and mirrors do not change the evidence.

// The groups of path words urlFeatures looks for.
const (
	urlProduct = iota
	urlCollection
	urlForum
	urlDocs
	urlArticle
	numURLGroups
)

// urlGroupNames names the groups, for the features' names.
var urlGroupNames = [numURLGroups]string{"product", "collection", "forum", "docs", "article"}

// urlGroup returns the group of one lower-case word of a URL's host or
// path, or -1.
func urlGroup(w []byte) int {
	switch string(w) {
	case "product", "products", "item", "items", "dp", "p", "sku", "buy":
		return urlProduct
	case "collection", "collections", "category", "categories", "catalog", "catalogue", "shop",
		"store", "c", "department", "departments", "browse":
		return urlCollection
	case "t", "thread", "threads", "topic", "topics", "forum", "forums", "questions", "question", "q",
		"community", "discussion", "discussions", "discuss", "board", "boards", "viewtopic",
		"showthread", "answers", "comments":
		return urlForum
	case "docs", "doc", "documentation", "reference", "api", "manual", "guide", "guides", "wiki",
		"tutorial", "tutorials", "handbook", "readthedocs", "gitbook", "developer", "developers",
		"kb", "knowledgebase":
		return urlDocs
	case "blog", "blogs", "news", "article", "articles", "post", "posts", "story", "stories",
		"press", "insights":
		return urlArticle
	}
	return -1
}

// maxURL bounds the URL kept per page.
const maxURL = 2048

// setURL keeps u in dst, cut at maxURL bytes.
func setURL(dst *[]byte, u []byte) {
	*dst = append((*dst)[:0], u[:min(len(u), maxURL)]...)
}

// urlFeatures fills page (indexed from fKinds) with the evidence of URL u
// ("" for none): whether one is known, its path's depth, the words of its
// last segment, whether its path holds a date or a number, and for each group of
// words where it occurs: 1 in the host or a path segment before the last,
// 2 as the whole last segment (a section's own page: /news, /products).
func urlFeatures(page []float32, u []byte) {
	if len(u) == 0 {
		return
	}
	page[fURLKnown-fKinds] = 1
	if i := bytes.IndexAny(u, "?#"); i >= 0 {
		u = u[:i]
	}
	path := u
	// "scheme://host/path", "//host/path" or a bare path.
	if i := bytes.Index(u, []byte("//")); i == 0 || (i > 0 && u[i-1] == ':') {
		rest := u[i+2:]
		host := rest
		path = nil
		if j := bytes.IndexByte(rest, '/'); j >= 0 {
			host, path = rest[:j], rest[j:]
		}
		for len(host) > 0 {
			label := host
			if j := bytes.IndexByte(host, '.'); j >= 0 {
				label, host = host[:j], host[j+1:]
			} else {
				host = nil
			}
			var buf [32]byte
			if g := urlGroup(lowerASCII(buf[:0], label)); g >= 0 {
				page[fURLGroups+g-fKinds] = max(page[fURLGroups+g-fKinds], 1)
			}
		}
	}
	depth := 0
	var last []byte
	for rest := path; len(rest) > 0; {
		seg := rest
		if j := bytes.IndexByte(rest, '/'); j >= 0 {
			seg, rest = rest[:j], rest[j+1:]
		} else {
			rest = nil
		}
		if len(seg) == 0 {
			continue
		}
		depth++
		if last != nil {
			pathWords(page, last, false)
		}
		last = seg
	}
	page[fURLDepth-fKinds] = float32(min(depth, 8))
	if last != nil {
		page[fURLSlug-fKinds] = log1p(pathWords(page, last, true))
	}
	page[fURLDate-fKinds] = b2f(hasPathDate(path))
	page[fURLNumber-fKinds] = b2f(hasNumber(path))
}

// hasNumber reports whether path holds a run of four digits or more
// (the ID of a post, a thread or a product) other than a year.
func hasNumber(path []byte) bool {
	run := 0
	for i := 0; i <= len(path); i++ {
		if i < len(path) && isDigit(path[i]) {
			run++
			continue
		}
		if run > 4 || (run == 4 && !isYear(path[i-4:i])) {
			return true
		}
		run = 0
	}
	return false
}

// pathWords counts the words of one path segment (split at - _ + . and
// with a file extension dropped), marks the groups of the segment's words
// in page, and returns the count. The last segment marks a group only
// when it is the group's word alone.
func pathWords(page []float32, seg []byte, last bool) int {
	if i := bytes.LastIndexByte(seg, '.'); i > 0 && len(seg)-i <= 5 {
		seg = seg[:i]
	}
	n := 0
	var buf [32]byte
	start := 0
	for i := 0; i <= len(seg); i++ {
		if i < len(seg) && !isURLSep(seg[i]) {
			continue
		}
		if i > start {
			n++
			w := lowerASCII(buf[:0], seg[start:i])
			if g := urlGroup(w); g >= 0 && (!last || i-start == len(seg)) {
				v := float32(1)
				if last {
					v = 2
				}
				page[fURLGroups+g-fKinds] = max(page[fURLGroups+g-fKinds], v)
			}
		}
		start = i + 1
	}
	return n
}

func isURLSep(c byte) bool { return c == '-' || c == '_' || c == '+' || c == '.' }

// lowerASCII appends w to dst in ASCII lower case, or returns nil when w
// does not fit in dst's capacity (no group word is that long).
func lowerASCII(dst, w []byte) []byte {
	if len(w) > cap(dst) {
		return nil
	}
	for _, c := range w {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

// hasPathDate reports whether path holds a year from 1990 to 2039 as a
// segment of its own followed by a month (/2024/05/), or a date written
// 2024-05-17 anywhere: the permalinks of blogs and newspapers.
func hasPathDate(path []byte) bool {
	for i := 0; i+4 <= len(path); i++ {
		if !isYear(path[i:i+4]) || (i > 0 && isDigit(path[i-1])) {
			continue
		}
		rest := path[i+4:]
		if len(rest) >= 3 && (rest[0] == '/' || rest[0] == '-') && isDigit(rest[1]) && isDigit(rest[2]) &&
			(len(rest) == 3 || !isDigit(rest[3])) {
			m := int(rest[1]-'0')*10 + int(rest[2]-'0')
			if 1 <= m && m <= 12 && (rest[0] == '/' || (len(rest) >= 6 && rest[3] == '-')) {
				return true
			}
		}
	}
	return false
}

// isYear reports whether b is four digits from 1990 to 2039.
func isYear(b []byte) bool {
	for _, c := range b {
		if !isDigit(c) {
			return false
		}
	}
	y := int(b[0]-'0')*1000 + int(b[1]-'0')*100 + int(b[2]-'0')*10 + int(b[3]-'0')
	return 1990 <= y && y <= 2039
}
