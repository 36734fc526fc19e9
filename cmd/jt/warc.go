package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/bulk"
	"github.com/klauspost/compress/zstd"
)

// warcFlags are the flags of jt warc beyond the extraction ones.
type warcFlags struct {
	out, manifest, stats, dedup, oversize, compress string
	workers, rank, world                            int
	maxRecord                                       int64
	strict, quiet                                   bool
}

func runWARC(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("warc", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var ef extractFlags
	ef.register(fs)
	var wf warcFlags
	fs.StringVar(&wf.out, "o", "", "output `DIR`: one <input>.jsonl.zst per input, written under a temporary name, renamed when complete, with a <input>.done marker holding its stats; inputs already done are skipped (so a killed task can be re-run). Without -o, everything goes to stdout")
	fs.StringVar(&wf.manifest, "manifest", "", "read input paths from `FILE`, one per line (- for stdin), after those given as arguments")
	fs.StringVar(&wf.stats, "stats", "", "write the run's counts as JSON to `FILE`")
	fs.StringVar(&wf.dedup, "dedup", "", "drop exact duplicates seen before in this run: doc (whole texts) or paragraph (paragraphs)")
	fs.StringVar(&wf.oversize, "oversize", "truncate", "records over --max-record-bytes: truncate (extract the first part) or skip (count them)")
	fs.StringVar(&wf.compress, "compress", "", "stdout compression: zstd or none (default none; with -o, always zstd)")
	fs.IntVar(&wf.workers, "j", runtime.NumCPU(), "extraction workers")
	fs.Int64Var(&wf.maxRecord, "max-record-bytes", 10<<20, "most bytes of a record (and of its decoded body) kept")
	fs.IntVar(&wf.rank, "rank", -1, "this task's index among --world-size tasks: it takes inputs i with i % world-size == rank (default: SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX, else 0)")
	fs.IntVar(&wf.world, "world-size", -1, "number of tasks sharing the inputs (default: SLURM_ARRAY_TASK_COUNT, else 1)")
	fs.BoolVar(&wf.strict, "strict", false, "stop reading an input at its first damaged record (default: report it with its offset and go on with the next record)")
	fs.BoolVar(&wf.quiet, "quiet", false, "no progress line on a terminal")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `Usage: jt warc [flags] [INPUT...] [--manifest FILE]

Extracts the main text of every HTML response in WARC files (plain, .gz or
.zst; "-" is stdin) on all cores and writes one JSON line per document:
url, warc_record_id, warc_date, status, content_type, charset, title, text,
algo and counts. Every record is accounted for at the end (and in --stats):
read = written + skipped (by reason) + failed (by reason). Damaged records are
reported with file and offset. The exit status is 0 when the task completed,
even with failed records, 1 when an input could not be processed, 2 for a
usage error.

Flags:
`)
		fs.PrintDefaults()
	}
	inputs, err := parseArgs(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if wf.manifest != "" {
		more, err := readManifest(wf.manifest, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "jt warc: manifest: %v\n", err)
			return 2
		}
		inputs = append(inputs, more...)
	}
	if len(inputs) == 0 {
		fmt.Fprintln(stderr, "jt warc: no inputs (give files or --manifest)")
		return 2
	}
	rank, world, err := shard(wf.rank, wf.world, os.Getenv)
	if err != nil {
		fmt.Fprintf(stderr, "jt warc: %v\n", err)
		return 2
	}
	var mine []string
	for i, in := range inputs {
		if i%world == rank {
			mine = append(mine, in)
		}
	}
	if wf.oversize != "truncate" && wf.oversize != "skip" {
		fmt.Fprintf(stderr, "jt warc: --oversize %q: want truncate or skip\n", wf.oversize)
		return 2
	}
	opts, err := ef.options()
	if err != nil {
		fmt.Fprintf(stderr, "jt warc: %v\n", err)
		return 2
	}
	if _, err := jt.New(opts...); err != nil {
		fmt.Fprintf(stderr, "jt warc: %v\n", err)
		return 2
	}
	prog := newProgress(stderr, wf.quiet, mine)
	p, err := bulk.New(bulk.Config{
		Workers: wf.workers, MaxRecordBytes: wf.maxRecord, SkipOversize: wf.oversize == "skip",
		Dedup: wf.dedup, Strict: wf.strict,
		NewExtractor: func() (*jt.Extractor, error) { return jt.New(opts...) },
		OnError:      func(err error) { prog.clear(); fmt.Fprintf(stderr, "jt warc: %v\n", err) },
	})
	if err != nil {
		fmt.Fprintf(stderr, "jt warc: %v\n", err)
		return 2
	}
	var total bulk.Stats
	status := 0
	for _, in := range mine {
		var st bulk.Stats
		var err error
		if wf.out == "" {
			st, err = runToStdout(ctx, p, in, stdin, stdout, wf.compress == "zstd", prog)
		} else {
			st, err = runToDir(ctx, p, in, stdin, wf.out, prog)
		}
		total.Add(st)
		if err != nil {
			prog.clear()
			fmt.Fprintf(stderr, "jt warc: %s: %v\n", in, err)
			status = 1
			if errors.Is(err, errOutput) || ctx.Err() != nil {
				break
			}
		}
	}
	prog.clear()
	summary, _ := json.Marshal(total)
	fmt.Fprintf(stderr, "jt warc: %s\n", summary)
	if !total.Balanced() {
		fmt.Fprintln(stderr, "jt warc: internal error: the counts do not add up")
		status = 1
	}
	if wf.stats != "" {
		if err := os.WriteFile(wf.stats, append(summary, '\n'), 0o644); err != nil {
			fmt.Fprintf(stderr, "jt warc: --stats: %v\n", err)
			status = 1
		}
	}
	return status
}

// errOutput marks a failure to write output, which ends the task.
var errOutput = errors.New("output failed")

func readManifest(name string, stdin io.Reader) ([]string, error) {
	var r io.Reader = stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	var out []string
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out, sc.Err()
}

// shard resolves the task's rank and world size from the flags, then
// Slurm's array variables, then a Kubernetes Indexed Job's index.
func shard(rank, world int, getenv func(string) string) (int, int, error) {
	env := func(name string) int {
		v, err := strconv.Atoi(getenv(name))
		if err != nil {
			return -1
		}
		return v
	}
	if rank < 0 {
		if rank = env("SLURM_ARRAY_TASK_ID"); rank < 0 {
			rank = env("JOB_COMPLETION_INDEX")
		}
	}
	if world < 0 {
		world = env("SLURM_ARRAY_TASK_COUNT")
	}
	if rank < 0 {
		rank = 0
	}
	if world < 1 {
		if rank > 0 {
			return 0, 0, fmt.Errorf("rank %d without a world size (give --world-size)", rank)
		}
		world = 1
	}
	if rank >= world {
		return 0, 0, fmt.Errorf("rank %d is not below the world size %d", rank, world)
	}
	return rank, world, nil
}

func openWARC(name string, stdin io.Reader) (io.ReadCloser, int64, error) {
	if name == "-" {
		return io.NopCloser(stdin), 0, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, 0, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, fi.Size(), nil
}

func runToStdout(ctx context.Context, p *bulk.Processor, name string, stdin io.Reader, stdout io.Writer, compress bool, prog *progress) (bulk.Stats, error) {
	in, size, err := openWARC(name, stdin)
	if err != nil {
		return bulk.Stats{}, err
	}
	defer in.Close()
	w := bufio.NewWriterSize(stdout, 1<<16)
	var out io.Writer = w
	var zw *zstd.Encoder
	if compress {
		if zw, err = zstd.NewWriter(w); err != nil {
			return bulk.Stats{}, err
		}
		out = zw
	}
	st, err := p.Run(ctx, name, prog.track(in, size), out)
	if zw != nil {
		if cerr := zw.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("%w: %w", errOutput, cerr)
		}
	}
	if ferr := w.Flush(); err == nil && ferr != nil {
		err = fmt.Errorf("%w: %w", errOutput, ferr)
	}
	return st, err
}

// runToDir writes one input's output under dir as <base>.jsonl.zst, through
// a temporary file renamed when complete, then a .done marker with the
// stats. An input whose marker exists is skipped.
func runToDir(ctx context.Context, p *bulk.Processor, name string, stdin io.Reader, dir string, prog *progress) (bulk.Stats, error) {
	base := filepath.Base(name)
	for _, ext := range []string{".gz", ".zst", ".warc"} {
		base = strings.TrimSuffix(base, ext)
	}
	final := filepath.Join(dir, base+".jsonl.zst")
	marker := filepath.Join(dir, base+".done")
	if _, err := os.Stat(marker); err == nil {
		prog.skip(name)
		return bulk.Stats{}, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return bulk.Stats{}, fmt.Errorf("%w: %w", errOutput, err)
	}
	in, size, err := openWARC(name, stdin)
	if err != nil {
		return bulk.Stats{}, err
	}
	defer in.Close()
	// A task killed before finishing this input left its temporary file.
	if stale, _ := filepath.Glob(filepath.Join(dir, base+".*.tmp")); len(stale) > 0 {
		for _, f := range stale {
			os.Remove(f)
		}
	}
	tmp, err := os.CreateTemp(dir, base+".*.tmp")
	if err != nil {
		return bulk.Stats{}, fmt.Errorf("%w: %w", errOutput, err)
	}
	defer os.Remove(tmp.Name())
	w := bufio.NewWriterSize(tmp, 1<<16)
	zw, err := zstd.NewWriter(w)
	if err != nil {
		tmp.Close()
		return bulk.Stats{}, err
	}
	st, err := p.Run(ctx, name, prog.track(in, size), zw)
	for _, step := range []func() error{zw.Close, w.Flush, tmp.Sync, tmp.Close} {
		if serr := step(); err == nil && serr != nil {
			err = fmt.Errorf("%w: %w", errOutput, serr)
		}
	}
	if err != nil {
		return st, err
	}
	if err := os.Rename(tmp.Name(), final); err != nil {
		return st, fmt.Errorf("%w: %w", errOutput, err)
	}
	doc, _ := json.Marshal(st)
	if err := os.WriteFile(marker, append(doc, '\n'), 0o644); err != nil {
		return st, fmt.Errorf("%w: %w", errOutput, err)
	}
	return st, nil
}

// progress prints a live line on a terminal: inputs, MB read, MB/s and an
// ETA by bytes; it prints nothing when stderr is not a terminal or with
// --quiet.
type progress struct {
	mu         sync.Mutex // add runs on the reading goroutine, clear on others
	w          io.Writer
	on         bool
	total      int64
	read       atomic.Int64
	start      time.Time
	last       time.Time
	done, all  int
	lineLength int
}

func newProgress(w io.Writer, quiet bool, inputs []string) *progress {
	p := &progress{w: w, start: time.Now(), all: len(inputs)}
	if f, ok := w.(*os.File); ok && !quiet {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			p.on = true
		}
	}
	if p.on {
		for _, in := range inputs {
			if fi, err := os.Stat(in); err == nil {
				p.total += fi.Size()
			}
		}
	}
	return p
}

type trackedReader struct {
	r io.Reader
	p *progress
}

func (t trackedReader) Read(b []byte) (int, error) {
	n, err := t.r.Read(b)
	t.p.add(int64(n))
	return n, err
}

func (p *progress) track(r io.Reader, _ int64) io.Reader {
	p.done++
	if !p.on {
		return r
	}
	return trackedReader{r, p}
}

func (p *progress) skip(string) { p.done++ }

func (p *progress) add(n int64) {
	read := p.read.Add(n)
	p.mu.Lock()
	defer p.mu.Unlock()
	if now := time.Now(); now.Sub(p.last) > 250*time.Millisecond {
		p.last = now
		secs := now.Sub(p.start).Seconds()
		rate := float64(read) / secs / 1e6
		eta := "?"
		if rate > 0 && p.total > read {
			eta = time.Duration(float64(p.total-read) / (rate * 1e6) * float64(time.Second)).Round(time.Second).String()
		}
		line := fmt.Sprintf("\rinput %d/%d  %.0f MB read  %.1f MB/s  ETA %s", p.done, p.all, float64(read)/1e6, rate, eta)
		p.lineLength = len(line)
		fmt.Fprint(p.w, line)
	}
}

func (p *progress) clear() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.on && p.lineLength > 0 {
		fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", p.lineLength))
		p.lineLength = 0
	}
}
