package justext

import (
	"errors"
	"fmt"
	"math"
)

// ErrInvalidConfig is wrapped by every error Config.Validate returns, so
// callers can test for it with errors.Is whatever field was wrong.
var ErrInvalidConfig = errors.New("justext: invalid config")

// Config holds jusText's classification parameters, named after the
// arguments of justext.justext in jusText 3.0.2.
type Config struct {
	// LengthLow and LengthHigh are paragraph lengths in code points:
	// below LengthLow a paragraph is short, above LengthHigh it is long.
	LengthLow, LengthHigh int
	// StopwordsLow and StopwordsHigh are stop-word density thresholds,
	// both inclusive (see ContextFree).
	StopwordsLow, StopwordsHigh float64
	// MaxLinkDensity is the largest link density a paragraph may have
	// without being bad (exclusive: a density equal to it is allowed).
	MaxLinkDensity float64
	// MaxHeadingDistance is how many characters may separate a heading from
	// the good paragraph that keeps it (see Revise for how they are counted).
	MaxHeadingDistance int
	// NoHeadings disables the special treatment of headings.
	NoHeadings bool
}

// DefaultConfig returns jusText's defaults: lengths 70/200, stop-word
// densities 0.30/0.32, link density 0.2, heading distance 200, headings on.
func DefaultConfig() Config {
	return Config{
		LengthLow:          70,
		LengthHigh:         200,
		StopwordsLow:       0.30,
		StopwordsHigh:      0.32,
		MaxLinkDensity:     0.2,
		MaxHeadingDistance: 200,
	}
}

// LanguageIndependent returns the defaults with both stop-word thresholds at
// 0, as jusText's command line sets up "-s None". With an empty stoplist
// every density is 0, so every paragraph passes both thresholds and length
// alone separates good from neargood.
func LanguageIndependent() Config {
	c := DefaultConfig()
	c.StopwordsLow, c.StopwordsHigh = 0, 0
	return c
}

// Validate reports the first problem it finds: a negative length, density
// or distance, a NaN threshold, or a low threshold above its high one. The
// error names the field and wraps ErrInvalidConfig. Infinite thresholds are
// accepted; they simply switch the corresponding test off or on for good.
func (c Config) Validate() error {
	switch {
	case c.LengthLow < 0:
		return fmt.Errorf("%w: LengthLow %d is negative", ErrInvalidConfig, c.LengthLow)
	case c.LengthHigh < 0:
		return fmt.Errorf("%w: LengthHigh %d is negative", ErrInvalidConfig, c.LengthHigh)
	case c.LengthLow > c.LengthHigh:
		return fmt.Errorf("%w: LengthLow %d exceeds LengthHigh %d", ErrInvalidConfig, c.LengthLow, c.LengthHigh)
	case c.MaxHeadingDistance < 0:
		return fmt.Errorf("%w: MaxHeadingDistance %d is negative", ErrInvalidConfig, c.MaxHeadingDistance)
	}
	for _, f := range [...]struct {
		name string
		v    float64
	}{
		{"StopwordsLow", c.StopwordsLow},
		{"StopwordsHigh", c.StopwordsHigh},
		{"MaxLinkDensity", c.MaxLinkDensity},
	} {
		if math.IsNaN(f.v) {
			return fmt.Errorf("%w: %s is NaN", ErrInvalidConfig, f.name)
		}
		if f.v < 0 {
			return fmt.Errorf("%w: %s %g is negative", ErrInvalidConfig, f.name, f.v)
		}
	}
	if c.StopwordsLow > c.StopwordsHigh {
		return fmt.Errorf("%w: StopwordsLow %g exceeds StopwordsHigh %g", ErrInvalidConfig, c.StopwordsLow, c.StopwordsHigh)
	}
	return nil
}
