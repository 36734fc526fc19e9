package main

import (
	"bytes"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"

	"github.com/google/pprof/profile"
)

// writeAllocProfile writes to path the allocations made while work runs:
// the runtime's "allocs" profile is cumulative since the process started,
// so the profile taken before work is subtracted from the one taken after.
// Both are parsed only after work, so that parsing is not in the delta;
// writing the first snapshot is (a dozen objects under runtime/pprof).
// Sampling is the runtime's (one sample per 512 KiB by default; run with
// GODEBUG=memprofilerate=1 to record every allocation).
func writeAllocProfile(path string, work func()) error {
	rawBefore, err := allocsSnapshot()
	if err != nil {
		return err
	}
	work()
	rawAfter, err := allocsSnapshot()
	if err != nil {
		return err
	}
	before, err := profile.ParseData(rawBefore)
	if err != nil {
		return fmt.Errorf("bench: parsing the allocation profile: %w", err)
	}
	after, err := profile.ParseData(rawAfter)
	if err != nil {
		return fmt.Errorf("bench: parsing the allocation profile: %w", err)
	}
	before.Scale(-1)
	delta, err := profile.Merge([]*profile.Profile{after, before})
	if err != nil {
		return fmt.Errorf("bench: subtracting allocation profiles: %w", err)
	}
	// Stacks that allocated nothing during work now sum to zero; drop them.
	kept := delta.Sample[:0]
	for _, s := range delta.Sample {
		if !allZero(s.Value) {
			kept = append(kept, s)
		}
	}
	delta.Sample = kept
	var buf bytes.Buffer
	if err := delta.Compact().Write(&buf); err != nil {
		return fmt.Errorf("bench: %s: %w", path, err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	return nil
}

// allocsSnapshot returns the "allocs" profile as of now, encoded. The
// runtime publishes allocation samples at the end of a collection, hence
// the GC.
func allocsSnapshot() ([]byte, error) {
	runtime.GC()
	var buf bytes.Buffer
	if err := pprof.Lookup("allocs").WriteTo(&buf, 0); err != nil {
		return nil, fmt.Errorf("bench: reading the allocation profile: %w", err)
	}
	return buf.Bytes(), nil
}

// allZero reports whether every value of a sample is zero.
func allZero(v []int64) bool {
	for _, x := range v {
		if x != 0 {
			return false
		}
	}
	return true
}
