package metadata

import (
	"bytes"
	"unicode/utf8"
)

// classFlags returns the context flags the words of a class or id value
// give. Words are split at anything but letters and at lower-to-upper
// case changes ("post-author", "entry_date", "authorName"). A word that
// marks a page region (sidebar, related…) counts only first in its token:
// "sidebar-widget" is one, "single-post-sidebar" or
// "article-with-sidebar" the main column beside it, and
// "topic-and-replies" holds more than the replies. The words in a
// utility class's bracketed value ("[--sidebar-width:18rem]",
// "max-w-[--content-width]", as Tailwind writes arbitrary values) name
// CSS properties and variables, not the element: they count for nothing.
func classFlags(v []byte) uint32 {
	var f uint32
	var buf [16]byte
	n, long := 0, false
	word := 0        // index of the word in its token
	negated := false // the word before was "with", "has", "no"…
	bracket := false // in a bracketed value
	flush := func() {
		if n > 0 && !long && !bracket {
			w := buf[:n]
			g := classWord(w)
			if g&regionFlags != 0 && (negated || word > 0 && g&cAside != 0) {
				g &^= regionFlags
			}
			f |= g
			switch string(w) {
			case "with", "has", "no", "without", "show", "hide", "enable", "disable", "is", "open", "closed",
				"and": // "PostAndReplies" holds the post too
				negated = true
			default:
				negated = false
			}
			word++
		}
		n, long = 0, false
	}
	prevLower := false
	for _, ch := range v {
		upper := 'A' <= ch && ch <= 'Z'
		lower := 'a' <= ch && ch <= 'z'
		if !upper && !lower {
			flush()
			switch ch {
			case ' ', '\t', '\n':
				word, negated, bracket = 0, false, false
			case '[':
				bracket = true
			}
			prevLower = false
			continue
		}
		if upper && prevLower {
			flush()
		}
		prevLower = lower
		if n == len(buf) {
			long = true
			continue
		}
		if upper {
			ch += 'a' - 'A'
		}
		buf[n] = ch
		n++
	}
	flush()
	return f
}

// regionFlags are the flags of words that mark a region of the page.
const regionFlags = cAside | cFooter | cNav | cComment | cCard

// classWord returns the context flag one lower-case class word gives.
func classWord(w []byte) uint32 {
	switch string(w) {
	case "author", "authors", "byline", "writer", "writers", "contributor", "contributors", "byl", "creator":
		return cByline
	case "date", "dates", "published", "publish", "pubdate", "posted", "dateline", "timestamp", "time", "datetime", "postdate":
		return cDateCls
	case "updated", "modified", "update", "lastmod", "revised":
		return cModCls
	case "comment", "comments", "reply", "replies", "respond", "disqus", "discussion", "commentlist":
		return cComment
	case "sidebar", "related", "recommended", "recommendations", "popular",
		"trending", "promo", "aside", "outbrain", "taboola":
		return cAside
	case "footer", "copyright", "colophon":
		return cFooter
	case "nav", "navbar", "navigation", "menu", "breadcrumb", "breadcrumbs":
		return cNav
	case "card", "teaser", "excerpt", "carousel", "slider":
		return cCard
	case "meta", "metadata", "info":
		return cMeta
	case "title", "headline", "heading":
		return cTitleCls
	}
	return 0
}

// relFlags returns the rel values of interest in a rel attribute.
func relFlags(v []byte) uint8 {
	var f uint8
	for w := range bytes.FieldsSeq(v) {
		switch {
		case asciiEqualFold(w, "author"):
			f |= relAuthor
		case asciiEqualFold(w, "canonical"):
			f |= relCanonical
		case asciiEqualFold(w, "tag"):
			f |= relTag
		case asciiEqualFold(w, "category"):
			f |= relCategory
		}
	}
	return f
}

// itempropFlags returns the itemprop values of interest.
func itempropFlags(v []byte) uint16 {
	var f uint16
	for w := range bytes.FieldsSeq(v) {
		switch string(w) {
		case "author", "creator":
			f |= ipAuthor
		case "name":
			f |= ipName
		case "headline":
			f |= ipHeadline
		case "datePublished", "dateCreated", "uploadDate":
			f |= ipPublished
		case "dateModified":
			f |= ipModified
		case "publisher", "sourceOrganization":
			f |= ipPublisher
		default:
			f |= ipOther
		}
	}
	return f
}

// itemtypeRole returns roleArticle for the schema.org types of articles
// and posts, roleOther otherwise.
func itemtypeRole(v []byte) uint8 {
	for w := range bytes.FieldsSeq(v) {
		if i := bytes.LastIndexByte(w, '/'); i >= 0 {
			w = w[i+1:]
		}
		if articleType(w) > 0 {
			return roleArticle
		}
	}
	return roleOther
}

// asciiEqualFold reports whether b equals the lower-case ASCII s, ignoring
// ASCII case.
func asciiEqualFold(b []byte, s string) bool {
	if len(b) != len(s) {
		return false
	}
	for i := range len(b) {
		ch := b[i]
		if 'A' <= ch && ch <= 'Z' {
			ch += 'a' - 'A'
		}
		if ch != s[i] {
			return false
		}
	}
	return true
}

// trimPartial drops a UTF-8 sequence cut short at the end of b.
func trimPartial(b []byte) []byte {
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
		if b[i]&0xc0 != 0x80 { // the last sequence's first byte
			if !utf8.FullRune(b[i:]) {
				return b[:i]
			}
			return b
		}
	}
	return b
}

// truncate returns b cut to at most n bytes, not inside a UTF-8 sequence.
func truncate(b []byte, n int) []byte {
	if len(b) <= n {
		return b
	}
	return trimPartial(b[:n])
}

// isSpaceRune reports whether r is white space for collapsing: ASCII
// white space, no-break and other Unicode spaces, and zero-width ones.
func isSpaceRune(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\r', '\f', '\v', 0x85, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
		0x200b, 0x200c, 0x200d, 0x2060, 0xfeff:
		return true
	}
	return 0x2000 <= r && r <= 0x200a
}

// appendCollapsed appends b to dst with runs of white space made one
// space; leading white space is dropped when lead is set (or dst ends in
// a space already).
func appendCollapsed(dst, b []byte, lead bool) []byte {
	sp := lead || len(dst) > 0 && dst[len(dst)-1] == ' '
	for i := 0; i < len(b); {
		ch := b[i]
		if ch < utf8.RuneSelf {
			i++
			if ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f' || ch == '\v' {
				if !sp {
					dst = append(dst, ' ')
					sp = true
				}
				continue
			}
			if ch < ' ' || ch == 0x7f { // other control characters are dropped
				continue
			}
			dst = append(dst, ch)
			sp = false
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if isSpaceRune(r) {
			if !sp && r != 0x200b && r != 0x200c && r != 0x200d && r != 0x2060 && r != 0xfeff {
				dst = append(dst, ' ')
				sp = true
			}
			i += n
			continue
		}
		if r == utf8.RuneError && n == 1 {
			dst = append(dst, "\uFFFD"...)
		} else {
			dst = append(dst, b[i:i+n]...)
		}
		i += n
		sp = false
	}
	return dst
}

// trimSpace trims ASCII spaces (the only ones appendCollapsed leaves).
func trimSpace(b []byte) []byte {
	for len(b) > 0 && b[0] == ' ' {
		b = b[1:]
	}
	for len(b) > 0 && b[len(b)-1] == ' ' {
		b = b[:len(b)-1]
	}
	return b
}

// entities are the named character references pages leave in JSON-LD and
// attribute values written twice-escaped.
var entities = map[string]rune{
	"amp": '&', "lt": '<', "gt": '>', "quot": '"', "apos": '\'', "nbsp": 0xa0,
	"rsquo": '’', "lsquo": '‘', "rdquo": '”', "ldquo": '“', "ndash": '–', "mdash": '—',
	"hellip": '…', "trade": '™', "reg": '®', "copy": '©', "laquo": '«', "raquo": '»',
	"middot": '·', "bull": '•', "eacute": 'é', "egrave": 'è', "aacute": 'á', "agrave": 'à',
	"oacute": 'ó', "uacute": 'ú', "iacute": 'í', "ntilde": 'ñ', "uuml": 'ü', "ouml": 'ö',
	"auml": 'ä', "ccedil": 'ç', "szlig": 'ß', "times": '×', "deg": '°', "euro": '€', "pound": '£',
	"ecirc": 'ê', "acirc": 'â', "ocirc": 'ô', "atilde": 'ã', "otilde": 'õ', "Eacute": 'É',
}

// entityAt decodes the character reference s starts with ("&amp;",
// "&#39;", "&#x2019;"), returning the rune and its length, or 0, 0.
func entityAt(s []byte) (rune, int) {
	if len(s) < 3 || s[0] != '&' {
		return 0, 0
	}
	end := bytes.IndexByte(s[:min(len(s), 12)], ';')
	if end < 2 {
		return 0, 0
	}
	name := s[1:end]
	if name[0] == '#' {
		var v rune
		digits := name[1:]
		base := rune(10)
		if len(digits) > 0 && (digits[0] == 'x' || digits[0] == 'X') {
			base, digits = 16, digits[1:]
		}
		if len(digits) == 0 {
			return 0, 0
		}
		for _, ch := range digits {
			var d rune
			switch {
			case '0' <= ch && ch <= '9':
				d = rune(ch - '0')
			case base == 16 && 'a' <= ch|0x20 && ch|0x20 <= 'f':
				d = rune(ch|0x20-'a') + 10
			default:
				return 0, 0
			}
			v = v*base + d
			if v > utf8.MaxRune {
				return 0, 0
			}
		}
		if v == 0 || !utf8.ValidRune(v) {
			v = utf8.RuneError
		}
		return v, end + 1
	}
	if r, ok := entities[string(name)]; ok {
		return r, end + 1
	}
	return 0, 0
}

// appendUnescaped appends s to dst with its character references decoded.
func appendUnescaped(dst, s []byte) []byte {
	for {
		i := bytes.IndexByte(s, '&')
		if i < 0 {
			return append(dst, s...)
		}
		dst = append(dst, s[:i]...)
		s = s[i:]
		if r, n := entityAt(s); n > 0 {
			dst = utf8.AppendRune(dst, r)
			s = s[n:]
			continue
		}
		dst = append(dst, '&')
		s = s[1:]
	}
}
