package jt_test

import (
	"strings"
	"testing"

	"github.com/jtextract/jt"
)

// TestParagraphSource checks that a script-built forum page's text comes
// from its JSON-LD, marked as such, after the page's own paragraphs.
func TestParagraphSource(t *testing.T) {
	const post = "My washing machine stops halfway through the cycle and shows an error code. I have cleaned the filter and checked the hose, but it keeps happening every other wash, and the shop says the warranty has run out."
	page := `<html><head><script type="application/ld+json">{"@type":"DiscussionForumPosting","text":"` + post +
		`"}</script></head><body><nav><a href="/">Home</a> <a href="/latest">Latest</a></nav><div id="main"></div><footer>Powered by a forum engine</footer></body></html>`
	ex, err := jt.New(jt.WithAlgorithm("auto"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := ex.Extract(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	if d.Text() != post {
		t.Errorf("text %q, want the post", d.Text())
	}
	last := len(d.Paragraphs) - 1
	for i := range d.Paragraphs {
		if got, want := d.ParagraphSource(i), map[bool]string{true: jt.SourceJSONLD}[i == last]; got != want {
			t.Errorf("paragraph %d %q: source %q, want %q", i, d.ParagraphText(i), got, want)
		}
	}
	if d.Fallback() {
		t.Error("Fallback: the JSON-LD text replaced the fallback")
	}
}
