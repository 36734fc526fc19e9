package auto

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestModelMatchesFeatures checks that the generated model was trained on
// the features the extractor computes today: a change to the features
// without retraining (go run ./classify/auto/internal/train -out
// classify/auto/model_gen.go) would misalign them silently. It also
// checks that stage 1's trees read only stage-1 features.
func TestModelMatchesFeatures(t *testing.T) {
	if want := strings.Join(FeatureNames(), " "); builtinFeatures != want {
		t.Fatalf("model_gen.go was trained on features\n%s\nthe extractor computes\n%s\nretrain: go run ./classify/auto/internal/train -out classify/auto/model_gen.go", builtinFeatures, want)
	}
	for _, w := range []*Weights{&builtin.Lang, &builtin.NoLang} {
		if len(w.Stage1.Trees) == 0 || len(w.Stage2.Trees) == 0 {
			t.Fatal("the built-in model has an empty stage")
		}
		for _, tr := range w.Stage1.Trees {
			for _, f := range tr.Feature {
				if int(f) >= NumStage1 {
					t.Errorf("a stage-1 tree reads feature %d, a stage-2 one", f)
				}
			}
		}
		for _, tr := range w.Stage2.Trees {
			for _, f := range tr.Feature {
				if int(f) >= NumFeatures {
					t.Errorf("a stage-2 tree reads feature %d of %d", f, NumFeatures)
				}
			}
		}
	}
}

// TestTreeLeaf checks that an oblivious tree's leaf index sets bit l
// exactly when the feature of level l exceeds its threshold.
func TestTreeLeaf(t *testing.T) {
	var tr Tree
	for l := range TreeDepth {
		tr.Feature[l] = uint8(l)
		tr.Threshold[l] = 0.5
	}
	for k := range tr.Leaf {
		tr.Leaf[k] = float32(k)
	}
	e := Ensemble{Bias: 1, Trees: []Tree{tr, tr}}
	for k := range 1 << TreeDepth {
		f := make([]float32, TreeDepth)
		for l := range TreeDepth {
			if k&(1<<l) != 0 {
				f[l] = 0.75
			} else {
				f[l] = 0.5 // equal to the threshold: not above it
			}
		}
		var b features
		copy(b[:], f)
		if got := tr.leaf(&b); got != k {
			t.Errorf("leaf(%v) = %d, want %d", f, got, k)
		}
		if got, want := e.Logit(f), float32(1+2*k); got != want {
			t.Errorf("Logit(%v) = %v, want %v", f, got, want)
		}
	}
}

// logitRef is Ensemble.logit with every tree read by leaf, one by one.
func (e *Ensemble) logitRef(f *features) float32 {
	s := e.Bias
	if len(e.Linear) > 0 {
		s += e.dot(f)
	}
	for i := range e.Trees {
		s += e.Trees[i].Leaf[e.Trees[i].leaf(f)]
		if (i+1)%exitEvery == 0 && (s > exitLogit || s < -exitLogit) {
			return s
		}
	}
	return s
}

// TestLogitGroups holds logit's written-out groups of trees against
// leaf, bit for bit, on random ensembles whose features often equal
// their thresholds, and on the built-in model.
func TestLogitGroups(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	vals := []float32{0, -0.5, 0.5, 1, 0.25, -1, 3.5, float32(math.Copysign(0, -1))}
	for range 2000 {
		e := Ensemble{Bias: r.Float32() - 0.5, Trees: make([]Tree, r.IntN(14))}
		for i := range e.Trees {
			tr := &e.Trees[i]
			for l := range TreeDepth {
				tr.Feature[l] = uint8(r.IntN(8))
				tr.Threshold[l] = vals[r.IntN(len(vals)-1)]
			}
			for k := range tr.Leaf {
				tr.Leaf[k] = (r.Float32() - 0.5) * 3
			}
		}
		var f features
		for j := range 8 {
			f[j] = vals[r.IntN(len(vals))]
		}
		if got, want := e.logit(&f), e.logitRef(&f); math.Float32bits(got) != math.Float32bits(want) {
			t.Fatalf("logit = %v, want %v", got, want)
		}
	}
	for _, e := range []*Ensemble{&builtin.Lang.Stage1, &builtin.Lang.Stage2, &builtin.NoLang.Stage1, &builtin.NoLang.Stage2} {
		for range 2000 {
			var f features
			for j := range NumFeatures {
				f[j] = float32(r.NormFloat64())
			}
			if got, want := e.logit(&f), e.logitRef(&f); math.Float32bits(got) != math.Float32bits(want) {
				t.Fatalf("logit = %v, want %v", got, want)
			}
		}
	}
}

// TestNormalize checks that a model whose trees read and whose linear
// weights weigh features past NumFeatures scores a paragraph's row read
// in place, with anything past its features, as it scores the row copied
// into zeros; and that the built-in model is used as it is.
func TestNormalize(t *testing.T) {
	if normalize(&builtin) != &builtin {
		t.Error("normalize copied the built-in model")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var m Model
	for _, e := range m.ensembles() {
		e.Linear = make([]float32, len(features{}))
		for j := range e.Linear {
			e.Linear[j] = float32(rng.NormFloat64())
		}
		e.Trees = make([]Tree, 8)
		for ti := range e.Trees {
			tr := &e.Trees[ti]
			for l := range TreeDepth {
				tr.Feature[l] = uint8(rng.IntN(len(features{})))
				tr.Threshold[l] = float32(rng.NormFloat64())
			}
			for k := range tr.Leaf {
				tr.Leaf[k] = float32(rng.NormFloat64())
			}
		}
	}
	n := normalize(&m)
	if n == &m {
		t.Fatal("normalize kept a model reading features past NumFeatures")
	}
	for _, e := range n.ensembles() {
		if len(e.Linear) > NumFeatures {
			t.Fatalf("the normalized model weighs %d features", len(e.Linear))
		}
		for _, tr := range e.Trees {
			for _, f := range tr.Feature {
				if int(f) >= NumFeatures {
					t.Fatalf("the normalized model reads feature %d", f)
				}
			}
		}
	}
	rows := make([]float32, 4*NumFeatures+rowSlack)
	for i := range rows {
		rows[i] = float32(rng.NormFloat64())
	}
	x := &Extractor{feats: rows[:4*NumFeatures]}
	for i := range 4 {
		var copied features
		copy(copied[:], rows[i*NumFeatures:(i+1)*NumFeatures])
		me, ne := m.ensembles(), n.ensembles()
		for k := range me {
			if got, want := ne[k].logit(x.row(i)), me[k].logit(&copied); got != want {
				t.Fatalf("row %d, ensemble %d: %v in place, %v copied", i, k, got, want)
			}
		}
	}
}
