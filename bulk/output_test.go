package bulk

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/warc"
	"github.com/klauspost/compress/gzip"
)

func TestShard(t *testing.T) {
	in := []string{"a", "b", "c", "d", "e"}
	for _, tc := range []struct {
		rank, world int
		want        string
		err         bool
	}{
		{0, 1, "a b c d e", false},
		{0, 2, "a c e", false},
		{1, 2, "b d", false},
		{2, 3, "c", false},
		{3, 3, "", true},
		{-1, 2, "", true},
		{0, 0, "", true},
	} {
		got, err := Shard(in, tc.rank, tc.world)
		if (err != nil) != tc.err || strings.Join(got, " ") != tc.want {
			t.Errorf("Shard(%d, %d) = %v, %v; want %q", tc.rank, tc.world, got, err, tc.want)
		}
	}
}

func TestOutputNames(t *testing.T) {
	for _, in := range []string{"/data/CC-MAIN-1-00000.warc.gz", "https://data.commoncrawl.org/crawl-data/s/warc/CC-MAIN-1-00000.warc.gz?x=y/z", "s3://commoncrawl/crawl-data/CC-MAIN-1-00000.warc.gz"} {
		if got := OutputName(in); got != "CC-MAIN-1-00000" {
			t.Errorf("OutputName(%q) = %q", in, got)
		}
	}
	if err := CheckOutputNames([]string{"a/x.warc.gz", "b/y.warc.gz"}); err != nil {
		t.Error(err)
	}
	if err := CheckOutputNames([]string{"a/x.warc.gz", "b/x.warc.zst"}); err == nil {
		t.Error("two inputs named x: no error")
	}
}

// failWriter fails after n bytes.
type failWriter struct{ n int }

func (w *failWriter) Write(p []byte) (int, error) {
	if w.n -= len(p); w.n < 0 {
		return 0, errors.New("disk full")
	}
	return len(p), nil
}

func TestOutputFailureIsFatal(t *testing.T) {
	data, _ := testWARC(t, warc.Gzip)
	_, err := newProcessor(t, 2, DedupNone).Run(context.Background(), "x", bytes.NewReader(data), &failWriter{n: 500})
	if !errors.Is(err, ErrOutput) || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("error %v, want ErrOutput naming the cause", err)
	}
}

// TestFalseMemberBoundaries feeds a gzip WARC whose members are stored
// uncompressed and whose pages hold the bytes of a gzip header, so that the
// Splitter cuts members wrongly: the output equals that of the same WARC
// uncompressed.
func TestFalseMemberBoundaries(t *testing.T) {
	plain, n := testWARC(t, warc.None)
	var stored, plainMod bytes.Buffer
	pw, _ := warc.NewWriter(&plainMod, warc.None)
	r, _ := warc.NewReader(bytes.NewReader(plain))
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		var one bytes.Buffer
		w, _ := warc.NewWriter(&one, warc.None)
		content := bytes.Replace(rec.Content, []byte("</p>"), []byte("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff</p>"), 1)
		w.WriteRecord(rec.Header[:len(rec.Header)-1], content) // the writer adds Content-Length
		pw.WriteRecord(rec.Header[:len(rec.Header)-1], content)
		zw, _ := gzip.NewWriterLevel(&stored, gzip.NoCompression)
		zw.Write(one.Bytes())
		zw.Close()
	}
	want, _ := run(t, newProcessor(t, 1, DedupNone), plainMod.Bytes())
	for _, workers := range []int{1, 3} {
		got, st := run(t, newProcessor(t, workers, DedupNone), stored.Bytes())
		if got != want || st.Read != int64(n) || !st.Balanced() || st.Written < 30 {
			t.Errorf("-j %d: output differs from the uncompressed run's, or stats %+v", workers, st)
		}
	}
}

// TestWholeFileGzip reads a WARC gzipped as one member larger than a
// chunk: it streams instead, with the same output.
func TestWholeFileGzip(t *testing.T) {
	plain, n := testWARC(t, warc.None)
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.NoCompression) // over 64 KiB, so over a chunk
	zw.Write(plain)
	zw.Close()
	want, _ := run(t, newProcessor(t, 2, DedupNone), plain)
	p, _ := New(Config{Workers: 2, MaxRecordBytes: 1000, NewExtractor: func() (*jt.Extractor, error) { return jt.New() }})
	wantSmall, _ := run(t, p, plain)
	for name, tc := range map[string]struct {
		p    *Processor
		want string
	}{"one chunk": {newProcessor(t, 2, DedupNone), want}, "streamed": {p, wantSmall}} {
		got, st := run(t, tc.p, gz.Bytes())
		if got != tc.want || st.Read != int64(n) || !st.Balanced() {
			t.Errorf("%s: output differs from the plain WARC's, or stats %+v", name, st)
		}
	}
}

// inputs writes three WARC files whose pages repeat across files, so that
// dedup spans inputs.
func inputs(t *testing.T, dir string) []string {
	t.Helper()
	var names []string
	for f := range 3 {
		var b bytes.Buffer
		w, _ := warc.NewWriter(&b, warc.Gzip)
		for i := range 20 {
			h := warc.Header{{Name: "WARC-Type", Value: "response"}, {Name: "WARC-Target-URI", Value: fmt.Sprintf("http://e.com/%d/%d", f, i)}}
			if err := w.WriteRecord(h, response("text/html", page(i+5*f))); err != nil {
				t.Fatal(err)
			}
		}
		name := filepath.Join(dir, fmt.Sprintf("part%d.warc.gz", f))
		if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	return names
}

func readDir(t *testing.T, dir string) map[string]string {
	t.Helper()
	files, _ := os.ReadDir(dir)
	out := map[string]string{}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(dir, f.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[f.Name()] = string(data)
	}
	return out
}

// TestRunFileResume stops a run after its first input, as a killed task
// would be, and runs it again with a new Processor: the output folder and
// the totals equal those of an uninterrupted run, duplicates across inputs
// included.
func TestRunFileResume(t *testing.T) {
	for _, zstd := range []bool{false, true} {
		dir := t.TempDir()
		in := inputs(t, dir)
		runAll := func(out string, stopAfter int) (Stats, error) {
			p, _ := New(Config{Workers: 2, Dedup: DedupParagraph, Zstd: zstd, NewExtractor: func() (*jt.Extractor, error) { return jt.New() }})
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var total Stats
			for i, name := range in {
				if i == stopAfter {
					cancel()
				}
				st, _, err := p.RunFile(ctx, name, out)
				if err != nil {
					return total, err
				}
				total.Add(st)
			}
			return total, nil
		}
		whole, killed := filepath.Join(dir, "whole"), filepath.Join(dir, "killed")
		want, err := runAll(whole, -1)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := runAll(killed, 1); !errors.Is(err, context.Canceled) {
			t.Fatalf("stopped run: %v", err)
		}
		if n := len(readDir(t, killed)); n != 2 {
			t.Fatalf("stopped run left %d files, want the output and marker of the first input", n)
		}
		got, err := runAll(killed, -1)
		if err != nil {
			t.Fatal(err)
		}
		a, b := readDir(t, whole), readDir(t, killed)
		if len(a) != 6 || fmt.Sprint(a) != fmt.Sprint(b) {
			t.Errorf("zstd %v: resumed output (%d files) differs from the uninterrupted one (%d files)", zstd, len(b), len(a))
		}
		if got.InputsDoneEarlier != 1 {
			t.Errorf("zstd %v: %d inputs done earlier, want the first", zstd, got.InputsDoneEarlier)
		}
		got.InputsDoneEarlier = 0
		if fmt.Sprint(got) != fmt.Sprint(want) || want.Skipped[SkipDuplicate] == 0 {
			t.Errorf("zstd %v: resumed totals %+v, uninterrupted %+v (want duplicates across inputs)", zstd, got, want)
		}
	}
}
