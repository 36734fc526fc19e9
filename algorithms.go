package jt

import (
	"slices"

	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/classify/justext"
	"github.com/jtextract/jt/tokenizer"
)

// algorithm is one entry of the registry behind WithAlgorithm.
type algorithm struct {
	name  string
	about string
	new   func(cfg *config, z *tokenizer.Tokenizer) engine
}

// registry lists the algorithms in the order Algorithms reports them.
var registry = []algorithm{
	{"auto", "jt's combined extractor: jusText's, Boilerpipe's and BTE's evidence with page structure, scored by a trained model", newAuto},
	{"justext", "jusText (Pomikálek): paragraphs classified by length, link and stop-word density, then by context", newJusText},
	{"boilerpipe-article", "Boilerpipe ArticleExtractor (Kohlschütter et al.), as boilerpipe 1.2.0", newBoilerpipe("article", false)},
	{"boilerpipe-default", "Boilerpipe DefaultExtractor: text density rules after block fusion", newBoilerpipe("default", false)},
	{"boilerpipe-sentences", "Boilerpipe ArticleSentencesExtractor: Article, then only blocks with full clauses", newBoilerpipe("sentences", false)},
	{"boilerpipe-largest", "Boilerpipe LargestContentExtractor: the largest block after fusion", newBoilerpipe("largest", false)},
	{"boilerpipe-canola", "Boilerpipe CanolaExtractor: rules trained on the krdwrd Canola corpus", newBoilerpipe("canola", false)},
	{"boilerpipe-numwords", "Boilerpipe NumWordsRulesExtractor: word-count rules alone", newBoilerpipe("numwords", false)},
	{"boilerpipe-keepall", "Boilerpipe KeepEverythingExtractor: every block is content (a baseline)", newBoilerpipe("keepall", false)},
	{"tree", "Boilerpipe Default plus the HTML-tree filter of Viveros-Jiménez et al. (2018), grandparent grouping", newBoilerpipe("default", true)},
	{"bte", "BTE (Finn et al.; Baroni's compact formulation): the stretch with most words minus tags, by Kadane's algorithm", newBTE},
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

func newJusText(cfg *config, _ *tokenizer.Tokenizer) engine {
	m := blocks.NewParagraphMaker(cfg.stop, cfg.xpath)
	m.SetMaxParagraphs(cfg.maxParas)
	m.SetStructure(cfg.structure)
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
	d.limits.DroppedPaths = j.m.PathsDropped()
	d.structs, d.inlines, d.sxArena = j.m.Structures(), j.m.Inlines(), j.m.StructureArena()
}
