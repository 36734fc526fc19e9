// Command train fits the auto extractor's model on annotated pages and
// writes it as Go source. From the module root:
//
//	go run ./classify/auto/internal/train -out classify/auto/model_gen.go
//
// It reads the shared scrapinghub pages (news articles) and the wcxb-dev
// pages (seven kinds of page) and runs every page through the production
// path, jt.Extractor with the "auto" algorithm and the model being
// fitted, so that training sees exactly the features users get.
//
// Each paragraph is labelled main text when most of its 4-word shingles
// occur in the page's ground truth; a paragraph of one to three words when
// it is a whole line of the ground truth (headings, list items and cells
// stand on their own lines there). Both stages of both models (with and
// without a stoplist) are ensembles of oblivious trees fitted by Newton
// boosting of the log loss, each example weighted by its share of the
// page's words so that every page counts the same, as in the metrics
// (a scrapinghub page three times: -news-weight; the 181 news pages hold the
// convention of news extraction, against 1,358 pages of seven kinds;
// -type-weight weighs the wcxb-dev pages of chosen types otherwise).
// The page type model's trees are fitted on top of a logistic regression
// on the page's features, their sum starting from its log-odds.
// Stage 2 learns from the context features that stage 1 gives on pages it
// has not seen: the pages are cut into folds of domains and each fold is
// extracted with a stage 1 fitted on the others (stacking). The
// thresholds of the Favor settings maximise the mean per-page F1, F0.5 and
// F2 on the training pages.
//
// With -learner logistic every one of those models is an L2-regularised
// logistic regression on the same rows, weights and standardised
// features instead (fitted by L-BFGS, scored through the same extractor),
// so that the two learners compare on the same footing.
//
// Cross-validation (-k, 5 by default) groups pages by site: all the pages
// of a domain fall in the same fold, so no site is both learnt and scored.
// Every choice above is made on the training folds only; -fold-salt
// cuts other folds, to tell a change from the noise of one split (per
// type, up to ±0.03). The tool prints in-sample and cross-validated
// scores per data set and page type, with each set's own metric (the
// scrapinghub benchmark's shingles, WCXB's word F1). It is
// deterministic; -worst N lists the pages scored worst, -per-page FILE
// writes every page's scores in-sample and held out (CSV), -held-out FILE
// every page's paragraphs as held out, with their probabilities and labels
// (JSON lines: a cut or a rule is tried on them in seconds, without a new
// cross-validation), -dump ID prints one page's paragraphs with labels and
// probabilities, and -ceiling shows
// how far the model is from the best its probabilities and the paragraphs
// allow, in-sample and held out, and how much of its loss is precision's.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"hash/fnv"
	"log"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/classify/auto"
	"github.com/jtextract/jt/eval"
)

func main() {
	shared := flag.String("shared", "../shared/datasets", "directory holding the data sets scrapinghub/ and wcxb-dev/")
	out := flag.String("out", "", "write the model here as Go source (nothing written when empty)")
	folds := flag.Int("k", 5, "cross-validation folds, grouped by domain (0 for none)")
	trees1 := flag.Int("trees1", 64, "trees of stage 1 (and of each page type)")
	trees := flag.Int("trees", 96, "trees of stage 2")
	rate := flag.Float64("rate", 0.2, "learning rate")
	cols := flag.Float64("cols", 1, "share of the features each tree may split on, drawn per tree")
	news := flag.Float64("news-weight", 3, "weight of a scrapinghub page in training, against 1 for a wcxb-dev page")
	typeWeights := typeWeightFlag{}
	flag.Var(typeWeights, "type-weight", "weights of wcxb-dev pages by annotated type in training, `TYPE=W,...` (1 for a type not named), e.g. product=2,listing=2")
	salt := flag.Int("fold-salt", 0, "salt of the domain hash that cuts the cross-validation folds (the fits' inner folds take salt+1): another value gives another split, to tell a change from the noise of one split")
	learner := flag.String("learner", "trees", "the learner of every model: trees (boosted oblivious trees) or logistic (L2-regularised logistic regression, for comparison: -out writes only trees)")
	l2 := flag.Float64("l2", 1e-3, "the L2 penalty on the weights of the standardised features of the logistic regressions (every model with -learner logistic; the page type model's base with trees)")
	expectedF := flag.Bool("expected-f", true, "cut the page types other than article where the F-measure expected under the probabilities is highest (false: a threshold, or a share of the page's highest probability, on every type, for comparison)")
	perPage := flag.String("per-page", "", "write each page's scores, in-sample and (with -k above 1) cross-validated, to CSV `FILE`")
	heldOut := flag.String("held-out", "", "with -k above 1, write every page's paragraphs as the cross-validation scored them held out (probability, kept, label, words, text) to `FILE`, one JSON object per page and line")
	worst := flag.Int("worst", 0, "list the n pages with the lowest in-sample score")
	dump := flag.String("dump", "", "print the paragraphs of page `ID` (set/id, e.g. wcxb-dev/0001) with labels and the built-in model's probabilities, and exit")
	ceiling := flag.Bool("ceiling", false, "print, per data set and page type, the word F1 of the built-in model in-sample and (with -k above 1, about eighteen minutes) of the cross-validation's held-out pages: as kept, with the best threshold for each page, without the false positives, with the misses added, of the labels (what the paragraphs allow) and of every paragraph; and exit")
	flag.Parse()
	if *learner != "trees" && *learner != "logistic" {
		log.Fatalf("-learner %q: want trees or logistic", *learner)
	}
	if *learner == "logistic" && *out != "" {
		log.Fatal("-out writes tree models only: the logistic learner is for comparison")
	}
	pages, err := loadPages(*shared)
	if err != nil {
		log.Fatal(err)
	}
	if *salt < 0 || *salt > 254 {
		log.Fatalf("-fold-salt %d: want 0 to 254", *salt)
	}
	t := &trainer{pages: pages, newsWeight: *news, typeWeights: typeWeights, salt: byte(*salt), trees1: *trees1, params: boostParams{trees: *trees, rate: *rate, lambda: 1, rowFrac: 0.5, colFrac: *cols},
		logistic: *learner == "logistic", l2: *l2, expectedF: *expectedF}
	if *ceiling {
		if err := t.ceiling(os.Stdout, *folds); err != nil {
			log.Fatal(err)
		}
		return
	}
	if *dump != "" {
		if err := t.dumpPage(*dump); err != nil {
			log.Fatal(err)
		}
		return
	}
	// The file is made before the minutes of fitting, so that a wrong
	// path fails at once.
	var perPageFile, heldOutFile *os.File
	if *perPage != "" {
		if perPageFile, err = os.Create(*perPage); err != nil {
			log.Fatal(err)
		}
	}
	if *heldOut != "" {
		if *folds < 2 {
			log.Fatalf("-held-out needs a cross-validation: -k %d", *folds)
		}
		if heldOutFile, err = os.Create(*heldOut); err != nil {
			log.Fatal(err)
		}
		t.keepTexts = true
	}
	all := make([]int, len(pages))
	for i := range all {
		all[i] = i
	}
	m, err := t.fit(all)
	if err != nil {
		log.Fatal(err)
	}
	if *out != "" {
		if err := os.WriteFile(*out, source(m), 0o644); err != nil {
			log.Fatal(err)
		}
	}
	in, _, err := t.score(m, all)
	if err != nil {
		log.Fatal(err)
	}
	report("in-sample", in, t.pages)
	if *worst > 0 {
		listWorst(in, t.pages, *worst)
	}
	var cv []pageScore
	if *folds > 1 {
		var held []extracted
		if cv, held, err = t.crossValidate(*folds); err != nil {
			log.Fatal(err)
		}
		report(fmt.Sprintf("%d-fold CV by domain", *folds), cv, t.pages)
		if heldOutFile != nil {
			if err := writeHeldOut(heldOutFile, cv, held, t.pages); err != nil {
				log.Fatal(err)
			}
			if err := heldOutFile.Close(); err != nil {
				log.Fatal(err)
			}
		}
	}
	if perPageFile != nil {
		if err := writePerPage(perPageFile, in, cv, t.pages); err != nil {
			log.Fatal(err)
		}
		if err := perPageFile.Close(); err != nil {
			log.Fatal(err)
		}
	}
}

// page is one annotated page of either data set.
type page struct {
	set, id, typ, domain string
	html                 []byte
	truth                string
	shingles             map[uint64]struct{} // hashes of the truth's word 1- to 4-grams
	lines                map[uint64]struct{} // hashes of the truth's lines of one to three words
	truthDS              *eval.Dataset       // for the scrapinghub metric: a one-page data set
}

// loadPages reads both data sets.
func loadPages(dir string) ([]*page, error) {
	var pages []*page
	for _, name := range []string{"scrapinghub", "wcxb-dev"} {
		ds, err := eval.LoadDataset(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		for i := range ds.Pages {
			p := &ds.Pages[i]
			pg := &page{set: name, id: p.ID, typ: p.Type, domain: p.Domain, html: p.HTML, truth: p.Truth}
			if pg.typ == "" {
				pg.typ = "article"
			}
			if name == "scrapinghub" {
				pg.truthDS = &eval.Dataset{Dir: ds.Dir, Pages: []eval.Page{*p}}
			}
			pg.index()
			pages = append(pages, pg)
		}
	}
	return pages, nil
}

// index records the truth's shingles and short lines.
func (p *page) index() {
	p.shingles = map[uint64]struct{}{}
	p.lines = map[uint64]struct{}{}
	toks := eval.WordTokens(p.truth)
	for n := 1; n <= 4; n++ {
		for i := 0; i+n <= len(toks); i++ {
			p.shingles[hashWords(toks[i:i+n])] = struct{}{}
		}
	}
	for line := range strings.SplitSeq(p.truth, "\n") {
		if toks := eval.WordTokens(line); len(toks) > 0 && len(toks) < 4 {
			p.lines[hashWords(toks)] = struct{}{}
		}
	}
}

func hashWords(ws []string) uint64 {
	h := fnv.New64a()
	for _, w := range ws {
		h.Write([]byte(w))
		h.Write([]byte{0})
	}
	return h.Sum64()
}

// labels returns, per paragraph of words paras[i], 1 when it is main
// text of p: when half its word 4-grams are the truth's or, for a
// paragraph of fewer than four words, when it is a line of the truth or
// continues a run of the truth's words from the paragraph before it or
// into the one after it (a table cell, whose row the truth writes as one
// line, or a bold lead-in the truth joins to its sentence).
func (p *page) labels(paras [][]string) []float64 {
	// The paragraphs' words end to end: the three words before and after
	// a paragraph, from however many paragraphs hold them (a row's cells
	// may hold one word each, others none), are a slice of it.
	var all []string
	start := make([]int, len(paras))
	for i, toks := range paras {
		start[i] = len(all)
		all = append(all, toks...)
	}
	y := make([]float64, len(paras))
	for i, toks := range paras {
		switch {
		case len(toks) >= 4:
			y[i] = b2f(2*p.found(toks) >= len(toks)-3)
		case len(toks) > 0:
			a, b := start[i], start[i]+len(toks)
			withBefore, withAfter := all[max(0, a-3):b], all[a:min(len(all), b+3)]
			_, line := p.lines[hashWords(toks)]
			y[i] = b2f(line || p.inRun(withBefore) || p.inRun(withAfter))
		}
	}
	return y
}

// found counts the word 4-grams of toks that are the truth's.
func (p *page) found(toks []string) int {
	n := 0
	for i := 0; i+4 <= len(toks); i++ {
		if _, ok := p.shingles[hashWords(toks[i:i+4])]; ok {
			n++
		}
	}
	return n
}

// inRun reports whether toks has word 4-grams and all are the truth's.
func (p *page) inRun(toks []string) bool {
	return len(toks) >= 4 && p.found(toks) == len(toks)-3
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

type trainer struct {
	pages       []*page
	params      boostParams
	newsWeight  float64            // the weight of a scrapinghub page against a wcxb-dev page's 1
	typeWeights map[string]float64 // the weight of a wcxb-dev page by annotated type, 1 when absent
	salt        byte               // of the cross-validation folds; the inner folds take salt+1
	trees1      int                // trees of stage 1 and of each page type (params.trees: of stage 2)
	logistic    bool               // fit logistic regressions instead of trees
	l2          float64            // the logistic regressions' L2 penalty
	expectedF   bool               // page types other than article take the expected F-measure's cut
	keepTexts   bool               // score keeps the paragraphs' texts (for -held-out)
}

// learner returns the function that fits a model on rows xs: to labels
// y with weights w, reading features use, with trees trees (which a
// logistic regression ignores). With linear, the trees are fitted on top
// of a logistic regression, their sum starting from its log-odds, and
// the ensemble holds both.
func (t *trainer) learner(xs [][]float32, linear bool) func(y, w []float64, use []int, trees int) auto.Ensemble {
	if t.logistic {
		return func(y, w []float64, use []int, _ int) auto.Ensemble {
			return fitLogistic(xs, y, w, use, t.l2)
		}
	}
	mat := newMatrix(xs, auto.NumFeatures)
	return func(y, w []float64, use []int, trees int) auto.Ensemble {
		p := t.params
		p.trees = trees
		if !linear {
			return boost(mat, y, w, use, p, nil)
		}
		lin := fitLogistic(xs, y, w, use, t.l2)
		base := make([]float64, len(xs))
		for r, x := range xs {
			base[r] = float64(lin.Logit(x))
		}
		e := boost(mat, y, w, use, p, base)
		e.Bias += lin.Bias
		e.Linear = lin.Linear
		return e
	}
}

// extracted is what the production path gives for one page.
type extracted struct {
	feats    [][]float32 // per paragraph
	toks     [][]int32   // per paragraph: its words, as indices into truth
	y        []float64   // per paragraph: the label
	probs    []float32   // per paragraph: the final probability
	good     []bool      // per paragraph: kept, as users get it
	truth    []int32     // per word index: its count in the ground truth
	texts    []string    // per paragraph: its text
	classes  [][]uint64  // per paragraph: the hashes of the class words around it
	heads    [][]uint64  // per paragraph: the hashes of the words of the heading it follows
	text     string      // the main text, as users get it
	ptype    string      // the page type guessed
	weight   float64     // the page's weight in training
	fallback bool
}

// extract runs the production path with model m over pages, in parallel.
func (t *trainer) extract(m *auto.Model, idx []int, lang bool, favor auto.Favor) ([]extracted, error) {
	out := make([]extracted, len(idx))
	errs := make([]error, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := range errs {
		opts := []jt.Option{jt.WithAlgorithm("auto"), jt.WithAutoModel(m), jt.WithFavor(favor.String())}
		if lang {
			opts = append(opts, jt.WithLanguage(jt.LanguageAuto))
		} else {
			opts = append(opts, jt.WithLanguageIndependent())
		}
		ex, err := jt.New(opts...)
		if err != nil {
			return nil, err
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				p := t.pages[idx[k]]
				doc, err := ex.ExtractContext(context.Background(), bytes.NewReader(p.html), "")
				if err != nil {
					errs[w] = fmt.Errorf("%s/%s: %w", p.set, p.id, err)
					continue
				}
				e := &out[k]
				e.weight = t.weight(p)
				ids := map[string]int32{}
				id := func(w string) int32 {
					i, ok := ids[w]
					if !ok {
						i = int32(len(ids))
						ids[w] = i
						e.truth = append(e.truth, 0)
					}
					return i
				}
				for _, w := range eval.WordTokens(p.truth) {
					e.truth[id(w)]++
				}
				var words [][]string
				for i := range doc.Paragraphs {
					if doc.ParagraphSource(i) != "" {
						break // text read from JSON-LD, which the model does not score
					}
					toks := eval.WordTokens(string(doc.ParagraphText(i)))
					ti := make([]int32, len(toks))
					for j, w := range toks {
						ti[j] = id(w)
					}
					e.toks = append(e.toks, ti)
					e.texts = append(e.texts, string(doc.ParagraphText(i)))
					e.classes = append(e.classes, doc.AppendClassWords(nil, i))
					e.heads = append(e.heads, doc.AppendHeadingWords(nil, i))
					e.feats = append(e.feats, slices.Clone(doc.Features(i)))
					words = append(words, toks)
					pr, _ := doc.Probability(i)
					e.probs = append(e.probs, pr)
					e.good = append(e.good, doc.Paragraphs[i].Class == blocks.Good)
				}
				e.y = p.labels(words)
				e.text = doc.Text()
				e.ptype, _ = doc.PageType()
				e.fallback = doc.Fallback()
			}
		}()
	}
	for k := range idx {
		next <- k
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// wordScore returns WCXB's word precision and recall of the paragraphs
// keep selects: the joined texts' words, as multisets, against the
// truth's.
func (e *extracted) wordScore(keep func(i int) bool) (p, r float64) {
	counts := make([]int32, len(e.truth))
	pred, truth, overlap := 0, 0, 0
	for _, c := range e.truth {
		truth += int(c)
	}
	for i, toks := range e.toks {
		if !keep(i) {
			continue
		}
		for _, w := range toks {
			pred++
			if counts[w] < e.truth[w] {
				overlap++
			}
			counts[w]++
		}
	}
	switch {
	case truth == 0 && pred == 0:
		return 1, 1
	case truth == 0 || pred == 0:
		return 0, 0
	}
	return float64(overlap) / float64(pred), float64(overlap) / float64(truth)
}

func fbeta(p, r, b2 float64) float64 {
	if p+r == 0 {
		return 0
	}
	return (1 + b2) * p * r / (b2*p + r)
}

// examples flattens pages' paragraphs into rows, labels and weights; a
// page's weights add up to one, shared by its paragraphs' words.
func examples(ex []extracted) (xs [][]float32, y, w []float64) {
	for _, e := range ex {
		total := 0
		for _, t := range e.toks {
			total += len(t)
		}
		for i, t := range e.toks {
			if len(t) == 0 {
				continue
			}
			xs = append(xs, e.feats[i])
			y = append(y, e.y[i])
			w = append(w, e.weight*float64(len(t))/float64(total))
		}
	}
	return xs, y, w
}

// innerFolds is how many folds of its domains a fit cuts its pages into
// to see the page type model's probabilities as held-out pages get them.
const innerFolds = 4

// fit trains a model on pages idx.
//
// The paragraph models read the page type model's probabilities and the
// class lexicon's scores, which on the pages they were learned from are
// surer than on any other page. So the pages are cut into innerFolds
// folds of domains, and each fold's pages are extracted, for the
// paragraph models' training, with a page type model and a lexicon
// learned from the other folds; those kept are learned from all.
func (t *trainer) fit(idx []int) (*auto.Model, error) {
	m := &auto.Model{}
	// The paragraph models read the URL through the page type model only:
	// a site's paths say what kind of page it is, not which of its
	// paragraphs are the main text.
	var stage1, all []int
	for i, name := range auto.FeatureNames() {
		if strings.HasPrefix(name, "page_url_") {
			continue
		}
		if i < auto.NumStage1 {
			stage1 = append(stage1, i)
		}
		all = append(all, i)
	}
	folds := t.folds(idx, innerFolds, t.salt+1)
	rows, err := t.extract(m, idx, true, auto.Balanced)
	if err != nil {
		return nil, err
	}
	heldOut := make([][auto.NumPageTypes]auto.Ensemble, len(folds))
	heldOutClasses := make([]auto.Lexicon, len(folds))
	heldOutHeads := make([]auto.Lexicon, len(folds))
	for k := range folds {
		var train []int
		for i, pi := range idx {
			if !slices.Contains(folds[k], pi) {
				train = append(train, i)
			}
		}
		heldOut[k] = t.fitPageTypes(rows, idx, train)
		heldOutClasses[k] = learnLexicon(rows, train, classWords)
		heldOutHeads[k] = learnLexicon(rows, train, headWords)
	}
	everyRow := make([]int, len(idx))
	for i := range everyRow {
		everyRow[i] = i
	}
	m.PageType = t.fitPageTypes(rows, idx, everyRow)
	m.Classes = learnLexicon(rows, everyRow, classWords)
	m.Headings = learnLexicon(rows, everyRow, headWords)
	// extract runs m over the pages, each fold with its held-out page
	// type model and, when stage1 is given, its own stage 1.
	extract := func(lang bool, stage1 []auto.Ensemble) ([]extracted, error) {
		var out []extracted
		for k, fold := range folds {
			mk := *m
			mk.PageType, mk.Classes, mk.Headings = heldOut[k], heldOutClasses[k], heldOutHeads[k]
			if stage1 != nil {
				mk.Lang.Stage1, mk.NoLang.Stage1 = stage1[k], stage1[k]
			}
			ex, err := t.extract(&mk, fold, lang, auto.Balanced)
			if err != nil {
				return nil, err
			}
			out = append(out, ex...)
		}
		return out, nil
	}
	for _, lang := range []bool{true, false} {
		w := &m.Lang
		if !lang {
			w = &m.NoLang
		}
		ex, err := extract(lang, nil)
		if err != nil {
			return nil, err
		}
		xs, y, wt := examples(ex)
		w.Stage1 = t.learner(xs, false)(y, wt, stage1, t.trees1)
		// Stage 2 learns from the context stage 1 gives, as on pages it
		// has never seen: each fold's pages are extracted with a stage 1
		// fitted on the other folds (stacking). The stage 1 fitted on
		// the fold's own pages would be surer of them than of any other
		// page, and stage 2 would learn to trust it more than it should.
		heldOut1 := make([]auto.Ensemble, len(folds))
		start := 0
		for k, fold := range folds {
			other := slices.Concat(ex[:start], ex[start+len(fold):])
			start += len(fold)
			xs, y, wt := examples(other)
			heldOut1[k] = t.learner(xs, false)(y, wt, stage1, t.trees1)
		}
		if ex, err = extract(lang, heldOut1); err != nil {
			return nil, err
		}
		xs, y, wt = examples(ex)
		w.Stage2 = t.learner(xs, false)(y, wt, all, t.params.trees)
		// On every page type but articles the threshold only decides
		// whether the fallback is needed, and the expected F-measure then
		// sets the cut. The in-sample probabilities are too sure to judge
		// this on; held out by site, it gains on the other types and
		// loses on scrapinghub's news.
		for ti, name := range auto.PageTypes() {
			w.ExpectedF[ti] = t.expectedF && name != "article"
		}
		if ex, err = extract(lang, nil); err != nil {
			return nil, err
		}
		for f := range w.Threshold {
			all := bestThreshold(ex, auto.Favor(f))
			for ti, name := range auto.PageTypes() {
				var of []extracted
				for _, e := range ex {
					if e.ptype == name {
						of = append(of, e)
					}
				}
				w.Threshold[f][ti] = all
				if len(of) >= minTypePages {
					w.Threshold[f][ti] = bestThreshold(of, auto.Favor(f))
					if !w.ExpectedF[ti] {
						w.Relative[f][ti] = bestRelative(of, auto.Favor(f), w.Threshold[f][ti])
					}
				}
			}
		}
	}
	return m, nil
}

// weight returns page p's weight in training.
func (t *trainer) weight(p *page) float64 {
	if p.set == "scrapinghub" {
		return t.newsWeight
	}
	if w, ok := t.typeWeights[p.typ]; ok {
		return w
	}
	return 1
}

// typeWeightFlag is the value of -type-weight: page type to weight.
type typeWeightFlag map[string]float64

func (f typeWeightFlag) String() string {
	var s []string
	for _, typ := range typeOrder {
		if w, ok := f[typ]; ok {
			s = append(s, fmt.Sprintf("%s=%g", typ, w))
		}
	}
	return strings.Join(s, ",")
}

func (f typeWeightFlag) Set(v string) error {
	for item := range strings.SplitSeq(v, ",") {
		typ, w, ok := strings.Cut(item, "=")
		if !ok || !slices.Contains(typeOrder, typ) {
			return fmt.Errorf("%q: want TYPE=W with TYPE one of %s", item, strings.Join(typeOrder, ", "))
		}
		x, err := strconv.ParseFloat(w, 64)
		if err != nil || !(x > 0) || math.IsInf(x, 0) {
			return fmt.Errorf("%q: want a positive, finite weight", item)
		}
		f[typ] = x
	}
	return nil
}

// folds cuts pages idx into k folds by a hash of their domain (salted, so
// that the inner folds of a fit differ from the folds of the
// cross-validation around it).
func (t *trainer) folds(idx []int, k int, salt byte) [][]int {
	out := make([][]int, k)
	for _, pi := range idx {
		h := fnv.New32a()
		h.Write([]byte{salt})
		h.Write([]byte(t.pages[pi].domain))
		f := h.Sum32() % uint32(k)
		out[f] = append(out[f], pi)
	}
	return out
}

// fitPageTypes fits a page type model on the pages of rows (extracted
// from pages idx) selected by sel: one ensemble per type, on the features
// of the page as a whole (those named kind_ and page_), one row per page
// with text.
func (t *trainer) fitPageTypes(rows []extracted, idx, sel []int) [auto.NumPageTypes]auto.Ensemble {
	var use []int
	for i, name := range auto.FeatureNames() {
		if strings.HasPrefix(name, "kind_") || strings.HasPrefix(name, "page_") {
			use = append(use, i)
		}
	}
	var xs [][]float32
	var types []string
	for _, k := range sel {
		if e := &rows[k]; len(e.feats) > 0 {
			xs = append(xs, e.feats[0])
			types = append(types, t.pages[idx[k]].typ)
		}
	}
	learn := t.learner(xs, true)
	w := make([]float64, len(xs))
	for i := range w {
		w[i] = 1
	}
	var out [auto.NumPageTypes]auto.Ensemble
	for ti, name := range auto.PageTypes() {
		y := make([]float64, len(xs))
		for i, typ := range types {
			y[i] = b2f(typ == name)
		}
		out[ti] = learn(y, w, use, t.trees1)
	}
	return out
}

// minTypePages is the fewest training pages of a (guessed) page type
// that get a threshold of their own; the others share the threshold of all.
const minTypePages = 20

// relatives are the shares of a page's highest probability that
// bestRelative tries, 0 for none.
var relatives = [...]float32{0, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8}

// bestRelative returns the share of relatives that, with threshold th,
// maximises the mean over pages of the favor's F-measure on words (see
// Weights.Relative).
func bestRelative(ex []extracted, favor auto.Favor, th float32) float32 {
	b2 := favor.Beta() * favor.Beta()
	best, bestR := -1.0, float32(0)
	for _, r := range relatives {
		sum := 0.0
		for k := range ex {
			e := &ex[k]
			var pmax float32
			for _, p := range e.probs {
				pmax = max(pmax, p)
			}
			cut := th
			if r > 0 && pmax >= th {
				cut = min(th, r*pmax)
			}
			p, rec := e.wordScore(func(i int) bool { return e.probs[i] >= cut })
			sum += e.weight * fbeta(p, rec, b2)
		}
		if sum > best {
			best, bestR = sum, r
		}
	}
	return bestR
}

// bestThreshold returns the threshold in [0.1, 0.9] that maximises the
// mean over pages of the favor's F-measure on words.
func bestThreshold(ex []extracted, favor auto.Favor) float32 {
	b2 := favor.Beta() * favor.Beta()
	best, bestTh := -1.0, float32(0.5)
	for th := float32(0.1); th < 0.91; th += 0.025 {
		sum := 0.0
		for k := range ex {
			e := &ex[k]
			p, r := e.wordScore(func(i int) bool { return e.probs[i] >= th })
			sum += e.weight * fbeta(p, r, b2)
		}
		if sum > best {
			best, bestTh = sum, th
		}
	}
	return bestTh
}
