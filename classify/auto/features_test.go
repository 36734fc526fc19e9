package auto

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"maps"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/tokenizer"
)

// TestUnspacedWords checks the words estimated for text without spaces:
// half its CJK characters, and none for a spaced text.
func TestUnspacedWords(t *testing.T) {
	for _, tc := range []struct {
		text  string
		words int // as the ParagraphMaker counts them: split at spaces
		want  int
	}{
		{"The council said on Tuesday that it would not open the library.", 12, 0},
		{"先日、不正に改造したiPhoneを販売したとして、商標法違反の疑いで逮捕されました。", 1, 18}, // 36 CJK characters (kana, kanji, 、 and 。)
		{"市议会星期二表示新图书馆无法在年底前开放", 1, 10},
		{"ブログ", 1, 0}, // 3 code points: a word of a spaced text, as far as anyone can tell
		{"", 0, 0},
	} {
		p := &blocks.Paragraph{Length: utf8.RuneCountInString(tc.text), Words: tc.words}
		if got := unspacedWords([]byte(tc.text), p); got != tc.want {
			t.Errorf("unspacedWords(%q) = %d, want %d", tc.text, got, tc.want)
		}
	}
}

// run extracts page with x.
func run(t *testing.T, x *Extractor, page string) {
	t.Helper()
	runURL(t, x, page, "")
}

// runURL extracts page with x, given its URL.
func runURL(t *testing.T, x *Extractor, page, url string) {
	t.Helper()
	z, err := tokenizer.New()
	if err != nil {
		t.Fatal(err)
	}
	z.ResetBytes([]byte(page))
	x.Reset()
	x.SetURL(url)
	if err := blocks.NewWalker().Walk(context.Background(), z, x); err != nil {
		t.Fatal(err)
	}
	x.Finish()
}

func TestHasPrice(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"$19.99", true},
		{"Price: 1 299 €", true},
		{"£ 5", true},
		{"¥1200", true},
		{"₹499 only", true},
		{"US$", false},
		{"Save money with coupons", false},
		{"$", false},
		{"The fund, worth $3bn, was sold to a buyer whose name was not disclosed on the day the firm published its results for the quarter and its outlook for the year ahead", false}, // prose mentioning a price
	} {
		if got := hasPrice([]byte(tc.text)); got != tc.want {
			t.Errorf("hasPrice(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// TestPageKinds checks the kinds of page read from JSON-LD @type (string,
// array, @graph), microdata itemtype and og:type, and that types every
// site declares announce none.
func TestPageKinds(t *testing.T) {
	for _, tc := range []struct {
		page string
		want kindSet
	}{
		{`<script type="application/ld+json">{"@type":"Product","name":"x"}</script><p>a</p>`, 1 << kindProduct},
		{`<script type="application/ld+json">{"@graph":[{"@type":["WebPage","FAQPage"]},{"@type" : "BlogPosting"}]}</script>`, 1<<kindService | 1<<kindArticle},
		{`<div itemscope itemtype="https://schema.org/DiscussionForumPosting"><p>a</p></div>`, 1 << kindForum},
		{`<head><meta property="og:type" content="article"></head>`, 1 << kindArticle},
		{`<head><meta content="product.item" property="og:type"></head>`, 1 << kindProduct},
		{`<head><meta name="description" content="article"></head>`, 0},
		{`<script type="application/ld+json">{"@type":"WebSite","publisher":{"@type":"Organization"}}</script>`, 0},
	} {
		x := New(Config{})
		run(t, x, tc.page)
		if x.rec.kinds != tc.want {
			t.Errorf("%s: kinds %b, want %b", tc.page, x.rec.kinds, tc.want)
		}
	}
}

// TestRepeatedSiblings checks that the cards of a list are found alike
// (same tag and class under one parent) and grouped, and that a lone
// paragraph is not.
func TestRepeatedSiblings(t *testing.T) {
	page := `<body><div class="intro"><p>A lone paragraph of introduction.</p></div><ul class="cards">`
	for range 5 {
		page += `<li class="card"><h3>Course title</h3><p>A short description of the course.</p></li>`
	}
	page += `</ul></body>`
	x := New(Config{})
	run(t, x, page)
	paras := x.Paragraphs()
	if len(paras) != 11 {
		t.Fatalf("%d paragraphs, want 11", len(paras))
	}
	if f := x.Features(0); f[fRepeat1] != 0 || f[fRepeat2] != 0 || f[fRepeatShare] != 0 {
		t.Errorf("lone paragraph: repeat %v %v share %v, want 0", f[fRepeat1], f[fRepeat2], f[fRepeatShare])
	}
	for i := 1; i < len(paras); i++ {
		f := x.Features(i)
		// A card's text is under its li (depth 1 for the h3's text, 2
		// for the p's), one of 5 alike siblings.
		if rep := max(f[fRepeat1], f[fRepeat2]); rep != log1p(4) {
			t.Errorf("card paragraph %d: repeat %v, want log1p(4)", i, rep)
		}
		if f[fRepeatShare] < 0.8 {
			t.Errorf("card paragraph %d: group share %v, want most of the page", i, f[fRepeatShare])
		}
	}
}

// TestFallback checks that a page whose every paragraph scores below the
// threshold keeps its best stretch and says so, and that a page without
// visible text stays empty without a fallback.
func TestFallback(t *testing.T) {
	low := Weights{Stage1: Ensemble{Bias: -6}, Stage2: Ensemble{Bias: -6}}
	for f := range low.Threshold {
		for t := range low.Threshold[f] {
			low.Threshold[f][t] = 0.5
		}
	}
	m := &Model{Lang: low, NoLang: low}
	x := New(Config{Model: m})
	run(t, x, `<p>First paragraph of the only text there is.</p><p>Second one.</p>`)
	if !x.Fallback() {
		t.Fatal("Fallback() = false on a page where nothing passed")
	}
	good := 0
	for _, p := range x.Paragraphs() {
		if p.Class == blocks.Good {
			good++
		}
	}
	if good == 0 {
		t.Error("the fallback kept nothing")
	}
	run(t, x, `<p hidden>only hidden text</p>`)
	if x.Fallback() {
		t.Error("Fallback() = true on a page without visible text")
	}
	// Text a browser running scripts does not show is not visible text.
	run(t, x, `<body><noscript><p>You need to enable JavaScript to run this app.</p></noscript><template><p>A card</p></template>`)
	if x.Fallback() {
		t.Error("Fallback() = true on a page whose only text is in noscript and template")
	}
}

// TestAppendEvidence checks that the evidence of a paragraph names
// features, each with a signed change.
func TestAppendEvidence(t *testing.T) {
	x := New(Config{AutoLanguage: true})
	run(t, x, `<div class="menu"><a href="/">Home</a></div><article><p>The council said on Tuesday that it would not be able to open the new library before the end of the year, because the builders had found problems with the roof.</p></article>`)
	for i := range x.Paragraphs() {
		ev := string(x.AppendEvidence(nil, i, 3))
		parts := strings.Split(ev, ",")
		if len(parts) == 0 || len(parts) > 3 {
			t.Fatalf("paragraph %d: evidence %q", i, ev)
		}
		for _, p := range parts {
			j := strings.IndexAny(p, "+-")
			if j <= 0 || !slices.Contains(FeatureNames(), p[:j]) {
				t.Errorf("paragraph %d: evidence %q: %q names no feature", i, ev, p)
			}
		}
	}
}

// stepModel returns a model whose stage 1 gives a paragraph the log-odds
// z where feature fi exceeds th, and -z elsewhere.
func stepModel(fi uint8, th, z float32) *Model {
	e := Ensemble{Trees: []Tree{stepTree(fi, th, z)}}
	return &Model{Lang: Weights{Stage1: e}, NoLang: Weights{Stage1: e}}
}

// stepTree returns a tree that gives z where feature fi exceeds th, and
// -z elsewhere.
func stepTree(fi uint8, th, z float32) Tree {
	tree := Tree{}
	for l := range TreeDepth {
		tree.Feature[l], tree.Threshold[l] = fi, th
	}
	for l := range tree.Leaf {
		tree.Leaf[l] = -z
	}
	tree.Leaf[1<<TreeDepth-1] = z
	return tree
}

// TestPageThreshold checks how a page's threshold adapts to it: a share
// of the page's highest probability lowers it to keep what is nearly as
// probable (off at 0); the expected F-measure, in place of that share,
// keeps more when recall weighs more; and a page where no paragraph
// reaches the threshold goes to the fallback either way.
func TestPageThreshold(t *testing.T) {
	// Stage 2 by length: a long paragraph of 25 words 0.73, a medium one
	// of 5 words 0.60, a short one of 1 word 0.27; the threshold 0.7
	// keeps the long one only.
	page := `<p>` + strings.Repeat("Long text of the page. ", 5) + `</p><p>Medium text, of thirty chars.</p><p>Short</p>`
	for _, tc := range []struct {
		th, share float32
		expected  bool
		favor     Favor
		want      string
		fallback  bool
	}{
		{th: 0.7, share: 0, want: "good bad bad"},
		{th: 0.7, share: 0.5, want: "good good bad"},
		{th: 0.7, share: 0.9, want: "good bad bad"},
		// Expected F1 of the top 1, 2, 3 paragraphs: 0.785, 0.825, 0.820; F2: 0.822, 0.916, 0.919.
		{th: 0.7, share: 0.9, expected: true, want: "good good bad"},
		{th: 0.7, share: 0.9, expected: true, favor: Recall, want: "good good good"},
		{th: 0.8, expected: true, want: "good good bad", fallback: true},
	} {
		w := lengthWeights(tc.th)
		for f := range w.Relative {
			for t := range w.Relative[f] {
				w.Relative[f][t] = tc.share
				w.ExpectedF[t] = tc.expected
			}
		}
		x := New(Config{Model: &Model{Lang: w, NoLang: w}, Favor: tc.favor})
		run(t, x, page)
		if got := classes(x); got != tc.want || x.Fallback() != tc.fallback {
			t.Errorf("%+v: classes %v (fallback %v)", tc, got, x.Fallback())
		}
	}
}

// TestRegionFeatures checks the headline and main-container features on a
// page whose article shares its section with the h1 and whose sidebar and
// footer share only the body with it; a stage 1 that calls every
// paragraph of the article likely makes its section the main container.
func TestRegionFeatures(t *testing.T) {
	page := `<html><head><title>Storm closes the harbour</title></head><body>` +
		`<nav><ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li></ul></nav>` +
		`<main><section><h1>Storm closes the harbour</h1><div class="body">` +
		`<p>The harbour was closed on Monday as the storm reached the coast, and the ferries stayed in port.</p>` +
		`<p>Fishermen moved their boats to the inner basin before the wind turned in the afternoon.</p>` +
		`</div></section><aside><p>Most read this week</p></aside></main>` +
		`<footer><p>Copyright the Harbour Gazette</p></footer></body></html>`
	// Stage 1 says the article's paragraphs are likely: those with a
	// sentence end.
	x := New(Config{Model: stepModel(fEndsPunct, 0.5, 4)})
	run(t, x, page)
	texts := map[string]int{}
	text, _ := x.Arenas()
	for i, p := range x.Paragraphs() {
		texts[string(text[p.Text.Start:p.Text.End])] = i
	}
	feat := func(prefix string, fi int) float32 {
		t.Helper()
		for s, i := range texts {
			if strings.HasPrefix(s, prefix) {
				return x.Features(i)[fi]
			}
		}
		t.Fatalf("no paragraph starts with %q in %q", prefix, slices.Collect(maps.Keys(texts)))
		return 0
	}
	if got := feat("Storm", fH1Up); got != 0 {
		t.Errorf("headline: h1_up %v, want 0", got)
	}
	body, side, foot := feat("The harbour", fH1Up), feat("Most read", fH1Up), feat("Copyright", fH1Up)
	if !(body < side && side < foot) {
		t.Errorf("h1_up: article %v, aside %v, footer %v; want them increasing", body, side, foot)
	}
	if pos := feat("Home", fH1Pos); pos >= 0 {
		t.Errorf("menu before the headline: h1_pos %v, want negative", pos)
	}
	if pos := feat("Fishermen", fH1Pos); pos <= 0 {
		t.Errorf("article after the headline: h1_pos %v, want positive", pos)
	}
	for _, s := range []string{"The harbour", "Fishermen"} {
		if feat(s, fInMain) != 1 {
			t.Errorf("%q: in_main 0, want 1", s)
		}
	}
	for _, s := range []string{"Home", "Most read", "Copyright"} {
		if feat(s, fInMain) != 0 {
			t.Errorf("%q: in_main 1, want 0", s)
		}
	}
	if share := feat("Home", fMainText); share <= 0.5 || share >= 1 {
		t.Errorf("main_text %v, want the article's share of the page, between 0.5 and 1", share)
	}
}

// TestRegionMatchesClimb checks the region features, computed from runs of
// element IDs, against their definitions computed by climbing from every
// paragraph to the root, on random nested pages. Stage 1 gives every
// paragraph a probability of exactly 0 or 1, so that the sums of probable
// text are exact in any order.
func TestRegionMatchesClimb(t *testing.T) {
	x := New(Config{Model: stepModel(fLength, 3, 200)})
	rng := rand.New(rand.NewPCG(1, 2))
	words := strings.Fields("the harbour was closed on monday as storm reached coast and ferries stayed in port")
	for page := range 300 {
		var b strings.Builder
		b.WriteString("<html><head><title>the harbour</title></head><body>")
		depth := 0
		for range 10 + rng.IntN(60) {
			switch r := rng.IntN(10); {
			case r < 3 && depth < 12:
				b.WriteString([]string{"<div>", "<section>", "<ul><li>", "<article>"}[rng.IntN(4)])
				depth++
			case r < 5 && depth > 0:
				b.WriteString("</div>")
				depth--
			case r == 5:
				b.WriteString("<h1>the harbour</h1>")
			default:
				b.WriteString("<p>")
				for range 1 + rng.IntN(30) {
					b.WriteString(words[rng.IntN(len(words))] + " ")
				}
				b.WriteString("</p>")
			}
		}
		run(t, x, b.String())
		checkRegion(t, page, x)
	}
}

// checkRegion compares x's region features with their definitions.
func checkRegion(t *testing.T, page int, x *Extractor) {
	t.Helper()
	paras := x.Paragraphs()
	parent := x.pm.Parent
	elem := func(i int) int32 {
		if v := paras[i].Node; v >= 0 && int(v) < x.rec.elems {
			return v
		}
		return -1
	}
	depth := func(v int32) int {
		d := -1
		for ; v >= 0; v = parent(v) {
			d++
		}
		return d
	}
	// Headline: the first h1 paragraph with the best title share.
	h := -1
	for i := range paras {
		if f := x.Features(i); f[fCues+int(cueH1)] >= 0.5 && (h < 0 || f[fTitle] > x.Features(h)[fTitle]) {
			h = i
		}
	}
	// Probable text under each element, and the deepest element with a
	// share of it.
	mass := map[int32]float32{}
	var probable float32
	for i := range paras {
		w := float32(0)
		if x.Features(i)[fLogit] > 0 {
			w = float32(paras[i].Length)
		}
		probable += w
		for a := parent(elem(i)); a >= 0; a = parent(a) {
			mass[a] += w
		}
	}
	deepest := func(least float32) int32 {
		best := int32(-1)
		for e, m := range mass {
			if m >= least && (best < 0 || depth(e) > depth(best)) {
				best = e
			}
		}
		return best
	}
	main, half := deepest(probable*mainShare), deepest(probable/2)
	isUnder := func(v, a int32) bool {
		for ; v >= 0; v = parent(v) {
			if v == a {
				return true
			}
		}
		return false
	}
	for i := range paras {
		f := x.Features(i)
		wantUp, wantClimb := float32(-1), float32(-1)
		if h >= 0 && elem(h) >= 0 {
			wantUp, wantClimb = 0, 0
			if v := elem(i); v < 0 {
				wantUp = float32(depth(elem(h)) + 1)
			} else {
				for a := elem(h); a >= 0 && !isUnder(v, a); a = parent(a) {
					wantUp++
				}
				wantClimb = float32(depth(v)) - float32(depth(elem(h))) + wantUp
				if wantUp == float32(depth(elem(h))+1) {
					wantClimb = float32(depth(v) + 1)
				}
			}
		}
		if f[fH1Up] != wantUp || f[fH1Climb] != wantClimb {
			t.Fatalf("page %d paragraph %d: h1_up %v h1_climb %v, want %v %v", page, i, f[fH1Up], f[fH1Climb], wantUp, wantClimb)
		}
		if probable > 0 {
			in := isUnder(parent(elem(i)), main) && main >= 0
			inHalf := isUnder(parent(elem(i)), half) && half >= 0
			if f[fInMain] != b2f(in) || f[fInHalf] != b2f(inHalf) {
				t.Fatalf("page %d paragraph %d: in_main %v in_half %v, want %v %v", page, i, f[fInMain], f[fInHalf], in, inHalf)
			}
		}
	}
}

// FuzzRegion checks the region features against their definitions (see
// TestRegionMatchesClimb) on arbitrary markup: misnested, unclosed and
// foster-parented elements included.
func FuzzRegion(f *testing.F) {
	f.Add(`<body><div><h1>the harbour</h1><p>closed on monday</p></div><aside><p>most read</p></aside>`)
	f.Add(`<table><p>a <div>b<td>c<h1>the harbour</h1></table><li>d<li>e</ul></div></span>`)
	f.Add(`<h1>the harbour</h1><section><article><p>one two three four</p><p>five</p>`)
	x := New(Config{Model: stepModel(fLength, 3, 200)})
	f.Fuzz(func(t *testing.T, page string) {
		run(t, x, "<title>the harbour</title>"+page)
		checkRegion(t, 0, x)
	})
}

// TestCueShares holds the cue features stage1 sets from the cues a
// paragraph has any text under against every cue's share, on the bundled
// pages.
func TestCueShares(t *testing.T) {
	x := New(Config{AutoLanguage: true})
	for _, name := range []string{"handbook.html", "spacereview.html", "slashgear.html.gz", "lighthouse-ja.html.gz"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "pages", name))
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(name, ".gz") {
			r, err := gzip.NewReader(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			if b, err = io.ReadAll(r); err != nil {
				t.Fatal(err)
			}
		}
		run(t, x, string(b))
		n := 0
		for i := range x.pm.Paragraphs() {
			if i >= len(x.rec.paras) {
				break
			}
			pc := &x.rec.paras[i]
			for c := range numCues {
				var want float32
				if pc.chars > 0 {
					want = float32(pc.cue[c]) / float32(pc.chars)
				}
				if got := x.Features(i)[fCues+int(c)]; math.Float32bits(got) != math.Float32bits(want) {
					t.Fatalf("%s: paragraph %d: cue %s %v, want %v", name, i, cueNames[c], got, want)
				}
				if want > 0 {
					n++
				}
			}
		}
		if n == 0 {
			t.Fatalf("%s: no cue shares", name)
		}
	}
}

// TestWholeTables checks that a data table is kept or dropped whole, by
// its cells' mean probability weighted by length, and that a table laid
// out as a page (a row longer than maxRowText) is still cut cell by cell,
// and that repeats are judged against the classes that stay: a text is
// dropped as a repeat only of one the output keeps, and a table's copy
// without the cells that repeat the original.
// Stage 2 gives a cell by its length 0.73 (over 54 code points), 0.60
// (over 19) or 0.27; the threshold is 0.5.
func TestWholeTables(t *testing.T) {
	long := strings.Repeat("The text of the page, read on and on. ", 12)
	for _, tc := range []struct {
		name, page, want string
	}{
		{"short cells join the row's long one",
			`<table><tr><td>Columbia Business School</td><td>8</td></tr><tr><td>Stanford Graduate School</td><td>11</td></tr></table>`,
			"good good good good"},
		{"a long cell joins the short ones dropped",
			`<p>The text above the table.</p><table><tr><td>Share</td><td>Tweet</td><td>Email</td><td>Print this page for later</td></tr></table>`,
			"good bad bad bad bad"},
		{"a layout table is cut by cell",
			`<table><tr><td>Home</td><td><p>` + long + `</p></td></tr></table>`,
			"bad good"},
		{"a lone cell is its own judge",
			`<table><tr><td>Print this page for later</td></tr></table><p>Next</p>`,
			"good bad"},
		{"a text dropped with its table is kept where it repeats",
			`<p>` + long + `</p><table><tr><td>Share</td><td>Tweet</td><td>Email</td><td>Save</td><td>Like</td><td>Post</td><td>Follow</td><td>Print this page for later, or read it again now</td></tr></table><p>Print this page for later, or read it again now</p>`,
			"good bad bad bad bad bad bad bad bad good"},
		{"a table's copy is judged without its repeats",
			`<table><tr><td>Columbia Business School of the city of New York</td><td>8</td></tr></table><table><tr><td>Columbia Business School of the city of New York</td><td>8</td></tr></table>`,
			"good good bad bad"},
		{"a table's repeat of a text kept is dropped",
			`<p>Print this page for later, or read it again now</p><table><tr><td>Print this page for later, or read it again now</td><td>Columbia Business School</td></tr></table>`,
			"good bad good"},
	} {
		w := lengthWeights(0.5)
		x := New(Config{Model: &Model{Lang: w, NoLang: w}})
		run(t, x, tc.page)
		if g := classes(x); g != tc.want {
			t.Errorf("%s: classes %s, want %s", tc.name, g, tc.want)
		}
	}
}

// lengthWeights returns weights whose stage 2 scores by length alone (see
// TestPageThreshold) and whose threshold is th for every page type and
// favor.
func lengthWeights(th float32) Weights {
	w := Weights{Stage2: Ensemble{Trees: []Tree{stepTree(fLength, 4, 0.3), stepTree(fLength, 3, 0.7)}}}
	for f := range w.Threshold {
		for t := range w.Threshold[f] {
			w.Threshold[f][t] = th
		}
	}
	return w
}

// classes returns the classes of x's paragraphs, joined by spaces.
func classes(x *Extractor) string {
	var got []string
	for _, p := range x.Paragraphs() {
		got = append(got, p.Class.String())
	}
	return strings.Join(got, " ")
}

// TestLandmarksDropped checks that the paragraphs in a dropped region
// (a site landmark: a footer anywhere, a header, navigation or aside
// outside the main content; a figure's caption; a dialog; with what is
// under it) are dropped with probability 0 and the region's kind
// for evidence, however they score, unless the page has no text outside
// one.
func TestLandmarksDropped(t *testing.T) {
	// Two texts, long enough to be kept, that do not repeat each other.
	a := `<p>` + strings.Repeat("The text of the page, read on and on. ", 12) + `</p>`
	b := `<p>` + strings.Repeat("Terms of delivery, returns and privacy. ", 12) + `</p>`
	for _, tc := range []struct {
		name, page, want string
		regions          string // the evidence of the dropped paragraphs, in order; "landmark" each if empty
	}{
		{"a footer element", a + `<footer><div>` + b + `</div></footer>`, "good bad", ""},
		{"a footer of the article", `<article>` + a + `<footer>` + b + `</footer></article>`, "good bad", ""},
		{"role contentinfo", a + `<div role=" contentinfo">` + b + `</div>`, "good bad", ""},
		{"text after the footer", `<div><footer>` + b + `</footer>` + a + `</div>`, "bad good", ""},
		{"another role", a + `<div role="region">` + b + `</div>`, "good good", ""},
		{"a page wrapped in a footer", `<footer>` + a + b + `</footer>`, "good good", ""},
		{"a site header", `<header>` + b + `</header><div>` + a + `</div>`, "bad good", ""},
		{"a navigation role", `<div role="navigation"><ul><li>` + b + `</ul></div>` + a, "bad good", ""},
		{"a banner and a nav", `<div role=banner>` + b + `</div><nav>` + b + `</nav>` + a, "bad bad good", ""},
		{"an article's header", `<article><header>` + b + `</header>` + a + `</article>`, "good good", ""},
		{"a nav in the main content", `<div role="main"><nav>` + b + `</nav>` + a + `</div>`, "good good", ""},
		{"a header after the main content", `<main>` + a + `</main><header>` + b + `</header>`, "good bad", ""},
		{"a sidebar", a + `<aside><div>` + b + `</div></aside>`, "good bad", ""},
		{"a complementary role", `<div role="complementary">` + b + `</div>` + a, "bad good", ""},
		{"an aside in the article", `<article>` + a + `<aside>` + b + `</aside></article>`, "good good", ""},
		{"an aside in the main role", `<div role=main><aside>` + b + `</aside>` + a + `</div>`, "good good", ""},
		{"a figure's caption", `<figure><img src=x.png><figcaption>` + b + `</figcaption></figure>` + a, "bad good", "caption"},
		{"a caption in the article", `<article>` + a + `<figure><figcaption><span>` + b + `</span></figcaption></figure></article>`, "good bad", "caption"},
		{"a caption in a footer", a + `<footer><figure><figcaption>` + b + `</figcaption></figure></footer>`, "good bad", "landmark"},
		{"a footer after a caption", `<figure><figcaption>` + b + `</figcaption></figure>` + a + `<footer>` + b + `</footer>`, "bad good bad", "caption landmark"},
		{"a dialog", a + `<dialog class="cart">` + b + `</dialog>`, "good bad", "dialog"},
		{"a dialog shown", `<dialog open>` + b + `</dialog><div>` + a + `</div>`, "bad good", "dialog"},
		{"a page in a dialog", `<dialog>` + a + `</dialog>`, "good", ""},
	} {
		w := lengthWeights(0.5)
		x := New(Config{Model: &Model{Lang: w, NoLang: w}})
		run(t, x, tc.page)
		if g := classes(x); g != tc.want {
			t.Errorf("%s: classes %s, want %s", tc.name, g, tc.want)
		}
		var regions []string
		for i, p := range x.Paragraphs() {
			ev := string(x.AppendEvidence(nil, i, 1))
			dropped := p.Class != blocks.Good
			if dropped != (x.Probability(i) == 0) || dropped != slices.Contains(regionNames[:], ev) {
				t.Errorf("%s: paragraph %d %v, probability %.2f, evidence %q", tc.name, i, p.Class, x.Probability(i), ev)
			}
			if dropped {
				regions = append(regions, ev)
			}
		}
		want := tc.regions
		if want == "" {
			want = strings.TrimSpace(strings.Repeat("landmark ", len(regions)))
		}
		if got := strings.Join(regions, " "); got != want {
			t.Errorf("%s: dropped paragraphs' evidence %q, want %q", tc.name, got, want)
		}
	}
}
