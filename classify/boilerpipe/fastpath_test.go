package boilerpipe

import (
	"bytes"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// The fast paths of the hot loops against their general paths.

func TestRuneClassFastPaths(t *testing.T) {
	// Twice: the first pass fills the cache of the BMP, the second reads
	// it. Covers the Latin-1-to-U+07FF table, General Punctuation (curly
	// quotes, dashes), CJK and every other block.
	for range 2 {
		for r := rune(0); r <= unicode.MaxRune; r++ {
			if got, want := runeClass(r), classOf(r); got != want {
				t.Fatalf("runeClass(%U) = %b, classOf = %b", r, got, want)
			}
		}
	}
	// classOf is the original tests, bit by bit.
	for r := rune(0); r <= unicode.MaxRune; r++ {
		c := classOf(r)
		if c&clsAlnum != 0 != isLetterOrDigit(r) || c&clsWord != 0 != isWordRune(r) ||
			c&clsPunct != 0 != isBoundaryPunct(r) ||
			c&clsMark != 0 != (r >= utf8.RuneSelf && unicode.Is(unicode.Mn, r)) {
			t.Fatalf("classOf(%U) = %b", r, c)
		}
	}
}

func TestASCIIJavaSpace(t *testing.T) {
	for r := range rune(utf8.RuneSelf) {
		if asciiJavaSpace[r] != isJavaWhitespace(r) {
			t.Fatalf("asciiJavaSpace[%U] = %v", r, asciiJavaSpace[r])
		}
	}
}

// wordCounterInputs has every rune up to U+FFFF (and a sample above) in
// the contexts that matter to the counter: after and before letters,
// punctuation, marks and spaces, plus invalid UTF-8.
func wordCounterInputs() []string {
	var in []string
	var sb strings.Builder
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if r > 0xffff && r%97 != 0 {
			continue
		}
		sb.WriteString("a")
		sb.WriteRune(r)
		sb.WriteString("b ")
		sb.WriteRune(r)
		sb.WriteString("\u0301. -")
		sb.WriteRune(r)
		sb.WriteString(" 1")
		if sb.Len() > 4000 {
			in = append(in, sb.String())
			sb.Reset()
		}
	}
	in = append(in, sb.String(),
		"", " ", "a\xffb \xc2 \xe2\x80 x\xc3", "\xdf\xbf\xc2\x80\xc1\xbf",
		anchorStart+" link text "+anchorEnd+" after",
		"“Quoted” — dash… it’s naïve café 東京 서울 Привет, мир!")
	return in
}

func TestWordCounterFastPaths(t *testing.T) {
	for _, s := range wordCounterInputs() {
		buf := javaTrim([]byte(s))
		for _, anchor := range []bool{false, true} {
			c1, c2 := wordCounter{inAnchor: anchor}, wordCounter{inAnchor: anchor}
			got, want := c1.count(buf), c2.countReference(buf)
			if got != want || c1 != c2 {
				t.Fatalf("count(%q) = %+v %v, reference %+v %v", s, got, c1, want, c2)
			}
		}
	}
}

func FuzzWordCounter(f *testing.F) {
	for _, s := range []string{"hello world", "“a” — b… c’d", "naïve 東京", "a\u0301b", "\xc2a", anchorStart + "x" + anchorEnd} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		buf := javaTrim([]byte(s))
		var c1, c2 wordCounter
		if got, want := c1.count(buf), c2.countReference(buf); got != want || c1 != c2 {
			t.Fatalf("count(%q) = %+v, reference %+v", s, got, want)
		}
	})
}

// appendSpacedSlow is the general path of appendSpaced, for the tests.
func appendSpacedSlow(dst, s []byte) []byte {
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRune(s[i:])
		if isJavaWhitespace(r) {
			dst = append(dst, ' ')
		} else {
			dst = append(dst, s[i:i+w]...)
		}
		i += w
	}
	return dst
}

func TestAppendSpacedFastPath(t *testing.T) {
	var in []byte
	for r := rune(0); r <= unicode.MaxRune; r++ {
		in = utf8.AppendRune(in, r)
		in = append(in, 'x')
	}
	for b := 0x80; b < 0x100; b++ {
		in = append(in, byte(b), 'x', byte(b))
	}
	if got, want := appendSpaced(nil, in), appendSpacedSlow(nil, in); !bytes.Equal(got, want) {
		t.Fatal("appendSpaced differs from appendSpacedSlow")
	}
}

func FuzzAppendSpaced(f *testing.F) {
	f.Add([]byte("a\tb\u2003c\u3000d\u00a0e\u1680\xe2\x80"))
	f.Fuzz(func(t *testing.T, s []byte) {
		if got, want := appendSpaced([]byte("p"), s), appendSpacedSlow([]byte("p"), s); !bytes.Equal(got, want) {
			t.Fatalf("appendSpaced(%q) = %q, want %q", s, got, want)
		}
	})
}

func endOfTextInputs() []string {
	in := []string{"", "c", "comment", "12", "12 ", "12 comments", "x12 comments", "12 users responded in",
		"© reuters", "\xc2", endEquals, endEquals + ".", "a" + endEquals}
	phrases := append(append(append([]string{}, endPrefixes...), endContains...), endAfterNums...)
	for _, p := range phrases {
		for _, pre := range []string{"", "x ", "3", "42", "a", p[:1]} {
			for _, post := range []string{"", " y", "..."} {
				in = append(in, pre+p+post, pre+p[:len(p)-1]+post)
			}
		}
	}
	return in
}

// isEndOfTextSlow is isEndOfText as the phrase lists say, for the tests.
func isEndOfTextSlow(lc []byte) bool {
	for _, p := range endPrefixes {
		if bytes.HasPrefix(lc, []byte(p)) {
			return true
		}
	}
	j := 0
	for j < len(lc) && '0' <= lc[j] && lc[j] <= '9' {
		j++
	}
	if j > 0 {
		for _, p := range endAfterNums {
			if bytes.HasPrefix(lc[j:], []byte(p)) {
				return true
			}
		}
	}
	for _, p := range endContains {
		if bytes.Contains(lc, []byte(p)) {
			return true
		}
	}
	return string(lc) == endEquals
}

func TestIsEndOfTextFastPath(t *testing.T) {
	for _, s := range endOfTextInputs() {
		if got, want := isEndOfText([]byte(s)), isEndOfTextSlow([]byte(s)); got != want {
			t.Errorf("isEndOfText(%q) = %v, want %v", s, got, want)
		}
	}
}

func FuzzIsEndOfText(f *testing.F) {
	for _, s := range endOfTextInputs() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := isEndOfText([]byte(s)), isEndOfTextSlow([]byte(s)); got != want {
			t.Fatalf("isEndOfText(%q) = %v, want %v", s, got, want)
		}
	})
}

func strippedLenSlow(s []byte) int {
	return len(javaTrim(removeTitlePunct(bytes.Clone(s))))
}

func TestStrippedLen(t *testing.T) {
	for _, s := range []string{"", " ", "-", "- a -", ":: a.b ::", "\t?Title!\x01", "a - b", "..", "x"} {
		if got, want := strippedLen([]byte(s)), strippedLenSlow([]byte(s)); got != want {
			t.Errorf("strippedLen(%q) = %d, want %d", s, got, want)
		}
	}
}

func FuzzStrippedLen(f *testing.F) {
	f.Add([]byte(" - Title: part -\t"))
	f.Fuzz(func(t *testing.T, s []byte) {
		if got, want := strippedLen(s), strippedLenSlow(s); got != want {
			t.Fatalf("strippedLen(%q) = %d, want %d", s, got, want)
		}
	})
}

// checkTitleMatch compares, for a document title and a block text, the
// title's parts and the punctuation-free match with their definitions:
// Java's split for every separator set, and the edited text compared with
// every candidate.
func checkTitleMatch(t *testing.T, title, text string) {
	t.Helper()
	tt := []byte(title)
	for _, seps := range titleSeparators {
		var want []byte
		if splitTitle(tt, seps) > 1 {
			var longestLen, longestWords int
			forEachTitlePart(tt, seps, -1, func(p []byte) {
				if bytes.Contains(p, []byte(".com")) {
					return
				}
				if w, l := backspaceFields(p), utf16Len(p); w > longestWords || l > longestLen {
					want, longestLen, longestWords = p, l, w
				}
			})
			if len(want) > 0 {
				want = javaTrim(want)
			}
		}
		if got := longestPart(tt, seps); !bytes.Equal(got, want) || (got == nil) != (want == nil) {
			t.Fatalf("longestPart(%q, %q) = %q, want %q", title, seps, got, want)
		}
	}
	var ts titleSet
	if !ts.init(&Document{Title: title}) {
		return
	}
	var buf []byte
	stripped := javaTrim(removeTitlePunct([]byte(text)))
	if got, want := ts.matchesWithoutPunct([]byte(text), &buf), ts.has(stripped); got != want {
		t.Fatalf("title %q, text %q: matchesWithoutPunct %v, want %v", title, text, got, want)
	}
}

func TestTitleMatchFastPaths(t *testing.T) {
	for _, c := range [][2]string{
		{"Hello World", "Hello World"},
		{"Hello World", "  Hello World ?!?!?!?!?!?!?!?!?!?!?!?!?!?!?!?!?! "},
		{"Hello World", "Hello-World..."},
		{"Hello World", "Hello World, and a much longer text that follows it"},
		{"News | Site", "News"},
		{"News | Site", "Site!"},
		{"Story: part two - Site.com", "Story"},
		{"a»b", "a"},
		{"plain title", "plain title."},
		{"x", "x"},
		{"   ", "x"},
	} {
		checkTitleMatch(t, c[0], c[1])
	}
}

func FuzzTitleMatch(f *testing.F) {
	f.Add("News | Site", "News!")
	f.Add("Hello World", "  Hello World ?!?!?! ")
	f.Fuzz(func(t *testing.T, title, text string) {
		checkTitleMatch(t, title, text)
	})
}

// countReference is wordCounter.count before the class table: the general
// Unicode tests for every non-ASCII rune.
func (c *wordCounter) countReference(buf []byte) wordCounts {
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
			cls := refASCIIClass(c)
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

func refASCIIClass(c byte) uint8 {
	var cls uint8
	if isLetterOrDigit(rune(c)) {
		cls |= clsAlnum
	}
	if isBoundaryPunct(rune(c)) {
		cls |= clsPunct
	}
	return cls
}

// TestRuneClassConcurrent fills the BMP cache from several goroutines, for
// the race detector.
func TestRuneClassConcurrent(t *testing.T) {
	done := make(chan bool)
	for g := range 4 {
		go func() {
			ok := true
			for r := rune(0x800 + g); r <= 0xffff; r += 3 {
				ok = ok && runeClass(r) == classOf(r)
			}
			done <- ok
		}()
	}
	for range 4 {
		if !<-done {
			t.Error("runeClass differs from classOf")
		}
	}
}

// nextClauseDelimiterSlow is nextClauseDelimiter as the regular
// expression reads: every rune tested as the start of a match.
func nextClauseDelimiterSlow(text []byte, from int) (int, int) {
	for i := from; i < len(text); {
		r, w := utf8.DecodeRune(text[i:])
		if unicode.IsLetter(r) || '0' <= r && r <= '9' {
			j := i + w
			for j < len(text) && isClausePunct(text[j]) {
				j++
			}
			if j > i+w {
				k := j
				for k < len(text) && (text[k] == ' ' || text[k] == '\n' || text[k] == '\r') {
					k++
				}
				if k > j || k == len(text) {
					return i, k
				}
			}
		}
		i += w
	}
	return -1, -1
}

// forEachParagraphSlow is forEachParagraph byte by byte.
func forEachParagraphSlow(text []byte, fn func(p []byte)) {
	end := len(text)
	for end > 0 && isLineBreak(text[end-1]) {
		end--
	}
	if end == 0 {
		return
	}
	start := 0
	for i := 0; i <= end; i++ {
		if i == end || isLineBreak(text[i]) {
			fn(text[start:i])
			for i < end && isLineBreak(text[i]) {
				i++
			}
			start = i
		}
	}
}

// checkClausesAndParagraphs compares the clause and paragraph scans of s
// with their slow forms: every match from every starting point, and every
// field.
func checkClausesAndParagraphs(t *testing.T, s []byte) {
	t.Helper()
	for from := 0; from <= len(s); from++ {
		if from > 0 && s[from-1] >= utf8.RuneSelf {
			continue // from is 0 or follows a space
		}
		m, k := nextClauseDelimiter(s, from)
		wm, wk := nextClauseDelimiterSlow(s, from)
		if m != wm || k != wk {
			t.Fatalf("nextClauseDelimiter(%q, %d) = %d, %d; want %d, %d", s, from, m, k, wm, wk)
		}
	}
	var got, want [][]byte
	forEachParagraph(s, func(p []byte) { got = append(got, p) })
	forEachParagraphSlow(s, func(p []byte) { want = append(want, p) })
	if len(got) != len(want) {
		t.Fatalf("forEachParagraph(%q): %q, want %q", s, got, want)
	}
	for i := range got {
		if !bytes.Equal(got[i], want[i]) {
			t.Fatalf("forEachParagraph(%q): %q, want %q", s, got, want)
		}
	}
	if got := splits(s); got != (len(want) >= 2) {
		t.Fatalf("splits(%q) = %v with %d fields", s, got, len(want))
	}
}

func TestClauseAndParagraphScans(t *testing.T) {
	for _, s := range []string{
		"", ".", "a.", "a. b", "a.b. c", "3.14 is pi.", "(a). x", "naïve, café; 東京! Привет,\nмир",
		"ü.ü.\rä?!\n", "a\xff. b\xc3. c\xe2\x80, d", ".,;:!?", "x,,, ", "\n\nfirst\r\n\r\nsecond\n",
		"\r", "a\rb\nc\r\n", "no break at all", "é.", "\xc3\xa9\xc3.",
	} {
		checkClausesAndParagraphs(t, []byte(s))
	}
}

func FuzzClauseAndParagraphScans(f *testing.F) {
	for _, s := range []string{"a. b", "naïve, café; 東京! Привет,\nмир", "a\xff. b\xc3. c\xe2\x80, d", "\n\nx\r\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, s []byte) {
		if len(s) > 512 {
			s = s[:512]
		}
		checkClausesAndParagraphs(t, s)
	})
}
