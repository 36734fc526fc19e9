package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// testPages are three small articles with their ground truth.
var testPages = []struct{ id, html, truth string }{
	{"a", `<html><head><title>A</title></head><body><nav><a href="/">Home</a> <a href="/news">News</a></nav>
<article><h1>Rivers of the north</h1><p>The river runs through the valley and the town has grown on both of its banks for as long as anyone can remember, with bridges old and new.</p>
<p>Fishermen still take their boats out before dawn, and the market by the water sells what they bring back to the people who live there.</p></article>
<footer>Copyright 2024</footer></body></html>`, "Rivers of the north The river runs through the valley and the town has grown on both of its banks for as long as anyone can remember, with bridges old and new. Fishermen still take their boats out before dawn, and the market by the water sells what they bring back to the people who live there."},
	{"b", `<html><body><div id="menu"><ul><li><a href="/x">One</a></li><li><a href="/y">Two</a></li></ul></div>
<div class="story"><p>The council met on Tuesday to discuss the new library, which should open next spring if the builders keep to the schedule they have promised.</p>
<p>Residents who spoke at the meeting were mostly in favour, although some asked whether the car park would be large enough for the visitors.</p></div></body></html>`, "The council met on Tuesday to discuss the new library, which should open next spring if the builders keep to the schedule they have promised. Residents who spoke at the meeting were mostly in favour, although some asked whether the car park would be large enough for the visitors."},
	{"c", `<html><body><p>Short page with little text.</p><script>var x = "<p>not text</p>";</script></body></html>`, "Short page with little text."},
}

// writeTestDataset writes testPages in the scrapinghub layout under a
// temporary directory, one page gzipped, and returns the directory.
func writeTestDataset(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "html"), 0o755); err != nil {
		t.Fatal(err)
	}
	truth := map[string]map[string]string{}
	for i, p := range testPages {
		truth[p.id] = map[string]string{"articleBody": p.truth, "url": "https://example.com/" + p.id}
		name, data := p.id+".html", []byte(p.html)
		if i == 0 {
			name, data = p.id+".html.gz", gzipBytes(t, data)
		}
		if err := os.WriteFile(filepath.Join(dir, "html", name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gt, err := json.Marshal(truth)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "ground-truth.json"), gt, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func gzipBytes(t *testing.T, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestLoadDatasetWithTruth(t *testing.T) {
	ds, err := loadDataset(writeTestDataset(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(ds.Pages) != 3 || ds.truth == nil {
		t.Fatalf("got %d pages, truth %v; want 3 pages with truth", len(ds.Pages), ds.truth != nil)
	}
	var n int64
	for i, p := range ds.Pages {
		if p.ID != testPages[i].id || string(p.HTML) != testPages[i].html {
			t.Errorf("page %d: got %s, want %s with its HTML (gzip undone)", i, p.ID, testPages[i].id)
		}
		if p.URL == nil || p.URL.String() != "https://example.com/"+p.ID {
			t.Errorf("page %s: URL %v", p.ID, p.URL)
		}
		n += int64(len(p.HTML))
	}
	if ds.Bytes != n {
		t.Errorf("Bytes = %d, want %d", ds.Bytes, n)
	}
}

func TestLoadDatasetPlainFolder(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "deep")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{
		filepath.Join(dir, "one.html"):       []byte("<p>one</p>"),
		filepath.Join(sub, "two.html.gz"):    gzipBytes(t, []byte("<p>two</p>")),
		filepath.Join(dir, "notes.txt"):      []byte("ignored"),
		filepath.Join(dir, "page.html.orig"): []byte("ignored"),
	}
	for path, data := range files {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ds, err := loadDataset(dir)
	if err != nil {
		t.Fatal(err)
	}
	if ds.truth != nil || len(ds.Pages) != 2 {
		t.Fatalf("got %d pages, truth %v; want 2 pages without truth", len(ds.Pages), ds.truth != nil)
	}
	// Sorted by path: deep/ before one.html.
	if got := string(ds.Pages[0].HTML); ds.Pages[0].ID != filepath.Join("deep", "two.html.gz") || got != "<p>two</p>" {
		t.Errorf("first page: %s %q", ds.Pages[0].ID, got)
	}
	if _, err := loadDataset(t.TempDir()); err == nil {
		t.Error("an empty folder loaded without error")
	}
}

// fakeClock is a clock that only moves when told to, safe for concurrent
// use.
type fakeClock struct{ ns atomic.Int64 }

func (c *fakeClock) now() time.Time          { return time.Unix(0, c.ns.Load()) }
func (c *fakeClock) advance(d time.Duration) { c.ns.Add(int64(d)) }

// fakeRow is a row whose every page costs perPage on clock and returns the
// page's ground truth from testPages as its text; calls counts its pages.
func fakeRow(name string, clock *fakeClock, perPage time.Duration, calls *atomic.Int64) row {
	return row{name: name, kind: kindFloor, new: func() (extractFunc, error) {
		return func(p *Page) ([]byte, error) {
			clock.advance(perPage)
			calls.Add(1)
			for _, tp := range testPages {
				if tp.id == p.ID {
					return []byte(tp.truth), nil
				}
			}
			return nil, nil
		}, nil
	}}
}

func TestHarnessRatiosFromFakeClock(t *testing.T) {
	ds, err := loadDataset(writeTestDataset(t))
	if err != nil {
		t.Fatal(err)
	}
	var clock fakeClock
	var calls atomic.Int64
	h := &harness{ds: ds, passes: 2, now: clock.now, progress: io.Discard, rows: []row{
		fakeRow(rowJusText, &clock, 1*time.Millisecond, &calls),
		fakeRow(rowXNet, &clock, 2*time.Millisecond, &calls),
		fakeRow("slow", &clock, 8*time.Millisecond, &calls),
	}}
	results, err := h.run()
	if err != nil {
		t.Fatal(err)
	}
	// Two untimed and two timed passes of three pages for three rows,
	// each timed pass after a warm-up over the (three) pages; the fake
	// ns/page below show that the warm-up is not timed.
	if got, want := calls.Load(), int64(6*3*3); got != want {
		t.Errorf("extractors called %d times, want %d", got, want)
	}
	reps := reports(results)
	want := []struct {
		name             string
		nsPerPage        float64
		jusText, xnetRat float64
	}{
		{rowJusText, 1e6, 1, 2},
		{rowXNet, 2e6, 2, 1},
		{"slow", 8e6, 8, 0.25},
	}
	for i, w := range want {
		r := reps[i]
		if r.Name != w.name || r.NsPerPage != w.nsPerPage || *r.JusTextRatio != w.jusText || *r.XNetRatio != w.xnetRat {
			t.Errorf("row %d: got %s %.0f ns/page, justext/this %.2f, this/x-net %.2f; want %+v",
				i, r.Name, r.NsPerPage, *r.JusTextRatio, *r.XNetRatio, w)
		}
		if wantMBps := float64(ds.Bytes) / 1e6 / (3 * w.nsPerPage / 1e9); r.MedianMBps != wantMBps || r.BestMBps != wantMBps {
			t.Errorf("%s: MB/s %.3f/%.3f, want %.3f", r.Name, r.BestMBps, r.MedianMBps, wantMBps)
		}
		// The fake rows return the ground truth itself.
		if r.F1 == nil || *r.F1 != 1 || r.Passes != 2 {
			t.Errorf("%s: F1 %v over %d passes, want 1 over 2", r.Name, optional("%.3f", r.F1), r.Passes)
		}
	}
}

func TestSafeCallTurnsPanicIntoError(t *testing.T) {
	fn := func(*Page) ([]byte, error) { panic("boom") }
	text, err := safeCall(fn, &Page{ID: "p"})
	if text != nil || err == nil || !strings.Contains(err.Error(), "page p: panic: boom") {
		t.Errorf("got %q, %v", text, err)
	}
}

// TestRunEveryRow runs the real command, every row, one pass, on the three
// test pages, and checks that the JSON report has every row, each scored.
func TestRunEveryRow(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every peer")
	}
	dir := writeTestDataset(t)
	var out bytes.Buffer
	c := config{dataset: dir, passes: 1, format: formatJSON}
	if err := run(c, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Environment environment
		Rows        []rowReport
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	rows := allRows()
	if len(got.Rows) != len(rows) {
		t.Fatalf("%d rows in the report, want %d", len(got.Rows), len(rows))
	}
	for i, r := range got.Rows {
		if r.Name != rows[i].name || r.Pages != 3 || r.Passes != 1 || r.MedianMBps <= 0 {
			t.Errorf("row %d: %+v", i, r)
		}
		if (r.F1 == nil) != rows[i].noText {
			t.Errorf("%s: scored %v, but gives text %v", r.Name, r.F1 != nil, !rows[i].noText)
		}
		if r.Errors != 0 {
			t.Errorf("%s: %d errors", r.Name, r.Errors)
		}
	}
	if got.Environment.Pages != 3 || got.Environment.Passes != 1 {
		t.Errorf("environment: %+v", got.Environment)
	}
}

func TestRunRejectsBadFlags(t *testing.T) {
	for _, c := range []config{
		{passes: 1, format: "csv"},
		{passes: 0, format: formatTable},
		{passes: 1, format: formatTable, workers: -1},
		{passes: 1, format: formatTable, workers: 2, sizes: true},
		{passes: 1, format: formatTable, only: "("},
		{passes: 1, format: formatTable, only: "no-such-row"},
	} {
		if err := run(c, io.Discard, io.Discard); err == nil {
			t.Errorf("%+v: no error", c)
		}
	}
}

func TestProfilesWritten(t *testing.T) {
	ds, err := loadDataset(writeTestDataset(t))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	// By name: jt.Algorithms' order is not the harness's to rely on.
	rows, err := selectRows(allRows(), "^"+rowJusText+"$")
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{ds: ds, passes: 1, now: time.Now, progress: io.Discard,
		rows: rows, profileTime: 100 * time.Millisecond,
		cpuProfile: filepath.Join(dir, "cpu-"), memProfile: filepath.Join(dir, "mem-")}
	if _, err := h.run(); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"cpu-justext.pprof", "mem-justext.pprof"} {
		if fi, err := os.Stat(filepath.Join(dir, name)); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
}
