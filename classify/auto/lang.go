package auto

import (
	"math"
	"math/bits"
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
}

// maxLangs is the most languages the guess can tell apart.
const maxLangs = 128

// langSet is a set of languages, bit l for language l.
type langSet = [maxLangs / 64]uint64

// langIndex maps every word of every list to the set of lists holding it,
// so that one lookup per sampled word counts it for every language at
// once: an open-addressing table keyed by the words' 64-bit xxhash. Two
// words of different lists sharing a hash would merge their sets; with
// about 160 000 words the chance of that is below 10^-9, and a guess is a
// statistic that one word more or less does not overturn. It is built once
// per process (about 2.5 MB).
type langIndex struct {
	keys []uint64  // hash per slot
	set  []uint16  // per slot, index into sets plus one; 0 for an empty slot
	sets []langSet // the distinct sets of lists
}

// langIndexBits sizes the table to about 60% full.
const langIndexBits = 18

var builtinIndex = sync.OnceValue(func() *langIndex {
	g := builtinLangs()
	ix := &langIndex{keys: make([]uint64, 1<<langIndexBits), set: make([]uint16, 1<<langIndexBits)}
	// The language sets are gathered per slot first, then shared.
	tmp := make([]langSet, 1<<langIndexBits)
	used := make([]bool, 1<<langIndexBits)
	for l, s := range g.sets {
		for w := range s.All() {
			h := xxhash.Sum64String(w)
			i := ix.slot(h)
			ix.keys[i], used[i] = h, true
			tmp[i][l/64] |= 1 << (l % 64)
			ix.set[i] = 1 // occupied; the real id is set below
		}
	}
	ids := make(map[langSet]uint16)
	for i := range ix.keys {
		if !used[i] {
			continue
		}
		id, ok := ids[tmp[i]]
		if !ok {
			ix.sets = append(ix.sets, tmp[i])
			id = uint16(len(ix.sets))
			ids[tmp[i]] = id
		}
		ix.set[i] = id
	}
	return ix
})

// slot returns the slot of the word of hash h: the one holding it, or the
// empty one where it would go.
func (ix *langIndex) slot(h uint64) int {
	mask := len(ix.keys) - 1
	i := int(h) & mask
	for ix.set[i] != 0 && ix.keys[i] != h {
		i = (i + 1) & mask
	}
	return i
}

// lists returns the set of lists holding the word of hash h, nil for none.
func (ix *langIndex) lists(h uint64) *langSet {
	id := ix.set[ix.slot(h)]
	if id == 0 {
		return nil
	}
	return &ix.sets[id-1]
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
	return &g
}

// guess returns the index of the language whose stoplist best explains
// words (each a lower-cased word), or -1 when none covers enough of them.
// Each word counts for every language whose list holds it, weighted by the
// list's value; the best score wins, the first list on ties.
func (g *guesser) guess(words [][]byte) int {
	if len(words) < minSample {
		return -1
	}
	clear(g.hits)
	for _, w := range words {
		langs := g.index.lists(xxhash.Sum64(w))
		if langs == nil {
			continue
		}
		for k, b := range langs {
			for ; b != 0; b &= b - 1 {
				g.hits[k*64+bits.TrailingZeros64(b)]++
			}
		}
	}
	best, top := -1, 0.0
	for l, n := range g.hits {
		if s := float64(n) * g.value[l]; n > 0 && s > top {
			best, top = l, s
		}
	}
	if best < 0 || float64(g.hits[best]) < minCoverage*float64(len(words)) {
		return -1
	}
	return best
}
