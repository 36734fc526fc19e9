package bulk

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jtextract/jt/internal/sharedtest"
	"github.com/jtextract/jt/remote"
	"github.com/jtextract/jt/warc"
)

// failAfter gives n bytes of data, then fails, as a remote input does
// once its retries are spent.
type failAfter struct {
	r   io.Reader
	err error
}

func (f *failAfter) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	if err == io.EOF {
		return n, f.err
	}
	return n, err
}

// TestInputReadError checks that an input whose reading fails half way
// fails as a whole with the reading error, whatever its compression,
// rather than ending as if complete with a damaged last record.
func TestInputReadError(t *testing.T) {
	errCut := errors.New("connection lost for good")
	for _, comp := range []warc.Compression{warc.None, warc.Gzip, warc.Zstd} {
		data, _ := testWARC(t, comp)
		for _, whole := range []bool{false, true} {
			if whole {
				if comp != warc.Gzip {
					continue
				}
				data = gzipBytes(mustGunzip(t, data)) // one gzip member: read as a stream
			}
			for _, workers := range []int{1, 2} {
				in := &failAfter{bytes.NewReader(data[:len(data)/2]), errCut}
				st, err := newProcessor(t, workers, DedupNone).Run(context.Background(), "x.warc", in, io.Discard)
				if !errors.Is(err, errCut) || InputFailure(err) != InputUnreadable {
					t.Errorf("%v (one member %v), -j %d: %v; stats %+v", comp, whole, workers, err, st)
				}
			}
		}
	}
}

func mustGunzip(t *testing.T, data []byte) []byte {
	t.Helper()
	rd, err := warc.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	w, _ := warc.NewWriter(&out, warc.None)
	for {
		rec, err := rd.Next()
		if err == io.EOF {
			return out.Bytes()
		}
		if err != nil {
			t.Fatal(err)
		}
		var h warc.Header
		for _, f := range rec.Header {
			if f.Name != "Content-Length" {
				h = append(h, f)
			}
		}
		w.WriteRecord(h, rec.Content)
	}
}

// TestReadManifest reads plain and gzip manifests, with and without a
// prefix for their relative paths.
func TestReadManifest(t *testing.T) {
	text := "# Common Crawl\ncrawl-data/a.warc.gz\n\n  /abs/b.warc.gz \nhttps://h/c.warc.gz\n"
	for _, tc := range []struct{ prefix, want string }{
		{"", "[crawl-data/a.warc.gz /abs/b.warc.gz https://h/c.warc.gz]"},
		{"https://data.commoncrawl.org/", "[https://data.commoncrawl.org/crawl-data/a.warc.gz /abs/b.warc.gz https://h/c.warc.gz]"},
		{"s3://commoncrawl", "[s3://commoncrawl/crawl-data/a.warc.gz /abs/b.warc.gz https://h/c.warc.gz]"},
		{"/mnt/cc", "[/mnt/cc/crawl-data/a.warc.gz /abs/b.warc.gz https://h/c.warc.gz]"},
	} {
		for _, data := range [][]byte{[]byte(text), gzipBytes([]byte(text))} {
			got, err := ReadManifest(bytes.NewReader(data), tc.prefix)
			if err != nil || strings.Join(got, " ") != strings.Trim(tc.want, "[]") {
				t.Errorf("prefix %q: %q, %v; want %s", tc.prefix, got, err, tc.want)
			}
		}
	}
	data, _ := testWARC(t, warc.Zstd)
	if _, err := ReadManifest(bytes.NewReader(data), ""); err == nil || !strings.Contains(err.Error(), "is this a manifest") {
		t.Errorf("a WARC given as manifest: %v", err)
	}
}

// BenchmarkRunRemote compares the same gzip WARC of the 181 shared pages
// read from a file on disk and from http://127.0.0.1 through
// remote.Opener (compressed input bytes per second), at 1 and 2 workers.
func BenchmarkRunRemote(b *testing.B) {
	var buf bytes.Buffer
	w, _ := warc.NewWriter(&buf, warc.Gzip)
	for _, p := range sharedtest.Pages(b) {
		h := warc.Header{{Name: "WARC-Type", Value: "response"}, {Name: "WARC-Target-URI", Value: "http://example.com/" + p.ID}}
		if err := w.WriteRecord(h, response("text/html", string(p.HTML))); err != nil {
			b.Fatal(err)
		}
	}
	dir := b.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "crawl.warc.gz"), buf.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()
	opener, _ := remote.New(remote.Options{})
	for _, workers := range []int{1, 2} {
		for _, src := range []string{"disk", "http"} {
			b.Run(fmt.Sprintf("%s/j%d", src, workers), func(b *testing.B) {
				p := newProcessor(b, workers, DedupNone)
				b.SetBytes(int64(buf.Len()))
				for b.Loop() {
					var in io.ReadCloser
					var err error
					if src == "disk" {
						in, err = OpenFile(filepath.Join(dir, "crawl.warc.gz"))
					} else {
						in, err = opener.Open(context.Background(), srv.URL+"/crawl.warc.gz")
					}
					if err != nil {
						b.Fatal(err)
					}
					if _, err := p.Run(context.Background(), "crawl.warc.gz", in, io.Discard); err != nil {
						b.Fatal(err)
					}
					in.Close()
				}
				b.ReportMetric(float64(181*b.N)/b.Elapsed().Seconds(), "docs/s")
			})
		}
	}
}
