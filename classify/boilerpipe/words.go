package boilerpipe

import (
	"sync/atomic"
	"unicode"
	"unicode/utf8"
)

// The markers boilerpipe puts into its token buffer around anchor text, so
// that the word counter knows which words are linked.
const (
	anchorStart = "$\ue00a<"
	anchorEnd   = ">\ue00a$"
)

// maxLineLength is the column boilerpipe wraps lines at to count wrapped
// lines and the words in them.
const maxLineLength = 80

// wordCounts are the features flushBlock derives from a block's tokens.
type wordCounts struct {
	tokens                                    int // tokens other than anchor markers
	words, linked, wrappedWords, wrappedLines int
}

// wordCounter reproduces the token loop of boilerpipe's flushBlock on the
// output of its UnicodeTokenizer. The tokenizer inserts U+2063 at every
// regex word boundary (\b, with Java 17's Unicode letter-or-digit
// definition of a word character), removes those next to the punctuation
// "'.,!@-:;$?()/ and the quote, turns runs of spaces and U+2063 into one
// space, trims and splits at spaces. Here the same tokens are found in one
// pass: a token ends at a space, or between a word and a non-word
// character when neither is such punctuation.
//
// inAnchor persists across blocks, as the Java field does, so a block cut
// inside a link starts in anchor text.
type wordCounter struct {
	inAnchor bool
}

// isBoundaryPunct reports the characters next to which the tokenizer
// removes word boundaries.
func isBoundaryPunct(r rune) bool {
	switch r {
	case '"', '\'', '.', ',', '!', '@', '-', ':', ';', '$', '?', '(', ')', '/':
		return true
	}
	return false
}

// isLetterOrDigit is Java's Character.isLetterOrDigit.
func isLetterOrDigit(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// isWordRune reports whether r makes a token a word: Java's
// [\p{L}\p{Nd}\p{Nl}\p{No}].
func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
	}
	return unicode.IsLetter(r) || unicode.IsNumber(r)
}

// Character classes for the counter's inner loop: the tests of the general
// path (classOf), tabulated.
const (
	clsAlnum = 1 << iota // isLetterOrDigit: a word character for \b
	clsPunct             // isBoundaryPunct
	clsWord              // isWordRune: makes a token a word
	clsMark              // non-ASCII non-spacing mark (unicode.Mn)
)

// classOf is the general path: r's classes from the unicode tables.
func classOf(r rune) uint8 {
	var c uint8
	if isLetterOrDigit(r) {
		c |= clsAlnum
	}
	if isBoundaryPunct(r) {
		c |= clsPunct
	}
	if isWordRune(r) {
		c |= clsWord
	}
	if r >= utf8.RuneSelf && unicode.Is(unicode.Mn, r) {
		c |= clsMark
	}
	return c
}

// lowClassMax bounds the runes whose classes are tabulated: ASCII, Latin,
// Greek, Cyrillic, Armenian, Hebrew, Arabic and the rest of the two-byte
// UTF-8 range.
const lowClassMax = 0x800

var lowClass = func() (t [lowClassMax]uint8) {
	for r := range rune(lowClassMax) {
		t[r] = classOf(r)
	}
	return t
}()

// asciiAlnum marks the ASCII letters and digits, for the counter's
// innermost loop; bytes from 0x80 up are false.
var asciiAlnum = func() (t [256]bool) {
	for c := range utf8.RuneSelf {
		t[c] = lowClass[c]&clsAlnum != 0
	}
	return t
}()

// bmpClass caches the classes of the rest of the Basic Multilingual Plane
// (CJK, kana, Thai, Devanagari, General Punctuation's quotes and dashes,
// fullwidth forms...), 256 runes at a time, each block computed by classOf
// the first time one of its runes is seen. Blocks are immutable once
// stored, so concurrent counters at worst compute a block twice.
var bmpClass [0x100]atomic.Pointer[[0x100]uint8]

// runeClass is classOf(r), from the tables where it can be.
func runeClass(r rune) uint8 {
	if uint32(r) < lowClassMax {
		return lowClass[r]
	}
	if r > 0xffff {
		return classOf(r)
	}
	t := bmpClass[r>>8].Load()
	if t == nil {
		t = fillBMPClass(r >> 8)
	}
	return t[r&0xff]
}

func fillBMPClass(hi rune) *[0x100]uint8 {
	t := new([0x100]uint8)
	for lo := range rune(0x100) {
		t[lo] = classOf(hi<<8 | lo)
	}
	bmpClass[hi].Store(t)
	return t
}

// count returns the word counts of a token buffer. buf must already be
// trimmed as Java's String.trim does.
func (c *wordCounter) count(buf []byte) wordCounts {
	var wc wordCounts
	lineLen := -1 // the first word has no space before it
	wordsInLine := 0
	emit := func(tok []byte, isWord bool, u16 int) {
		switch {
		case string(tok) == anchorStart:
			c.inAnchor = true
		case string(tok) == anchorEnd:
			c.inAnchor = false
		case isWord:
			wc.tokens++
			wc.words++
			wordsInLine++
			if c.inAnchor {
				wc.linked++
			}
			lineLen += u16 + 1
			if lineLen > maxLineLength {
				wc.wrappedLines++
				lineLen = u16
				wordsInLine = 1
			}
		default:
			wc.tokens++
		}
	}
	start := -1 // start of the current token, -1 between tokens
	isWord, u16 := false, 0
	var prevWordChar, prevPunct, baseLetter bool
	for i := 0; i < len(buf); {
		if c := buf[i]; c < utf8.RuneSelf && c != ' ' {
			// The common case, without decoding or Unicode tables.
			cls := lowClass[c]
			baseLetter = cls&clsAlnum != 0
			wordChar := baseLetter || c == '_'
			punct := cls&clsPunct != 0
			if start >= 0 && wordChar != prevWordChar && !punct && !prevPunct {
				emit(buf[start:i], isWord, u16)
				start = -1
			}
			if start < 0 {
				start, isWord, u16 = i, false, 0
			}
			isWord = isWord || baseLetter
			u16++
			prevWordChar, prevPunct = wordChar, punct
			i++
			if baseLetter {
				// More ASCII letters and digits change nothing but the
				// length: skip them.
				j := i
				for j < len(buf) && asciiAlnum[buf[j]] {
					j++
				}
				u16 += j - i
				i = j
			}
			continue
		}
		r, w := rune(buf[i]), 1
		if r >= utf8.RuneSelf {
			if c := buf[i]; c >= 0xc2 && c < 0xe0 && i+1 < len(buf) && buf[i+1]&0xc0 == 0x80 {
				// Two-byte sequences, decoded inline.
				r, w = rune(c&0x1f)<<6|rune(buf[i+1]&0x3f), 2
			} else {
				r, w = utf8.DecodeRune(buf[i:])
			}
		}
		if r == ' ' || r == '\u2063' {
			if start >= 0 {
				emit(buf[start:i], isWord, u16)
				start = -1
			}
			baseLetter = false
			i += w
			continue
		}
		cls := runeClass(r)
		// A non-spacing mark is a word character for \b when it follows a
		// letter or digit (through other marks), as in Java's Pattern.
		var wordChar bool
		if cls&clsMark != 0 {
			wordChar = baseLetter
		} else {
			baseLetter = cls&clsAlnum != 0
			wordChar = baseLetter || r == '_'
		}
		punct := cls&clsPunct != 0
		if start >= 0 && wordChar != prevWordChar && !punct && !prevPunct {
			emit(buf[start:i], isWord, u16)
			start = -1
		}
		if start < 0 {
			start, isWord, u16 = i, false, 0
		}
		isWord = isWord || cls&clsWord != 0
		u16 += utf16Units(r)
		prevWordChar, prevPunct = wordChar, punct
		i += w
	}
	switch {
	case start >= 0:
		emit(buf[start:], isWord, u16)
	case len(buf) == 0:
		// Java splits an empty string into one empty token.
		emit(buf, false, 0)
	}
	if wc.wrappedLines == 0 {
		wc.wrappedWords, wc.wrappedLines = wc.words, 1
	} else {
		wc.wrappedWords = wc.words - wordsInLine
	}
	return wc
}
