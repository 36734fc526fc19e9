package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/internal/sharedtest"
)

// evalCmd runs "jt eval" with args and returns its exit status and output.
func evalCmd(args ...string) (code int, stdout, stderr string) {
	var out, errs strings.Builder
	code = runEval(context.Background(), args, nil, &out, &errs)
	return code, out.String(), errs.String()
}

func TestAlgoNames(t *testing.T) {
	tests := []struct {
		name    string
		lists   []string
		want    []string
		wantErr string
	}{
		{"default is every algorithm", []string{"", ""}, jt.Algorithms(), ""},
		{"one", []string{"bte", ""}, []string{"bte"}, ""},
		{"list in order, spaces trimmed", []string{"bte, justext", ""}, []string{"bte", "justext"}, ""},
		{"both flags add up", []string{"bte", "tree"}, []string{"bte", "tree"}, ""},
		{"empty name", []string{"bte,,tree", ""}, nil, "empty algorithm name"},
		{"trailing comma", []string{"bte,", ""}, nil, "empty algorithm name"},
		{"repeated", []string{"bte", "bte"}, nil, `"bte" named twice`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := algoNames(tt.lists...)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Errorf("err = %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || !slices.Equal(got, tt.want) {
				t.Errorf("algoNames(%q) = %q, %v; want %q", tt.lists, got, err, tt.want)
			}
		})
	}
}

// Usage errors are found before any page is read, so a missing dataset
// directory does not matter for them.
func TestEvalUsageErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no dataset", nil, "--dataset is required"},
		{"stray argument", []string{"--dataset", "x", "page.html"}, "unexpected arguments"},
		{"score and algo", []string{"--dataset", "x", "--score", "out.json", "--algo", "bte"}, "exclude each other"},
		{"bad format", []string{"--dataset", "x", "--format", "html"}, `unknown --format "html"`},
		{"empty name", []string{"--dataset", "x", "--algo", "bte,"}, "empty algorithm name"},
		{"unknown algorithm", []string{"--dataset", "x", "--algo", "nope"}, `"nope"`},
		{"unknown flag", []string{"--dataset", "x", "--nope"}, "flag provided but not defined"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := evalCmd(tt.args...)
			if code != 2 || out != "" || !strings.Contains(errs, tt.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want 2 and %q", code, out, errs, tt.want)
			}
		})
	}
	code, out, errs := evalCmd("--help")
	for _, flag := range []string{"-algo", "-dataset", "-score", "-per-page", "-format", "-lang"} {
		if !strings.Contains(errs, flag) {
			t.Errorf("--help does not explain %s", flag)
		}
	}
	if code != 0 || out != "" {
		t.Errorf("--help: exit %d, stdout %q", code, out)
	}
	if code, _, errs := evalCmd("--dataset", filepath.Join(t.TempDir(), "none")); code != 1 || !strings.Contains(errs, "ground-truth.json") {
		t.Errorf("missing dataset: exit %d, stderr %q; want 1 naming ground-truth.json", code, errs)
	}
}

// Scoring a peer's published output as JSON gives its published scores,
// and the per-page CSV has one row per page.
func TestEvalScoreJSON(t *testing.T) {
	dir := filepath.Join(sharedtest.Dir(t), "datasets", "scrapinghub")
	csv := filepath.Join(t.TempDir(), "pages.csv")
	code, out, errs := evalCmd("--dataset", dir, "--score", filepath.Join(dir, "peers", "boilerpipe.json"), "--format", "json", "--per-page", csv)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rows []struct {
		Algo                  string
		F1, Precision, Recall float64
		Pages, Resamples      int
	}
	if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) != 1 {
		t.Fatalf("output is not one JSON row (%v):\n%s", err, out)
	}
	r := rows[0]
	if r.Algo != "boilerpipe" || r.Pages != 181 || r.Resamples != 1000 {
		t.Errorf("algo %q, pages %d, resamples %d; want boilerpipe, 181, 1000", r.Algo, r.Pages, r.Resamples)
	}
	for _, c := range []struct {
		name      string
		got, want float64
	}{{"F1", r.F1, 0.860}, {"precision", r.Precision, 0.850}, {"recall", r.Recall, 0.870}} {
		if c.got < c.want-0.0005 || c.got >= c.want+0.0005 {
			t.Errorf("%s = %.4f, published %.3f", c.name, c.got, c.want)
		}
	}
	data, err := os.ReadFile(csv)
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n"); len(lines) != 182 || !strings.HasPrefix(lines[1], "boilerpipe,") {
		t.Errorf("per-page CSV: %d lines, second %q; want a header and 181 boilerpipe rows", len(lines), lines[min(1, len(lines)-1)])
	}
}
