package auto_test

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/charset"
	"github.com/jtextract/jt/classify/auto"
	"github.com/jtextract/jt/classify/justext"
	"github.com/jtextract/jt/internal/sharedtest"
	"github.com/jtextract/jt/stopwords"
	"github.com/jtextract/jt/tokenizer"
)

// jusTextPipe is the "justext" engine's pipeline, the yardstick of the
// issue's cost budget (auto at most 1.5 times it).
type jusTextPipe struct {
	dec *charset.Decoder
	z   *tokenizer.Tokenizer
	w   *blocks.Walker
	pm  *blocks.ParagraphMaker
}

func newJusTextPipe(tb testing.TB) *jusTextPipe {
	dec, err := charset.NewDecoder()
	if err != nil {
		tb.Fatal(err)
	}
	z, err := tokenizer.New()
	if err != nil {
		tb.Fatal(err)
	}
	stop, err := stopwords.Lookup("English")
	if err != nil {
		tb.Fatal(err)
	}
	return &jusTextPipe{dec: dec, z: z, w: blocks.NewWalker(), pm: blocks.NewParagraphMaker(stop, false)}
}

func (j *jusTextPipe) run(page []byte) error {
	text, _, err := j.dec.Decode(page, "")
	if err != nil {
		return err
	}
	j.z.ResetBytes(text)
	j.pm.Reset()
	if err := j.w.Walk(context.Background(), j.z, j.pm); err != nil {
		return err
	}
	j.pm.Finish()
	justext.Classify(j.pm.Paragraphs(), justext.DefaultConfig())
	return nil
}

func newPipe(tb testing.TB, cfg auto.Config) *Pipe {
	tb.Helper()
	p, err := newPipeErr(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// BenchmarkAutoVsJusText extracts the 181 shared pages with auto and with
// the jusText pipeline (English stoplist), page by page alternately in
// the same run, and reports auto's cost relative to jusText's: auto
// guessing the language of every page (its default), and auto given the
// English stoplist as jusText is. Where the
// system can, it times each page by the CPU time of its thread (the
// goroutine is locked to one), so that other processes sharing the cores
// distort the ratio less than wall time would.
func BenchmarkAutoVsJusText(b *testing.B) {
	english, err := stopwords.Lookup("English")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("lang=auto", func(b *testing.B) { benchAutoVsJusText(b, auto.Config{AutoLanguage: true}) })
	b.Run("lang=English", func(b *testing.B) { benchAutoVsJusText(b, auto.Config{Stop: english}) })
}

func benchAutoVsJusText(b *testing.B, cfg auto.Config) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	pages := sharedtest.Pages(b)
	var size int64
	for _, p := range pages {
		size += int64(len(p.HTML))
	}
	a := newPipe(b, cfg)
	j := newJusTextPipe(b)
	var tAuto, tJ int64
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for _, p := range pages {
			t0 := nanotime()
			if err := a.Run(p.HTML); err != nil {
				b.Fatal(err)
			}
			t1 := nanotime()
			b.StopTimer()
			if err := j.run(p.HTML); err != nil {
				b.Fatal(err)
			}
			tJ += nanotime() - t1
			b.StartTimer()
			tAuto += t1 - t0
		}
	}
	b.ReportMetric(float64(tAuto)/float64(tJ), "x-justext")
	b.ReportMetric(float64(tAuto)/float64(b.N*len(pages))/1e3, "µs/page")
}

// nanotime returns the thread's CPU time where threadCPUTime can read it,
// else the wall time.
func nanotime() int64 {
	if t, ok := threadCPUTime(); ok {
		return t
	}
	return time.Now().UnixNano()
}
