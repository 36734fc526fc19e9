package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// bodyPage wraps content in a page with a body.
func bodyPage(content string) Page {
	return Page{ID: "p", HTML: []byte("<html><head><title>t</title></head><body>" + content + "</body></html>")}
}

func TestFragmentCorpus(t *testing.T) {
	pages := []Page{
		bodyPage(`<div id=a>` + strings.Repeat("<p>words and more words in a paragraph</p>", 20) + `</div><p>tail`),
		{ID: "no-body-tags", HTML: []byte("<p>implied body</p>")},
	}
	corpus, starts := fragmentCorpus(pages)
	if len(starts) != len(corpus) || !starts[0] {
		t.Fatalf("%d starts for %d bytes", len(starts), len(corpus))
	}
	var frags []string
	last := 0
	for i := 1; i <= len(corpus); i++ {
		if i == len(corpus) || starts[i] {
			frags = append(frags, string(corpus[last:i]))
			last = i
		}
	}
	// The large div is split into its paragraphs; the small ones stay
	// whole, closed by the renderer.
	want := append(slices.Repeat([]string{"<p>words and more words in a paragraph</p>"}, 20), "<p>tail</p>", "<p>implied body</p>")
	if !slices.Equal(frags, want) {
		t.Errorf("fragments %q, want %q", frags, want)
	}
}

func TestSyntheticPages(t *testing.T) {
	corpus, starts := fragmentCorpus([]Page{bodyPage(strings.Repeat("<p>some words in a paragraph</p><div>more</div>", 200))}) // 9,400 bytes
	for _, size := range []int{1 << 10, 4 << 10, 64 << 10} {
		pages := syntheticPages(corpus, starts, size)
		var total int
		for _, p := range pages {
			h := p.HTML
			if len(h) > size || !bytes.HasPrefix(h, []byte(synthPrefix)) || !bytes.HasSuffix(h, []byte(synthSuffix)) {
				t.Fatalf("size %d: bad page of %d bytes: %.80q", size, len(h), h)
			}
			// Cuts fall before a '<': no tag is split.
			if inner := h[len(synthPrefix) : len(h)-len(synthSuffix)]; inner[0] != '<' {
				t.Errorf("size %d: page starts inside a tag: %.40q", size, inner)
			}
			total += len(h)
		}
		if want := max(len(corpus), size); total < want/2 || total > want+size {
			t.Errorf("size %d: %d bytes in %d pages, want about %d", size, total, len(pages), want)
		}
		if size >= 4<<10 && len(pages[0].HTML) < size/2 {
			t.Errorf("size %d: first page only %d bytes", size, len(pages[0].HTML))
		}
	}
	if syntheticPages(corpus, starts, 10) != nil {
		t.Error("a size smaller than the wrapper gave pages")
	}
}

func TestSizeReports(t *testing.T) {
	results := []*sizeResult{
		{name: "r", size: 1 << 10, bytes: 1000, elapsed: []time.Duration{2000, 3000, 2000}},
		{name: "r", size: 4 << 10, bytes: 1000, elapsed: []time.Duration{1000}},
		{name: "r", size: 16 << 10, bytes: 1000, elapsed: []time.Duration{1000}},
	}
	reps := sizeReports(results)
	if reps[0].BestNsPerB != 2 || reps[0].MedianNsPerB != 2 || reps[0].VsMedian != 2 || reps[1].VsMedian != 1 {
		t.Errorf("got %+v", reps)
	}
	if cells := sizeTable(reps).rows[2]; cells[1] != "16 KiB" || cells[6] != "1.00" || cells[7] != "1.00" {
		t.Errorf("cells %q", cells)
	}
	if reps[1].VsBand != 0 || reps[2].VsBand != 1 {
		t.Errorf("band: got %+v", reps)
	}
	// Two rows, measured size by size, are reported row by row.
	two := sizeReports([]*sizeResult{
		{name: "a", size: 1 << 10, bytes: 1, elapsed: []time.Duration{1}},
		{name: "b", size: 1 << 10, bytes: 1, elapsed: []time.Duration{1}},
		{name: "a", size: 4 << 10, bytes: 1, elapsed: []time.Duration{1}},
		{name: "b", size: 4 << 10, bytes: 1, elapsed: []time.Duration{1}},
	})
	if two[0].Name != "a" || two[1].Name != "a" || two[1].Size != 4<<10 || two[2].Name != "b" {
		t.Errorf("order: got %+v", two)
	}
}

func TestSyntheticPagesNeverCutRawText(t *testing.T) {
	// Scripts full of '<' and comments: a cut at any '<' would land inside
	// them.
	unit := "<div><p>words and words</p><script>if (a < b && c <d) { x = '<p>'; }</script>" +
		"<!-- <p>old</p> <b> --><style>a<b{}</style></div>"
	corpus, starts := fragmentCorpus([]Page{bodyPage(strings.Repeat(unit, 100))})
	for _, size := range []int{256, 1 << 10, 4 << 10} {
		for _, p := range syntheticPages(corpus, starts, size) {
			inner := string(p.HTML[len(synthPrefix) : len(p.HTML)-len(synthSuffix)])
			for _, open := range []string{"<script>", "<!--", "<style>"} {
				closer := map[string]string{"<script>": "</script>", "<!--": "-->", "<style>": "</style>"}[open]
				if strings.Count(inner, open) != strings.Count(inner, closer) {
					t.Fatalf("size %d: page cuts a %s: %q", size, open, inner)
				}
			}
		}
	}
}

func TestHarnessSizes(t *testing.T) {
	var clock fakeClock
	var calls atomic.Int64
	h := &harness{passes: 2, now: clock.now, progress: io.Discard,
		rows: []row{fakeRow("r", &clock, time.Microsecond, &calls)}}
	source := []Page{bodyPage(strings.Repeat("<p>x</p>", 512))} // 4 KiB of body
	results, err := h.sizes(source, []int{1 << 10, 8 << 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 2 || results[1].pages != 1 || len(results[0].elapsed) != 2 {
		t.Fatalf("got %+v %+v", results[0], results[1])
	}
	// Warm-up plus two passes per size.
	if want := int64(3 * (results[0].pages + results[1].pages)); calls.Load() != want {
		t.Errorf("%d calls, want %d", calls.Load(), want)
	}
}

func TestWriteSyntheticPages(t *testing.T) {
	dir := t.TempDir()
	source := []Page{bodyPage(strings.Repeat("<p>some words in a paragraph</p>", 300))} // 9.9 KB of body
	if err := writeSyntheticPages(dir, source, []int{1 << 10, 64 << 10}, io.Discard); err != nil {
		t.Fatal(err)
	}
	corpus, starts := fragmentCorpus(source)
	for _, c := range []struct {
		sub  string
		size int
	}{{"1KiB", 1 << 10}, {"64KiB", 64 << 10}} {
		want := syntheticPages(corpus, starts, c.size)
		for i, p := range want {
			got, err := os.ReadFile(filepath.Join(dir, c.sub, fmt.Sprintf("%05d.html", i)))
			if err != nil || !bytes.Equal(got, p.HTML) {
				t.Fatalf("%s page %d: %v, %d bytes against %d", c.sub, i, err, len(got), len(p.HTML))
			}
		}
		if n, _ := os.ReadDir(filepath.Join(dir, c.sub)); len(n) != len(want) {
			t.Errorf("%s: %d files, want %d", c.sub, len(n), len(want))
		}
	}
}
