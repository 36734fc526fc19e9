package auto

import (
	"context"
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
	z, err := tokenizer.New()
	if err != nil {
		t.Fatal(err)
	}
	z.ResetBytes([]byte(page))
	x.Reset()
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
}

// TestAppendEvidence checks that the evidence of a paragraph names
// features, each with a signed change.
func TestAppendEvidence(t *testing.T) {
	x := New(Config{AutoLanguage: true})
	run(t, x, `<nav><a href="/">Home</a></nav><article><p>The council said on Tuesday that it would not be able to open the new library before the end of the year, because the builders had found problems with the roof.</p></article>`)
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
