package eval

// The word metric of the WCXB benchmark (its evaluate.py): both texts
// lower-cased with Python's str.lower, cut into re.findall(r'\w+') tokens,
// and compared as multisets.

import (
	"bytes"
	"encoding/binary"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/rangetable"
)

// Code points that str.lower maps specially (Unicode's SpecialCasing.txt
// as Python applies it: unconditional mappings and the Final_Sigma rule).
const (
	capitalIWithDot = 'İ' // U+0130, lower-cases to "i" + U+0307 COMBINING DOT ABOVE
	capitalSigma    = 'Σ' // U+03A3, σ, or ς in the Final_Sigma context
	smallSigma      = 'σ'
	finalSigma      = 'ς'
)

// caseIgnorable and cased are Unicode's Case_Ignorable and Cased derived
// properties (DerivedCoreProperties.txt), which decide the Final_Sigma
// context. Case_Ignorable is Mn, Me, Cf, Lm, Sk and the Word_Break classes
// MidLetter, MidNumLet and Single_Quote; Cased is Lu, Ll, Lt,
// Other_Lowercase and Other_Uppercase.
var (
	caseIgnorable = rangetable.Merge(unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk,
		rangetable.New(
			'\'', '.', ':', 0x00B7, 0x0387, 0x055F, 0x05F4, 0x2018, 0x2019, 0x2024, 0x2027,
			0xFE13, 0xFE52, 0xFE55, 0xFF07, 0xFF0E, 0xFF1A))
	cased = rangetable.Merge(unicode.Lu, unicode.Ll, unicode.Lt, unicode.Other_Lowercase, unicode.Other_Uppercase)
)

// isCaseIgnorable reports whether r is Case_Ignorable.
func isCaseIgnorable(r rune) bool {
	if r < utf8.RuneSelf {
		return r == '\'' || r == '.' || r == ':' || r == '^' || r == '`'
	}
	return unicode.Is(caseIgnorable, r)
}

// isCased reports whether r is Cased.
func isCased(r rune) bool {
	if r < utf8.RuneSelf {
		return 'A' <= r && r <= 'Z' || 'a' <= r && r <= 'z'
	}
	return unicode.Is(cased, r)
}

// appendLower appends Python 3's str.lower() of text to dst: the full
// lower-case mapping, which is Go's unicode.ToLower except that 'İ' becomes
// "i̇" (two code points) and 'Σ' becomes 'ς' in the Final_Sigma context
// (after a cased letter, possibly with case-ignorable characters between,
// and not before one) and 'σ' elsewhere. Invalid UTF-8 bytes become U+FFFD,
// as a decoder with errors="replace" would make them. Go's tables are
// Unicode 15.0, Python 3.11's 14.0: they differ only on code points that
// Unicode 14.0 leaves unassigned.
func appendLower(dst []byte, text string) []byte {
	for i := 0; i < len(text); {
		// A run of ASCII: copied, then lower-cased in place.
		j := i
		for j+8 <= len(text) && binary.LittleEndian.Uint64([]byte(text[j:j+8]))&0x8080808080808080 == 0 {
			j += 8
		}
		for j < len(text) && text[j] < utf8.RuneSelf {
			j++
		}
		if j > i {
			n := len(dst)
			dst = append(dst, text[i:j]...)
			for k := n; k < len(dst); k++ {
				dst[k] = asciiLower[dst[k]]
			}
			i = j
			if i == len(text) {
				break
			}
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		switch r {
		case capitalIWithDot:
			dst = append(dst, 'i', 0xCC, 0x87) // U+0307
		case capitalSigma:
			if casedBehind(text[:i]) && !casedAhead(text[i+size:]) {
				dst = utf8.AppendRune(dst, finalSigma)
			} else {
				dst = utf8.AppendRune(dst, smallSigma)
			}
		default:
			// utf8.RuneError stands for itself and for an invalid byte.
			dst = utf8.AppendRune(dst, unicode.ToLower(r))
		}
		i += size
	}
	return dst
}

// asciiLower maps every byte to itself but 'A'..'Z' to 'a'..'z'.
var asciiLower = func() (t [256]byte) {
	for c := range t {
		t[c] = byte(c)
		if 'A' <= c && c <= 'Z' {
			t[c] += 'a' - 'A'
		}
	}
	return t
}()

// casedBehind reports whether the last rune of text that is not
// case-ignorable is cased (false if there is none). As every Σ is cased,
// the scans of a text's Σs cover it at most once.
func casedBehind(text string) bool {
	for len(text) > 0 {
		r, size := utf8.DecodeLastRuneInString(text)
		if !isCaseIgnorable(r) {
			return isCased(r)
		}
		text = text[:len(text)-size]
	}
	return false
}

// casedAhead reports whether the first rune of text that is not
// case-ignorable is cased (false if there is none).
func casedAhead(text string) bool {
	for _, r := range text {
		if !isCaseIgnorable(r) {
			return isCased(r)
		}
	}
	return false
}

// nextWord returns the bounds of the first \w+ run of b at or after i, or
// start == len(b) if there is none. b is the output of appendLower, so it
// is valid UTF-8.
func nextWord(b []byte, i int) (start, end int) {
	for i < len(b) {
		if c := b[i]; c < utf8.RuneSelf {
			if isWordByte(c) {
				break
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if isWordRune(r) {
			break
		}
		i += size
	}
	start = i
	for i < len(b) {
		if c := b[i]; c < utf8.RuneSelf {
			if !isWordByte(c) {
				break
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if !isWordRune(r) {
			break
		}
		i += size
	}
	return start, i
}

// WordTokens returns the tokens of the WCXB word metric, as its
// evaluate.py makes them with re.findall(r'\w+', text.lower()): text is
// lower-cased with Python's str.lower (see [WordScorer]), then cut into
// runs of word characters, which are the letters (L*), numbers (N*) and
// '_'; combining marks (Mn, Mc) split words, as in Python.
func WordTokens(text string) []string {
	b := appendLower(nil, text)
	low := string(b)
	var toks []string
	for i := 0; ; {
		start, end := nextWord(b, i)
		if start == end {
			return toks
		}
		toks = append(toks, low[start:end])
		i = end
	}
}

// SnippetRate is the share of snippets found in text, compared
// case-insensitively as WCXB's evaluate.py does (snippet.lower() in
// text.lower(), with Python's str.lower), or 1 when there are no snippets.
// It is the "with" rate of a page's must-contain snippets and the
// "without" rate of its boilerplate snippets. [WordScorer.SnippetRate] does
// the same without allocating.
func SnippetRate(text string, snippets []string) float64 {
	var s WordScorer
	return s.SnippetRate(text, snippets)
}

// WordScorer computes the WCXB word metric, page by page, reusing its
// buffers and map. It remembers the last ground truth it was given:
// scoring many predictions against the same truth tokenizes the truth once
// and, once warm, allocates nothing; a new truth costs one allocation (its
// lower-cased copy) when the buffers are large enough. A WordScorer is not
// safe for concurrent use; its zero value is ready to use.
//
// Lower-casing follows Python 3's str.lower, including 'İ' → "i̇" (so
// "İstanbul" gives the tokens "i" and "stanbul", as in Python) and the
// final-sigma rule ("ΟΔΟΣ" → "οδος" with a final ς).
type WordScorer struct {
	// The cached ground truth: its text, lower-cased text (which the keys
	// and tokens are substrings of), tokens in order, and multiset.
	truth     string
	haveTruth bool
	truthToks []string
	index     map[string]int32 // token -> position in counts
	counts    []int32          // occurrences of each distinct truth token

	used []int32 // per distinct truth token, occurrences matched so far
	buf  []byte  // lower-cased prediction
	snip []byte  // lower-cased snippet
}

// wordCounts is the raw outcome of one comparison.
type wordCounts struct {
	overlap, pred, truth int  // Σ min of the multisets; token counts
	exact                bool // the token lists are identical
}

// setTruth tokenizes truth into the cache, unless it is already there.
func (s *WordScorer) setTruth(truth string) {
	if s.haveTruth && truth == s.truth {
		return
	}
	s.truth, s.haveTruth = truth, true
	s.buf = appendLower(s.buf[:0], truth)
	low := string(s.buf)
	s.truthToks = s.truthToks[:0]
	s.counts = s.counts[:0]
	if s.index == nil {
		s.index = make(map[string]int32)
	}
	clear(s.index)
	for i := 0; ; {
		start, end := nextWord(s.buf, i)
		if start == end {
			break
		}
		i = end
		tok := low[start:end]
		s.truthToks = append(s.truthToks, tok)
		if k, ok := s.index[tok]; ok {
			s.counts[k]++
			continue
		}
		s.index[tok] = int32(len(s.counts))
		s.counts = append(s.counts, 1)
	}
	if cap(s.used) < len(s.counts) {
		s.used = make([]int32, len(s.counts))
	}
	s.used = s.used[:len(s.counts)]
}

// count compares pred with truth; the lower-cased pred is left in s.buf.
func (s *WordScorer) count(pred, truth string) wordCounts {
	s.setTruth(truth)
	clear(s.used)
	s.buf = appendLower(s.buf[:0], pred)
	wc := wordCounts{truth: len(s.truthToks), exact: true}
	for i := 0; ; {
		start, end := nextWord(s.buf, i)
		if start == end {
			break
		}
		i = end
		tok := s.buf[start:end]
		if wc.exact && (wc.pred >= len(s.truthToks) || string(tok) != s.truthToks[wc.pred]) {
			wc.exact = false
		}
		wc.pred++
		if k, ok := s.index[string(tok)]; ok && s.used[k] < s.counts[k] {
			s.used[k]++
			wc.overlap++
		}
	}
	if wc.pred != wc.truth {
		wc.exact = false
	}
	return wc
}

// scores turns counts into precision, recall and F1 with evaluate.py's
// word_f1 rules and arithmetic: an empty truth scores 1 against an empty
// prediction and 0 against anything else; an empty prediction scores 0.
func (wc wordCounts) scores() (p, r, f1 float64) {
	switch {
	case wc.truth == 0 && wc.pred == 0:
		return 1, 1, 1
	case wc.truth == 0 || wc.pred == 0:
		return 0, 0, 0
	}
	p = float64(wc.overlap) / float64(wc.pred)
	r = float64(wc.overlap) / float64(wc.truth)
	if p+r > 0 {
		f1 = 2 * p * r / (p + r)
	}
	return p, r, f1
}

// Score returns the word-level precision, recall and F1 of pred against
// truth, exactly as WCXB's evaluate.py computes them (word_f1): tokens as
// [WordTokens] makes them, counted as multisets; overlap = Σ min(count in
// pred, count in truth); P = overlap / tokens of pred, R = overlap / tokens
// of truth, F1 = 2PR/(P+R) (0 when P+R = 0). An empty truth scores
// (1, 1, 1) against an empty prediction and (0, 0, 0) against anything
// else; an empty prediction scores (0, 0, 0).
func (s *WordScorer) Score(pred, truth string) (p, r, f1 float64) {
	return s.count(pred, truth).scores()
}

// SnippetRate is [SnippetRate] reusing s's buffers. It neither uses nor
// changes the cached ground truth.
func (s *WordScorer) SnippetRate(text string, snippets []string) float64 {
	if len(snippets) == 0 {
		return 1
	}
	s.buf = appendLower(s.buf[:0], text)
	return s.snippetRateLower(s.buf, snippets)
}

// snippetRateLower is SnippetRate on an already lower-cased text.
func (s *WordScorer) snippetRateLower(low []byte, snippets []string) float64 {
	if len(snippets) == 0 {
		return 1
	}
	found := 0
	for _, sn := range snippets {
		s.snip = appendLower(s.snip[:0], sn)
		if bytes.Contains(low, s.snip) {
			found++
		}
	}
	return float64(found) / float64(len(snippets))
}

// scorePage scores one WCXB page: word metric, snippet rates, and TP/FP/FN
// as overlap, unmatched predicted and unmatched true words normalised to
// sum to 1. ID, Type, Domain and Err are set by the caller.
func (s *WordScorer) scorePage(truth *Page, pred string) PageScore {
	wc := s.count(pred, truth.Truth)
	var ps PageScore
	ps.Precision, ps.Recall, ps.F1 = wc.scores()
	ps.Exact = wc.exact
	ps.TP = float64(wc.overlap)
	ps.FP = float64(wc.pred - wc.overlap)
	ps.FN = float64(wc.truth - wc.overlap)
	if sum := ps.TP + ps.FP + ps.FN; sum > 0 {
		ps.TP, ps.FP, ps.FN = ps.TP/sum, ps.FP/sum, ps.FN/sum
	}
	ps.With = s.snippetRateLower(s.buf, truth.With)
	ps.Without = s.snippetRateLower(s.buf, truth.Without)
	return ps
}
