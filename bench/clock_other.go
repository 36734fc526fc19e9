//go:build !linux

package main

import (
	"errors"
	"time"
)

// threadCPUTime is only implemented on Linux.
func threadCPUTime() (time.Duration, error) {
	return 0, errors.New("the thread clock is only implemented on Linux")
}
