package render_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/render"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// extractAll extracts src with structure and marks every paragraph good,
// so that the tests see the renderers' work and not a classifier's.
func extractAll(t testing.TB, ex *jt.Extractor, src string) *jt.Document {
	t.Helper()
	d, err := ex.ExtractBytesContext(context.Background(), []byte(src), jt.Page{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range d.Paragraphs {
		d.Paragraphs[i].Class = jt.Good
	}
	return d
}

func newExtractor(t testing.TB, structure bool) *jt.Extractor {
	t.Helper()
	ex, err := jt.New(jt.WithAlgorithm("justext"), jt.WithStructure(structure))
	if err != nil {
		t.Fatal(err)
	}
	return ex
}

const page = `<h1>Title</h1><p>Some <em>emphasised</em> and <strong>strong</strong> text with <code>x*y</code> and a <a href="https://example.com/a b">link</a>.</p>
<ul><li>one</li><li>two<ol start="3"><li>three</li><li>four</li></ol></li><li>five</li></ul>
<table><tr><th>Name</th><th>Value</th></tr><tr><td>a|b</td><td>1</td></tr><tr><td colspan="2">wide</td></tr></table>
<pre><code class="language-go">if a &lt; b {
	return "` + "```" + `"
}</code></pre>
<blockquote><p>Quoted <img src="i.png" alt="pic"> text.</p></blockquote>
<p>1. Not a list, # not a heading, *not emphasis*, &lt;b&gt; not a tag, snake_case.</p>`

func TestFormats(t *testing.T) {
	ex := newExtractor(t, true)
	d := extractAll(t, ex, page)
	cases := []struct {
		format render.Format
		opts   render.Options
		want   string
	}{
		{render.Text, render.Options{}, `Title

Some emphasised and strong text with x*y and a link.

one
two
three
four
five

Name	Value
a|b	1
wide

if a < b {
return "` + "```" + `"
}

Quoted text.

1. Not a list, # not a heading, *not emphasis*, <b> not a tag, snake_case.`},
		{render.Markdown, render.Options{}, "# Title\n\n" +
			"Some *emphasised* and **strong** text with `x*y` and a link.\n\n" +
			"- one\n- two\n\n  3. three\n  4. four\n- five\n\n" +
			"| Name | Value |\n| --- | --- |\n| a\\|b | 1 |\n| wide |  |\n\n" +
			"````go\nif a < b {\nreturn \"```\"\n}\n````\n\n" +
			"> Quoted text.\n\n" +
			"1\\. Not a list, \\# not a heading, \\*not emphasis\\*, \\<b\\> not a tag, snake_case."},
		{render.Markdown, render.Options{Links: true, Images: true}, "# Title\n\n" +
			"Some *emphasised* and **strong** text with `x*y` and a [link](https://example.com/a%20b).\n\n" +
			"- one\n- two\n\n  3. three\n  4. four\n- five\n\n" +
			"| Name | Value |\n| --- | --- |\n| a\\|b | 1 |\n| wide |  |\n\n" +
			"````go\nif a < b {\nreturn \"```\"\n}\n````\n\n" +
			"> Quoted ![pic](i.png)text.\n\n" +
			"1\\. Not a list, \\# not a heading, \\*not emphasis\\*, \\<b\\> not a tag, snake_case."},
		{render.HTML, render.Options{Links: true, Images: true}, `<h1>Title</h1>
<p>Some <em>emphasised</em> and <strong>strong</strong> text with <code>x*y</code> and a <a href="https://example.com/a b">link</a>.</p>
<ul>
<li>one</li>
<li>two<ol start="3">
<li>three</li>
<li>four</li>
</ol>
</li>
<li>five</li>
</ul>
<table>
<tr><th>Name</th><th>Value</th></tr>
<tr><td>a|b</td><td>1</td></tr>
<tr><td colspan="2">wide</td></tr>
</table>
<pre><code class="language-go">if a &lt; b {
return "` + "```" + `"
}</code></pre>
<blockquote><p>Quoted <img src="i.png" alt="pic">text.</p></blockquote>
<p>1. Not a list, # not a heading, *not emphasis*, &lt;b&gt; not a tag, snake_case.</p>
`},
	}
	r := render.New(render.Options{})
	for _, c := range cases {
		r2 := render.New(c.opts)
		got := string(r2.Append(nil, d, c.format))
		if got != c.want {
			t.Errorf("%v %+v:\n got %q\nwant %q", c.format, c.opts, got, c.want)
		}
		// A Renderer is reusable: a second document renders the same.
		_ = r.Append(nil, d, c.format)
	}
}

// TestNoStructure renders a document without structure: paragraphs, and
// headings from Paragraph.Heading.
func TestNoStructure(t *testing.T) {
	d := extractAll(t, newExtractor(t, false), `<h3>Head</h3><ul><li>a</li><li>b</li></ul>`)
	got := string(render.New(render.Options{}).Append(nil, d, render.Markdown))
	if want := "## Head\n\na\n\nb"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestLayoutTable checks that a table holding the page (one column, or
// long texts) is rendered as its paragraphs.
func TestLayoutTable(t *testing.T) {
	long := strings.Repeat("word ", 80)
	d := extractAll(t, newExtractor(t, true), `<table><tr><td><h2>Head</h2><p>`+long+`</p></td><td>side</td></tr></table>`)
	got := string(render.New(render.Options{}).Append(nil, d, render.Markdown))
	if strings.Contains(got, "|") || !strings.HasPrefix(got, "## Head\n\n") {
		t.Errorf("a layout table became %q", got)
	}
}

// TestHTMLNesting checks that an item whose parent items were not kept
// still sits in a list item of each list around it.
func TestHTMLNesting(t *testing.T) {
	d := extractAll(t, newExtractor(t, true), `<p>Intro</p><ul><li><ul><li><ol><li>deep</li></ol></li></ul></li></ul><ul><li>a<ul><li>b</li></ul></li></ul>`)
	got := string(render.New(render.Options{}).Append(nil, d, render.HTML))
	// Adjacent lists of one depth are one list to the renderer.
	want := "<p>Intro</p>\n<ul>\n<li><ul>\n<li><ol>\n<li>deep</li>\n</ol>\n</li>\n</ul>\n</li>\n" +
		"<li>a<ul>\n<li>b</li>\n</ul>\n</li>\n</ul>\n"
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func TestUnsafeLinks(t *testing.T) {
	d := extractAll(t, newExtractor(t, true), `<p><a href=" JaVa&#9;script:alert(1)">x</a> <a href="data:text/html,1">y</a> <img src="vbscript:z" alt=q> <a href="/ok">z</a></p>`)
	r := render.New(render.Options{Links: true, Images: true})
	for _, f := range []render.Format{render.Markdown, render.HTML} {
		got := string(r.Append(nil, d, f))
		low := strings.ToLower(got)
		if strings.Contains(low, "script:") || strings.Contains(low, "data:") || !strings.Contains(got, "/ok") {
			t.Errorf("%v: %q", f, got)
		}
	}
}

func TestParseFormat(t *testing.T) {
	for name, want := range map[string]render.Format{"text": render.Text, "Markdown": render.Markdown, "md": render.Markdown, "HTML": render.HTML} {
		if f, err := render.ParseFormat(name); err != nil || f != want || (name == strings.ToLower(name) && name != "md" && f.String() != name) {
			t.Errorf("ParseFormat(%q) = %v, %v", name, f, err)
		}
	}
	if _, err := render.ParseFormat("pdf"); err == nil {
		t.Error("ParseFormat(pdf) gave no error")
	}
}

func TestAllocs(t *testing.T) {
	d := extractAll(t, newExtractor(t, true), strings.Repeat(page, 20))
	r := render.New(render.Options{Links: true, Images: true})
	buf := r.Append(nil, d, render.HTML)
	for _, f := range []render.Format{render.Text, render.Markdown, render.HTML} {
		if n := testing.AllocsPerRun(20, func() { buf = r.Append(buf[:0], d, f) }); n != 0 {
			t.Errorf("%v: a warm Append allocates %.0f times", f, n)
		}
	}
}

var inline = map[atom.Atom]bool{atom.Em: true, atom.Strong: true, atom.Code: true, atom.A: true, atom.Img: true}

// FuzzHTML checks that the HTML format is safe and well-formed on any
// input: its parse has no script, style, event attribute or script URL,
// and its text has the words of the paragraphs rendered.
func FuzzHTML(f *testing.F) {
	for _, s := range []string{page, `<a href="javascript:x" onclick="y">a</a><script>z</script>`,
		`<p><b>a<i>b</b>c</i></p><img src=x onerror=alert(1)>`, `<table><td colspan=5000>x<td>y</table>`,
		`<pre><code class='language-"><script>'>x</code></pre>`, `<ul><li><ol><li>deep</li></ol></li></ul>`} {
		f.Add(s)
	}
	ex := newExtractor(f, true)
	r := render.New(render.Options{Links: true, Images: true})
	f.Fuzz(func(t *testing.T, src string) {
		d := extractAll(t, ex, src)
		out := r.Append(nil, d, render.HTML)
		var plain []byte
		plain = d.AppendText(plain)
		nodes, err := html.ParseFragment(bytes.NewReader(out), &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body})
		if err != nil {
			t.Fatal(err)
		}
		var text strings.Builder
		var walk func(n *html.Node)
		walk = func(n *html.Node) {
			switch n.Type {
			case html.ElementNode:
				if n.DataAtom == atom.Script || n.DataAtom == atom.Style || n.DataAtom == atom.Iframe {
					t.Fatalf("%s element in %q", n.Data, out)
				}
				if n.DataAtom == atom.Ul || n.DataAtom == atom.Ol {
					for c := n.FirstChild; c != nil; c = c.NextSibling {
						if c.Type == html.ElementNode && c.DataAtom != atom.Li {
							t.Fatalf("%s holds a %s in %q", n.Data, c.Data, out)
						}
					}
				}
				for _, a := range n.Attr {
					v := strings.ToLower(strings.Join(strings.FieldsFunc(a.Val, func(r rune) bool { return r <= ' ' }), ""))
					if strings.HasPrefix(a.Key, "on") || strings.HasPrefix(v, "javascript:") || strings.HasPrefix(v, "vbscript:") || strings.HasPrefix(v, "data:") {
						t.Fatalf("unsafe attribute %s=%q in %q", a.Key, a.Val, out)
					}
				}
			case html.TextNode:
				text.WriteString(n.Data)
			}
			// Paragraphs are apart; inline elements join their text.
			block := n.Type == html.ElementNode && !inline[n.DataAtom]
			if block {
				text.WriteByte(' ')
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c)
			}
			if block {
				text.WriteByte(' ')
			}
		}
		for _, n := range nodes {
			walk(n)
		}
		if got, want := strings.Fields(text.String()), strings.Fields(string(plain)); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Fatalf("the HTML's text differs from the paragraphs':\n got %q\nwant %q\n%s", got, want, out)
		}
	})
}
