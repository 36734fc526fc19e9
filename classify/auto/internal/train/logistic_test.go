package main

import (
	"math"
	"testing"

	"github.com/jtextract/jt/classify/auto"
)

// TestFitLogistic checks that the logistic regression recovers the
// weights that generated its labels, on raw features of very different
// scales and offsets (the standardisation must be folded back exactly),
// and that an Ensemble with Linear weights scores as its bias plus their
// dot product, without allocating.
func TestFitLogistic(t *testing.T) {
	const n = 40000
	want := []float64{0.04, -2, 0} // feature 0 lies in [1000, 1100), 1 is 0 or 1, 2 is noise
	const bias = -42.5
	xs := make([][]float32, n)
	y := make([]float64, n)
	w := make([]float64, n)
	unit := func(r, k int) float64 { return float64(mix(uint64(r), uint64(k))>>11) / (1 << 53) }
	for r := range xs {
		x := make([]float32, auto.NumFeatures)
		x[0] = float32(1000 + 100*unit(r, 0))
		x[1] = float32(b2f(unit(r, 1) < 0.3))
		x[2] = float32(unit(r, 2))
		z := bias
		for j, c := range want {
			z += c * float64(x[j])
		}
		y[r] = b2f(unit(r, 3) < 1/(1+math.Exp(-z)))
		w[r] = 1 + float64(r%3)
		xs[r] = x
	}
	e := fitLogistic(xs, y, w, []int{0, 1, 2, 3}, 1e-6)
	for j, c := range want {
		tol := 0.1 * math.Abs(c)
		if c == 0 {
			tol = 0.05
		}
		if got := float64(e.Linear[j]); math.Abs(got-c) > tol {
			t.Errorf("weight %d: got %.4f, want %.4f", j, got, c)
		}
	}
	t.Logf("bias %.3f, weights %v", e.Bias, e.Linear)
	if math.Abs(float64(e.Bias)-bias) > 0.1*math.Abs(bias) {
		t.Errorf("bias: got %.3f, want %.3f", e.Bias, bias)
	}
	if len(e.Linear) > 3 && e.Linear[3] != 0 {
		t.Errorf("a constant feature got weight %g", e.Linear[3])
	}
	if len(e.Trees) != 0 {
		t.Errorf("got %d trees", len(e.Trees))
	}
	x := xs[7]
	z := float64(e.Bias)
	for j, c := range e.Linear {
		z += float64(c) * float64(x[j])
	}
	if got := e.Logit(x); math.Abs(float64(got)-z) > 1e-4 {
		t.Errorf("Logit = %g, want %g", got, z)
	}
	if a := testing.AllocsPerRun(100, func() { e.Logit(x) }); a != 0 {
		t.Errorf("Logit allocates %v times", a)
	}
}
