package main

import (
	"runtime"
	"testing"
	"time"
)

func TestThreadClockCountsWorkNotSleep(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("thread clock is Linux only")
	}
	now, done, err := clockFor(clockThread, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer done()
	start := now()
	time.Sleep(50 * time.Millisecond)
	slept := now().Sub(start)
	start = now()
	x := 0
	for wall := time.Now(); time.Since(wall) < 20*time.Millisecond; {
		x++
	}
	worked := now().Sub(start)
	if slept > 10*time.Millisecond || worked <= 0 || x == 0 {
		t.Errorf("thread clock: %v while sleeping 50ms, %v while spinning 20ms", slept, worked)
	}
}

func TestClockForRejects(t *testing.T) {
	if _, _, err := clockFor("sundial", 0); err == nil {
		t.Error("unknown clock accepted")
	}
	if _, _, err := clockFor(clockThread, 2); err == nil {
		t.Error("thread clock accepted with -workers")
	}
}
