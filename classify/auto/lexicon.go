package auto

import (
	"math"
	"sync"
)

// Lexicon scores words by what the text they are said of is, as learned
// from annotated pages of many sites. Model.Classes holds the words of
// class and id attributes: themes and frameworks name their parts alike
// from site to site ("sidebar", "widget", "entry-content",
// "product-description"), in more words than the cues of evidence.go name
// by hand. Model.Headings holds the words of headings, which name the
// sections of pages alike ("related posts", "leave a reply",
// "configuration"). A lexicon keeps the words seen on enough sites only,
// so that it holds what sites share rather than what one site calls its
// parts.
type Lexicon struct {
	// Words holds the hashes of the words, ascending. For Classes, FNV-1a
	// hashes of runs of ASCII letters and digits, lower-cased, also cut
	// where a lower-case letter meets an upper-case one ("shareBar" is
	// "share" and "bar"); for Headings, the hashes the paragraph features
	// compare words with (wordHash: a heading's space-separated words,
	// the punctuation around them dropped and ASCII lower-cased).
	Words []uint64
	// Scores holds, per word, the log-odds that a paragraph under an
	// element with the word (after a heading with it) is main text, less
	// the log-odds of any paragraph.
	Scores []float32
}

// lexTable is a Lexicon as an open-addressing hash table: a lookup takes
// one or two probes where a binary search of the sorted words took a
// dozen dependent reads. A slot packs a word's fingerprint (the low 32
// bits of its hash, which the slot's top bits do not use) with its score,
// so that the table of the built-in lexicon takes 64 KiB and a probe is
// one read; a word outside the lexicon matches one inside with a
// probability of 2^-32 per probe.
type lexTable struct {
	slots []uint64 // fingerprint<<32 | score's bits; 0 marks an empty slot
	shift uint     // 64 less the table's bits (see slot)
}

// newLexTable returns l as a table at most half full. A word whose
// fingerprint is 0 is left out, as are words without a score.
func newLexTable(l *Lexicon) *lexTable {
	bits := uint(4)
	for 1<<bits < 2*len(l.Words) {
		bits++
	}
	t := &lexTable{slots: make([]uint64, 1<<bits), shift: 64 - bits}
	for i, h := range l.Words[:min(len(l.Words), len(l.Scores))] {
		fp := h << 32
		if fp == 0 {
			continue
		}
		j := slot(h, t.shift)
		for t.slots[j] != 0 && t.slots[j]>>32<<32 != fp {
			j = (j + 1) & (1<<bits - 1)
		}
		t.slots[j] = fp | uint64(math.Float32bits(l.Scores[i]))
	}
	return t
}

// builtinClasses returns the built-in model's class lexicon as a table,
// built once and shared: a table is only read, and every Extractor of the
// built-in model would otherwise build its own 64 KiB copy.
var builtinClasses = sync.OnceValue(func() *lexTable { return newLexTable(&builtin.Classes) })

// builtinHeadings returns the built-in model's heading lexicon as a table,
// built once and shared as builtinClasses'.
var builtinHeadings = sync.OnceValue(func() *lexTable { return newLexTable(&builtin.Headings) })

// slot returns the first slot of hash h in a table of 64-shift bits. The
// hash is mixed first: FNV-1a's top bits differ little between short
// words, and taken as they are they crowded the lexicon's words into runs
// of a hundred slots.
func slot(h uint64, shift uint) uint64 { return h * 0x9e3779b97f4a7c15 >> shift }

// score returns the score of the word with hash h, and whether the table
// has it; a nil table has no word.
func (t *lexTable) score(h uint64) (float32, bool) {
	if t == nil || h<<32 == 0 {
		return 0, false
	}
	fp, mask := h<<32, uint64(len(t.slots)-1)
	for j := slot(h, t.shift); ; j = (j + 1) & mask {
		v := t.slots[j]
		if v == 0 {
			return 0, false
		}
		if v>>32<<32 == fp {
			return math.Float32frombits(uint32(v)), true
		}
	}
}

// appendClassWords appends the hashes of the words of a class or id value
// v, cut as nextWord cuts them and hashed as classCues hashes them, to
// dst.
func appendClassWords(dst []uint64, v []byte) []uint64 {
	var buf [maxWordLen]byte
	for i := 0; i < len(v); {
		var w []byte
		w, i = nextWord(v, i, &buf)
		if len(w) == 0 {
			continue
		}
		h := uint64(fnvOffset)
		for _, c := range w {
			h = (h ^ uint64(c)) * fnvPrime
		}
		dst = append(dst, h)
	}
	return dst
}
