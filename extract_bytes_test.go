package jt_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/jtextract/jt"
)

// localPages returns the pages of testdata/pages, gunzipped, and a page in
// Latin-1 without a declaration.
func localPages(t *testing.T) [][]byte {
	t.Helper()
	names, err := filepath.Glob(filepath.Join("testdata", "pages", "*.htm*"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no pages in testdata/pages (%v)", err)
	}
	var pages [][]byte
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(n, ".gz") {
			zr, err := gzip.NewReader(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			if b, err = io.ReadAll(zr); err != nil {
				t.Fatal(err)
			}
		}
		pages = append(pages, b)
	}
	return append(pages, []byte("<title>Caf\xe9</title>"+strings.Repeat(strings.Replace(longParagraph, "kind", "caf\xe9", 1), 3)))
}

// sameDocument reports how a and b differ, or "" if they do not.
func sameDocument(a, b *jt.Document) string {
	switch {
	case a.Title() != b.Title():
		return "title"
	case a.Text() != b.Text():
		return "text"
	case a.Charset() != b.Charset():
		return "charset"
	case a.Algorithm() != b.Algorithm():
		return "algorithm"
	case a.Language() != b.Language():
		return "language"
	case a.Limits() != b.Limits():
		return "limits"
	case !slices.Equal(a.Paragraphs, b.Paragraphs):
		return "paragraphs"
	}
	for i := range a.Paragraphs {
		if !bytes.Equal(a.ParagraphText(i), b.ParagraphText(i)) {
			return "paragraph text"
		}
	}
	return ""
}

// TestExtractBytesContext checks that ExtractBytesContext gives, for every
// algorithm, the Document ExtractBytes gives (with the zero Page) and
// ExtractPage gives (with a Page), and leaves its input alone.
func TestExtractBytesContext(t *testing.T) {
	pages := localPages(t)
	ctx := context.Background()
	for _, algo := range jt.Algorithms() {
		// One Extractor per method: a Document is valid until its
		// Extractor's next call.
		exBytes := newExtractor(t, jt.WithAlgorithm(algo), jt.WithMetadata(true))
		exPage := newExtractor(t, jt.WithAlgorithm(algo), jt.WithMetadata(true))
		ex := newExtractor(t, jt.WithAlgorithm(algo), jt.WithMetadata(true))
		for i, page := range pages {
			orig := bytes.Clone(page)
			want, err := exBytes.ExtractBytes(page)
			if err != nil {
				t.Fatal(err)
			}
			got, err := ex.ExtractBytesContext(ctx, page, jt.Page{})
			if err != nil {
				t.Fatal(err)
			}
			if d := sameDocument(got, want); d != "" {
				t.Errorf("%s, page %d: %s differs from ExtractBytes's", algo, i, d)
			}
			p := jt.Page{URL: "https://example.com/2024/05/17/story.html", Charset: "iso-8859-1"}
			want, err = exPage.ExtractPage(ctx, bytes.NewReader(page), p)
			if err != nil {
				t.Fatal(err)
			}
			got, err = ex.ExtractBytesContext(ctx, page, p)
			if err != nil {
				t.Fatal(err)
			}
			if d := sameDocument(got, want); d != "" {
				t.Errorf("%s, page %d with %+v: %s differs from ExtractPage's", algo, i, p, d)
			}
			if !reflect.DeepEqual(got.Metadata(), want.Metadata()) {
				t.Errorf("%s, page %d with %+v: metadata %+v, ExtractPage's %+v", algo, i, p, got.Metadata(), want.Metadata())
			}
			if !bytes.Equal(page, orig) {
				t.Fatalf("%s, page %d: the input was modified", algo, i)
			}
		}
	}
}

func TestExtractBytesContextCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	page := []byte(strings.Repeat(longParagraph, 1000))
	ex := newExtractor(t)
	if _, err := ex.ExtractBytesContext(ctx, page, jt.Page{}); !errors.Is(err, context.Canceled) {
		t.Errorf("ExtractBytesContext returned %v, want context.Canceled", err)
	}
	// The Extractor is still usable after the canceled call.
	doc, err := ex.ExtractBytesContext(context.Background(), page, jt.Page{})
	if err != nil || doc.Text() == "" {
		t.Errorf("after a canceled call: %v, text %.40q", err, doc.Text())
	}
}

func TestExtractBytesContextLimits(t *testing.T) {
	page := []byte(strings.Repeat(longParagraph, 10))
	ctx := context.Background()
	if _, err := newExtractor(t, jt.WithMaxBytes(len(page)-1)).ExtractBytesContext(ctx, page, jt.Page{}); !errors.Is(err, jt.ErrTooLarge) {
		t.Errorf("too large: %v, want ErrTooLarge", err)
	}
	doc, err := newExtractor(t, jt.WithMaxBytes(len(page)/2), jt.WithTruncate(true)).ExtractBytesContext(ctx, page, jt.Page{})
	if err != nil || !doc.Limits().InputTruncated {
		t.Errorf("truncated: %v, limits %+v", err, doc.Limits())
	}
}
