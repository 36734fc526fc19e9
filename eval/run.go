package eval

import (
	"context"
	"fmt"
	"slices"
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
	preds := make([]string, len(ds.Pages))
	errs := make([]error, len(ds.Pages))
	start := time.Now()
	for i := range ds.Pages {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("eval %s: stopped before page %s: %w", name, ds.Pages[i].ID, err)
		}
		preds[i], errs[i] = safeExtract(fn, ds.Pages[i].HTML)
	}
	elapsed := time.Since(start)
	r := score(ds, name, preds, errs)
	r.Bytes, r.Elapsed = ds.Bytes(), elapsed
	return r, nil
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
// Result.Unmatched. The caller sets Result.Name.
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
	r := score(ds, "", texts, errs)
	for id := range preds {
		if !known[id] {
			r.Unmatched = append(r.Unmatched, id)
		}
	}
	slices.Sort(r.Unmatched)
	return r
}

// score builds a Result from one prediction and one error (nil for none)
// per page of ds, with bootstrap figures at the default settings.
func score(ds *Dataset, name string, preds []string, errs []error) *Result {
	r := &Result{Name: name, Pages: make([]PageScore, len(ds.Pages))}
	var s scorer
	for i, p := range ds.Pages {
		ps := s.score(p.Truth, preds[i])
		ps.ID, ps.Err = p.ID, errs[i]
		if errs[i] != nil {
			r.Errors = append(r.Errors, PageError{ID: p.ID, Err: errs[i]})
		}
		r.Pages[i] = ps
	}
	r.aggregate()
	r.Bootstrap(DefaultResamples, DefaultSeed)
	return r
}
