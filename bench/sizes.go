package main

import (
	"bytes"
	"fmt"
	"slices"
	"time"
)

// pageSizes are the synthetic page sizes of -sizes: 1 KiB to 64 MiB (jt's
// default input limit) by factors of 4.
var pageSizes = []int{1 << 10, 4 << 10, 16 << 10, 64 << 10, 256 << 10, 1 << 20, 4 << 20, 16 << 20, 64 << 20}

// Every synthetic page is the same minimal document around a slice of the
// corpus. The charset is declared so that every size decodes the same way,
// whatever a sniffer would make of its slice.
const (
	synthPrefix = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>synthetic</title></head><body>`
	synthSuffix = `</body></html>`
)

// bodyCorpus concatenates the content of every page's body element, the
// raw material of the synthetic pages.
func bodyCorpus(pages []Page) []byte {
	var corpus []byte
	for _, p := range pages {
		corpus = append(corpus, body(p.HTML)...)
	}
	return corpus
}

// body returns what lies between the end of page's first <body ...> tag
// and its last </body>, or the whole page when either is missing.
func body(page []byte) []byte {
	lower := asciiLower(page)
	start := bytes.Index(lower, []byte("<body"))
	if start < 0 {
		return page
	}
	open := bytes.IndexByte(page[start:], '>')
	end := bytes.LastIndex(lower, []byte("</body"))
	if open < 0 || end < start+open+1 {
		return page
	}
	return page[start+open+1 : end]
}

// asciiLower returns a copy of b with ASCII letters lower-cased and every
// other byte unchanged, so that offsets in it are offsets in b (which
// bytes.ToLower does not promise for invalid UTF-8).
func asciiLower(b []byte) []byte {
	out := make([]byte, len(b))
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		out[i] = c
	}
	return out
}

// syntheticPages cuts the corpus, repeated as often as needed, into
// ceil(max(len(corpus), size) / size) pages of at most size bytes: every
// size then walks about the same content, only cut differently, so time
// per byte compares like with like. Each cut is moved back to the last
// '<' in the second half of the slice, so that a tag is rarely split.
func syntheticPages(corpus []byte, size int) []Page {
	room := size - len(synthPrefix) - len(synthSuffix)
	if room <= 0 || len(corpus) == 0 {
		return nil
	}
	n := (max(len(corpus), size) + size - 1) / size
	pages := make([]Page, 0, n)
	pos := 0
	for range n {
		html := make([]byte, 0, size)
		html = append(html, synthPrefix...)
		chunk := len(html)
		for len(html)-chunk < room {
			k := min(room-(len(html)-chunk), len(corpus)-pos)
			html = append(html, corpus[pos:pos+k]...)
			pos = (pos + k) % len(corpus)
		}
		if lt := bytes.LastIndexByte(html[chunk:], '<'); lt > room/2 {
			// Give the cut-off tail back to the next page. The tail is
			// shorter than the corpus, which repeats and holds this '<', so
			// adding len(corpus) once keeps pos non-negative.
			pos = (pos - (room - lt) + len(corpus)) % len(corpus)
			html = html[:chunk+lt]
		}
		html = append(html, synthSuffix...)
		pages = append(pages, Page{ID: fmt.Sprintf("synthetic-%d-%d", size, len(pages)), HTML: html})
	}
	return pages
}

// sizeResult is the timed passes of one row over the pages of one size.
type sizeResult struct {
	name    string
	size    int
	pages   int
	bytes   int64
	elapsed []time.Duration
}

// sizes measures every row on the synthetic pages of each size: an untimed
// warm-up pass, then h.passes timed passes interleaved across rows. Each
// row keeps one extractFunc for all sizes, as a long-running process would.
func (h *harness) sizes(corpus []byte, sizes []int) ([]*sizeResult, error) {
	fns := make([]extractFunc, len(h.rows))
	for i, r := range h.rows {
		fn, err := r.new()
		if err != nil {
			return nil, err
		}
		fns[i] = fn
	}
	var results []*sizeResult
	for _, size := range sizes {
		pages := syntheticPages(corpus, size)
		var n int64
		for _, p := range pages {
			n += int64(len(p.HTML))
		}
		batch := make([]*sizeResult, len(h.rows))
		for i, r := range h.rows {
			batch[i] = &sizeResult{name: r.name, size: size, pages: len(pages), bytes: n}
			h.timedPass(fns[i], pages) // warm-up: buffers grow to this size
		}
		for range h.passes {
			for i, res := range batch {
				res.elapsed = append(res.elapsed, h.timedPass(fns[i], pages).elapsed)
			}
		}
		for _, res := range batch {
			fmt.Fprintf(h.progress, "bench: %s, %s pages: %d pages, median %v\n", res.name, formatSize(size), res.pages, time.Duration(median(seconds(res.elapsed))*1e9).Round(time.Millisecond))
		}
		results = append(results, batch...)
	}
	return results, nil
}

// sizeReport is one row of the cost-versus-size table, in the shape
// -format json writes.
type sizeReport struct {
	Name         string  `json:"name"`
	Size         int     `json:"size"`
	Pages        int     `json:"pages"`
	Bytes        int64   `json:"bytes"`
	BestNsPerB   float64 `json:"best_ns_per_byte"`
	MedianNsPerB float64 `json:"median_ns_per_byte"`
	// VsMedian is this size's median ns/byte over the median across the
	// row's sizes: 1 everywhere means cost is linear in size.
	VsMedian float64 `json:"vs_median"`
}

// sizeReports turns cost-versus-size results into table rows.
func sizeReports(results []*sizeResult) []sizeReport {
	out := make([]sizeReport, len(results))
	perRow := map[string][]float64{}
	for i, r := range results {
		secs := seconds(r.elapsed)
		rep := sizeReport{Name: r.name, Size: r.size, Pages: r.pages, Bytes: r.bytes}
		if r.bytes > 0 && len(secs) > 0 {
			rep.BestNsPerB = slices.Min(secs) * 1e9 / float64(r.bytes)
			rep.MedianNsPerB = median(secs) * 1e9 / float64(r.bytes)
		}
		perRow[r.name] = append(perRow[r.name], rep.MedianNsPerB)
		out[i] = rep
	}
	for i := range out {
		if m := median(perRow[out[i].Name]); m > 0 {
			out[i].VsMedian = out[i].MedianNsPerB / m
		}
	}
	return out
}

// sizeTable renders cost-versus-size reports as table cells.
func sizeTable(reps []sizeReport) table {
	t := table{header: []string{"row", "page size", "pages", "MB", "ns/byte best", "ns/byte median", "vs median"}}
	for _, r := range reps {
		t.rows = append(t.rows, []string{
			r.Name, formatSize(r.Size), fmt.Sprint(r.Pages), fmt.Sprintf("%.1f", float64(r.Bytes)/1e6),
			fmt.Sprintf("%.3f", r.BestNsPerB), fmt.Sprintf("%.3f", r.MedianNsPerB), fmt.Sprintf("%.2f", r.VsMedian),
		})
	}
	return t
}

// formatSize renders a power-of-two size as KiB or MiB.
func formatSize(n int) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d KiB", n>>10)
}
