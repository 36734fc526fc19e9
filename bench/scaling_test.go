package main

import (
	"io"
	"math"
	"sync/atomic"
	"testing"
	"time"
)

func TestHarnessScaleVisitsEveryPageOnce(t *testing.T) {
	ds, err := loadDataset(writeTestDataset(t))
	if err != nil {
		t.Fatal(err)
	}
	var clock fakeClock
	var calls atomic.Int64
	h := &harness{ds: ds, passes: 2, now: clock.now, progress: io.Discard,
		rows: []row{fakeRow("r", &clock, time.Millisecond, &calls)}}
	results, err := h.scale(3)
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 3 {
		t.Fatalf("%d results, want one per worker count", len(results))
	}
	// For each of 1..3 workers: a warm-up and two passes over 3 pages.
	if got := calls.Load(); got != 3*3*3 {
		t.Errorf("%d calls, want 27", got)
	}
	for i, r := range results {
		if r.workers != i+1 || len(r.elapsed) != 2 {
			t.Errorf("result %d: %+v", i, r)
		}
	}
}

func TestScaleReports(t *testing.T) {
	results := []*scaleResult{
		{name: "r", workers: 1, elapsed: []time.Duration{time.Second, 2 * time.Second}},
		{name: "r", workers: 2, elapsed: []time.Duration{time.Second / 2, 1200 * time.Millisecond}},
	}
	reps := scaleReports(results, 100, 10e6)
	// Speed-ups within passes are 2 and 2/1.2; their median is the mean.
	want := (2 + 2/1.2) / 2
	if r := reps[1]; math.Abs(r.SpeedUp-want) > 1e-12 || math.Abs(r.Efficiency-want/2) > 1e-12 || r.BestPPS != 200 {
		t.Errorf("got %+v, want speed-up %v", r, want)
	}
	if r := reps[0]; r.SpeedUp != 1 || r.MedianMBps != 10/1.5 {
		t.Errorf("got %+v", r)
	}
	if cells := scaleTable(reps).rows[1]; cells[1] != "2" || cells[5] != "1.83" {
		t.Errorf("cells %q", cells)
	}
}
