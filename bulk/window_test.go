package bulk

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/internal/sharedtest"
	"github.com/jtextract/jt/warc"
	"github.com/klauspost/compress/gzip"
)

func TestWeigh(t *testing.T) {
	for _, c := range []struct{ n, size, want int }{
		{0, 32, 1},
		{1, 32, 1},
		{windowUnit, 32, 1},
		{windowUnit + 1, 32, 2},
		{10 * windowUnit, 32, 10},
		{100 * windowUnit, 32, 32}, // alone in the window
	} {
		if got := weigh(c.n, c.size); got != c.want {
			t.Errorf("weigh(%d, %d) = %d, want %d", c.n, c.size, got, c.want)
		}
	}
}

// TestLargeJobsInOrder runs inputs whose jobs weigh from one token to the
// whole window (pages that do not compress, over a megabyte), split into
// members and read as a stream, and checks that every page is written, in
// order, whatever the number of workers.
func TestLargeJobsInOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	noise := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return base64.StdEncoding.EncodeToString(b)
	}
	sizes := []int{100, 1 << 20, 200 << 10, 100, 1 << 20, 100, 50 << 10, 100}
	for _, comp := range []warc.Compression{warc.Gzip, warc.None} {
		var b bytes.Buffer
		w, err := warc.NewWriter(&b, comp)
		if err != nil {
			t.Fatal(err)
		}
		for i, n := range sizes {
			body := fmt.Sprintf("<html><body><p>%d %s</p><p>%s</p></body></html>", i, article, noise(n))
			h := warc.Header{{Name: "WARC-Type", Value: "response"}, {Name: "WARC-Record-ID", Value: fmt.Sprintf("<urn:uuid:%d>", i)}, {Name: "WARC-Target-URI", Value: fmt.Sprintf("http://example.com/%d", i)}}
			if err := w.WriteRecord(h, response("text/html", body)); err != nil {
				t.Fatal(err)
			}
		}
		for _, workers := range []int{1, 3} {
			out, st := run(t, newProcessor(t, workers, DedupNone), b.Bytes())
			if st.Written != int64(len(sizes)) {
				t.Fatalf("%v, %d workers: stats %+v, want %d written", comp, workers, st, len(sizes))
			}
			for i, line := range strings.Split(strings.TrimSpace(out), "\n") {
				if want := fmt.Sprintf(`"url":"http://example.com/%d"`, i); !strings.Contains(line, want) {
					t.Errorf("%v, %d workers: line %d is not page %d", comp, workers, i, i)
				}
			}
		}
	}
}

// TestOutsizedPageReleased checks that a worker lets go of what an
// outsized page grew (its Extractor's buffers, three times the page's
// size for this one) when a small page follows, and that the small page
// then gives what it gives a fresh worker.
func TestOutsizedPageReleased(t *testing.T) {
	f, err := os.Open(filepath.Join(sharedtest.Dir(t), "datasets/wcxb-dev/dev/html/0203.html.gz"))
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	big := record{url: "http://example.com/big", content: response("text/html; charset=utf-8", string(body))}
	small := record{url: "http://example.com/small", content: response("text/html", page(1))}
	p, err := New(Config{NewExtractor: func() (*jt.Extractor, error) { return jt.New(jt.WithAlgorithm("auto"), jt.WithStructure(true)) }})
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := p.newWorker("test")
	if err != nil {
		t.Fatal(err)
	}
	want := fresh.extract(context.Background(), small)
	w, err := p.newWorker("test")
	if err != nil {
		t.Fatal(err)
	}
	w.extract(context.Background(), small)
	before := heapAfterGC()
	if r := w.extract(context.Background(), big); r.doc == nil {
		t.Fatalf("the big page: %+v", r)
	}
	got := w.extract(context.Background(), small)
	after := heapAfterGC()
	runtime.KeepAlive(w)
	if after > before+512<<10 {
		t.Errorf("after a %d-byte page and a small one, the worker holds %d bytes more than before", len(big.content), after-before)
	}
	if got.doc == nil || want.doc == nil || *got.doc != *want.doc {
		t.Errorf("the page after an outsized one gives %+v, a fresh worker %+v", got.doc, want.doc)
	}
}

// heapAfterGC returns the bytes live on the heap once collected.
func heapAfterGC() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
