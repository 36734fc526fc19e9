package bulk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jtextract/jt"
)

// slowOpen opens files as OpenFile does, after a pause, so that the
// tasks of a test work at the same time.
func slowOpen(d time.Duration) func(context.Context, string) (io.ReadCloser, error) {
	return func(_ context.Context, name string) (io.ReadCloser, error) {
		time.Sleep(d)
		return OpenFile(name)
	}
}

// runTask runs RunFile over inputs as jt warc -o does and returns its
// counts.
func runTask(t *testing.T, cfg Config, inputs []string, out string) Stats {
	t.Helper()
	cfg.Workers = 1
	cfg.NewExtractor = func() (*jt.Extractor, error) { return jt.New() }
	p, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var total Stats
	for _, in := range inputs {
		st, _, err := p.RunFile(context.Background(), in, out)
		total.Add(st)
		total.CountInput(err)
		if err != nil && !errors.Is(err, ErrClaimed) {
			t.Errorf("%s: %v", in, err)
		}
	}
	return total
}

// TestConcurrentTasks runs two tasks at once over the same inputs and
// output directory, as two jobs over one manifest would: both succeed,
// each input is processed by one of them, and the directory is that of a
// single task, with no claim or temporary file left.
func TestConcurrentTasks(t *testing.T) {
	dir := t.TempDir()
	in := inputs(t, dir)
	in = append(in, in...) // each task also meets every input twice
	single := filepath.Join(dir, "single")
	runTask(t, Config{}, in, single)
	shared := filepath.Join(dir, "shared")
	var wg sync.WaitGroup
	stats := make([]Stats, 2)
	for i := range stats {
		wg.Go(func() { stats[i] = runTask(t, Config{Open: slowOpen(30 * time.Millisecond)}, in, shared) })
	}
	wg.Wait()
	processed, claimed := int64(0), int64(0)
	for _, st := range stats {
		processed += st.Inputs - st.InputsDoneEarlier
		claimed += st.InputsClaimed
		if st.InputsCounted() != int64(len(in)) || len(st.InputsFailed) != 0 {
			t.Errorf("task counts %+v", st)
		}
	}
	if processed != 3 || claimed == 0 {
		t.Errorf("inputs processed %d times in all, want 3; %d found claimed (want some: the tasks overlapped)", processed, claimed)
	}
	a, b := readDir(t, single), readDir(t, shared)
	if len(a) != 6 || fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("shared output %v differs from a single task's", keys(b))
	}
}

func keys(m map[string]string) []string {
	var k []string
	for name := range m {
		k = append(k, name)
	}
	return k
}

// writeClaim leaves a claim on part0 in dir as another task would have,
// modified at the given time.
func writeClaim(t *testing.T, dir string, gen int, content string, mod time.Time) string {
	t.Helper()
	os.MkdirAll(dir, 0o755)
	path := claimPath(dir, "part0", gen)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, mod, mod); err != nil {
		t.Fatal(err)
	}
	return path
}

func claimJSON(host string, pid int, nonce string) string {
	b, _ := json.Marshal(claimant{Host: host, PID: pid, Nonce: nonce, Time: time.Now()})
	return string(b)
}

// TestStaleClaims leaves claims of other tasks in the output directory:
// a live task's is respected, a dead one's is taken over (its pid dead on
// this host, the same pid in an earlier process, or no refresh for
// ClaimStale), and its temporary files are removed.
func TestStaleClaims(t *testing.T) {
	dir := t.TempDir()
	in := inputs(t, dir)[:1]
	me := self()
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Skip("cannot run true to get a dead pid:", err)
	}
	now, old := time.Now(), time.Now().Add(-time.Hour)
	for _, tc := range []struct {
		name, claim string
		mod         time.Time
		live        bool
	}{
		{"live on another host", claimJSON("elsewhere", 1, "x"), now, true},
		{"stale on another host", claimJSON("elsewhere", 1, "x"), old, false},
		{"dead pid on this host", claimJSON(me.Host, dead.Process.Pid, "x"), now, false},
		{"this pid, earlier process", claimJSON(me.Host, me.PID, "earlier"), now, false},
		{"this process", claimJSON(me.Host, me.PID, me.Nonce), now, true},
		{"being written", "", now, true},
		{"torn and old", `{"host":`, old, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-"))
			path := writeClaim(t, out, 0, tc.claim, tc.mod)
			left := filepath.Join(out, "part0.jsonl.0.tmp")
			os.WriteFile(left, []byte("partial"), 0o644)
			st := runTask(t, Config{}, in, out)
			files := readDir(t, out)
			if tc.live {
				if st.InputsClaimed != 1 || len(files) != 2 || files[filepath.Base(path)] != tc.claim {
					t.Errorf("a live claim was not respected: %+v, files %v", st, keys(files))
				}
				return
			}
			if st.Inputs != 1 || len(files) != 2 || files["part0.done"] == "" || files["part0.jsonl"] == "" {
				t.Errorf("a stale claim was not taken over: %+v, files %v (want the output and marker alone)", st, keys(files))
			}
		})
	}
}

// TestClaimRefreshed checks that a task working longer than ClaimStale
// keeps its claim: it refreshes it, so another task does not take it
// over.
func TestClaimRefreshed(t *testing.T) {
	dir := t.TempDir()
	in := inputs(t, dir)[:1]
	out := filepath.Join(dir, "out")
	stale := 500 * time.Millisecond
	started := make(chan struct{})
	slow := func(ctx context.Context, name string) (io.ReadCloser, error) {
		close(started)
		time.Sleep(3 * stale)
		return OpenFile(name)
	}
	var first Stats
	var wg sync.WaitGroup
	wg.Go(func() { first = runTask(t, Config{ClaimStale: stale, Open: slow}, in, out) })
	<-started
	time.Sleep(2 * stale)
	second := runTask(t, Config{ClaimStale: stale}, in, out)
	wg.Wait()
	if first.Inputs != 1 || second.InputsClaimed != 1 {
		t.Errorf("first task %+v, second %+v: want the second to leave the input to the first", first, second)
	}
}

// takeOver is an input that, at its end, has its claim taken over by
// another task, which removes the first one's temporary output.
type takeOver struct {
	io.ReadCloser
	dir string
}

func (r takeOver) Read(p []byte) (int, error) {
	n, err := r.ReadCloser.Read(p)
	if err == io.EOF {
		os.WriteFile(claimPath(r.dir, "part0", 1), []byte(claimJSON("elsewhere", 1, "x")), 0o644)
		os.Remove(filepath.Join(r.dir, "part0.jsonl.0.tmp"))
	}
	return n, err
}

// TestClaimTakenOver checks that a task whose claim another task took
// over while it worked (judging it stale) does not fail when it finds its
// temporary output gone: the input is the other task's.
func TestClaimTakenOver(t *testing.T) {
	dir := t.TempDir()
	in := inputs(t, dir)[:1]
	out := filepath.Join(dir, "out")
	open := func(_ context.Context, name string) (io.ReadCloser, error) {
		f, err := OpenFile(name)
		return takeOver{f, out}, err
	}
	p, _ := New(Config{Open: open, NewExtractor: func() (*jt.Extractor, error) { return jt.New() }})
	_, _, err := p.RunFile(context.Background(), in[0], out)
	var st Stats
	st.CountInput(err)
	if !errors.Is(err, ErrClaimed) || st.InputsClaimed != 1 || !strings.Contains(err.Error(), "took the claim over") {
		t.Errorf("RunFile: %v, counted %+v", err, st)
	}
	if _, err := os.Stat(claimPath(out, "part0", 0)); err == nil {
		t.Error("the claim that was taken over is still there")
	}
}
