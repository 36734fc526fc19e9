// Command train fits the auto extractor's model on an annotated data set
// and writes it as Go source. From the module root:
//
//	go run ./classify/auto/internal/train -data ../shared/datasets/scrapinghub -out classify/auto/model_gen.go
//
// Each paragraph is labelled main text when most of its 4-token shingles
// occur in the page's ground truth (the benchmark's own unit). Both stages
// of both models (with and without a stoplist) are L2-regularised logistic
// regressions fitted by Newton's method, each example weighted by its share
// of the page's tokens so that every page counts about the same, as in the
// metric. The thresholds of the Favor settings are those that maximise F1,
// F0.5 and F2 on the training pages. The tool reports k-fold
// cross-validated scores (folds by page, every choice above made on the
// training folds only) beside the in-sample ones. It is deterministic
// and takes about a minute on one core (-k 0 skips cross-validation).
// -worst N lists the pages with the lowest F1 and the languages guessed;
// -drops N the pages whose F1 falls most when they are held out;
// -dump ID prints one page's paragraphs with their labels and the
// built-in model's probabilities, to see why a page fails.
package main

import (
	"bytes"
	"cmp"
	"flag"
	"fmt"
	"go/format"
	"log"
	"maps"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/jtextract/jt/classify/auto"
	"github.com/jtextract/jt/classify/auto/internal/pipe"
	"github.com/jtextract/jt/eval"
)

func main() {
	data := flag.String("data", "../shared/datasets/scrapinghub", "data set directory (html/ and ground-truth.json)")
	out := flag.String("out", "", "write the model here as Go source (nothing written when empty)")
	folds := flag.Int("k", 5, "cross-validation folds (0 for none)")
	lambda := flag.Float64("l2", 1, "L2 penalty")
	worst := flag.Int("worst", 0, "list the n pages with the lowest in-sample F1 (balanced), with their language")
	drops := flag.Int("drops", 0, "with -k, list the n pages whose F1 (balanced, guessed language) falls most from in-sample to held out")
	dump := flag.String("dump", "", "print the paragraphs of page `ID` with their label, the built-in model's probability and class, and exit")
	flag.Parse()
	ds, err := eval.LoadDataset(*data)
	if err != nil {
		log.Fatal(err)
	}
	if *dump != "" {
		if err := dumpPage(ds, *dump); err != nil {
			log.Fatal(err)
		}
		return
	}
	t := &trainer{ds: ds, lambda: *lambda}
	all := make([]int, len(ds.Pages))
	for i := range all {
		all[i] = i
	}
	m, err := t.fit(all)
	if err != nil {
		log.Fatal(err)
	}
	var inSample *eval.Result // balanced, guessed language
	for _, lang := range []bool{true, false} {
		for f := range 3 {
			r, err := t.score(m, all, lang, auto.Favor(f))
			if err != nil {
				log.Fatal(err)
			}
			if lang && auto.Favor(f) == auto.Balanced {
				inSample = r
			}
			fmt.Printf("in-sample   lang=%-5v %-9v F1 %.3f P %.3f R %.3f\n", lang, auto.Favor(f), r.F1, r.Precision, r.Recall)
		}
	}
	if *worst > 0 {
		if err := t.listWorst(m, *worst); err != nil {
			log.Fatal(err)
		}
	}
	if *folds > 1 {
		heldOut, err := t.crossValidate(*folds)
		if err != nil {
			log.Fatal(err)
		}
		listDrops(inSample, heldOut, *drops)
	}
	if *out != "" {
		if err := os.WriteFile(*out, source(m), 0o644); err != nil {
			log.Fatal(err)
		}
	}
}

type trainer struct {
	ds     *eval.Dataset
	lambda float64
}

// example is one paragraph as a training example.
type example struct {
	x      []float64
	y      float64
	weight float64
}

// config returns the extractor configuration of a model variant: the
// guessed language, or none.
func config(m *auto.Model, lang bool) auto.Config {
	return auto.Config{AutoLanguage: lang, Model: m}
}

// examples runs the extractor with model m over pages and returns their
// paragraphs' first n features with labels.
func (t *trainer) examples(m *auto.Model, lang bool, pages []int, n int) ([]example, error) {
	p, err := pipe.New(config(m, lang))
	if err != nil {
		return nil, err
	}
	var out []example
	for _, pi := range pages {
		page := &t.ds.Pages[pi]
		if err := p.Run(page.HTML); err != nil {
			return nil, fmt.Errorf("page %s: %w", page.ID, err)
		}
		truth := newShingles(page.Truth)
		arena, _ := p.X.Arenas()
		paras := p.X.Paragraphs()
		total := 0
		toks := make([][]string, len(paras))
		for i, para := range paras {
			toks[i] = eval.Tokens(string(arena[para.Text.Start:para.Text.End]))
			total += len(toks[i])
		}
		for i := range paras {
			if len(toks[i]) == 0 {
				continue
			}
			x := make([]float64, n)
			for j, v := range p.X.Features(i)[:n] {
				x[j] = float64(v)
			}
			y := 0.0
			if truth.share(toks[i]) >= 0.5 {
				y = 1
			}
			out = append(out, example{x: x, y: y, weight: float64(len(toks[i])) / float64(total+1) * 100})
		}
	}
	return out, nil
}

// shingles is the set of a text's token n-grams, n = 1 to 4.
type shingles map[string]bool

func newShingles(text string) shingles {
	toks := eval.Tokens(text)
	s := shingles{}
	for n := 1; n <= 4; n++ {
		for i := 0; i+n <= len(toks); i++ {
			s[strings.Join(toks[i:i+n], " ")] = true
		}
	}
	return s
}

// share returns the share of toks' 4-shingles (or of the whole, when
// shorter) found in s.
func (s shingles) share(toks []string) float64 {
	if len(toks) < 4 {
		return b2f(s[strings.Join(toks, " ")])
	}
	found := 0
	for i := 0; i+4 <= len(toks); i++ {
		if s[strings.Join(toks[i:i+4], " ")] {
			found++
		}
	}
	return float64(found) / float64(len(toks)-3)
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// fit trains a model on pages.
func (t *trainer) fit(pages []int) (*auto.Model, error) {
	m := &auto.Model{}
	for _, lang := range []bool{true, false} {
		w := &m.Lang
		if !lang {
			w = &m.NoLang
		}
		ex, err := t.examples(m, lang, pages, auto.NumStage1)
		if err != nil {
			return nil, err
		}
		copy(w.Stage1[:], toFloat32(t.logistic(ex)))
		ex, err = t.examples(m, lang, pages, auto.NumFeatures)
		if err != nil {
			return nil, err
		}
		copy(w.Stage2[:], toFloat32(t.logistic(ex)))
		probs, err := t.probabilities(m, pages, lang)
		if err != nil {
			return nil, err
		}
		for f := range w.Threshold {
			w.Threshold[f] = t.bestThreshold(probs, pages, auto.Favor(f))
		}
	}
	return m, nil
}

func toFloat32(v []float64) []float32 {
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = float32(x)
	}
	return out
}

// betas are the F-measure weights of the Favor settings: F1, F0.5, F2.
var betas = [...]float64{auto.Balanced: 1, auto.Precision: 0.5, auto.Recall: 2}

// bestThreshold returns the threshold in [0.1, 0.9] that maximises the
// favor's F-measure on pages, given their probabilities.
func (t *trainer) bestThreshold(probs []pageProbs, pages []int, favor auto.Favor) float32 {
	beta := betas[favor]
	best, bestTh := -1.0, float32(0.5)
	for th := float32(0.1); th < 0.91; th += 0.025 {
		r := t.scoreProbs(probs, pages, th)
		b2 := beta * beta
		f := (1 + b2) * r.Precision * r.Recall / (b2*r.Precision + r.Recall)
		if f > best {
			best, bestTh = f, th
		}
	}
	return bestTh
}

// pageProbs is one page's paragraph texts and final probabilities.
type pageProbs struct {
	texts []string
	probs []float32
}

func (t *trainer) probabilities(m *auto.Model, pages []int, lang bool) ([]pageProbs, error) {
	p, err := pipe.New(config(m, lang))
	if err != nil {
		return nil, err
	}
	out := make([]pageProbs, len(pages))
	for k, pi := range pages {
		if err := p.Run(t.ds.Pages[pi].HTML); err != nil {
			return nil, err
		}
		arena, _ := p.X.Arenas()
		for i, para := range p.X.Paragraphs() {
			out[k].texts = append(out[k].texts, string(arena[para.Text.Start:para.Text.End]))
			out[k].probs = append(out[k].probs, p.X.Probability(i))
		}
	}
	return out, nil
}

// scoreProbs scores the pages' texts made of the paragraphs at or above th.
func (t *trainer) scoreProbs(probs []pageProbs, pages []int, th float32) *eval.Result {
	sub := &eval.Dataset{Dir: t.ds.Dir}
	preds := map[string]string{}
	for k, pi := range pages {
		page := t.ds.Pages[pi]
		sub.Pages = append(sub.Pages, page)
		var b strings.Builder
		for i, p := range probs[k].probs {
			if p >= th {
				if b.Len() > 0 {
					b.WriteByte('\n')
				}
				b.WriteString(probs[k].texts[i])
			}
		}
		preds[page.ID] = b.String()
	}
	return eval.ScorePredictions(sub, preds)
}

// score runs model m over pages with favor's threshold and scores the
// output.
func (t *trainer) score(m *auto.Model, pages []int, lang bool, favor auto.Favor) (*eval.Result, error) {
	cfg := config(m, lang)
	cfg.Favor = favor
	p, err := pipe.New(cfg)
	if err != nil {
		return nil, err
	}
	sub := &eval.Dataset{Dir: t.ds.Dir}
	preds := map[string]string{}
	for _, pi := range pages {
		page := t.ds.Pages[pi]
		if err := p.Run(page.HTML); err != nil {
			return nil, err
		}
		sub.Pages = append(sub.Pages, page)
		preds[page.ID] = p.GoodText()
	}
	return eval.ScorePredictions(sub, preds), nil
}

// crossValidate trains on k-1 folds and scores the held-out fold, for each
// fold, and prints the means over pages of all held-out folds. Each fold's
// model is fitted once and scored in every variant and Favor.
func (t *trainer) crossValidate(k int) (map[string]float64, error) {
	var sumP, sumR [2][3]float64
	heldOut := map[string]float64{} // page ID: F1, balanced, guessed language
	n := 0
	for fold := range k {
		var train, test []int
		for i := range t.ds.Pages {
			if i%k == fold {
				test = append(test, i)
			} else {
				train = append(train, i)
			}
		}
		m, err := t.fit(train)
		if err != nil {
			return nil, err
		}
		for v, lang := range []bool{true, false} {
			for f := range 3 {
				r, err := t.score(m, test, lang, auto.Favor(f))
				if err != nil {
					return nil, err
				}
				if lang && auto.Favor(f) == auto.Balanced {
					for _, ps := range r.Pages {
						heldOut[ps.ID] = ps.F1
					}
				}
				sumP[v][f] += r.Precision * float64(len(test))
				sumR[v][f] += r.Recall * float64(len(test))
			}
		}
		n += len(test)
	}
	for v, lang := range []bool{true, false} {
		for f := range 3 {
			p, r := sumP[v][f]/float64(n), sumR[v][f]/float64(n)
			fmt.Printf("%d-fold CV   lang=%-5v %-9v F1 %.3f P %.3f R %.3f\n", k, lang, auto.Favor(f), 2*p*r/(p+r), p, r)
		}
	}
	return heldOut, nil
}

// listDrops prints the n pages whose F1 falls most from in-sample to held
// out: the pages the model learns only from themselves.
func listDrops(inSample *eval.Result, heldOut map[string]float64, n int) {
	type drop struct {
		id           string
		in, out, gap float64
	}
	var ds []drop
	for _, ps := range inSample.Pages {
		if out, ok := heldOut[ps.ID]; ok {
			ds = append(ds, drop{ps.ID, ps.F1, out, ps.F1 - out})
		}
	}
	slices.SortStableFunc(ds, func(a, b drop) int { return cmp.Compare(b.gap, a.gap) })
	for _, d := range ds[:min(n, len(ds))] {
		fmt.Printf("drop %.3f in-sample %.3f held out %.3f %s\n", d.gap, d.in, d.out, d.id)
	}
}

// logistic fits weights (bias last) minimising the weighted log loss plus
// lambda/2 times the squared weights (bias excluded), by Newton's method.
func (t *trainer) logistic(ex []example) []float64 {
	d := len(ex[0].x) + 1
	w := make([]float64, d)
	x := make([]float64, d)
	for range 30 {
		grad := make([]float64, d)
		hess := make([]float64, d*d)
		for _, e := range ex {
			copy(x, e.x)
			x[d-1] = 1
			z := 0.0
			for j, v := range x {
				z += w[j] * v
			}
			p := 1 / (1 + math.Exp(-z))
			g, h := e.weight*(p-e.y), e.weight*p*(1-p)
			for j, vj := range x {
				grad[j] += g * vj
				for l := j; l < d; l++ {
					hess[j*d+l] += h * vj * x[l]
				}
			}
		}
		for j := range d {
			for l := 0; l < j; l++ {
				hess[j*d+l] = hess[l*d+j]
			}
			if j < d-1 {
				grad[j] += t.lambda * w[j]
				hess[j*d+j] += t.lambda
			} else {
				hess[j*d+j] += 1e-6
			}
		}
		step := solve(hess, grad, d)
		change := 0.0
		for j := range w {
			w[j] -= step[j]
			change = max(change, math.Abs(step[j]))
		}
		if change < 1e-6 {
			break
		}
	}
	return w
}

// solve returns the solution of a·x = b for the d×d symmetric positive
// definite matrix a, by Gaussian elimination with partial pivoting.
func solve(a, b []float64, d int) []float64 {
	m := make([]float64, len(a))
	copy(m, a)
	x := make([]float64, d)
	copy(x, b)
	for c := range d {
		p := c
		for r := c + 1; r < d; r++ {
			if math.Abs(m[r*d+c]) > math.Abs(m[p*d+c]) {
				p = r
			}
		}
		for j := range d {
			m[c*d+j], m[p*d+j] = m[p*d+j], m[c*d+j]
		}
		x[c], x[p] = x[p], x[c]
		for r := c + 1; r < d; r++ {
			f := m[r*d+c] / m[c*d+c]
			for j := c; j < d; j++ {
				m[r*d+j] -= f * m[c*d+j]
			}
			x[r] -= f * x[c]
		}
	}
	for c := d - 1; c >= 0; c-- {
		for j := c + 1; j < d; j++ {
			x[c] -= m[c*d+j] * x[j]
		}
		x[c] /= m[c*d+c]
	}
	return x
}

// source renders m as the generated Go file.
func source(m *auto.Model) []byte {
	var b bytes.Buffer
	b.WriteString("// Code generated by go run ./classify/auto/internal/train; DO NOT EDIT.\n\npackage auto\n\n")
	b.WriteString("// builtin is the model trained on the shared scrapinghub pages.\nvar builtin = Model{\n")
	names := auto.FeatureNames()
	for _, v := range []struct {
		name string
		w    *auto.Weights
	}{{"Lang", &m.Lang}, {"NoLang", &m.NoLang}} {
		fmt.Fprintf(&b, "%s: Weights{\nStage1: [NumStage1 + 1]float32{\n", v.name)
		writeWeights(&b, v.w.Stage1[:], names)
		b.WriteString("},\nStage2: [NumFeatures + 1]float32{\n")
		writeWeights(&b, v.w.Stage2[:], names)

		fmt.Fprintf(&b, "},\nThreshold: [numFavors]float32{Balanced: %g, Precision: %g, Recall: %g},\n},\n",
			v.w.Threshold[auto.Balanced], v.w.Threshold[auto.Precision], v.w.Threshold[auto.Recall])
	}
	b.WriteString("}\n")
	src, err := format.Source(b.Bytes())
	if err != nil {
		log.Fatalf("formatting the model: %v", err)
	}
	return src
}

func writeWeights(b *bytes.Buffer, w []float32, names []string) {
	for i, v := range w {
		name := "bias"
		if i < len(w)-1 {
			name = names[i]
		}
		fmt.Fprintf(b, "%.5g, // %s\n", v, name)
	}
}

// listWorst prints the n pages with the lowest F1 under m, balanced, with
// the language guessed for them.
func (t *trainer) listWorst(m *auto.Model, n int) error {
	p, err := pipe.New(config(m, true))
	if err != nil {
		return err
	}
	preds := map[string]string{}
	langs := map[string]string{}
	for _, page := range t.ds.Pages {
		if err := p.Run(page.HTML); err != nil {
			return err
		}
		preds[page.ID] = p.GoodText()
		langs[page.ID] = p.X.Language()
	}
	count := map[string]int{}
	for _, l := range langs {
		count[l]++
	}
	names := slices.Sorted(maps.Keys(count))
	slices.SortStableFunc(names, func(a, b string) int { return cmp.Compare(count[b], count[a]) })
	fmt.Print("languages guessed:")
	for _, l := range names {
		fmt.Printf(" %q %d", l, count[l])
	}
	fmt.Println()
	r := eval.ScorePredictions(t.ds, preds)
	scores := slices.Clone(r.Pages)
	slices.SortFunc(scores, func(a, b eval.PageScore) int { return cmp.Compare(a.F1, b.F1) })
	for _, s := range scores[:min(n, len(scores))] {
		fmt.Printf("%.3f P %.3f R %.3f %-10s %s\n", s.F1, s.Precision, s.Recall, langs[s.ID], s.ID)
	}
	return nil
}

// dumpPage prints every paragraph of one page: its label (1 when most of
// its shingles are in the ground truth), the built-in model's stage-1 and
// final probabilities, its class, DOM path and the start of its text.
func dumpPage(ds *eval.Dataset, id string) error {
	i := slices.IndexFunc(ds.Pages, func(p eval.Page) bool { return p.ID == id })
	if i < 0 {
		return fmt.Errorf("no page %q", id)
	}
	page := &ds.Pages[i]
	p, err := pipe.New(auto.Config{AutoLanguage: true, XPath: true})
	if err != nil {
		return err
	}
	if err := p.Run(page.HTML); err != nil {
		return err
	}
	truth := newShingles(page.Truth)
	arena, paths := p.X.Arenas()
	names := auto.FeatureNames()
	fmt.Printf("language %q, %d paragraphs\n", p.X.Language(), len(p.X.Paragraphs()))
	for i, para := range p.X.Paragraphs() {
		text := string(arena[para.Text.Start:para.Text.End])
		toks := eval.Tokens(text)
		label := 0
		if len(toks) > 0 && truth.share(toks) >= 0.5 {
			label = 1
		}
		f := p.X.Features(i)
		var cues strings.Builder
		for j, v := range f {
			if strings.HasPrefix(names[j], "cue_") && v > 0 {
				fmt.Fprintf(&cues, "%s=%.1f ", names[j][4:], v)
			}
		}
		mark := " "
		if (label == 1) != (para.Class.String() == "good") {
			mark = "!"
		}
		fmt.Printf("%s%d p1=%.2f p=%.2f %-4s %-40.40s %s| %.90q\n", mark, label, 1/(1+math.Exp(-float64(f[auto.NumStage1]))), p.X.Probability(i), para.Class,
			paths[para.XPath.Start:para.XPath.End], cues.String(), text)
	}
	return nil
}
