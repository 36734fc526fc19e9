package jt_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/internal/sharedtest"
	"golang.org/x/net/html"
)

// xnetPass runs the bare x/net/html tokenizer over a page: the floor
// PERF.md compares extraction with.
func xnetPass(page []byte) {
	z := html.NewTokenizer(bytes.NewReader(page))
	for z.Next() != html.ErrorToken {
	}
}

// BenchmarkExtract measures Extract over the 181 shared pages for every
// algorithm, beside a bare x/net/html tokenizer pass over the same bytes,
// interleaved page by page in the same run. It reports MB/s, allocations per page, and
// "xnet-ratio": extraction throughput divided by the x/net pass's (above 1
// means faster than merely tokenizing with x/net).
func BenchmarkExtract(b *testing.B) {
	pages := sharedtest.Pages(b)
	var size int64
	for _, p := range pages {
		size += int64(len(p.HTML))
	}
	for _, algo := range jt.Algorithms() {
		b.Run(algo, func(b *testing.B) {
			ex := newExtractor(b, jt.WithAlgorithm(algo))
			var tJT, tX time.Duration
			b.SetBytes(size)
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				// Alternate page by page, so that noise from other work on
				// the machine hits both sides alike.
				for _, p := range pages {
					start := time.Now()
					if _, err := ex.ExtractBytes(p.HTML); err != nil {
						b.Fatal(err)
					}
					mid := time.Now()
					b.StopTimer()
					xnetPass(p.HTML)
					tX += time.Since(mid)
					b.StartTimer()
					tJT += mid.Sub(start)
				}
			}
			b.ReportMetric(float64(tX)/float64(tJT), "xnet-ratio")
			b.ReportMetric(float64(size)*float64(b.N)/tX.Seconds()/1e6, "xnet-MB/s")
		})
	}
}
