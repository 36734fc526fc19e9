package render

import (
	"strconv"

	"github.com/jtextract/jt"
)

// htmlBlock renders a paragraph as an HTML block: a heading, a code block,
// a list item (opening and closing the lists around it) or a paragraph,
// inside its blockquotes.
func (r *Renderer) htmlBlock(dst []byte, i int, st jt.Structure) []byte {
	d := r.doc
	depth := int(st.List)
	dst = r.closeLists(dst, depth)
	if depth > 0 && !st.More {
		if len(r.lists) == depth {
			dst = append(dst, "</li>\n"...)
		}
		open := len(r.lists) // its last item, if any, is still open
		for len(r.lists) < depth {
			// Lists whose items were not kept open here too, each in an
			// item of the list around it.
			if len(r.lists) > open {
				dst = append(dst, "<li>"...)
			}
			if st.Ordered && len(r.lists) == depth-1 {
				dst = append(dst, "<ol"...)
				if st.Number != 1 {
					dst = append(dst, ` start="`...)
					dst = strconv.AppendInt(dst, int64(st.Number), 10)
					dst = append(dst, '"')
				}
				dst = append(dst, ">\n"...)
			} else {
				dst = append(dst, "<ul>\n"...)
			}
			r.lists = append(r.lists, st.Ordered && len(r.lists) == depth-1)
		}
		dst = append(dst, "<li>"...)
	}
	for range st.Quote {
		dst = append(dst, "<blockquote>"...)
	}
	text := d.ParagraphText(i)
	switch st.Kind {
	case jt.KindHeading:
		level := byte('0' + min(max(st.Level, 1), 6))
		dst = append(dst, '<', 'h', level, '>')
		dst = r.inline(dst, text, d.Inlines(i), true)
		dst = append(dst, '<', '/', 'h', level, '>')
	case jt.KindCode:
		dst = append(dst, "<pre><code"...)
		if lang := d.StructureText(st.Lang); len(lang) > 0 {
			dst = append(dst, ` class="language-`...)
			dst = htmlAttr(dst, lang)
			dst = append(dst, '"')
		}
		dst = append(dst, '>')
		dst = r.htmlText(dst, text, false, true)
		dst = append(dst, "</code></pre>"...)
	default:
		if depth > 0 && !st.More {
			dst = r.inline(dst, text, d.Inlines(i), false)
		} else {
			dst = append(dst, "<p>"...)
			dst = r.inline(dst, text, d.Inlines(i), false)
			dst = append(dst, "</p>"...)
		}
	}
	for range st.Quote {
		dst = append(dst, "</blockquote>"...)
	}
	if depth == 0 {
		dst = append(dst, '\n')
	}
	return dst
}

// closeLists closes the open lists deeper than depth.
func (r *Renderer) closeLists(dst []byte, depth int) []byte {
	for len(r.lists) > depth {
		n := len(r.lists) - 1
		if r.lists[n] {
			dst = append(dst, "</li>\n</ol>\n"...)
		} else {
			dst = append(dst, "</li>\n</ul>\n"...)
		}
		r.lists = r.lists[:n]
	}
	return dst
}

// htmlText appends text escaped for HTML; a line break becomes <br>
// unless flat (a space) or pre (kept).
func (r *Renderer) htmlText(dst, text []byte, flat, pre bool) []byte {
	for _, c := range text {
		switch c {
		case '&':
			dst = append(dst, "&amp;"...)
		case '<':
			dst = append(dst, "&lt;"...)
		case '>':
			dst = append(dst, "&gt;"...)
		case '\n':
			switch {
			case pre:
				dst = append(dst, '\n')
			case flat:
				dst = append(dst, ' ')
			default:
				dst = append(dst, "<br>\n"...)
			}
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// htmlAttr appends an attribute value escaped for a double-quoted
// attribute.
func htmlAttr(dst, v []byte) []byte {
	for _, c := range v {
		switch c {
		case '&':
			dst = append(dst, "&amp;"...)
		case '"':
			dst = append(dst, "&quot;"...)
		case '<':
			dst = append(dst, "&lt;"...)
		case '>':
			dst = append(dst, "&gt;"...)
		default:
			dst = append(dst, c)
		}
	}
	return dst
}
