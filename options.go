package jt

import (
	"errors"
	"fmt"
	"strings"

	"github.com/jtextract/jt/charset"
	"github.com/jtextract/jt/classify/justext"
	"github.com/jtextract/jt/classify/tree"
	"github.com/jtextract/jt/stopwords"
	"github.com/jtextract/jt/tokenizer"
)

// ErrInvalidOption is wrapped by every error an Option returns from New.
var ErrInvalidOption = errors.New("jt: invalid option")

// DefaultMaxBytes is the default limit on the size of one input document.
const DefaultMaxBytes = 64 << 20

// Option configures an Extractor. Options are applied and validated by New,
// in order; an Extractor's configuration cannot change afterwards (make a
// new Extractor, which is cheap).
type Option func(*config) error

type config struct {
	algo      string
	stop      *stopwords.Set
	langInd   bool
	justext   justext.Config
	encoding  string
	fallback  string
	maxBytes  int
	maxDepth  int
	xpath     bool
	truncate  bool
	maxParas  int
	treeDepth int // 0: no tree filter (but "tree" uses tree.DefaultDepth)
	auto      autoOptions
	meta      bool // WithMetadata(true): a metadata Collector in the pass
	structure bool // WithStructure(true)
}

func defaultConfig() config {
	// English is the default stoplist, set here rather than left to New
	// so that only an explicit language option turns off the "auto"
	// algorithm's guessing.
	english, _ := stopwords.Lookup("English")
	return config{
		algo:     "justext",
		stop:     english,
		auto:     autoOptions{guessLang: true},
		justext:  justext.DefaultConfig(),
		fallback: "utf-8",
		maxBytes: DefaultMaxBytes,
		maxDepth: 1024,
		maxParas: 1 << 20,
	}
}

// WithAlgorithm selects the extraction algorithm by name (default
// "justext"); Algorithms lists the names.
func WithAlgorithm(name string) Option {
	return func(c *config) error {
		if _, ok := lookupAlgorithm(name); !ok {
			return fmt.Errorf("%w: unknown algorithm %q (known: %v)", ErrInvalidOption, name, Algorithms())
		}
		c.algo = name
		return nil
	}
}

// LanguageAuto is the name WithLanguage takes to have the "auto" algorithm
// guess each page's language from its text (the other algorithms then use
// English, which they would without any language option).
const LanguageAuto = "auto"

// WithLanguage selects jusText's built-in stoplist for a language, by the
// name stopwords.Languages lists (case-insensitive), or LanguageAuto. The
// default is LanguageAuto for the "auto" algorithm (which falls back to
// language-independent evidence when no stoplist fits the page) and
// "English" for the others.
func WithLanguage(name string) Option {
	return func(c *config) error {
		if strings.EqualFold(name, LanguageAuto) {
			english, err := stopwords.Lookup("English")
			if err != nil {
				return fmt.Errorf("%w: %w", ErrInvalidOption, err)
			}
			c.stop, c.langInd, c.auto.guessLang = english, false, true
			return nil
		}
		s, err := stopwords.Lookup(name)
		if err != nil {
			return fmt.Errorf("%w: %w", ErrInvalidOption, err)
		}
		c.stop, c.langInd, c.auto.guessLang = s, false, false
		return nil
	}
}

// WithStoplist sets the stop words jusText counts, for instance a list read
// with ParseStoplist.
func WithStoplist(s *Stoplist) Option {
	return func(c *config) error {
		if s == nil {
			return fmt.Errorf("%w: nil stoplist (use WithLanguageIndependent for none)", ErrInvalidOption)
		}
		c.stop, c.langInd, c.auto.guessLang = s, false, false
		return nil
	}
}

// WithLanguageIndependent selects jusText's language-independent mode, as
// its command line's "-s None" does: no stoplist, and both stop-word
// thresholds 0 whatever WithJusText says, so that length alone separates
// good from near-good paragraphs.
func WithLanguageIndependent() Option {
	return func(c *config) error {
		c.stop, c.langInd, c.auto.guessLang = nil, true, false
		return nil
	}
}

// WithJusText sets jusText's thresholds (default DefaultJusTextConfig()).
// The densities are fractions, from 0 to 1.
func WithJusText(cfg JusTextConfig) Option {
	return func(c *config) error {
		if err := cfg.Validate(); err != nil {
			return fmt.Errorf("%w: %w", ErrInvalidOption, err)
		}
		// A density above 1 cannot be reached, so such a threshold is a
		// mistake (a percentage, say) rather than a setting.
		for _, d := range [...]struct {
			name string
			v    float64
		}{{"StopwordsLow", cfg.StopwordsLow}, {"StopwordsHigh", cfg.StopwordsHigh}, {"MaxLinkDensity", cfg.MaxLinkDensity}} {
			if d.v > 1 {
				return fmt.Errorf("%w: jusText %s %g is above 1 (densities are fractions)", ErrInvalidOption, d.name, d.v)
			}
		}
		c.justext = cfg
		return nil
	}
}

// WithEncoding sets the character encoding label assumed for every input
// (as an HTTP Content-Type charset would), overriding the document's own
// declaration but not a byte order mark. ExtractContext's charset argument,
// when not empty, takes precedence for that call. The label must be a
// WHATWG encoding label (case-insensitive, such as "utf-8", "latin1" or
// "shift_jis"), or "" for none.
func WithEncoding(label string) Option {
	return func(c *config) error {
		if label != "" {
			// The decoder would skip an unknown label silently, document by
			// document; decoding nothing with it tells at once.
			dec, err := charset.NewDecoder()
			if err != nil {
				return fmt.Errorf("%w: %w", ErrInvalidOption, err)
			}
			if _, res, err := dec.Decode(nil, label); err != nil || res.Unknown != "" {
				return fmt.Errorf("%w: unknown encoding %q (want a WHATWG encoding label, such as utf-8, windows-1252 or shift_jis)", ErrInvalidOption, label)
			}
		}
		c.encoding = label
		return nil
	}
}

// WithFallbackEncoding sets the encoding used when neither a byte order
// mark, a given label nor the document declares one (default "utf-8"). The
// label must be a WHATWG encoding label other than one of the replacement
// encoding's.
func WithFallbackEncoding(label string) Option {
	return func(c *config) error {
		if _, err := charset.NewDecoder(charset.WithFallback(label)); err != nil {
			return fmt.Errorf("%w: %w", ErrInvalidOption, err)
		}
		c.fallback = label
		return nil
	}
}

// MaxBytesLimit is the largest limit WithMaxBytes takes: a document's
// positions are kept in 32 bits, and decoding a legacy encoding to UTF-8
// can triple its size (charset.MaxDecodedLen).
const MaxBytesLimit = tokenizer.MaxBytesLimit / 3

// WithMaxBytes limits the size of one input document (default
// DefaultMaxBytes, at most MaxBytesLimit). Larger inputs fail with an
// error wrapping ErrTooLarge.
func WithMaxBytes(n int) Option {
	return func(c *config) error {
		if n <= 0 || n > MaxBytesLimit {
			return fmt.Errorf("%w: max bytes %d is not between 1 and %d", ErrInvalidOption, n, MaxBytesLimit)
		}
		c.maxBytes = n
		return nil
	}
}

// WithTruncate makes an input longer than WithMaxBytes be cut at the limit
// and extracted, with Document.Limits reporting it, instead of failing with
// ErrTooLarge. Bytes beyond the limit are never buffered.
func WithTruncate(on bool) Option {
	return func(c *config) error {
		c.truncate = on
		return nil
	}
}

// WithMaxParagraphs limits the paragraphs (blocks) kept per document
// (default 1<<20); later ones are dropped and counted in Document.Limits.
func WithMaxParagraphs(n int) Option {
	return func(c *config) error {
		if n < 1 {
			return fmt.Errorf("%w: max paragraphs %d is not positive", ErrInvalidOption, n)
		}
		c.maxParas = n
		return nil
	}
}

// WithTreeFilter applies the HTML-tree filter of Viveros-Jiménez et al.
// (2018) after a boilerpipe extractor: of the blocks it selected, only those
// under the depth-th ancestor with the most text are kept (depth 1 to 5;
// the paper's best is 2). The "tree" algorithm is boilerpipe-default (the
// high-recall extractor whose scores match the paper's "Boilerpipe") with
// this filter at depth 2 unless set otherwise. Other algorithms ignore it.
func WithTreeFilter(depth int) Option {
	return func(c *config) error {
		if depth < 1 || depth > tree.MaxDepth {
			return fmt.Errorf("%w: tree depth %d outside 1..%d", ErrInvalidOption, depth, tree.MaxDepth)
		}
		c.treeDepth = depth
		return nil
	}
}

// WithMaxDepth limits how many elements may be open at once (default
// 1024); deeper start tags are ignored, their text kept, and counted in
// Document.Limits. It bounds the cost of pathological nesting; nothing in
// jt recurses on the element tree, so any depth of input is safe.
func WithMaxDepth(n int) Option {
	return func(c *config) error {
		if n < 8 {
			return fmt.Errorf("%w: max depth %d is below 8", ErrInvalidOption, n)
		}
		c.maxDepth = n
		return nil
	}
}

// WithXPath makes jusText record each paragraph's XPath (off by default:
// it costs a map update per element).
func WithXPath(on bool) Option {
	return func(c *config) error {
		c.xpath = on
		return nil
	}
}
