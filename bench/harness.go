package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"runtime/pprof"
	"sync/atomic"
	"time"

	"github.com/jtextract/jt/eval"
)

// harness runs rows over a dataset, single goroutine unless scaling.
type harness struct {
	ds     *Dataset
	rows   []row
	passes int
	// now is the clock the timed passes read; tests inject a fake one.
	now func() time.Time
	// progress receives one line per step, so that a slow peer does not
	// look like a hang; io.Discard silences it.
	progress io.Writer
	// cpuProfile and memProfile, when not empty, are the prefixes of the
	// per-row profile files (prefix + row name + ".pprof").
	cpuProfile, memProfile string
	// profileTime is how long each profile runs at least (0:
	// defaultProfileTime).
	profileTime time.Duration
}

// sample is one timed pass of one row over the pages.
type sample struct {
	elapsed time.Duration
	mallocs uint64 // heap objects allocated during the pass
	alloc   uint64 // heap bytes allocated during the pass
}

// result is everything measured for one row.
type result struct {
	row     row
	pages   int
	bytes   int64
	samples []sample // one per timed pass, in pass order
	// peakHeap is about the most memory the row holds at once (see
	// harness.peakHeap).
	peakHeap uint64
	errors   int          // pages that failed (error or panic) in the untimed pass
	firstErr error        // the first of them, for the log
	quality  *eval.Result // nil when not scored
}

// run measures every row: first the peak heap of each, then an untimed
// pass of each (warm-up, failures, quality), then h.passes timed passes
// interleaved across rows, each after a short warm-up of its own (see
// warmPages), then the profiles asked for. The peak-heap
// passes come first because they shrink the heap, and the memory the
// runtime returns to the system meanwhile would be faulted back in on the
// time of whichever pass came next; the untimed passes grow it again.
func (h *harness) run() ([]*result, error) {
	results := make([]*result, len(h.rows))
	for i, r := range h.rows {
		start := time.Now() // progress only: not h.now, which tests script
		peak, err := h.peakHeap(r)
		if err != nil {
			return nil, err
		}
		results[i] = &result{row: r, pages: len(h.ds.Pages), bytes: h.ds.Bytes, peakHeap: peak}
		fmt.Fprintf(h.progress, "bench: %s: peak-heap pass done in %v (peak %s)\n", r.name, time.Since(start).Round(time.Millisecond), formatBytes(float64(peak)))
	}
	fns, err := h.extractors()
	if err != nil {
		return nil, err
	}
	for i, r := range h.rows {
		h.untimedPass(results[i], fns[i])
		fmt.Fprintf(h.progress, "bench: %s: untimed passes done (%d errors)\n", r.name, results[i].errors)
		if results[i].firstErr != nil {
			fmt.Fprintf(h.progress, "bench: %s: first error: %v\n", r.name, results[i].firstErr)
		}
	}
	for pass := range h.passes {
		for i, r := range h.rows {
			warm(fns[i], h.ds.Pages)
			results[i].samples = append(results[i].samples, h.timedPass(fns[i], h.ds.Pages))
			fmt.Fprintf(h.progress, "bench: pass %d/%d: %s: %v\n", pass+1, h.passes, r.name, results[i].samples[pass].elapsed.Round(time.Millisecond))
		}
	}
	for i, r := range h.rows {
		if err := h.profile(r, fns[i]); err != nil {
			return nil, err
		}
	}
	return results, nil
}

// untimedPass runs fn over the pages once, untimed, to warm it up, record
// failures in res and, when the dataset has ground truth and the row gives
// text, score its output.
func (h *harness) untimedPass(res *result, fn extractFunc) {
	score := h.ds.truth != nil && !res.row.noText
	var preds map[string]string
	if score {
		preds = make(map[string]string, len(h.ds.Pages))
	}
	for i := range h.ds.Pages {
		p := &h.ds.Pages[i]
		text, err := safeCall(fn, p)
		if err != nil {
			res.errors++
			if res.firstErr == nil {
				res.firstErr = err
			}
		}
		if score {
			preds[p.ID] = string(text) // a failed page scores as empty
		}
	}
	if score {
		res.quality = eval.ScorePredictions(h.ds.truth, preds)
		res.quality.Name = res.row.name
	}
}

// peakGCPercent is the GOGC of the peak-heap pass. With the default of
// 100, garbage would pile up to the size of the live heap, which holds the
// whole dataset, and every row that allocates at all would show about the
// dataset's size as its peak; at 1% the heap tracks what the row keeps
// alive.
const peakGCPercent = 1

// peakHeap runs a fresh extractFunc of r over the pages and returns the
// largest heap seen above the heap before it was made: about the most
// memory the row holds at once, its own buffers included.
func (h *harness) peakHeap(r row) (uint64, error) {
	defer debug.SetGCPercent(debug.SetGCPercent(peakGCPercent))
	w := watchHeap()
	fn, err := r.new()
	if err != nil {
		w.stop()
		return 0, err
	}
	for i := range h.ds.Pages {
		safeCall(fn, &h.ds.Pages[i])
		w.observe()
	}
	return w.stop(), nil
}

// warmPages is how many pages a row extracts, untimed, right before each
// of its timed passes. The rows take turns, and a row whose turn follows a
// peer's would otherwise start from caches, branch predictors and TLBs
// full of that peer's state: in the same run, auto measured 1.46 times
// jusText's cost when its turn came after go-trafilatura's and 1.40 when
// it came after jt rows only.
const warmPages = 16

// warm runs fn over the first warmPages pages, untimed.
func warm(fn extractFunc, pages []Page) {
	for i := range min(warmPages, len(pages)) {
		safeCall(fn, &pages[i])
	}
}

// timedPass runs fn once over pages and returns its time and allocations.
// It starts from a collected heap, so that garbage left by the previous
// row is not collected on this row's time.
func (h *harness) timedPass(fn extractFunc, pages []Page) sample {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := h.now()
	for i := range pages {
		safeCall(fn, &pages[i]) // failures were counted in the untimed pass
	}
	elapsed := h.now().Sub(start)
	runtime.ReadMemStats(&after)
	return sample{
		elapsed: elapsed,
		mallocs: after.Mallocs - before.Mallocs,
		alloc:   after.TotalAlloc - before.TotalAlloc,
	}
}

// safeCall calls fn, turning a panic into an error: one bad page of one
// peer must not end the whole run.
func safeCall(fn extractFunc, p *Page) (text []byte, err error) {
	defer func() {
		if v := recover(); v != nil {
			text, err = nil, fmt.Errorf("page %s: panic: %v", p.ID, v)
		}
	}()
	text, err = fn(p)
	if err != nil {
		err = fmt.Errorf("page %s: %w", p.ID, err)
	}
	return text, err
}

// heapMetric is the runtime metric behind peak heap: bytes in heap
// objects, reachable or not yet collected (MemStats.HeapAlloc), read
// without stopping the world.
const heapMetric = "/memory/classes/heap/objects:bytes"

// heapWatch tracks the largest heap seen between watchHeap and stop, read
// after every page and, so that a long page's peak is not missed, every
// millisecond by a goroutine of its own (only during untimed passes).
type heapWatch struct {
	base uint64
	peak atomic.Uint64
	quit chan struct{}
	done chan struct{}
}

// watchHeap collects garbage, records the heap as the base and starts
// watching.
func watchHeap() *heapWatch {
	runtime.GC()
	w := &heapWatch{base: readHeap(), quit: make(chan struct{}), done: make(chan struct{})}
	w.peak.Store(w.base)
	go func() {
		defer close(w.done)
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-w.quit:
				return
			case <-tick.C:
				w.observe()
			}
		}
	}()
	return w
}

// observe reads the heap and raises the peak if it is higher.
func (w *heapWatch) observe() {
	h := readHeap()
	for {
		old := w.peak.Load()
		if h <= old || w.peak.CompareAndSwap(old, h) {
			return
		}
	}
}

// stop ends the watch and returns the peak above the base.
func (w *heapWatch) stop() uint64 {
	close(w.quit)
	<-w.done
	return w.peak.Load() - w.base
}

// readHeap returns the current value of heapMetric.
func readHeap() uint64 {
	s := []metrics.Sample{{Name: heapMetric}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// defaultProfileTime is how long a row is profiled at least when
// -profiletime is not given: a fast row's h.passes passes alone would give
// a CPU profile of a few samples, and the profiler takes 100 a second.
const defaultProfileTime = 5 * time.Second

// profile writes the CPU and allocation profiles asked for, for one row,
// each from extra passes run after the timed ones (h.passes of them, more
// until h.profileTime has passed), so that profiling never slows a timed
// pass.
func (h *harness) profile(r row, fn extractFunc) error {
	least := h.profileTime
	if least <= 0 {
		least = defaultProfileTime
	}
	passes := func() {
		start := h.now()
		for i := 0; i < h.passes || h.now().Sub(start) < least; i++ {
			for i := range h.ds.Pages {
				safeCall(fn, &h.ds.Pages[i])
			}
		}
	}
	if h.cpuProfile != "" {
		path := h.cpuProfile + r.name + ".pprof"
		f, err := os.Create(path)
		if err != nil {
			return fmt.Errorf("bench: %w", err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			return fmt.Errorf("bench: %s: %w", path, err)
		}
		passes()
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			return fmt.Errorf("bench: %w", err)
		}
		fmt.Fprintf(h.progress, "bench: wrote %s\n", path)
	}
	if h.memProfile != "" {
		path := h.memProfile + r.name + ".pprof"
		if err := writeAllocProfile(path, passes); err != nil {
			return err
		}
		fmt.Fprintf(h.progress, "bench: wrote %s\n", path)
	}
	return nil
}

// extractors makes one extractFunc per row, to be kept for all of a run's
// passes, as a long-running process would keep its extractor.
func (h *harness) extractors() ([]extractFunc, error) {
	fns := make([]extractFunc, len(h.rows))
	for i, r := range h.rows {
		fn, err := r.new()
		if err != nil {
			return nil, err
		}
		fns[i] = fn
	}
	return fns, nil
}
