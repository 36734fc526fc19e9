package boilerpipe

import (
	"bytes"
	"unicode/utf8"
)

// TitleMatch is boilerpipe's DocumentTitleMatchClassifier as of 1.2.0: it
// labels LabelTitle every block whose text equals the document title or
// one of its likely parts, possibly after removing the characters ?!.-: from
// the block text. No-break spaces in the title count as spaces, but those in
// blocks do not. The parts are, for each of five separator sets, the
// longest piece of the title split at those separators (ignoring pieces
// containing ".com"). Unlike the 1.3.x classifier, the comparison is
// case-sensitive, apostrophes count, and it does not stop at the first
// match.
type TitleMatch struct{}

// The separator sets of the five splits, in Java's order. U+00A0 in the
// last one can never match, as the title's no-break spaces were replaced;
// it is kept to mirror the original.
var titleSeparators = [...]string{"|»:", "|»:()", "|»:()-", "|»,:()-", "|»,:()-\u00a0"}

// Process labels the title block of doc.
func (TitleMatch) Process(doc *Document) bool {
	var titles titleSet
	if !titles.init(doc) {
		return false
	}
	changed := false
	for i := range doc.Blocks {
		b := &doc.Blocks[i]
		text := javaTrim(doc.blockTextView(b))
		if len(text) < titles.minLen {
			// Removing punctuation only shortens it.
			continue
		}
		if titles.has(text) || titles.matchesWithoutPunct(text, &doc.lower) {
			b.Labels |= LabelTitle
			changed = true
		}
	}
	return changed
}

// matchesWithoutPunct reports titles.has(javaTrim(removeTitlePunct(text))),
// editing a copy of text in *buf only when the edited text would have the
// length of a candidate. Its length is counted only for a text that could
// have one: the edited text keeps every byte that is neither punctuation
// nor a space or control character, so a text with more of those than the
// longest candidate has bytes is rejected as soon as they are counted, not
// scanned to its end (most blocks are far longer than a title).
func (t *titleSet) matchesWithoutPunct(text []byte, buf *[]byte) bool {
	kept := 0
	for _, c := range text {
		if c > ' ' && !isTitlePunct(c) {
			if kept++; kept > t.maxLen {
				return false
			}
		}
	}
	if t.lenOK(strippedLen(text)) {
		*buf = append((*buf)[:0], text...)
		return t.has(javaTrim(removeTitlePunct(*buf)))
	}
	return false
}

// strippedLen is len(javaTrim(removeTitlePunct(s))), without editing s.
func strippedLen(s []byte) int {
	i, j := 0, len(s)
	for i < j && (s[i] <= ' ' || isTitlePunct(s[i])) {
		i++
	}
	for j > i && (s[j-1] <= ' ' || isTitlePunct(s[j-1])) {
		j--
	}
	n := j - i
	for _, c := range s[i:j] {
		if isTitlePunct(c) {
			n--
		}
	}
	return n
}

func isTitlePunct(c byte) bool {
	switch c {
	case '?', '!', '.', '-', ':':
		return true
	}
	return false
}

// titleSet holds the title and its parts, as slices of the Document's
// title scratch.
type titleSet struct {
	cands  [1 + len(titleSeparators)][]byte
	n      int
	minLen int // the length of the shortest candidate
	maxLen int // and of the longest
}

// lenOK reports whether some candidate is n bytes long.
func (t *titleSet) lenOK(n int) bool {
	for _, c := range t.cands[:t.n] {
		if len(c) == n {
			return true
		}
	}
	return false
}

func (t *titleSet) init(doc *Document) bool {
	doc.titleBuf = replaceNBSP(append(doc.titleBuf[:0], doc.Title...))
	title := javaTrim(doc.titleBuf)
	if len(title) == 0 {
		return false
	}
	t.cands[0] = title
	t.n = 1
	for _, seps := range titleSeparators {
		if p := longestPart(title, seps); p != nil {
			t.cands[t.n] = p
			t.n++
		}
	}
	t.minLen, t.maxLen = len(title), 0
	for _, c := range t.cands[:t.n] {
		t.minLen = min(t.minLen, len(c))
		t.maxLen = max(t.maxLen, len(c))
	}
	return true
}

func (t *titleSet) has(s []byte) bool {
	for _, c := range t.cands[:t.n] {
		if bytes.Equal(c, s) {
			return true
		}
	}
	return false
}

// replaceNBSP turns every U+00A0 of s into a space, in place.
func replaceNBSP(s []byte) []byte {
	if bytes.IndexByte(s, 0xc2) < 0 {
		return s
	}
	out := s[:0]
	for i := 0; i < len(s); i++ {
		if s[i] == 0xc2 && i+1 < len(s) && s[i+1] == 0xa0 {
			out = append(out, ' ')
			i++
			continue
		}
		out = append(out, s[i])
	}
	return out
}

// removeTitlePunct deletes the characters ?!.-: from s in place, Java's
// replaceAll("[\\?\\!\\.\\-\\:]+", "").
func removeTitlePunct(s []byte) []byte {
	out := s[:0]
	for _, c := range s {
		if isTitlePunct(c) {
			continue
		}
		out = append(out, c)
	}
	return out
}

// longestPart is getLongestPart of the Java classifier: title split at
// "[ ]*[seps][ ]*" (as String.split, trailing empty parts dropped), and of
// the parts not containing ".com" the one that is longer in UTF-16 units
// than every earlier pick, trimmed; nil when the title does not split or no
// part qualifies.
//
// Java also picks a part having more words than the current pick, but it
// counts words with split("[\b]+"), which splits at backspace characters,
// so every ordinary part is one word and only the first qualifying part
// wins that way. That rule is kept.
func longestPart(title []byte, seps string) []byte {
	if !bytes.ContainsAny(title, seps) {
		return nil // one part: most titles have none of the separators
	}
	parts := splitTitle(title, seps)
	if parts == 1 {
		return nil
	}
	var longest []byte
	longestLen, longestWords := 0, 0
	forEachTitlePart(title, seps, parts, func(p []byte) {
		if bytes.Contains(p, []byte(".com")) {
			return
		}
		words := backspaceFields(p)
		if l := utf16Len(p); words > longestWords || l > longestLen {
			longest, longestLen, longestWords = p, l, words
		}
	})
	if len(longest) == 0 {
		return nil
	}
	return javaTrim(longest)
}

// splitTitle returns the number of parts Java's split gives.
func splitTitle(title []byte, seps string) int {
	n := 0
	forEachTitlePart(title, seps, -1, func([]byte) { n++ })
	return n
}

// forEachTitlePart calls fn with the first limit parts of title split at
// the separators seps with the spaces around them (all parts if limit < 0),
// after dropping trailing empty parts. The title has no leading or trailing
// spaces, so the spaces absorbed by "[ ]*" are exactly those at the ends of
// each raw part.
func forEachTitlePart(title []byte, seps string, limit int, fn func(p []byte)) {
	// Drop trailing empty parts: strip trailing separators and spaces.
	end := len(title)
	for end > 0 {
		r, w := utf8.DecodeLastRune(title[:end])
		if r != ' ' && !containsRune(seps, r) {
			break
		}
		end -= w
	}
	if end == 0 {
		return
	}
	n := 0
	start := 0
	for i := 0; i <= end && (limit < 0 || n < limit); {
		r, w := rune(0), 0
		if i < end {
			r, w = utf8.DecodeRune(title[i:])
		}
		if i == end || containsRune(seps, r) {
			fn(bytes.Trim(title[start:i], " "))
			n++
			if i == end {
				return
			}
			start = i + w
		}
		i += w
	}
}

func containsRune(s string, r rune) bool {
	for _, c := range s {
		if c == r {
			return true
		}
	}
	return false
}

// backspaceFields is the length of Java's p.split("[\b]+"): the fields
// between runs of U+0008, trailing empty ones dropped.
func backspaceFields(p []byte) int {
	end := len(p)
	for end > 0 && p[end-1] == '\b' {
		end--
	}
	if end == 0 {
		if len(p) == 0 {
			return 1 // "".split gives [""]
		}
		return 0
	}
	n := 1
	for i := 0; i < end; i++ {
		if p[i] == '\b' {
			n++
			for i+1 < end && p[i+1] == '\b' {
				i++
			}
		}
	}
	return n
}
