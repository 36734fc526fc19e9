// Command bench measures jt against floors and Go peers on a set of pages,
// single goroutine, in one process and one run, so that every figure it
// prints can be compared with every other.
//
// Run it from the jt repository root as
//
//	go -C bench run . [flags]
//
// or from this directory as "go run . [flags]". It lives in its own module
// so that the peers it measures never become dependencies of jt.
//
// The rows are jt with every algorithm of [jt.Algorithms]; three floors
// (a bare golang.org/x/net/html Tokenizer pass appending text tokens to a
// reused buffer, a full html.Parse, and bytes.Count of "<", which is memory
// bandwidth); and the peers go-trafilatura (its default with fallback, and
// its fast mode without), go-shiori's and readeck's go-readability and
// go-domdistiller, through their public APIs at the versions go.mod pins.
//
// The dataset is loaded into memory before anything is timed. Each row is
// first run twice untimed: once at GOGC=1 to find its peak heap, once to
// warm it up and score its output against the ground truth (when the
// dataset has one, with the eval package's metric). Then come
// the timed passes, interleaved: pass 1 of every row, then pass 2 of every
// row, so that the machine's noise hits all rows alike. Ratios between rows
// are taken within each pass and their median is reported.
//
// Two further modes reuse the same rows: -workers N measures pages per
// second with 1 to N goroutines (one extractor each), and -sizes measures
// time per byte on synthetic pages of 1 KiB to 64 MiB made from the
// dataset's page bodies, parsed and re-rendered as self-contained fragments
// so that every size holds the same content, its passes interleaved across
// sizes and rows; the "vs median ≥10 kB" column gives, for the sizes of
// 10 kB and more, each one's time per byte over the median of theirs.
//
// Passes are timed by the wall clock. On a machine that other processes
// keep busy, -clock thread times them by the CPU time of the one thread
// that runs them instead, which leaves out the time the pass was waiting
// for a core; -clock process by the CPU time of the whole process, which
// adds the garbage collection the runtime does on other threads for a row
// that allocates (neither with -workers, where several goroutines run at
// once).
package main
