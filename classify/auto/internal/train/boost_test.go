package main

import (
	"math"
	"testing"

	"github.com/jtextract/jt/classify/auto"
)

// TestLinearBase checks the learner that fits trees on top of a logistic
// regression: on labels drawn from a linear log-odds plus an interaction
// no linear model holds, the ensemble keeps the regression's weights,
// scores as their log-odds plus its trees, and fits the labels better
// than the regression alone.
func TestLinearBase(t *testing.T) {
	const n = 20000
	unit := func(r, k int) float64 { return float64(mix(uint64(r), uint64(k))>>11) / (1 << 53) }
	xs := make([][]float32, n)
	y := make([]float64, n)
	w := make([]float64, n)
	for r := range xs {
		x := make([]float32, auto.NumFeatures)
		for j := range 3 {
			x[j] = float32(unit(r, j))
		}
		z := 4*float64(x[0]) - 2
		if x[1] > 0.5 && x[2] > 0.5 {
			z += 3
		}
		y[r] = b2f(unit(r, 3) < 1/(1+math.Exp(-z)))
		w[r] = 1
		xs[r] = x
	}
	tr := &trainer{params: boostParams{rate: 0.3, lambda: 1, rowFrac: 1, colFrac: 1}, l2: 1e-6}
	use := []int{0, 1, 2}
	lin := fitLogistic(xs, y, w, use, tr.l2)
	e := tr.learner(xs, true)(y, w, use, 8)
	if len(e.Trees) != 8 || len(e.Linear) == 0 {
		t.Fatalf("%d trees, %d linear weights; want 8 and some", len(e.Trees), len(e.Linear))
	}
	for j := range lin.Linear {
		if e.Linear[j] != lin.Linear[j] {
			t.Fatalf("linear weight %d: %v, want the regression's %v", j, e.Linear[j], lin.Linear[j])
		}
	}
	loss := func(e *auto.Ensemble) float64 {
		var s float64
		for r, x := range xs {
			p := 1 / (1 + math.Exp(-float64(e.Logit(x))))
			s -= y[r]*math.Log(p) + (1-y[r])*math.Log(1-p)
		}
		return s / n
	}
	base, both := loss(&lin), loss(&e)
	t.Logf("log loss: regression %.4f, with trees %.4f", base, both)
	if both > base-0.01 {
		t.Errorf("log loss with trees %.4f, not below the regression's %.4f", both, base)
	}
}
