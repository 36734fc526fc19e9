package jt_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/internal/sharedtest"
)

var metaPage = `<html><head><title>Headline | Site</title><meta property="og:site_name" content="Site">
<meta property="article:published_time" content="2024-01-02"><link rel="canonical" href="/a"></head>
<body><h1>Headline</h1>` + longParagraph + `</body></html>`

// TestMetadata checks that every algorithm's pass reads the metadata, that
// the page URL reaches it, and that it is off by default.
func TestMetadata(t *testing.T) {
	for _, algo := range jt.Algorithms() {
		ex := newExtractor(t, jt.WithAlgorithm(algo), jt.WithMetadata(true))
		doc, err := ex.ExtractPage(context.Background(), bytes.NewReader([]byte(metaPage)), jt.Page{URL: "https://site.com/x/y"})
		if err != nil {
			t.Fatal(err)
		}
		m := doc.Metadata()
		if m.Title != "Headline" || m.Date != "2024-01-02" || m.SiteName != "Site" || m.URL != "https://site.com/a" {
			t.Errorf("%s: %+v", algo, m)
		}
		if doc.Text() == "" {
			t.Errorf("%s: no text beside the metadata", algo)
		}
		// Without a URL the relative canonical link cannot be resolved.
		doc, err = ex.ExtractBytes([]byte(metaPage))
		if err != nil {
			t.Fatal(err)
		}
		if m := doc.Metadata(); m.URL != "" || m.Title != "Headline" {
			t.Errorf("%s without URL: %+v", algo, m)
		}
	}
	ex := newExtractor(t)
	doc, err := ex.ExtractBytes([]byte(metaPage))
	if err != nil {
		t.Fatal(err)
	}
	if m := doc.Metadata(); m.Title != "" || m.Date != "" {
		t.Errorf("metadata off by default: %+v", m)
	}
}

// TestMetadataText checks that teeing the metadata reader into the pass
// leaves the extracted text as it was.
func TestMetadataText(t *testing.T) {
	skipShort(t)
	for _, algo := range jt.Algorithms() {
		with := newExtractor(t, jt.WithAlgorithm(algo), jt.WithMetadata(true))
		without := newExtractor(t, jt.WithAlgorithm(algo))
		for _, p := range sharedtest.Pages(t) {
			a, err := with.ExtractBytes(p.HTML)
			if err != nil {
				t.Fatal(err)
			}
			ta := a.Text()
			b, err := without.ExtractBytes(p.HTML)
			if err != nil {
				t.Fatal(err)
			}
			if ta != b.Text() {
				t.Fatalf("%s, %s: the text differs with metadata on", algo, p.ID)
			}
		}
	}
}

// TestMetadataAllocs checks that collecting metadata adds no allocation
// to a warm extraction; resolving it (Document.Metadata) allocates the
// returned strings and slices only.
func TestMetadataAllocs(t *testing.T) {
	ex := newExtractor(t, jt.WithMetadata(true))
	page := []byte(metaPage)
	extract := func() {
		if _, err := ex.ExtractBytes(page); err != nil {
			t.Fatal(err)
		}
	}
	off := newExtractor(t)
	extractOff := func() {
		if _, err := off.ExtractBytes(page); err != nil {
			t.Fatal(err)
		}
	}
	extract()
	extractOff()
	on, base := testing.AllocsPerRun(20, extract), testing.AllocsPerRun(20, extractOff)
	if on > base {
		t.Errorf("%.0f allocations per extraction with metadata, %.0f without", on, base)
	}
	doc, _ := ex.ExtractBytes(page)
	if n := testing.AllocsPerRun(20, func() { _ = doc.Metadata() }); n > 4 {
		t.Errorf("%.0f allocations in Document.Metadata, budget 4", n)
	}
}

// TestMetadataHostile runs the hostile suite's inputs with metadata on:
// each must be read in time and in bounded memory, and its metadata
// resolved.
func TestMetadataHostile(t *testing.T) {
	skipShort(t)
	ex := newExtractor(t, jt.WithAlgorithm("justext"), jt.WithMetadata(true), jt.WithMaxBytes(64<<20))
	for _, tc := range hostileCases() {
		in := tc.in()
		start := time.Now()
		var m jt.Metadata
		u := heapPeak(func() {
			doc, err := ex.ExtractBytes(in)
			if err == nil {
				m = doc.Metadata()
			}
		})
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s: %v", tc.name, d)
		}
		if grew := min(u.allocked, u.peak-u.base); grew > 20*uint64(len(in))+16<<20 {
			t.Errorf("%s: the heap grew by %d MB for %d KB", tc.name, grew>>20, len(in)>>10)
		}
		if len(m.Title) > 4096 || len(m.Author) > 4096 {
			t.Errorf("%s: unbounded metadata", tc.name)
		}
	}
}
