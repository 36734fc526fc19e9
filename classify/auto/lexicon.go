package auto

import "slices"

// Lexicon scores the words of class and id attributes by what the text
// under them is, as learned from annotated pages of many sites: themes and
// frameworks name their parts alike from site to site ("sidebar",
// "widget", "entry-content", "product-description"), in more words than
// the cues of evidence.go name by hand. It keeps the words seen on enough
// sites only, so that it holds what sites share rather than what one
// site calls its parts.
type Lexicon struct {
	// Words holds the hashes of the words, as appendClassWords gives
	// them, ascending.
	Words []uint64
	// Scores holds, per word, the log-odds that a paragraph under an
	// element with the word is main text, less the log-odds of any
	// paragraph.
	Scores []float32
}

// score returns the score of the word with hash h, and whether l has it;
// a nil l has no word.
func (l *Lexicon) score(h uint64) (float32, bool) {
	if l == nil {
		return 0, false
	}
	i, ok := slices.BinarySearch(l.Words, h)
	if !ok || i >= len(l.Scores) { // a Model built by hand may lack scores
		return 0, false
	}
	return l.Scores[i], true
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
