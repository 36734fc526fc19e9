package bte

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/jtextract/jt/internal/sharedtest"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// event is one call a driver makes on a Counter: a tag, or a text node.
type event struct {
	tag  bool
	text []byte
}

// events tokenizes doc with golang.org/x/net/html and returns the calls a
// caller following the package contract makes: everything fed before the
// head ends is followed by a reset (nil), script and style elements,
// comments and doctypes are dropped, every other tag counts.
func events(doc []byte) []event {
	z := html.NewTokenizer(bytes.NewReader(doc))
	var (
		out    []event
		inBody bool      // the head has ended
		skip   atom.Atom // script or style element being dropped
	)
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			return out
		case html.TextToken:
			if skip == 0 {
				out = append(out, event{text: bytes.Clone(z.Text())})
			}
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			switch {
			case skip != 0:
				if tt == html.EndTagToken && a == skip {
					skip = 0
				}
			case (a == atom.Script || a == atom.Style) && tt == html.StartTagToken:
				skip = a
			case !inBody && ((a == atom.Head && tt == html.EndTagToken) || (a == atom.Body && tt != html.EndTagToken)):
				inBody = true
				out = append(out, event{}) // reset: counting starts after this tag
			default:
				out = append(out, event{tag: true})
			}
		}
	}
}

// feed replays events on c, which it resets first.
func feed(c *Counter, evs []event) {
	c.Reset()
	for _, ev := range evs {
		switch {
		case ev.tag:
			c.Tag()
		case ev.text == nil:
			c.Reset()
		default:
			c.Text(ev.text)
		}
	}
}

func TestCounterDocuments(t *testing.T) {
	tests := []struct {
		name  string
		doc   string
		runs  []int32
		text  string
		score int
	}{
		{"empty", "", nil, "", 0},
		{"tags only", "<html><body><div></div></body></html>", nil, "", 0},
		{"plain text", "one two  three", []int32{3}, "one two three", 3},
		{
			"head dropped",
			"<html><head><title>Title words here</title></head><body><p>Body text.</p></body></html>",
			[]int32{2, -3}, "Body text.", 2,
		},
		{
			"body starts the count without </head>",
			"<title>Title words here</title><body><p>Body text.</p>",
			[]int32{2, -1}, "Body text.", 2,
		},
		{
			"neither head nor body counts from the start",
			"<p>a b</p><p>c</p>",
			[]int32{2, -2, 1, -1}, "a b", 2,
		},
		{
			"navigation loses to the article",
			"</head><body><ul><li><a>Home</a></li><li><a>News</a></li></ul>" +
				"<div><p>The article has many words and few tags in it.</p><p>More prose follows here.</p></div>" +
				"<div><a>Contact</a></div></body>",
			[]int32{1, -4, 1, -5, 10, -2, 4, -4, 1, -3},
			"The article has many words and few tags in it. More prose follows here.", 12,
		},
		{
			"script, style and comments dropped",
			"<body><p>a <script>var x = 1 < 2;</script>b<!-- c d e --> f<style>p{}</style></p>",
			[]int32{3, -1}, "a b f", 3,
		},
		{
			"comment joins a word, a tag splits it",
			"<body>fo<!-- -->o b<b>a</b>r",
			[]int32{2, -1, 1, -1, 1}, "foo b", 2,
		},
		{
			"entities decoded and unicode spaces",
			"<body><p>caf&eacute;&nbsp;cr\u00e8me\u2003br\u00fbl\u00e9e</p>",
			[]int32{3, -1}, "café crème brûlée", 3,
		},
		{
			"zero-sum tail left out",
			"<body>a b c<i></i>d e",
			[]int32{3, -2, 2}, "a b c", 3,
		},
	}
	var c Counter
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			feed(&c, events([]byte(tt.doc)))
			if got := c.Runs(); !slices.Equal(got, tt.runs) {
				t.Errorf("Runs() = %v, want %v", got, tt.runs)
			}
			if got := string(c.AppendText(nil)); got != tt.text {
				t.Errorf("AppendText = %q, want %q", got, tt.text)
			}
			if _, _, score := c.Best(); score != tt.score {
				t.Errorf("score = %d, want %d", score, tt.score)
			}
		})
	}
}

// runeCut moves the cut k in s back to a rune boundary, as the Counter
// expects of text node boundaries.
func runeCut(s string, k int) int {
	k = min(k, len(s))
	for k > 0 && k < len(s) && !utf8.RuneStart(s[k]) {
		k--
	}
	return k
}

// tokenBest is Baroni's definition taken literally: every token counts ±1
// and every (begin, end) pair of tokens is tried, with the package's
// tie-break. It returns the words of the best stretch.
func tokenBest(tokens []string) string {
	best, bb, be := -1<<62, 0, 0
	for b := range tokens {
		s := 0
		for e := b; e < len(tokens); e++ {
			if tokens[e] == "" {
				s--
			} else {
				s++
			}
			if s > best {
				best, bb, be = s, b, e+1
			}
		}
	}
	var words []string
	for _, tok := range tokens[bb:be] {
		if tok != "" {
			words = append(words, tok)
		}
	}
	return strings.Join(words, " ")
}

// TestCounterProperties feeds random token streams, with the text split
// into nodes at random places, and checks the Counter against the
// token-level definition, the brute force on its own run array, and
// against the same stream fed as whole words.
func TestCounterProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	vocab := []string{"a", "bb", "ccc", "\u00e9t\u00e9", "x\xffy"} // invalid UTF-8 is kept verbatim
	spaces := []string{" ", "  ", "\n", "\t", "\u00a0"}
	var chunked, whole Counter
	for range 2000 {
		var tokens []string // "" is a tag
		started := false
		for range rng.IntN(60) {
			if rng.IntN(2) == 0 {
				if started { // leading tags are dropped by design
					tokens = append(tokens, "")
				}
				chunked.Tag()
				continue
			}
			started = true
			w := vocab[rng.IntN(len(vocab))]
			tokens = append(tokens, w)
			// Write the word with random white space around it, split
			// into two nodes at a random rune boundary.
			s := spaces[rng.IntN(len(spaces))] + w + spaces[rng.IntN(len(spaces))]
			cut := runeCut(s, rng.IntN(len(s)+1))
			chunked.Text([]byte(s[:cut]))
			chunked.Text([]byte(s[cut:]))
		}
		whole.Reset()
		for _, tok := range tokens {
			if tok == "" {
				whole.Tag()
			} else {
				whole.Text([]byte(tok + " "))
			}
		}

		got := string(chunked.AppendText(nil))
		if want := tokenBest(tokens); got != want {
			t.Fatalf("tokens %q: AppendText = %q, token-level brute force = %q", tokens, got, want)
		}
		if !slices.Equal(chunked.Runs(), whole.Runs()) {
			t.Fatalf("tokens %q: chunked runs %v, whole-word runs %v", tokens, chunked.Runs(), whole.Runs())
		}
		b, e, score := chunked.Best()
		wb, we, ws := bruteForce(chunked.Runs())
		if b != wb || e != we || int64(score) != ws {
			t.Fatalf("runs %v: Best = (%d, %d, %d), brute force (%d, %d, %d)", chunked.Runs(), b, e, score, wb, we, ws)
		}
		if e > b && (b%2 != 0 || (e-1)%2 != 0) {
			t.Fatalf("runs %v: best stretch [%d, %d) does not start and end on word runs", chunked.Runs(), b, e)
		}
		chunked.Reset()
	}
}

func TestAppendRangeClamps(t *testing.T) {
	var c Counter
	feed(&c, events([]byte("<body>a b<i>c</i>d")))
	for _, tt := range []struct {
		begin, end int
		want       string
	}{
		{-5, 100, "a b c d"},
		{0, 1, "a b"},
		{1, 3, "c"},
		{1, 2, ""},
		{2, 5, "c d"},
		{4, 5, "d"},
		{3, 3, ""},
		{5, 2, ""},
	} {
		if got := string(c.AppendRange([]byte(">"), tt.begin, tt.end)); got != ">"+tt.want {
			t.Errorf("AppendRange(%d, %d) = %q, want %q", tt.begin, tt.end, got, ">"+tt.want)
		}
	}
}

// FuzzCounter feeds a document through the x/net/html driver, split into
// text nodes at the fuzzer's choice, and checks the Counter's invariants.
func FuzzCounter(f *testing.F) {
	f.Add([]byte("<html><head><title>t</title></head><body><p>Some words here.</p><a>x</a></body>"), uint8(3))
	f.Add([]byte("<body>fo<!-- -->o b<b>a</b>r"), uint8(1))
	f.Add([]byte("a\u00a0b\xff c"), uint8(2))
	f.Fuzz(func(t *testing.T, doc []byte, cut uint8) {
		var c Counter
		evs := events(doc)
		feed(&c, evs)
		want := string(c.AppendText(nil))
		// Splitting every text node in two must not change anything.
		c.Reset()
		for _, ev := range evs {
			switch {
			case ev.tag:
				c.Tag()
			case ev.text == nil:
				c.Reset()
			default:
				k := runeCut(string(ev.text), int(cut))
				c.Text(ev.text[:k])
				c.Text(ev.text[k:])
			}
		}
		if got := string(c.AppendText(nil)); got != want {
			t.Fatalf("split text nodes: %q, whole: %q", got, want)
		}
		runs := c.Runs()
		b, e, score := c.Best()
		if len(runs) <= 1000 {
			if wb, we, ws := bruteForce(runs); b != wb || e != we || int64(score) != ws {
				t.Fatalf("Best = (%d, %d, %d), brute force (%d, %d, %d)", b, e, score, wb, we, ws)
			}
		}
		words := 0
		for i := b; i < e; i += 2 {
			words += int(runs[i])
		}
		if n := len(strings.Fields(want)); n != words {
			t.Fatalf("text %q has %d fields, the stretch %d words", want, n, words)
		}
	})
}

// TestCorpus runs the driver over the shared real pages: every page must
// yield a stretch that starts and ends on a word run and scores what its
// runs add up to.
func TestCorpus(t *testing.T) {
	var (
		c       Counter
		kept    int
		checked int
	)
	for i, page := range sharedtest.Pages(t) {
		feed(&c, events(page.HTML))
		runs := c.Runs()
		b, e, score := c.Best()
		if len(runs) > 0 && (b%2 != 0 || (e-1)%2 != 0) {
			t.Fatalf("page %d: best stretch [%d, %d) not on word runs", i, b, e)
		}
		sum := 0
		for _, r := range runs[b:e] {
			sum += int(r)
		}
		if sum != score {
			t.Fatalf("page %d: score %d, runs sum to %d", i, score, sum)
		}
		if len(runs) <= 3000 {
			if wb, we, ws := bruteForce(runs); b != wb || e != we || int64(score) != ws {
				t.Fatalf("page %d: Best = (%d, %d, %d), brute force (%d, %d, %d)", i, b, e, score, wb, we, ws)
			}
			checked++
		}
		kept += len(c.AppendText(nil))
	}
	t.Logf("%d pages checked against the brute force, %d bytes of body text kept", checked, kept)
}

func TestCounterAllocs(t *testing.T) {
	evs := events(syntheticPage(50))
	var (
		c   Counter
		out []byte
	)
	feed(&c, evs) // warm the buffers
	out = c.AppendText(out[:0])
	allocs := testing.AllocsPerRun(20, func() {
		feed(&c, evs)
		c.Best()
		out = c.AppendText(out[:0])
	})
	if allocs != 0 {
		t.Errorf("steady state: %v allocations per document, want 0", allocs)
	}
}

// syntheticPage builds a page with navigation, n article paragraphs with
// inline markup, and a footer.
func syntheticPage(n int) []byte {
	var b strings.Builder
	b.WriteString("<html><head><title>A page</title><style>p{}</style></head><body><ul>")
	for i := range 20 {
		b.WriteString("<li><a href='/'>Menu item ")
		b.WriteByte(byte('a' + i))
		b.WriteString("</a></li>")
	}
	b.WriteString("</ul><div class=article>")
	for range n {
		b.WriteString("<p>The quick brown fox jumps over the <b>lazy</b> dog and keeps on running through the field, <a href='#'>far</a> away.</p>\n")
	}
	b.WriteString("</div><div class=footer><a>Imprint</a> | <a>Privacy</a></div><script>track()</script></body></html>")
	return []byte(b.String())
}

func BenchmarkCounter(b *testing.B) {
	doc := syntheticPage(200)
	evs := events(doc)
	var (
		c   Counter
		out []byte
	)
	b.ReportAllocs()
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		feed(&c, evs)
		out = c.AppendText(out[:0])
	}
}
