package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"time"
)

// peerModules are the modules whose versions the report states.
var peerModules = []string{
	"github.com/markusmobius/go-trafilatura",
	"github.com/go-shiori/go-readability",
	"codeberg.org/readeck/go-readability/v2",
	"github.com/markusmobius/go-domdistiller",
	"golang.org/x/net",
}

// config is the command line.
type config struct {
	dataset    string
	passes     int
	format     string
	only       string
	cpuProfile string
	memProfile string
	workers    int
	sizes      bool
	writeSizes string
	clock      string
	profTime   time.Duration
}

func main() {
	var c config
	flag.StringVar(&c.dataset, "dataset", defaultDatasetDir(), "folder of pages: the scrapinghub layout (ground-truth.json, html/) is scored for quality; any other folder of .html/.html.gz files is timed only")
	flag.IntVar(&c.passes, "passes", 3, "timed passes per row; the table reports the best and the median")
	flag.StringVar(&c.format, "format", formatTable, "output format: table, markdown or json")
	flag.StringVar(&c.only, "only", "", "regexp selecting rows by name (default: all rows; with -sizes, justext only)")
	flag.StringVar(&c.cpuProfile, "cpuprofile", "", "write a CPU profile per row to `PREFIX`<row>.pprof, from extra passes after the timed ones")
	flag.StringVar(&c.memProfile, "memprofile", "", "write an allocation profile per row to `PREFIX`<row>.pprof, from extra passes after the timed ones")
	flag.DurationVar(&c.profTime, "profiletime", defaultProfileTime, "with -cpuprofile or -memprofile, profile each row for at least this long")
	flag.IntVar(&c.workers, "workers", 0, "if N > 0, measure pages/s with 1..N goroutines (one extractor each) instead of the main table")
	flag.BoolVar(&c.sizes, "sizes", false, "measure ns/byte on synthetic pages of 1 KiB to 64 MiB instead of the main table")
	flag.StringVar(&c.writeSizes, "write-sizes", "", "with -sizes, write the synthetic pages to `DIR`/<size>/ (e.g. DIR/16KiB/00000.html) instead of timing them, to profile one size (scripts/passcount)")
	flag.StringVar(&c.clock, "clock", clockWall, "what timed passes measure: wall (elapsed time), thread (CPU time of the measuring thread, Linux only: on a busy machine it leaves out the time other processes held the core) or process (CPU time of the whole process, Linux only: as thread, plus the garbage collection other threads do for the row); thread and process not with -workers")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: go -C bench run . [flags]   (from the jt repository root)\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if err := run(c, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// run carries out one invocation, writing the report to out and progress
// to progress.
func run(c config, out, progress io.Writer) error {
	if err := checkFormat(c.format); err != nil {
		return err
	}
	if c.passes < 1 {
		return fmt.Errorf("bench: -passes %d: want at least 1", c.passes)
	}
	if c.workers < 0 {
		return fmt.Errorf("bench: -workers %d: want 0 (off) or more", c.workers)
	}
	if c.workers > 0 && c.sizes {
		return fmt.Errorf("bench: -workers and -sizes are separate modes; give one")
	}
	if c.writeSizes != "" && !c.sizes {
		return fmt.Errorf("bench: -write-sizes needs -sizes")
	}
	now, done, err := clockFor(c.clock, c.workers)
	if err != nil {
		return err
	}
	defer done()
	only := c.only
	if only == "" && c.sizes {
		only = "^" + rowJusText + "$"
	}
	rows, err := selectRows(allRows(), only)
	if err != nil {
		return err
	}
	start := time.Now()
	ds, err := loadDataset(c.dataset)
	if err != nil {
		return err
	}
	fmt.Fprintf(progress, "bench: loaded %d pages, %.2f MB, in %v\n", len(ds.Pages), float64(ds.Bytes)/1e6, time.Since(start).Round(time.Millisecond))
	h := &harness{
		ds: ds, rows: rows, passes: c.passes, now: now, progress: progress,
		cpuProfile: c.cpuProfile, memProfile: c.memProfile, profileTime: c.profTime,
	}
	env := newEnvironment(ds, c.passes)
	env.Clock = c.clock
	switch {
	case c.workers > 0:
		results, err := h.scale(c.workers)
		if err != nil {
			return err
		}
		reps := scaleReports(results, len(ds.Pages), ds.Bytes)
		return writeReport(out, c.format, env, scaleTable(reps), reps)
	case c.sizes && c.writeSizes != "":
		return writeSyntheticPages(c.writeSizes, ds.Pages, pageSizes, progress)
	case c.sizes:
		results, err := h.sizes(ds.Pages, pageSizes)
		if err != nil {
			return err
		}
		reps := sizeReports(results)
		return writeReport(out, c.format, env, sizeTable(reps), reps)
	}
	results, err := h.run()
	if err != nil {
		return err
	}
	reps := reports(results)
	return writeReport(out, c.format, env, mainTable(reps), reps)
}

// selectRows returns the rows whose names match the regexp expr (all rows
// for ""), or an error when it is invalid or matches none.
func selectRows(rows []row, expr string) ([]row, error) {
	re, err := regexp.Compile(expr)
	if err != nil {
		return nil, fmt.Errorf("bench: -only: %w", err)
	}
	var out []row
	for _, r := range rows {
		if re.MatchString(r.name) {
			out = append(out, r)
		}
	}
	if len(out) == 0 {
		names := make([]string, len(rows))
		for i, r := range rows {
			names[i] = r.name
		}
		return nil, fmt.Errorf("bench: -only %q matches no row (rows: %s)", expr, strings.Join(names, ", "))
	}
	return out, nil
}

// newEnvironment describes this process and its dataset.
func newEnvironment(ds *Dataset, passes int) environment {
	env := environment{
		Command:    commandLine(os.Args[1:]),
		Go:         runtime.Version(),
		Platform:   runtime.GOOS + "/" + runtime.GOARCH,
		CPUs:       runtime.NumCPU(),
		GOMAXPROCS: runtime.GOMAXPROCS(0),
		Dataset:    ds.Dir,
		Pages:      len(ds.Pages),
		Bytes:      ds.Bytes,
		Passes:     passes,
		Modules:    map[string]string{},
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			for _, m := range peerModules {
				if d.Path == m {
					env.Modules[m] = d.Version
				}
			}
		}
	}
	return env
}

// commandLine returns the command that reproduces this run, as it would be
// typed from the jt repository root, with arguments quoted for a POSIX
// shell where they need it.
func commandLine(args []string) string {
	words := []string{"go", "-C", "bench", "run", "."}
	for _, a := range args {
		if a == "" || strings.ContainsFunc(a, needsQuote) {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		words = append(words, a)
	}
	return strings.Join(words, " ")
}

// needsQuote reports whether a shell would treat r specially.
func needsQuote(r rune) bool {
	return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=:,+@%", r))
}
