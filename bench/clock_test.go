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
	for _, c := range []string{clockThread, clockProcess} {
		if _, _, err := clockFor(c, 2); err == nil {
			t.Errorf("%s clock accepted with -workers", c)
		}
	}
}

func TestProcessClockCountsOtherThreads(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("process clock is Linux only")
	}
	now, done, err := clockFor(clockProcess, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer done()
	// The timing goroutine sleeps while another spins on its own thread
	// for 30ms of that thread's CPU time (not of wall time, which a busy
	// machine stretches): the thread clock would see nothing, the
	// process clock at least the spinning.
	start := now()
	stop := make(chan error)
	go func() {
		runtime.LockOSThread()
		from, err := threadCPUTime()
		for used := from; err == nil && used-from < 30*time.Millisecond; {
			used, err = threadCPUTime()
		}
		stop <- err
	}()
	if err := <-stop; err != nil {
		t.Fatal(err)
	}
	if spun := now().Sub(start); spun < 30*time.Millisecond {
		t.Errorf("process clock: %v while another thread spun 30ms of its CPU time", spun)
	}
}
