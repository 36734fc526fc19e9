package main

import (
	"bytes"
	"cmp"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"go/format"
	"io"
	"log"
	"slices"
	"strconv"
	"strings"

	"github.com/jtextract/jt/classify/auto"
	"github.com/jtextract/jt/eval"
)

// pageScore is one page's score under a model, by its set's metric.
type pageScore struct {
	page     int
	p, r, f1 float64
	empty    bool // nothing extracted where the truth has text
	fallback bool
	guess    string // the page type guessed
}

// score runs m over pages idx (guessed language, balanced) and scores the
// output users would get; it returns the extractions too, without their
// features, texts and class words, which no caller reads and which a
// cross-validation would otherwise hold for every page.
func (t *trainer) score(m *auto.Model, idx []int) ([]pageScore, []extracted, error) {
	ex, err := t.extract(m, idx, true, auto.Balanced)
	if err != nil {
		return nil, nil, err
	}
	out := make([]pageScore, len(idx))
	for k := range ex {
		out[k] = t.scorePage(idx[k], &ex[k])
		ex[k].feats, ex[k].classes, ex[k].heads = nil, nil, nil
		if !t.keepTexts {
			ex[k].texts = nil
		}
	}
	return out, ex, nil
}

func (t *trainer) scorePage(pi int, e *extracted) pageScore {
	p := t.pages[pi]
	s := pageScore{page: pi, fallback: e.fallback, guess: e.ptype}
	s.empty = strings.TrimSpace(e.text) == "" && strings.TrimSpace(p.truth) != ""
	if p.truthDS != nil {
		r := eval.ScorePredictions(p.truthDS, map[string]string{p.id: e.text})
		s.p, s.r, s.f1 = r.Precision, r.Recall, r.F1
		return s
	}
	s.p, s.r = e.wordScore(func(i int) bool { return e.good[i] })
	s.f1 = fbeta(s.p, s.r, 1)
	return s
}

// crossValidate fits a model on k-1 folds of domains and scores the
// pages of the k-th, for each fold. It returns the scores in page order,
// and the extractions they were scored on in the same order.
func (t *trainer) crossValidate(k int) ([]pageScore, []extracted, error) {
	var out []pageScore
	var held []extracted
	all := make([]int, len(t.pages))
	for i := range all {
		all[i] = i
	}
	for _, test := range t.folds(all, k, t.salt) {
		var train []int
		for i := range t.pages {
			if !slices.Contains(test, i) {
				train = append(train, i)
			}
		}
		m, err := t.fit(train)
		if err != nil {
			return nil, nil, err
		}
		s, ex, err := t.score(m, test)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, s...)
		held = append(held, ex...)
	}
	order := make([]int, len(out))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(out[a].page, out[b].page) })
	sorted, sortedHeld := make([]pageScore, len(out)), make([]extracted, len(out))
	for i, j := range order {
		sorted[i], sortedHeld[i] = out[j], held[j]
	}
	return sorted, sortedHeld, nil
}

// typeOrder is WCXB's order of page types.
var typeOrder = []string{"article", "forum", "product", "collection", "listing", "documentation", "service"}

// report prints the mean scores per data set and, for WCXB, per page
// type, with the share of pages that came out empty or by the fallback.
func report(title string, scores []pageScore, pages []*page) {
	type acc struct{ n, empty, fallback, typeRight, p, r, f1 float64 }
	sets := map[string]*acc{}
	types := map[string]*acc{}
	add := func(m map[string]*acc, key string, s pageScore) {
		a := m[key]
		if a == nil {
			a = &acc{}
			m[key] = a
		}
		a.n++
		a.p += s.p
		a.r += s.r
		a.f1 += s.f1
		a.empty += b2f(s.empty)
		a.fallback += b2f(s.fallback)
		a.typeRight += b2f(s.guess == pages[s.page].typ)
	}
	for _, s := range scores {
		p := pages[s.page]
		add(sets, p.set, s)
		if p.set == "wcxb-dev" {
			add(types, p.typ, s)
		}
	}
	fmt.Printf("%s\n", title)
	line := func(name string, a *acc) {
		f1 := a.f1 / a.n
		if name == "scrapinghub" {
			// That benchmark's F1 is the harmonic mean of the mean
			// precision and recall, not a mean of per-page F1.
			p, r := a.p/a.n, a.r/a.n
			f1 = 2 * p * r / (p + r)
		}
		fmt.Printf("  %-15s %5.0f  F1 %.3f  P %.3f  R %.3f  empty %4.1f%%  fallback %4.1f%%  type right %5.1f%%\n", name, a.n,
			f1, a.p/a.n, a.r/a.n, 100*a.empty/a.n, 100*a.fallback/a.n, 100*a.typeRight/a.n)
	}
	for _, name := range []string{"scrapinghub", "wcxb-dev"} {
		if a := sets[name]; a != nil {
			line(name, a)
		}
	}
	for _, typ := range typeOrder {
		if a := types[typ]; a != nil {
			line("  "+typ, a)
		}
	}
}

// listWorst prints the n pages with the lowest F1.
func listWorst(scores []pageScore, pages []*page, n int) {
	s := slices.Clone(scores)
	slices.SortStableFunc(s, func(a, b pageScore) int { return cmp.Compare(a.f1, b.f1) })
	for _, ps := range s[:min(n, len(s))] {
		p := pages[ps.page]
		fmt.Printf("%.3f P %.3f R %.3f %-13s %s/%s %s\n", ps.f1, ps.p, ps.r, p.typ, p.set, p.id, p.domain)
	}
}

// writePerPage writes one CSV row per page to w: the page, its type as
// annotated and as guessed, and its scores by its set's metric in-sample
// and, when cv holds them, held out (with the fold's model). in and cv
// are by page, as score and crossValidate return them.
func writePerPage(w io.Writer, in, cv []pageScore, pages []*page) error {
	if len(cv) > 0 && len(cv) != len(in) {
		return fmt.Errorf("per-page scores of %d pages in-sample, %d held out", len(in), len(cv))
	}
	c := csv.NewWriter(w)
	c.Write([]string{"set", "id", "domain", "type", "guess", "precision", "recall", "f1", "empty", "fallback",
		"cv_guess", "cv_precision", "cv_recall", "cv_f1", "cv_empty", "cv_fallback"})
	cols := func(row []string, s pageScore) []string {
		f := func(x float64) string { return strconv.FormatFloat(x, 'f', 4, 64) }
		return append(row, s.guess, f(s.p), f(s.r), f(s.f1), strconv.FormatBool(s.empty), strconv.FormatBool(s.fallback))
	}
	for k, s := range in {
		p := pages[s.page]
		row := cols([]string{p.set, p.id, p.domain, p.typ}, s)
		if len(cv) > 0 {
			h := cv[k]
			if h.page != s.page {
				return fmt.Errorf("per-page scores out of step: page %d in-sample, %d held out", s.page, h.page)
			}
			row = cols(row, h)
		} else {
			row = append(row, "", "", "", "", "", "")
		}
		c.Write(row)
	}
	c.Flush()
	return c.Error()
}

// heldOutPage is a line of -held-out's file: one page as the
// cross-validation scored it, with the model of the fold that held it out.
// Its paragraphs are those the model scores: text read from JSON-LD in
// their place is left out.
type heldOutPage struct {
	Set        string             `json:"set"`
	ID         string             `json:"id"`
	Domain     string             `json:"domain"`
	Type       string             `json:"type"`  // as annotated
	Guess      string             `json:"guess"` // as the model guessed it
	F1         float64            `json:"f1"`    // by the set's metric
	Paragraphs []heldOutParagraph `json:"paragraphs"`
}

// heldOutParagraph is one paragraph of a heldOutPage.
type heldOutParagraph struct {
	Prob  float32 `json:"prob"`  // the final probability
	Kept  bool    `json:"kept"`  // in the main text users get
	Label float64 `json:"label"` // 1 for main text, as the training labels it
	Words int     `json:"words"` // the benchmark's words
	Text  string  `json:"text"`
}

// writeHeldOut writes one JSON line per page to w from the held-out
// scores cv and extractions held, in the order crossValidate returns
// them. The extractions must hold their texts (trainer.keepTexts).
func writeHeldOut(w io.Writer, cv []pageScore, held []extracted, pages []*page) error {
	if len(cv) != len(held) {
		return fmt.Errorf("held-out scores of %d pages, extractions of %d", len(cv), len(held))
	}
	enc := json.NewEncoder(w)
	for k, s := range cv {
		e, p := &held[k], pages[s.page]
		if len(e.texts) != len(e.toks) {
			return fmt.Errorf("%s/%s: %d paragraphs, %d texts kept", p.set, p.id, len(e.toks), len(e.texts))
		}
		line := heldOutPage{Set: p.set, ID: p.id, Domain: p.domain, Type: p.typ, Guess: s.guess, F1: s.f1,
			Paragraphs: make([]heldOutParagraph, len(e.toks))}
		for j := range e.toks {
			line.Paragraphs[j] = heldOutParagraph{Prob: e.probs[j], Kept: e.good[j], Label: e.y[j], Words: len(e.toks[j]), Text: e.texts[j]}
		}
		if err := enc.Encode(&line); err != nil {
			return err
		}
	}
	return nil
}

// dumpPage prints every paragraph of one page: its label, the built-in
// model's final probability, its class and the start of its text.
func (t *trainer) dumpPage(ref string) error {
	i := slices.IndexFunc(t.pages, func(p *page) bool { return p.set+"/"+p.id == ref })
	if i < 0 {
		return fmt.Errorf("no page %q (want set/id, e.g. wcxb-dev/0001)", ref)
	}
	ex, err := t.extract(nil, []int{i}, true, auto.Balanced)
	if err != nil {
		return err
	}
	e := &ex[0]
	s := t.scorePage(i, e)
	fmt.Printf("%s %s F1 %.3f P %.3f R %.3f, %d paragraphs\n", ref, t.pages[i].typ, s.f1, s.p, s.r, len(e.toks))
	for j := range e.toks {
		mark := " "
		if (e.y[j] == 1) != e.good[j] {
			mark = "!"
		}
		fmt.Printf("%s%.0f p=%.2f %-5v %.100q\n", mark, e.y[j], e.probs[j], e.good[j], e.texts[j])
	}
	return nil
}

// source renders m as the generated Go file.
func source(m *auto.Model) []byte {
	var b bytes.Buffer
	b.WriteString("// Code generated by go run ./classify/auto/internal/train; DO NOT EDIT.\n\npackage auto\n\n")
	fmt.Fprintf(&b, "// builtinFeatures names the features the model was trained on, in order.\nconst builtinFeatures = %q\n\n", strings.Join(auto.FeatureNames(), " "))
	b.WriteString("// builtin is the model trained on the shared scrapinghub and wcxb-dev pages.\nvar builtin = Model{\n")
	for _, v := range []struct {
		name string
		w    *auto.Weights
	}{{"Lang", &m.Lang}, {"NoLang", &m.NoLang}} {
		fmt.Fprintf(&b, "%s: Weights{\n", v.name)
		writeEnsemble(&b, "Stage1", &v.w.Stage1)
		writeEnsemble(&b, "Stage2", &v.w.Stage2)
		for _, tab := range []struct {
			name string
			v    [][auto.NumPageTypes]float32
		}{{"Threshold", v.w.Threshold[:]}, {"Relative", v.w.Relative[:]}} {
			fmt.Fprintf(&b, "%s: [numFavors][NumPageTypes]float32{\n", tab.name)
			for f, name := range []string{"Balanced", "Precision", "Recall"} {
				fmt.Fprintf(&b, "%s: {", name)
				for ti, th := range tab.v[f] {
					if ti > 0 {
						b.WriteString(", ")
					}
					writeFloat(&b, th)
				}
				fmt.Fprintf(&b, "}, // %s\n", strings.Join(auto.PageTypes(), ", "))
			}
			b.WriteString("},\n")
		}
		fmt.Fprintf(&b, "ExpectedF: [NumPageTypes]bool{%s}, // %s\n", strings.ReplaceAll(strings.Trim(fmt.Sprint(v.w.ExpectedF), "[]"), " ", ", "), strings.Join(auto.PageTypes(), ", "))
		b.WriteString("},\n")
	}
	b.WriteString("PageType: [NumPageTypes]Ensemble{\n")
	for ti, name := range auto.PageTypes() {
		writeEnsemble(&b, "// "+name+"\n", &m.PageType[ti])
	}
	b.WriteString("},\n")
	writeLexicon(&b, "Classes", &m.Classes)
	writeLexicon(&b, "Headings", &m.Headings)
	b.WriteString("}\n")
	src, err := format.Source(b.Bytes())
	if err != nil {
		log.Fatalf("formatting the model: %v", err)
	}
	return src
}

func writeEnsemble(b *bytes.Buffer, name string, e *auto.Ensemble) {
	names := auto.FeatureNames()
	if strings.HasPrefix(name, "//") {
		fmt.Fprintf(b, "%sEnsemble{Bias: %g, Trees: []Tree{\n", name, e.Bias)
	} else {
		fmt.Fprintf(b, "%s: Ensemble{Bias: %g, Trees: []Tree{\n", name, e.Bias)
	}
	for _, t := range e.Trees {
		var used []string
		for _, f := range t.Feature {
			used = append(used, names[f])
		}
		fmt.Fprintf(b, "{ // %s\nFeature: [TreeDepth]uint8{", strings.Join(used, ", "))
		for l, f := range t.Feature {
			if l > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(b, "%d", f)
		}
		b.WriteString("},\nThreshold: [TreeDepth]float32{")
		for l, v := range t.Threshold {
			if l > 0 {
				b.WriteString(", ")
			}
			writeFloat(b, v)
		}
		b.WriteString("},\nLeaf: [1 << TreeDepth]float32{")
		for l, v := range t.Leaf {
			if l > 0 {
				b.WriteString(", ")
			}
			writeFloat(b, v)
		}
		b.WriteString("},\n},\n")
	}
	b.WriteString("}")
	if len(e.Linear) > 0 {
		b.WriteString(",\nLinear: []float32{")
		writeFloats(b, e.Linear)
		b.WriteString("\n}")
	}
	b.WriteString("},\n")
}

// writeLexicon writes lexicon l as field name of a Model, eight words to
// a line.
func writeLexicon(b *bytes.Buffer, name string, l *auto.Lexicon) {
	fmt.Fprintf(b, "%s: Lexicon{\nWords: []uint64{", name)
	for i, h := range l.Words {
		if i%8 == 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(b, "%#x, ", h)
	}
	b.WriteString("\n},\nScores: []float32{")
	writeFloats(b, l.Scores)
	b.WriteString("\n},\n},\n")
}

// writeFloats writes vs as the elements of a slice literal, eight to a
// line.
func writeFloats(b *bytes.Buffer, vs []float32) {
	for i, v := range vs {
		if i%8 == 0 {
			b.WriteString("\n")
		}
		writeFloat(b, v)
		b.WriteString(", ")
	}
}

// writeFloat writes v so that it parses back to the same float32.
func writeFloat(b *bytes.Buffer, v float32) {
	b.WriteString(fmt.Sprint(v))
}
