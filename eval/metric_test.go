package eval

import (
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// Expected tokens were checked against Python 3.12's re.findall(r'\w+', s).
func TestTokens(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"empty", "", nil},
		{"only punctuation", " ,.;!? —", nil},
		{"ascii words", "Hello, world!", []string{"Hello", "world"}},
		{"punctuation splits", "a.b,c;d—e don't", []string{"a", "b", "c", "d", "e", "don", "t"}},
		{"underscore is a word char", "snake_case __x__ _", []string{"snake_case", "__x__", "_"}},
		{"digits and other numbers", "abc123 ٣٤٥ ½ Ⅻ x²", []string{"abc123", "٣٤٥", "½", "Ⅻ", "x²"}},
		{"precomposed accents", "café naïve", []string{"café", "naïve"}},
		{"combining mark splits", "cafe\u0301 ok", []string{"cafe", "ok"}},
		{"devanagari marks split", "क्षत्रिय", []string{"क", "षत", "र", "य"}},
		{"CJK run is one token", "日本語のテキスト、です。", []string{"日本語のテキスト", "です"}},
		{"unicode letters", "Straße İstanbul ΑΒΓ", []string{"Straße", "İstanbul", "ΑΒΓ"}},
		{"unicode spaces split", "a\u00a0b\u2009c", []string{"a", "b", "c"}},
		{"zero width space splits", "x\u200by", []string{"x", "y"}},
		{"emoji splits", "hi😀there", []string{"hi", "there"}},
		{"other connector punctuation splits", "a\u203fb", []string{"a", "b"}},
		{"replacement char splits", "ab\ufffdcd", []string{"ab", "cd"}},
		{"invalid utf-8 splits", "ab\xffcd\xe2\x82", []string{"ab", "cd"}},
		{"token at end", "x y", []string{"x", "y"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Tokens(tt.in); !slices.Equal(got, tt.want) {
				t.Errorf("Tokens(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestIsWordByte(t *testing.T) {
	for c := range 256 {
		want := c == '_' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'
		if got := isWordByte(byte(c)); got != want {
			t.Errorf("isWordByte(%#x) = %v, want %v", c, got, want)
		}
	}
}

func TestShingleCount(t *testing.T) {
	tests := []struct {
		tokens, want int
	}{{0, 0}, {1, 1}, {3, 1}, {4, 1}, {5, 2}, {10, 7}}
	for _, tt := range tests {
		toks := make([]string, tt.tokens)
		for i := range toks {
			toks[i] = string(rune('a' + i))
		}
		got, _ := appendShingleHashes(nil, nil, toks)
		if len(got) != tt.want {
			t.Errorf("%d tokens: %d shingles, want %d", tt.tokens, len(got), tt.want)
		}
	}
}

// Hand-computed page scores. TP/FP/FN are normalised to sum to 1.
func TestScorePage(t *testing.T) {
	tests := []struct {
		name, truth, pred string
		tp, fp, fn        float64
		p, r, f           float64
		exact             bool
	}{
		{"empty vs empty", "", "", 0, 0, 0, 1, 1, 1, true},
		{"punctuation only counts as empty", "...", " - ", 0, 0, 0, 1, 1, 1, true},
		{"empty truth, text predicted", "", "a b c d", 0, 1, 0, 0, 0, 0, false},
		{"text truth, empty prediction", "a b c d", "", 0, 0, 1, 0, 0, 0, false},
		{"identical", "one two three four five", "one two three four five", 1, 0, 0, 1, 1, 1, true},
		{"same tokens, other punctuation", "Hello, world! It's-ok.", "Hello world It s ok", 1, 0, 0, 1, 1, 1, true},
		{"short texts equal", "hello world", "hello world", 1, 0, 0, 1, 1, 1, true},
		{"short texts differ in length", "hello world", "hello world again", 0, 0.5, 0.5, 0, 0, 0, false},
		{"tokens are case-sensitive", "A b c d", "a b c d", 0, 0.5, 0.5, 0, 0, 0, false},
		{"one shingle each side differs", "one two three four five", "one two three four six",
			1.0 / 3, 1.0 / 3, 1.0 / 3, 0.5, 0.5, 0.5, false},
		// abcd occurs twice in truth and once in pred: a set would give recall 1/4.
		{"repeated shingle in truth", "a b c d a b c d", "a b c d", 0.2, 0, 0.8, 1, 0.2, 2 * 0.2 / 1.2, false},
		{"repeated shingle in prediction", "a b c d", "a b c d a b c d", 0.2, 0.8, 0, 0.2, 1, 2 * 0.2 / 1.2, false},
		// A text under four tokens is one short shingle, which no 4-token
		// shingle equals, so it never matches inside a longer text.
		{"short truth inside a longer prediction", "a b", "a b c d e", 0, 2.0 / 3, 1.0 / 3, 0, 0, 0, false},
		// Three copies of "x x x x" against two: min counts two matches.
		{"repeated shingles on both sides", "x x x x x x", "x x x x x", 2.0 / 3, 0, 1.0 / 3, 1, 2.0 / 3, 0.8, false},
		{"unicode words", "Ünïcode café 日本語 ٣٤٥ x_y", "Ünïcode café 日本語 ٣٤٥ x_y!", 1, 0, 0, 1, 1, 1, true},
		{"decomposed accent is another token list", "café ok", "cafe\u0301 ok", 0, 0.5, 0.5, 0, 0, 0, false},
	}
	const eps = 1e-12
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s scorer
			got := s.score(tt.truth, tt.pred)
			want := PageScore{TP: tt.tp, FP: tt.fp, FN: tt.fn, Precision: tt.p, Recall: tt.r, F1: tt.f, Exact: tt.exact}
			for _, c := range []struct {
				field     string
				got, want float64
			}{
				{"TP", got.TP, want.TP}, {"FP", got.FP, want.FP}, {"FN", got.FN, want.FN},
				{"Precision", got.Precision, want.Precision}, {"Recall", got.Recall, want.Recall}, {"F1", got.F1, want.F1},
			} {
				if math.Abs(c.got-c.want) > eps {
					t.Errorf("%s = %v, want %v", c.field, c.got, c.want)
				}
			}
			if got.Exact != want.Exact {
				t.Errorf("Exact = %v, want %v", got.Exact, want.Exact)
			}
		})
	}
}

// The scorer's buffers carry over between pages; a long page followed by a
// short one must not leak shingles.
func TestScorerReuse(t *testing.T) {
	var s scorer
	s.score(strings.Repeat("w ", 500), strings.Repeat("w ", 400))
	if got := s.score("a b", "a b"); got.Precision != 1 || got.Recall != 1 || !got.Exact {
		t.Errorf("after reuse: %+v, want perfect score", got)
	}
}

// wordRun is the slow but obviously right definition the scanner must
// match: Go's \p{L} and \p{N} are Python's \w categories (besides '_').
var wordRun = regexp.MustCompile(`[\p{L}\p{N}_]+`)

func FuzzTokens(f *testing.F) {
	for _, s := range []string{
		"", "Hello, world!", "snake_case x²", "cafe\u0301", "日本語のテキスト", "ab\xffcd\xe2\x82",
		"a b c", "a b c d e f g a b c d", "١٢٣-٤٥٦ Ⅻ ½", "hi😀there",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		got := Tokens(text)
		if want := wordRun.FindAllString(text, -1); !slices.Equal(got, want) {
			t.Fatalf("Tokens(%q) = %q, regexp gives %q", text, got, want)
		}
		var s scorer
		ps := s.score(text, text)
		if !ps.Exact {
			t.Fatalf("text %q not exact against itself", text)
		}
		if len(got) > 0 && (ps.Precision != 1 || ps.Recall != 1 || ps.TP != 1) {
			t.Fatalf("text %q against itself: %+v, want P=R=TP=1", text, ps)
		}
	})
}

func BenchmarkTokens(b *testing.B) {
	text := strings.Repeat("The quick brown fox — jumps over the lazy dog; café 日本語 123. ", 200)
	b.SetBytes(int64(len(text)))
	var dst []string
	for b.Loop() {
		dst = appendTokens(dst[:0], text)
	}
}

func BenchmarkScorePage(b *testing.B) {
	truth := strings.Repeat("The quick brown fox jumps over the lazy dog. ", 200)
	pred := "Menu Home " + truth[:len(truth)/2] + " Share this"
	b.SetBytes(int64(len(truth) + len(pred)))
	var s scorer
	for b.Loop() {
		s.score(truth, pred)
	}
}
