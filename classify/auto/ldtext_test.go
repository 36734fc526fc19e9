package auto_test

import (
	"strings"
	"testing"

	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/classify/auto"
)

// ldPage is a page whose visible HTML holds body (a menu and a footer
// around it) and whose JSON-LD script holds ld.
func ldPage(body, ld string) []byte {
	return []byte(`<html><head><title>A thread</title><script type="application/ld+json">` + ld +
		`</script></head><body><nav><ul><li><a href="/">Home</a></li><li><a href="/latest">Latest</a></li><li><a href="/top">Top</a></li></ul></nav>` +
		body + `<footer><p>Powered by a forum engine. <a href="/tos">Terms</a> <a href="/privacy">Privacy</a></p></footer></body></html>`)
}

const (
	post1 = "My washing machine stops halfway through the cycle and shows an error code. I have cleaned the filter and checked the hose, but it keeps happening every other wash."
	post2 = "That code usually means the drain pump is blocked. Take off the cover at the bottom front, empty the water into a tray and look for a coin or a hair clip in the impeller."
	post3 = "Thanks, it was a coin stuck in the pump. The machine has run three full cycles since without any trouble."
	prose = "The city council said on Tuesday that the new library will not open before the end of the year. Readers will have to be patient until they can use the new rooms, and the old library stays open for as long as the state of the building allows."
)

// TestJSONLDText checks when the main text comes from the page's JSON-LD:
// only when the visible page lacks it, and only from the keys and types
// that hold a page's main text.
func TestJSONLDText(t *testing.T) {
	forum := `{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"Machine stops","text":"` + post1 +
		`","comment":[{"@type":"Comment","text":"` + post2 + `"},{"@type":"Comment","text":"` + post3 + `\n\n` + post2 + `"}]}`
	for _, tc := range []struct {
		name string
		html []byte
		want []string // the JSON-LD paragraphs kept, in order; none: the page's own text
	}{
		{"forum thread built by a script", ldPage(`<div id="main"></div>`, forum), []string{post1, post2, post3}},
		{"forum thread also in the HTML", ldPage(`<article><p>`+post1+`</p><p>`+post2+`</p><p>`+post3+`</p></article>`, forum), nil},
		{"product description", ldPage(`<div class="product"><h1>Washer</h1></div>`,
			`{"@type":["Product"],"name":"Washer","description":"`+post1+` `+post2+`"}`), []string{post1 + " " + post2}},
		{"articleBody with markup", ldPage(``, `{"@type":"NewsArticle","articleBody":"<p>`+prose+`</p>"}`), []string{prose}},
		{"text of another type", ldPage(``, `{"@type":"WebPage","text":"`+post1+` `+post2+`"}`), nil},
		{"too short", ldPage(``, `{"@type":"Comment","text":"Thanks, that fixed it."}`), nil},
		{"not JSON", ldPage(``, `{"@type":"Comment","text":"`+post1+`"`), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newPipe(t, auto.Config{AutoLanguage: true})
			if err := p.Run(tc.html); err != nil {
				t.Fatal(err)
			}
			var got []string
			paras := p.X.Paragraphs()
			text, _ := p.X.Arenas()
			for i, para := range paras {
				if !p.X.FromJSONLD(i) {
					if tc.want != nil && para.Class == blocks.Good {
						t.Errorf("paragraph %d of the page kept beside the JSON-LD text", i)
					}
					continue
				}
				got = append(got, string(text[para.Text.Start:para.Text.End]))
				if p.X.Features(i) != nil || p.X.Probability(i) != 1 {
					t.Errorf("JSON-LD paragraph %d: features %v, probability %v", i, p.X.Features(i), p.X.Probability(i))
				}
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("JSON-LD paragraphs:\n%q\nwant\n%q", got, tc.want)
			}
			if tc.want != nil && p.GoodText() != strings.Join(tc.want, "\n") {
				t.Errorf("text %q", p.GoodText())
			}
			// Warm, the JSON-LD path allocates no more than the rest.
			if n := testing.AllocsPerRun(3, func() { _ = p.Run(tc.html) }); n > 0 {
				t.Errorf("%.0f allocations per run", n)
			}
		})
	}
}
