package main

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/jtextract/jt/classify/auto"
)

const metaPage = `<html lang="en"><head><title>Rockets and budgets | Example News</title>
<meta property="og:site_name" content="Example News"><meta name="author" content="Ada Park">
<link rel="canonical" href="/2024/rockets"></head><body><h1>Rockets and budgets</h1>
<p>This is the kind of sentence that a person would write in a real article about the news, and it is
long enough that jusText keeps it as the main text of the page.</p></body></html>`

// TestExtractMetadata checks the metadata object of the JSON outputs and
// that --url reaches it.
func TestExtractMetadata(t *testing.T) {
	code, out, errs := runJT(t, metaPage, "extract", "--format", "jsonl", "--url", "https://news.example.com/x/2024/05/17/y")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var doc struct {
		Metadata map[string]any `json:"metadata"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"title": "Rockets and budgets", "author": "Ada Park", "date": "2024-05-17", "modified": "",
		"sitename": "Example News", "description": "", "url": "https://news.example.com/2024/rockets",
		"lang": "en", "image": "", "categories": []any{}, "tags": []any{},
	}
	// The page type is the auto model's judgement of this small page: one
	// of its types.
	if pt, _ := doc.Metadata["pagetype"].(string); !slices.Contains(auto.PageTypes(), pt) {
		t.Errorf("pagetype %q, want one of %v", pt, auto.PageTypes())
	}
	delete(doc.Metadata, "pagetype")
	if !reflect.DeepEqual(doc.Metadata, want) {
		t.Errorf("metadata %v\nwant     %v", doc.Metadata, want)
	}
	// --url names one input's URL.
	path := writeFile(t, "a.html", metaPage, false)
	if code, _, errs := runJT(t, "", "extract", "--url", "https://e.com/", path, path); code != 2 || !strings.Contains(errs, "--url") {
		t.Errorf("two inputs with --url: exit %d, stderr %q", code, errs)
	}
}
