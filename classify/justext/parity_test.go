package justext

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jtextract/jt/blocks"
)

// refParagraph holds the fields of one line of a reference <id>.jsonl that
// classification reads or produces.
type refParagraph struct {
	Text      string  `json:"text"`
	Class     string  `json:"class"`
	CFClass   string  `json:"cf_class"`
	Heading   bool    `json:"heading"`
	IsHeading bool    `json:"is_heading"`
	DomPath   string  `json:"dom_path"`
	Words     int     `json:"words_count"`
	LinkChars int     `json:"chars_count_in_links"`
	StopWords int     `json:"stopwords_count"`
	Length    int     `json:"length"`
	LinkDens  float64 `json:"links_density"`
	StopDens  float64 `json:"stopwords_density"`
}

// refPage is one page of a reference folder: its id, the reference
// paragraphs, and the same paragraphs as classifier input.
type refPage struct {
	id    string
	ref   []refParagraph
	paras []blocks.Paragraph
}

// referenceDir returns testdata/reference of the shared data, which lives
// in ../shared beside the module root, and skips the test when it is absent.
func referenceDir(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Skip("no go.mod above the test directory, so the shared reference data cannot be located")
		}
		dir = parent
	}
	ref := filepath.Join(filepath.Dir(dir), "shared", "testdata", "reference")
	if _, err := os.Stat(ref); err != nil {
		tb.Skipf("shared reference data absent (%v); it is expected in ../shared beside the module root", err)
	}
	return ref
}

// loadPages reads every <id>.jsonl of one reference folder and builds the
// classifier input from the recorded features.
func loadPages(tb testing.TB, folder string) []refPage {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join(referenceDir(tb), folder, "*.jsonl"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("no reference pages in %s (err %v)", folder, err)
	}
	pages := make([]refPage, 0, len(files))
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			tb.Fatal(err)
		}
		page := refPage{id: strings.TrimSuffix(filepath.Base(name), ".jsonl")}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 16<<20)
		for sc.Scan() {
			var r refParagraph
			if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
				tb.Fatalf("%s line %d: %v", name, len(page.ref)+1, err)
			}
			page.ref = append(page.ref, r)
			page.paras = append(page.paras, blocks.Paragraph{
				Length:    r.Length,
				Words:     r.Words,
				LinkChars: r.LinkChars,
				StopWords: r.StopWords,
				Heading:   r.IsHeading,
				Copyright: strings.Contains(r.Text, "\u00a9") || strings.Contains(r.Text, "&copy"),
				InSelect:  strings.Contains(r.DomPath, "select"),
			})
		}
		f.Close()
		if err := sc.Err(); err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		pages = append(pages, page)
	}
	return pages
}

// TestReferenceParity classifies every paragraph of the 181 reference pages
// from its recorded features, in the three recorded configurations, and
// expects jusText's cf_class and class on each.
func TestReferenceParity(t *testing.T) {
	noHeadings := DefaultConfig()
	noHeadings.NoHeadings = true
	for _, tc := range []struct {
		folder string
		cfg    Config
	}{
		{"justext-en", DefaultConfig()},
		{"justext-en-noheadings", noHeadings},
		{"justext-langind", LanguageIndependent()},
	} {
		t.Run(tc.folder, func(t *testing.T) {
			t.Parallel()
			pages := loadPages(t, tc.folder)
			var total, cfAgree, classAgree, good int
			for _, page := range pages {
				Classify(page.paras, tc.cfg)
				for i, p := range page.paras {
					r := page.ref[i]
					total++
					if h := p.Heading && !tc.cfg.NoHeadings; h != r.Heading {
						t.Errorf("%s #%d: heading flag %v, reference %v", page.id, i, h, r.Heading)
					}
					if p.LinkDensity() != r.LinkDens || p.StopWordDensity() != r.StopDens {
						t.Errorf("%s #%d: densities %v/%v, reference %v/%v",
							page.id, i, p.LinkDensity(), p.StopWordDensity(), r.LinkDens, r.StopDens)
					}
					if p.CFClass.String() == r.CFClass {
						cfAgree++
					} else {
						t.Errorf("%s #%d: cf_class %v, reference %s", page.id, i, p.CFClass, r.CFClass)
					}
					if p.Class.String() == r.Class {
						classAgree++
					} else {
						t.Errorf("%s #%d: class %v, reference %s", page.id, i, p.Class, r.Class)
					}
					if p.Class == blocks.Good {
						good++
					}
				}
			}
			t.Logf("%d pages, %d paragraphs (%d good): cf_class agrees on %d, class on %d",
				len(pages), total, good, cfAgree, classAgree)
		})
	}
}

// BenchmarkClassify measures Classify on the reference page with the most
// paragraphs and on 100,000 paragraphs made by repeating all reference
// pages, with their real mix of features.
func BenchmarkClassify(b *testing.B) {
	pages := loadPages(b, "justext-en")
	largest := pages[0].paras
	var all []blocks.Paragraph
	for _, p := range pages {
		if len(p.paras) > len(largest) {
			largest = p.paras
		}
		all = append(all, p.paras...)
	}
	tiled := make([]blocks.Paragraph, 100_000)
	for i := range tiled {
		tiled[i] = all[i%len(all)]
	}
	cfg := DefaultConfig()
	for _, bc := range []struct {
		name  string
		paras []blocks.Paragraph
	}{
		{"largest-page", largest},
		{"100k", tiled},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Classify(bc.paras, cfg)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(bc.paras)), "ns/paragraph")
		})
	}
}
