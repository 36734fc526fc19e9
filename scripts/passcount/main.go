// Command passcount extracts every page of a folder once to warm an
// Extractor, then once more inside the function main.measured, so that an
// instruction counter can be pointed at that pass alone. Instruction
// counts repeat from run to run where timings on a shared machine do not:
//
//	go build -o /tmp/passcount ./scripts/passcount
//	GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off GOGC=off valgrind --tool=callgrind --branch-sim=yes \
//	    --collect-atstart=no --toggle-collect=main.measured /tmp/passcount ../shared/datasets/scrapinghub/html
//
// (Callgrind stops on the signals of Go's asynchronous preemption, hence
// asyncpreemptoff, and on the RDTSCP instruction the runtime reads the
// clock with where the processor has it, hence cpu.rdtscp=off; the pass
// runs on one locked thread, whose entry and exit callgrind toggles its
// counting on.)
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/internal/pagedir"
)

func main() {
	algo := flag.String("algo", "auto", "algorithm (jt algos lists them)")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: passcount [-algo NAME] DIR")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	runtime.LockOSThread()
	pages, err := pagedir.Read(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	x, err := jt.New(jt.WithAlgorithm(*algo))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	warm(x, pages)
	fmt.Println(len(pages), "pages,", measured(x, pages), "paragraphs")
}

// warm is the first pass, which the counter leaves out.
//
//go:noinline
func warm(x *jt.Extractor, pages []pagedir.Page) {
	for _, p := range pages {
		x.ExtractBytes(p.HTML)
	}
}

// measured is the pass the instruction counter counts.
//
//go:noinline
func measured(x *jt.Extractor, pages []pagedir.Page) int {
	n := 0
	for _, p := range pages {
		d, err := x.ExtractBytes(p.HTML)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		n += len(d.Paragraphs)
	}
	return n
}
