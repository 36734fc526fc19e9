package render

import (
	"bytes"
	"strconv"

	"github.com/jtextract/jt"
)

// mdBlock renders a paragraph as a Markdown block: a heading, a fenced
// code block, a list item or a paragraph, inside its blockquotes.
func (r *Renderer) mdBlock(dst []byte, i int, st jt.Structure) []byte {
	item := st.List > 0
	if st.Quote != r.quote {
		// Other blockquotes hold other lists.
		r.marks, r.inList, r.quote = r.marks[:0], false, st.Quote
	}
	// An ordered list may interrupt a paragraph (the last item's text)
	// only if it starts at 1: another start needs a blank line.
	nested := item && !st.More && st.Ordered && st.Number != 1 && int(st.List) > len(r.marks) && len(r.marks) > 0
	dst = r.separate(dst, item && !st.More, nested)
	r.prefix = r.prefix[:0]
	for range st.Quote {
		r.prefix = append(r.prefix, "> "...)
	}
	dst = append(dst, r.prefix...)
	if !item {
		r.marks = r.marks[:0]
	} else {
		// A nested item is indented by the widths of its parents'
		// markers; a later paragraph of an item by its own too.
		// Lists whose items were not kept are not rendered: an item is
		// nested at most one level below the last item rendered, as
		// deeper indentation would make it a code block.
		depth := int(st.List)
		if !st.More {
			depth--
		}
		r.marks = r.marks[:min(depth, len(r.marks))]
		indent := 0
		for _, w := range r.marks {
			indent += w
		}
		dst = appendSpaces(dst, indent)
		r.prefix = appendSpaces(r.prefix, indent)
		if !st.More {
			start := len(dst)
			if st.Ordered {
				// CommonMark takes up to nine digits.
				dst = strconv.AppendInt(dst, int64(min(max(st.Number, 0), 999_999_999)), 10)
				dst = append(dst, ". "...)
			} else {
				dst = append(dst, "- "...)
			}
			w := len(dst) - start
			r.marks = append(r.marks, w)
			r.prefix = appendSpaces(r.prefix, w)
		}
	}
	d := r.doc
	text := d.ParagraphText(i)
	switch st.Kind {
	case jt.KindHeading:
		for range min(max(int(st.Level), 1), 6) {
			dst = append(dst, '#')
		}
		dst = append(dst, ' ')
		return r.inline(dst, text, d.Inlines(i), true)
	case jt.KindCode:
		return r.mdCode(dst, text, d.StructureText(st.Lang))
	}
	return r.inline(dst, text, d.Inlines(i), false)
}

// mdCode renders a fenced code block, with a fence longer than any run of
// backticks in the code.
func (r *Renderer) mdCode(dst, text, lang []byte) []byte {
	fence := max(3, longestRun(text, '`')+1)
	for range fence {
		dst = append(dst, '`')
	}
	// An info string may hold neither backticks nor line breaks; a
	// language hint is one word.
	for _, c := range lang {
		if c > ' ' && c != '`' && c < 0x7f {
			dst = append(dst, c)
		}
	}
	for len(text) > 0 {
		line := text
		if k := bytes.IndexByte(text, '\n'); k >= 0 {
			line, text = text[:k], text[k+1:]
		} else {
			text = nil
		}
		dst = append(dst, '\n')
		dst = append(dst, r.prefix...)
		dst = append(dst, line...)
	}
	dst = append(dst, '\n')
	dst = append(dst, r.prefix...)
	for range fence {
		dst = append(dst, '`')
	}
	return dst
}

// mdText appends text outside code spans with every character that could
// start Markdown syntax escaped; flat turns line breaks into spaces.
// lineStart says whether text begins a line of the output; it returns
// whether the output ends at one.
func (r *Renderer) mdText(dst, text []byte, flat, lineStart bool) ([]byte, bool) {
	for i := 0; i < len(text); i++ {
		if !lineStart {
			// Most text needs no escape: copy it in runs.
			j := plainEnd(text, i)
			dst = append(dst, text[i:j]...)
			if i = j; i == len(text) {
				break
			}
		}
		c := text[i]
		switch c {
		case '\n':
			if flat {
				dst = append(dst, ' ')
				continue
			}
			dst = append(dst, '\n')
			dst = append(dst, r.prefix...)
			lineStart = true
			continue
		case '\\', '`', '*', '[', ']', '<', '>', '&', '|', '~', '#':
			dst = append(dst, '\\')
		case '_':
			// Inside a word an underscore emphasises nothing.
			if i == 0 || i+1 == len(text) || !isAlnum(text[i-1]) || !isAlnum(text[i+1]) {
				dst = append(dst, '\\')
			}
		case '-', '+', '=':
			if lineStart {
				dst = append(dst, '\\')
			}
		default:
			if lineStart && '0' <= c && c <= '9' {
				// "1." or "1)" would start an ordered list.
				j := i
				for j < len(text) && j-i < 10 && '0' <= text[j] && text[j] <= '9' {
					j++
				}
				dst = append(dst, text[i:j]...)
				if j < len(text) && (text[j] == '.' || text[j] == ')') {
					dst = append(dst, '\\', text[j])
					j++
				}
				i, lineStart = j-1, false
				continue
			}
		}
		dst = append(dst, c)
		lineStart = false
	}
	return dst, lineStart
}

// mdSpecial marks (with 1) the bytes that mdText may escape anywhere in a
// line.
var mdSpecial = func() (t [256]uint8) {
	for _, c := range "\n\\`*[]<>&|~#_" {
		t[c] = 1
	}
	return t
}()

// plainEnd returns the end of the run of bytes from i that mdSpecial does
// not mark. It looks at eight bytes with one branch, as most text has no
// byte to escape.
func plainEnd(text []byte, i int) int {
	for ; i+8 <= len(text); i += 8 {
		t := text[i : i+8 : i+8]
		if mdSpecial[t[0]]|mdSpecial[t[1]]|mdSpecial[t[2]]|mdSpecial[t[3]]|
			mdSpecial[t[4]]|mdSpecial[t[5]]|mdSpecial[t[6]]|mdSpecial[t[7]] != 0 {
			break
		}
	}
	for i < len(text) && mdSpecial[text[i]] == 0 {
		i++
	}
	return i
}

// mdCodeSpan appends an inline code span holding text.
func mdCodeSpan(dst, text []byte) []byte {
	if len(text) == 0 {
		return dst
	}
	fence := longestRun(text, '`') + 1
	for range fence {
		dst = append(dst, '`')
	}
	pad := text[0] == '`' || text[len(text)-1] == '`'
	if pad {
		dst = append(dst, ' ')
	}
	for _, c := range text {
		if c == '\n' {
			c = ' '
		}
		dst = append(dst, c)
	}
	if pad {
		dst = append(dst, ' ')
	}
	for range fence {
		dst = append(dst, '`')
	}
	return dst
}

// mdURL appends a link destination, percent-encoding what would end it or
// break the line.
func mdURL(dst, u []byte) []byte {
	const hex = "0123456789ABCDEF"
	for _, c := range u {
		switch {
		case c <= ' ', c == 0x7f, c == '(', c == ')', c == '<', c == '>', c == '\\':
			dst = append(dst, '%', hex[c>>4], hex[c&15])
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// longestRun returns the length of the longest run of c in text: a code
// fence must be longer.
func longestRun(text []byte, c byte) int {
	longest, run := 0, 0
	for _, b := range text {
		if b == c {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return longest
}

func appendSpaces(dst []byte, n int) []byte {
	for range n {
		dst = append(dst, ' ')
	}
	return dst
}

func isAlnum(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'z' || c >= 0x80
}
