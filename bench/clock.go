package main

import (
	"fmt"
	"runtime"
	"time"
)

// Clocks of -clock.
const (
	clockWall   = "wall"
	clockThread = "thread"
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
// the rows that allocate: the peers, not jt. Caches and memory bandwidth
// are still shared with whatever else runs. With -workers it is refused:
// several goroutines run at once there.
func clockFor(name string, workers int) (now func() time.Time, done func(), err error) {
	switch name {
	case clockWall, "":
		return time.Now, func() {}, nil
	case clockThread:
		if workers > 0 {
			return nil, nil, fmt.Errorf("bench: -clock %s measures one thread; -workers needs -clock %s", clockThread, clockWall)
		}
		if _, err := threadCPUTime(); err != nil {
			return nil, nil, fmt.Errorf("bench: -clock %s: %w", clockThread, err)
		}
		runtime.LockOSThread()
		now := func() time.Time {
			d, _ := threadCPUTime() // it worked above; it has no other way to fail
			return time.Unix(0, int64(d))
		}
		return now, runtime.UnlockOSThread, nil
	}
	return nil, nil, fmt.Errorf("bench: unknown clock %q (want %s or %s)", name, clockWall, clockThread)
}
