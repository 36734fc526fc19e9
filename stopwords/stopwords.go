// Package stopwords provides jusText's stop-word lists as immutable sets
// that answer membership for a []byte word without allocating.
//
// The built-in sets are the 100 stoplists of jusText 3.0.2 (see
// data/README.md for their source and licence), compiled by go generate
// into minimal perfect hash tables in sets_gen.go, so that nothing is
// built at start-up. A table uses hash-and-displace: a word's 64-bit
// xxhash selects a bucket; the bucket's displacement, chosen when the
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
	"errors"
	"fmt"
	"io"
	"iter"
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
