package jt

import (
	"fmt"
	"strconv"

	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/classify/auto"
	"github.com/jtextract/jt/tokenizer"
)

// autoOptions are the settings only the "auto" algorithm reads.
type autoOptions struct {
	favor     auto.Favor
	guessLang bool // no language or stoplist was chosen: guess it per page
}

// WithFavor sets the precision/recall trade-off of the "auto" algorithm:
// "balanced" (the default, best F1), "precision" (cleaner output, for
// corpora) or "recall" (more complete output, for archives). Other
// algorithms ignore it.
func WithFavor(name string) Option {
	return func(c *config) error {
		f, err := auto.ParseFavor(name)
		if err != nil {
			return fmt.Errorf("%w: %w", ErrInvalidOption, err)
		}
		c.auto.favor = f
		return nil
	}
}

// autoEngine runs classify/auto: its Extractor is the handler and does the
// classification in Finish.
type autoEngine struct {
	x    *auto.Extractor
	desc func(dst []byte, i int) []byte // a.describe, bound once
}

func newAuto(cfg *config, _ *tokenizer.Tokenizer) engine {
	a := &autoEngine{x: auto.New(auto.Config{
		Stop:          cfg.stop,
		AutoLanguage:  cfg.auto.guessLang,
		Favor:         cfg.auto.favor,
		MaxParagraphs: cfg.maxParas,
		XPath:         cfg.xpath,
	})}
	a.desc = a.describe
	return a
}

// describe appends the model's probability that paragraph i is main text.
func (a *autoEngine) describe(dst []byte, i int) []byte {
	dst = append(dst, "prob="...)
	return strconv.AppendFloat(dst, float64(a.x.Probability(i)), 'f', 3, 32)
}

func (a *autoEngine) handler() blocks.Handler { return a.x }
func (a *autoEngine) reset()                  { a.x.Reset() }

func (a *autoEngine) finish(d *Document) {
	a.x.Finish()
	d.Paragraphs = a.x.Paragraphs()
	d.text, d.paths = a.x.Arenas()
	d.title = a.x.Title()
	d.lang = a.x.Language()
	d.describe = a.desc
	d.limits.DroppedParagraphs = a.x.Dropped()
	d.limits.DroppedPaths = a.x.PathsDropped()
}
