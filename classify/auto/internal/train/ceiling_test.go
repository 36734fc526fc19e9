package main

import (
	"bytes"
	"math"
	"slices"
	"strings"
	"testing"
)

// TestCeilingScores checks the columns of a ceiling table on a page of
// three paragraphs: one of main text kept, one of boilerplate kept, one of
// main text dropped.
func TestCeilingScores(t *testing.T) {
	e := &extracted{
		toks:  [][]int32{{0, 1}, {4, 5}, {2, 3}},
		y:     []float64{1, 0, 1},
		probs: []float32{0.9, 0.6, 0.3},
		good:  []bool{true, true, false},
		truth: []int32{1, 1, 1, 1, 0, 0},
	}
	got := ceilingScores(e)
	want := [len(ceilingNames)]float64{
		0.5,     // two words of four right, two of four kept wrong
		0.8,     // the best threshold keeps all three: P 4/6, R 1
		2.0 / 3, // without the false positive: P 1, R 1/2
		0.8,     // with the miss: all three
		1,       // the labels
		0.8,     // all three
	}
	for j := range want {
		if math.Abs(got[j]-want[j]) > 1e-9 {
			t.Errorf("%s: %.4f, want %.4f", ceilingNames[j], got[j], want[j])
		}
	}
	var b bytes.Buffer
	pages := []*page{{set: "wcxb-dev", typ: "product"}}
	printCeiling(&b, "test", []extracted{*e}, []int{0}, pages)
	rows := map[string][]string{}
	for _, line := range strings.Split(b.String(), "\n") {
		if f := strings.Fields(line); len(f) > 0 {
			rows[f[0]] = f[1:]
		}
	}
	wantRow := []string{"1", "0.500", "0.800", "0.667", "0.800", "1.000", "0.800"}
	for _, key := range []string{"wcxb-dev", "wcxb-dev/product"} {
		if !slices.Equal(rows[key], wantRow) {
			t.Errorf("row %s: %q, want %q\n%s", key, rows[key], wantRow, b.String())
		}
	}
}
