package auto

import (
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
