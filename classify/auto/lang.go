package auto

import (
	"encoding/binary"
	"math"
	"math/bits"
	"slices"
	"sync"

	"github.com/cespare/xxhash/v2"

	"github.com/jtextract/jt/stopwords"
)

// Language guessing: the stoplist that best covers a sample of the page's
// prose names the language. Stop words are the most frequent words of a
// language, so a few dozen words of running text separate the candidates
// clearly; text without spaces (Chinese, Japanese, Thai) yields few
// "words" that any list contains and gets no language. A word found in
// many lists says little about which language it is ("a", "in", and the
// English words that lists gathered from web text contain), so each word
// counts as the logarithm of the number of lists over the number holding
// it, as a term's weight in document retrieval (its inverse document
// frequency): on the 181 shared pages this alone took the English pages
// guessed as Igbo, whose short list holds 38 common English words, from 3
// to 0. The English words of other lists are not theirs, though, and
// weighing them by how many lists hold them undervalued them as English:
// English prose about "AI" (an Italian, Romanian and Lombard stop word)
// or rich in words such as "based", "include" and "different", which
// Sundanese's list holds, was guessed as one of those. So a word of the
// English list counts for English alone, unless it is as short as the
// words languages share ("a", "in", "no", "to"). The few longer ones that
// another language has as its own ("was" in German, "over" in Dutch) cost
// that language little, as its text holds many words of its own; on the
// 1,539 shared pages this took the English pages guessed as another
// language from 40 to 2, and changed the guess of no other page.
const (
	// englishOwn is the length, in bytes, from which a word of the
	// English list counts for English alone.
	englishOwn = 3
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
	names   []string
	sets    []*stopwords.Set
	value   []float64 // what a hit is worth per language (see builtinLangs)
	index   *langIndex
	tally   []tally  // per language
	hashes  []uint64 // per sampled word: langHash of the word lower-cased
	count   []int32  // per set of lists (by id): sampled words it holds
	touched []uint64 // the ids of count's nonzero entries, in order
}

// maxLangs is the most languages the guess can tell apart.
const maxLangs = 128

// langSet is a set of languages, bit l for language l.
type langSet = [maxLangs / 64]uint64

// langIndex maps every word of every list to the set of lists holding it,
// so that one lookup per sampled word counts it for every language at
// once: an open-addressing table keyed by the words' 64-bit langHash, whose
// slot holds the hash's top 48 bits and, in the low 16, the set's id, so
// that a lookup reads one word of memory (the table is out of the cache by
// the time the next page is guessed). Two words of different lists sharing
// a slot's 48 bits would merge their sets (with about 160 000 words, a
// chance below 10^-4 that two such words exist, and they would then also
// have to probe the same slots), and a sampled word outside the lists
// would be taken for one sharing its bits (10^-14 per word); a guess is a
// statistic that one word more or less does not overturn. It is built
// once per process (about 2 MB).
type langIndex struct {
	slots   []uint64  // per slot: hash&^idMask | the set's id (index into sets plus one); 0 for an empty slot
	sets    []langSet // the distinct sets of lists
	weight  []float64 // per set, what a word held by exactly those lists is worth: log(lists / lists holding it)
	members []uint8   // the lists of every set in turn, in ascending order
	starts  []int32   // per set, where its lists begin in members; one more for the end
}

// idMask selects a slot's set id.
const idMask = 1<<16 - 1

// langIndexBits sizes the table to about 60% full.
const langIndexBits = 18

var builtinIndex = sync.OnceValue(func() *langIndex {
	g := builtinLangs()
	ix := &langIndex{slots: make([]uint64, 1<<langIndexBits)}
	// The language sets are gathered per slot first, then shared.
	tmp := make([]langSet, 1<<langIndexBits)
	for l, s := range g.sets {
		for w := range s.All() {
			h := langHash([]byte(w))
			i := ix.slot(h)
			ix.slots[i] = h&^idMask | 1 // occupied; the real id is set below
			tmp[i][l/64] |= 1 << (l % 64)
		}
	}
	// A word of the English list of englishOwn bytes or more counts for
	// English alone: its set of lists is English's only.
	if en := slices.Index(g.names, "English"); en >= 0 {
		for w := range g.sets[en].All() {
			if len(w) >= englishOwn {
				i := ix.slot(langHash([]byte(w)))
				tmp[i] = langSet{}
				tmp[i][en/64] = 1 << (en % 64)
			}
		}
	}
	ids := make(map[langSet]uint64)
	for i, v := range ix.slots {
		if v == 0 {
			continue
		}
		id, ok := ids[tmp[i]]
		if !ok {
			ix.sets = append(ix.sets, tmp[i])
			k := 0
			for _, b := range tmp[i] {
				k += bits.OnesCount64(b)
			}
			ix.weight = append(ix.weight, math.Log(float64(len(g.sets))/float64(k)))
			id = uint64(len(ix.sets))
			ids[tmp[i]] = id
		}
		ix.slots[i] = v&^idMask | id
	}
	for _, set := range ix.sets {
		ix.starts = append(ix.starts, int32(len(ix.members)))
		for k, b := range set {
			for ; b != 0; b &= b - 1 {
				ix.members = append(ix.members, uint8(k*64+bits.TrailingZeros64(b)))
			}
		}
	}
	ix.starts = append(ix.starts, int32(len(ix.members)))
	return ix
})

// langHash is the hash the index keys a word by: a word of up to eight
// bytes is read as one number, zero-padded, and mixed by SplitMix64's
// finaliser (a bijection, so no two such words share a hash, and the
// sample's fast path hashes a word from a register); a longer word is
// hashed with xxhash.
func langHash(w []byte) uint64 {
	if len(w) <= 8 {
		var b [8]byte
		copy(b[:], w)
		return mix64(binary.LittleEndian.Uint64(b[:]))
	}
	return xxhash.Sum64(w)
}

// mix64 is SplitMix64's finaliser.
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// slot returns the slot of the word of hash h: the one holding it, or the
// empty one where it would go.
func (ix *langIndex) slot(h uint64) int {
	mask := len(ix.slots) - 1
	i := int(h) & mask
	for v := ix.slots[i]; v != 0 && v&^idMask != h&^idMask; v = ix.slots[i] {
		i = (i + 1) & mask
	}
	return i
}

// id returns the id of the set of lists holding the word of hash h (its
// index in sets plus one), or 0 for none.
func (ix *langIndex) id(h uint64) uint64 {
	return ix.slots[ix.slot(h)] & idMask
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

// tally is what a guess has counted for one language: the sampled words
// its list holds, and their summed weights.
type tally struct {
	hits  int
	score float64
}

// newGuesser returns a guesser over the built-in stoplists.
func newGuesser() *guesser {
	l := builtinLangs()
	g := guesser{names: l.names, sets: l.sets, value: l.value, index: builtinIndex()}
	g.tally = make([]tally, len(g.names))
	return &g
}

// appendSample appends to dst what the guess reads of the words of t
// (normalised paragraph text, words apart by ' ' or '\n'), until dst holds
// sampleWords: the langHash of each word with its ASCII punctuation trimmed
// and lower-cased as Python does, skipping words with a digit and those of
// punctuation alone. A word of under eight ASCII bytes, most words of most
// texts, is cut, trimmed, checked, lower-cased and hashed within one 64-bit
// load, without a loop over its bytes (whose exits mispredict once a
// word); the others take the general path, through lower.
func appendSample(dst []uint64, t []byte, lower *[]byte) []uint64 {
	const lsb, hi = 0x0101010101010101, 0x8080808080808080
	for i := 0; i < len(t) && len(dst) < sampleWords; {
		if c := t[i]; c == ' ' || c == '\n' {
			i++
			continue
		}
		if i+8 <= len(t) {
			v := binary.LittleEndian.Uint64(t[i:])
			// t[i] starts a word, so n, its length, is 1 to 7.
			if sep := eqBytes(v, ' ') | eqBytes(v, '\n'); sep != 0 {
				n := bits.TrailingZeros64(sep) / 8
				in := uint64(1)<<(8*n) - 1
				if w := v & in; w&hi == 0 {
					lc := w | lsb*0x20
					digit := geBytes(w, '0') &^ geBytes(w, '9'+1)
					keep := geBytes(lc, 'a')&^geBytes(lc, 'z'+1) | digit
					i += n + 1
					if keep == 0 || digit != 0 {
						continue // punctuation alone, or a digit
					}
					a := bits.TrailingZeros64(keep) &^ 7
					b := (63 - bits.LeadingZeros64(keep)) / 8
					w |= (geBytes(w, 'A') &^ geBytes(w, 'Z'+1)) >> 2
					dst = append(dst, mix64(w>>a&(1<<(8*(b+1)-a)-1)))
					continue
				}
			}
		}
		j := i
		for j < len(t) && t[j] != ' ' && t[j] != '\n' {
			j++
		}
		if w := trimPunct(t[i:j]); len(w) > 0 && !hasDigit(w) {
			*lower = stopwords.AppendLower((*lower)[:0], w)
			dst = append(dst, langHash(*lower))
		}
		i = j + 1
	}
	return dst
}

// guess returns the index of the language whose stoplist best explains
// the sampled words, whose langHashes (of each word lower-cased) are in
// g.hashes, or -1 when none covers enough of them. Each word counts, with
// its weight, for every language whose list holds it; a language's score
// is the sum times the list's value (see builtinLangs). The best score
// wins, the first list on ties.
func (g *guesser) guess() int {
	if len(g.hashes) < minSample {
		return -1
	}
	// The table is megabytes, out of the cache by the next page: the
	// first slot of every word is read before any is looked up, no read
	// waiting on another, so that their cache misses overlap.
	mask := uint64(len(g.index.slots) - 1)
	var occupied uint64
	for _, h := range g.hashes {
		occupied |= g.index.slots[h&mask]
	}
	if occupied == 0 {
		return -1 // no word is in any list
	}
	// A word's weight depends only on the set of lists holding it, and
	// the words most lists hold ("a", "the", "in") recur in a sample: the
	// words are counted per set first, and each set's count then goes to
	// its languages once.
	if len(g.count) < len(g.index.sets)+1 {
		g.count = make([]int32, len(g.index.sets)+1)
	}
	g.touched = g.touched[:0]
	for _, h := range g.hashes {
		id := g.index.id(h)
		if id == 0 {
			continue
		}
		if g.count[id] == 0 {
			g.touched = append(g.touched, id)
		}
		g.count[id]++
	}
	clear(g.tally)
	for _, id := range g.touched {
		c := g.count[id]
		g.count[id] = 0
		score := float64(c) * g.index.weight[id-1]
		for _, l := range g.index.members[g.index.starts[id-1]:g.index.starts[id]] {
			t := &g.tally[l]
			t.hits += int(c)
			t.score += score
		}
	}
	best, top := -1, 0.0
	for l, t := range g.tally {
		if s := t.score * g.value[l]; t.hits > 0 && s > top {
			best, top = l, s
		}
	}
	if best < 0 || float64(g.tally[best].hits) < minCoverage*float64(len(g.hashes)) {
		return -1
	}
	return best
}
