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

// Page is one page of a dataset: its raw HTML bytes, the hand-made main
// text it should yield, and what else the dataset says about it.
type Page struct {
	ID    string // file name without .html or .html.gz
	URL   string // from the ground truth; may be empty
	HTML  []byte // as served, gunzipped
	Truth string // ground-truth main text: scrapinghub's articleBody, WCXB's main_content

	// Type is the WCXB page type (see [PageTypes]), as the benchmark's
	// evaluate.py reads it, "category" becoming "collection"; "" for
	// scrapinghub.
	Type string
	// Domain is the site: WCXB's metadata.json domain, else (and for
	// scrapinghub) the host of URL without "www.", or "" if neither is
	// known. Use it to group cross-validation folds.
	Domain string
	// Title, Author and Date are WCXB's ground-truth title, author and
	// publish_date, "" when null or absent.
	Title, Author, Date string
	// With are WCXB's snippets a correct extraction contains, Without its
	// boilerplate snippets that one does not (see [SnippetRate]).
	With, Without []string
}

// Dataset is a set of pages with ground truth, sorted by page id.
type Dataset struct {
	Dir   string
	Pages []Page
	// Metric is the metric the dataset's benchmark scores with:
	// [MetricShingles] for the scrapinghub layout, [MetricWords] for WCXB.
	Metric Metric
	// Skipped counts WCXB ground-truth files left out, as evaluate.py
	// leaves them out, because their ground_truth is not a JSON object.
	Skipped int
}

// Metric names the way a dataset's pages are scored.
type Metric int

const (
	// MetricShingles is the scrapinghub benchmark's metric: 4-token
	// shingles per page; run precision and recall are means over pages and
	// F1 is the F1 of those means (see [Result]).
	MetricShingles Metric = iota
	// MetricWords is the WCXB benchmark's metric: lower-cased words per
	// page (see [WordScorer]); run precision, recall and F1 are means of
	// the page values, and snippet rates are reported too.
	MetricWords
)

// String returns "shingles" or "words".
func (m Metric) String() string {
	switch m {
	case MetricShingles:
		return "shingles"
	case MetricWords:
		return "words"
	}
	return fmt.Sprintf("Metric(%d)", int(m))
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

// LoadDataset reads a dataset in one of two layouts, told apart by their
// files.
//
// The scrapinghub layout: dir/html/<id>.html or <id>.html.gz and
// dir/ground-truth.json ({"<id>": {"articleBody": ..., "url": ...}}).
// Every page must have ground truth and every ground-truth entry a page;
// other files in dir/html are ignored. The dataset's Metric is
// [MetricShingles] and each page's Domain is its URL's host.
//
// The WCXB layout, chosen when dir/dev/ground-truth or dir/ground-truth is
// a directory: the split directory (dir/dev, or dir itself, e.g.
// wcxb-dev/dev) holds ground-truth/<id>.json and html/<id>.html.gz (or
// .html), and metadata.json beside the split gives each page's domain.
// Each ground-truth file is a page, read as the benchmark's evaluate.py
// reads it: a file whose ground_truth is not a JSON object is left out and
// counted in Dataset.Skipped, an absent ground_truth counts as empty, null
// fields read as "", and the page type "category" reads as "collection".
// Every page kept must have an HTML file and every HTML file ground truth;
// a page missing from metadata.json (or all pages, if it is absent) takes
// its URL's host as Domain. The dataset's Metric is [MetricWords]. Pages
// are read in parallel.
func LoadDataset(dir string) (*Dataset, error) {
	if split, ok := wcxbSplit(dir); ok {
		return loadWCXB(dir, split)
	}
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
		ds.Pages = append(ds.Pages, Page{ID: id, URL: a.URL, HTML: html, Truth: a.ArticleBody, Domain: urlDomain(a.URL)})
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

// readArticles reads a ground-truth or predictions file. It accepts
// {"<id>": {...}}, the wrapped {"version": ..., "output": {"<id>": {...}}}
// that some of the benchmark's output files use, and WCXB's results shape
// {"<id>": "text"}, read as the articleBody.
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
		if len(raw) > 0 && raw[0] == '"' {
			// WCXB's results shape: the text itself.
			if err := json.Unmarshal(raw, &a.ArticleBody); err != nil {
				return nil, fmt.Errorf("eval: %s: page %s: bad entry: %w", path, id, err)
			}
			articles[id] = a
			continue
		}
		if err := json.Unmarshal(raw, &a); err != nil {
			return nil, fmt.Errorf("eval: %s: page %s: bad entry: %w", path, id, err)
		}
		articles[id] = a
	}
	return articles, nil
}

// LoadPredictions reads an extractor's output in one of the benchmarks' JSON
// shapes, scrapinghub's {"<id>": {"articleBody": "..."}} (or wrapped:
// {"version": ..., "output": {...}}) or WCXB's {"<id>": "..."}, and
// returns the text of each page id. A null entry or body reads as "".
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
