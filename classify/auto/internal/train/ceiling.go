package main

import (
	"fmt"
	"maps"
	"slices"

	"github.com/jtextract/jt/classify/auto"
)

// ceiling prints, per data set and page type, the mean word F1 (on the
// paragraphs' words, as multisets) of the built-in model as users get
// it; of its probabilities with the best of 25 thresholds for each page,
// which tells what a perfect page-level calibration would gain; and of the
// labels, the most that keeping or dropping whole paragraphs allows.
func (t *trainer) ceiling() error {
	all := make([]int, len(t.pages))
	for i := range all {
		all[i] = i
	}
	ex, err := t.extract(nil, all, true, auto.Balanced)
	if err != nil {
		return err
	}
	type acc struct{ n, got, best, labels, all float64 }
	m := map[string]*acc{}
	for k := range ex {
		e := &ex[k]
		p := t.pages[k]
		key := p.set + "/" + p.typ
		a := m[key]
		if a == nil {
			a = &acc{}
			m[key] = a
		}
		a.n++
		f := func(keep func(i int) bool) float64 {
			pp, r := e.wordScore(keep)
			return fbeta(pp, r, 1)
		}
		a.got += f(func(i int) bool { return e.good[i] })
		a.labels += f(func(i int) bool { return e.y[i] == 1 })
		a.all += f(func(i int) bool { return true })
		best := 0.0
		for th := float32(0.02); th < 1; th += 0.04 {
			best = max(best, f(func(i int) bool { return e.probs[i] >= th }))
		}
		a.best += best
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		a := m[k]
		fmt.Printf("%-28s %4.0f got %.3f best threshold %.3f labels %.3f keep all %.3f\n", k, a.n, a.got/a.n, a.best/a.n, a.labels/a.n, a.all/a.n)
	}
	return nil
}
