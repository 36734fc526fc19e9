package eval

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// writeFiles creates files (path relative to dir -> content) under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func gzipString(t *testing.T, s string) string {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	if _, err := zw.Write([]byte(s)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestLoadDataset(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"ground-truth.json": `{"b": {"articleBody": "Body B", "url": "https://b.example/"},
		                       "a": {"articleBody": "Body A"}}`,
		"html/b.html.gz": gzipString(t, "<p>page b</p>"),
		"html/a.html":    "<p>page a</p>",
		"html/README":    "not a page",
	})
	ds, err := LoadDataset(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []Page{
		{ID: "a", HTML: []byte("<p>page a</p>"), Truth: "Body A"},
		{ID: "b", URL: "https://b.example/", HTML: []byte("<p>page b</p>"), Truth: "Body B"},
	}
	if !slices.EqualFunc(ds.Pages, want, func(x, y Page) bool {
		return x.ID == y.ID && x.URL == y.URL && bytes.Equal(x.HTML, y.HTML) && x.Truth == y.Truth
	}) {
		t.Errorf("Pages = %+v, want %+v", ds.Pages, want)
	}
	if ds.Bytes() != 26 {
		t.Errorf("Bytes = %d, want 26", ds.Bytes())
	}
}

func TestLoadDatasetErrors(t *testing.T) {
	const gt = `{"a": {"articleBody": "A"}}`
	tests := []struct {
		name  string
		files map[string]string
		want  []string // substrings of the error
	}{
		{"no ground truth", map[string]string{"html/a.html": "x"}, []string{"ground-truth.json"}},
		{"bad JSON", map[string]string{"ground-truth.json": `{"a": `, "html/a.html": "x"},
			[]string{"ground-truth.json", "bad JSON"}},
		{"bad entry", map[string]string{"ground-truth.json": `{"a": ["text"]}`, "html/a.html": "x"},
			[]string{"ground-truth.json", "page a"}},
		{"no html dir", map[string]string{"ground-truth.json": gt}, []string{"html"}},
		{"no pages", map[string]string{"ground-truth.json": gt, "html/notes.txt": ""}, []string{"no .html"}},
		{"page without ground truth", map[string]string{"ground-truth.json": gt, "html/a.html": "x", "html/z.html": "x"},
			[]string{filepath.Join("html", "z.html"), "page z", "no entry"}},
		{"ground truth without page", map[string]string{"ground-truth.json": `{"a": {}, "q": {}}`, "html/a.html": "x"},
			[]string{"ground-truth.json", "page q", "no HTML file"}},
		{"bad gzip", map[string]string{"ground-truth.json": gt, "html/a.html.gz": "not gzip"},
			[]string{"a.html.gz", "bad gzip"}},
		{"truncated gzip", map[string]string{"ground-truth.json": gt, "html/a.html.gz": gzipString(t, "<p>x</p>")[:15]},
			[]string{"a.html.gz", "bad gzip"}},
		{"page stored twice", map[string]string{"ground-truth.json": gt, "html/a.html": "x", "html/a.html.gz": gzipString(t, "x")},
			[]string{"page a", "also stored"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, tt.files)
			_, err := LoadDataset(dir)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

func TestLoadPredictions(t *testing.T) {
	tests := []struct {
		name, json string
		want       map[string]string
		wantErr    []string
	}{
		{"plain", `{"a": {"articleBody": "A", "url": "u"}, "b": {"articleBody": ""}}`,
			map[string]string{"a": "A", "b": ""}, nil},
		{"wrapped", `{"version": "1.2", "output": {"a": {"articleBody": "A"}}}`,
			map[string]string{"a": "A"}, nil},
		{"null and missing body", `{"a": {"articleBody": null}, "b": {}}`,
			map[string]string{"a": "", "b": ""}, nil},
		{"empty", `{}`, map[string]string{}, nil},
		{"syntax error", `{"a": {"articleBody": "A"}`, nil, []string{"preds.json", "bad JSON"}},
		{"not an object", `["a"]`, nil, []string{"preds.json", "bad JSON"}},
		{"WCXB shape: texts", `{"a": "A", "b": "", "c": null}`,
			map[string]string{"a": "A", "b": "", "c": ""}, nil},
		{"entry neither object nor text", `{"a": 3}`, nil, []string{"preds.json", "page a", "bad entry"}},
		{"body not a string", `{"a": {"articleBody": 3}}`, nil, []string{"preds.json", "page a"}},
		{"bad output", `{"version": 1, "output": []}`, nil, []string{"preds.json", "output"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, map[string]string{"preds.json": tt.json})
			got, err := LoadPredictions(filepath.Join(dir, "preds.json"))
			if tt.wantErr != nil {
				if err == nil {
					t.Fatalf("no error, got %v", got)
				}
				for _, w := range tt.wantErr {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("error %q does not mention %q", err, w)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
			for id, w := range tt.want {
				if g, ok := got[id]; !ok || g != w {
					t.Errorf("page %s = %q (present %v), want %q", id, g, ok, w)
				}
			}
		})
	}
	if _, err := LoadPredictions(filepath.Join(t.TempDir(), "missing.json")); err == nil || !strings.Contains(err.Error(), "missing.json") {
		t.Errorf("missing file: err = %v, want one naming missing.json", err)
	}
}

func TestLoadTextDir(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"a.txt": "text A\n", "b.txt": "", "a.jsonl": "{}"})
	got, err := LoadTextDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got["a"] != "text A\n" || got["b"] != "" {
		t.Errorf("got %q, want a and b", got)
	}
	if _, err := LoadTextDir(filepath.Join(dir, "nope")); err == nil {
		t.Error("missing dir: no error")
	}
	empty := t.TempDir()
	if _, err := LoadTextDir(empty); err == nil || !strings.Contains(err.Error(), empty) {
		t.Errorf("empty dir: err = %v, want one naming %s", err, empty)
	}
}

func TestLoadScrapinghub(t *testing.T) {
	ds := loadScrapinghub(t)
	if len(ds.Pages) != 181 {
		t.Fatalf("%d pages, want 181", len(ds.Pages))
	}
	if !slices.IsSortedFunc(ds.Pages, func(a, b Page) int { return strings.Compare(a.ID, b.ID) }) {
		t.Error("pages not sorted by id")
	}
	for _, p := range ds.Pages {
		if len(p.HTML) == 0 || p.Truth == "" || p.URL == "" {
			t.Errorf("page %s: %d HTML bytes, %d truth bytes, URL %q", p.ID, len(p.HTML), len(p.Truth), p.URL)
		}
	}
}
