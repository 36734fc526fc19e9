package stopwords

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
	"unicode/utf8"
)

// setWords returns the words s holds, sorted.
func setWords(s *Set) []string {
	var ws []string
	for i := 1; i < len(s.t.Offs); i++ {
		ws = append(ws, s.t.Words[s.t.Offs[i-1]:s.t.Offs[i]])
	}
	slices.Sort(ws)
	return ws
}

// TestBuiltinMatchesPython compares every built-in set, word for word
// through a digest, with the set CPython builds from the same file the way
// jusText does (testdata/python-sets.py).
func TestBuiltinMatchesPython(t *testing.T) {
	f, err := os.Open("testdata/python-sets.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var seen []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) != 3 {
			t.Fatalf("python-sets.txt: bad line %q", sc.Text())
		}
		name, digest := fields[0], fields[2]
		size, err := strconv.Atoi(fields[1])
		if err != nil {
			t.Fatal(err)
		}
		seen = append(seen, name)
		s, err := Lookup(name)
		if err != nil {
			t.Error(err)
			continue
		}
		if s.Len() != size {
			t.Errorf("%s: Len = %d, Python's set has %d words", name, s.Len(), size)
		}
		sum := sha256.Sum256([]byte(strings.Join(setWords(s), "\n")))
		if got := hex.EncodeToString(sum[:]); got != digest {
			t.Errorf("%s: words differ from Python's set (sha256 %s, want %s)", name, got, digest)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(seen, Languages()) {
		t.Errorf("Python saw stoplists %q,\nLanguages() = %q", seen, Languages())
	}
}

var (
	listedOnce sync.Once
	listedSets map[string]map[string]bool
	listedErr  error
)

// listed reads data/*.txt independently of the package (the files use "\n"
// only) and returns each language's words lower-cased with AppendLower.
func listed(tb testing.TB) map[string]map[string]bool {
	tb.Helper()
	listedOnce.Do(func() {
		paths, err := filepath.Glob("data/*.txt")
		if err != nil || len(paths) == 0 {
			listedErr = fmt.Errorf("no stoplists in data/: %v", err)
			return
		}
		listedSets = map[string]map[string]bool{}
		for _, p := range paths {
			b, err := os.ReadFile(p)
			if err != nil {
				listedErr = err
				return
			}
			if bytes.ContainsRune(b, '\r') {
				listedErr = fmt.Errorf("%s has a carriage return; this reader splits at \\n only", p)
				return
			}
			set := map[string]bool{}
			for line := range bytes.Lines(b) {
				set[string(AppendLower(nil, bytes.TrimSuffix(line, []byte("\n"))))] = true
			}
			listedSets[strings.TrimSuffix(filepath.Base(p), ".txt")] = set
		}
	})
	if listedErr != nil {
		tb.Fatal(listedErr)
	}
	return listedSets
}

func TestEveryListedWordIsFound(t *testing.T) {
	lists := listed(t)
	if len(lists) != 100 {
		t.Errorf("%d stoplists in data/, jusText 3.0.2 has 100", len(lists))
	}
	for lang, words := range lists {
		s, err := Lookup(lang)
		if err != nil {
			t.Fatal(err)
		}
		if s.Len() != len(words) {
			t.Errorf("%s: Len = %d, the file has %d distinct lower-cased words", lang, s.Len(), len(words))
		}
		for w := range words {
			if !s.Contains([]byte(w)) {
				t.Errorf("%s: Contains(%q) = false", lang, w)
			}
		}
	}
}

// TestOtherWordsAreNotFound looks up, in every set, words of the next two
// languages, each listed word with a letter added or removed, and random
// strings, skipping those that the list does hold.
func TestOtherWordsAreNotFound(t *testing.T) {
	lists := listed(t)
	names := Languages()
	rng := rand.New(rand.NewPCG(1, 2))
	checked := 0
	for i, lang := range names {
		s, err := Lookup(lang)
		if err != nil {
			t.Fatal(err)
		}
		own := lists[lang]
		var candidates []string
		for _, other := range []string{names[(i+1)%len(names)], names[(i+2)%len(names)]} {
			for w := range lists[other] {
				candidates = append(candidates, w)
			}
		}
		for w := range own {
			candidates = append(candidates, w+"e", w[:len(w)-1])
		}
		for range 1000 {
			b := make([]byte, 1+rng.IntN(10))
			for j := range b {
				b[j] = 'a' + byte(rng.IntN(26))
			}
			candidates = append(candidates, string(b))
		}
		for _, w := range candidates {
			if own[w] {
				continue
			}
			checked++
			if s.Contains([]byte(w)) {
				t.Errorf("%s: Contains(%q) = true for a word not in its list", lang, w)
			}
		}
	}
	if checked < 100000 {
		t.Errorf("only %d words checked", checked)
	}
	t.Logf("%d words not in a list checked", checked)
}

func TestLookup(t *testing.T) {
	tests := []struct {
		name string
		want string // the built-in list's own name, "" for none
	}{
		{"English", "English"},
		{"english", "English"},
		{"ENGLISH", "English"},
		{"norwegian_bokmal", "Norwegian_Bokmal"},
		{"Klingon", ""},
		{"", ""},
		{"English ", ""},
		{"Norwegian Bokmal", ""},
	}
	for _, tt := range tests {
		s, err := Lookup(tt.name)
		if tt.want == "" {
			if s != nil || !errors.Is(err, ErrUnknownLanguage) || !strings.Contains(err.Error(), strconv.Quote(tt.name)) {
				t.Errorf("Lookup(%q) = %v, %v; want an ErrUnknownLanguage naming it", tt.name, s, err)
			}
			continue
		}
		i := slices.Index(names[:], tt.want)
		if err != nil || i < 0 || s != &builtin[i] {
			t.Errorf("Lookup(%q) = %p, %v; want the %s set", tt.name, s, err, tt.want)
		}
	}
}

func TestLanguages(t *testing.T) {
	langs := Languages()
	if len(langs) != 100 || !slices.IsSorted(langs) {
		t.Errorf("Languages() = %d names, sorted %v; want jusText's 100, sorted", len(langs), slices.IsSorted(langs))
	}
	for _, want := range []string{"Czech", "English", "Norwegian_Bokmal", "Serbo_Croatian", "Yoruba"} {
		if !slices.Contains(langs, want) {
			t.Errorf("Languages() lacks %q", want)
		}
	}
	langs[0] = "changed"
	if Languages()[0] == "changed" {
		t.Error("Languages returns the package's own slice")
	}
}

func TestNew(t *testing.T) {
	tests := []struct {
		name  string
		words []string
		has   []string // lower-cased words that must be found
		hasnt []string
		len   int
	}{
		{"empty", nil, nil, []string{"", "a"}, 0},
		{"case merged", []string{"The", "the", "THE", "a"}, []string{"the", "a"}, []string{"The", "THE"}, 2},
		{"python lowering", []string{"İstanbul", "ΟΔΟΣ", "ΣΑΣ"}, []string{"i\u0307stanbul", "οδος", "σας"}, []string{"istanbul", "οδοσ"}, 3},
		{"nothing stripped", []string{" the", "and\t"}, []string{" the", "and\t"}, []string{"the", "and"}, 2},
		{"empty word", []string{""}, []string{""}, []string{" "}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := New(tt.words)
			if err != nil {
				t.Fatal(err)
			}
			if s.Len() != tt.len {
				t.Errorf("Len = %d, want %d", s.Len(), tt.len)
			}
			for _, w := range tt.has {
				if !s.Contains([]byte(w)) {
					t.Errorf("Contains(%q) = false", w)
				}
			}
			for _, w := range tt.hasnt {
				if s.Contains([]byte(w)) {
					t.Errorf("Contains(%q) = true", w)
				}
			}
		})
	}
}

func TestNewInvalidUTF8(t *testing.T) {
	_, err := New([]string{"ok", "bad\xff"})
	if !errors.Is(err, ErrInvalidUTF8) || !strings.Contains(err.Error(), "word 2") {
		t.Errorf("err = %v, want ErrInvalidUTF8 naming word 2", err)
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string // the set's words, sorted
	}{
		{"empty", "", nil},
		{"lines", "The\nand\nOF\n", []string{"and", "of", "the"}},
		{"no final newline", "a\nb", []string{"a", "b"}},
		{"CR and CRLF", "a\r\nb\rc\r", []string{"a", "b", "c"}},
		{"blank line is the empty word", "a\n\nb\n", []string{"", "a", "b"}},
		{"final blank line", "a\n\n", []string{"", "a"}},
		{"nothing stripped", " a \n\tb\n", []string{"\tb", " a "}},
		{"only CR and LF break", "a\u2028b\x0bc\u0085d\x1c", []string{"a\u2028b\x0bc\u0085d\x1c"}},
		{"CR CRLF", "a\r\r\n", []string{"", "a"}},
		{"BOM kept", "\ufeffa\n", []string{"\ufeffa"}},
		{"duplicates", "A\na\nΣ\nσ\n", []string{"a", "σ"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// One byte per read also splits "\r\n" across reads.
			for _, r := range []io.Reader{strings.NewReader(tt.in), iotest.OneByteReader(strings.NewReader(tt.in))} {
				s, err := Parse(r)
				if err != nil {
					t.Fatal(err)
				}
				if got := setWords(s); !slices.Equal(got, tt.want) {
					t.Errorf("Parse(%q) holds %q, want %q", tt.in, got, tt.want)
				}
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	readErr := errors.New("disk on fire")
	tests := []struct {
		name string
		r    io.Reader
		line int
		err  error
	}{
		{"invalid UTF-8", strings.NewReader("a\nb\n\xffc\nd"), 3, ErrInvalidUTF8},
		{"surrogate", strings.NewReader("\xed\xa0\x80"), 1, ErrInvalidUTF8},
		{"reader fails at once", iotest.ErrReader(readErr), 1, readErr},
		{"reader fails later", io.MultiReader(strings.NewReader("a\nb\nc"), iotest.ErrReader(readErr)), 3, readErr},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Parse(tt.r)
			var pe *ParseError
			if s != nil || !errors.As(err, &pe) || pe.Line != tt.line || !errors.Is(err, tt.err) {
				t.Fatalf("got %v, %v; want a *ParseError at line %d wrapping %v", s, err, tt.line, tt.err)
			}
			if want := fmt.Sprintf("line %d", tt.line); !strings.Contains(err.Error(), want) {
				t.Errorf("error %q does not say %q", err, want)
			}
		})
	}
}

func TestNilSet(t *testing.T) {
	var s *Set
	if s.Contains([]byte("the")) || s.Contains(nil) || s.Len() != 0 {
		t.Error("a nil *Set is not empty")
	}
}

func TestAppendLower(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"THE", "the"},
		{"Straße", "straße"},
		{"İ", "i\u0307"},
		{"ΟΔΥΣΣΕΥΣ", "οδυσσευς"},
		{"a\xffB", "a\xffb"},
	}
	for _, tt := range tests {
		if got := string(AppendLower([]byte("x"), []byte(tt.in))); got != "x"+tt.want {
			t.Errorf("AppendLower(x, %q) = %q, want %q", tt.in, got, "x"+tt.want)
		}
	}
}

func TestAllocs(t *testing.T) {
	english, err := Lookup("English")
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 0, 64)
	for _, w := range []string{"The", "Ubiquitous", "ΟΔΟΣ", "İstanbul"} {
		in := []byte(w)
		if n := testing.AllocsPerRun(100, func() {
			buf = AppendLower(buf[:0], in)
			english.Contains(buf)
		}); n != 0 {
			t.Errorf("AppendLower and Contains of %q allocate %v times", w, n)
		}
	}
}

func ExampleLookup() {
	english, err := Lookup("english")
	if err != nil {
		fmt.Println(err)
		return
	}
	var lower []byte
	stop := 0
	words := strings.Fields("The Quick brown fox jumps over THE lazy dog")
	for _, w := range words {
		lower = AppendLower(lower[:0], []byte(w))
		if english.Contains(lower) {
			stop++
		}
	}
	fmt.Printf("%d of %d words are stop words\n", stop, len(words))
	// Output: 3 of 9 words are stop words
}

func ExampleParse() {
	s, err := Parse(strings.NewReader("Und\nder\r\nDIE\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Len(), s.Contains([]byte("die")), s.Contains([]byte("Die")))
	// Output: 3 true false
}

// FuzzNew checks that a set made by New holds the lowered form of every
// word it was given and nothing longer made from them.
func FuzzNew(f *testing.F) {
	f.Add("The", "the", "İ")
	f.Add("", "ΟΔΟΣ", "a\xff")
	f.Add("x", "y", "z")
	f.Fuzz(func(t *testing.T, a, b, c string) {
		words := []string{a, b, c}
		s, err := New(words)
		if err != nil {
			if !errors.Is(err, ErrInvalidUTF8) {
				t.Fatalf("New(%q): %v", words, err)
			}
			return
		}
		distinct := map[string]bool{}
		for _, w := range words {
			lw := string(AppendLower(nil, []byte(w)))
			distinct[lw] = true
			if !s.Contains([]byte(lw)) {
				t.Errorf("New(%q) lacks %q", words, lw)
			}
		}
		if s.Len() != len(distinct) {
			t.Errorf("New(%q).Len() = %d, want %d", words, s.Len(), len(distinct))
		}
		for w := range distinct {
			if longer := w + "\x00" + w; !distinct[longer] && s.Contains([]byte(longer)) {
				t.Errorf("New(%q) contains %q", words, longer)
			}
		}
	})
}

// FuzzParse checks Parse against a plain reading of bytes.splitlines.
func FuzzParse(f *testing.F) {
	f.Add([]byte("a\nb\r\nc\rd"))
	f.Add([]byte("\n\n\r\r\n"))
	f.Add([]byte("ok\n\xff\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		s, err := Parse(bytes.NewReader(in))
		norm := strings.ReplaceAll(strings.ReplaceAll(string(in), "\r\n", "\n"), "\r", "\n")
		lines := strings.SplitAfter(norm, "\n")
		if lines[len(lines)-1] == "" {
			lines = lines[:len(lines)-1]
		}
		for i, line := range lines {
			if !utf8.ValidString(line) {
				var pe *ParseError
				if !errors.As(err, &pe) || pe.Line != i+1 {
					t.Fatalf("Parse(%q) = %v, want a ParseError at line %d", in, err, i+1)
				}
				return
			}
		}
		if err != nil {
			t.Fatalf("Parse(%q): %v", in, err)
		}
		distinct := map[string]bool{}
		for _, line := range lines {
			w := string(AppendLower(nil, []byte(strings.TrimSuffix(line, "\n"))))
			distinct[w] = true
			if !s.Contains([]byte(w)) {
				t.Errorf("Parse(%q) lacks %q", in, w)
			}
		}
		if s.Len() != len(distinct) {
			t.Errorf("Parse(%q).Len() = %d, want %d", in, s.Len(), len(distinct))
		}
	})
}

// benchText is an English paragraph of stop words and other words.
const benchText = `When the committee finally met in the spring, most of its members had already
decided that the proposal would not survive another year of delays, and they said so
openly, although a few of them still hoped that the council could be persuaded to fund
at least the first part of the bridge before the river flooded the lower town again.`

// BenchmarkContains looks up the words of benchText in the English set and,
// for comparison, in a map[string]struct{} of the same words.
func BenchmarkContains(b *testing.B) {
	english, err := Lookup("English")
	if err != nil {
		b.Fatal(err)
	}
	var words [][]byte
	for _, w := range strings.Fields(benchText) {
		words = append(words, AppendLower(nil, []byte(w)))
	}
	m := map[string]struct{}{}
	for _, w := range setWords(english) {
		m[w] = struct{}{}
	}
	b.Run("phash", func(b *testing.B) {
		n := 0
		for b.Loop() {
			for _, w := range words {
				if english.Contains(w) {
					n++
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(words)), "ns/word")
	})
	b.Run("map", func(b *testing.B) {
		n := 0
		for b.Loop() {
			for _, w := range words {
				if _, ok := m[string(w)]; ok {
					n++
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(words)), "ns/word")
	})
}

func BenchmarkAppendLower(b *testing.B) {
	for _, w := range []string{"between", "Between", "НЕСКОЛЬКО"} {
		in := []byte(w)
		buf := make([]byte, 0, 64)
		b.Run(w, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				buf = AppendLower(buf[:0], in)
			}
		})
	}
}

func BenchmarkNew(b *testing.B) {
	words := setWords(mustLookup(b, "Malayalam"))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := New(words); err != nil {
			b.Fatal(err)
		}
	}
}

func mustLookup(tb testing.TB, lang string) *Set {
	s, err := Lookup(lang)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

func TestAll(t *testing.T) {
	for _, name := range Languages() {
		s, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for w := range s.All() {
			n++
			if !s.Contains([]byte(w)) {
				t.Fatalf("%s: All yields %q, which Contains denies", name, w)
			}
		}
		if n != s.Len() {
			t.Fatalf("%s: All yields %d words, Len is %d", name, n, s.Len())
		}
	}
	var none *Set
	for range none.All() {
		t.Fatal("a nil Set yields a word")
	}
}

// countWordByWord is CountWords the plain way: split at ' ' and '\n',
// AppendLower and Contains each word.
func countWordByWord(s *Set, text []byte) int {
	n := 0
	for _, w := range bytes.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == '\n' }) {
		if s.Contains(AppendLower(nil, w)) {
			n++
		}
	}
	return n
}

var countWordsInputs = []string{
	"",
	" \n ",
	"The quick brown fox jumps over THE lazy dog",
	"the\nTHE The tHe  thE\n\nof  OF",
	"ABOUT Above aBoVe after-all it's IT'S",
	"Don’t “THE” — über ÜBER straße İT",
	"ΟΔΟΣ το ΤΟ Σ ΑΣ'Α",
	"a\xffB \xc3 THE\xe2\x80 the\t\rof",
	"ÉCOLE école der DER Die die UND und für FÜR",
}

var customWords = []string{"İT", "über", "Straße", "école", "οδος", "το", "σ", "ας'α", "Don’t", "“the”", "a"}

// TestCountWords checks that CountWords, with its ASCII fast path and
// in-place probes, counts as the word-by-word loop does, on ASCII and
// mixed text, with the built-in sets and with sets holding capitals'
// lowered forms and non-ASCII words.
func TestCountWords(t *testing.T) {
	custom, err := New(customWords)
	if err != nil {
		t.Fatal(err)
	}
	sets := []*Set{custom, nil}
	for _, lang := range []string{"English", "German", "French", "Greek"} {
		s, err := Lookup(lang)
		if err != nil {
			t.Fatal(err)
		}
		sets = append(sets, s)
	}
	var buf []byte
	for _, s := range sets {
		for _, in := range countWordsInputs {
			var got int
			got, buf = s.CountWords([]byte(in), buf)
			if want := countWordByWord(s, []byte(in)); got != want {
				t.Errorf("set of %d words: CountWords(%q) = %d, word by word %d", s.Len(), in, got, want)
			}
		}
	}
	english, _ := Lookup("English")
	if n, _ := english.CountWords([]byte("The THE the tHE of"), nil); n != 5 {
		t.Errorf("CountWords counts %d English stop words in %q, want 5", n, "The THE the tHE of")
	}
	text := []byte(strings.Join(countWordsInputs, "\n"))
	buf = make([]byte, 0, 64)
	if n := testing.AllocsPerRun(100, func() { _, buf = english.CountWords(text, buf) }); n != 0 {
		t.Errorf("CountWords allocates %v times", n)
	}
}

func FuzzCountWords(f *testing.F) {
	for _, s := range countWordsInputs {
		f.Add(s)
	}
	english, _ := Lookup("English")
	german, _ := Lookup("German")
	custom, err := New(customWords)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, set := range []*Set{english, german, custom} {
			if got, want := countOf(set, s), countWordByWord(set, []byte(s)); got != want {
				t.Errorf("CountWords(%q) = %d, word by word %d", s, got, want)
			}
		}
	})
}

func countOf(s *Set, text string) int {
	n, _ := s.CountWords([]byte(text), nil)
	return n
}
