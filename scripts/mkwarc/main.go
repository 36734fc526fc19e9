// Command mkwarc writes small gzip WARC files (one member per record, as
// Common Crawl writes them) for tests that run jt warc as a user would,
// such as .ci/scheduler-test.sh. Each file holds the pages of
// testdata/pages and generated article pages, under URLs of its own.
//
//	go run ./scripts/mkwarc -n 8 -records 40 -pages testdata/pages DIR
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/jtextract/jt/warc"
)

func main() {
	n := flag.Int("n", 8, "number of WARC files")
	records := flag.Int("records", 40, "generated pages per file, besides those of -pages")
	pages := flag.String("pages", "", "directory of .html and .html.gz pages to put in every file")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: mkwarc [flags] DIR")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 || *n < 1 || *records < 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *n, *records, *pages); err != nil {
		fmt.Fprintln(os.Stderr, "mkwarc:", err)
		os.Exit(1)
	}
}

func run(dir string, n, records int, pagesDir string) error {
	pages, err := readPages(pagesDir)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for f := range n {
		var b bytes.Buffer
		w, err := warc.NewWriter(&b, warc.Gzip)
		if err != nil {
			return err
		}
		host := fmt.Sprintf("site%d.example", f)
		add := func(path string, html []byte) error {
			h := warc.Header{
				{Name: "WARC-Type", Value: "response"},
				{Name: "WARC-Record-ID", Value: fmt.Sprintf("<urn:jt:%s%s>", host, path)},
				{Name: "WARC-Date", Value: "2024-01-01T00:00:00Z"},
				{Name: "WARC-Target-URI", Value: "http://" + host + path},
			}
			return w.WriteRecord(h, append([]byte("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\r\n"), html...))
		}
		for _, name := range sortedKeys(pages) {
			if err := add("/"+name, pages[name]); err != nil {
				return err
			}
		}
		for i := range records {
			if err := add(fmt.Sprintf("/article/%d", i), article(f, i)); err != nil {
				return err
			}
		}
		name := filepath.Join(dir, fmt.Sprintf("part-%05d.warc.gz", f))
		if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// article is a page with navigation and several paragraphs of text, each
// file's and page's own, so that outputs differ from input to input.
func article(f, i int) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "<html><head><title>Article %d of site %d</title></head><body><nav><a href=/>Home</a> <a href=/news>News</a></nav><article>", i, f)
	for p := range 3 + i%4 {
		fmt.Fprintf(&b, "<p>Paragraph %d of article %d on site %d. ", p, i, f)
		b.WriteString(strings.Repeat("It reports, at the length a real article would, what happened and why it matters to the people who read it. ", 2+p%3))
		b.WriteString("</p>")
	}
	b.WriteString("</article><footer>Copyright. All rights reserved.</footer></body></html>")
	return []byte(b.String())
}

// readPages reads the .html and .html.gz files of dir, by name without
// .gz; no dir means none.
func readPages(dir string) (map[string][]byte, error) {
	pages := map[string][]byte{}
	if dir == "" {
		return pages, nil
	}
	names, err := filepath.Glob(filepath.Join(dir, "*.html*"))
	if err != nil {
		return nil, err
	}
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		if strings.HasSuffix(name, ".gz") {
			zr, err := gzip.NewReader(bytes.NewReader(data))
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			if data, err = io.ReadAll(zr); err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
		}
		pages[strings.TrimSuffix(filepath.Base(name), ".gz")] = data
	}
	return pages, nil
}

func sortedKeys(m map[string][]byte) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
