package boilerpipe

import (
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

// ASCII character classes for the counter's inner loop: the tests of the
// general path, tabulated.
const (
	clsAlnum = 1 << iota // letter or digit: a word character, and a word rune
	clsPunct             // isBoundaryPunct
)

var asciiClass = func() (t [utf8.RuneSelf]uint8) {
	for r := range rune(utf8.RuneSelf) {
		if isLetterOrDigit(r) {
			t[r] |= clsAlnum
		}
		if isBoundaryPunct(r) {
			t[r] |= clsPunct
		}
	}
	return t
}()

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
			cls := asciiClass[c]
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
			continue
		}
		r, w := rune(buf[i]), 1
		if r >= utf8.RuneSelf {
			r, w = utf8.DecodeRune(buf[i:])
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
		// A non-spacing mark is a word character for \b when it follows a
		// letter or digit (through other marks), as in Java's Pattern.
		var wordChar bool
		if r >= utf8.RuneSelf && unicode.Is(unicode.Mn, r) {
			wordChar = baseLetter
		} else {
			baseLetter = isLetterOrDigit(r)
			wordChar = baseLetter || r == '_'
		}
		punct := isBoundaryPunct(r)
		if start >= 0 && wordChar != prevWordChar && !punct && !prevPunct {
			emit(buf[start:i], isWord, u16)
			start = -1
		}
		if start < 0 {
			start, isWord, u16 = i, false, 0
		}
		isWord = isWord || isWordRune(r)
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
