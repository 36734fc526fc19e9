package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/jtextract/jt/eval"
)

// Page is one page held in memory.
type Page struct {
	ID   string
	URL  *url.URL // from the ground truth; nil when unknown
	HTML []byte
}

// Dataset is the pages a run measures, all in memory.
type Dataset struct {
	Dir   string
	Pages []Page
	Bytes int64 // total HTML bytes

	// truth is the same pages with their ground truth, in the same order,
	// or nil when the folder has none and quality cannot be scored.
	truth *eval.Dataset
}

// loadDataset reads dir. A folder laid out as the scrapinghub benchmark
// (ground-truth.json beside html/) is read with eval.LoadDataset, so its
// quality can be scored; any other folder is searched recursively for
// .html and .html.gz files, which are measured without quality.
func loadDataset(dir string) (*Dataset, error) {
	if _, err := os.Stat(filepath.Join(dir, "ground-truth.json")); err == nil {
		truth, err := eval.LoadDataset(dir)
		if err != nil {
			return nil, err
		}
		ds := &Dataset{Dir: dir, truth: truth}
		for _, p := range truth.Pages {
			var u *url.URL
			if p.URL != "" {
				// A URL that does not parse only costs the peers a hint.
				u, _ = url.Parse(p.URL)
			}
			ds.add(Page{ID: p.ID, URL: u, HTML: p.HTML})
		}
		return ds, nil
	}
	ds := &Dataset{Dir: dir}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		name := d.Name()
		gz := strings.HasSuffix(name, ".html.gz")
		if !gz && !strings.HasSuffix(name, ".html") {
			return nil
		}
		html, err := readPage(path, gz)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path) // cannot fail: path is under dir
		ds.add(Page{ID: rel, HTML: html})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("bench: reading pages: %w", err)
	}
	if len(ds.Pages) == 0 {
		return nil, fmt.Errorf("bench: %s: no .html or .html.gz files", dir)
	}
	slices.SortFunc(ds.Pages, func(a, b Page) int { return strings.Compare(a.ID, b.ID) })
	return ds, nil
}

// add appends p and counts its bytes.
func (ds *Dataset) add(p Page) {
	ds.Pages = append(ds.Pages, p)
	ds.Bytes += int64(len(p.HTML))
}

// readPage reads one page file, gunzipping it if gz.
func readPage(path string, gz bool) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil || !gz {
		return data, err
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	html, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return html, nil
}

// defaultDatasetDir is ../shared/datasets/scrapinghub relative to the root
// of the jt module, found by walking up from the working directory, so that
// the default works both from the repository root and from bench/. Outside
// the repository it is that path relative to the working directory.
func defaultDatasetDir() string {
	const rel = "../shared/datasets/scrapinghub"
	wd, err := os.Getwd()
	if err != nil {
		return rel
	}
	for d := wd; ; d = filepath.Dir(d) {
		if isJTModule(filepath.Join(d, "go.mod")) {
			return filepath.Join(d, rel)
		}
		if filepath.Dir(d) == d {
			return rel
		}
	}
}

// isJTModule reports whether the go.mod file at path declares jt itself
// (not bench, whose module path only starts with jt's).
func isJTModule(path string) bool {
	data, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	for line := range strings.Lines(string(data)) {
		if mod, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
			return strings.Trim(strings.TrimSpace(mod), `"`) == "github.com/jtextract/jt"
		}
	}
	return false
}
