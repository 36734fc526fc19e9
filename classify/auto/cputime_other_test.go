//go:build !linux

package auto_test

// threadCPUTime reports that the thread's CPU time cannot be read here.
func threadCPUTime() (int64, bool) { return 0, false }
