package auto

import (
	"bytes"
	"iter"

	"github.com/jtextract/jt/internal/jsonld"
)

// bodyKeys are the JSON-LD keys whose strings hold a page's main text:
// an article's body, a post's or an answer's text, a product's or a
// review's description.
var bodyKeys = [...]string{`"articleBody"`, `"text"`, `"description"`, `"reviewBody"`}

// readArticleBody decodes every string of the page's JSON-LD under one
// of bodyKeys and records the hashes of its word pairs, which stage 1
// compares the paragraphs with. The JSON is not parsed: each key is found
// by search and its string value decoded, which is all the feature needs
// and costs no allocation.
func (x *Extractor) readArticleBody() {
	x.bodyPairs.reset()
	x.body = x.body[:0]
	for _, key := range bodyKeys {
		ld := x.rec.ld
		for {
			i := bytes.Index(ld, []byte(key))
			if i < 0 {
				break
			}
			ld = ld[i+len(key):]
			j := 0
			for j < len(ld) && (isSpace(ld[j]) || ld[j] == ':') {
				j++
			}
			if j == len(ld) || ld[j] != '"' {
				continue
			}
			var n int
			x.body, n = jsonld.AppendString(x.body, ld[j+1:])
			x.body = append(x.body, ' ')
			ld = ld[j+1+n:]
		}
	}
	for h := range pairHashes(x.body) {
		x.bodyPairs.add(h)
	}
}

// pairHashes yields the pairHash of every two consecutive words of t (as
// wordHash hashes them, words of punctuation alone skipped).
func pairHashes(t []byte) iter.Seq[uint64] {
	return func(yield func(uint64) bool) {
		var prev uint64
		havePrev := false
		for w := range words(t) {
			h, ok := wordHash(w)
			if !ok {
				continue
			}
			if havePrev && !yield(pairHash(prev, h)) {
				return
			}
			prev, havePrev = h, true
		}
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\r' }

// hashSet is a set of 64-bit hashes: an open-addressing table with linear
// probing, kept at most half full. A hash is stored with its low bit set,
// so that 0 marks an empty slot; two hashes differing only there are one.
type hashSet struct {
	slots []uint64
	n     int
}

// maxKeptSlots is the largest table reset keeps for the next page: a page
// with an unusually long articleBody does not make every later reset clear
// its table.
const maxKeptSlots = 1 << 14

func (s *hashSet) reset() {
	if s.n == 0 {
		return
	}
	if len(s.slots) > maxKeptSlots {
		s.slots = nil
	} else {
		clear(s.slots)
	}
	s.n = 0
}

func (s *hashSet) add(h uint64) {
	if 2*(s.n+1) > len(s.slots) {
		old := s.slots
		s.slots = make([]uint64, max(256, 2*len(old)))
		s.n = 0
		for _, k := range old {
			if k != 0 {
				s.add(k)
			}
		}
	}
	h |= 1
	mask := uint64(len(s.slots) - 1)
	for i := (h ^ h>>32) & mask; ; i = (i + 1) & mask {
		switch s.slots[i] {
		case h:
			return
		case 0:
			s.slots[i] = h
			s.n++
			return
		}
	}
}

func (s *hashSet) has(h uint64) bool {
	if s.n == 0 {
		return false
	}
	h |= 1
	mask := uint64(len(s.slots) - 1)
	for i := (h ^ h>>32) & mask; ; i = (i + 1) & mask {
		switch s.slots[i] {
		case h:
			return true
		case 0:
			return false
		}
	}
}
