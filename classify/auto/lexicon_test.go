package auto

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// testLexicon returns a lexicon of class words ws, scored 1, 2, 3, … in
// order.
func testLexicon(ws ...string) *Lexicon {
	scores := map[uint64]float32{}
	for i, w := range ws {
		for _, h := range appendClassWords(nil, []byte(w)) {
			scores[h] = float32(i + 1)
		}
	}
	return lexiconOf(scores)
}

// lexiconOf returns the lexicon of the words and scores in m.
func lexiconOf(m map[uint64]float32) *Lexicon {
	l := &Lexicon{}
	for h := range m {
		l.Words = append(l.Words, h)
	}
	slices.Sort(l.Words)
	for _, h := range l.Words {
		l.Scores = append(l.Scores, m[h])
	}
	return l
}

// TestClassLexiconWords holds the score classCues gives a value, as the
// extractor reads it, to the words appendClassWords cuts from it, as the
// lexicon is learned from: cut or hashed otherwise, the lexicon would be
// learned from other words than those it is looked up with.
func TestClassLexiconWords(t *testing.T) {
	lex := newLexTable(testLexicon("nav", "menu", "content", "post", "body", "x", "shareBar", "a1"))
	vals := []string{"nav", "NAV-menu", "postBody content", "mainNav_x", "shareBar", "navigationnavigationnavigation nav", "a1 A1b"}
	r := rand.New(rand.NewPCG(7, 8))
	for range 5000 {
		b := randomBytes(r, r.IntN(40))
		for range 3 {
			at := r.IntN(len(b) + 1)
			b = slices.Insert(b, at, []byte([]string{" nav", "Menu", "-post", "x_"}[r.IntN(4)])...)
		}
		vals = append(vals, string(b))
	}
	hits := 0
	for _, v := range vals {
		var want float32
		var known bool
		for _, h := range appendClassWords(nil, []byte(v)) {
			if s, ok := lex.score(h); ok {
				want, known = want+s, true
			}
		}
		for _, hide := range []bool{false, true} {
			if c := classCues([]byte(v), hide, lex); c.lex != want || c.known != known {
				t.Fatalf("classCues(%q, %v) scores %v (known %v), the words %v (known %v)", v, hide, c.lex, c.known, want, known)
			}
		}
		if known {
			hits++
		}
	}
	if hits < len(vals)/2 {
		t.Fatalf("only %d of %d values have a word of the lexicon", hits, len(vals))
	}
}

// TestClassLexiconFeatures checks the class lexicon's features on a page
// and AppendClassWords, which gives the trainer the words they are read
// from.
func TestClassLexiconFeatures(t *testing.T) {
	lex := testLexicon("sidebar", "item", "note")
	lex.Scores[slices.Index(lex.Words, appendClassWords(nil, []byte("sidebar"))[0])] = -2
	m := builtin
	m.Classes = *lex
	x := New(Config{Model: &m})
	run(t, x, `<html><body><div class="sidebar wide"><div id="x"><p class="item">in the side bar</p></div></div>
<div><p>under no known class</p><section class="note"><p>in a note</p></section></div></body></html>`)
	want := []struct {
		lex, near float32
		words     []string
	}{
		{-2 + 2, 2, []string{"item", "x", "sidebar", "wide"}},
		{0, 0, nil},
		{3, 3, nil},
	}
	if n := len(x.Paragraphs()); n != len(want) {
		t.Fatalf("%d paragraphs, want %d", n, len(want))
	}
	for i, w := range want {
		f := x.Features(i)
		if f[fClassLex] != w.lex || f[fClassNear] != w.near {
			t.Errorf("paragraph %d: class_lex %v, class_near %v, want %v, %v", i, f[fClassLex], f[fClassNear], w.lex, w.near)
		}
		if w.words == nil {
			continue
		}
		var hs []uint64
		for _, word := range w.words {
			hs = appendClassWords(hs, []byte(word))
		}
		if got := x.AppendClassWords(nil, i); !slices.Equal(got, hs) {
			t.Errorf("paragraph %d: class words %x, want %x", i, got, hs)
		}
	}
}

// TestLexTable holds the table to the lexicon it is built from: every
// word with its score, no other word, also for hashes alike in all but
// their low bits.
func TestLexTable(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, crowd := range []bool{false, true} {
		seen := map[uint64]float32{}
		for range 3000 {
			h := r.Uint64() | 1
			if crowd {
				h &= 1<<20 - 1
			}
			seen[h] = r.Float32()
		}
		tab := newLexTable(lexiconOf(seen))
		for h, want := range seen {
			if got, ok := tab.score(h); !ok || got != want {
				t.Fatalf("crowd %v: word %#x scores %v (found %v), want %v", crowd, h, got, ok, want)
			}
		}
		for range 3000 {
			h := r.Uint64() &^ 1 // odd hashes only were added
			if crowd {
				h &= 1<<20 - 1
			}
			if s, ok := tab.score(h); ok {
				t.Fatalf("crowd %v: word %#x absent from the lexicon scores %v", crowd, h, s)
			}
		}
	}
	if _, ok := (*lexTable)(nil).score(1); ok {
		t.Fatal("a nil table has a word")
	}
}

// TestLexTableProbes bounds the probes a lookup of the built-in lexicon
// takes, for its words and for others: hashed into slots by their top bits
// unmixed, its words took 76 probes on average.
func TestLexTableProbes(t *testing.T) {
	tab := newLexTable(&builtin.Classes)
	mask := uint64(len(tab.slots) - 1)
	probes := func(h uint64) int {
		n := 1
		for j := slot(h, tab.shift); tab.slots[j] != 0 && tab.slots[j]>>32 != h&(1<<32-1); j = (j + 1) & mask {
			n++
		}
		return n
	}
	found := 0
	for _, h := range builtin.Classes.Words {
		found += probes(h)
	}
	missed, n := 0, 0
	for _, w := range []string{"x", "ab", "zz", "qwerty", "lorem", "ipsum", "w3", "c7", "k9", "elementor", "wp", "jp"} {
		for i := range 200 {
			for _, h := range appendClassWords(nil, []byte(w+string(rune('a'+i%26))+string(rune('a'+i/26)))) {
				missed += probes(h)
				n++
			}
		}
	}
	if len(builtin.Classes.Words) == 0 {
		t.Fatal("the built-in model has no class lexicon")
	}
	if mean := float64(found) / float64(len(builtin.Classes.Words)); mean > 2 {
		t.Errorf("words of the lexicon take %.2f probes on average, want at most 2", mean)
	}
	if mean := float64(missed) / float64(n); mean > 2.5 {
		t.Errorf("other words take %.2f probes on average, want at most 2.5", mean)
	}
}

// TestBuiltinClassesShared checks that Extractors of the built-in model
// share its lexicon tables, and that one given a model builds its own.
func TestBuiltinClassesShared(t *testing.T) {
	a, b := New(Config{}), New(Config{AutoLanguage: true})
	if a.rec.classes.lex != b.rec.classes.lex || a.heads != b.heads {
		t.Error("two Extractors of the built-in model built lexicon tables each")
	}
	m := builtin
	m.Classes = *testLexicon("x")
	if c := New(Config{Model: &m}); c.rec.classes.lex == a.rec.classes.lex || c.heads == a.heads {
		t.Error("an Extractor given a model reads the built-in lexicons")
	}
}

// TestHeadingLexiconFeatures checks that a paragraph reads the heading
// lexicon's score of the heading it follows (a heading its own), and that
// AppendHeadingWords gives the trainer the words that score is read from.
func TestHeadingLexiconFeatures(t *testing.T) {
	word := func(w string) uint64 {
		h, _ := wordHash([]byte(w))
		return h
	}
	m := builtin
	m.Headings = *lexiconOf(map[uint64]float32{word("description"): 2, word("reviews"): -3, word("customer"): -0.5})
	x := New(Config{Model: &m})
	run(t, x, `<html><body><p>before any heading</p>
<h2>Product Description</h2><p>Made of wool.</p><p>Machine washable.</p>
<h3>Customer reviews:</h3><p>Great socks!</p></body></html>`)
	want := []struct {
		score float32
		words []string
	}{
		{0, nil},
		{2, []string{"product", "description"}},
		{2, []string{"product", "description"}},
		{2, []string{"product", "description"}},
		{-3.5, []string{"customer", "reviews"}},
		{-3.5, []string{"customer", "reviews"}},
	}
	if n := len(x.Paragraphs()); n != len(want) {
		t.Fatalf("%d paragraphs, want %d", n, len(want))
	}
	for i, w := range want {
		if got := x.Features(i)[fHeadLex]; got != w.score {
			t.Errorf("paragraph %d: head_lex %v, want %v", i, got, w.score)
		}
		var hs []uint64
		for _, s := range w.words {
			hs = append(hs, word(s))
		}
		if got := x.AppendHeadingWords(nil, i); !slices.Equal(got, hs) {
			t.Errorf("paragraph %d: heading words %x, want %x", i, got, hs)
		}
	}
	if got := x.AppendHeadingWords(nil, len(want)); got != nil {
		t.Errorf("heading words of a paragraph past the last: %x", got)
	}
}
