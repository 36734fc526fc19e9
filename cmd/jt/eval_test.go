package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/eval"
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

// needWCXB returns the shared WCXB development set and python3 for the
// tests that compare with the benchmark's evaluate.py. Where either is
// missing the test skips, saying why, or fails under CI=true, where both
// must be there.
func needWCXB(t *testing.T) (dir, python string) {
	t.Helper()
	missing := func(format string, a ...any) {
		t.Helper()
		if os.Getenv("CI") == "true" {
			t.Fatalf("under CI: "+format, a...)
		}
		t.Skipf(format, a...)
	}
	dir = filepath.Join("..", "..", "..", "shared", "datasets", "wcxb-dev")
	if _, err := os.Stat(filepath.Join(dir, "evaluate.py")); err != nil {
		missing("WCXB data set not available (%v): the test needs ../shared/datasets/wcxb-dev beside the project root", err)
	}
	python, err := exec.LookPath("python3")
	if err != nil {
		missing("python3 not installed: cannot run WCXB's evaluate.py")
	}
	return dir, python
}

// wcxbSubset makes a copy of the WCXB set at src holding only every 4th
// page (every 16th under -short, which the race detector's run uses) and a
// few with an empty ground truth (symlinks, and a copy of evaluate.py,
// which scores every ground-truth file beside itself). It returns the
// copy's directory and the page ids.
func wcxbSubset(t *testing.T, src string) (dir string, ids []string) {
	t.Helper()
	src, err := filepath.Abs(src)
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(filepath.Join(src, "dev", "ground-truth"))
	if err != nil {
		t.Fatal(err)
	}
	edge := []string{"0585", "0602", "4802", "4893"} // main_content "" or null
	stride := 4
	if testing.Short() {
		stride = 16
	}
	for i, e := range entries {
		id := strings.TrimSuffix(e.Name(), ".json")
		if i%stride == 0 || slices.Contains(edge, id) {
			ids = append(ids, id)
		}
	}
	dir = t.TempDir()
	for _, d := range []string{"dev/ground-truth", "dev/html"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	links := []string{"metadata.json"}
	for _, id := range ids {
		links = append(links, "dev/ground-truth/"+id+".json", "dev/html/"+id+".html.gz")
	}
	for _, l := range links {
		if err := os.Symlink(filepath.Join(src, l), filepath.Join(dir, l)); err != nil {
			t.Fatal(err)
		}
	}
	script, err := os.ReadFile(filepath.Join(src, "evaluate.py"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "evaluate.py"), script, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, ids
}

// wcxbPredictions returns a prediction for every page of ds: jt's justext
// output for a third of them, the ground truth upper-cased with words
// dropped and boilerplate added for another third (which exercises Python's
// lower-casing: Greek final sigma, Turkish İ), and jt's bte output for the
// rest; the pages with an empty truth get "" and some text.
func wcxbPredictions(t *testing.T, ds *eval.Dataset) map[string]string {
	t.Helper()
	justext, err := jt.New(jt.WithAlgorithm("justext"))
	if err != nil {
		t.Fatal(err)
	}
	bte, err := jt.New(jt.WithAlgorithm("bte"))
	if err != nil {
		t.Fatal(err)
	}
	extract := func(ex *jt.Extractor, html []byte) string {
		doc, err := ex.Extract(bytes.NewReader(html))
		if err != nil {
			return ""
		}
		return doc.Text()
	}
	preds := make(map[string]string, len(ds.Pages))
	for i, p := range ds.Pages {
		switch {
		case p.ID == "0585":
			preds[p.ID] = ""
		case p.ID == "4802":
			preds[p.ID] = "Categories and some text"
		case i%3 == 0:
			preds[p.ID] = extract(justext, p.HTML)
		case i%3 == 1:
			words := strings.Fields(strings.ToUpper(p.Truth))
			var b strings.Builder
			for k, w := range words {
				if k%5 != 4 {
					b.WriteString(w + " ")
				}
			}
			b.WriteString("\nΟΔΟΣ İSTANBUL Menu Home PRIVACY POLICY")
			if len(p.Without) > 0 {
				b.WriteString("\n" + p.Without[0])
			}
			preds[p.ID] = b.String()
		default:
			preds[p.ID] = extract(bte, p.HTML)
		}
	}
	return preds
}

// TestEvalWCXBPython scores jt's output on a few hundred WCXB pages with
// "jt eval --score" and with the benchmark's own evaluate.py, and checks
// that they agree: the printed overall and per-type figures to the
// precision evaluate.py prints them, and every page's precision, recall,
// F1 and snippet rates, from evaluate.py's own functions, to 1e-9.
func TestEvalWCXBPython(t *testing.T) {
	src, python := needWCXB(t)
	dir, ids := wcxbSubset(t, src)
	ds, err := eval.LoadDataset(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(ds.Pages) != len(ids) {
		t.Fatalf("%d pages loaded, want %d", len(ds.Pages), len(ids))
	}
	results := filepath.Join(t.TempDir(), "R.json")
	data, err := json.Marshal(wcxbPredictions(t, ds))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(results, data, 0o644); err != nil {
		t.Fatal(err)
	}

	// jt's figures.
	csvPath := filepath.Join(t.TempDir(), "pages.csv")
	code, out, errs := evalCmd("--dataset", dir, "--score", results, "--format", "json", "--per-page", csvPath)
	if code != 0 {
		t.Fatalf("jt eval: exit %d: %s", code, errs)
	}
	var rows []struct {
		Algo, Metric          string
		F1, Precision, Recall float64
		WithRate              float64 `json:"with_rate"`
		WithoutRate           float64 `json:"without_rate"`
		Pages                 int
		Types                 []struct {
			Type                  string
			Pages                 int
			F1, Precision, Recall float64
		}
	}
	if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) != 1 {
		t.Fatalf("output is not one JSON row (%v):\n%s", err, out)
	}
	row := rows[0]
	if row.Algo != "R" || row.Metric != "words" || row.Pages != len(ids) {
		t.Errorf("algo %q, metric %q, %d pages; want R, words, %d", row.Algo, row.Metric, row.Pages, len(ids))
	}

	// evaluate.py's figures.
	cmd := exec.Command(python, filepath.Join(dir, "evaluate.py"), "--split", "dev", "--results", results, "--per-type")
	pyOut, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("evaluate.py: %v\n%s", err, pyOut)
	}
	printed := string(pyOut)
	figure := func(pattern string) float64 {
		t.Helper()
		m := regexp.MustCompile(pattern).FindStringSubmatch(printed)
		if m == nil {
			t.Fatalf("evaluate.py output has no %q:\n%s", pattern, printed)
		}
		v, err := strconv.ParseFloat(m[1], 64)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	// A printed figure is the value rounded to its decimals: jt's value
	// must be within half a unit of the last printed digit.
	agree := func(name string, got, printed float64, decimals int) {
		t.Helper()
		if math.Abs(got-printed) > 0.5*math.Pow(10, -float64(decimals))+1e-9 {
			t.Errorf("%s: jt %.6f, evaluate.py %.*f", name, got, decimals, printed)
		}
	}
	if n := figure(`Overall \((\d+) pages\)`); int(n) != len(ids) {
		t.Errorf("evaluate.py scored %v pages, want %d", n, len(ids))
	}
	agree("precision", row.Precision, figure(`Precision:\s+([\d.]+)`), 4)
	agree("recall", row.Recall, figure(`Recall:\s+([\d.]+)`), 4)
	agree("F1", row.F1, figure(`F1:\s+([\d.]+)`), 4)
	agree("with snippets (%)", 100*row.WithRate, figure(`With snippets:\s+([\d.]+)%`), 1)
	agree("without snippets (%)", 100*row.WithoutRate, figure(`Without snippets:\s+([\d.]+)%`), 1)
	if len(row.Types) != 7 {
		t.Errorf("%d page types, want 7", len(row.Types))
	}
	for _, ts := range row.Types {
		m := regexp.MustCompile(`(?m)^\s+` + ts.Type + `\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)$`).FindStringSubmatch(printed)
		if m == nil {
			t.Errorf("evaluate.py prints no %s row:\n%s", ts.Type, printed)
			continue
		}
		if n, _ := strconv.Atoi(m[1]); n != ts.Pages {
			t.Errorf("%s: jt %d pages, evaluate.py %d", ts.Type, ts.Pages, n)
		}
		for k, v := range []float64{ts.F1, ts.Precision, ts.Recall} {
			p, _ := strconv.ParseFloat(m[2+k], 64)
			agree(fmt.Sprintf("%s %s", ts.Type, []string{"F1", "precision", "recall"}[k]), v, p, 3)
		}
	}

	// Every page, against evaluate.py's own functions.
	const perPage = `import json, sys
sys.path.insert(0, sys.argv[1])
from evaluate import load_ground_truth, word_f1, snippet_check
gt = load_ground_truth('dev')
preds = json.load(open(sys.argv[2]))
out = {}
for fid, g in gt.items():
    pred = preds.get(fid, '')
    p, r, f1 = word_f1(pred, g['main_content'])
    out[fid] = [p, r, f1, snippet_check(pred, g['with']), snippet_check(pred, g['without'])]
print(json.dumps(out))
`
	pyPages, err := exec.Command(python, "-c", perPage, dir, results).Output()
	if err != nil {
		t.Fatalf("per-page scores from evaluate.py: %v", err)
	}
	var want map[string][5]float64
	if err := json.Unmarshal(pyPages, &want); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	header := []string{"algo", "id", "type", "domain", "precision", "recall", "f1", "with", "without", "tp", "fp", "fn", "exact", "error"}
	if !slices.Equal(recs[0], header) {
		t.Fatalf("CSV header %q, want %q", recs[0], header)
	}
	if len(recs)-1 != len(want) {
		t.Errorf("%d CSV rows, evaluate.py %d pages", len(recs)-1, len(want))
	}
	for _, rec := range recs[1:] {
		w, ok := want[rec[1]]
		if !ok {
			t.Errorf("page %s: not scored by evaluate.py", rec[1])
			continue
		}
		for k, col := range []int{4, 5, 6, 7, 8} {
			got, err := strconv.ParseFloat(rec[col], 64)
			if err != nil || math.Abs(got-w[k]) > 1e-9 {
				t.Errorf("page %s: %s = %s, evaluate.py %v", rec[1], header[col], rec[col], w[k])
			}
		}
		if rec[2] == "" {
			t.Errorf("page %s: no page type", rec[1])
		}
	}
}

// The table output for WCXB: overall figures with snippet rates, then one
// row per page type in evaluate.py's order.
func TestEvalWCXBTable(t *testing.T) {
	src, _ := needWCXB(t)
	dir, _ := wcxbSubset(t, src)
	code, out, errs := evalCmd("--dataset", dir, "--algo", "justext", "-j", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	tables := strings.Split(out, "\n\n")
	if len(tables) != 3 {
		t.Fatalf("want three tables:\n%s", out)
	}
	if !strings.HasPrefix(tables[2], "algo  title  author") || !strings.Contains(tables[2], "\njt    0.") {
		t.Errorf("metadata table:\n%s", tables[2])
	}
	if !strings.HasPrefix(tables[0], "algo     F1 ") || !strings.Contains(tables[0], "with") || !strings.Contains(tables[0], "\njustext  0.") {
		t.Errorf("first table:\n%s", tables[0])
	}
	var types []string
	for _, line := range strings.Split(strings.TrimSpace(tables[1]), "\n")[1:] {
		f := strings.Fields(line)
		if f[0] != "justext" {
			t.Errorf("row %q", line)
		}
		types = append(types, f[1])
	}
	if want := eval.PageTypes(); !slices.Equal(types, want) {
		t.Errorf("types %q, want %q", types, want)
	}
}
