package eval

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/klauspost/compress/gzip"
)

// Page is one page of a dataset: its raw HTML bytes and the hand-made
// article body it should yield.
type Page struct {
	ID    string // file name without .html or .html.gz
	URL   string // from the ground truth; may be empty
	HTML  []byte // as served, gunzipped
	Truth string // ground-truth articleBody
}

// Dataset is a set of pages with ground truth, sorted by page id.
type Dataset struct {
	Dir   string
	Pages []Page
}

// Bytes is the total size of the pages' HTML.
func (d *Dataset) Bytes() int64 {
	var n int64
	for i := range d.Pages {
		n += int64(len(d.Pages[i].HTML))
	}
	return n
}

// groundTruthFile and htmlDir give the benchmark's layout inside a dataset
// directory.
const (
	groundTruthFile = "ground-truth.json"
	htmlDir         = "html"
)

// article is one entry of the benchmark's JSON files. A missing or null
// articleBody reads as "", as the benchmark's .get('articleBody', ”) does.
type article struct {
	ArticleBody string `json:"articleBody"`
	URL         string `json:"url"`
}

// LoadDataset reads a dataset laid out as dir/html/<id>.html or
// <id>.html.gz and dir/ground-truth.json ({"<id>": {"articleBody": ...,
// "url": ...}}). Every page must have ground truth and every ground-truth
// entry a page; other files in dir/html are ignored.
func LoadDataset(dir string) (*Dataset, error) {
	gtPath := filepath.Join(dir, groundTruthFile)
	truth, err := readArticles(gtPath)
	if err != nil {
		return nil, err
	}
	htmlPath := filepath.Join(dir, htmlDir)
	entries, err := os.ReadDir(htmlPath)
	if err != nil {
		return nil, fmt.Errorf("eval: reading pages: %w", err)
	}
	ds := &Dataset{Dir: dir}
	seen := make(map[string]string, len(entries)) // id -> file name
	for _, e := range entries {
		name := e.Name()
		id, gz := pageID(name)
		if id == "" || e.IsDir() {
			continue
		}
		path := filepath.Join(htmlPath, name)
		if prev, dup := seen[id]; dup {
			return nil, fmt.Errorf("eval: %s: page %s also stored as %s", path, id, prev)
		}
		seen[id] = name
		a, ok := truth[id]
		if !ok {
			return nil, fmt.Errorf("eval: %s: page %s has no entry in %s", path, id, gtPath)
		}
		html, err := readPage(path, gz)
		if err != nil {
			return nil, err
		}
		ds.Pages = append(ds.Pages, Page{ID: id, URL: a.URL, HTML: html, Truth: a.ArticleBody})
	}
	if len(ds.Pages) == 0 {
		return nil, fmt.Errorf("eval: %s: no .html or .html.gz pages", htmlPath)
	}
	if len(ds.Pages) != len(truth) {
		for id := range truth {
			if _, ok := seen[id]; !ok {
				return nil, fmt.Errorf("eval: %s: page %s has no HTML file in %s", gtPath, id, htmlPath)
			}
		}
	}
	slices.SortFunc(ds.Pages, func(a, b Page) int { return strings.Compare(a.ID, b.ID) })
	return ds, nil
}

// pageID returns the page id of an HTML file name and whether it is
// gzipped, or "" if the name is not a page.
func pageID(name string) (id string, gz bool) {
	if id, ok := strings.CutSuffix(name, ".html.gz"); ok {
		return id, true
	}
	if id, ok := strings.CutSuffix(name, ".html"); ok {
		return id, false
	}
	return "", false
}

// readPage reads one page file, gunzipping it if gz.
func readPage(path string, gz bool) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("eval: %w", err)
	}
	if !gz {
		return data, nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("eval: %s: bad gzip: %w", path, err)
	}
	html, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("eval: %s: bad gzip: %w", path, err)
	}
	return html, nil
}

// readArticles reads a ground-truth or predictions file. It accepts both
// {"<id>": {...}} and the wrapped {"version": ..., "output": {"<id>": {...}}}
// that some of the benchmark's output files use.
func readArticles(path string) (map[string]article, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("eval: %w", err)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, fmt.Errorf("eval: %s: bad JSON: %w", path, err)
	}
	entries := top
	if out, ok := top["output"]; ok {
		entries = nil
		if err := json.Unmarshal(out, &entries); err != nil {
			return nil, fmt.Errorf("eval: %s: bad JSON in \"output\": %w", path, err)
		}
	}
	articles := make(map[string]article, len(entries))
	for id, raw := range entries {
		var a article
		if err := json.Unmarshal(raw, &a); err != nil {
			return nil, fmt.Errorf("eval: %s: page %s: bad entry: %w", path, id, err)
		}
		articles[id] = a
	}
	return articles, nil
}

// LoadPredictions reads an extractor's output in the benchmark's JSON shape,
// {"<id>": {"articleBody": "..."}} or the wrapped {"version": ...,
// "output": {...}}, and returns the article body of each page id.
func LoadPredictions(path string) (map[string]string, error) {
	articles, err := readArticles(path)
	if err != nil {
		return nil, err
	}
	preds := make(map[string]string, len(articles))
	for id, a := range articles {
		preds[id] = a.ArticleBody
	}
	return preds, nil
}

// LoadTextDir reads predictions stored one page per file as dir/<id>.txt,
// the layout of the reference outputs. Other files are ignored.
func LoadTextDir(dir string) (map[string]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("eval: reading predictions: %w", err)
	}
	preds := make(map[string]string)
	for _, e := range entries {
		id, ok := strings.CutSuffix(e.Name(), ".txt")
		if !ok || e.IsDir() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("eval: %w", err)
		}
		preds[id] = string(data)
	}
	if len(preds) == 0 {
		return nil, fmt.Errorf("eval: %s: no .txt predictions", dir)
	}
	return preds, nil
}
