//go:build !linux

package main

import (
	"errors"
	"time"
)

var errCPUClock = errors.New("the thread and process clocks are only implemented on Linux")

// threadCPUTime is only implemented on Linux.
func threadCPUTime() (time.Duration, error) { return 0, errCPUClock }

// processCPUTime is only implemented on Linux.
func processCPUTime() (time.Duration, error) { return 0, errCPUClock }
