package eval

// Loading the WCXB benchmark's layout.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// pageTypes is WCXB's page types in the order its evaluate.py prints them.
var pageTypes = []string{"article", "forum", "product", "collection", "listing", "documentation", "service"}

// PageTypes returns WCXB's page types in the order its evaluate.py prints
// them: article, forum, product, collection, listing, documentation,
// service.
func PageTypes() []string { return slices.Clone(pageTypes) }

// WCXB's file and directory names.
const (
	wcxbGroundTruthDir = "ground-truth"
	wcxbDevSplit       = "dev"
	wcxbMetadataFile   = "metadata.json"
)

// wcxbSplit returns the split directory of a WCXB dataset at dir: dir/dev
// if it has a ground-truth directory, else dir itself if it has one.
func wcxbSplit(dir string) (split string, ok bool) {
	for _, d := range []string{filepath.Join(dir, wcxbDevSplit), dir} {
		if fi, err := os.Stat(filepath.Join(d, wcxbGroundTruthDir)); err == nil && fi.IsDir() {
			return d, true
		}
	}
	return "", false
}

// wcxbFile is the part of a WCXB ground-truth file that is read. Fields
// stay raw because evaluate.py tolerates nulls and odd types in them.
type wcxbFile struct {
	URL         json.RawMessage `json:"url"`
	Internal    json.RawMessage `json:"_internal"`
	GroundTruth json.RawMessage `json:"ground_truth"`
}

// wcxbTruth is a WCXB ground_truth object.
type wcxbTruth struct {
	MainContent json.RawMessage `json:"main_content"`
	Title       json.RawMessage `json:"title"`
	Author      json.RawMessage `json:"author"`
	Date        json.RawMessage `json:"publish_date"`
	With        json.RawMessage `json:"with"`
	Without     json.RawMessage `json:"without"`
}

// errSkip marks a ground-truth file that evaluate.py leaves out.
var errSkip = errors.New("ground_truth is not an object")

// jsonString returns raw's value if it is a JSON string, else "" (null,
// absent, or another type).
func jsonString(raw json.RawMessage) string {
	var s string
	if len(raw) == 0 || raw[0] != '"' || json.Unmarshal(raw, &s) != nil {
		return ""
	}
	return s
}

// isObject reports whether raw is a JSON object.
func isObject(raw json.RawMessage) bool { return len(raw) > 0 && raw[0] == '{' }

// wcxbPageType is evaluate.py's get_page_type: _internal.page_type.primary
// (or page_type itself when it is a string), "article" when absent, and
// "category" read as "collection". A primary that is not a string gives "".
func wcxbPageType(internal json.RawMessage) string {
	pt := "article"
	var in struct {
		PageType json.RawMessage `json:"page_type"`
	}
	if isObject(internal) && json.Unmarshal(internal, &in) == nil {
		switch raw := in.PageType; {
		case isObject(raw):
			var obj struct {
				Primary json.RawMessage `json:"primary"`
			}
			if json.Unmarshal(raw, &obj) == nil && obj.Primary != nil {
				pt = jsonString(obj.Primary)
			}
		case len(raw) > 0 && raw[0] == '"':
			pt = jsonString(raw)
		}
	}
	if pt == "category" {
		return "collection"
	}
	return pt
}

// snippets decodes a with or without list; null or absent is none.
func snippets(raw json.RawMessage, name string) ([]string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var list []string
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, fmt.Errorf("%s is not a list of strings: %w", name, err)
	}
	return list, nil
}

// parseWCXB fills p (ID and HTML aside) from a ground-truth file's bytes.
// It returns errSkip when evaluate.py would skip the file.
func parseWCXB(data []byte, p *Page) error {
	var f wcxbFile
	if err := json.Unmarshal(data, &f); err != nil {
		return fmt.Errorf("bad JSON: %w", err)
	}
	var gt wcxbTruth
	switch {
	case f.GroundTruth == nil: // absent: evaluate.py reads {} and scores it
	case !isObject(f.GroundTruth):
		return errSkip
	default:
		if err := json.Unmarshal(f.GroundTruth, &gt); err != nil {
			return fmt.Errorf("bad ground_truth: %w", err)
		}
	}
	var err error
	if p.With, err = snippets(gt.With, "with"); err != nil {
		return err
	}
	if p.Without, err = snippets(gt.Without, "without"); err != nil {
		return err
	}
	p.URL = jsonString(f.URL)
	p.Type = wcxbPageType(f.Internal)
	p.Truth = jsonString(gt.MainContent)
	p.Title, p.Author, p.Date = jsonString(gt.Title), jsonString(gt.Author), jsonString(gt.Date)
	return nil
}

// urlDomain returns the host of rawURL, lower-cased, without "www.", or ""
// if it has none.
func urlDomain(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return ""
	}
	return strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
}

// readWCXBDomains reads the domain of every page id from metadata.json
// ({"files": {"<id>": {"domain": ...}}}). A missing file gives no domains.
func readWCXBDomains(path string) (map[string]string, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("eval: %w", err)
	}
	var meta struct {
		Files map[string]struct {
			Domain string `json:"domain"`
		} `json:"files"`
	}
	if err := json.Unmarshal(data, &meta); err != nil {
		return nil, fmt.Errorf("eval: %s: bad JSON: %w", path, err)
	}
	domains := make(map[string]string, len(meta.Files))
	for id, f := range meta.Files {
		domains[id] = f.Domain
	}
	return domains, nil
}

// loadWCXB reads the split directory split of the WCXB dataset at dir, as
// LoadDataset documents.
func loadWCXB(dir, split string) (*Dataset, error) {
	gtDir := filepath.Join(split, wcxbGroundTruthDir)
	entries, err := os.ReadDir(gtDir)
	if err != nil {
		return nil, fmt.Errorf("eval: reading ground truth: %w", err)
	}
	var ids []string
	for _, e := range entries {
		if id, ok := strings.CutSuffix(e.Name(), ".json"); ok && !e.IsDir() {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return nil, fmt.Errorf("eval: %s: no .json ground-truth files", gtDir)
	}
	slices.Sort(ids)
	domains, err := readWCXBDomains(filepath.Join(filepath.Dir(split), wcxbMetadataFile))
	if err != nil {
		return nil, err
	}
	htmlPath := filepath.Join(split, htmlDir)
	htmlEntries, err := os.ReadDir(htmlPath)
	if err != nil {
		return nil, fmt.Errorf("eval: reading pages: %w", err)
	}
	htmlFiles := make(map[string]string, len(htmlEntries)) // id -> file name
	for _, e := range htmlEntries {
		id, _ := pageID(e.Name())
		if id == "" || e.IsDir() {
			continue
		}
		if prev, dup := htmlFiles[id]; dup {
			return nil, fmt.Errorf("eval: %s: page %s also stored as %s", filepath.Join(htmlPath, e.Name()), id, prev)
		}
		htmlFiles[id] = e.Name()
	}

	pages := make([]Page, len(ids))
	errs := make([]error, len(ids))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(ids)) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < len(ids); i = int(next.Add(1) - 1) {
				errs[i] = loadWCXBPage(&pages[i], ids[i], gtDir, htmlPath, htmlFiles, domains)
			}
		})
	}
	wg.Wait()

	ds := &Dataset{Dir: dir, Metric: MetricWords}
	for i := range pages {
		switch {
		case errors.Is(errs[i], errSkip):
			ds.Skipped++
		case errs[i] != nil:
			return nil, errs[i]
		default:
			ds.Pages = append(ds.Pages, pages[i])
		}
	}
	known := make(map[string]bool, len(ids)) // skipped ones included
	for _, id := range ids {
		known[id] = true
	}
	for id, name := range htmlFiles {
		if !known[id] {
			return nil, fmt.Errorf("eval: %s: page %s has no ground truth in %s", filepath.Join(htmlPath, name), id, gtDir)
		}
	}
	return ds, nil
}

// loadWCXBPage reads page id of a WCXB split into p.
func loadWCXBPage(p *Page, id, gtDir, htmlPath string, htmlFiles, domains map[string]string) error {
	gtPath := filepath.Join(gtDir, id+".json")
	data, err := os.ReadFile(gtPath)
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	p.ID = id
	if err := parseWCXB(bytes.TrimSpace(data), p); err != nil {
		if errors.Is(err, errSkip) {
			return err
		}
		return fmt.Errorf("eval: %s: %w", gtPath, err)
	}
	if p.Domain = domains[id]; p.Domain == "" {
		p.Domain = urlDomain(p.URL)
	}
	name, ok := htmlFiles[id]
	if !ok {
		return fmt.Errorf("eval: %s: page %s has no HTML file in %s", gtPath, id, htmlPath)
	}
	p.HTML, err = readPage(filepath.Join(htmlPath, name), strings.HasSuffix(name, ".gz"))
	return err
}
