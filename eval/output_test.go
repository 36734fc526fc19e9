package eval

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

func sampleResults() []*Result {
	timed := &Result{
		Name: "jt-justext", Precision: 0.8581, Recall: 0.7559, F1: 0.8038, Accuracy: 0.0884,
		PrecisionStd: 0.0123, RecallStd: 0.0204, F1Std: 0.0141, AccuracyStd: 0.0211,
		Pages: []PageScore{
			{ID: "p1", Precision: 0.5, Recall: 1, F1: 2.0 / 3, TP: 0.5, FP: 0.5},
			{ID: "p2", FN: 1, Err: errors.New(`bad "markup", line 3`)},
		},
		Errors: []PageError{{ID: "p2", Err: errors.New("bad markup")}},
		Bytes:  2_000_000, Elapsed: 500 * time.Millisecond,
	}
	untimed := &Result{Name: "peer|json, v2", Precision: 1, Recall: 1, F1: 1, Accuracy: 1,
		Pages: []PageScore{{ID: "p1", Precision: 1, Recall: 1, F1: 1, TP: 1, Exact: true}}}
	return []*Result{timed, untimed}
}

func TestWriteTable(t *testing.T) {
	tests := []struct {
		format, want string
	}{
		{FormatTable, `algo           F1             precision      recall         accuracy       errors  MB/s  pages/s
jt-justext     0.804 ± 0.014  0.858 ± 0.012  0.756 ± 0.020  0.088 ± 0.021  1       4.0   4.0
peer|json, v2  1.000 ± 0.000  1.000 ± 0.000  1.000 ± 0.000  1.000 ± 0.000  0       -     -
`},
		{FormatMarkdown, `| algo | F1 | precision | recall | accuracy | errors | MB/s | pages/s |
|---|---:|---:|---:|---:|---:|---:|---:|
| jt-justext | 0.804 ± 0.014 | 0.858 ± 0.012 | 0.756 ± 0.020 | 0.088 ± 0.021 | 1 | 4.0 | 4.0 |
| peer\|json, v2 | 1.000 ± 0.000 | 1.000 ± 0.000 | 1.000 ± 0.000 | 1.000 ± 0.000 | 0 | - | - |
`},
	}
	for _, tt := range tests {
		t.Run(tt.format, func(t *testing.T) {
			var b strings.Builder
			if err := WriteTable(&b, sampleResults(), tt.format); err != nil {
				t.Fatal(err)
			}
			if b.String() != tt.want {
				t.Errorf("got\n%s\nwant\n%s", b.String(), tt.want)
			}
		})
	}
	if err := WriteTable(&strings.Builder{}, nil, "html"); err == nil || !strings.Contains(err.Error(), `"html"`) {
		t.Errorf("unknown format: err = %v, want one naming it", err)
	}
}

// The JSON rows read back into the figures they were written from, and
// throughput appears only where it was measured.
func TestWriteTableJSON(t *testing.T) {
	var b strings.Builder
	if err := WriteTable(&b, sampleResults(), FormatJSON); err != nil {
		t.Fatal(err)
	}
	var rows []map[string]any
	if err := json.Unmarshal([]byte(b.String()), &rows); err != nil {
		t.Fatalf("output is not a JSON array: %v\n%s", err, b.String())
	}
	if len(rows) != 2 {
		t.Fatalf("%d rows, want 2:\n%s", len(rows), b.String())
	}
	checks := []struct {
		row   int
		key   string
		value any // nil: the key must be absent
	}{
		{0, "algo", "jt-justext"}, {0, "f1", 0.8038}, {0, "recall_std", 0.0204},
		{0, "pages", 2.0}, {0, "errors", 1.0}, {0, "bytes", 2e6}, {0, "mb_per_s", 4.0}, {0, "pages_per_s", 4.0},
		{1, "algo", "peer|json, v2"}, {1, "accuracy", 1.0}, {1, "mb_per_s", nil}, {1, "seconds", nil},
	}
	for _, c := range checks {
		got, ok := rows[c.row][c.key]
		if c.value == nil {
			if ok {
				t.Errorf("row %d: %s = %v, want it absent", c.row, c.key, got)
			}
			continue
		}
		if got != c.value {
			t.Errorf("row %d: %s = %v, want %v", c.row, c.key, got, c.value)
		}
	}
}

func TestWritePerPageCSV(t *testing.T) {
	var b strings.Builder
	if err := WritePerPageCSV(&b, sampleResults()); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(strings.NewReader(b.String())).ReadAll()
	if err != nil {
		t.Fatalf("output does not read back as CSV: %v\n%s", err, b.String())
	}
	want := [][]string{
		{"algo", "id", "precision", "recall", "f1", "tp", "fp", "fn", "exact", "error"},
		{"jt-justext", "p1", "0.5", "1", "0.6666666666666666", "0.5", "0.5", "0", "false", ""},
		{"jt-justext", "p2", "0", "0", "0", "0", "0", "1", "false", `bad "markup", line 3`},
		{"peer|json, v2", "p1", "1", "1", "1", "1", "0", "0", "true", ""},
	}
	if !slices.EqualFunc(recs, want, slices.Equal[[]string]) {
		t.Errorf("records\n%q\nwant\n%q", recs, want)
	}
}

// failWriter fails every write, to check that errors reach the caller.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteErrors(t *testing.T) {
	if err := WriteTable(failWriter{}, sampleResults(), FormatTable); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("WriteTable: err = %v, want disk full", err)
	}
	if err := WritePerPageCSV(failWriter{}, sampleResults()); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("WritePerPageCSV: err = %v, want disk full", err)
	}
}

// WCXB results: snippet rates instead of accuracy, a second table per page
// type, a "types" array in JSON, and type and domain in the per-page CSV.
func TestWriteWCXB(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, wcxbFiles(t))
	ds, err := LoadDataset(root)
	if err != nil {
		t.Fatal(err)
	}
	r := ScorePredictions(ds, map[string]string{"0001": "hello Menu", "0002": "", "0003": "", "0005": "x"})
	r.Name = "peer"
	var b strings.Builder
	if err := WriteTable(&b, []*Result{r}, FormatMarkdown); err != nil {
		t.Fatal(err)
	}
	want := `| algo | F1 | precision | recall | with | without | errors | MB/s | pages/s |
|---|---:|---:|---:|---:|---:|---:|---:|---:|
| peer | 0.417 ± 0.XXX | 0.375 ± 0.XXX | 0.500 ± 0.XXX | 75.0% | 87.5% | 0 | - | - |

| algo | type | pages | F1 | precision | recall | with | without |
|---|---|---:|---:|---:|---:|---:|---:|
| peer | article | 1 | 1.000 | 1.000 | 1.000 | 100.0% | 100.0% |
| peer | forum | 1 | 0.667 | 0.500 | 1.000 | 100.0% | 50.0% |
| peer | product | 1 | 0.000 | 0.000 | 0.000 | 100.0% | 100.0% |
| peer | collection | 1 | 0.000 | 0.000 | 0.000 | 0.0% | 100.0% |
`
	got := regexp.MustCompile(`± 0\.\d\d\d`).ReplaceAllString(b.String(), "± 0.XXX")
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	b.Reset()
	if err := WriteTable(&b, []*Result{r}, FormatJSON); err != nil {
		t.Fatal(err)
	}
	var rows []struct {
		Metric   string
		WithRate float64 `json:"with_rate"`
		Types    []struct{ Type string }
	}
	if err := json.Unmarshal([]byte(b.String()), &rows); err != nil || len(rows) != 1 || rows[0].Metric != "words" ||
		rows[0].WithRate != 0.75 || len(rows[0].Types) != 4 || rows[0].Types[3].Type != "collection" {
		t.Errorf("JSON (%v):\n%s", err, b.String())
	}
	b.Reset()
	if err := WritePerPageCSV(&b, []*Result{r}); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(strings.NewReader(b.String())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	wantRecs := [][]string{
		{"algo", "id", "type", "domain", "precision", "recall", "f1", "with", "without", "tp", "fp", "fn", "exact", "error"},
		{"peer", "0001", "forum", "example.org", "0.5", "1", "0.6666666666666666", "1", "0.5", "0.5", "0.5", "0", "false", ""},
	}
	if len(recs) != 5 || !slices.EqualFunc(recs[:2], wantRecs, slices.Equal[[]string]) {
		t.Errorf("records\n%q\nwant 5, starting\n%q", recs, wantRecs)
	}
}
