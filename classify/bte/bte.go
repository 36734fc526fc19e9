// Package bte implements Body Text Extraction (Aidan Finn's BTE) in the
// compact formulation Marco Baroni described on the Corpora List in 2005.
//
// The counted part of a document is read as a sequence of tokens: every
// tag is worth −1 and every whitespace-separated word +1. Runs of
// consecutive words and of consecutive tags are folded into one compact
// array of counts that alternates between a positive word run (even
// indexes, starting at 0) and a negative tag run (odd indexes). The
// maximum-sum contiguous stretch of that array is found in one linear pass
// with Kadane's algorithm, and the words inside it are the extracted text.
// The folding loses nothing: a maximum-sum stretch never starts or ends in
// the middle of a run, nor on a tag run.
//
// # What the caller feeds
//
// Which tokens count is decided by the caller; a Counter only sees the
// calls. [Handler] is that caller for the events of a blocks.Walker (see
// it for how the Walker's balanced tree is counted). A caller must:
//
//   - call Reset at the end of the head, which is the first </head> end tag
//     or the first <body> start tag, whichever comes first, and never again
//     in that document; a document with neither is counted from its start.
//     Anything fed before Reset (the head's title, say) is discarded.
//   - drop script and style elements whole (their tags and their content),
//     comments, doctypes and processing instructions;
//   - call Tag once for every other start, end or self-closing tag;
//   - call Text with every other text node, entities decoded.
//
// Tags before the first word are not stored: a best stretch never starts
// with tags, and dropping them makes the array start with a word run, as
// in Baroni's description.
//
// # Ties
//
// Among stretches with the same maximal sum the earliest-starting one wins,
// and among those the shortest. So zero-sum tails ("3 words, 2 tags,
// 2 words" scores 3 with or without its last two runs) are left out.
package bte

import (
	"math"
	"unicode"
	"unicode/utf8"
)

// Kadane returns the non-empty half-open stretch runs[begin:end] with the
// largest sum, breaking ties by the earliest begin and then the smallest
// end. For an empty slice it returns (0, 0, 0). It runs in one pass and
// sums in int64, so no int32 input can overflow it.
func Kadane(runs []int32) (begin, end int, sum int64) {
	if len(runs) == 0 {
		return 0, 0, 0
	}
	var (
		curBegin int
		cur      int64 // best sum of a stretch ending at the current index
	)
	sum = math.MinInt64
	for i, r := range runs {
		// Extending a zero-sum prefix keeps the earlier start, which is
		// what the tie-break asks for; only a negative prefix is dropped.
		if cur < 0 {
			cur, curBegin = 0, i
		}
		cur += int64(r)
		// Strictly greater keeps the shortest of equal stretches with the
		// same begin; an earlier begin at the same sum (possible once the
		// current stretch absorbed a zero-sum prefix) wins.
		if cur > sum || (cur == sum && curBegin < begin) {
			begin, end, sum = curBegin, i+1, cur
		}
	}
	return begin, end, sum
}

// Counter accumulates the token counts and the words of one document, fed
// in document order during the single pass, and finds the body text.
// The zero value is ready to use; Reset makes it reusable without
// allocating once its buffers have grown to the size of the documents it
// sees.
type Counter struct {
	runs   []int32 // compact array: word runs at even indexes (> 0), tag runs at odd indexes (< 0)
	starts []int   // arena offset of the first word of each word run; word run k is runs[2k]
	words  []byte  // the words of the document, separated by single spaces
	inWord bool    // the last byte fed was part of a word and no tag has come since
}

// Reset discards everything counted so far but keeps the buffers.
func (c *Counter) Reset() {
	c.runs = c.runs[:0]
	c.starts = c.starts[:0]
	c.words = c.words[:0]
	c.inWord = false
}

// Tag counts one tag (start, end or self-closing) in counted content. A tag
// ends the current word, as the tokenisation into words and tags says,
// even where a browser would render no space ("<b>a</b>b" is two words).
func (c *Counter) Tag() {
	c.inWord = false
	n := len(c.runs)
	switch {
	case n == 0: // leading tags are never part of the best stretch
	case n%2 == 1:
		c.runs = append(c.runs, -1)
	case c.runs[n-1] > -math.MaxInt32: // saturate rather than wrap on absurd inputs
		c.runs[n-1]--
	}
}

// Text counts the words of one text node in counted content and appends
// them to the arena. Words are separated by Unicode white space
// (unicode.IsSpace, as strings.Fields does, so a no-break space separates
// words); other bytes, invalid UTF-8 included, are kept verbatim. A text
// node that continues a word of the previous one, with no tag in between
// ("fo" "o" from a dropped comment in "fo<!---->o"), continues that word,
// so how the text is split into nodes does not change the result.
func (c *Counter) Text(text []byte) {
	for i := 0; i < len(text); {
		b := text[i]
		size := 1
		var space bool
		if b < utf8.RuneSelf {
			space = b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' || b == '\v'
		} else {
			var r rune
			r, size = utf8.DecodeRune(text[i:])
			space = unicode.IsSpace(r)
		}
		if space {
			c.inWord = false
		} else {
			if !c.inWord {
				c.startWord()
			}
			c.words = append(c.words, text[i:i+size]...)
		}
		i += size
	}
}

// startWord counts a new word, opening a word run if the last run was a tag
// run, and writes the separator that precedes it in the arena.
func (c *Counter) startWord() {
	c.inWord = true
	if len(c.words) > 0 {
		c.words = append(c.words, ' ')
	}
	n := len(c.runs)
	switch {
	case n%2 == 0:
		c.runs = append(c.runs, 1)
		c.starts = append(c.starts, len(c.words))
	case c.runs[n-1] < math.MaxInt32:
		c.runs[n-1]++
	}
}

// Runs returns the compact run array: word counts (positive) at even
// indexes, tag counts (negative) at odd ones. It aliases the Counter's
// buffer and is valid until the next call of Reset, Tag or Text.
func (c *Counter) Runs() []int32 { return c.runs }

// Best returns the body text stretch runs[begin:end] on the compact run
// array (see Runs) and its score, words minus tags. With no words it
// returns (0, 0, 0); otherwise the stretch starts and ends on a word run.
func (c *Counter) Best() (begin, end int, score int) {
	b, e, s := Kadane(c.runs)
	return b, e, int(s)
}

// AppendText appends the words of the best stretch (see Best) to dst,
// joined by single spaces, and returns the extended slice. Single spaces
// rather than line breaks between text nodes: BTE knows tokens, not
// blocks, and inline tags (<a>, <b>) would otherwise break sentences.
func (c *Counter) AppendText(dst []byte) []byte {
	b, e, _ := c.Best()
	return c.AppendRange(dst, b, e)
}

// AppendRange appends the words of the word runs within runs[begin:end],
// joined by single spaces, to dst and returns the extended slice. Indexes
// are clamped to the run array, so any pair is safe.
func (c *Counter) AppendRange(dst []byte, begin, end int) []byte {
	begin, end = max(begin, 0), min(end, len(c.runs))
	first, last := (begin+1)/2, (end+1)/2 // word runs first..last-1
	if first >= last {
		return dst
	}
	to := len(c.words)
	if last < len(c.starts) {
		to = c.starts[last] - 1 // drop the separator before the next run
	}
	return append(dst, c.words[c.starts[first]:to]...)
}
