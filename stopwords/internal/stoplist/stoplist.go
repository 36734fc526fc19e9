// Package stoplist reads and normalises stop-word lists the way jusText
// 3.0.2 does, for package stopwords and for its generator.
//
// jusText's get_stoplist splits a list file's bytes with bytes.splitlines,
// decodes each line as strict UTF-8 and lower-cases it, without stripping:
// an empty line is the empty word. classify_paragraphs then lower-cases the
// words of whatever stoplist it is given once more; Python's lowering is
// idempotent, so one pass gives the same set.
package stoplist

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"math"
	"slices"
	"unicode/utf8"

	"github.com/jtextract/jt/stopwords/internal/pylower"
)

// ErrInvalidUTF8 reports a line or word that is not valid UTF-8.
var ErrInvalidUTF8 = errors.New("invalid UTF-8")

// Read returns the lines of r as bytes.splitlines splits them: at "\n",
// "\r" and "\r\n", with no empty line after a final line break. Lines have
// no length limit, as in Python. On error, line is the 1-based number of
// the line that was being read.
func Read(r io.Reader) (lines []string, line int, err error) {
	var s splitter
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, math.MaxInt)
	sc.Split(s.split)
	for sc.Scan() {
		if !utf8.Valid(sc.Bytes()) {
			return nil, len(lines) + 1, ErrInvalidUTF8
		}
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		// A read error ends the last line early, so count line breaks.
		return nil, s.breaks + 1, err
	}
	return lines, 0, nil
}

// splitter is a bufio.SplitFunc with the line breaks of bytes.splitlines
// that counts the breaks it has passed.
type splitter struct{ breaks int }

func (s *splitter) split(data []byte, atEOF bool) (advance int, token []byte, err error) {
	i := bytes.IndexAny(data, "\r\n")
	switch {
	case i < 0:
		if atEOF && len(data) > 0 {
			return len(data), data, nil
		}
		return 0, nil, nil
	case data[i] == '\n' || i+1 < len(data) || atEOF:
		s.breaks++
		if data[i] == '\r' && i+1 < len(data) && data[i+1] == '\n' {
			return i + 2, data[:i], nil
		}
		return i + 1, data[:i], nil
	}
	// A "\r" at the end of the buffer may be the start of "\r\n".
	return 0, nil, nil
}

// Normalize returns the distinct Python-lowered forms of words, sorted by
// byte order, as the frozenset jusText builds from them.
func Normalize(words []string) []string {
	out := make([]string, 0, len(words))
	var buf []byte
	for _, w := range words {
		buf = pylower.AppendLower(buf[:0], []byte(w))
		out = append(out, string(buf))
	}
	slices.Sort(out)
	return slices.Compact(out)
}
