// Command mkwarc writes small gzip WARC files (one member per record, as
// Common Crawl writes them) for tests that run jt warc as a user would,
// such as .ci/scheduler-test.sh. Each file holds the pages of
// testdata/pages and generated article pages, under URLs of its own.
//
//	go run ./scripts/mkwarc -n 8 -records 40 -pages testdata/pages DIR
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/jtextract/jt/internal/pagedir"
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
	var pages []pagedir.Page
	if pagesDir != "" {
		var err error
		if pages, err = pagedir.Read(pagesDir); err != nil {
			return err
		}
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
		for _, p := range pages {
			if err := add("/"+p.Name, p.HTML); err != nil {
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
