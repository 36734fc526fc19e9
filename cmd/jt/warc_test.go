package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
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
	"github.com/jtextract/jt/warc"
	"github.com/klauspost/compress/zstd"
)

// TestWARCFromWget records the 181 shared pages with wget --warc-file from
// a loopback server, runs jt warc on the archive, and checks that every
// HTML response is extracted with the text jt extract gives on the same
// bytes, and that the counts add up.
func TestWARCFromWget(t *testing.T) {
	wget, err := exec.LookPath("wget")
	if err != nil {
		t.Skip("wget not installed (Debian package wget; .ci/run installs it): cannot make a WARC with another tool")
	}
	pages := sharedtest.Pages(t)
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
	os.WriteFile(list, []byte(urls.String()), 0o644)
	cmd := exec.Command(wget, "-q", "--no-proxy", "--warc-file="+filepath.Join(dir, "crawl"), "-i", list, "-O", os.DevNull)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("wget: %v\n%s", err, out)
	}
	archive := filepath.Join(dir, "crawl.warc.gz")
	stats := filepath.Join(dir, "stats.json")
	code, out, errs := runJT(t, "", "warc", "-j", "2", "--stats", stats, archive)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	ex, err := jt.New()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var d bulk.Document
		if err := json.Unmarshal(sc.Bytes(), &d); err != nil {
			t.Fatal(err)
		}
		got[strings.TrimSuffix(strings.TrimPrefix(d.URL, srv.URL+"/"), ".html")] = d.Text
	}
	empty := 0
	for _, p := range pages {
		doc, err := ex.ExtractBytes(p.HTML)
		if err != nil {
			t.Fatal(err)
		}
		want := doc.Text()
		if want == "" {
			empty++
			continue
		}
		if got[p.ID] != want {
			t.Errorf("%s: jt warc text differs from jt extract's", p.ID)
		}
	}
	var st bulk.Stats
	data, _ := os.ReadFile(stats)
	if err := json.Unmarshal(data, &st); err != nil {
		t.Fatal(err)
	}
	if !st.Balanced() || st.Written != int64(len(pages)-empty) || st.Skipped[bulk.SkipNotResponse] == 0 || len(st.Failed) != 0 {
		t.Errorf("stats %s: want %d written, the requests and warcinfo skipped, none failed", data, len(pages)-empty)
	}
	t.Logf("wget WARC of %d pages: %s", len(pages), bytes.TrimSpace(data))
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
	if code, _, errs := runJT(t, "", append([]string{"warc", "-o", whole}, inputs...)...); code != 0 {
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
	run(ctx, append([]string{"warc", "-o", killed}, inputs...), strings.NewReader(""), &out, &errb)
	cancel()
	code, _, errs := runJT(t, "", append([]string{"warc", "-o", killed}, inputs...)...)
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
