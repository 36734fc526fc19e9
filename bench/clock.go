package main

import (
	"fmt"
	"runtime"
	"time"
)

// Clocks of -clock.
const (
	clockWall    = "wall"
	clockThread  = "thread"
	clockProcess = "process"
)

// clockFor returns the clock the timed passes read, and a function to call
// when the run is over.
//
// The wall clock is the default: it is what a user of the row waits. On a
// shared machine, though, a single-goroutine pass is descheduled whenever
// other processes want the core, and the wall clock counts that time as
// the row's. The thread clock is the CPU time of the OS thread that runs
// the passes (CLOCK_THREAD_CPUTIME_ID): the goroutine is locked to its
// thread for the whole run, so the clock counts the row's own work and
// none of the time it waited. Work the runtime does on other threads for
// the row (background garbage collection) is not counted, which flatters
// the rows that allocate: the peers, not jt. The process clock
// (CLOCK_PROCESS_CPUTIME_ID) counts that work too, on every thread of the
// process, which runs nothing but the pass while it is timed: it is a
// row's whole cost in CPU time, garbage collection included, and the
// clock to compare an allocating peer with jt by. Caches and memory
// bandwidth are still shared with whatever else runs. With -workers both
// CPU clocks are refused: several goroutines run at once there, and
// their CPU times would add up.
func clockFor(name string, workers int) (now func() time.Time, done func(), err error) {
	var read func() (time.Duration, error)
	switch name {
	case clockWall, "":
		return time.Now, func() {}, nil
	case clockThread:
		read = threadCPUTime
	case clockProcess:
		read = processCPUTime
	default:
		return nil, nil, fmt.Errorf("bench: unknown clock %q (want %s, %s or %s)", name, clockWall, clockThread, clockProcess)
	}
	if workers > 0 {
		return nil, nil, fmt.Errorf("bench: -clock %s measures CPU time; -workers needs -clock %s", name, clockWall)
	}
	if _, err := read(); err != nil {
		return nil, nil, fmt.Errorf("bench: -clock %s: %w", name, err)
	}
	runtime.LockOSThread()
	now = func() time.Time {
		d, _ := read() // it worked above; it has no other way to fail
		return time.Unix(0, int64(d))
	}
	return now, runtime.UnlockOSThread, nil
}
