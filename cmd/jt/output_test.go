package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jtextract/jt/warc"
)

// structuredPage has a heading, a list, a link and code, all main text
// for jusText.
const structuredPage = `<html><body><h2>The result</h2>
<p>This is the kind of sentence that a person would write in a real article about the news, and it is
long enough that jusText keeps it as the main text of the page, with <a href="https://example.com/x">a link</a>
and <code>some_code()</code> in it, as an article about software would have.</p>
<ul><li>A first list item that is long enough to be kept by the classifier as part of the main text of this page.</li>
<li>A second list item that is long enough to be kept by the classifier as part of the main text of this page.</li></ul>
</body></html>`

func TestExtractFormats(t *testing.T) {
	cases := []struct {
		args []string
		want []string // substrings of the output, in order
	}{
		{[]string{"--format", "text"}, []string{"The result\n\nThis is the kind", "this page.\nA second list item"}},
		{[]string{"--format", "markdown"}, []string{"## The result\n\n", "with a link\nand `some_code()`", "\n\n- A first list item", "\n- A second"}},
		{[]string{"--format", "markdown", "--links"}, []string{"[a link](https://example.com/x)"}},
		{[]string{"--format", "html", "--links"}, []string{"<h2>The result</h2>\n<p>", `<a href="https://example.com/x">a link</a>`, "<ul>\n<li>A first", "</li>\n</ul>"}},
	}
	for _, c := range cases {
		code, out, errs := runJT(t, structuredPage, append([]string{"extract", "--algo", "justext"}, c.args...)...)
		if code != 0 || errs != "" {
			t.Fatalf("%v: exit %d, stderr %q", c.args, code, errs)
		}
		rest := out
		for _, w := range c.want {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Errorf("%v: output lacks %q (in order):\n%s", c.args, w, out)
				break
			}
			rest = rest[i+len(w):]
		}
	}
}

func TestExtractContent(t *testing.T) {
	code, out, errs := runJT(t, structuredPage, "extract", "--algo", "justext", "--format", "jsonl", "--content", "markdown")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var doc struct {
		Text string `json:"text"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(doc.Text, "## The result\n\n") {
		t.Errorf("text field %q is not Markdown", doc.Text)
	}
	if code, _, errs := runJT(t, structuredPage, "extract", "--format", "json", "--content", "pdf"); code != 2 || !strings.Contains(errs, "--content") {
		t.Errorf("--content pdf: exit %d, stderr %q", code, errs)
	}
}

// TestExtractSeveral checks that the text formats say where each of
// several documents starts.
func TestExtractSeveral(t *testing.T) {
	a, b := writeFile(t, "a.html", structuredPage, false), writeFile(t, "b.html", page, false)
	code, out, _ := runJT(t, "", "extract", "--algo", "justext", a, b)
	if code != 0 || !strings.HasPrefix(out, "==> "+a+" <==\n") || !strings.Contains(out, "\n\n==> "+b+" <==\n") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
	code, out, _ = runJT(t, "", "extract", "--algo", "justext", "--format", "html", a, b)
	if code != 0 || strings.Count(out, "<article data-source=") != 2 || strings.Count(out, "</article>") != 2 {
		t.Errorf("html: exit %d, output:\n%s", code, out)
	}
}

// TestWARCContentAndMetadata checks jt warc's --content and --metadata: a
// record's text in Markdown, and the page's metadata with its canonical
// URL resolved against the WARC target URI.
func TestWARCContentAndMetadata(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "..", "testdata", "pages", "handbook.html"))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	w, err := warc.NewWriter(&b, warc.Gzip)
	if err != nil {
		t.Fatal(err)
	}
	msg := "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\r\n" + string(page)
	h := warc.Header{{Name: "WARC-Type", Value: "response"}, {Name: "WARC-Record-ID", Value: "<urn:h:1>"},
		{Name: "WARC-Target-URI", Value: "https://handbook.example.org/logs/rotation"}}
	if err := w.WriteRecord(h, []byte(msg)); err != nil {
		t.Fatal(err)
	}
	archive := filepath.Join(t.TempDir(), "h.warc.gz")
	if err := os.WriteFile(archive, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runJT(t, "", "warc", "--quiet", "--content", "markdown", "--metadata", archive)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	docs := documents(t, out)
	if len(docs) != 1 {
		t.Fatalf("%d records, want 1", len(docs))
	}
	d := docs[0]
	if !strings.Contains(d.Text, "## Settings\n\n") || !strings.Contains(d.Text, "| --- | --- | --- |\n") ||
		!strings.Contains(d.Text, "```sh\nrotate --config") {
		t.Errorf("text is not the page's Markdown:\n%s", d.Text)
	}
	if d.Metadata == nil || d.Metadata.Author != "Ada Ortiz" || d.Metadata.URL != "https://handbook.example.org/logs/rotation" ||
		!strings.HasPrefix(d.Metadata.Date, "2025-03-14") || d.Metadata.Categories == nil {
		t.Errorf("metadata %+v", d.Metadata)
	}
	// Without --metadata the records carry none; paragraph dedup needs text.
	if _, out, _ := runJT(t, "", "warc", "--quiet", archive); strings.Contains(out, `"metadata"`) {
		t.Errorf("metadata without --metadata: %s", out)
	}
	if code, _, errs := runJT(t, "", "warc", "--quiet", "--dedup", "paragraph", "--content", "html", archive); code != 2 || !strings.Contains(errs, "content") {
		t.Errorf("--dedup paragraph --content html: exit %d, stderr %q", code, errs)
	}
}
