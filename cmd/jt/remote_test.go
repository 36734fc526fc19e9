package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
	"github.com/jtextract/jt/bulk"
	"github.com/jtextract/jt/remote/remotetest"
	"github.com/jtextract/jt/warc"
	"github.com/klauspost/compress/gzip"
)

// gzipWARC returns a gzip WARC of n HTML responses, one member per
// record as Common Crawl writes them, with text that jusText keeps.
func gzipWARC(t *testing.T, name string, n int) []byte {
	t.Helper()
	var b bytes.Buffer
	w, err := warc.NewWriter(&b, warc.Gzip)
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		body := fmt.Sprintf("<title>%s %d</title><p>%s %d %s</p>", name, i, name, i, strings.Repeat(fmt.Sprintf("Sentence %d of the kind that a person would write in a real article about the news. ", i), 8))
		h := warc.Header{{Name: "WARC-Type", Value: "response"}, {Name: "WARC-Record-ID", Value: fmt.Sprintf("<urn:%s:%d>", name, i)}, {Name: "WARC-Target-URI", Value: fmt.Sprintf("http://%s/%d", name, i)}}
		if err := w.WriteRecord(h, []byte("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n"+body)); err != nil {
			t.Fatal(err)
		}
	}
	return b.Bytes()
}

// remoteArgs run jt warc with fast retries and a short read timeout.
var remoteArgs = []string{"warc", "-j", "2", "--algo", "justext", "--retry-wait", "1ms", "--read-timeout", "300ms"}

// TestWARCRemoteFaults runs jt warc on a WARC served over HTTP (and S3)
// with the faults of a real network, and checks that its output is byte
// for byte that of the same file read from disk, that each failure was
// reported with the URL and offset, and that the retries are counted.
func TestWARCRemoteFaults(t *testing.T) {
	data := gzipWARC(t, "site", 300)
	local := filepath.Join(t.TempDir(), "crawl.warc.gz")
	if err := os.WriteFile(local, data, 0o644); err != nil {
		t.Fatal(err)
	}
	code, want, errs := runJT(t, "", append(remoteArgs, local)...)
	if code != 0 || strings.Count(want, "\n") != 300 {
		t.Fatalf("local run: exit %d, %d lines: %s", code, strings.Count(want, "\n"), errs)
	}
	for _, faults := range [][]string{
		{remotetest.Cut},
		{remotetest.Unavailable, remotetest.Unavailable},
		{remotetest.Stall},
		{remotetest.Cut, remotetest.IgnoreRange},
		{remotetest.Cut, remotetest.Drop, remotetest.Cut},
	} {
		t.Run(strings.Join(faults, ","), func(t *testing.T) {
			fs := &remotetest.FaultServer{Data: data, Faults: faults}
			srv := httptest.NewServer(fs)
			defer srv.Close()
			url := srv.URL + "/crawl-data/crawl.warc.gz"
			code, got, errs := runJT(t, "", append(remoteArgs, url)...)
			if code != 0 || got != want {
				t.Fatalf("exit %d, output equal to the local run's: %v; stderr: %s", code, got == want, errs)
			}
			failures := len(faults) - strings.Count(strings.Join(faults, ","), remotetest.IgnoreRange) // not a failure
			if n := strings.Count(errs, "jt warc: fetching "+url+" failed at byte "); n != failures || summary(t, errs).Retries != int64(failures) {
				t.Errorf("want %d failures reported with URL and offset, and counted; stderr: %s", failures, errs)
			}
		})
	}

	t.Run("s3", func(t *testing.T) {
		remotetest.S3Env(t)
		backend := s3mem.New()
		backend.CreateBucket("commoncrawl")
		if _, err := backend.PutObject("commoncrawl", "crawl-data/crawl.warc.gz", nil, bytes.NewReader(data), int64(len(data)), nil); err != nil {
			t.Fatal(err)
		}
		f := &remotetest.S3Faults{Next: gofakes3.New(backend).Server(), Faults: []string{remotetest.Cut, remotetest.Unavailable}, CutAt: len(data) / 2}
		srv := httptest.NewServer(f)
		defer srv.Close()
		out := t.TempDir()
		code, _, errs := runJT(t, "", append(remoteArgs, "--s3-endpoint", srv.URL, "--s3-path-style", "--compress", "none", "-o", out, "s3://commoncrawl/crawl-data/crawl.warc.gz")...)
		got, _ := os.ReadFile(filepath.Join(out, "crawl.jsonl"))
		if code != 0 || string(got) != want {
			t.Fatalf("exit %d, output equal to the local run's: %v; stderr: %s", code, string(got) == want, errs)
		}
		if reqs := f.Requests(); len(reqs) != 3 || reqs[2] != fmt.Sprintf("bytes=%d-", len(data)/2) {
			t.Errorf("GetObject ranges %q, want a resume from byte %d", reqs, len(data)/2)
		}
	})
}

// TestWARCRemoteFailures checks that a remote input that cannot be had
// fails as a whole (exit 1), counted as "fetch failed" and reported with
// the URL and offset, while the other inputs are still processed.
func TestWARCRemoteFailures(t *testing.T) {
	data := gzipWARC(t, "site", 20)
	dir := t.TempDir()
	good := filepath.Join(dir, "good.warc.gz")
	os.WriteFile(good, data, 0o644)
	broken := &remotetest.FaultServer{Data: data, Faults: []string{remotetest.Cut, remotetest.Drop, remotetest.Drop, remotetest.Drop}, CutAt: len(data) / 2}
	mux := http.NewServeMux()
	mux.Handle("/broken.warc.gz", broken)
	srv := httptest.NewServer(mux)
	defer srv.Close()
	for _, out := range []string{"", filepath.Join(dir, "out")} {
		args := append(remoteArgs, "--retries", "2", srv.URL+"/missing.warc.gz", srv.URL+"/broken.warc.gz", good)
		if out != "" {
			args = append(args, "-o", out)
		}
		code, _, errs := runJT(t, "", args...)
		if st := summary(t, errs); code != 1 || st.Inputs != 1 || st.InputsFailed["fetch failed"] != 2 || st.Retries != 2 {
			t.Errorf("-o %q: exit %d, want 1 with two inputs failed and the good one written; stderr: %s", out, code, errs)
		}
		for _, says := range []string{
			"fetching " + srv.URL + "/missing.warc.gz failed at byte 0: HTTP 404 Not Found",
			fmt.Sprintf("fetching %s/broken.warc.gz failed at byte %d (attempt 3 of 3): ", srv.URL, len(data)/2),
		} {
			if !strings.Contains(errs, says) {
				t.Errorf("-o %q: stderr does not say %q: %s", out, says, errs)
			}
		}
		broken.Reset()
	}
	if files := readOutput(t, filepath.Join(dir, "out")); len(files) != 2 || files["good.done"] == "" {
		t.Errorf("output files %d, want those of the good input alone", len(files))
	}
}

// TestWARCManifestURL reads a gzip manifest of relative paths, like
// Common Crawl's warc.paths.gz, from a URL, with --prefix putting the
// paths under the server's root; the server honours Range itself.
func TestWARCManifestURL(t *testing.T) {
	root := t.TempDir()
	var paths, locals []string
	for i := range 3 {
		rel := fmt.Sprintf("crawl-data/segments/%d/warc/part%d.warc.gz", i, i)
		name := filepath.Join(root, rel)
		os.MkdirAll(filepath.Dir(name), 0o755)
		if err := os.WriteFile(name, gzipWARC(t, fmt.Sprint("site", i), 10+i), 0o644); err != nil {
			t.Fatal(err)
		}
		paths, locals = append(paths, rel), append(locals, name)
	}
	var manifest bytes.Buffer
	zw := gzip.NewWriter(&manifest)
	fmt.Fprintf(zw, "# a comment\n%s\n\n", strings.Join(paths, "\n"))
	zw.Close()
	os.WriteFile(filepath.Join(root, "warc.paths.gz"), manifest.Bytes(), 0o644)
	srv := httptest.NewServer(http.FileServer(http.Dir(root)))
	defer srv.Close()
	dir := t.TempDir()
	code, _, errs := runJT(t, "", append(remoteArgs, "-o", filepath.Join(dir, "remote"), "--manifest", srv.URL+"/warc.paths.gz", "--prefix", srv.URL+"/")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if code, _, errs := runJT(t, "", append(remoteArgs, append([]string{"-o", filepath.Join(dir, "local")}, locals...)...)...); code != 0 {
		t.Fatalf("local run: exit %d: %s", code, errs)
	}
	a, b := readOutput(t, filepath.Join(dir, "local")), readOutput(t, filepath.Join(dir, "remote"))
	if len(a) != 6 || fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("remote output %d files, local %d: they differ", len(b), len(a))
	}
}

// TestSharedOutput runs two jt warc tasks at once with the same inputs
// and output directory, as two overlapping jobs would: both exit 0, each
// input is processed by one of them, and the directory equals that of a
// single run.
func TestSharedOutput(t *testing.T) {
	dir := t.TempDir()
	var inputs []string
	for i := range 4 {
		name := filepath.Join(dir, fmt.Sprintf("part%d.warc.zst", i))
		writeTestWARC(t, name, 40)
		inputs = append(inputs, name)
	}
	args := func(out string) []string {
		return append([]string{"warc", "-j", "1", "--algo", "justext", "-o", out}, inputs...)
	}
	single := filepath.Join(dir, "single")
	if code, _, errs := runJT(t, "", args(single)...); code != 0 {
		t.Fatalf("single run: exit %d: %s", code, errs)
	}
	shared := filepath.Join(dir, "shared")
	var wg sync.WaitGroup
	codes, errs := make([]int, 2), make([]string, 2)
	for i := range 2 {
		wg.Go(func() { codes[i], _, errs[i] = runJT(t, "", args(shared)...) })
	}
	wg.Wait()
	processed := int64(0)
	for i := range 2 {
		st := summary(t, errs[i])
		processed += st.Inputs - st.InputsDoneEarlier
		if codes[i] != 0 {
			t.Errorf("task %d: exit %d: %s", i, codes[i], errs[i])
		}
	}
	if processed != 4 {
		t.Errorf("inputs processed %d times in all, want 4: %s\n%s", processed, errs[0], errs[1])
	}
	a, b := readOutput(t, single), readOutput(t, shared)
	if len(a) != 8 || fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("shared output (%d files) differs from a single run's (%d files)", len(b), len(a))
	}
}

// summary returns the counts jt warc printed last on stderr.
func summary(t *testing.T, stderr string) bulk.Stats {
	t.Helper()
	var st bulk.Stats
	i := strings.LastIndex(stderr, "jt warc: {")
	if i < 0 {
		t.Fatalf("no summary in %s", stderr)
	}
	line, _, _ := strings.Cut(stderr[i+len("jt warc: "):], "\n")
	if err := json.Unmarshal([]byte(line), &st); err != nil {
		t.Fatalf("summary %s: %v", line, err)
	}
	return st
}
