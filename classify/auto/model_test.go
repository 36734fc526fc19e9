package auto_test

import (
	"os"
	"regexp"
	"slices"
	"testing"

	"github.com/jtextract/jt/classify/auto"
)

// TestModelMatchesFeatures checks that the generated model was trained on
// the features the extractor computes today: every weight of model_gen.go
// is commented with its feature's name, in order, and a change to the
// features without retraining (go run ./internal/train -out model_gen.go)
// would misalign them silently.
func TestModelMatchesFeatures(t *testing.T) {
	src, err := os.ReadFile("model_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range regexp.MustCompile(`(?m)^\s*-?[0-9.e+-]+,\s*// (\w+)$`).FindAllSubmatch(src, -1) {
		got = append(got, string(m[1]))
	}
	names := auto.FeatureNames()
	stage1 := append(slices.Clone(names[:auto.NumStage1]), "bias")
	stage2 := append(slices.Clone(names), "bias")
	var want []string
	for range 2 { // Lang, NoLang
		want = append(want, stage1...)
		want = append(want, stage2...)
	}
	if !slices.Equal(got, want) {
		t.Errorf("model_gen.go weights are for features\n%v\nthe extractor computes\n%v\nretrain: go run ./classify/auto/internal/train -out classify/auto/model_gen.go", got, want)
	}
}
