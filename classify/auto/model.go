package auto

import (
	"math"

	"github.com/cespare/xxhash/v2"

	"github.com/jtextract/jt/blocks"
)

// Weights is one logistic model in two stages. Stage 1 scores a paragraph
// from its own features; stage 2 rescores it from all features, its
// context included. The last weight of each stage is the bias.
type Weights struct {
	Stage1 [NumStage1 + 1]float32
	Stage2 [NumFeatures + 1]float32
	// Threshold is the final probability a paragraph needs to be kept,
	// per Favor.
	Threshold [numFavors]float32
}

// Model holds the weights for pages with a stoplist (Lang) and for pages
// without one (NoLang, which ignores stop-word density).
type Model struct {
	Lang, NoLang Weights
}

// logit returns the bias plus the dot product of w and f.
func logit(w []float32, f []float32) float32 {
	s := w[len(w)-1]
	for i, v := range f {
		s += w[i] * v
	}
	return s
}

func sigmoid(z float32) float32 { return float32(1 / (1 + math.Exp(-float64(z)))) }

// maxLogit clamps the stage-1 log-odds fed to stage 2, so that one extreme
// paragraph cannot dominate.
const maxLogit = 8

// classify computes the features and classes of every paragraph.
func (x *Extractor) classify() {
	paras := x.pm.Paragraphs()
	n := len(paras)
	if cap(x.feats) < n*numFeatures {
		x.feats = make([]float32, n*numFeatures, 2*n*numFeatures)
	}
	x.feats = x.feats[:n*numFeatures]
	if cap(x.prob) < n {
		x.prob = make([]float32, n, 2*n)
	}
	x.prob = x.prob[:n]
	w := &x.model.Lang
	if x.stop == nil {
		w = &x.model.NoLang
	}
	if x.stopCacheFor != x.stop {
		clear(x.stopCache[:])
		x.stopCacheFor = x.stop
		x.stopFilter = stopFilterFor(x.stop)
	}
	x.stage1()
	x.ancestors()
	x.containerFeatures()
	for i := range paras {
		f := x.feats[i*numFeatures : (i+1)*numFeatures]
		z := logit(w.Stage1[:], f[:numStage1])
		f[fLogit] = max(-maxLogit, min(maxLogit, z))
		x.prob[i] = sigmoid(z)
		if hidden(f) {
			x.prob[i] = 0
		}
	}
	x.stage2()
	th := w.Threshold[min(x.cfg.Favor, numFavors-1)]
	keep := newCut(th)
	clear(x.seen)
	text, _ := x.pm.Arenas()
	for i := range paras {
		p := &paras[i]
		f := x.feats[i*numFeatures : (i+1)*numFeatures]
		p.CFClass = decide(x.prob[i] >= th)
		// From here on x.prob holds the final log-odds (Probability
		// turns them into the probability): the class only needs their
		// side of the threshold's.
		x.prob[i] = logit(w.Stage2[:], f)
		// Only texts of minRepeat bytes or more are compared, so only
		// those are hashed and remembered.
		t := text[p.Text.Start:p.Text.End]
		var h uint64
		if len(t) >= minRepeat {
			h = xxhash.Sum64(t)
		}
		if hidden(f) || len(t) >= minRepeat && x.seenBefore(h) {
			x.prob[i] = zeroLogit
		}
		p.Class = decide(keep.good(x.prob[i]))
		if p.Class == blocks.Good && len(t) >= minRepeat {
			x.seen[h] = struct{}{}
		}
	}
}

// zeroLogit is the log-odds of probability 0: sigmoid(zeroLogit) is 0.
var zeroLogit = float32(math.Inf(-1))

// cut decides whether a final log-odds z passes the threshold th, that is
// whether sigmoid(z) >= th, without computing the sigmoid away from the
// threshold: the sigmoid is monotone, so z above logit(th) by a margin far
// wider than any rounding passes, z below it by the margin fails, and only
// z within the margin is decided by sigmoid(z) >= th itself.
type cut struct {
	th     float32
	lo, hi float64 // below lo fails, at or above hi passes; NaN: always compute
}

// cutMargin is the margin around logit(th): the float32 rounding of the
// sigmoid moves it by less than 1e-6 at any threshold the model uses.
const cutMargin = 0.01

func newCut(th float32) cut {
	c := cut{th: th, lo: math.NaN(), hi: math.NaN()}
	if t := float64(th); t > 0.01 && t < 0.99 {
		z := math.Log(t / (1 - t))
		c.lo, c.hi = z-cutMargin, z+cutMargin
	}
	return c
}

// good reports whether sigmoid(z) >= c.th.
func (c cut) good(z float32) bool {
	switch z64 := float64(z); {
	case z64 >= c.hi:
		return true
	case z64 < c.lo:
		return false
	}
	return sigmoid(z) >= c.th
}

// hidden reports whether most of a paragraph's text is hidden from
// readers: it is never main text, and its mass must not pull the grouping
// towards it (pages hide copies of their text for scripts).
func hidden(f []float32) bool { return f[fCues+int(cueHidden)] > 0.5 }

// minRepeat is the shortest text whose repetition is dropped: short texts
// ("Photo", "1.") may well repeat in an article.
const minRepeat = 40

// seenBefore reports whether the text of a paragraph of at least
// minRepeat bytes, hashed to h, repeats the text of one already kept: the
// metric, and a reader, count it twice.
func (x *Extractor) seenBefore(h uint64) bool {
	_, ok := x.seen[h]
	return ok
}

func decide(good bool) blocks.Class {
	if good {
		return blocks.Good
	}
	return blocks.Bad
}
