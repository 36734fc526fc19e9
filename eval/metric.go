// Package eval scores boilerplate-removal output against hand-made ground
// truth with the metrics of two benchmarks, the scrapinghub
// article-extraction benchmark and WCXB (Web Content eXtraction Benchmark),
// and runs extractors over a dataset to measure both quality and speed.
// [LoadDataset] reads either layout and sets the [Metric] that applies.
//
// The scrapinghub metric ([MetricShingles]), per page: tokenize both texts
// into \w+ runs (Python's Unicode \w), count contiguous 4-token shingles as
// multisets, and compare them into tp/fp/fn normalised to sum to 1.
// Precision, recall and F1 of a run are means over pages; see [Result].
//
// The WCXB metric ([MetricWords]), per page: word-level precision, recall
// and F1 of the lower-cased \w+ runs counted as multisets, as its
// evaluate.py computes them (see [WordScorer]), averaged over pages, with
// the shares of must-contain and boilerplate snippets found
// ([SnippetRate]).
package eval

import (
	"slices"
	"unicode"
	"unicode/utf8"

	"github.com/cespare/xxhash/v2"
)

// shingleSize is the benchmark's n-gram length.
const shingleSize = 4

// ASCII word characters ([0-9A-Z_a-z]) as two 64-bit masks, so the common
// case is a shift and a test instead of a table lookup or range search.
const (
	wordMaskLo uint64 = 0x03ff_0000_0000_0000 // '0'..'9' (48..57)
	wordMaskHi uint64 = 0x07ff_fffe_87ff_fffe // 'A'..'Z', '_', 'a'..'z' (65..90, 95, 97..122)
)

// isWordByte reports whether the ASCII byte c is a \w character.
func isWordByte(c byte) bool {
	if c < 64 {
		return wordMaskLo&(1<<c) != 0
	}
	return c < 128 && wordMaskHi&(1<<(c-64)) != 0
}

// isWordRune reports whether r is a word character as Python 3's re module
// sees it in a str pattern: str.isalnum() or '_', which is the general
// categories L* and N* plus '_'. Over every code point this agrees exactly
// with Python 3.12 (Unicode 15.0, as Go's tables); Python 3.11 (Unicode 14)
// differs only on code points it has unassigned. Marks (Mn, Mc) are not
// word characters, so a decomposed "é" splits a token, as in Python.
func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return isWordByte(byte(r))
	}
	return unicode.IsLetter(r) || unicode.IsNumber(r)
}

// Tokens returns the \w+ runs of text in order, as substrings of text.
// Invalid UTF-8 bytes separate tokens, like the U+FFFD a decoder would put
// in their place.
func Tokens(text string) []string {
	return appendTokens(nil, text)
}

// appendTokens appends the \w+ runs of text to dst. It is a hand-written
// scanner because a regexp would cost several times more on the hot path.
func appendTokens(dst []string, text string) []string {
	start := -1 // start of the current run, -1 outside a run
	for i := 0; i < len(text); {
		c := text[i]
		word, size := false, 1
		if c < utf8.RuneSelf {
			word = isWordByte(c)
		} else {
			var r rune
			r, size = utf8.DecodeRuneInString(text[i:])
			word = r != utf8.RuneError && isWordRune(r)
		}
		switch {
		case word && start < 0:
			start = i
		case !word && start >= 0:
			dst = append(dst, text[start:i])
			start = -1
		}
		i += size
	}
	if start >= 0 {
		dst = append(dst, text[start:])
	}
	return dst
}

// shingleSep joins tokens before hashing. It can never occur inside a
// token, so different token tuples give different byte strings.
const shingleSep = ' '

// appendShingleHashes appends the xxhash of every 4-token shingle of toks
// (tokens joined by shingleSep) to dst. Fewer than four tokens give one
// shingle of them all; no tokens give none. buf is scratch space, returned
// for reuse. A 64-bit hash collision would merge two shingles; at a few
// thousand shingles per page its odds are negligible.
func appendShingleHashes(dst []uint64, buf []byte, toks []string) ([]uint64, []byte) {
	n := max(1, len(toks)-shingleSize+1)
	for i := 0; i < n && i < len(toks); i++ {
		buf = buf[:0]
		for j, t := range toks[i:min(i+shingleSize, len(toks))] {
			if j > 0 {
				buf = append(buf, shingleSep)
			}
			buf = append(buf, t...)
		}
		dst = append(dst, xxhash.Sum64(buf))
	}
	return dst, buf
}

// scorer compares texts page by page. Its buffers are reused across pages
// so that scoring a dataset allocates almost nothing after the first page.
// A scorer is not safe for concurrent use.
type scorer struct {
	trueToks, predToks     []string
	trueHashes, predHashes []uint64
	buf                    []byte
}

// score returns the page's normalised tp/fp/fn, precision, recall, F1 and
// whether both texts have the same token list. ID and Err are left empty.
func (s *scorer) score(truth, pred string) PageScore {
	s.trueToks = appendTokens(s.trueToks[:0], truth)
	s.predToks = appendTokens(s.predToks[:0], pred)
	s.trueHashes, s.buf = appendShingleHashes(s.trueHashes[:0], s.buf, s.trueToks)
	s.predHashes, s.buf = appendShingleHashes(s.predHashes[:0], s.buf, s.predToks)
	// Sorted hash lists are multisets: a merge walk counts Σ min(true, pred)
	// without a map.
	slices.Sort(s.trueHashes)
	slices.Sort(s.predHashes)
	tp := 0
	for i, j := 0, 0; i < len(s.trueHashes) && j < len(s.predHashes); {
		switch a, b := s.trueHashes[i], s.predHashes[j]; {
		case a < b:
			i++
		case a > b:
			j++
		default:
			tp++
			i++
			j++
		}
	}
	ps := PageScore{
		TP:    float64(tp),
		FP:    float64(len(s.predHashes) - tp),
		FN:    float64(len(s.trueHashes) - tp),
		Exact: slices.Equal(s.trueToks, s.predToks),
	}
	if sum := ps.TP + ps.FP + ps.FN; sum > 0 {
		ps.TP, ps.FP, ps.FN = ps.TP/sum, ps.FP/sum, ps.FN/sum
	}
	ps.Precision = ratio(ps.TP, ps.FP, ps.FN)
	ps.Recall = ratio(ps.TP, ps.FN, ps.FP)
	ps.F1 = f1(ps.Precision, ps.Recall)
	return ps
}

// ratio is the benchmark's precision (miss = fp) or recall (miss = fn) with
// its edge rules: a perfect page (fp = fn = 0) scores 1, and a page with
// nothing to count (tp = miss = 0) scores 0.
func ratio(tp, miss, other float64) float64 {
	switch {
	case miss == 0 && other == 0:
		return 1
	case tp == 0 && miss == 0:
		return 0
	}
	return tp / (tp + miss)
}

// f1 is the harmonic mean of p and r, 0 when both are 0.
func f1(p, r float64) float64 {
	if p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}
