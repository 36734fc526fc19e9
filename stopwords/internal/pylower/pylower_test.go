package pylower

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode"
	"unicode/utf8"
)

// pyData is what testdata/pylower.txt records about CPython.
type pyData struct {
	lower      map[rune]string
	unassigned ranges
	ignorable  ranges
	cased      ranges
}

// ranges is a sorted list of inclusive code point ranges.
type ranges [][2]rune

func (rs ranges) has(r rune) bool {
	i, _ := slices.BinarySearchFunc(rs, r, func(x [2]rune, r rune) int {
		switch {
		case x[1] < r:
			return -1
		case x[0] > r:
			return 1
		}
		return 0
	})
	return i < len(rs) && rs[i][0] <= r && r <= rs[i][1]
}

var (
	pyOnce sync.Once
	py     pyData
	pyErr  error
)

// loadPyData reads testdata/pylower.txt once per test binary.
func loadPyData(tb testing.TB) pyData {
	tb.Helper()
	pyOnce.Do(func() { py, pyErr = readPyData("testdata/pylower.txt") })
	if pyErr != nil {
		tb.Fatal(pyErr)
	}
	return py
}

func readPyData(path string) (pyData, error) {
	f, err := os.Open(path)
	if err != nil {
		return pyData{}, err
	}
	defer f.Close()
	d := pyData{lower: map[rune]string{}}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		fields := strings.Fields(sc.Text())
		if len(fields) < 2 || fields[0] == "#" {
			continue
		}
		cps := strings.Split(fields[1], "-")
		if fields[0] == "L" {
			cps = fields[1:]
		}
		var rs []rune
		for _, h := range cps {
			v, err := strconv.ParseUint(h, 16, 32)
			if err != nil {
				return pyData{}, fmt.Errorf("%s:%d: %v", path, n, err)
			}
			rs = append(rs, rune(v))
		}
		rng := [2]rune{rs[0], rs[len(rs)-1]}
		switch fields[0] {
		case "L":
			d.lower[rs[0]] = string(rs[1:])
		case "N":
			d.unassigned = append(d.unassigned, rng)
		case "I":
			d.ignorable = append(d.ignorable, rng)
		case "C":
			d.cased = append(d.cased, rng)
		default:
			return pyData{}, fmt.Errorf("%s:%d: unknown tag %q", path, n, fields[0])
		}
	}
	if err := sc.Err(); err != nil {
		return pyData{}, err
	}
	if len(d.lower) < 1000 || len(d.cased) < 100 || len(d.ignorable) < 100 {
		return pyData{}, fmt.Errorf("%s looks truncated: %d lower, %d cased, %d ignorable ranges",
			path, len(d.lower), len(d.cased), len(d.ignorable))
	}
	return d, nil
}

// lowerPy is a transcription of CPython's str.lower over Python's own
// tables: the per-code-point mapping, and handle_capital_sigma for U+03A3.
func lowerPy(d pyData, s string) string {
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		if r == capitalSigma {
			b.WriteRune(sigmaPy(d, rs, i))
		} else if low, ok := d.lower[r]; ok {
			b.WriteString(low)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func sigmaPy(d pyData, rs []rune, i int) rune {
	j := i - 1
	for j >= 0 && d.ignorable.has(rs[j]) {
		j--
	}
	final := j >= 0 && d.cased.has(rs[j])
	if final {
		j = i + 1
		for j < len(rs) && d.ignorable.has(rs[j]) {
			j++
		}
		final = j == len(rs) || !d.cased.has(rs[j])
	}
	if final {
		return finalSigma
	}
	return smallSigma
}

// TestMatchesPython compares AppendLower and its final-sigma rule with
// CPython on every code point that CPython's Unicode database assigns.
// Code points assigned only in Go's newer database are reported, not failed.
func TestMatchesPython(t *testing.T) {
	d := loadPyData(t)
	var newer []rune
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		if d.unassigned.has(r) {
			if string(AppendLower(nil, utf8.AppendRune(nil, r))) != string(r) {
				newer = append(newer, r)
			}
			continue
		}
		c := string(r)
		want := lowerPy(d, c)
		if got := string(AppendLower(nil, []byte(c))); got != want {
			t.Errorf("lower(%U) = %+q, Python gives %+q", r, got, want)
		}
		// jusText lowers stoplist words twice (get_stoplist, then
		// classify_paragraphs); lowering once is the same only because
		// Python's mapping is idempotent.
		if again := lowerPy(d, want); again != want {
			t.Errorf("Python lowers %U to %+q, then to %+q", r, want, again)
		}
		// Each code point in the three contexts that decide a final sigma.
		for _, s := range []string{"AΣ" + c, "A" + c + "Σ", c + "Σ"} {
			if got, want := string(AppendLower(nil, []byte(s))), lowerPy(d, s); got != want {
				t.Errorf("lower(%+q) = %+q, Python gives %+q", s, got, want)
			}
		}
	}
	t.Logf("%d code points unassigned in Python's Unicode database are lowered by Go's newer tables: %U", len(newer), newer)
}

func TestAppendLower(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"The", "the"},
		{"ÄÖÜ ẞ", "äöü ß"},
		{"İstanbul", "i\u0307stanbul"},
		{"ΟΔΟΣ", "οδος"},
		{"ΟΔΟΣ.", "οδος."},
		{"ΣΑΣ", "σας"},
		{"Σ", "σ"},
		{"ΑΣ'Α", "ασ'α"},
		{"ΑΣ'", "ας'"},
		{"ΑΣ1", "ας1"},
		{"'Σ", "'σ"},
		{"\u212a", "k"},              // Kelvin sign
		{"\u023a", "\u2c65"},         // grows from 2 to 3 bytes
		{"a\xffB\xc3", "a\xffb\xc3"}, // invalid bytes copied
		{"ǅ", "ǆ"},
	}
	for _, tt := range tests {
		if got := string(AppendLower([]byte("x"), []byte(tt.in))); got != "x"+tt.want {
			t.Errorf("AppendLower(%q) = %q, want %q", tt.in, got, "x"+tt.want)
		}
	}
}

func TestAppendLowerAllocs(t *testing.T) {
	buf := make([]byte, 0, 64)
	for _, w := range []string{"Hello", "ΟΔΟΣ", "İstanbul"} {
		in := []byte(w)
		if n := testing.AllocsPerRun(100, func() { buf = AppendLower(buf[:0], in) }); n != 0 {
			t.Errorf("AppendLower(%q) allocates %v times", w, n)
		}
	}
}

// FuzzAppendLower checks AppendLower against lowerPy, the transcription of
// CPython over its own tables, and checks that it is idempotent as
// Python's lowering is.
func FuzzAppendLower(f *testing.F) {
	for _, s := range []string{"Hello", "ΟΔΟΣ", "İx", "a\xff", "ΑΣ'Α", "ᾼΣ\u0345", "Σ\u00adA"} {
		f.Add(s)
	}
	d := loadPyData(f)
	f.Fuzz(func(t *testing.T, s string) {
		got := string(AppendLower(nil, []byte(s)))
		if !utf8.ValidString(s) {
			if utf8.ValidString(got) {
				t.Errorf("AppendLower(%q) = %q lost the invalid bytes", s, got)
			}
			return
		}
		for _, r := range s {
			if d.unassigned.has(r) {
				return // Go's tables may know more than Python's
			}
		}
		if want := lowerPy(d, s); got != want {
			t.Errorf("AppendLower(%+q) = %+q, Python gives %+q", s, got, want)
		}
		if again := string(AppendLower(nil, []byte(got))); again != got {
			t.Errorf("AppendLower is not idempotent on %q: %q then %q", s, got, again)
		}
	})
}

func BenchmarkAppendLower(b *testing.B) {
	for _, w := range []string{"Between", "НЕСКОЛЬКО"} {
		in := []byte(w)
		buf := make([]byte, 0, 64)
		b.Run(w, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				buf = AppendLower(buf[:0], in)
			}
		})
	}
}

// appendLowerGeneral is AppendLower without its fast paths (two-byte code
// points by table, three-byte ranges copied): every non-ASCII code point
// through the Unicode tables.
func appendLowerGeneral(dst, word []byte) []byte {
	for i := 0; i < len(word); {
		c := word[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
			i++
			continue
		}
		r, size := utf8.DecodeRune(word[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, c)
		case r == capitalDotI:
			dst = append(dst, 'i', 0xcc, 0x87)
		case r == capitalSigma:
			dst = utf8.AppendRune(dst, sigma(word, i, i+size))
		default:
			dst = utf8.AppendRune(dst, unicode.ToLower(r))
		}
		i += size
	}
	return dst
}

// TestFastPathsMatchGeneral checks the fast paths of AppendLower against
// the table lookups they replace: every code point they cover, alone, in
// words and next to a capital sigma, and their lead bytes cut short.
func TestFastPathsMatchGeneral(t *testing.T) {
	var ins []string
	for _, lo := range [][2]rune{{0x80, 0x7ff}, {0x2000, 0x207f}, {0x3000, 0x9fff}, {0xa000, 0xa0ff}, {0xabf0, 0xd7ff}, {0xf900, 0xf9ff}} {
		for r := lo[0]; r <= lo[1]; r++ {
			c := string(r)
			ins = append(ins, c, "A"+c+"b", "ΑΣ"+c, c+"Σ", "Σ"+c+"Α", c[:len(c)-1], c[:1]+"x", "x"+c[:len(c)-1])
		}
	}
	ins = append(ins, "\xe2\x80", "\xe2\x82\xac", "\xe2\x80\xe2\x80\x99", "\xc3", "\xc3\xc3\x80", "\xed\xa0\x80", "\xea\xaf\xbf", "\xe9\xbf", "\xd0\x90\xd0")
	for _, s := range ins {
		if got, want := string(AppendLower(nil, []byte(s))), string(appendLowerGeneral(nil, []byte(s))); got != want {
			t.Errorf("AppendLower(%+q) = %+q, the general path gives %+q", s, got, want)
		}
	}
}

func FuzzFastPathsMatchGeneral(f *testing.F) {
	for _, s := range []string{"Don’t", "ÉCOLE—Straße", "ΑΣ…", "\xe2\x80", "a\xc3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := string(AppendLower(nil, []byte(s))), string(appendLowerGeneral(nil, []byte(s))); got != want {
			t.Errorf("AppendLower(%+q) = %+q, the general path gives %+q", s, got, want)
		}
	})
}
