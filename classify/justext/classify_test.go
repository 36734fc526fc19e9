package justext

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/jtextract/jt/blocks"
)

const (
	bad      = blocks.Bad
	short    = blocks.Short
	neargood = blocks.NearGood
	good     = blocks.Good
)

func TestContextFree(t *testing.T) {
	def := DefaultConfig()
	tests := []struct {
		name string
		p    blocks.Paragraph
		cfg  Config
		want blocks.Class
	}{
		{"link density at max is allowed", blocks.Paragraph{Length: 300, Words: 50, StopWords: 20, LinkChars: 60}, def, good},
		{"link density above max", blocks.Paragraph{Length: 300, Words: 50, StopWords: 20, LinkChars: 61}, def, bad},
		{"link chars beyond length", blocks.Paragraph{Length: 10, LinkChars: 12}, def, bad},
		{"copyright", blocks.Paragraph{Length: 300, Words: 50, StopWords: 20, Copyright: true}, def, bad},
		{"select", blocks.Paragraph{Length: 300, Words: 50, StopWords: 20, InSelect: true}, def, bad},
		{"short", blocks.Paragraph{Length: 69, Words: 10, StopWords: 10}, def, short},
		{"short with a link", blocks.Paragraph{Length: 69, Words: 10, LinkChars: 1}, def, bad},
		{"empty with link text", blocks.Paragraph{LinkChars: 3}, def, bad},
		{"empty", blocks.Paragraph{}, def, short},
		{"length low is not short", blocks.Paragraph{Length: 70, Words: 10, StopWords: 4}, def, neargood},
		{"stopwords high inclusive, medium", blocks.Paragraph{Length: 150, Words: 25, StopWords: 8}, def, neargood},
		{"stopwords high inclusive, long", blocks.Paragraph{Length: 201, Words: 25, StopWords: 8}, def, good},
		{"length high is not long", blocks.Paragraph{Length: 200, Words: 25, StopWords: 8}, def, neargood},
		{"stopwords low inclusive", blocks.Paragraph{Length: 300, Words: 10, StopWords: 3}, def, neargood},
		{"below stopwords low", blocks.Paragraph{Length: 300, Words: 100, StopWords: 29}, def, bad},
		{"no words, language dependent", blocks.Paragraph{Length: 300}, def, bad},
		{"language independent long", blocks.Paragraph{Length: 300, Words: 40}, LanguageIndependent(), good},
		{"language independent medium", blocks.Paragraph{Length: 100}, LanguageIndependent(), neargood},
		{"heading plays no part", blocks.Paragraph{Length: 20, Heading: true}, def, short},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ContextFree(&tt.p, tt.cfg); got != tt.want {
				t.Errorf("ContextFree = %v, want %v", got, tt.want)
			}
		})
	}
}

// para is a compact way to write Revise inputs.
type para struct {
	cf      blocks.Class
	length  int
	heading bool
}

func TestRevise(t *testing.T) {
	def := DefaultConfig()
	noHeadings := def
	noHeadings.NoHeadings = true
	tests := []struct {
		name string
		in   []para
		cfg  Config
		want []blocks.Class
	}{
		{"empty", nil, def, nil},
		{"lone short: edges are bad", []para{{cf: short}}, def, []blocks.Class{bad}},
		{"lone neargood", []para{{cf: neargood}}, def, []blocks.Class{bad}},
		{"short between goods", []para{{cf: good}, {cf: short}, {cf: good}}, def, []blocks.Class{good, good, good}},
		{"shorts between bad and good", []para{{cf: bad}, {cf: short}, {cf: short}, {cf: good}}, def, []blocks.Class{bad, bad, bad, good}},
		{"short after neargood on the bad side", []para{{cf: bad}, {cf: neargood}, {cf: short}, {cf: good}}, def, []blocks.Class{bad, good, good, good}},
		{"short before neargood on the bad side", []para{{cf: good}, {cf: short}, {cf: short}, {cf: neargood}, {cf: bad}}, def, []blocks.Class{good, good, good, good, bad}},
		{"neargood between bads", []para{{cf: bad}, {cf: neargood}, {cf: neargood}, {cf: bad}}, def, []blocks.Class{bad, bad, bad, bad}},
		{"neargood next to good", []para{{cf: neargood}, {cf: neargood}, {cf: good}}, def, []blocks.Class{good, good, good}},
		{"heading within distance", []para{{cf: bad}, {cf: short, length: 10, heading: true}, {cf: bad, length: 200}, {cf: good}}, def, []blocks.Class{bad, good, bad, good}},
		{"heading one char too far", []para{{cf: bad}, {cf: short, length: 10, heading: true}, {cf: bad, length: 201}, {cf: good}}, def, []blocks.Class{bad, bad, bad, good}},
		{"headings off", []para{{cf: bad}, {cf: short, length: 10, heading: true}, {cf: bad, length: 200}, {cf: good}}, noHeadings, []blocks.Class{bad, bad, bad, good}},
		{"bad heading stays bad", []para{{cf: bad, heading: true}, {cf: good}}, def, []blocks.Class{bad, good}},
		// H2 is promoted in step 4; H1 is 205 characters from the good
		// paragraph and must not be promoted through H2.
		{"more good headings is not iterative",
			[]para{{cf: bad}, {cf: short, length: 10, heading: true}, {cf: short, length: 10, heading: true}, {cf: bad, length: 195}, {cf: good}},
			def, []blocks.Class{bad, bad, good, bad, good}},
		// Described, but not done by jusText 3.0.2 (issue #45): the heading
		// would become neargood first and carry the short paragraph with it.
		{"short heading is not made neargood",
			[]para{{cf: bad}, {cf: short, length: 10, heading: true}, {cf: short, length: 10}, {cf: good}},
			def, []blocks.Class{bad, good, bad, good}},
		{"zero distance, empty paragraph between", []para{{cf: short, length: 5, heading: true}, {cf: short}, {cf: good}}, Config{}, []blocks.Class{good, bad, good}},
		{"zero distance, one character between", []para{{cf: short, length: 5, heading: true}, {cf: short, length: 1}, {cf: good}}, Config{}, []blocks.Class{bad, bad, good}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			paras := make([]blocks.Paragraph, len(tt.in))
			for i, p := range tt.in {
				paras[i] = blocks.Paragraph{CFClass: p.cf, Length: p.length, Heading: p.heading}
			}
			Revise(paras, tt.cfg)
			got := make([]blocks.Class, len(paras))
			for i := range paras {
				got[i] = paras[i].Class
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("classes = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestValidate(t *testing.T) {
	mod := func(f func(*Config)) Config {
		c := DefaultConfig()
		f(&c)
		return c
	}
	tests := []struct {
		name  string
		cfg   Config
		field string // "" when valid
	}{
		{"default", DefaultConfig(), ""},
		{"language independent", LanguageIndependent(), ""},
		{"zero", Config{}, ""},
		{"infinite link density", mod(func(c *Config) { c.MaxLinkDensity = math.Inf(1) }), ""},
		{"negative length low", mod(func(c *Config) { c.LengthLow = -1 }), "LengthLow"},
		{"negative length high", mod(func(c *Config) { c.LengthLow, c.LengthHigh = 0, -1 }), "LengthHigh"},
		{"length low above high", mod(func(c *Config) { c.LengthLow = 201 }), "LengthLow"},
		{"negative distance", mod(func(c *Config) { c.MaxHeadingDistance = -1 }), "MaxHeadingDistance"},
		{"NaN stopwords low", mod(func(c *Config) { c.StopwordsLow = math.NaN() }), "StopwordsLow"},
		{"NaN stopwords high", mod(func(c *Config) { c.StopwordsHigh = math.NaN() }), "StopwordsHigh"},
		{"NaN link density", mod(func(c *Config) { c.MaxLinkDensity = math.NaN() }), "MaxLinkDensity"},
		{"negative stopwords low", mod(func(c *Config) { c.StopwordsLow = -0.1 }), "StopwordsLow"},
		{"negative link density", mod(func(c *Config) { c.MaxLinkDensity = -0.1 }), "MaxLinkDensity"},
		{"stopwords low above high", mod(func(c *Config) { c.StopwordsLow = 0.4 }), "StopwordsLow"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.cfg.Validate()
			switch {
			case tt.field == "" && err != nil:
				t.Fatalf("Validate() = %v, want nil", err)
			case tt.field == "":
			case err == nil:
				t.Fatalf("Validate() = nil, want an error naming %s", tt.field)
			case !errors.Is(err, ErrInvalidConfig):
				t.Errorf("error %q does not wrap ErrInvalidConfig", err)
			case !containsWord(err.Error(), tt.field):
				t.Errorf("error %q does not name %s", err, tt.field)
			}
		})
	}
}

// containsWord reports whether w occurs in s as a whole word, so that
// "StopwordsLow" is not found inside a longer field name.
func containsWord(s, w string) bool {
	isIdent := func(b byte) bool { return b >= 'A' && b <= 'Z' || b >= 'a' && b <= 'z' }
	for i := 0; i+len(w) <= len(s); i++ {
		if s[i:i+len(w)] == w && (i == 0 || !isIdent(s[i-1])) && (i+len(w) == len(s) || !isIdent(s[i+len(w)])) {
			return true
		}
	}
	return false
}

// randomConfig returns a valid config, often a preset, with heading
// distances that random paragraph lengths reach and overshoot.
func randomConfig(r *rand.Rand) Config {
	var c Config
	switch r.IntN(4) {
	case 0:
		c = DefaultConfig()
	case 1:
		c = LanguageIndependent()
	default:
		thresholds := []float64{0, 0.1, 0.2, 0.3, 0.32, 0.5, 1}
		c.LengthLow = []int{0, 1, 10, 50, 70}[r.IntN(5)]
		c.LengthHigh = c.LengthLow + []int{0, 1, 30, 130}[r.IntN(4)]
		c.StopwordsLow = thresholds[r.IntN(len(thresholds))]
		c.StopwordsHigh = max(c.StopwordsLow, thresholds[r.IntN(len(thresholds))])
		c.MaxLinkDensity = thresholds[r.IntN(len(thresholds))]
	}
	c.MaxHeadingDistance = []int{0, 1, 10, 50, 200, r.IntN(400)}[r.IntN(6)]
	c.NoHeadings = r.IntN(4) == 0
	return c
}

// randomParagraphs returns n paragraphs whose features sit on and around
// cfg's thresholds. shortRate, drawn per sequence, makes long runs of short
// paragraphs likely in some sequences and rare in others.
func randomParagraphs(r *rand.Rand, n int, cfg Config, shortRate float64) []blocks.Paragraph {
	paras := make([]blocks.Paragraph, n)
	for i := range paras {
		p := &paras[i]
		lo, hi := cfg.LengthLow, cfg.LengthHigh
		if r.Float64() < shortRate {
			p.Length = r.IntN(lo + 1)
		} else {
			p.Length = max(0, []int{0, 1, lo - 1, lo, lo + 1, hi - 1, hi, hi + 1, r.IntN(30), r.IntN(3*hi + 2)}[r.IntN(10)])
		}
		switch r.IntN(3) {
		case 0: // densities exactly at the default thresholds
			p.Words = []int{10, 25, 50, 100}[r.IntN(4)]
			p.StopWords = p.Words * []int{29, 30, 31, 32, 33}[r.IntN(5)] / 100
		case 1:
			p.Words = r.IntN(60)
			p.StopWords = r.IntN(p.Words + 1)
		}
		switch r.IntN(4) {
		case 0: // link density on either side of the threshold
			p.LinkChars = max(0, int(float64(p.Length)*cfg.MaxLinkDensity)+r.IntN(3)-1)
		case 1:
			p.LinkChars = r.IntN(p.Length + 10)
		}
		p.Heading = r.IntN(3) == 0
		p.Copyright = r.IntN(25) == 0
		p.InSelect = r.IntN(25) == 0
	}
	return paras
}

// assertSame classifies copies of paras with Classify and with the
// transcription of the reference, and fails on the first difference.
func assertSame(t *testing.T, paras []blocks.Paragraph, cfg Config) {
	t.Helper()
	got := slices.Clone(paras)
	want := slices.Clone(paras)
	Classify(got, cfg)
	refClassify(want, cfg)
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("paragraph %d of %d: got cf=%v class=%v, reference cf=%v class=%v\nconfig %+v\nparagraphs %+v",
				i, len(got), got[i].CFClass, got[i].Class, want[i].CFClass, want[i].Class, cfg, paras)
		}
		if c := got[i].Class; c != good && c != bad {
			t.Fatalf("paragraph %d: final class %v", i, c)
		}
	}
}

// TestClassifyMatchesReference compares the linear passes with the
// transcription on random sequences, and checks that the sequences reach
// the heading-distance boundary both ways.
func TestClassifyMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var atLimit, pastLimit int
	for range 20000 {
		cfg := randomConfig(r)
		paras := randomParagraphs(r, r.IntN(61), cfg, r.Float64())
		assertSame(t, paras, cfg)
		atLimit, pastLimit = tallyHeadingGaps(paras, cfg, atLimit, pastLimit)
	}
	t.Logf("headings exactly at the distance limit: %d, one past it: %d", atLimit, pastLimit)
	if atLimit == 0 || pastLimit == 0 {
		t.Errorf("random sequences missed the heading-distance boundary (at %d, past %d)", atLimit, pastLimit)
	}
}

// tallyHeadingGaps counts headings that step 4 may promote whose next good
// paragraph lies exactly MaxHeadingDistance or one more character away.
// Only non-heading good paragraphs are counted, as step 4 does not change
// their class.
func tallyHeadingGaps(paras []blocks.Paragraph, cfg Config, at, past int) (int, int) {
	refClassify(paras, cfg)
	for i := range paras {
		if !paras[i].Heading || paras[i].CFClass == bad {
			continue
		}
		gap := 0
		for j := i + 1; j < len(paras) && !paras[j].Heading; j++ {
			if paras[j].Class == good {
				switch gap {
				case cfg.MaxHeadingDistance:
					at++
				case cfg.MaxHeadingDistance + 1:
					past++
				}
				break
			}
			gap += paras[j].Length
		}
	}
	return at, past
}

// TestClassifyProperties checks what must hold for any input: other fields
// are untouched, classifying again changes nothing, and Revise alone
// reproduces Class from CFClass.
func TestClassifyProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		cfg := randomConfig(r)
		in := randomParagraphs(r, r.IntN(61), cfg, r.Float64())
		once := slices.Clone(in)
		Classify(once, cfg)
		for i := range once {
			p := once[i]
			p.CFClass, p.Class = in[i].CFClass, in[i].Class
			if p != in[i] {
				t.Fatalf("paragraph %d: fields other than the classes changed: %+v -> %+v", i, in[i], once[i])
			}
		}
		twice := slices.Clone(once)
		Classify(twice, cfg)
		if !slices.Equal(once, twice) {
			t.Fatalf("second Classify changed the result")
		}
		Revise(twice, cfg)
		if !slices.Equal(once, twice) {
			t.Fatalf("Revise on classified paragraphs changed the result")
		}
	}
}

func TestClassifyAllocs(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	cfg := DefaultConfig()
	paras := randomParagraphs(r, 1000, cfg, 0.5)
	if n := testing.AllocsPerRun(100, func() { Classify(paras, cfg) }); n != 0 {
		t.Errorf("Classify allocates %v times per run, want 0", n)
	}
}

// fuzzParagraphs derives a config and a paragraph sequence from data: one
// byte for the config, one for the heading distance, then five bytes a
// paragraph.
func fuzzParagraphs(data []byte) ([]blocks.Paragraph, Config) {
	if len(data) < 2 {
		return nil, DefaultConfig()
	}
	cfg := DefaultConfig()
	switch data[0] % 3 {
	case 1:
		cfg = LanguageIndependent()
	case 2:
		cfg.LengthLow, cfg.LengthHigh = 5, 20
	}
	cfg.NoHeadings = data[0]&0x80 != 0
	cfg.MaxHeadingDistance = int(data[1])
	data = data[2:]
	paras := make([]blocks.Paragraph, 0, len(data)/5)
	for ; len(data) >= 5; data = data[5:] {
		p := blocks.Paragraph{
			Length:    int(data[0]),
			Words:     int(data[1] % 64),
			Heading:   data[4]&1 != 0,
			Copyright: data[4]&0x30 == 0x30,
			InSelect:  data[4]&0xc0 == 0xc0,
		}
		p.StopWords = int(data[2]) % (p.Words + 1)
		if data[3] >= 128 {
			p.LinkChars = int(data[3] - 128)
		}
		paras = append(paras, p)
	}
	return paras, cfg
}

func FuzzClassify(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 200, 10, 2, 0, 0, 1, 250, 50, 20, 0, 0})
	f.Add([]byte{0, 200, 10, 2, 0, 0, 1, 200, 50, 20, 0, 0, 10, 1, 0, 0, 0, 250, 50, 20, 0, 0})
	f.Add([]byte{1, 10, 5, 1, 0, 0, 1, 5, 1, 0, 0, 1, 3, 1, 0, 0, 0, 100, 9, 9, 0, 0})
	f.Add([]byte{0x82, 0, 4, 4, 4, 0, 0, 30, 10, 3, 130, 0, 90, 20, 20, 0, 0xf0})
	f.Fuzz(func(t *testing.T, data []byte) {
		paras, cfg := fuzzParagraphs(data)
		assertSame(t, paras, cfg)
	})
}
