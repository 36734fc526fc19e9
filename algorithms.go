package jt

import (
	"slices"

	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/classify/justext"
)

// algorithm is one entry of the registry behind WithAlgorithm.
type algorithm struct {
	name  string
	about string
	new   func(cfg *config) engine
}

// registry lists the algorithms in the order Algorithms reports them.
var registry = []algorithm{
	{"justext", "jusText (Pomikálek): paragraphs classified by length, link and stop-word density, then by context", newJusText},
}

// Algorithms returns the names WithAlgorithm accepts.
func Algorithms() []string {
	names := make([]string, len(registry))
	for i, a := range registry {
		names[i] = a.name
	}
	return names
}

// AlgorithmAbout returns a one-line description of an algorithm, or "" for
// an unknown name.
func AlgorithmAbout(name string) string {
	a, _ := lookupAlgorithm(name)
	return a.about
}

func lookupAlgorithm(name string) (algorithm, bool) {
	i := slices.IndexFunc(registry, func(a algorithm) bool { return a.name == name })
	if i < 0 {
		return algorithm{}, false
	}
	return registry[i], true
}

// jusTextEngine runs jusText: ParagraphMaker, then Classify.
type jusTextEngine struct {
	m   *blocks.ParagraphMaker
	cfg justext.Config
}

func newJusText(cfg *config) engine {
	m := blocks.NewParagraphMaker(cfg.stop, cfg.xpath)
	m.SetMaxParagraphs(cfg.maxParas)
	return &jusTextEngine{m: m, cfg: cfg.justext}
}

func (j *jusTextEngine) handler() blocks.Handler { return j.m }
func (j *jusTextEngine) reset()                  { j.m.Reset() }

func (j *jusTextEngine) finish(d *Document) {
	j.m.Finish()
	paras := j.m.Paragraphs()
	justext.Classify(paras, j.cfg)
	d.Paragraphs = paras
	d.text, d.paths = j.m.Arenas()
	d.title = j.m.Title()
	d.limits.DroppedParagraphs = j.m.Dropped()
}
