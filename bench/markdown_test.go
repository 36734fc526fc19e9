package main

import (
	"bytes"
	"context"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/eval"
	"github.com/jtextract/jt/internal/sharedtest"
	"github.com/jtextract/jt/render"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// mdParser is a CommonMark parser with GitHub's extensions.
var mdParser = goldmark.New(goldmark.WithExtensions(extension.GFM)).Parser()

// mdCounts is what a parse of jt's Markdown holds.
type mdCounts struct {
	words                        []string
	headings, items, code, cells int
}

// parseMarkdown parses src and returns the words of its text (what a
// reader of the rendered page reads, without markup) and its counts of
// headings, list items, fenced code blocks and table cells.
func parseMarkdown(src []byte) mdCounts {
	doc := mdParser.Parse(text.NewReader(src))
	var c mdCounts
	var b strings.Builder
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			if n.Type() == ast.TypeBlock || n.Kind() == east.KindTableCell {
				b.WriteByte(' ')
			}
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			c.headings++
		case *ast.ListItem:
			c.items++
		case *ast.FencedCodeBlock:
			c.code++
			lines := n.Lines()
			for i := range lines.Len() {
				seg := lines.At(i)
				b.Write(seg.Value(src))
			}
		case *east.TableCell:
			c.cells++
			b.WriteByte(' ')
		case *ast.Text:
			// A text segment keeps its backslash escapes, except in code.
			if n.Parent() != nil && n.Parent().Kind() == ast.KindCodeSpan {
				b.Write(n.Value(src))
			} else {
				b.Write(util.UnescapePunctuations(n.Value(src)))
			}
			if n.SoftLineBreak() || n.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(n.Value)
		case *ast.AutoLink:
			b.Write(n.Label(src))
		}
		return ast.WalkContinue, nil
	})
	c.words = strings.Fields(b.String())
	return c
}

// wantCounts returns the least and most headings, list items and code
// blocks that the Markdown of d may hold: those outside tables at least,
// and those in tables too at most (a table laid out as one keeps none).
func wantCounts(d *jt.Document) (least, most mdCounts) {
	for i := range d.Paragraphs {
		if d.Paragraphs[i].Class != jt.Good {
			continue
		}
		st := d.Structure(i)
		for _, c := range []*mdCounts{&least, &most} {
			if c == &least && st.Table != 0 {
				continue
			}
			if st.List > 0 && !st.More {
				c.items++
			}
			switch st.Kind {
			case jt.KindHeading:
				c.headings++
			case jt.KindCode:
				c.code++
			}
		}
	}
	return least, most
}

// checkMarkdown renders d as Markdown, parses it and checks its words
// against the plain text's, and its blocks against d's structure.
func checkMarkdown(t *testing.T, name string, d *jt.Document, r *render.Renderer) []byte {
	t.Helper()
	md := r.Append(nil, d, render.Markdown)
	got := parseMarkdown(md)
	want := strings.Fields(string(d.AppendText(nil)))
	if strings.Join(got.words, " ") != strings.Join(want, " ") {
		i := 0
		for i < len(got.words) && i < len(want) && got.words[i] == want[i] {
			i++
		}
		t.Errorf("%s: the Markdown's words differ from the text's at word %d: got %q, want %q\n%s", name, i,
			got.words[max(i-3, 0):min(i+8, len(got.words))], want[max(i-3, 0):min(i+8, len(want))], excerpt(md, want[max(i-3, 0)]))
		return md
	}
	least, most := wantCounts(d)
	for _, k := range []struct {
		what             string
		got, least, most int
	}{
		{"headings", got.headings, least.headings, most.headings},
		{"list items", got.items, least.items, most.items},
		{"code blocks", got.code, least.code, most.code},
	} {
		if k.got < k.least || k.got > k.most {
			t.Errorf("%s: %d %s in the Markdown, want %d to %d", name, k.got, k.what, k.least, k.most)
		}
	}
	return md
}

// excerpt returns the lines of md around the first line holding word.
func excerpt(md []byte, word string) []byte {
	i := bytes.Index(md, []byte(word))
	if i < 0 {
		return md[:min(len(md), 600)]
	}
	return md[max(i-300, 0):min(i+300, len(md))]
}

// TestMarkdownHandMade checks the Markdown of hand-made pages with a
// CommonMark and GitHub tables parser: the same words as the plain text,
// and every heading, list item, table cell and code block kept.
func TestMarkdownHandMade(t *testing.T) {
	ex, err := jt.New(jt.WithAlgorithm("justext"), jt.WithStructure(true))
	if err != nil {
		t.Fatal(err)
	}
	pages := []struct {
		name, html string
		cells      int
	}{
		{"everything", `<h1>A *title* #1</h1><p>Text with <em>emphasis</em>, <b>(bold)</b>x, <code>a ` + "`" + `b</code>, 5 * 3 = 15, a_b_, [x](y), <http://z>, &amp;amp;.</p>
<ol><li>one</li><li>two<ul><li>- dash</li><li>+ plus</li></ul></li><li>10. ten</li></ol>
<table><tr><th>k</th><th>v|w</th></tr><tr><td>1</td><td>x</td></tr><tr><td colspan=2>both</td></tr><tr><td>only</td></tr></table>
<pre class="language-py">def f():
    return "` + "```" + `"</pre><blockquote><p>> quoted</p><ul><li>in quote</li></ul></blockquote>
<p>=== not a heading<br>--- not a rule<br>1) not a list<br># not a heading</p>`, 8},
	}
	r := render.New(render.Options{})
	for _, p := range pages {
		d, err := ex.ExtractBytesContext(context.Background(), []byte(p.html), jt.Page{})
		if err != nil {
			t.Fatal(err)
		}
		for i := range d.Paragraphs {
			d.Paragraphs[i].Class = jt.Good
		}
		md := checkMarkdown(t, p.name, d, r)
		if got := parseMarkdown(md); got.cells != p.cells {
			t.Errorf("%s: %d table cells, want %d\n%s", p.name, got.cells, p.cells, md)
		}
	}
}

// TestMarkdownWCXB renders every wcxb-dev page's auto extraction as
// Markdown and checks it with a CommonMark and GitHub tables parser, and
// that its word-F1 (the Markdown as written, scored as the benchmark
// scores text) is within 0.005 of the plain text's.
func TestMarkdownWCXB(t *testing.T) {
	if testing.Short() {
		t.Skip("extracts 1,358 pages")
	}
	ds, err := eval.LoadDataset(filepath.Join(sharedtest.Dir(t), "datasets", "wcxb-dev", "dev"))
	if err != nil {
		t.Fatal(err)
	}
	ex, err := jt.New(jt.WithAlgorithm("auto"), jt.WithStructure(true))
	if err != nil {
		t.Fatal(err)
	}
	r := render.New(render.Options{})
	var scorer eval.WordScorer
	var f1Text, f1MD float64
	var md []byte
	for _, p := range ds.Pages {
		d, err := ex.ExtractBytesContext(context.Background(), p.HTML, jt.Page{URL: p.URL})
		if err != nil {
			t.Fatal(err)
		}
		md = checkMarkdown(t, p.ID, d, r)
		_, _, f := scorer.Score(string(d.AppendText(nil)), p.Truth)
		f1Text += f
		_, _, f = scorer.Score(string(bytes.TrimSpace(md)), p.Truth)
		f1MD += f
	}
	n := float64(len(ds.Pages))
	t.Logf("word-F1 over %d pages: text %.4f, markdown %.4f", len(ds.Pages), f1Text/n, f1MD/n)
	if d := f1Text/n - f1MD/n; d > 0.005 || d < -0.005 {
		t.Errorf("Markdown's word-F1 %.4f is %.4f from the text's %.4f", f1MD/n, -d, f1Text/n)
	}
}

// BenchmarkFormatCost measures what each output format costs beside plain
// text on both corpora, page by page in alternation on one thread: "auto"
// with AppendText against "auto" recording structure and rendering the
// format. x-text is the format's thread CPU time over plain text's.
func BenchmarkFormatCost(b *testing.B) {
	shared := sharedtest.Dir(b)
	for _, corpus := range []struct{ name, dir string }{
		{"scrapinghub", filepath.Join(shared, "datasets", "scrapinghub")},
		{"wcxb-dev", filepath.Join(shared, "datasets", "wcxb-dev", "dev", "html")},
	} {
		ds, err := loadDataset(corpus.dir)
		if err != nil {
			b.Fatal(err)
		}
		for _, f := range []render.Format{render.Text, render.Markdown, render.HTML} {
			b.Run(corpus.name+"/"+f.String(), func(b *testing.B) { benchFormatCost(b, ds, f) })
		}
	}
}

func benchFormatCost(b *testing.B, ds *Dataset, f render.Format) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	plain, err := jt.New(jt.WithAlgorithm("auto"))
	if err != nil {
		b.Fatal(err)
	}
	structured, err := jt.New(jt.WithAlgorithm("auto"), jt.WithStructure(true))
	if err != nil {
		b.Fatal(err)
	}
	r := render.New(render.Options{})
	var buf []byte
	var tPlain, tFormat time.Duration
	clock := func() time.Duration {
		t, err := threadCPUTime()
		if err != nil {
			b.Fatal(err)
		}
		return t
	}
	b.SetBytes(ds.Bytes)
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range ds.Pages {
			t0 := clock()
			d, err := plain.ExtractBytes(p.HTML)
			if err != nil {
				b.Fatal(err)
			}
			buf = d.AppendText(buf[:0])
			t1 := clock()
			if d, err = structured.ExtractBytes(p.HTML); err != nil {
				b.Fatal(err)
			}
			buf = r.Append(buf[:0], d, f)
			t2 := clock()
			tPlain += t1 - t0
			tFormat += t2 - t1
		}
	}
	b.ReportMetric(float64(tFormat)/float64(tPlain), "x-text")
}
