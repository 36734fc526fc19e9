//go:build linux

package jt_test

import (
	"os"
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/internal/sharedtest"
)

// threadCPUTime returns the CPU time the calling OS thread has used
// (CLOCK_THREAD_CPUTIME_ID), which a busy machine's other work does not
// inflate as it does wall time.
func threadCPUTime() time.Duration {
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 3, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}

// TestMetadataCost measures what reading metadata adds to an extraction
// on the shared pages, by thread CPU time, the variants taking turns:
// with metadata collected (WithMetadata(true)), and collected and
// resolved (Document.Metadata called), against none (the default). It only runs
// with JT_MEASURE_METADATA=N (rounds, e.g. 15); it logs median ratios.
func TestMetadataCost(t *testing.T) {
	rounds := 0
	if v := os.Getenv("JT_MEASURE_METADATA"); v != "" {
		for _, c := range v {
			rounds = rounds*10 + int(c-'0')
		}
	}
	if rounds == 0 {
		t.Skip("set JT_MEASURE_METADATA to a number of rounds to measure")
	}
	pages := sharedtest.Pages(t)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for _, algo := range []string{"auto", "justext"} {
		off := newExtractor(t, jt.WithAlgorithm(algo))
		on := newExtractor(t, jt.WithAlgorithm(algo), jt.WithMetadata(true))
		pass := func(ex *jt.Extractor, resolve bool) time.Duration {
			start := threadCPUTime()
			for _, p := range pages {
				doc, err := ex.ExtractBytes(p.HTML)
				if err != nil {
					t.Fatal(err)
				}
				if resolve {
					_ = doc.Metadata()
				}
			}
			return threadCPUTime() - start
		}
		pass(off, false)
		pass(on, true)
		var collect, resolve []float64
		for range rounds {
			a := pass(off, false)
			b := pass(on, false)
			c := pass(on, true)
			d := pass(off, false)
			base := float64(a+d) / 2
			collect = append(collect, float64(b)/base)
			resolve = append(resolve, float64(c)/base)
		}
		slices.Sort(collect)
		slices.Sort(resolve)
		t.Logf("%s: metadata collected %.3fx (min %.3f, max %.3f), collected and resolved %.3fx (min %.3f, max %.3f), %d rounds of %d pages",
			algo, collect[len(collect)/2], collect[0], collect[len(collect)-1], resolve[len(resolve)/2], resolve[0], resolve[len(resolve)-1], rounds, len(pages))
	}
}
