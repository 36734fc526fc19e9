package main

import (
	"bytes"
	"io"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestBody(t *testing.T) {
	for in, want := range map[string]string{
		`<html><BODY class="x"><p>hi</p></Body></html>`: "<p>hi</p>",
		`<p>no body</p>`: "<p>no body</p>",
		"<body>\xff<p>a</p></body><body>b</body>": "\xff<p>a</p></body><body>b",
		`<body unclosed`: "<body unclosed",
	} {
		if got := string(body([]byte(in))); got != want {
			t.Errorf("body(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSyntheticPages(t *testing.T) {
	corpus := []byte(strings.Repeat("<p>some words in a paragraph</p><div>more</div>", 200)) // 9,400 bytes
	for _, size := range []int{1 << 10, 4 << 10, 64 << 10} {
		pages := syntheticPages(corpus, size)
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
	if syntheticPages(corpus, 10) != nil {
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
	if cells := sizeTable(reps).rows[2]; cells[1] != "16 KiB" || cells[6] != "1.00" {
		t.Errorf("cells %q", cells)
	}
}

func TestHarnessSizes(t *testing.T) {
	var clock fakeClock
	var calls atomic.Int64
	h := &harness{passes: 2, now: clock.now, progress: io.Discard,
		rows: []row{fakeRow("r", &clock, time.Microsecond, &calls)}}
	corpus := bytes.Repeat([]byte("<p>x</p>"), 512) // 4 KiB
	results, err := h.sizes(corpus, []int{1 << 10, 8 << 10})
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
