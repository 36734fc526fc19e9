package eval

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// ExtractFunc extracts the main text from a page's raw HTML bytes. It must
// not modify or retain html: the same bytes are fed to every algorithm.
type ExtractFunc func(html []byte) (string, error)

// Evaluate runs fn over every page of ds, in memory and one page at a time,
// then scores the outputs. The extraction pass is timed on its own (scoring
// is not included) and its input size recorded, for [Result.MBPerSec] and
// [Result.PagesPerSec]. A page whose fn returns an error or panics is scored
// as an empty prediction and listed in Result.Errors. Evaluate returns an
// error only when ctx is done, naming the page it stopped at.
func Evaluate(ctx context.Context, ds *Dataset, name string, fn ExtractFunc) (*Result, error) {
	return EvaluateParallel(ctx, ds, name, 1, func() ExtractFunc { return fn })
}

// EvaluateParallel is [Evaluate] with the pages shared among workers
// goroutines (runtime.GOMAXPROCS(0) of them when workers < 1), each calling
// its own ExtractFunc, made by newFn when the goroutine starts, so that
// extractors that are not safe for concurrent use can be given one each.
// Scoring is parallel too. Result.Elapsed is the sum of the pages'
// extraction times, so that MBPerSec and PagesPerSec are per core whatever
// the number of workers (while each has a core of its own); Result.Wall is
// the wall time of the extraction pass. Outputs and scores do not depend
// on workers.
func EvaluateParallel(ctx context.Context, ds *Dataset, name string, workers int, newFn func() ExtractFunc) (*Result, error) {
	n := len(ds.Pages)
	preds := make([]string, n)
	errs := make([]error, n)
	var busy atomic.Int64   // nanoseconds spent in extractors, over all workers
	var stopAt atomic.Int64 // lowest page index not started because ctx was done
	stopAt.Store(int64(n))
	start := time.Now()
	parallelFor(n, workers, func() func(i int) bool {
		fn := newFn()
		var spent time.Duration
		return func(i int) bool {
			if i < 0 { // done: publish the worker's total
				busy.Add(int64(spent))
				return false
			}
			if ctx.Err() != nil {
				for cur := stopAt.Load(); int64(i) < cur && !stopAt.CompareAndSwap(cur, int64(i)); cur = stopAt.Load() {
				}
				return false
			}
			t := time.Now()
			preds[i], errs[i] = safeExtract(fn, ds.Pages[i].HTML)
			spent += time.Since(t)
			return true
		}
	})
	wall := time.Since(start)
	if i := stopAt.Load(); i < int64(n) {
		return nil, fmt.Errorf("eval %s: stopped before page %s: %w", name, ds.Pages[i].ID, ctx.Err())
	}
	r := score(ds, name, preds, errs, workers)
	r.Bytes, r.Elapsed, r.Wall = ds.Bytes(), time.Duration(busy.Load()), wall
	return r, nil
}

// parallelFor calls the function that newWorker returns for every i in
// [0, n), from up to workers goroutines (GOMAXPROCS when workers < 1), each
// with a function of its own. Indexes are handed out in increasing order.
// A worker stops when its function returns false; once every index is
// handed out, each worker's function is called once more with -1 (to
// publish its totals; the result is ignored).
func parallelFor(n, workers int, newWorker func() func(i int) bool) {
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, n))
	var next atomic.Int64
	run := func() {
		f := newWorker()
		for {
			i := int(next.Add(1) - 1)
			if i >= n || !f(i) {
				break
			}
		}
		f(-1)
	}
	if workers == 1 {
		run()
		return
	}
	var wg sync.WaitGroup
	for range workers {
		wg.Go(run)
	}
	wg.Wait()
}

// safeExtract calls fn, turning a panic into an error so that one bad page
// shows up in the results instead of ending the whole evaluation. Any text
// returned with an error is dropped: a failed page counts as empty.
func safeExtract(fn ExtractFunc, html []byte) (text string, err error) {
	defer func() {
		if p := recover(); p != nil {
			text, err = "", fmt.Errorf("extractor panicked: %v", p)
		}
	}()
	if text, err = fn(html); err != nil {
		text = ""
	}
	return text, err
}

// ScorePredictions scores already-made outputs, keyed by page id, against
// ds. A page without an entry is scored as an empty prediction and listed
// in Result.Errors with [ErrMissingPrediction]; ids not in ds go to
// Result.Unmatched. The caller sets Result.Name. Pages are scored in
// parallel over GOMAXPROCS goroutines.
func ScorePredictions(ds *Dataset, preds map[string]string) *Result {
	texts := make([]string, len(ds.Pages))
	errs := make([]error, len(ds.Pages))
	known := make(map[string]bool, len(ds.Pages))
	for i, p := range ds.Pages {
		known[p.ID] = true
		text, ok := preds[p.ID]
		if !ok {
			errs[i] = ErrMissingPrediction
		}
		texts[i] = text
	}
	r := score(ds, "", texts, errs, 0)
	for id := range preds {
		if !known[id] {
			r.Unmatched = append(r.Unmatched, id)
		}
	}
	slices.Sort(r.Unmatched)
	return r
}

// score builds a Result from one prediction and one error (nil for none)
// per page of ds, with ds's metric, scoring pages on up to workers
// goroutines (see parallelFor), and bootstrap figures at the default
// settings.
func score(ds *Dataset, name string, preds []string, errs []error, workers int) *Result {
	r := &Result{Name: name, Metric: ds.Metric, Pages: make([]PageScore, len(ds.Pages))}
	parallelFor(len(ds.Pages), workers, func() func(i int) bool {
		var shingles scorer
		var words WordScorer
		return func(i int) bool {
			if i < 0 {
				return false
			}
			p := &ds.Pages[i]
			var ps PageScore
			if ds.Metric == MetricWords {
				ps = words.scorePage(p, preds[i])
			} else {
				ps = shingles.score(p.Truth, preds[i])
			}
			ps.ID, ps.Err, ps.Type, ps.Domain = p.ID, errs[i], p.Type, p.Domain
			r.Pages[i] = ps
			return true
		}
	})
	for i, p := range ds.Pages {
		if errs[i] != nil {
			r.Errors = append(r.Errors, PageError{ID: p.ID, Err: errs[i]})
		}
	}
	r.aggregate()
	r.Bootstrap(DefaultResamples, DefaultSeed)
	return r
}
