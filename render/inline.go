package render

import (
	"unicode"
	"unicode/utf8"

	"github.com/jtextract/jt"
)

// openSpan is an inline span being rendered.
type openSpan struct {
	span   jt.Inline
	end    int32 // End, clamped to the enclosing span's
	silent bool  // rendered as its text only
}

// inline appends a paragraph's text with its inline spans in the
// Renderer's format (Markdown or HTML; Text never calls it). flat turns
// line breaks into spaces (headings, table cells).
func (r *Renderer) inline(dst, text []byte, spans []jt.Inline, flat bool) []byte {
	stack := r.stack[:0]
	lineStart := true
	r.closedAt = -1
	k := 0
	for pos := int32(0); ; {
		for n := len(stack); n > 0 && stack[n-1].end <= pos; n = len(stack) {
			dst = r.close(dst, stack[n-1])
			if !stack[n-1].silent {
				r.closedAt = pos
			}
			stack = stack[:n-1]
		}
		for ; k < len(spans) && spans[k].Start <= pos; k++ {
			s := spans[k]
			if s.Start < pos {
				continue // inside a code span it was cut short of
			}
			if s.Kind == jt.InlineImage {
				if r.opts.Images && !r.inside(stack, jt.InlineCode) && r.safeURL(s.Ref) {
					dst = r.image(dst, s)
					lineStart = false
				}
				continue
			}
			o := openSpan{span: s, end: s.End}
			if n := len(stack); n > 0 {
				o.end = min(o.end, stack[n-1].end)
			}
			if o.end <= pos {
				continue
			}
			o.silent = r.silentSpan(stack, text, o)
			dst = r.open(dst, text, o)
			if !o.silent {
				lineStart = false
			}
			stack = append(stack, o)
			if s.Kind == jt.InlineCode && !o.silent && r.format == Markdown {
				// A code span's text is written whole, verbatim.
				pos = o.end
				k = r.skip(spans, k+1, pos)
				break
			}
		}
		if int(pos) >= len(text) {
			break
		}
		if n := len(stack); n > 0 && stack[n-1].end <= pos {
			continue
		}
		next := int32(len(text))
		if k < len(spans) {
			next = min(next, spans[k].Start)
		}
		if n := len(stack); n > 0 {
			next = min(next, stack[n-1].end)
		}
		if r.format == Markdown {
			dst, lineStart = r.mdText(dst, text[pos:next], flat, lineStart)
		} else {
			dst = r.htmlText(dst, text[pos:next], flat, r.inside(stack, jt.InlineCode))
		}
		pos = next
	}
	for n := len(stack); n > 0; n = len(stack) {
		dst = r.close(dst, stack[n-1])
		stack = stack[:n-1]
	}
	r.stack = stack
	return dst
}

// skip returns the index of the first span from k that starts at or after
// pos.
func (r *Renderer) skip(spans []jt.Inline, k int, pos int32) int {
	for k < len(spans) && spans[k].Start < pos {
		k++
	}
	return k
}

// inside reports whether a span of kind k is open and rendered.
func (r *Renderer) inside(stack []openSpan, k jt.InlineKind) bool {
	for _, o := range stack {
		if o.span.Kind == k && !o.silent {
			return true
		}
	}
	return false
}

// silentSpan decides whether span o, opening inside stack, is rendered as
// text only: links unless Options.Links, links with an unsafe target,
// anything inside code, a link inside a link, emphasis inside emphasis,
// and, in Markdown, emphasis whose delimiters CommonMark would not read as
// such.
func (r *Renderer) silentSpan(stack []openSpan, text []byte, o openSpan) bool {
	if r.inside(stack, jt.InlineCode) {
		return true
	}
	// Markdown delimiters of two spans that touch would run together
	// ("**a****b**", "`a``b`") and read as others.
	if r.format == Markdown && o.span.Start == r.closedAt && o.span.Kind != jt.InlineLink {
		return true
	}
	switch o.span.Kind {
	case jt.InlineLink:
		return !r.opts.Links || r.inside(stack, jt.InlineLink) || !r.safeURL(o.span.Ref)
	case jt.InlineEmphasis, jt.InlineStrong:
		if r.inside(stack, jt.InlineEmphasis) || r.inside(stack, jt.InlineStrong) {
			return true
		}
		return r.format == Markdown && !flanking(text, o.span.Start, o.end)
	}
	return false
}

// flanking reports whether '*' delimiters around text[start:end] open and
// close emphasis by CommonMark's rules: the opener is followed by no
// whitespace, and by punctuation only after whitespace or punctuation; the
// closer mirrors it.
func flanking(text []byte, start, end int32) bool {
	if start >= end {
		return false
	}
	first, _ := utf8.DecodeRune(text[start:])
	last, _ := utf8.DecodeLastRune(text[:end])
	before, after := ' ', ' '
	if start > 0 {
		before, _ = utf8.DecodeLastRune(text[:start])
	}
	if int(end) < len(text) {
		after, _ = utf8.DecodeRune(text[end:])
	}
	if unicode.IsSpace(first) || unicode.IsSpace(last) {
		return false
	}
	if isPunct(first) && !unicode.IsSpace(before) && !isPunct(before) {
		return false
	}
	return !isPunct(last) || unicode.IsSpace(after) || isPunct(after)
}

func isPunct(r rune) bool { return unicode.IsPunct(r) || unicode.IsSymbol(r) }

// spanMarks are the fixed opening and closing marks of the inline kinds, by
// format (Markdown, HTML); a Markdown code span and links are written by
// open and close themselves.
var spanMarks = [...][2][2]string{
	jt.InlineEmphasis: {{"*", "*"}, {"<em>", "</em>"}},
	jt.InlineStrong:   {{"**", "**"}, {"<strong>", "</strong>"}},
	jt.InlineCode:     {{"", ""}, {"<code>", "</code>"}},
}

// markSet returns the index into spanMarks of the Renderer's format.
func (r *Renderer) markSet() int {
	if r.format == Markdown {
		return 0
	}
	return 1
}

// open writes the opening of span o.
func (r *Renderer) open(dst, text []byte, o openSpan) []byte {
	switch {
	case o.silent:
		return dst
	case o.span.Kind == jt.InlineLink && r.format == Markdown:
		return append(dst, '[')
	case o.span.Kind == jt.InlineLink:
		dst = append(dst, `<a href="`...)
		dst = htmlAttr(dst, r.doc.StructureText(o.span.Ref))
		return append(dst, `">`...)
	case o.span.Kind == jt.InlineCode && r.format == Markdown:
		return mdCodeSpan(dst, text[o.span.Start:o.end])
	case int(o.span.Kind) < len(spanMarks):
		return append(dst, spanMarks[o.span.Kind][r.markSet()][0]...)
	}
	return dst
}

// close writes the closing of span o.
func (r *Renderer) close(dst []byte, o openSpan) []byte {
	switch {
	case o.silent:
		return dst
	case o.span.Kind == jt.InlineLink && r.format == Markdown:
		dst = append(dst, "]("...)
		dst = mdURL(dst, r.doc.StructureText(o.span.Ref))
		return append(dst, ')')
	case o.span.Kind == jt.InlineLink:
		return append(dst, "</a>"...)
	case int(o.span.Kind) < len(spanMarks):
		return append(dst, spanMarks[o.span.Kind][r.markSet()][1]...)
	}
	return dst
}

// image writes an image.
func (r *Renderer) image(dst []byte, s jt.Inline) []byte {
	alt, src := r.doc.StructureText(s.Alt), r.doc.StructureText(s.Ref)
	if r.format == Markdown {
		dst = append(dst, "!["...)
		dst, _ = r.mdText(dst, alt, true, false)
		dst = append(dst, "]("...)
		dst = mdURL(dst, src)
		return append(dst, ')')
	}
	dst = append(dst, `<img src="`...)
	dst = htmlAttr(dst, src)
	dst = append(dst, `" alt="`...)
	dst = htmlAttr(dst, alt)
	return append(dst, `">`...)
}

// safeURL reports whether a link or image target may be kept: not a
// javascript:, vbscript: or data: URL, however its scheme is spelt
// (browsers ignore tabs and line breaks in it and leading spaces and
// controls before it).
func (r *Renderer) safeURL(s jt.Span) bool {
	u := r.doc.StructureText(s)
	var scheme [10]byte
	n := 0
	for _, c := range u {
		if c == '\t' || c == '\n' || c == '\r' || (n == 0 && c <= ' ') {
			continue
		}
		if c == ':' {
			switch string(scheme[:n]) {
			case "javascript", "vbscript", "data":
				return false
			}
			return true
		}
		if n == len(scheme) || !('a' <= c|0x20 && c|0x20 <= 'z') {
			return true // not a scheme any browser runs
		}
		scheme[n] = c | 0x20
		n++
	}
	return true
}
