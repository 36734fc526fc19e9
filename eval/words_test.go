package eval

import (
	"math"
	"slices"
	"strings"
	"testing"
)

// Expected tokens were checked against Python 3.11's
// re.findall(r'\w+', s.lower()), which is what WCXB's evaluate.py runs.
func TestWordTokens(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"empty", "", nil},
		{"only punctuation", " ,.;!? —", nil},
		{"lower-cased", "Hello, WORLD!", []string{"hello", "world"}},
		{"underscore is a word char", "snake_case __x__ _", []string{"snake_case", "__x__", "_"}},
		{"digits and other numbers", "Abc123 ٣٤٥ ½ Ⅻ x²", []string{"abc123", "٣٤٥", "½", "ⅻ", "x²"}},
		{"combining mark splits", "Cafe\u0301 OK", []string{"cafe", "ok"}},
		{"spacing marks split", "क्षत्रिय", []string{"क", "षत", "र", "य"}},
		{"CJK runs, CJK numerals", "日本語のテキスト、です。一二三", []string{"日本語のテキスト", "です", "一二三"}},
		{"Turkish dotted capital I becomes i + U+0307, which splits", "İstanbul ISTANBUL ıi", []string{"i", "stanbul", "istanbul", "ıi"}},
		{"final sigma", "ΟΔΟΣ ΜΙΣΟΣ", []string{"οδος", "μισος"}},
		{"final sigma before punctuation, not before a letter, alone", "ΟΔΟΣ. ΣΑ Σ", []string{"οδος", "σα", "σ"}},
		{"final sigma sees through case-ignorable punctuation", "ΑΣ'Α ΑΣ' Α.Σ", []string{"ασ", "α", "ας", "α", "ς"}},
		{"apostrophes split", "don't it’s ‘quoted’", []string{"don", "t", "it", "s", "quoted"}},
		{"sharp s", "STRASSE Straße ẞ", []string{"strasse", "straße", "ß"}},
		{"Kelvin sign, title case, full width", "\u212a \u01c5 ＡＢＣ", []string{"k", "ǆ", "ａｂｃ"}},
		{"spaces, zero width space, emoji, connector punctuation split", "x\u200by a\u00a0b hi😀there a\u203fb", []string{"x", "y", "a", "b", "hi", "there", "a", "b"}},
		{"replacement character and invalid UTF-8 split", "ab\ufffdcd ef\xffGH", []string{"ab", "cd", "ef", "gh"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := WordTokens(tt.in); !slices.Equal(got, tt.want) {
				t.Errorf("WordTokens(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// appendLower is Python's str.lower; the cases are those where Go's
// strings.ToLower differs.
func TestAppendLower(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"ABC def", "abc def"},
		{"İ", "i\u0307"},
		{"Σ", "σ"},
		{"ΑΣ", "ας"},
		{"ΑΣΑ", "ασα"},
		{"Α\u0301Σ", "α\u0301ς"}, // combining marks are case-ignorable
		{"ΑΣ\u0301", "ας\u0301"},
		{"ΑΣ\u0301Α", "ασ\u0301α"},
		{"1Σ", "1σ"}, // a digit is not cased
		{"ΑΣ1", "ας1"},
		{"a\xffB", "a\ufffdb"},
	}
	for _, tt := range tests {
		if got := string(appendLower(nil, tt.in)); got != tt.want {
			t.Errorf("lower(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// Hand-computed scores, with evaluate.py's word_f1 edge rules.
func TestWordScore(t *testing.T) {
	tests := []struct {
		name, pred, truth string
		p, r, f1          float64
	}{
		{"both empty", "", "", 1, 1, 1},
		{"both without words", "...", " - ", 1, 1, 1},
		{"empty truth, words predicted", "a", "", 0, 0, 0},
		{"empty prediction", "", "a b", 0, 0, 0},
		{"identical", "a b c", "a b c", 1, 1, 1},
		{"order does not matter", "c b a", "a b c", 1, 1, 1},
		{"case does not matter", "The THE the", "the", 1.0 / 3, 1, 0.5},
		{"multiset overlap", "a a b", "a b b c", 2.0 / 3, 0.5, 2 * (2.0 / 3) * 0.5 / (2.0/3 + 0.5)},
		{"no overlap", "x", "y", 0, 0, 0},
	}
	var s WordScorer
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, r, f1 := s.Score(tt.pred, tt.truth)
			if p != tt.p || r != tt.r || math.Abs(f1-tt.f1) > 1e-15 {
				t.Errorf("Score(%q, %q) = %v, %v, %v; want %v, %v, %v", tt.pred, tt.truth, p, r, f1, tt.p, tt.r, tt.f1)
			}
		})
	}
}

// A scorer reused across truths (cached or not) gives what a fresh one
// gives, and a warm scorer allocates nothing for a known truth.
func TestWordScorerReuse(t *testing.T) {
	texts := []string{
		"Alpha beta gamma beta", "beta BETA delta", "", "Ω ω ΟΔΟΣ οδος", "gamma alpha",
		strings.Repeat("word ", 500) + "other",
	}
	var reused WordScorer
	for range 2 {
		for _, truth := range texts {
			for _, pred := range texts {
				var fresh WordScorer
				p1, r1, f1 := fresh.Score(pred, truth)
				p2, r2, f2 := reused.Score(pred, truth)
				if p1 != p2 || r1 != r2 || f1 != f2 {
					t.Errorf("Score(%q, %q): reused scorer %v %v %v, fresh %v %v %v", pred, truth, p2, r2, f2, p1, r1, f1)
				}
			}
		}
	}
	truth, pred := texts[5], strings.Repeat("Word other ", 300)
	reused.Score(pred, truth)
	if n := testing.AllocsPerRun(100, func() { reused.Score(pred, truth) }); n != 0 {
		t.Errorf("warm Score allocates %v times per call, want 0", n)
	}
	snippets := []string{"WORD OTHER", "missing"}
	if n := testing.AllocsPerRun(100, func() { reused.SnippetRate(pred, snippets) }); n != 0 {
		t.Errorf("warm SnippetRate allocates %v times per call, want 0", n)
	}
}

func TestSnippetRate(t *testing.T) {
	tests := []struct {
		name, text string
		snippets   []string
		want       float64
	}{
		{"no snippets", "anything", nil, 1},
		{"no snippets, no text", "", []string{}, 1},
		{"case-insensitive", "Hello World, again", []string{"hello world", "AGAIN", "absent"}, 2.0 / 3},
		{"empty text", "", []string{"x"}, 0},
		{"empty snippet is always found", "", []string{""}, 1},
		{"substring, not words", "category", []string{"ATEG"}, 1},
		{"Python lower on both sides", "İSTANBUL", []string{"i\u0307stanbul", "İstanbul", "istanbul"}, 2.0 / 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := SnippetRate(tt.text, tt.snippets); got != tt.want {
				t.Errorf("SnippetRate(%q, %q) = %v, want %v", tt.text, tt.snippets, got, tt.want)
			}
		})
	}
}

// Word characters are those of Python's re in a str pattern: letters (L*,
// modifier letters included), numbers (N*) and '_', but not marks.
func TestIsWordRuneMarks(t *testing.T) {
	for _, r := range []rune{'\u0301', '\u0307', '\u093f', '\u20dd'} {
		if isWordRune(r) {
			t.Errorf("isWordRune(%U) = true, want false (a mark)", r)
		}
	}
	for _, r := range []rune{'_', 'ß', 'ǅ', 'ʰ', '一', '٣', '½', 'Ⅻ'} {
		if !isWordRune(r) {
			t.Errorf("isWordRune(%U) = false, want true", r)
		}
	}
}

func BenchmarkWordScorerSameTruth(b *testing.B) {
	truth := strings.Repeat("The quick brown Fox jumps over the lazy dog, again and again: 42 times! ", 140)
	pred := truth[:len(truth)/2]
	var s WordScorer
	b.SetBytes(int64(len(pred)))
	b.ReportAllocs()
	for b.Loop() {
		s.Score(pred, truth)
	}
}

func BenchmarkWordScorerNewTruth(b *testing.B) {
	truth := strings.Repeat("The quick brown Fox jumps over the lazy dog, again and again: 42 times! ", 140)
	truths := []string{truth, truth + " "}
	pred := truth[:len(truth)/2]
	var s WordScorer
	b.SetBytes(int64(len(pred) + len(truth)))
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s.Score(pred, truths[i&1])
	}
}
