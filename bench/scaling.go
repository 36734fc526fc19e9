package main

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// scaleResult is the timed passes of one row with a given number of
// workers.
type scaleResult struct {
	name    string
	workers int
	elapsed []time.Duration // one per pass
}

// scale measures every row with 1 to maxWorkers goroutines, each with an
// extractFunc of its own, sharing the pages through an atomic counter.
// Passes are interleaved across rows and worker counts, as in run.
func (h *harness) scale(maxWorkers int) ([]*scaleResult, error) {
	var results []*scaleResult
	var workers [][]extractFunc
	for _, r := range h.rows {
		for n := 1; n <= maxWorkers; n++ {
			fns := make([]extractFunc, n)
			for i := range fns {
				fn, err := r.new()
				if err != nil {
					return nil, err
				}
				fns[i] = fn
			}
			h.parallelPass(fns) // warm-up, untimed
			results = append(results, &scaleResult{name: r.name, workers: n})
			workers = append(workers, fns)
		}
		fmt.Fprintf(h.progress, "bench: %s: warm-up done for 1..%d workers\n", r.name, maxWorkers)
	}
	for pass := range h.passes {
		for i, res := range results {
			res.elapsed = append(res.elapsed, h.parallelPass(workers[i]))
			fmt.Fprintf(h.progress, "bench: pass %d/%d: %s, %d workers: %v\n", pass+1, h.passes, res.name, res.workers, res.elapsed[pass].Round(time.Millisecond))
		}
	}
	return results, nil
}

// parallelPass runs the pages once through len(fns) goroutines and returns
// the wall time. Pages are handed out one at a time, so a large page holds
// up one worker and not a fixed share of the others' pages.
func (h *harness) parallelPass(fns []extractFunc) time.Duration {
	pages := h.ds.Pages
	var next atomic.Int64
	var wg sync.WaitGroup
	runtime.GC() // as in timedPass: no other row's garbage on this time
	start := h.now()
	for _, fn := range fns {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= len(pages) {
					return
				}
				safeCall(fn, &pages[i])
			}
		})
	}
	wg.Wait()
	return h.now().Sub(start)
}

// scaleReport is one row of the scaling table, in the shape -format json
// writes.
type scaleReport struct {
	Name       string  `json:"name"`
	Workers    int     `json:"workers"`
	BestPPS    float64 `json:"best_pages_per_s"`
	MedianPPS  float64 `json:"median_pages_per_s"`
	MedianMBps float64 `json:"median_mb_per_s"`
	SpeedUp    float64 `json:"speed_up"` // median over passes of the 1-worker time over this one
	Efficiency float64 `json:"efficiency"`
}

// scaleReports turns scaling results into table rows. The speed-up of a
// row with n workers is against the same row with one worker.
func scaleReports(results []*scaleResult, pages int, bytes int64) []scaleReport {
	one := map[string][]time.Duration{}
	for _, r := range results {
		if r.workers == 1 {
			one[r.name] = r.elapsed
		}
	}
	out := make([]scaleReport, len(results))
	for i, r := range results {
		rep := scaleReport{Name: r.name, Workers: r.workers}
		rep.BestPPS, rep.MedianPPS = rate(float64(pages), r.elapsed)
		_, rep.MedianMBps = rate(float64(bytes)/1e6, r.elapsed)
		rep.SpeedUp = medianRatio(one[r.name], r.elapsed)
		rep.Efficiency = rep.SpeedUp / float64(r.workers)
		out[i] = rep
	}
	return out
}

// scaleTable renders scaling reports as table cells.
func scaleTable(reps []scaleReport) table {
	t := table{header: []string{"row", "workers", "pages/s best", "pages/s median", "MB/s median", "speed-up", "per worker"}}
	for _, r := range reps {
		t.rows = append(t.rows, []string{
			r.Name, fmt.Sprint(r.Workers),
			fmt.Sprintf("%.0f", r.BestPPS), fmt.Sprintf("%.0f", r.MedianPPS), fmt.Sprintf("%.1f", r.MedianMBps),
			fmt.Sprintf("%.2f", r.SpeedUp), fmt.Sprintf("%.2f", r.Efficiency),
		})
	}
	return t
}
