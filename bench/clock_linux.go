package main

import (
	"syscall"
	"time"
	"unsafe"
)

// The clock IDs of <time.h> that cpuTime reads.
const (
	clockProcessCPUTimeID = 2 // CLOCK_PROCESS_CPUTIME_ID
	clockThreadCPUTimeID  = 3 // CLOCK_THREAD_CPUTIME_ID
)

// threadCPUTime returns the CPU time the calling OS thread has used.
func threadCPUTime() (time.Duration, error) { return cpuTime(clockThreadCPUTimeID) }

// processCPUTime returns the CPU time all the threads of the process have
// used.
func processCPUTime() (time.Duration, error) { return cpuTime(clockProcessCPUTimeID) }

func cpuTime(id uintptr) (time.Duration, error) {
	var ts syscall.Timespec
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, id, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return 0, errno
	}
	return time.Duration(ts.Nano()), nil
}
