package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/jtextract/jt"
)

// Format is an output format.
type Format uint8

// The formats.
const (
	// Text is plain text: headings and paragraphs separated by a blank
	// line, one list item per line, a table row per line with its cells
	// separated by tabs, code blocks as written.
	Text Format = iota
	// Markdown is CommonMark with GitHub's tables: ATX headings, fenced
	// code blocks (with their language), nested lists, blockquotes,
	// emphasis and inline code, links and images when Options ask.
	Markdown
	// HTML is a fragment of semantic elements only (h1–h6, p, ul, ol, li,
	// table, pre, code, blockquote, em, strong, a, img), with no script,
	// style, event attribute or javascript: URL.
	HTML
)

var formatNames = [...]string{Text: "text", Markdown: "markdown", HTML: "html"}

// String returns the format's name as ParseFormat reads it.
func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return "invalid"
}

// ParseFormat returns the format named name: "text", "markdown" (or "md")
// or "html", case-insensitive.
func ParseFormat(name string) (Format, error) {
	switch strings.ToLower(name) {
	case "text", "txt":
		return Text, nil
	case "markdown", "md":
		return Markdown, nil
	case "html":
		return HTML, nil
	}
	return 0, fmt.Errorf("render: unknown format %q (text, markdown, html)", name)
}

// Options say what the Markdown and HTML formats keep besides text.
type Options struct {
	Links  bool // keep links (their text is kept either way)
	Images bool // keep images (their source and alternative text)
}

// MaxTableColumns bounds the tables laid out as tables: one of more
// columns is rendered as its paragraphs, so that no colspan can make the
// output grow beyond a fixed factor of the text.
const MaxTableColumns = 64

// Renderer renders Documents. It is reusable and not safe for concurrent
// use; its buffers grow to the largest document rendered.
type Renderer struct {
	opts   Options
	format Format
	doc    *jt.Document

	good     []int      // indexes of the good paragraphs
	marks    []int      // Markdown: the marker width of each open list level
	lists    []bool     // HTML: the open lists (ordered or not)
	stack    []openSpan // open inline spans
	closedAt int32      // where the last rendered span of the paragraph closed, -1 if none
	prefix   []byte     // the prefix of a continued line (quotes, list indent)
	started  bool       // something was written for the document
	inList   bool       // the previous block was a list item (Text, Markdown)
	quote    uint8      // Markdown: the blockquote depth of the previous block
}

// New returns a Renderer with opts.
func New(opts Options) *Renderer { return &Renderer{opts: opts} }

// Append appends the main text of d in format f to dst and returns the
// extended slice. Without structure (see jt.WithStructure) every good
// paragraph is a plain paragraph, or a level-2 heading when
// Paragraph.Heading says it is in one.
func (r *Renderer) Append(dst []byte, d *jt.Document, f Format) []byte {
	r.format, r.doc = f, d
	r.good = r.good[:0]
	for i := range d.Paragraphs {
		if d.Paragraphs[i].Class == jt.Good {
			r.good = append(r.good, i)
		}
	}
	r.marks, r.lists, r.started, r.inList, r.quote = r.marks[:0], r.lists[:0], false, false, 0
	flatUntil := 0
	for k := 0; k < len(r.good); {
		i := r.good[k]
		st := r.structure(i)
		if st.Table != 0 && k >= flatUntil {
			end := k + 1
			for end < len(r.good) && d.Structure(r.good[end]).Table == st.Table {
				end++
			}
			if r.dataTable(r.good[k:end]) {
				dst = r.table(dst, r.good[k:end])
				k = end
				continue
			}
			flatUntil = end
		}
		dst = r.block(dst, i, st)
		k++
	}
	if f == HTML {
		dst = r.closeLists(dst, 0)
	}
	r.doc = nil
	return dst
}

// structure returns paragraph i's Structure, a heading's made up from
// Paragraph.Heading when the document has none.
func (r *Renderer) structure(i int) jt.Structure {
	if r.doc.HasStructure() {
		return r.doc.Structure(i)
	}
	if r.doc.Paragraphs[i].Heading {
		return jt.Structure{Kind: jt.KindHeading, Level: 2}
	}
	return jt.Structure{}
}

// block renders one paragraph that is not part of a data table.
func (r *Renderer) block(dst []byte, i int, st jt.Structure) []byte {
	switch r.format {
	case Markdown:
		return r.mdBlock(dst, i, st)
	case HTML:
		return r.htmlBlock(dst, i, st)
	}
	return r.textBlock(dst, i, st)
}

// separate writes what goes between the previous block and one that is a
// list item (item) or not: a line break between items of a list, a blank
// line otherwise or when blank asks for one.
func (r *Renderer) separate(dst []byte, item, blank bool) []byte {
	if r.started {
		dst = append(dst, '\n')
		if blank || !(item && r.inList) {
			dst = append(dst, '\n')
		}
	}
	r.started, r.inList = true, item
	return dst
}

// textBlock renders a paragraph as plain text.
func (r *Renderer) textBlock(dst []byte, i int, st jt.Structure) []byte {
	dst = r.separate(dst, st.List > 0 && !st.More, false)
	return append(dst, r.doc.ParagraphText(i)...)
}

// dataTable reports whether the good paragraphs of one table, cells, are a
// table of data to lay out as one: two to MaxTableColumns columns, no
// heading or code block in a cell, and cells of short texts.
func (r *Renderer) dataTable(cells []int) bool {
	cols, bytes := 0, 0
	for _, i := range cells {
		st := r.doc.Structure(i)
		if st.Kind == jt.KindHeading || st.Kind == jt.KindCode {
			return false
		}
		cols = max(cols, int(st.Col)+int(st.ColSpan))
		bytes += len(r.doc.ParagraphText(i))
	}
	return cols >= 2 && cols <= MaxTableColumns && bytes <= 200*len(cells)
}

// table renders the paragraphs of a data table: a row per line, the first
// row as the header (GitHub tables need one), every row padded to the same
// number of cells.
func (r *Renderer) table(dst []byte, cells []int) []byte {
	d := r.doc
	cols := 0
	for _, i := range cells {
		st := d.Structure(i)
		cols = max(cols, int(st.Col)+int(st.ColSpan))
	}
	switch r.format {
	case Markdown:
		dst = r.separate(dst, false, false)
		r.marks = r.marks[:0]
	case HTML:
		dst = r.closeLists(dst, 0)
		dst = append(dst, "<table>\n"...)
	default:
		dst = r.separate(dst, false, false)
	}
	for start, row := 0, 0; start < len(cells); row++ {
		end := start + 1
		for end < len(cells) && d.Structure(cells[end]).Row == d.Structure(cells[start]).Row {
			end++
		}
		dst = r.row(dst, cells[start:end], cols, row)
		start = end
	}
	if r.format == HTML {
		dst = append(dst, "</table>\n"...)
	}
	return dst
}

// row renders one table row of cols columns from the paragraphs of its
// cells (a cell of several paragraphs has them in a row).
func (r *Renderer) row(dst []byte, paras []int, cols, row int) []byte {
	d := r.doc
	switch r.format {
	case Markdown:
		if row > 0 {
			dst = append(dst, '\n')
		}
		dst = append(dst, '|')
	case HTML:
		dst = append(dst, "<tr>"...)
	default:
		if row > 0 {
			dst = append(dst, '\n')
		}
	}
	k := 0
	for col := 0; col < cols; {
		// The paragraphs of the cell at col, if any: those of its first
		// paragraph's cell.
		for k < len(paras) && int(d.Structure(paras[k]).Col) < col {
			k++
		}
		end := k
		for end < len(paras) && int(d.Structure(paras[end]).Col) == col {
			end++
		}
		span, header := 1, row == 0
		if end > k {
			st := d.Structure(paras[k])
			span, header = min(int(st.ColSpan), cols-col), st.Header || row == 0
		}
		dst = r.cell(dst, paras[k:end], span, header, col)
		col += span
		k = end
	}
	switch r.format {
	case Markdown:
		if row == 0 {
			dst = append(dst, "\n|"...)
			for range cols {
				dst = append(dst, " --- |"...)
			}
		}
	case HTML:
		dst = append(dst, "</tr>\n"...)
	}
	return dst
}

// cell renders one cell spanning span columns from its paragraphs.
func (r *Renderer) cell(dst []byte, paras []int, span int, header bool, col int) []byte {
	d := r.doc
	switch r.format {
	case Markdown:
		dst = append(dst, ' ')
		for n, i := range paras {
			if n > 0 {
				dst = append(dst, ' ')
			}
			dst = r.inline(dst, d.ParagraphText(i), d.Inlines(i), true)
		}
		dst = append(dst, " |"...)
		// GitHub tables have no spans: the covered columns are empty.
		for range span - 1 {
			dst = append(dst, "  |"...)
		}
	case HTML:
		tag := "td"
		if header {
			tag = "th"
		}
		dst = append(dst, '<')
		dst = append(dst, tag...)
		if span > 1 {
			dst = append(dst, ` colspan="`...)
			dst = strconv.AppendInt(dst, int64(span), 10)
			dst = append(dst, '"')
		}
		dst = append(dst, '>')
		for n, i := range paras {
			if n > 0 {
				dst = append(dst, "<br>"...)
			}
			dst = r.inline(dst, d.ParagraphText(i), d.Inlines(i), false)
		}
		dst = append(dst, "</"...)
		dst = append(dst, tag...)
		dst = append(dst, '>')
	default:
		if col > 0 {
			dst = append(dst, '\t')
		}
		for n, i := range paras {
			if n > 0 {
				dst = append(dst, ' ')
			}
			dst = appendFlat(dst, d.ParagraphText(i))
		}
	}
	return dst
}

// appendFlat appends text with its line breaks as spaces.
func appendFlat(dst, text []byte) []byte {
	for _, c := range text {
		if c == '\n' {
			c = ' '
		}
		dst = append(dst, c)
	}
	return dst
}
