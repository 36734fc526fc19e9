package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

func TestMedian(t *testing.T) {
	for _, c := range []struct {
		in   []float64
		want float64
	}{
		{nil, 0},
		{[]float64{3}, 3},
		{[]float64{5, 1, 3}, 3},
		{[]float64{4, 1, 3, 2}, 2.5},
	} {
		in := append([]float64(nil), c.in...)
		if got := median(c.in); got != c.want {
			t.Errorf("median(%v) = %v, want %v", in, got, c.want)
		}
		if !slicesEqual(in, c.in) {
			t.Errorf("median reordered its input: %v", c.in)
		}
	}
}

func slicesEqual(a, b []float64) bool {
	return len(a) == len(b) && (len(a) == 0 || string(mustJSON(a)) == string(mustJSON(b)))
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func TestMedianRatioIsTakenWithinPasses(t *testing.T) {
	ms := func(xs ...int) []time.Duration {
		ds := make([]time.Duration, len(xs))
		for i, x := range xs {
			ds[i] = time.Duration(x) * time.Millisecond
		}
		return ds
	}
	// Pass 2 ran while the machine was twice as slow: within each pass the
	// ratio is 2, which a ratio of medians (30/15... or 20/10) would only
	// get by luck.
	if got := medianRatio(ms(20, 40, 22), ms(10, 20, 11)); got != 2 {
		t.Errorf("medianRatio = %v, want 2", got)
	}
	if got := medianRatio(ms(10), nil); got != 0 {
		t.Errorf("medianRatio without a reference = %v, want 0", got)
	}
}

func TestReportsWithoutReferenceRows(t *testing.T) {
	res := &result{row: row{name: "other", kind: kindPeer}, pages: 4, bytes: 4e6,
		samples: []sample{{elapsed: time.Second, mallocs: 40, alloc: 4000}, {elapsed: 2 * time.Second, mallocs: 44, alloc: 4400}}}
	rep := reports([]*result{res})[0]
	if rep.JusTextRatio != nil || rep.XNetRatio != nil || rep.F1 != nil {
		t.Errorf("figures without a reference row or truth: %+v", rep)
	}
	if rep.BestMBps != 4 || rep.MedianMBps != float64(4)/1.5 || rep.AllocsPerPage != 10.5 || rep.BytesPerPage != 1050 {
		t.Errorf("got %+v", rep)
	}
	cells := mainTable([]rowReport{rep}).rows[0]
	if cells[0] != "other" || cells[len(cells)-1] != "-" || cells[len(cells)-2] != "-" {
		t.Errorf("cells %q", cells)
	}
}

func TestTableFormats(t *testing.T) {
	tb := table{header: []string{"row", "MB/s"}, rows: [][]string{{"justext", "512.0"}, {"a|b", "1.0"}}}
	var b bytes.Buffer
	if err := tb.write(&b, formatMarkdown); err != nil {
		t.Fatal(err)
	}
	want := "| row | MB/s |\n|---|---:|\n| justext | 512.0 |\n| a\\|b | 1.0 |\n"
	if b.String() != want {
		t.Errorf("markdown:\n%s\nwant:\n%s", b.String(), want)
	}
	b.Reset()
	if err := tb.write(&b, formatTable); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	// Names left-aligned, figures right-aligned: every line ends at the
	// same column.
	if len(lines) != 3 || !strings.HasPrefix(strings.TrimLeft(lines[2], " "), "a|b ") ||
		len(strings.TrimRight(lines[1], " ")) != len(strings.TrimRight(lines[2], " ")) {
		t.Errorf("table:\n%s", b.String())
	}
	if err := tb.write(&b, "html"); err == nil {
		t.Error("unknown format accepted")
	}
}

func TestWriteReportJSON(t *testing.T) {
	var b bytes.Buffer
	env := environment{Command: "go -C bench run .", Pages: 2}
	if err := writeReport(&b, formatJSON, env, table{}, []rowReport{{Name: "x"}}); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Environment environment `json:"environment"`
		Rows        []rowReport `json:"rows"`
	}
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got.Environment.Pages != 2 || len(got.Rows) != 1 || got.Rows[0].Name != "x" {
		t.Errorf("got %+v", got)
	}
}

func TestFormatBytes(t *testing.T) {
	for in, want := range map[float64]string{0: "0 B", 999: "999 B", 1500: "1.5 kB", 2.5e6: "2.50 MB", 3e9: "3.00 GB"} {
		if got := formatBytes(in); got != want {
			t.Errorf("formatBytes(%v) = %q, want %q", in, got, want)
		}
	}
}

func TestCommandLineQuotes(t *testing.T) {
	got := commandLine([]string{"-only", "justext|tree", "-passes", "5", "-dataset", "it's here", ""})
	want := `go -C bench run . -only 'justext|tree' -passes 5 -dataset 'it'\''s here' ''`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestSelectRows(t *testing.T) {
	rows, err := selectRows(allRows(), "^boilerpipe-|^go-trafilatura$")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range rows {
		names = append(names, r.name)
		if r.name != "go-trafilatura" && !strings.HasPrefix(r.name, "boilerpipe-") {
			t.Errorf("selected %s", r.name)
		}
	}
	if len(rows) < 2 || names[len(names)-1] != "go-trafilatura" {
		t.Errorf("selected %v", names)
	}
}
