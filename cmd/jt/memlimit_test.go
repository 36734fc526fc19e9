package main

import (
	"bytes"
	"context"
	"math"
	"runtime/debug"
	"testing"
)

func TestMemoryLimit(t *testing.T) {
	if got, want := memoryLimit(2, 10<<20), int64(44<<20); got != want {
		t.Errorf("memoryLimit(2, 10 MiB) = %d, want %d", got, want)
	}
	if got := memoryLimit(4, math.MaxInt64/2); got != math.MaxInt64 {
		t.Errorf("memoryLimit of an overflowing configuration = %d, want MaxInt64", got)
	}
	// jt warc sets the limit and GOGC for its run only.
	before, gcBefore := debug.SetMemoryLimit(-1), debug.SetGCPercent(-1)
	debug.SetGCPercent(gcBefore)
	var out, errb bytes.Buffer
	if code := runWARC(context.Background(), []string{"-j", "3"}, nil, &out, &errb); code != 2 {
		t.Fatalf("jt warc without inputs: status %d, want 2 (%s)", code, errb.String())
	}
	if after := debug.SetMemoryLimit(-1); after != before {
		t.Errorf("the memory limit is %d after jt warc, %d before", after, before)
	}
	if gcAfter := debug.SetGCPercent(gcBefore); gcAfter != gcBefore {
		t.Errorf("GOGC is %d after jt warc, %d before", gcAfter, gcBefore)
	}
}
