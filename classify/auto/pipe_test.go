package auto_test

import (
	"context"

	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/charset"
	"github.com/jtextract/jt/classify/auto"
	"github.com/jtextract/jt/tokenizer"
)

// Pipe decodes, tokenizes and walks pages into an auto.Extractor, as the
// root package does, for tests that look inside the Extractor. It is
// reusable and not safe for concurrent use.
type Pipe struct {
	X   *auto.Extractor
	dec *charset.Decoder
	z   *tokenizer.Tokenizer
	w   *blocks.Walker
	out []byte
}

// newPipeErr returns a Pipe around an Extractor made with cfg.
func newPipeErr(cfg auto.Config) (*Pipe, error) {
	dec, err := charset.NewDecoder()
	if err != nil {
		return nil, err
	}
	z, err := tokenizer.New()
	if err != nil {
		return nil, err
	}
	return &Pipe{X: auto.New(cfg), dec: dec, z: z, w: blocks.NewWalker()}, nil
}

// Run extracts page; the results are in p.X until the next Run.
func (p *Pipe) Run(page []byte) error {
	text, _, err := p.dec.Decode(page, "")
	if err != nil {
		return err
	}
	p.z.ResetBytes(text)
	p.X.Reset()
	if err := p.w.Walk(context.Background(), p.z, p.X); err != nil {
		return err
	}
	p.X.Finish()
	return nil
}

// Text returns the text of the paragraphs keep selects (by index), joined
// by "\n" as the root package's Document.Text joins good paragraphs.
func (p *Pipe) Text(keep func(i int) bool) string {
	arena, _ := p.X.Arenas()
	p.out = p.out[:0]
	for i, para := range p.X.Paragraphs() {
		if !keep(i) {
			continue
		}
		if len(p.out) > 0 {
			p.out = append(p.out, '\n')
		}
		p.out = append(p.out, arena[para.Text.Start:para.Text.End]...)
	}
	return string(p.out)
}

// GoodText returns the text of the paragraphs classified Good.
func (p *Pipe) GoodText() string {
	paras := p.X.Paragraphs()
	return p.Text(func(i int) bool { return paras[i].Class == blocks.Good })
}
