package auto

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"math"
	"slices"
	"sync"

	"github.com/cespare/xxhash/v2"

	"github.com/jtextract/jt/stopwords"
)

// Language guessing: the stoplist that covers the most words of a sample of
// the page's prose names the language. Stop words are the most frequent
// words of a language, so a few dozen words of running text separate the
// candidates clearly; text without spaces (Chinese, Japanese, Thai) yields
// few "words" that any list contains and gets no language.
const (
	// sampleWords is how many words the guess reads.
	sampleWords = 64
	// probeWords is how many of the most frequent distinct words are
	// tested against every stoplist; the rest only against the languages
	// still close to the best.
	probeWords = 6
	// minCoverage is the share of sampled words the best stoplist must
	// contain for the guess to stand.
	minCoverage = 0.12
	// minSample is the fewest words a guess is made from.
	minSample = 8
)

// guesser picks a stoplist for a sample of lower-cased words. Its buffers
// are reused across documents.
type guesser struct {
	names []string
	sets  []*stopwords.Set
	value []float64 // what a hit is worth per language (see builtinLangs)
	index *langIndex
	hits  []int
	cand  []int

	distinct []counted
	probes   [probeCacheSize]probeEntry // the languages of recent words
	long     [maxLangs / 64]uint64      // probeLangs' answer for a word too long to cache
}

// probeCacheSize is the number of slots of the probe cache: the most
// frequent words of pages are the same few hundred stop words from page to
// page, so their languages are looked up once and remembered, in a
// direct-mapped table indexed by the word's hash.
const probeCacheSize = 4096

// maxLangs is the most languages the probe cache can record.
const maxLangs = 128

// maxProbeLen is the longest word the probe cache holds (zero-padded in
// two words); longer ones are looked up every time.
const maxProbeLen = 16

// probeEntry is one slot of the probe cache: a word, its length plus one
// (0 for an empty slot), the set of languages whose lists were looked up
// for it and, of those, the set whose lists hold it.
type probeEntry struct {
	a, b  uint64
	n     uint8
	known [maxLangs / 64]uint64
	langs [maxLangs / 64]uint64
}

// langSet is a set of languages, bit l for language l.
type langSet = [maxLangs / 64]uint64

// probeLangs returns, as a bit set, which of the languages of want have
// lists holding w (bits of the other languages may be set too), from the
// cache or by looking w up in every list of want that may hold it.
func (g *guesser) probeLangs(w []byte, want *langSet) *langSet {
	if len(w) > maxProbeLen {
		g.long = g.lookupLangs(w, want)
		return &g.long
	}
	var pad [maxProbeLen]byte
	copy(pad[:], w)
	a := binary.LittleEndian.Uint64(pad[0:8])
	b := binary.LittleEndian.Uint64(pad[8:16])
	h := textHash(w)
	e := &g.probes[(h^h>>32)%probeCacheSize]
	if e.n != uint8(len(w)+1) || e.a != a || e.b != b {
		e.a, e.b, e.n = a, b, uint8(len(w)+1)
		e.known, e.langs = langSet{}, langSet{}
	}
	var miss langSet
	missing := false
	for i := range miss {
		miss[i] = want[i] &^ e.known[i]
		missing = missing || miss[i] != 0
	}
	if missing {
		got := g.lookupLangs(w, &miss)
		for i := range miss {
			e.known[i] |= miss[i]
			e.langs[i] |= got[i]
		}
	}
	return &e.langs
}

// lookupLangs returns which languages of want have lists holding w.
func (g *guesser) lookupLangs(w []byte, want *langSet) (langs langSet) {
	if may := g.index.lists(w); may != nil {
		for l, s := range g.sets {
			if may[l/64]&want[l/64]&(1<<(l%64)) != 0 && s.Contains(w) {
				langs[l/64] |= 1 << (l % 64)
			}
		}
	}
	return langs
}

// langIndex tells, for any word, which of the guesser's lists may hold it:
// an open-addressing table of the 32-bit fingerprints of the xxhash of
// every word of every list, each with the set of lists holding a word of
// that fingerprint. A word whose fingerprint is absent is in no list, and
// is not looked up at all; otherwise only the lists of its set are (words
// sharing a fingerprint share a set, so the set may say too much, never too
// little, and Contains still decides). Most words of a page's sample are in
// a few lists or none, so a guess tests a word against those instead of
// every candidate list. It is built once per process (about 160 000 words,
// 1.5 MB).
type langIndex struct {
	keys []uint32 // fingerprint per slot, 0 for an empty slot
	set  []uint16 // per slot, index into sets
	sets [][maxLangs / 64]uint64
}

// langIndexBits sizes the table to about 60% full.
const langIndexBits = 18

var builtinIndex = sync.OnceValue(func() *langIndex {
	g := builtinLangs()
	ix := &langIndex{keys: make([]uint32, 1<<langIndexBits), set: make([]uint16, 1<<langIndexBits)}
	// The language sets are gathered per slot first, then shared.
	tmp := make([][maxLangs / 64]uint64, 1<<langIndexBits)
	for l, s := range g.sets {
		for w := range s.All() {
			i, fp := ix.slot(xxhash.Sum64String(w))
			ix.keys[i] = fp
			tmp[i][l/64] |= 1 << (l % 64)
		}
	}
	ids := make(map[[maxLangs / 64]uint64]uint16)
	for i, fp := range ix.keys {
		if fp == 0 {
			continue
		}
		id, ok := ids[tmp[i]]
		if !ok {
			id = uint16(len(ix.sets))
			ids[tmp[i]] = id
			ix.sets = append(ix.sets, tmp[i])
		}
		ix.set[i] = id
	}
	return ix
})

// slot returns the slot of the word of hash h: the one holding its
// fingerprint, or the empty one where it would go.
func (ix *langIndex) slot(h uint64) (int, uint32) {
	fp := uint32(h>>32) | 1
	mask := len(ix.keys) - 1
	i := int(h) & mask
	for ix.keys[i] != 0 && ix.keys[i] != fp {
		i = (i + 1) & mask
	}
	return i, fp
}

// lists returns the set of lists that may hold w, nil for none.
func (ix *langIndex) lists(w []byte) *[maxLangs / 64]uint64 {
	i, _ := ix.slot(xxhash.Sum64(w))
	if ix.keys[i] == 0 {
		return nil
	}
	return &ix.sets[ix.set[i]]
}

// sizeRef is the list size at which a hit would be worth nothing; no
// built-in list comes near it.
const sizeRef = 50000

// excluded lists are not candidates of the guess: Simple_English is a
// register of English, whose list is a subset of English's.
func excluded(name string) bool { return name == "Simple_English" }

// langList is the guesser's lists, the same for every guesser.
type langList struct {
	names []string
	sets  []*stopwords.Set
	value []float64 // what a hit is worth per language (see builtinLangs)
}

// builtinLangs loads the built-in stoplists. A hit in a list is worth
// log(sizeRef/size): several lists taken from web text contain common
// English words beside their own, and a word found in a short list is
// stronger evidence for its language than one found in a long list.
var builtinLangs = sync.OnceValue(func() *langList {
	var g langList
	for _, n := range stopwords.Languages() {
		s, err := stopwords.Lookup(n)
		if err != nil || excluded(n) || s.Len() == 0 {
			continue
		}
		if len(g.names) == maxLangs {
			break
		}
		g.names = append(g.names, n)
		g.sets = append(g.sets, s)
		g.value = append(g.value, math.Log(sizeRef/float64(s.Len())))
	}
	return &g
})

// newGuesser returns a guesser over the built-in stoplists.
func newGuesser() *guesser {
	l := builtinLangs()
	g := guesser{names: l.names, sets: l.sets, value: l.value, index: builtinIndex()}
	g.hits = make([]int, len(g.names))
	g.cand = make([]int, 0, len(g.names))
	return &g
}

// guess returns the index of the language whose stoplist best explains
// words (each a lower-cased word; the slice is reordered), or -1 when none
// covers enough of them. The most frequent distinct words are probed
// against every list: a language's stop words are its most frequent ones.
// The other words are then only tested against the languages with at
// least half the best score, which keeps a guess to about a thousand
// lookups.
func (g *guesser) guess(words [][]byte) int {
	if len(words) < minSample {
		return -1
	}
	slices.SortFunc(words, bytes.Compare)
	g.distinct = g.distinct[:0]
	for i := 0; i < len(words); {
		j := i + 1
		for j < len(words) && bytes.Equal(words[j], words[i]) {
			j++
		}
		g.distinct = append(g.distinct, counted{words[i], j - i})
		i = j
	}
	slices.SortStableFunc(g.distinct, func(a, b counted) int { return cmp.Compare(b.n, a.n) })
	clear(g.hits)
	probe := min(probeWords, len(g.distinct))
	var all langSet
	for l := range g.sets {
		all[l/64] |= 1 << (l % 64)
	}
	for _, d := range g.distinct[:probe] {
		langs := g.probeLangs(d.w, &all)
		for l := range g.sets {
			if langs[l/64]&(1<<(l%64)) != 0 {
				g.hits[l] += d.n
			}
		}
	}
	g.cand = g.cand[:0]
	for l := range g.sets {
		g.cand = append(g.cand, l)
	}
	top := g.score(g.best())
	g.cand = g.cand[:0]
	for l := range g.sets {
		if g.hits[l] > 0 && 2*g.score(l) >= top {
			g.cand = append(g.cand, l)
		}
	}
	rest := 0
	for _, d := range g.distinct[probe:] {
		rest += d.n
	}
	for _, d := range g.distinct[probe:] {
		// Only the candidates' lists are looked up.
		var want langSet
		for _, l := range g.cand {
			want[l/64] |= 1 << (l % 64)
		}
		langs := g.probeLangs(d.w, &want)
		for _, l := range g.cand {
			if langs[l/64]&(1<<(l%64)) != 0 {
				g.hits[l] += d.n
			}
		}
		rest -= d.n
		g.prune(rest)
		// A lone candidate that already covers enough words is the
		// answer: the rest could only add to its hits.
		if len(g.cand) == 1 && float64(g.hits[g.cand[0]]) >= minCoverage*float64(len(words)) {
			break
		}
	}
	best := g.best()
	if best < 0 || float64(g.hits[best]) < minCoverage*float64(len(words)) {
		return -1
	}
	return best
}

// prune drops the candidates that cannot reach the leader's score even if
// all rest words still to be tested were in their lists. It does not
// change the outcome of the guess, only its cost.
func (g *guesser) prune(rest int) {
	lead := g.score(g.best())
	k := 0
	for _, l := range g.cand {
		if g.score(l)+float64(rest)*g.value[l] >= lead {
			g.cand[k] = l
			k++
		}
	}
	g.cand = g.cand[:k]
}

// counted is a distinct word of the sample and how often it occurs.
type counted struct {
	w []byte
	n int
}

func (g *guesser) score(l int) float64 {
	if l < 0 {
		return 0
	}
	return float64(g.hits[l]) * g.value[l]
}

// best returns the candidate with the highest score, -1 if there are
// none; of equal scores the first in the list wins.
func (g *guesser) best() int {
	best := -1
	for _, l := range g.cand {
		if best < 0 || g.score(l) > g.score(best) {
			best = l
		}
	}
	return best
}
