package main

import (
	"log"
	"math"

	"github.com/jtextract/jt/classify/auto"
)

// Settings of the logistic regression's optimiser, L-BFGS with a
// backtracking line search.
const (
	lbfgsMemory = 10   // pairs of steps and gradient changes remembered
	lbfgsIters  = 300  // iterations at most
	lbfgsTol    = 1e-5 // stop once no gradient component is larger
	logitChunk  = 4096 // rows per unit of parallel work, fixed so that the sums do not depend on GOMAXPROCS
)

// fitLogistic fits a logistic regression to labels y with example
// weights w on features use of rows xs, minimising the weighted mean log
// loss plus l2/2 times the squared norm of the weights on the
// standardised features (the intercept is not penalised). Standardising
// makes one penalty fit features of any scale, and conditions the
// problem for the optimiser. The weights are returned on the raw
// features, the standardisation folded into them and into the bias, as
// an Ensemble without trees. It is deterministic.
func fitLogistic(xs [][]float32, y, w []float64, use []int, l2 float64) auto.Ensemble {
	var sw, swy float64
	for r := range xs {
		sw += w[r]
		swy += w[r] * y[r]
	}
	// The weighted mean and standard deviation of each feature in use;
	// a constant feature is left out (its weight stays 0).
	var mean, sd []float64
	var cols []int
	for _, j := range use {
		var s, ss float64
		for r, x := range xs {
			s += w[r] * float64(x[j])
		}
		mu := s / sw
		for r, x := range xs {
			d := float64(x[j]) - mu
			ss += w[r] * d * d
		}
		if sigma := math.Sqrt(ss / sw); sigma > 1e-9 {
			cols = append(cols, j)
			mean = append(mean, mu)
			sd = append(sd, sigma)
		}
	}
	d := len(cols)
	// raw turns standardised weights beta (the bias last) into weights on
	// the raw features and the bias they take.
	raw := func(beta []float64, coef []float64) float64 {
		b := beta[d]
		for k := range d {
			coef[k] = beta[k] / sd[k]
			b -= coef[k] * mean[k]
		}
		return b
	}
	chunks := (len(xs) + logitChunk - 1) / logitChunk
	partial := make([][]float64, chunks) // per chunk: loss, then d gradient sums on raw features, then the residuals' sum
	for c := range partial {
		partial[c] = make([]float64, d+2)
	}
	coef := make([]float64, d)
	// eval returns the objective at beta and writes its gradient to grad.
	eval := func(beta, grad []float64) float64 {
		bias := raw(beta, coef)
		parallel(chunks, func() func(c int) {
			return func(c int) {
				acc := partial[c]
				clear(acc)
				for r := c * logitChunk; r < min(len(xs), (c+1)*logitChunk); r++ {
					x := xs[r]
					z := bias
					for k, j := range cols {
						z += coef[k] * float64(x[j])
					}
					// log(1 + e^z) - y z, and its derivative, computed
					// without overflow on either side.
					var loss, p float64
					if z > 0 {
						e := math.Exp(-z)
						loss, p = z+math.Log1p(e), 1/(1+e)
					} else {
						e := math.Exp(z)
						loss, p = math.Log1p(e), e/(1+e)
					}
					acc[0] += w[r] * (loss - y[r]*z)
					res := w[r] * (p - y[r])
					for k, j := range cols {
						acc[1+k] += res * float64(x[j])
					}
					acc[d+1] += res
				}
			}
		})
		clear(grad)
		var f, rs float64
		for _, acc := range partial {
			f += acc[0]
			for k := range d {
				grad[k] += acc[1+k]
			}
			rs += acc[d+1]
		}
		// Back from the raw features' gradient to the standardised ones':
		// a standardised feature is (x - mean) / sd.
		f /= sw
		for k := range d {
			grad[k] = (grad[k]-mean[k]*rs)/(sd[k]*sw) + l2*beta[k]
			f += l2 / 2 * beta[k] * beta[k]
		}
		grad[d] = rs / sw
		return f
	}
	beta := make([]float64, d+1)
	beta[d] = math.Log(max(swy, 1e-9) / max(sw-swy, 1e-9))
	beta = lbfgs(eval, beta)
	// Linear ends at the last feature used: the extractor calls stage 1
	// and the page type models before the later features are computed.
	e := auto.Ensemble{Bias: float32(raw(beta, coef))}
	if d > 0 {
		e.Linear = make([]float32, cols[d-1]+1)
	}
	for k, j := range cols {
		e.Linear[j] = float32(coef[k])
	}
	return e
}

// lbfgs minimises a smooth convex function f (eval returns its value and
// writes its gradient) from x0 by limited-memory BFGS with a backtracking
// line search under Armijo's condition.
func lbfgs(eval func(x, grad []float64) float64, x0 []float64) []float64 {
	n := len(x0)
	x := append([]float64(nil), x0...)
	g := make([]float64, n)
	f := eval(x, g)
	var ss, ys [][]float64 // the last steps and gradient changes
	var rho []float64
	dir := make([]float64, n)
	xn := make([]float64, n)
	gn := make([]float64, n)
	alpha := make([]float64, lbfgsMemory)
	it := 0
	for ; it < lbfgsIters && normInf(g) > lbfgsTol; it++ {
		// The two-loop recursion: dir = -H g.
		for i := range dir {
			dir[i] = -g[i]
		}
		for k := len(ss) - 1; k >= 0; k-- {
			alpha[k] = rho[k] * dotf(ss[k], dir)
			axpy(-alpha[k], ys[k], dir)
		}
		if k := len(ss) - 1; k >= 0 {
			scale(dotf(ss[k], ys[k])/dotf(ys[k], ys[k]), dir)
		} else {
			scale(1/max(1, normInf(g)), dir)
		}
		for k := range ss {
			b := rho[k] * dotf(ys[k], dir)
			axpy(alpha[k]-b, ss[k], dir)
		}
		slope := dotf(g, dir)
		if slope >= 0 { // not a descent direction: restart from the gradient
			ss, ys, rho = ss[:0], ys[:0], rho[:0]
			for i := range dir {
				dir[i] = -g[i]
			}
			slope = -dotf(g, g)
		}
		step, fn := 1.0, 0.0
		for range 40 {
			for i := range xn {
				xn[i] = x[i] + step*dir[i]
			}
			if fn = eval(xn, gn); fn <= f+1e-4*step*slope {
				break
			}
			step /= 2
		}
		if fn > f {
			break // no decrease along the direction: as good as it gets in float64
		}
		s, yv := make([]float64, n), make([]float64, n)
		for i := range s {
			s[i], yv[i] = xn[i]-x[i], gn[i]-g[i]
		}
		if sy := dotf(s, yv); sy > 1e-12 {
			if len(ss) == lbfgsMemory {
				ss, ys, rho = ss[1:], ys[1:], rho[1:]
			}
			ss, ys, rho = append(ss, s), append(ys, yv), append(rho, 1/sy)
		}
		copy(x, xn)
		copy(g, gn)
		f = fn
	}
	if it == lbfgsIters {
		log.Printf("logistic regression: stopped after %d iterations, gradient %.2g", it, normInf(g))
	}
	return x
}

func dotf(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

func axpy(a float64, x, y []float64) {
	for i := range x {
		y[i] += a * x[i]
	}
}

func scale(a float64, x []float64) {
	for i := range x {
		x[i] *= a
	}
}

func normInf(x []float64) float64 {
	m := 0.0
	for _, v := range x {
		m = max(m, math.Abs(v))
	}
	return m
}
