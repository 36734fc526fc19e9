package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"
	"unicode/utf8"
)

// Output formats of -format.
const (
	formatTable    = "table"
	formatMarkdown = "markdown"
	formatJSON     = "json"
)

// checkFormat returns an error for a format that writeReport does not know.
func checkFormat(format string) error {
	switch format {
	case formatTable, formatMarkdown, formatJSON:
		return nil
	}
	return fmt.Errorf("bench: unknown format %q (want %s, %s or %s)", format, formatTable, formatMarkdown, formatJSON)
}

// median returns the median of xs (the mean of the middle two for an even
// count), or 0 for none. xs is not modified.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(xs))
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// medianRatio returns the median over passes of num[i]/den[i]. Taking the
// ratio within each pass, where both rows ran back to back, cancels most of
// the machine's drift between passes. It returns 0 when there is no pass
// to compare.
func medianRatio(num, den []time.Duration) float64 {
	n := min(len(num), len(den))
	rs := make([]float64, 0, n)
	for i := range n {
		if den[i] > 0 {
			rs = append(rs, float64(num[i])/float64(den[i]))
		}
	}
	return median(rs)
}

// seconds returns the durations as float seconds.
func seconds(ds []time.Duration) []float64 {
	s := make([]float64, len(ds))
	for i, d := range ds {
		s[i] = d.Seconds()
	}
	return s
}

// rate returns amount per second of the fastest and the median pass.
func rate(amount float64, ds []time.Duration) (best, med float64) {
	if len(ds) == 0 {
		return 0, 0
	}
	secs := seconds(ds)
	if fastest := slices.Min(secs); fastest > 0 {
		best = amount / fastest
	}
	if m := median(secs); m > 0 {
		med = amount / m
	}
	return best, med
}

// rowReport is one row of the main table, in the shape -format json
// writes. Ratios and scores are nil when they cannot be had: no ground
// truth, a floor without text, or the reference row not selected.
type rowReport struct {
	Name          string   `json:"name"`
	Kind          string   `json:"kind"`
	Pages         int      `json:"pages"`
	Bytes         int64    `json:"bytes"`
	Passes        int      `json:"passes"`
	BestMBps      float64  `json:"best_mb_per_s"`
	MedianMBps    float64  `json:"median_mb_per_s"`
	PagesPerSec   float64  `json:"median_pages_per_s"`
	NsPerPage     float64  `json:"median_ns_per_page"`
	AllocsPerPage float64  `json:"median_allocs_per_page"`
	BytesPerPage  float64  `json:"median_alloc_bytes_per_page"`
	PeakHeap      uint64   `json:"peak_heap_bytes"`
	Errors        int      `json:"errors"`
	F1            *float64 `json:"f1,omitempty"`
	Precision     *float64 `json:"precision,omitempty"`
	Recall        *float64 `json:"recall,omitempty"`
	// JusTextRatio is jt justext's throughput divided by this row's.
	JusTextRatio *float64 `json:"justext_ratio,omitempty"`
	// XNetRatio is this row's throughput divided by the x/net tokenizer
	// floor's.
	XNetRatio *float64 `json:"xnet_ratio,omitempty"`
}

// elapsed returns the pass times of r.
func (r *result) elapsed() []time.Duration {
	ds := make([]time.Duration, len(r.samples))
	for i, s := range r.samples {
		ds[i] = s.elapsed
	}
	return ds
}

// perPage returns the median over passes of f(sample) divided by the page
// count.
func (r *result) perPage(f func(sample) uint64) float64 {
	xs := make([]float64, len(r.samples))
	for i, s := range r.samples {
		xs[i] = float64(f(s)) / float64(r.pages)
	}
	return median(xs)
}

// reports turns results into table rows, with the ratios against the
// justext and x/net tokenizer rows when they are among the results.
func reports(results []*result) []rowReport {
	find := func(name string) []time.Duration {
		for _, r := range results {
			if r.row.name == name {
				return r.elapsed()
			}
		}
		return nil
	}
	jusText, xnet := find(rowJusText), find(rowXNet)
	out := make([]rowReport, len(results))
	for i, r := range results {
		el := r.elapsed()
		rep := rowReport{
			Name: r.row.name, Kind: r.row.kind, Pages: r.pages, Bytes: r.bytes, Passes: len(r.samples),
			AllocsPerPage: r.perPage(func(s sample) uint64 { return s.mallocs }),
			BytesPerPage:  r.perPage(func(s sample) uint64 { return s.alloc }),
			PeakHeap:      r.peakHeap,
			Errors:        r.errors,
		}
		rep.BestMBps, rep.MedianMBps = rate(float64(r.bytes)/1e6, el)
		_, rep.PagesPerSec = rate(float64(r.pages), el)
		if r.pages > 0 {
			rep.NsPerPage = median(seconds(el)) * 1e9 / float64(r.pages)
		}
		if q := r.quality; q != nil {
			rep.F1, rep.Precision, rep.Recall = &q.F1, &q.Precision, &q.Recall
		}
		// Both ratios compare throughputs over the same bytes, so they are
		// ratios of times, inverted.
		if jusText != nil {
			rep.JusTextRatio = ptr(medianRatio(el, jusText))
		}
		if xnet != nil {
			rep.XNetRatio = ptr(medianRatio(xnet, el))
		}
		out[i] = rep
	}
	return out
}

// ptr returns a pointer to v, or nil when v is 0 (no figure).
func ptr(v float64) *float64 {
	if v == 0 {
		return nil
	}
	return &v
}

// mainTable renders reports as the cells of the main table.
func mainTable(reps []rowReport) table {
	t := table{header: []string{
		"row", "kind", "MB/s best", "MB/s median", "pages/s", "ns/page", "allocs/page", "bytes/page",
		"peak heap", "F1", "P", "R", "errors", "justext/this", "this/x-net",
	}}
	for _, r := range reps {
		t.rows = append(t.rows, []string{
			r.Name, r.Kind,
			fmt.Sprintf("%.1f", r.BestMBps), fmt.Sprintf("%.1f", r.MedianMBps),
			fmt.Sprintf("%.0f", r.PagesPerSec), fmt.Sprintf("%.0f", r.NsPerPage),
			fmt.Sprintf("%.1f", r.AllocsPerPage), formatBytes(r.BytesPerPage), formatBytes(float64(r.PeakHeap)),
			optional("%.3f", r.F1), optional("%.3f", r.Precision), optional("%.3f", r.Recall),
			fmt.Sprint(r.Errors),
			optional("%.2f", r.JusTextRatio), optional("%.2f", r.XNetRatio),
		})
	}
	return t
}

// optional formats *v, or "-" when there is no figure.
func optional(format string, v *float64) string {
	if v == nil {
		return "-"
	}
	return fmt.Sprintf(format, *v)
}

// formatBytes renders a byte count with a decimal unit (kB = 1000 B, as
// MB/s is).
func formatBytes(n float64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.2f GB", n/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.2f MB", n/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%.1f kB", n/1e3)
	}
	return fmt.Sprintf("%.0f B", n)
}

// table is a header and rows of cells, for the text formats.
type table struct {
	header []string
	rows   [][]string
}

// write renders t as aligned columns (formatTable) or as a Markdown table
// whose first column is left-aligned and the others right-aligned.
func (t table) write(w io.Writer, format string) error {
	var b strings.Builder
	switch format {
	case formatTable:
		// Figures are right-aligned. tabwriter aligns every column alike,
		// so the name column is padded to one width beforehand, which
		// leaves it left-aligned.
		all := append([][]string{t.header}, t.rows...)
		width := 0
		for _, cells := range all {
			width = max(width, utf8.RuneCountInString(cells[0]))
		}
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
		for _, cells := range all {
			name := cells[0] + strings.Repeat(" ", width-utf8.RuneCountInString(cells[0]))
			// The trailing tab ends the last cell, so that it is aligned too.
			fmt.Fprintln(tw, name+"\t"+strings.Join(cells[1:], "\t")+"\t")
		}
		tw.Flush() // cannot fail: it writes to a strings.Builder
	case formatMarkdown:
		line := func(cells []string) {
			b.WriteString("|")
			for _, c := range cells {
				b.WriteString(" " + strings.ReplaceAll(c, "|", `\|`) + " |")
			}
			b.WriteString("\n")
		}
		line(t.header)
		b.WriteString("|---|" + strings.Repeat("---:|", len(t.header)-1) + "\n")
		for _, cells := range t.rows {
			line(cells)
		}
	default:
		return checkFormat(format)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// environment describes the run, printed above every table and embedded in
// the JSON output, so that any figure can be traced to what produced it.
type environment struct {
	Command    string            `json:"command"`
	Go         string            `json:"go"`
	Platform   string            `json:"platform"`
	CPUs       int               `json:"cpus"`
	GOMAXPROCS int               `json:"gomaxprocs"`
	Dataset    string            `json:"dataset"`
	Pages      int               `json:"pages"`
	Bytes      int64             `json:"bytes"`
	Passes     int               `json:"passes"`
	Clock      string            `json:"clock"`   // wall or thread (see -clock)
	Modules    map[string]string `json:"modules"` // module path -> version, for jt's peers
}

// writeReport writes env and then either t (text formats) or v (JSON, as
// {"environment": env, "rows": v}).
func writeReport(w io.Writer, format string, env environment, t table, v any) error {
	if format == formatJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			Environment environment `json:"environment"`
			Rows        any         `json:"rows"`
		}{env, v})
	}
	lines := []string{
		env.Command,
		fmt.Sprintf("%s %s, %d CPUs, GOMAXPROCS %d; %s: %d pages, %.2f MB; %d passes, %s clock",
			env.Go, env.Platform, env.CPUs, env.GOMAXPROCS, env.Dataset, env.Pages, float64(env.Bytes)/1e6, env.Passes, env.Clock),
	}
	mods := make([]string, 0, len(env.Modules))
	for path, version := range env.Modules {
		mods = append(mods, path+" "+version)
	}
	slices.Sort(mods)
	if len(mods) > 0 {
		lines = append(lines, "peers: "+strings.Join(mods, ", "))
	}
	sep := "\n"
	if format == formatMarkdown {
		sep = "\n\n" // one paragraph per line
	}
	if _, err := io.WriteString(w, strings.Join(lines, sep)+"\n\n"); err != nil {
		return err
	}
	return t.write(w, format)
}
