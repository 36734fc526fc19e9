// Package stopwords provides jusText's stop-word lists as immutable sets
// that answer membership for a []byte word without allocating.
//
// The built-in sets are the 100 stoplists of jusText 3.0.2 (see
// data/README.md for their source and licence), compiled by go generate
// into minimal perfect hash tables in sets_gen.go, so that nothing is
// built at start-up. A table uses hash-and-displace: a word's 64-bit
// hash (one multiplication for a word of up to 8 bytes) selects a bucket; the bucket's displacement, chosen when the
// table was built, either names the word's slot outright or seeds a
// second mixing of the hash that gives it. The slot's stored word is then
// compared with the one looked up, so words outside the set are rejected
// exactly. Sets made at run time by New and Parse are built by the same
// code the generator uses.
//
// Words are matched as jusText matches them: stoplist words and the words
// looked up are both lower-cased with Python's str.lower (AppendLower).
package stopwords

//go:generate go run ./internal/gen

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"iter"
	"math/bits"
	"strings"
	"unicode/utf8"

	"github.com/jtextract/jt/stopwords/internal/phash"
	"github.com/jtextract/jt/stopwords/internal/pylower"
	"github.com/jtextract/jt/stopwords/internal/stoplist"
)

// Set is an immutable stop-word set, safe for concurrent use. A nil *Set
// contains nothing.
type Set struct {
	t phash.Table
}

// Contains reports whether word, already lower-cased with AppendLower, is
// in the set. It does not allocate.
func (s *Set) Contains(word []byte) bool {
	return s != nil && s.t.Contains(word)
}

// All yields the words of the set, in no particular order.
func (s *Set) All() iter.Seq[string] {
	return func(yield func(string) bool) {
		if s == nil {
			return
		}
		t := &s.t
		for i := 0; i+1 < len(t.Offs); i++ {
			if !yield(t.Words[t.Offs[i]:t.Offs[i+1]]) {
				return
			}
		}
	}
}

// Len returns the number of distinct words in the set.
func (s *Set) Len() int {
	if s == nil {
		return 0
	}
	return s.t.Len()
}

// ErrUnknownLanguage is wrapped by the error Lookup returns for a language
// with no built-in stoplist.
var ErrUnknownLanguage = errors.New("stopwords: unknown language")

// ErrInvalidUTF8 is wrapped by the errors of New and Parse for a word or
// line that is not valid UTF-8.
var ErrInvalidUTF8 = stoplist.ErrInvalidUTF8

// Languages returns the names of the built-in stoplists, sorted, spelt as
// jusText spells them ("Czech", "English", "Norwegian_Bokmal", ...).
func Languages() []string {
	return append([]string(nil), names[:]...)
}

// Lookup returns the built-in stoplist of language, whose name is matched
// without regard to case.
func Lookup(language string) (*Set, error) {
	for i, name := range names {
		if strings.EqualFold(name, language) {
			return &builtin[i], nil
		}
	}
	return nil, fmt.Errorf("%w %q", ErrUnknownLanguage, language)
}

// New returns the set of words lower-cased with AppendLower, duplicates
// merged, as jusText treats a stoplist given to it as a collection.
func New(words []string) (*Set, error) {
	for i, w := range words {
		if !utf8.ValidString(w) {
			return nil, fmt.Errorf("stopwords: word %d (%q): %w", i+1, w, ErrInvalidUTF8)
		}
	}
	return build(stoplist.Normalize(words))
}

// ParseError reports a stoplist line that could not be read.
type ParseError struct {
	Line int   // 1-based line number
	Err  error // ErrInvalidUTF8, or the reader's error
}

// Error implements error.
func (e *ParseError) Error() string {
	return fmt.Sprintf("stopwords: line %d: %v", e.Line, e.Err)
}

// Unwrap returns e.Err.
func (e *ParseError) Unwrap() error { return e.Err }

// Parse reads a stoplist file as jusText's get_stoplist reads its own:
// lines split at "\n", "\r" or "\r\n", each decoded as strict UTF-8 and
// lower-cased, nothing stripped, so an empty line adds the empty word.
// A line that is not valid UTF-8 gives a *ParseError.
func Parse(r io.Reader) (*Set, error) {
	lines, line, err := stoplist.Read(r)
	if err != nil {
		return nil, &ParseError{Line: line, Err: err}
	}
	return build(stoplist.Normalize(lines))
}

// build makes the set of the distinct words in keys.
func build(keys []string) (*Set, error) {
	t, err := phash.Build(keys)
	if err != nil {
		return nil, fmt.Errorf("stopwords: %w", err)
	}
	return &Set{t}, nil
}

// AppendLower appends word lower-cased as Python's str.lower does it to
// dst and returns the extended slice: Unicode's full lowercase mapping,
// so "İ" becomes "i̇" and a word-final "Σ" becomes "ς". Bytes that are not
// valid UTF-8 are copied unchanged. It does not allocate when dst has
// room for the result.
func AppendLower(dst, word []byte) []byte {
	return pylower.AppendLower(dst, word)
}

// Byte classes for CountWords: a word separator, an ASCII capital, a byte
// of a non-ASCII character.
const (
	classSep = 1 << iota
	classUpper
	classHigh
)

var byteClass = func() (c [256]uint8) {
	c[' '], c['\n'] = classSep, classSep
	for b := 'A'; b <= 'Z'; b++ {
		c[b] = classUpper
	}
	for b := 0x80; b < 0x100; b++ {
		c[b] = classHigh
	}
	return c
}()

// CountWords returns how many of the words of text s contains once
// lower-cased with AppendLower, a word being a maximal run of bytes other
// than ' ' and '\n'. For text whose only whitespace is ' ' and '\n', such
// as jusText's normalised paragraph text, that is the number of words w
// of Python's text.split() with w.lower() in the set. buf is scratch space
// for lower-cased words; CountWords returns it, possibly grown, for reuse.
// It does not allocate when buf has room for every word of text.
//
// It gives the same count as AppendLower and Contains word by word, but
// reads an ASCII word of up to 8 bytes as one number (see asciiWord),
// lower-cases an ASCII word with a table, without decoding runes, and
// probes a word with no capital and no non-ASCII byte in place.
func (s *Set) CountWords(text, buf []byte) (int, []byte) {
	if s == nil || s.t.Len() == 0 {
		return 0, buf
	}
	t := &s.t
	n := 0
	for i := 0; i < len(text); {
		if byteClass[text[i]]&classSep != 0 {
			i++
			continue
		}
		if x, k := asciiWord(text, i); k > 0 {
			if t.ContainsPacked(x, k) {
				n++
			}
			i += k
			continue
		}
		j, acc := i, uint8(0)
		for j < len(text) {
			c := byteClass[text[j]]
			if c&classSep != 0 {
				break
			}
			acc |= c
			j++
		}
		word := text[i:j]
		i = j
		switch acc {
		case 0: // already lower-case ASCII
		case classUpper:
			buf = append(buf[:0], word...)
			for k, c := range buf {
				buf[k] = c | (byteClass[c]&classUpper)<<4 // 'A'|0x20 == 'a'
			}
			word = buf
		default:
			buf = pylower.AppendLower(buf[:0], word)
			word = buf
		}
		if t.Contains(word) {
			n++
		}
	}
	return n, buf
}

// Bytes repeated over a 64-bit word, for the SWAR tests of asciiWord.
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// asciiWord reads the word starting at text[i], which is not a separator,
// as one number when it is at most 8 bytes of ASCII: it returns the word
// lower-cased and packed as phash.Pack packs it, and its length; k = 0
// means the word is longer or not ASCII. Eight bytes are loaded at once
// (the last eight of text, shifted, near its end), the first ' ' or '\n'
// is found by the has-zero-byte test of x^' ' and x^'\n' (exact for the
// lowest match, which is the one used), and capitals are lowered by adding
// 0x20 to the bytes between 'A' and 'Z', all without a branch per byte.
func asciiWord(text []byte, i int) (x uint64, k int) {
	rest := len(text) - i
	switch {
	case rest >= 8:
		x = binary.LittleEndian.Uint64(text[i:])
	case len(text) >= 8:
		x = binary.LittleEndian.Uint64(text[len(text)-8:]) >> (8 * uint(8-rest))
	default:
		return 0, 0 // a text this short is left to the byte loop
	}
	sp, nl := x^(' '*ones), x^('\n'*ones)
	seps := ((sp-ones)&^sp | (nl-ones)&^nl) & highs
	switch {
	case seps != 0:
		k = bits.TrailingZeros64(seps) >> 3
	case rest < 8:
		k = rest // the zeros shifted in are no separators: the word ends text
	case rest == 8 || byteClass[text[i+8]]&classSep != 0:
		k = 8
	default:
		return 0, 0
	}
	if k < 8 {
		x &= 1<<(8*uint(k)) - 1
	}
	if x&highs != 0 {
		return 0, 0
	}
	// With every byte below 0x80 the additions carry into no other byte:
	// the high bit of a byte of ge is set from 'A' on, that of gt above 'Z'.
	ge, gt := x+(0x80-'A')*ones, x+(0x7f-'Z')*ones
	return x | (ge&^gt&highs)>>2, k
}
