package main

import (
	"fmt"
	"io"
	"maps"
	"slices"

	"github.com/jtextract/jt/classify/auto"
)

// ceilingNames are the columns of a ceiling table, in the order of
// ceilingScores' values.
var ceilingNames = [...]string{"got", "best threshold", "no false positives", "no misses", "labels", "keep all"}

// ceilingScores returns the word F1 (on the paragraphs' words, as
// multisets) of one page's paragraphs kept: as the model kept them; by the
// best of 25 thresholds on its probabilities for this page alone (what a
// perfect page-level calibration would reach); as kept but without the
// paragraphs labelled boilerplate, and with every paragraph labelled main
// text added (how much of the loss is precision's, how much recall's);
// exactly the paragraphs labelled main text (the most that keeping or
// dropping whole paragraphs allows); and all of them.
func ceilingScores(e *extracted) [len(ceilingNames)]float64 {
	f := func(keep func(i int) bool) float64 {
		p, r := e.wordScore(keep)
		return fbeta(p, r, 1)
	}
	best := 0.0
	for th := float32(0.02); th < 1; th += 0.04 {
		best = max(best, f(func(i int) bool { return e.probs[i] >= th }))
	}
	return [...]float64{
		f(func(i int) bool { return e.good[i] }),
		best,
		f(func(i int) bool { return e.good[i] && e.y[i] == 1 }),
		f(func(i int) bool { return e.good[i] || e.y[i] == 1 }),
		f(func(i int) bool { return e.y[i] == 1 }),
		f(func(int) bool { return true }),
	}
}

// ceiling prints ceilingScores' means per data set and page type: for the
// built-in model over every page, as users get it, and, with k above 1,
// for the held-out extractions of a k-fold cross-validation by domain,
// which tell what the model leaves on sites it has not seen.
func (t *trainer) ceiling(w io.Writer, k int) error {
	all := make([]int, len(t.pages))
	for i := range all {
		all[i] = i
	}
	ex, err := t.extract(nil, all, true, auto.Balanced)
	if err != nil {
		return err
	}
	printCeiling(w, "built-in model, in-sample", ex, all, t.pages)
	if k < 2 {
		return nil
	}
	_, held, err := t.crossValidate(k)
	if err != nil {
		return err
	}
	printCeiling(w, fmt.Sprintf("%d-fold CV by domain", k), held, all, t.pages)
	return nil
}

// printCeiling prints the table of the extractions ex of pages idx.
func printCeiling(w io.Writer, title string, ex []extracted, idx []int, pages []*page) {
	type acc struct {
		n   float64
		sum [len(ceilingNames)]float64
	}
	m := map[string]*acc{}
	for k := range ex {
		p := pages[idx[k]]
		for _, key := range []string{p.set, p.set + "/" + p.typ} {
			a := m[key]
			if a == nil {
				a = &acc{}
				m[key] = a
			}
			a.n++
			for j, v := range ceilingScores(&ex[k]) {
				a.sum[j] += v
			}
		}
	}
	fmt.Fprintf(w, "%s: mean word F1 of the paragraphs kept\n%-28s %5s", title, "", "pages")
	for _, name := range ceilingNames {
		fmt.Fprintf(w, " %*s", max(len(name), 5), name)
	}
	fmt.Fprintln(w)
	for _, key := range slices.Sorted(maps.Keys(m)) {
		a := m[key]
		fmt.Fprintf(w, "%-28s %5.0f", key, a.n)
		for j, name := range ceilingNames {
			fmt.Fprintf(w, " %*.3f", max(len(name), 5), a.sum[j]/a.n)
		}
		fmt.Fprintln(w)
	}
}
