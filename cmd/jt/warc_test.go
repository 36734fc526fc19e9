package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/bulk"
	"github.com/jtextract/jt/internal/sharedtest"
	"github.com/jtextract/jt/render"
	"github.com/jtextract/jt/warc"
	"github.com/klauspost/compress/zstd"
)

// wgetWARC records the 181 shared pages with wget --warc-file from a
// loopback server and returns the archive's path and the server's URL. It
// skips when wget is not installed.
func wgetWARC(t *testing.T, pages []sharedtest.Page) (archive, base string) {
	t.Helper()
	wget, err := exec.LookPath("wget")
	if err != nil {
		t.Skip("wget not installed (Debian package wget; .ci/run installs it): cannot make a WARC with another tool")
	}
	byPath := map[string][]byte{}
	for _, p := range pages {
		byPath["/"+p.ID+".html"] = p.HTML
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := byPath[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(body)
	}))
	defer srv.Close()
	dir := t.TempDir()
	var urls strings.Builder
	for _, p := range pages {
		fmt.Fprintf(&urls, "%s/%s.html\n", srv.URL, p.ID)
	}
	list := filepath.Join(dir, "urls.txt")
	if err := os.WriteFile(list, []byte(urls.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(wget, "-q", "--no-proxy", "--warc-file="+filepath.Join(dir, "crawl"), "-i", list, "-O", os.DevNull)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("wget: %v\n%s", err, out)
	}
	return filepath.Join(dir, "crawl.warc.gz"), srv.URL
}

// member is one gzip member of a WARC file: its input offsets and the
// WARC type and target URI of the record it holds.
type member struct {
	start, end int64
	typ, uri   string
}

// gzipMembers lists the members of a gzip WARC written one record per
// member, decoding them with the standard library, independently of the
// warc package.
func gzipMembers(t *testing.T, data []byte) []member {
	t.Helper()
	br := bytes.NewReader(data) // an io.ByteReader: gzip reads no further than a member
	var ms []member
	for br.Len() > 0 {
		start := int64(len(data) - br.Len())
		zr, err := gzip.NewReader(br)
		if err != nil {
			t.Fatalf("member at %d: %v", start, err)
		}
		zr.Multistream(false)
		rec, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("member at %d: %v", start, err)
		}
		m := member{start: start, end: int64(len(data) - br.Len())}
		head, _, _ := bytes.Cut(rec, []byte("\r\n\r\n"))
		for _, l := range strings.Split(string(head), "\r\n") {
			name, value, _ := strings.Cut(l, ":")
			switch strings.ToLower(name) {
			case "warc-type":
				m.typ = strings.TrimSpace(value)
			case "warc-target-uri":
				m.uri = strings.Trim(strings.TrimSpace(value), "<>")
			}
		}
		ms = append(ms, m)
	}
	return ms
}

// documents decodes jt warc's JSON Lines output.
func documents(t *testing.T, out string) []bulk.Document {
	t.Helper()
	var docs []bulk.Document
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var d bulk.Document
		if err := json.Unmarshal(sc.Bytes(), &d); err != nil {
			t.Fatal(err)
		}
		docs = append(docs, d)
	}
	return docs
}

// TestWARCFromWget records the 181 shared pages with wget --warc-file from
// a loopback server, runs jt warc on the archive, and checks that every
// HTML response is extracted with the text jt extract gives on the same
// bytes, and that the counts add up exactly: every record read, the
// requests and wget's metadata skipped as not responses, its resource
// records (its log and manifest, plain text) as not HTML, the pages with
// no main text skipped as empty, none failed, the one input done.
func TestWARCFromWget(t *testing.T) {
	pages := sharedtest.Pages(t)
	archive, base := wgetWARC(t, pages)
	data, err := os.ReadFile(archive)
	if err != nil {
		t.Fatal(err)
	}
	members := gzipMembers(t, data)
	responses, resources := 0, 0
	for _, m := range members {
		switch m.typ {
		case "response":
			responses++
		case "resource":
			resources++
		}
	}
	if responses != len(pages) {
		t.Fatalf("wget recorded %d responses of %d pages", responses, len(pages))
	}
	stats := filepath.Join(t.TempDir(), "stats.json")
	code, out, errs := runJT(t, "", "warc", "-j", "2", "--stats", stats, archive)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	// jt extract's extractor, with its flags' defaults.
	var ef extractFlags
	fs := flag.NewFlagSet("extract", flag.ContinueOnError)
	ef.register(fs)
	opts, err := ef.options()
	if err != nil {
		t.Fatal(err)
	}
	ex, err := jt.New(append(opts, jt.WithStructure(true))...)
	if err != nil {
		t.Fatal(err)
	}
	r := render.New(render.Options{})
	got := map[string]string{}
	for _, d := range documents(t, out) {
		got[strings.TrimSuffix(strings.TrimPrefix(d.URL, base+"/"), ".html")] = d.Text
	}
	empty := 0
	for _, p := range pages {
		// The WARC gives each page its URL, which auto reads.
		doc, err := ex.ExtractBytesContext(context.Background(), p.HTML, jt.Page{URL: base + "/" + p.ID + ".html"})
		if err != nil {
			t.Fatal(err)
		}
		want := string(r.Append(nil, doc, render.Text))
		if want == "" {
			empty++
			continue
		}
		if got[p.ID] != want {
			t.Errorf("%s: jt warc text differs from jt extract's", p.ID)
		}
	}
	var st bulk.Stats
	js, _ := os.ReadFile(stats)
	if err := json.Unmarshal(js, &st); err != nil {
		t.Fatal(err)
	}
	want := bulk.Stats{Inputs: 1, Read: int64(len(members)), Written: int64(len(pages) - empty),
		Skipped: map[string]int64{bulk.SkipNotResponse: int64(len(members) - responses - resources)}, Bytes: int64(len(data))}
	if resources > 0 {
		want.Skipped[bulk.SkipNotHTML] = int64(resources)
	}
	if empty > 0 {
		want.Skipped[bulk.SkipEmpty] = int64(empty)
	}
	if !st.Balanced() || fmt.Sprint(st) != fmt.Sprint(want) || len(got) != int(st.Written) {
		t.Errorf("stats %s (%d documents), want %+v", js, len(got), want)
	}
	t.Logf("wget WARC of %d pages: %s", len(pages), bytes.TrimSpace(js))
}

// TestWARCTruncatedGzip cuts wget's gzip WARC in the middle of a response
// record: every record before the cut is read, each HTML response among
// them written as in the whole file's output, the cut record reported with
// the file and its gzip member's offset and counted as failed, and the
// task still succeeds.
func TestWARCTruncatedGzip(t *testing.T) {
	pages := sharedtest.Pages(t)
	archive, _ := wgetWARC(t, pages)
	data, err := os.ReadFile(archive)
	if err != nil {
		t.Fatal(err)
	}
	members := gzipMembers(t, data)
	cut := len(members) / 2
	for members[cut].typ != "response" {
		cut++
	}
	m := members[cut]
	truncated := filepath.Join(t.TempDir(), "cut.warc.gz")
	if err := os.WriteFile(truncated, data[:(m.start+m.end)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	_, whole, _ := runJT(t, "", "warc", "-j", "2", archive)
	before := map[string]bool{}
	for _, m := range members[:cut] {
		if m.typ == "response" {
			before[m.uri] = true
		}
	}
	var want []string
	for _, line := range strings.SplitAfter(whole, "\n") {
		if ds := documents(t, line); len(ds) == 1 && before[ds[0].URL] {
			want = append(want, line)
		}
	}
	for _, j := range []string{"1", "2"} {
		stats := filepath.Join(t.TempDir(), "stats.json")
		code, out, errs := runJT(t, "", "warc", "-j", j, "--stats", stats, truncated)
		if code != 0 {
			t.Fatalf("-j %s: exit %d: %s", j, code, errs)
		}
		if out != strings.Join(want, "") {
			t.Errorf("-j %s: %d documents, want the %d of the whole file's before the cut", j, len(documents(t, out)), len(want))
		}
		if where := fmt.Sprintf("cut.warc.gz: record at decompressed offset 0 of the gzip chunk at input offset %d", m.start); !strings.Contains(errs, where) || !strings.Contains(errs, "truncated") {
			t.Errorf("-j %s: stderr %q does not report the cut at %q", j, errs, where)
		}
		var st bulk.Stats
		js, _ := os.ReadFile(stats)
		if err := json.Unmarshal(js, &st); err != nil {
			t.Fatal(err)
		}
		if !st.Balanced() || st.Read != int64(cut+1) || st.Written != int64(len(want)) || st.Failed[bulk.FailRecord] != 1 || len(st.Failed) != 1 {
			t.Errorf("-j %s: stats %s, want %d read (%d whole records and the cut one), %d written, 1 failed", j, js, cut+1, cut, len(want))
		}
	}
}

// writeTestWARC writes n small HTML responses to a .warc.zst file.
func writeTestWARC(t *testing.T, name string, n int) {
	t.Helper()
	var b bytes.Buffer
	w, err := warc.NewWriter(&b, warc.Zstd)
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		body := fmt.Sprintf("<title>%s %d</title><p>%s %d %s</p>", name, i, name, i, strings.Repeat("This is the kind of sentence that a person would write in a real article about the news. ", 4))
		msg := "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n" + body
		h := warc.Header{{Name: "WARC-Type", Value: "response"}, {Name: "WARC-Record-ID", Value: fmt.Sprintf("<urn:%s:%d>", name, i)}, {Name: "WARC-Target-URI", Value: fmt.Sprintf("http://%s/%d", name, i)}}
		if err := w.WriteRecord(h, []byte(msg)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readOutput(t *testing.T, dir string) map[string]string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	out := map[string]string{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(f, ".zst") {
			zr, _ := zstd.NewReader(nil)
			if data, err = zr.DecodeAll(data, nil); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
		}
		out[filepath.Base(f)] = string(data)
	}
	return out
}

// TestWARCResume kills a run to an output folder after its first input
// (by cancelling its context, as SIGTERM does) and re-runs it: the final
// folder equals that of an uninterrupted run, and a completed input is not
// processed again.
func TestWARCResume(t *testing.T) {
	dir := t.TempDir()
	var inputs []string
	for i := range 3 {
		name := filepath.Join(dir, fmt.Sprintf("part%d.warc.zst", i))
		writeTestWARC(t, name, 50+i)
		inputs = append(inputs, name)
	}
	whole := filepath.Join(dir, "whole")
	if code, _, errs := runJT(t, "", append([]string{"warc", "--algo", "justext", "-o", whole}, inputs...)...); code != 0 {
		t.Fatalf("uninterrupted run: exit %d: %s", code, errs)
	}
	killed := filepath.Join(dir, "killed")
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for {
			if _, err := os.Stat(filepath.Join(killed, "part0.done")); err == nil {
				cancel()
				return
			}
			time.Sleep(time.Millisecond)
		}
	}()
	var out, errb bytes.Buffer
	run(ctx, append([]string{"warc", "--algo", "justext", "-o", killed}, inputs...), strings.NewReader(""), &out, &errb)
	cancel()
	code, _, errs := runJT(t, "", append([]string{"warc", "--algo", "justext", "-o", killed}, inputs...)...)
	if code != 0 {
		t.Fatalf("re-run: exit %d: %s", code, errs)
	}
	a, b := readOutput(t, whole), readOutput(t, killed)
	if len(a) != 6 || fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("interrupted and re-run output (%d files) differs from the uninterrupted one (%d files)", len(b), len(a))
	}
}

func TestShard(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	for _, tc := range []struct {
		rank, world int
		env         map[string]string
		wantR       int
		wantW       int
		err         bool
	}{
		{-1, -1, nil, 0, 1, false},
		{1, 3, nil, 1, 3, false},
		{-1, -1, map[string]string{"SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "4"}, 2, 4, false},
		{-1, 5, map[string]string{"JOB_COMPLETION_INDEX": "3"}, 3, 5, false},
		{-1, -1, map[string]string{"JOB_COMPLETION_INDEX": "3"}, 0, 0, true},
		{4, 4, nil, 0, 0, true},
	} {
		r, w, err := shard(tc.rank, tc.world, env(tc.env))
		if (err != nil) != tc.err || !tc.err && (r != tc.wantR || w != tc.wantW) {
			t.Errorf("shard(%d, %d, %v) = %d, %d, %v", tc.rank, tc.world, tc.env, r, w, err)
		}
	}
}

// failingWriter fails every write, as a full disk does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestWARCExitCodes checks jt warc's exit statuses: 0 when every input was
// processed, damaged records included; 1 when an input could not be
// opened (the others are still processed) or the output fails (which
// stops the task); 2 for a usage error. It extracts with jusText, which
// keeps the text of the test pages.
func TestWARCExitCodes(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.warc.zst")
	writeTestWARC(t, good, 5)
	data, _ := os.ReadFile(good)
	damaged := filepath.Join(dir, "damaged.warc.zst")
	if err := os.WriteFile(damaged, data[:len(data)-20], 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want int
		says string
	}{
		{[]string{good}, 0, `"written":5`},
		{[]string{damaged}, 0, "damaged.warc.zst: record at"},
		{[]string{filepath.Join(dir, "missing.warc.gz"), good}, 1, `"written":5`},
		{nil, 2, "no inputs"},
		{[]string{"--dedup", "lines", good}, 2, "unknown dedup mode"},
		{[]string{"--rank", "3", "--world-size", "2", good}, 2, "not below the world size"},
	} {
		code, _, errs := runJT(t, "", append([]string{"warc", "--algo", "justext"}, tc.args...)...)
		if code != tc.want || !strings.Contains(errs, tc.says) {
			t.Errorf("jt warc %v: exit %d, want %d saying %q; stderr: %s", tc.args, code, tc.want, tc.says, errs)
		}
	}
	var errb bytes.Buffer
	code := run(context.Background(), []string{"warc", "--algo", "justext", good, good}, strings.NewReader(""), failingWriter{}, &errb)
	if code != 1 || !strings.Contains(errb.String(), "disk full") || strings.Count(errb.String(), "disk full") != 1 {
		t.Errorf("failing output: exit %d, want 1 and the task stopped at the first failure; stderr: %s", code, errb.String())
	}
}

// TestWARCProgress checks that the progress line is written only to a
// terminal, not to a file, a buffer or /dev/null, and not with --quiet.
func TestWARCProgress(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if newProgress(f, false, nil).on || newProgress(&bytes.Buffer{}, false, nil).on {
		t.Error("progress line on for a file or a buffer")
	}
	// /dev/null is a character device but no terminal (2>/dev/null).
	if null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0); err == nil {
		defer null.Close()
		if newProgress(null, false, nil).on {
			t.Error("progress line on for " + os.DevNull)
		}
	}
	if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
		defer tty.Close()
		if !newProgress(tty, false, nil).on || newProgress(tty, true, nil).on {
			t.Error("progress line off on a terminal without --quiet, or on with it")
		}
	}
	var line bytes.Buffer
	p := &progress{w: &line, on: true, all: 2}
	p.track(io.NopCloser(strings.NewReader("")))
	p.add(3e6)
	if got := line.String(); !strings.HasPrefix(got, "\rinput 1/2  3 MB read") || !strings.Contains(got, "ETA") {
		t.Errorf("progress line %q", got)
	}
	p.clear()
	if got := line.String(); !strings.HasSuffix(got, "\r") || p.lineLength != 0 {
		t.Errorf("line not cleared: %q", got)
	}
}
