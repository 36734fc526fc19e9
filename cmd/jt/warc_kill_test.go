package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jtextract/jt/internal/sharedtest"
	"github.com/jtextract/jt/warc"
)

// childArgs is the variable through which TestWARCKilled gives the test
// binary, run again as a child, the jt arguments it runs as
// TestWARCHelperProcess (separated by unit separators, U+001F).
const childArgs = "JT_WARC_TEST_CHILD_ARGS"

// TestWARCHelperProcess is not a test: it is the jt process that
// TestWARCKilled starts and kills.
func TestWARCHelperProcess(t *testing.T) {
	args, ok := os.LookupEnv(childArgs)
	if !ok {
		t.Skip("run by TestWARCKilled as a child process")
	}
	os.Exit(run(context.Background(), strings.Split(args, "\x1f"), os.Stdin, os.Stdout, os.Stderr))
}

// TestWARCKilled kills (SIGKILL) a jt warc -o task in the middle of its
// second input, while that input's output is partly written, and runs it
// again: the re-run skips the completed input, and the final folder is
// byte for byte that of an uninterrupted run, with no temporary files left.
func TestWARCKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("makes three WARC files of the shared pages and runs jt on them three times")
	}
	pages := sharedtest.Pages(t)
	dir := t.TempDir()
	var inputs []string
	for f := range 3 {
		var b bytes.Buffer
		w, err := warc.NewWriter(&b, warc.Gzip)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range pages {
			h := warc.Header{{Name: "WARC-Type", Value: "response"}, {Name: "WARC-Target-URI", Value: fmt.Sprintf("http://site%d.example/%s", f, p.ID)}}
			msg := append([]byte("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\r\n"), p.HTML...)
			if err := w.WriteRecord(h, msg); err != nil {
				t.Fatal(err)
			}
		}
		name := filepath.Join(dir, fmt.Sprintf("part%d.warc.gz", f))
		if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, name)
	}
	// jusText keeps text on most pages, so that an input's output grows
	// past the write buffer while the input is read.
	jtArgs := func(out string) []string {
		return append([]string{"warc", "-j", "2", "--algo", "justext", "--compress", "none", "--quiet", "-o", out}, inputs...)
	}
	whole := filepath.Join(dir, "whole")
	if code, _, errs := runJT(t, "", append(jtArgs(whole), "--stats", filepath.Join(dir, "whole.json"))...); code != 0 {
		t.Fatalf("uninterrupted run: exit %d: %s", code, errs)
	}

	killed := filepath.Join(dir, "killed")
	cmd := exec.Command(os.Args[0], "-test.run=^TestWARCHelperProcess$")
	cmd.Env = append(os.Environ(), childArgs+"="+strings.Join(jtArgs(killed), "\x1f"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	partial := filepath.Join(killed, "part1.jsonl.0.tmp")
	deadline := time.Now().Add(2 * time.Minute)
poll:
	for {
		select {
		case err := <-exited:
			t.Fatalf("jt ended (%v) before it could be killed in its second input: %s", err, stderr.Bytes())
		default:
		}
		if fi, err := os.Stat(partial); err == nil && fi.Size() > 0 {
			break poll
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no partial output %s after 2 minutes: %s", partial, stderr.Bytes())
		}
		time.Sleep(time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	var ee *exec.ExitError
	if err := <-exited; !errors.As(err, &ee) || ee.ExitCode() != -1 {
		t.Fatalf("jt was not killed: %v", err)
	}
	left := readOutput(t, killed)
	if _, ok := left["part0.done"]; !ok || left["part1.jsonl.0.tmp"] == "" || left["part1.done"] != "" || !strings.Contains(left["part1.claim.0"], fmt.Sprintf(`"pid":%d`, cmd.Process.Pid)) {
		t.Fatalf("killed in the wrong place: left %d files", len(left))
	}

	done, err := os.Stat(filepath.Join(killed, "part0.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	code, _, errs := runJT(t, "", append(jtArgs(killed), "--stats", filepath.Join(dir, "rerun.json"))...)
	if code != 0 {
		t.Fatalf("re-run: exit %d: %s", code, errs)
	}
	if again, err := os.Stat(filepath.Join(killed, "part0.jsonl")); err != nil || !again.ModTime().Equal(done.ModTime()) {
		t.Errorf("the re-run wrote the completed input's output again (%v)", err)
	}
	// The dead task's claim was taken over at once: its pid is dead.
	want, _ := os.ReadFile(filepath.Join(dir, "whole.json"))
	got, _ := os.ReadFile(filepath.Join(dir, "rerun.json"))
	if got = bytes.Replace(got, []byte(`"inputs_done_earlier":1,`), nil, 1); len(want) == 0 || !bytes.Equal(got, want) {
		t.Errorf("re-run totals %s differ from the uninterrupted run's %s (but for the input done earlier)", got, want)
	}
	a, b := readOutput(t, whole), readOutput(t, killed)
	if len(a) != 6 || fmt.Sprint(a) != fmt.Sprint(b) {
		names := func(m map[string]string) (s []string) {
			for k := range m {
				s = append(s, k)
			}
			return s
		}
		t.Errorf("killed and re-run output %v differs from the uninterrupted one %v", names(b), names(a))
	}
}
