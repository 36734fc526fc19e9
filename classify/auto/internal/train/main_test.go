package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/jtextract/jt/eval"
)

// TestLabels checks which paragraphs count as main text: most of a long
// paragraph's 4-grams in the truth, a short one as a whole line of it or
// inside a run of its words that a neighbour continues (the cells of a
// row the truth writes as one line, a bold lead-in joined to its
// sentence), and short boilerplate beside main text not.
func TestLabels(t *testing.T) {
	p := &page{truth: "Rankings\n\n" +
		"Rank | School | Median Salary\n" +
		"11 (tie) | Columbia Business School | $162,099\n\n" +
		"Audio Sharing. Share a song with a friend nearby in one tap.\n\n" +
		"The end of the story comes here."}
	p.index()
	tests := []struct {
		paras []string
		want  []float64
	}{
		{ // a heading, then a row cut into cells
			[]string{"Rankings", "11 (tie)", "Columbia Business School", "$162,099"},
			[]float64{1, 1, 1, 1},
		},
		{ // the same row with wordless paragraphs between its cells
			[]string{"11 (tie)", "", "Columbia Business School", "", "$162,099"},
			[]float64{1, 0, 1, 0, 1},
		},
		{ // a bold lead-in, its sentence, then a button
			[]string{"Audio Sharing.", "Share a song with a friend nearby in one tap.", "Read more"},
			[]float64{1, 1, 0},
		},
		{ // boilerplate beside the end of the story
			[]string{"Share", "The end of the story comes here.", "Comments (3)"},
			[]float64{0, 1, 0},
		},
		{ // a long paragraph mostly not in the truth
			[]string{"The end of the story was rewritten by another site entirely today."},
			[]float64{0},
		},
		{ // cells alone, without the row around them
			[]string{"11 (tie)"},
			[]float64{0},
		},
		{[]string{""}, []float64{0}},
	}
	for _, tc := range tests {
		paras := make([][]string, len(tc.paras))
		for i, s := range tc.paras {
			paras[i] = eval.WordTokens(s)
		}
		if got := p.labels(paras); !slices.Equal(got, tc.want) {
			t.Errorf("labels(%s) = %v, want %v", strings.Join(tc.paras, " / "), got, tc.want)
		}
	}
}
