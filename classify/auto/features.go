package auto

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/bits"
	"slices"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/stopwords"
)

// Feature indices. Stage-1 features describe a paragraph alone (its text,
// its links, its markup, the cues around it, its place in the page);
// stage-2 features describe its context as stage 1 judged it (context
// smoothing as jusText's, grouping by ancestor as the tree filter's).
const (
	fLength      = iota                      // log(1 + code points)
	fWords                                   // log(1 + words)
	fLinkDensity                             // link characters / characters, at most 1
	fStopDensity                             // stop words / words (0 without a language)
	fPunct                                   // sentence ends (. ! ? and CJK ones) per word
	fCommas                                  // commas per word
	fEndsPunct                               // the text ends with a sentence end
	fCapitals                                // share of words that start with an upper-case letter
	fDigits                                  // share of code points that are digits
	fHeading                                 // inside h1–h6
	fCopyright                               // has a copyright sign or sits in a select
	fTags                                    // inline tags per word (text versus markup, as BTE)
	fPosition                                // paragraph index / paragraphs
	fTextBefore                              // share of the page's text before the paragraph
	fBodyShare                               // share of its word pairs found in the JSON-LD articleBody
	fHasBody                                 // the page has a JSON-LD articleBody
	fJTGood                                  // jusText's context-free rules would call it good
	fJTNearGood                              // … near-good
	fTitle                                   // share of its first words found in the page's title
	fLinks1                                  // link density of all the text under its parent
	fLinks2                                  // … under its grandparent
	fRegion2                                 // the grandparent's share of the page's text
	fSiblings                                // log(1 + paragraphs under its parent)
	fListLinks                               // share of its text in list items times fLinks1 (a list of links)
	fPrice                                   // a short text with a price in it
	fRepeat1                                 // log(alike siblings of its parent): tag and class shared
	fRepeat2                                 // … of its grandparent
	fRepeat3                                 // … of its great-grandparent
	fRepeatShare                             // the page's share of text under the repeated group it belongs to
	fH1Up                                    // levels above the headline of the lowest ancestor it shares with it (-1 without an h1)
	fH1Climb                                 // levels from it up to that ancestor (-1 without an h1)
	fH1UpShare                               // fH1Up over the headline's ancestors (1: only the root in common)
	fDepth                                   // its element's depth
	fH1Pos                                   // share of the page's text from the headline to it (negative before it)
	fInP                                     // it starts in a <p> element
	fClassLex                                // the class lexicon's summed scores of the elements around its text (mean by text)
	fClassNear                               // … of the innermost of them with a word in the lexicon
	fHeadLex                                 // the heading lexicon's summed scores of the words of the heading it follows (its own for a heading)
	fKinds                                   // first of numKinds: the page declares that kind (schema.org, og:type)
	fCounts      = fKinds + int(numKinds)    // first of numCounts: log(1 + elements of that kind on the page)
	fPagePrices  = fCounts + numCounts       // log(1 + short texts with prices on the page)
	fPageText    = fPagePrices + 1           // log(1 + code points of the page's text)
	fPageParas   = fPageText + 1             // log(1 + paragraphs)
	fPageLinks   = fPageParas + 1            // link density of the page's text
	fURLKnown    = fPageLinks + 1            // the page's URL is known (see url.go)
	fURLDepth    = fURLKnown + 1             // segments in its path
	fURLSlug     = fURLDepth + 1             // log(1 + words in its last segment)
	fURLDate     = fURLSlug + 1              // its path holds a date
	fURLNumber   = fURLDate + 1              // its path holds a number of four digits or more
	fURLGroups   = fURLNumber + 1            // first of numURLGroups: where its words name a kind of page
	fPageCues    = fURLGroups + numURLGroups // first of len(pageCues): the page's share of text under each
	fPageRepeat  = fPageCues + len(pageCues) // the page's share of text in repeated groups
	fPageProse   = fPageRepeat + 1           // … in paragraphs of 200 code points or more
	fPageJTGood  = fPageProse + 1            // … that jusText's rules call good
	fPageStop    = fPageJTGood + 1           // the page's mean stop-word density (by text)
	fPageMeanLen = fPageStop + 1             // log(1 + the page's mean paragraph length)
	fTypes       = fPageMeanLen + 1          // first of NumPageTypes: the probability of each page type
	fCues        = fTypes + NumPageTypes     // first of numCues: share of the text under each cue
	numStage1    = fCues + int(numCues)
)

const (
	fLogit        = numStage1 + iota // stage-1 log-odds
	fPrev                            // mean stage-1 probability of the 3 previous paragraphs
	fNext                            // mean stage-1 probability of the 3 next paragraphs
	fGroup1                          // probable text under the parent / under the best parent
	fGroup2                          // same for the grandparent
	fGroup3                          // same for the great-grandparent
	fBestGroup                       // under the grandparent with the most probable text
	fStretch                         // inside the run of paragraphs with the most probable text (BTE's best stretch)
	fStretchDist                     // share of the page's text between it and that run (0 inside)
	fAfterStretch                    // it comes after that run
	fPrev1                           // stage-1 probability of the previous paragraph
	fNext1                           // … of the next paragraph
	fGroupRep                        // mean stage-1 probability of the text of its repeated group (its own without one)
	fInMain                          // under the main container, the deepest element with most of the probable text
	fMainText                        // the main container's share of the page's text
	fInHalf                          // under the deepest element with half the probable text
	numFeatures
)

// NumStage1 is how many features stage 1 of the model reads (the first ones).
const NumStage1 = numStage1

// NumFeatures is the length of Extractor.Features: stage 1's and stage 2's.
const NumFeatures = numFeatures

var cueNames = [numCues]string{
	cueArticle: "article", cueMain: "main", cueBody: "articlebody", cueNav: "nav", cueAside: "aside",
	cueFooter: "footer", cueHeader: "header", cueFigure: "figure", cueComment: "comment",
	cueShare: "share", cueRelated: "related", cuePromo: "promo", cueAd: "ad", cueMeta: "meta",
	cueHidden: "hidden", cueList: "list", cueCode: "code", cueCell: "cell", cueFilter: "filter",
	cueH1: "h1", cueH2: "h2", cueH4: "h4",
}

var countNames = [numCounts]string{
	countPre: "pre", countCode: "code", countHeading: "headings", countTime: "times",
	countForm: "forms", countRow: "rows", countItem: "items", countArticle: "articles",
}

// featureNames holds FeatureNames' result.
var featureNames = FeatureNames()

// FeatureNames returns the names of the features, in order.
func FeatureNames() []string {
	names := []string{"length", "words", "link_density", "stop_density", "punct", "commas",
		"ends_punct", "capitals", "digits", "heading", "copyright", "tags", "position",
		"text_before", "body_share", "has_body", "jt_good", "jt_neargood", "title", "links1", "links2",
		"region2", "siblings", "list_links", "price", "repeat1", "repeat2", "repeat3", "repeat_share", "h1_up", "h1_climb", "h1_up_share", "depth", "h1_pos", "in_p", "class_lex", "class_near", "head_lex"}
	for _, k := range kindNames {
		names = append(names, "kind_"+k)
	}
	for _, c := range countNames {
		names = append(names, "page_"+c)
	}
	names = append(names, "page_prices", "page_text", "page_paras", "page_links",
		"page_url_known", "page_url_depth", "page_url_slug", "page_url_date", "page_url_number")
	for _, g := range urlGroupNames {
		names = append(names, "page_url_"+g)
	}
	for _, c := range pageCues {
		names = append(names, "page_cue_"+cueNames[c])
	}
	names = append(names, "page_repeat", "page_prose", "page_jt_good", "page_stop", "page_mean_len")
	for _, t := range pageTypes {
		names = append(names, "type_"+t)
	}
	for _, c := range cueNames {
		names = append(names, "cue_"+c)
	}
	return append(names, "logit", "prev", "next", "group1", "group2", "group3", "best_group", "stretch", "stretch_dist", "after_stretch",
		"prev1", "next1", "group_rep", "in_main", "main_text", "in_half")
}

// chooseLanguage sets the page's stoplist: the configured one, or the
// guess from a sample of its prose.
func (x *Extractor) chooseLanguage() {
	if x.guess == nil {
		x.stop = x.cfg.Stop
		return
	}
	paras := x.pm.Paragraphs()
	text, _ := x.pm.Arenas()
	if !spaced(paras) {
		return
	}
	// The sample is hashed as it is read: the guess needs only the hashes.
	g := x.guess
	g.hashes = g.hashes[:0]
	// Prose first: long paragraphs with few links; then anything.
	for pass := 0; pass < 2 && len(g.hashes) < sampleWords; pass++ {
		for i := 0; i < len(paras) && len(g.hashes) < sampleWords; i++ {
			p := &paras[i]
			if prose := p.Length >= 60 && p.LinkDensity() < 0.3; prose != (pass == 0) {
				continue
			}
			g.hashes = appendSample(g.hashes, text[p.Text.Start:p.Text.End], &x.lower)
		}
	}
	x.lang = g.guess()
	if x.lang >= 0 {
		x.stop = x.guess.sets[x.lang]
	}
}

// maxWordRunes is the longest mean word, in code points, of a text written
// with spaces between words; longer means a script without them (Chinese,
// Japanese, Thai), whose "words" no stoplist holds.
const maxWordRunes = 12

// spaced reports whether the page's prose separates words by spaces.
func spaced(paras []blocks.Paragraph) bool {
	runes, words := 0, 0
	for i := range paras {
		if p := &paras[i]; p.Length >= 30 {
			runes += p.Length
			words += p.Words
		}
	}
	return runes <= maxWordRunes*words
}

// words yields the whitespace-separated words of normalised paragraph
// text, which separates words by ' ' or '\n'.
func words(t []byte) func(yield func([]byte) bool) {
	return func(yield func([]byte) bool) {
		for i := 0; i < len(t); {
			j := i
			for j < len(t) && t[j] != ' ' && t[j] != '\n' {
				j++
			}
			if j > i && !yield(t[i:j]) {
				return
			}
			i = j + 1
		}
	}
}

// trimPunct returns w without the ASCII punctuation around it, so that
// "more." and "(the" are found in a stoplist.
func trimPunct(w []byte) []byte {
	i, j := 0, len(w)
	for i < j && w[i] < utf8.RuneSelf && !isAlnum(w[i]) {
		i++
	}
	for j > i && w[j-1] < utf8.RuneSelf && !isAlnum(w[j-1]) {
		j--
	}
	return w[i:j]
}

// edgePunct marks the bytes trimPunct trims: ASCII other than letters
// and digits. A word that neither starts nor ends with one is its own
// trimmed form.
var edgePunct = func() (t [256]bool) {
	for c := range utf8.RuneSelf {
		t[c] = !isAlnum(byte(c))
	}
	return t
}()

func hasDigit(w []byte) bool {
	for _, c := range w {
		if '0' <= c && c <= '9' {
			return true
		}
	}
	return false
}

// wordHash returns a hash of w with ASCII letters lower-cased and the
// punctuation around it dropped, and whether any of it was left: the words
// of the articleBody and of the page's text compare equal that way.
func wordHash(w []byte) (uint64, bool) {
	w = trimPunct(w)
	if len(w) == 0 {
		return 0, false
	}
	var buf [maxLowerLen]byte
	h, _ := lowerHash(w, &buf)
	return h, true
}

// lowerHash returns the hash of w with its ASCII letters lower-cased, the
// lower-cased bytes in buf (those that fit), and whether w is all ASCII.
// It reads w eight bytes at a time: a word costs one multiplication per
// eight bytes, not one per byte as FNV-1a would.
func lowerHash(w []byte, buf *[maxLowerLen]byte) (uint64, bool) {
	const lsb, hi, low7 = 0x0101010101010101, 0x8080808080808080, 0x7f7f7f7f7f7f7f7f
	h := uint64(len(w)) * 0x9e3779b97f4a7c15
	var high uint64
	for off := 0; off < len(w); off += 8 {
		var c uint64
		switch {
		case off+8 <= len(w):
			c = binary.LittleEndian.Uint64(w[off:])
		case off+8 <= cap(w):
			// The last bytes, read with those after them (still
			// within w's array), which the mask drops.
			c = binary.LittleEndian.Uint64(w[off:off+8]) & (1<<(8*(len(w)-off)) - 1)
		default:
			var tail [8]byte
			copy(tail[:], w[off:])
			c = binary.LittleEndian.Uint64(tail[:])
		}
		high |= c
		// The ASCII bytes from 'A' to 'Z' (as scanText's ge), moved to
		// their 0x20 bit.
		lo := c & low7
		upper := (lo + lsb*(0x80-'A')) &^ (lo + lsb*(0x80-'Z'-1)) &^ c & hi
		c |= upper >> 2
		if off < maxLowerLen {
			binary.LittleEndian.PutUint64(buf[off:], c)
		}
		h = bits.RotateLeft64((h^c)*0xff51afd7ed558ccd, 29)
	}
	h ^= h >> 32
	h *= 0xc4ceb9fe1a85ec53
	return h ^ h>>29, high&hi == 0
}

func isAlnum(c byte) bool {
	return 'a' <= c|0x20 && c|0x20 <= 'z' || '0' <= c && c <= '9'
}

// pairHash combines the hashes of two consecutive words.
func pairHash(a, b uint64) uint64 { return (a*0x9e3779b97f4a7c15 ^ b) * 0xff51afd7ed558ccd }

// maxStopWords is how many words of a paragraph are looked up in the
// stoplist: the density of the first ones estimates the whole's.
const maxStopWords = 32

// byteClass classifies the bytes of paragraph text for textFeatures, so
// that one pass over the text cuts its words and counts what it counts.
var byteClass = func() (c [256]uint8) {
	c['.'], c['!'], c['?'] = bPunct, bPunct, bPunct
	c[','] = bComma
	for d := '0'; d <= '9'; d++ {
		c[d] = bDigit
	}
	c[' '], c['\n'] = bSep, bSep
	c[0xe3], c[0xef] = bCJK, bCJK
	return c
}()

// The bits of byteClass.
const (
	bPunct = 1 << iota // a sentence end: . ! ?
	bComma
	bDigit
	bSep // separates words
	bCJK // may start a sentence end of Chinese or Japanese (。！？), which puts no space after it
)

// maxLowerLen is the longest word lowerHash lower-cases into its buffer
// (a multiple of 8); longer or non-ASCII words go through
// stopwords.AppendLower to be looked up.
const maxLowerLen = 64

// wordEnd returns the index of the first separator (' ' or '\n') of t
// from i on, or len(t). It looks at eight bytes at a time.
func wordEnd(t []byte, i int) int {
	const lsb, hi, low7 = 0x0101010101010101, 0x8080808080808080, 0x7f7f7f7f7f7f7f7f
	// zero marks the zero bytes of y, exactly (no borrow between bytes).
	zero := func(y uint64) uint64 { return ^((y&low7 + low7) | y) & hi }
	for ; i+8 <= len(t); i += 8 {
		x := binary.LittleEndian.Uint64(t[i:])
		if m := zero(x^lsb*' ') | zero(x^lsb*'\n'); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(t); i++ {
		if t[i] == ' ' || t[i] == '\n' {
			return i
		}
	}
	return i
}

// tailCounts is what scanText counts.
type tailCounts struct {
	words, caps, punct, commas, digits int
}

// upperAt reports whether the word of t that starts at i, with a byte
// outside ASCII, starts with an upper-case letter.
func upperAt(t []byte, i int) bool {
	j := i + 1
	for j < len(t) && j < i+utf8.UTFMax && byteClass[t[j]]&bSep == 0 {
		j++
	}
	r, _ := utf8.DecodeRune(t[i:j])
	return unicode.IsUpper(r)
}

// cjkEnd reports whether t[i:] starts with a sentence end of Chinese or
// Japanese (。！？), which puts no space after it.
func cjkEnd(t []byte, i int) bool {
	return i+2 < len(t) && (t[i] == 0xe3 && t[i+1] == 0x80 && t[i+2] == 0x82 || // 。
		t[i] == 0xef && t[i+1] == 0xbc && (t[i+2] == 0x81 || t[i+2] == 0x9f)) // ！ ？
}

// stopCacheSize is the number of slots of the Extractor's stop-word cache.
const stopCacheSize = 1024

// stopFilterBits is log2 of the bits of a stoplist's filter (4 KB).
const stopFilterBits = 15

// stopFilter is a one-probe Bloom filter of a stoplist: bit h>>(64-
// stopFilterBits) is set for the hash h (lowerHash's, as textFeatures
// hashes a word) of every word of the list. A clear bit proves a
// word is not in the list, so most content words are answered without the
// cache or the list; a set bit says nothing.
type stopFilter [1 << stopFilterBits / 64]uint64

func (f *stopFilter) mayHold(h uint64) bool {
	i := h >> (64 - stopFilterBits)
	return f[i/64]&(1<<(i%64)) != 0
}

var (
	stopFiltersMu sync.Mutex
	stopFilters   = map[*stopwords.Set]*stopFilter{}
)

// stopFilterFor returns the filter of s, built on first use and shared by
// every Extractor; nil for a nil s.
func stopFilterFor(s *stopwords.Set) *stopFilter {
	if s == nil {
		return nil
	}
	stopFiltersMu.Lock()
	defer stopFiltersMu.Unlock()
	f := stopFilters[s]
	if f == nil {
		f = new(stopFilter)
		var buf [maxLowerLen]byte
		for w := range s.All() {
			h, _ := lowerHash([]byte(w), &buf)
			i := h >> (64 - stopFilterBits)
			f[i/64] |= 1 << (i % 64)
		}
		stopFilters[s] = f
	}
	return f
}

// stopEntry is a slot of the stop-word cache: an ASCII lower-case word of
// at most 16 bytes, zero-padded into a and b, its length plus one (0 for
// an empty slot) and, in bit 7, whether the page's stoplist holds it.
type stopEntry struct {
	a, b uint64
	n    uint8
}

// isStop reports whether the page's stoplist holds the word buf[:n], an
// ASCII lower-case word of at most 16 bytes hashed to h, through a
// direct-mapped cache of the words looked up before: the same few hundred
// words make most of every page. buf must have 16 bytes.
func (x *Extractor) isStop(buf []byte, n int, h uint64) bool {
	a := binary.LittleEndian.Uint64(buf[0:8])
	b := binary.LittleEndian.Uint64(buf[8:16])
	switch {
	case n < 8:
		a &= 1<<(8*n) - 1
		b = 0
	case n < 16:
		b &= 1<<(8*(n-8)) - 1
	}
	return x.isStopWord(a, b, n, h)
}

// isStopWord is isStop for the word of n bytes (at most 16) whose bytes
// are a and b, little-endian, zero-padded; on a miss it writes them into
// x.wbuf to look them up.
func (x *Extractor) isStopWord(a, b uint64, n int, h uint64) bool {
	e := &x.stopCache[(h^h>>32)%stopCacheSize]
	if e.a == a && e.b == b && e.n&0x1f == uint8(n+1) {
		return e.n&0x80 != 0
	}
	binary.LittleEndian.PutUint64(x.wbuf[0:8], a)
	binary.LittleEndian.PutUint64(x.wbuf[8:16], b)
	in := x.stop.Contains(x.wbuf[:n])
	e.a, e.b, e.n = a, b, uint8(n+1)
	if in {
		e.n |= 0x80
	}
	return in
}

// wordStats is what scanText's word lookups count: stop words and title
// words among the first maxStopWords words, and the word pairs found in
// the articleBody among all of them.
type wordStats struct {
	stop, inTitle, pairs, found int
	n                           int    // words cut so far
	prev                        uint64 // the hash of the last word with letters or digits
	havePrev                    bool
}

// chunkAt returns the eight bytes of t from i, those past its end as 0,
// and the mask of their separators (' ', '\n' and the bytes past t), one
// bit per byte: its top one. Bytes past len(t) are read from t's array
// where it has them, and masked.
func chunkAt(t []byte, i int) (v, sep uint64) {
	const lsb, hi, low7 = 0x0101010101010101, 0x8080808080808080, 0x7f7f7f7f7f7f7f7f
	in := ^uint64(0) // the bytes of t
	switch n := len(t); {
	case i+8 <= n:
		v = binary.LittleEndian.Uint64(t[i:])
	case i >= n:
		return 0, hi
	case i+8 <= cap(t):
		in = 1<<(8*uint(n-i)&63) - 1
		v = binary.LittleEndian.Uint64(t[i:i+8]) & in
	default:
		in = 1<<(8*uint(n-i)&63) - 1
		var tail [8]byte
		copy(tail[:], t[i:])
		v = binary.LittleEndian.Uint64(tail[:])
	}
	s, nl := v^lsb*' ', v^lsb*'\n'
	sep = (^((s&low7 + low7) | s) | ^((nl&low7 + low7) | nl) | ^in) & hi
	return v, sep
}

// eqBytes marks, by its high bit, each byte of v equal to b.
func eqBytes(v uint64, b byte) uint64 {
	const lsb, hi, low7 = 0x0101010101010101, 0x8080808080808080, 0x7f7f7f7f7f7f7f7f
	y := v ^ lsb*uint64(b)
	return ^((y & low7) + low7 | y) & hi
}

// geBytes marks, by its high bit, each byte of v that is b or more; the
// bytes must be below 0x80, so that no sum carries into the next byte.
func geBytes(v uint64, b byte) uint64 {
	const lsb, hi = 0x0101010101010101, 0x8080808080808080
	return (v + lsb*uint64(0x80-b)) & hi
}

// scanText counts the words of paragraph text t, those that start with an
// upper-case letter, its sentence ends, commas and digits, eight bytes at
// a time with bit masks (one bit per byte: its top one), and looks its
// words up as it finds their starts. A word's first eight bytes and their
// separators are shifted out of the chunk it starts in and the next one,
// which give its length when it is shorter, its edges and its hash at
// once; longer words and words with punctuation at an edge take wordEnd,
// trimPunct and lowerHash (slowWord). The bytes of other scripts only add
// a look at the words they start (their capitals) and at the lead bytes of
// CJK sentence ends.
func (x *Extractor) scanText(t []byte) (c tailCounts, ws wordStats) {
	const lsb, hi, low7 = 0x0101010101010101, 0x8080808080808080, 0x7f7f7f7f7f7f7f7f
	hasBody := x.bodyPairs.n > 0
	look := hasBody || x.stop != nil || len(x.titleHash) > 0
	n := len(t)
	prevSep := true // t[i] starts a word
	v, sep := chunkAt(t, 0)
	for i := 0; i < n; i += 8 {
		var vn, sepn uint64
		if i+16 <= n {
			vn = binary.LittleEndian.Uint64(t[i+8:])
			sepn = eqBytes(vn, ' ') | eqBytes(vn, '\n')
		} else {
			vn, sepn = chunkAt(t, i+8)
		}
		carry := uint64(0)
		if prevSep {
			carry = 0x80
		}
		starts := (sep<<8 | carry) &^ sep
		lo, ascii := v&low7, ^v&hi
		c.words += bits.OnesCount64(starts)
		c.caps += bits.OnesCount64(starts & (geBytes(lo, 'A') &^ geBytes(lo, 'Z'+1)) & ascii)
		c.punct += bits.OnesCount64(eqBytes(v, '.') | eqBytes(v, '!') | eqBytes(v, '?'))
		c.commas += bits.OnesCount64(eqBytes(v, ','))
		c.digits += bits.OnesCount64(geBytes(lo, '0') &^ geBytes(lo, '9'+1) & ascii)
		if v&hi != 0 {
			for m := starts &^ ascii; m != 0; m &= m - 1 {
				if upperAt(t, i+bits.TrailingZeros64(m)/8) {
					c.caps++
				}
			}
			for m := eqBytes(v, 0xe3) | eqBytes(v, 0xef); m != 0; m &= m - 1 {
				if cjkEnd(t, i+bits.TrailingZeros64(m)/8) {
					c.punct++
				}
			}
		}
		prevSep = sep>>63 != 0
		for m := starts; look && m != 0; m &= m - 1 {
			sh := uint(bits.TrailingZeros64(m)) &^ 7 // the word's start, in bits
			s := i + int(sh/8)
			ws.n++
			first := ws.n <= maxStopWords
			// The word's first eight bytes and their separators.
			w := v>>sh | vn<<1<<(63-sh)
			end := sep>>sh | sepn<<1<<(63-sh)
			var h uint64
			if end != 0 {
				// A word of under 8 bytes: trimPunct and lowerHash on
				// its bytes in w. keep marks the bytes trimPunct keeps
				// (letters, digits, other scripts) of the word.
				in := uint64(1)<<(uint(bits.TrailingZeros64(end))&^7) - 1
				w &= in
				lo := w & low7
				lc := lo | lsb*0x20
				keep := (geBytes(lc, 'a')&^geBytes(lc, 'z'+1) | geBytes(lo, '0')&^geBytes(lo, '9'+1) | w) & hi & in
				if keep == 0 {
					continue // punctuation alone
				}
				a := uint(bits.TrailingZeros64(keep)) &^ 7
				tl := uint(64-bits.LeadingZeros64(keep)) - a // the trimmed length, in bits
				w = w >> a & (1<<(tl&63) - 1)
				lo = w & low7
				upper := (lo + lsb*(0x80-'A')) &^ (lo + lsb*(0x80-'Z'-1)) &^ w & hi
				lw := w | upper>>2
				h = bits.RotateLeft64((uint64(tl/8)*0x9e3779b97f4a7c15^lw)*0xff51afd7ed558ccd, 29)
				h ^= h >> 32
				h *= 0xc4ceb9fe1a85ec53
				h ^= h >> 29
				if first {
					s += int(a / 8)
					x.lookShort(t[s:s+int(tl/8)], lw, h, w&hi == 0, &ws)
				}
			} else {
				tw := trimPunct(t[s:wordEnd(t, s+8)])
				if len(tw) == 0 {
					continue
				}
				var ascii bool
				h, ascii = lowerHash(tw, &x.wbuf)
				if first {
					x.lookFirst(tw, h, ascii, &ws)
				}
			}
			if hasBody {
				if ws.havePrev {
					ws.pairs++
					if x.bodyPairs.has(pairHash(ws.prev, h)) {
						ws.found++
					}
				}
				ws.prev, ws.havePrev = h, true
			} else if ws.n >= maxStopWords {
				look = false
			}
		}
		v, sep = vn, sepn
	}
	return c, ws
}

// lookShort is lookFirst for a word of under 8 bytes, tw, whose
// lower-cased bytes are lw (little-endian), not yet in x.wbuf.
func (x *Extractor) lookShort(tw []byte, lw, h uint64, ascii bool, ws *wordStats) {
	if x.stop != nil {
		if ascii {
			if x.stopFilter.mayHold(h) && x.isStopWord(lw, 0, len(tw), h) {
				ws.stop++
			}
		} else if x.lower = stopwords.AppendLower(x.lower[:0], tw); x.stop.Contains(x.lower) {
			ws.stop++
		}
	}
	if x.titleBloom&(1<<(h&63)) != 0 && slices.Contains(x.titleHash, h) {
		ws.inTitle++
	}
}

// lookFirst looks up one of a paragraph's first maxStopWords words, tw
// (trimmed), hashed to h by lowerHash, whose lower-cased bytes are in
// x.wbuf (those that fit), in the stoplist and in the title.
func (x *Extractor) lookFirst(tw []byte, h uint64, ascii bool, ws *wordStats) {
	if x.stop != nil {
		buf := &x.wbuf
		if ascii && len(tw) <= maxLowerLen && !x.stopFilter.mayHold(h) {
			// Not in the list: buf holds the word as the list would.
		} else if ascii && len(tw) <= 16 {
			if x.isStop(buf[:], len(tw), h) {
				ws.stop++
			}
		} else {
			lw := buf[:min(len(tw), maxLowerLen)]
			if !ascii || len(tw) > maxLowerLen {
				x.lower = stopwords.AppendLower(x.lower[:0], tw)
				lw = x.lower
			}
			if x.stop.Contains(lw) {
				ws.stop++
			}
		}
	}
	if x.titleBloom&(1<<(h&63)) != 0 && slices.Contains(x.titleHash, h) {
		ws.inTitle++
	}
}

// textFeatures sets the features read from a paragraph's text: stop
// words, punctuation, capitals, digits and overlap with the articleBody.
// One pass over the text (scanText) counts what it counts and looks the
// words up: the first maxStopWords in the stoplist and the title, all of
// them in the articleBody's pairs on a page with one. The per-word rates
// also count the unspaced words that no space cuts (see unspacedWords).
func (x *Extractor) textFeatures(f []float32, t []byte, p *blocks.Paragraph, unspaced int) {
	c, ws := x.scanText(t)
	nWords, caps, punct, commas, digits := c.words, c.caps, c.punct, c.commas, c.digits
	stop, pairs, found, inTitle := ws.stop, ws.pairs, ws.found, ws.inTitle
	words := float32(max(nWords+unspaced, 1))
	f[fStopDensity] = float32(stop) / float32(max(min(nWords, maxStopWords), 1))
	// Only the first maxStopWords words are looked up: the paragraph's
	// count is estimated from their density.
	if nWords <= maxStopWords {
		p.StopWords = stop
	} else {
		p.StopWords = int(f[fStopDensity]*float32(p.Words) + 0.5)
	}
	f[fPunct] = min(float32(punct)/words, 1)
	f[fCommas] = min(float32(commas)/words, 1)
	f[fCapitals] = float32(caps) / words
	f[fDigits] = float32(digits) / float32(max(p.Length, 1))
	if n := len(t); n > 0 {
		switch t[n-1] {
		case '.', '!', '?', '"', ')':
			f[fEndsPunct] = 1
		}
	}
	if pairs > 0 {
		f[fBodyShare] = float32(found) / float32(pairs)
	}
	f[fTitle] = float32(inTitle) / float32(max(min(nWords, maxStopWords), 1))
	// jusText's context-free rules with its default thresholds; without
	// a stoplist, its language-independent ones (length alone).
	sd, low, high := f[fStopDensity], float32(0.30), float32(0.32)
	if x.stop == nil {
		low, high = 0, 0
	}
	if !p.Copyright && !p.InSelect && p.LinkDensity() <= 0.2 && p.Length >= 70 {
		switch {
		case sd >= high && p.Length > 200:
			f[fJTGood] = 1
		case sd >= low:
			f[fJTNearGood] = 1
		}
	}
}

// unspacedWords estimates the words that a paragraph written without
// spaces between words (Chinese, Japanese) holds beyond those its spaces
// separate: half its CJK characters, about the length of a word in those
// languages. The per-word features then mean the same in every script. A
// paragraph whose space-separated words average at most maxWordRunes code
// points is taken as spaced, and not scanned.
func unspacedWords(t []byte, p *blocks.Paragraph) int {
	if p.Length <= maxWordRunes*max(p.Words, 1) {
		return 0
	}
	n := 0
	for i := 0; i+2 < len(t); i++ {
		// The lead byte of a three-byte sequence from U+3000 to U+9FFF:
		// CJK punctuation, kana, and the unified ideographs.
		if c := t[i]; c >= 0xe3 && c <= 0xe9 {
			n++
			i += 2
		}
	}
	return n / 2
}

// maxTitleWords bounds the words of the title that fTitle compares with.
const maxTitleWords = 32

// readTitle records the hashes of the title's words.
func (x *Extractor) readTitle() {
	x.titleHash, x.titleBloom = x.titleHash[:0], 0
	for w := range words(x.pm.Title()) {
		if len(x.titleHash) == maxTitleWords {
			break
		}
		if h, ok := wordHash(w); ok {
			x.titleHash = append(x.titleHash, h)
			x.titleBloom |= 1 << (h & 63)
		}
	}
}

// stage1 computes every paragraph's stage-1 features, then its log-odds
// under e (clamped, in fLogit) and probability (in x.prob1), and returns
// the length of the page's text (at least 1) as the shares of it sum it.
// The feature matrix is written in two passes over its rows: the first for
// what a paragraph has of its own, its containers and its repeated group,
// the second for what needs the whole page first (the page's features and
// type, the headline), with the trees reading the row just written. The
// sums over containers and groups are made beforehand from the paragraphs
// alone. On a page of a hundred thousand paragraphs the matrix takes tens
// of megabytes, and every pass over it streams from memory.
func (x *Extractor) stage1(e *Ensemble) (ftotal float32) {
	paras := x.pm.Paragraphs()
	text, paths := x.pm.Arenas()
	x.lens = slices.Grow(x.lens[:0], len(paras))[:len(paras)]
	total := 0
	links := 0
	for i := range paras {
		total += paras[i].Length
		x.lens[i] = float32(paras[i].Length)
		ftotal += x.lens[i]
		links += min(paras[i].LinkChars, paras[i].Length)
	}
	ftotal = max(ftotal, 1)
	x.ancestors()
	x.sumContainers()
	x.countAlike()
	hasBody := float32(0)
	if x.bodyPairs.n > 0 {
		hasBody = 1
	}
	x.readPage(total, links, len(paras))
	var page pageSums
	prices := 0
	before := 0
	h := -1          // the headline: the h1 paragraph with most of the title's words
	var head float32 // the heading lexicon's score of the last heading
	for i := range paras {
		p := &paras[i]
		f := x.feats[i*numFeatures : (i+1)*numFeatures]
		clear(f)
		f[fLength] = log1p(p.Length)
		t := text[p.Text.Start:p.Text.End]
		unspaced := unspacedWords(t, p)
		f[fWords] = log1p(p.Words + unspaced)
		f[fLinkDensity] = float32(min(p.LinkDensity(), 1))
		x.textFeatures(f, t, p, unspaced)
		f[fHeading] = b2f(p.Heading)
		if p.Heading {
			head = x.headScore(t)
		}
		f[fHeadLex] = head
		f[fCopyright] = b2f(p.Copyright || p.InSelect)
		f[fTags] = min(float32(p.Tags)/float32(p.Words+unspaced+1), 2)
		f[fPosition] = float32(i) / float32(len(paras))
		f[fTextBefore] = float32(before) / float32(max(total, 1))
		before += p.Length
		f[fHasBody] = hasBody
		f[fInP] = b2f(lastStep(paths[p.Path.Start:p.Path.End]) == "p")
		if hasPrice(t) {
			f[fPrice] = 1
			prices++
		}
		if i < len(x.rec.paras) {
			pc := &x.rec.paras[i]
			// The shares of the cues the text has none under stay 0.
			for m := pc.any; m != 0; m &= m - 1 {
				c := bits.TrailingZeros32(uint32(m))
				f[fCues+c] = float32(pc.cue[c]) / float32(pc.chars)
			}
			if pc.chars > 0 {
				f[fClassLex] = pc.lexSum / float32(pc.chars)
				f[fClassNear] = pc.lexNear / float32(pc.chars)
			}
		}
		x.containerFeatures(i, f, ftotal)
		x.repeatFeatures(i, f)
		page.add(f, p.Length, x.group[i] >= 0)
		if f[fCues+int(cueH1)] >= 0.5 && (h < 0 || f[fTitle] > x.feats[h*numFeatures+fTitle]) {
			h = i
		}
	}
	x.page[fPagePrices-fKinds] = log1p(prices)
	// The page type models read the first row, its repeated group's
	// share of the text included, which the second pass writes after them.
	if len(paras) > 0 {
		x.repeatShare(0, x.feats[:numFeatures], ftotal)
	}
	x.pageFeatures(&page)
	x.findHeadline(h)
	for i := range paras {
		f := x.feats[i*numFeatures : (i+1)*numFeatures]
		copy(f[fKinds:fCues], x.page[:])
		x.repeatShare(i, f, ftotal)
		x.headlineFeatures(i, f)
		z := e.logit(x.row(i))
		f[fLogit] = max(-maxLogit, min(maxLogit, z))
		x.prob1[i] = sigmoid(z)
	}
	return ftotal
}

// maxHeadWords bounds the words of a heading the heading lexicon reads.
const maxHeadWords = 16

// headHashes yields the hashes of the first maxHeadWords words of heading
// t, as the heading lexicon is learned from and looked up with.
func headHashes(t []byte) func(yield func(uint64) bool) {
	return func(yield func(uint64) bool) {
		n := 0
		for w := range words(t) {
			if n == maxHeadWords {
				return
			}
			if h, ok := wordHash(w); ok {
				n++
				if !yield(h) {
					return
				}
			}
		}
	}
}

// headScore returns the heading lexicon's summed scores of the words of
// heading t.
func (x *Extractor) headScore(t []byte) (sum float32) {
	for h := range headHashes(t) {
		if s, ok := x.heads.score(h); ok {
			sum += s
		}
	}
	return sum
}

// readPage sets the features of the page that need none of its
// paragraphs' features in x.page: the kinds it declares, its element
// counts, its text, paragraphs, link density and URL.
func (x *Extractor) readPage(total, links, paras int) {
	clear(x.page[:])
	page := x.page[:]
	for k := range numKinds {
		page[int(k)] = b2f(x.rec.kinds&(1<<k) != 0)
	}
	for c, n := range x.rec.count {
		page[fCounts-fKinds+c] = log1p(n)
	}
	page[fPageText-fKinds] = log1p(total)
	page[fPageParas-fKinds] = log1p(paras)
	page[fPageLinks-fKinds] = float32(links) / float32(max(total, 1))
	urlFeatures(page, x.url())
}

// maxPriceText is the longest text hasPrice looks at: prices stand in
// short texts (a price tag, a table cell), not in prose that mentions one.
const maxPriceText = 160

// hasPrice reports whether a short text holds a price: a currency sign
// ($ € £ ¥ ₹) next to a digit, a space between them allowed.
func hasPrice(t []byte) bool {
	// Most texts have no currency sign: three vector scans rule them out.
	if len(t) > maxPriceText || bytes.IndexByte(t, '$') < 0 && bytes.IndexByte(t, 0xc2) < 0 && bytes.IndexByte(t, 0xe2) < 0 {
		return false
	}
	for i := 0; i < len(t); i++ {
		n := 0 // the length of a currency sign at i
		switch c := t[i]; {
		case c == '$':
			n = 1
		case c == 0xc2 && i+1 < len(t) && (t[i+1] == 0xa3 || t[i+1] == 0xa5): // £ ¥
			n = 2
		case c == 0xe2 && i+2 < len(t) && t[i+1] == 0x82 && (t[i+2] == 0xac || t[i+2] == 0xb9): // € ₹
			n = 3
		}
		if n == 0 {
			continue
		}
		before, after := i-1, i+n
		if before >= 0 && t[before] == ' ' {
			before--
		}
		if after < len(t) && t[after] == ' ' {
			after++
		}
		if before >= 0 && isDigit(t[before]) || after < len(t) && isDigit(t[after]) {
			return true
		}
	}
	return false
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// sumContainers sums, per element at depths 1 and 2 above the paragraphs,
// the text, link text and paragraphs under it, in x.agg (see
// containerFeatures).
func (x *Extractor) sumContainers() {
	paras := x.pm.Paragraphs()
	n := x.rec.elems + 1
	if cap(x.agg) < 6*n {
		x.agg = make([]float32, 6*n)
	}
	x.agg = x.agg[:6*n]
	clear(x.agg)
	for i := range paras {
		l := float32(min(paras[i].LinkChars, paras[i].Length))
		for d := range 2 {
			s := 3*d*n + x.slot(i, d+1)
			x.agg[s] += x.lens[i]
			x.agg[n+s] += l
			x.agg[2*n+s]++
		}
	}
}

// containerFeatures sets the features of the text around paragraph i in
// its row f, from sumContainers' sums and the page's text total: the link
// density of all the text under its parent and grandparent (a list of
// teasers is mostly links, an article's body hardly any), its
// grandparent's share of the page's text and how many paragraphs its
// parent holds. f must hold the paragraph's cue shares.
func (x *Extractor) containerFeatures(i int, f []float32, total float32) {
	n := x.rec.elems + 1
	s := x.slot(i, 1)
	ld := x.agg[n+s] / max(x.agg[s], 1)
	f[fLinks1] = ld
	f[fListLinks] = ld * f[fCues+int(cueList)]
	f[fSiblings] = log1p(int(x.agg[2*n+s]))
	s = 3*n + x.slot(i, 2)
	f[fLinks2] = x.agg[n+s] / max(x.agg[s], 1)
	f[fRegion2] = x.agg[s] / total
}

// ancestors records, for every paragraph, the slot of its ancestors at
// depths 1 to maxDepth in the per-element buffers of x.rec.elems+1 slots
// (tree.Ancestor's node at that depth); the last slot gathers the
// paragraphs outside any element. The container and group features read
// them several times each.
func (x *Extractor) ancestors() {
	paras := x.pm.Paragraphs()
	x.anc = slices.Grow(x.anc[:0], maxDepth*len(paras))[:maxDepth*len(paras)]
	outside := int32(x.rec.elems)
	for i := range paras {
		node := paras[i].Node
		for d := range maxDepth {
			s := outside
			if node >= 0 {
				if p := x.pm.Parent(node); p >= 0 {
					node = p
				}
				if node < outside {
					s = node
				}
			}
			x.anc[i*maxDepth+d] = s
		}
	}
}

// maxDepth is the deepest ancestor the features look at.
const maxDepth = 3

// slot returns the slot of paragraph i's ancestor at depth (1 to
// maxDepth), as ancestors recorded it.
func (x *Extractor) slot(i, depth int) int { return int(x.anc[i*maxDepth+depth-1]) }

// log1pTable holds log1p(n) for the counts most paragraphs have, which
// stage 1 would otherwise compute twice per paragraph.
var log1pTable = func() (t [1024]float32) {
	for n := range t {
		t[n] = float32(math.Log1p(float64(n)))
	}
	return t
}()

// log1p returns float32(math.Log1p(n)) for a count n >= 0.
func log1p(n int) float32 {
	if uint(n) < uint(len(log1pTable)) {
		return log1pTable[n]
	}
	return float32(math.Log1p(float64(n)))
}

func b2f(b bool) float32 {
	if b {
		return 1
	}
	return 0
}

// contextWindow is how many paragraphs on each side stage 2 looks at.
const contextWindow = 3

// stage2 computes every paragraph's context features from the stage-1
// probabilities in x.prob1 and the page's text total (as stage1 returns
// it), sets its CFClass by whether that probability reaches th, and scores
// it with e: its final log-odds go to x.prob, the highest of which stage2
// returns (a paragraph in a site landmark, a caption or a dialog gets
// probability 0 unscored, where dropsLandmarks says so). Every sum over
// the page (per group, per ancestor, the best stretch, the main container)
// is made first, from the probabilities and the paragraphs alone, so that
// each row is written once and read by the trees while still in cache (see
// stage1).
func (x *Extractor) stage2(e *Ensemble, th, total float32) float32 {
	paras := x.pm.Paragraphs()
	p1 := x.prob1
	x.sumGroups()
	main, half, mainText := x.mainRegions()
	bestStart, bestEnd := x.bestStretch(total)
	bestSlot := x.groupMasses()
	n := x.rec.elems + 1
	var gap float32 // the text between the stretch and the paragraph after it
	top := float32(-maxLogit)
	x.landDrop = x.dropsLandmarks()
	for i := range paras {
		f := x.feats[i*numFeatures : (i+1)*numFeatures]
		f[fPrev] = meanProb(p1[max(0, i-contextWindow):i])
		f[fNext] = meanProb(p1[min(len(paras), i+1):min(len(paras), i+1+contextWindow)])
		if i > 0 {
			f[fPrev1] = p1[i-1]
		}
		if i+1 < len(paras) {
			f[fNext1] = p1[i+1]
		}
		f[fGroupRep] = p1[i]
		if g := x.group[i]; g >= 0 && x.rep.text[g] > 0 {
			f[fGroupRep] = x.rep.prob[g] / x.rep.text[g]
		}
		for d := range maxDepth {
			if best := x.best[d]; best > 0 {
				f[fGroup1+d] = x.mass[d*n+x.slot(i, d+1)] / best
			}
		}
		f[fBestGroup] = b2f(x.slot(i, 2) == bestSlot)
		switch {
		case bestEnd < 0:
		case i < bestStart:
			f[fStretchDist] = x.dist[i]
		case i <= bestEnd:
			f[fStretch] = 1
		default:
			f[fAfterStretch] = 1
			f[fStretchDist] = gap / total
			gap += x.lens[i]
		}
		if main >= 0 {
			f[fInMain] = b2f(x.under(x.pm.Parent(x.element(i)), main))
			f[fMainText] = mainText
		}
		if half >= 0 {
			f[fInHalf] = b2f(x.under(x.pm.Parent(x.element(i)), half))
		}
		paras[i].CFClass = decide(p1[i] >= th)
		if x.landDrop && x.inLandmark(i) {
			x.prob[i] = zeroLogit
			continue
		}
		x.prob[i] = e.logit(x.row(i))
		top = max(top, x.prob[i])
	}
	return top
}

// inLandmark reports whether paragraph i is in a site landmark, a figure
// caption or a dialog.
func (x *Extractor) inLandmark(i int) bool {
	return i < len(x.rec.paras) && x.rec.paras[i].inLandmark()
}

// dropsLandmarks reports whether the paragraphs in site landmarks, figure
// captions and dialogs (see recorder.startLandmark and startCaption) are
// dropped: whether the page has text outside them. A footer holds what is
// about the page or the article, not in it (links, bylines, legal notices,
// a shop's delivery and privacy terms), and the site's header, navigation
// and sidebars what leads elsewhere; the models, judging the text, keep it
// where it reads like prose. But a page wrapped whole in them would come
// out empty.
func (x *Extractor) dropsLandmarks() bool {
	paras := x.pm.Paragraphs()
	for i := range paras {
		if paras[i].Length > 0 && !x.inLandmark(i) {
			return true
		}
	}
	return false
}

// bestStretch returns the first and last paragraph of the contiguous run
// that maximises the sum of (stage-1 probability - 1/2) × length (last -1
// for none): BTE's best stretch, found by Kadane's algorithm, with stage
// 1's judgement in place of BTE's word and tag counts. It leaves in x.dist,
// for each paragraph before the run, the share of the page's text (of
// total) between it and the run.
func (x *Extractor) bestStretch(total float32) (bestStart, bestEnd int) {
	paras := x.pm.Paragraphs()
	var sum, best float32
	start := 0
	bestEnd = -1
	for i := range paras {
		if sum <= 0 {
			sum, start = 0, i
		}
		sum += (x.prob1[i] - 0.5) * x.lens[i]
		if sum > best {
			best, bestStart, bestEnd = sum, start, i
		}
	}
	if bestEnd < 0 {
		return 0, -1
	}
	x.dist = slices.Grow(x.dist[:0], bestStart)[:bestStart]
	var gap float32
	for i := bestStart - 1; i >= 0; i-- {
		x.dist[i] = gap / total
		gap += x.lens[i]
	}
	return bestStart, bestEnd
}

// meanProb returns the mean of ps, 0 for none (a page edge counts as
// boilerplate, as in jusText).
func meanProb(ps []float32) float32 {
	if len(ps) == 0 {
		return 0
	}
	var s float32
	for _, p := range ps {
		s += p
	}
	return s / float32(len(ps))
}

// groupMasses sums, in x.mass, the probable text (stage-1 probability
// times length) under each paragraph's ancestor at depths 1 to maxDepth
// (maxDepth runs of x.rec.elems+1 slots), with each depth's most in
// x.best, and returns the slot of the grandparent with the most. The group
// features give a paragraph its ancestor's share of that most: the tree
// filter's grouping, made soft.
func (x *Extractor) groupMasses() (bestSlot int) {
	paras := x.pm.Paragraphs()
	n := x.rec.elems + 1
	if cap(x.mass) < maxDepth*n {
		x.mass = make([]float32, maxDepth*n)
	}
	x.mass = x.mass[:maxDepth*n]
	clear(x.mass)
	bestSlot = -1
	for d := range maxDepth {
		mass := x.mass[d*n : (d+1)*n]
		best := float32(0)
		for i := range paras {
			s := x.slot(i, d+1)
			mass[s] += x.prob1[i] * x.lens[i]
			if mass[s] > best {
				best = mass[s]
				if d == 1 {
					bestSlot = s
				}
			}
		}
		x.best[d] = best
	}
	return bestSlot
}
