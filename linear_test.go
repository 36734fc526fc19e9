package jt_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jtextract/jt"
)

// linearShapes are the hostile shapes of issue 7 whose extraction time
// must grow linearly with their size. gen(n) builds an input of size
// proportional to n; n is chosen so that one extraction takes a few
// milliseconds.
var linearShapes = []struct {
	name string
	n    int
	gen  func(n int) []byte
}{
	{"short-paragraphs", 50000, func(n int) []byte {
		return []byte(strings.Repeat("<p>a few short words</p>", n))
	}},
	{"unclosed-inline", 100000, func(n int) []byte {
		return []byte(strings.Repeat("<b><span>x", n/2) + article(4))
	}},
	{"attributes", 100000, func(n int) []byte {
		var b strings.Builder
		b.WriteString("<div")
		for i := range n {
			fmt.Fprintf(&b, " a%d='%d'", i, i)
		}
		b.WriteString(">" + article(4) + "</div>")
		return []byte(b.String())
	}},
	{"br-runs", 100000, func(n int) []byte {
		return []byte("<p>" + strings.Repeat("word<br>", n) + "</p>")
	}},
	{"deep-nesting", 100000, func(n int) []byte {
		return []byte(strings.Repeat("<div>", n) + article(4) + strings.Repeat("</div>", n))
	}},
	{"unmatched-end-tags", 100000, func(n int) []byte {
		return []byte(strings.Repeat("</div></span>", n/2) + article(4))
	}},
	{"nested-tables", 50000, func(n int) []byte {
		return []byte(strings.Repeat("<table><tr><td>x", n) + article(4))
	}},
	{"unclosed-comment", 200000, func(n int) []byte {
		return []byte(article(4) + "<!--" + strings.Repeat("-- <p>x</p> -", n))
	}},
	{"random-binary", 200000, func(n int) []byte {
		r := rand.New(rand.NewPCG(1, 2))
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return b
	}},
	{"script-escapes", 200000, func(n int) []byte {
		return []byte(article(4) + "<script>" + strings.Repeat("<!--<script>", n))
	}},
}

// fastest returns the shortest of the times: other work on the machine only
// ever adds time, so the fastest run is the best estimate of the cost.
func fastest(d []time.Duration) time.Duration { return slices.Min(d) }

// BenchmarkLinear extracts every hostile shape at sizes n and 2n with
// every algorithm, alternating the two so that both see the same machine
// load, and reports the ratio of the fastest times t(2n)/t(n) as the metric
// "t2n/tn": about 2 for linear time, 4 for quadratic. It fails a shape
// whose ratio exceeds 2.5 (on a quiet machine: other load skews it).
//
//	go test -run '^$' -bench BenchmarkLinear -benchtime 7x .
func BenchmarkLinear(b *testing.B) {
	for _, shape := range linearShapes {
		small, big := shape.gen(shape.n), shape.gen(2*shape.n)
		for _, algo := range jt.Algorithms() {
			b.Run(shape.name+"/"+algo, func(b *testing.B) {
				ex := newExtractor(b, jt.WithAlgorithm(algo))
				extract := func(in []byte) time.Duration {
					start := time.Now()
					if _, err := ex.ExtractBytes(in); err != nil {
						b.Fatal(err)
					}
					return time.Since(start)
				}
				extract(big) // warm the Extractor's buffers to the larger size
				var tSmall, tBig []time.Duration
				for b.Loop() {
					tSmall = append(tSmall, extract(small))
					tBig = append(tBig, extract(big))
				}
				ratio := float64(fastest(tBig)) / float64(fastest(tSmall))
				b.ReportMetric(ratio, "t2n/tn")
				b.ReportMetric(float64(fastest(tSmall).Nanoseconds())/float64(len(small)), "ns/byte(n)")
				b.ReportMetric(float64(len(small)), "bytes(n)")
				if ratio > 2.5 {
					b.Errorf("%s with %s: t(2n)/t(n) = %.2f, want < 2.5 (linear time)", shape.name, algo, ratio)
				}
			})
		}
	}
}
