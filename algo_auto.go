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
	guessLang bool        // no language or stoplist was chosen: guess it per page
	model     *auto.Model // nil: the built-in one
}

// WithAutoModel makes the "auto" algorithm classify with model m instead
// of its built-in one: for the training tool, and for research on other
// weights. A nil m restores the built-in model. Other algorithms ignore
// it.
func WithAutoModel(m *auto.Model) Option {
	return func(c *config) error {
		c.auto.model = m
		return nil
	}
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
		Model:         cfg.auto.model,
		MaxParagraphs: cfg.maxParas,
		XPath:         cfg.xpath,
	})}
	a.x.SetStructure(cfg.structure)
	a.desc = a.describe
	return a
}

// describe appends the model's probability that paragraph i is main text
// and the evidence that weighed most in it.
func (a *autoEngine) describe(dst []byte, i int) []byte {
	dst = append(dst, "prob="...)
	dst = strconv.AppendFloat(dst, float64(a.x.Probability(i)), 'f', 3, 32)
	return a.x.AppendEvidence(append(dst, " evidence="...), i, 3)
}

// urlReader is an engine that reads the page's URL as evidence.
type urlReader interface{ setURL(u string) }

func (a *autoEngine) setURL(u string)         { a.x.SetURL(u) }
func (a *autoEngine) handler() blocks.Handler { return a.x }
func (a *autoEngine) reset()                  { a.x.Reset() }

func (a *autoEngine) finish(d *Document) {
	a.x.Finish()
	d.Paragraphs = a.x.Paragraphs()
	d.text, d.paths = a.x.Arenas()
	d.title = a.x.Title()
	d.lang = a.x.Language()
	d.describe = a.desc
	d.auto = a.x
	d.fallback = a.x.Fallback()
	d.limits.DroppedParagraphs = a.x.Dropped()
	d.limits.DroppedPaths = a.x.PathsDropped()
	d.structs, d.inlines, d.sxArena = a.x.Structures(), a.x.Inlines(), a.x.StructureArena()
}
