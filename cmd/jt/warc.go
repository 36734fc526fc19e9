package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/bulk"
	"github.com/jtextract/jt/remote"
	"github.com/klauspost/compress/zstd"
	"golang.org/x/term"
)

// warcFlags are the flags of jt warc beyond the extraction ones.
type warcFlags struct {
	out, manifest, stats, dedup, oversize, compress string
	workers, rank, world                            int
	maxRecord                                       int64
	strict, quiet, metadata                         bool

	prefix, s3Endpoint                 string
	retries                            int
	retryWait, readTimeout, claimStale time.Duration
	s3PathStyle                        bool
}

func runWARC(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("warc", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var ef extractFlags
	ef.register(fs)
	var wf warcFlags
	var of outputFlags
	of.register(fs)
	fs.BoolVar(&wf.metadata, "metadata", false, "add each page's metadata to its record (title, author, dates, site, canonical URL, language, image, categories, tags, page type), read from the page and its WARC target URI")
	fs.StringVar(&wf.out, "o", "", "output `DIR`: one <input>.jsonl.zst (or .jsonl with --compress none) per input, written under a temporary name, renamed when complete, with a <input>.done marker holding its stats; inputs already done are skipped (so a killed task can be re-run). Without -o, everything goes to stdout")
	fs.StringVar(&wf.manifest, "manifest", "", "read inputs from `FILE` (a path or URL; - for stdin), one per line, plain or gzip (as Common Crawl's warc.paths.gz), after those given as arguments")
	fs.StringVar(&wf.prefix, "prefix", "", "put the manifest's relative paths under `URL` (e.g. https://data.commoncrawl.org/) or directory")
	fs.IntVar(&wf.retries, "retries", remote.DefaultRetries, "failed attempts in a row to read a remote input that are retried (resuming where the read stopped) before it fails")
	wf.retryWait, wf.readTimeout, wf.claimStale = remote.DefaultRetryWait, remote.DefaultReadTimeout, bulk.DefaultClaimStale
	fs.Var((*durationFlag)(&wf.retryWait), "retry-wait", "wait before the first retry of a remote input, doubled for each further one up to a minute")
	fs.Var((*durationFlag)(&wf.readTimeout), "read-timeout", "a remote input that sends nothing for this long counts as a dropped connection")
	fs.StringVar(&wf.s3Endpoint, "s3-endpoint", "", "S3 endpoint `URL` for s3:// inputs, for S3-compatible stores (default: AWS, or AWS_ENDPOINT_URL)")
	fs.BoolVar(&wf.s3PathStyle, "s3-path-style", false, "address S3 buckets as endpoint/bucket/key, as most S3-compatible stores need")
	fs.Var((*durationFlag)(&wf.claimStale), "claim-stale", "with -o, take over another task's claim on an input when it has not been refreshed for this long (a live task refreshes it every quarter of that; a dead task's claim on this host is taken over at once)")
	fs.StringVar(&wf.stats, "stats", "", "write the run's counts as JSON to `FILE` (its folder is made if missing)")
	fs.StringVar(&wf.dedup, "dedup", "", "drop exact duplicates seen before in this run: doc (whole texts) or paragraph (paragraphs: the text is then the kept paragraphs, one per line, and --content must be text)")
	fs.StringVar(&wf.oversize, "oversize", "truncate", "records over --max-record-bytes: truncate (extract the first part) or skip (count them)")
	fs.StringVar(&wf.compress, "compress", "", "output compression: zstd or none (default: zstd with -o, none on stdout)")
	fs.IntVar(&wf.workers, "j", runtime.NumCPU(), "extraction workers (the Go runtime's soft memory limit is 24 MiB plus a --max-record-bytes per worker, with GOGC=400, unless GOMEMLIMIT is set)")
	fs.Int64Var(&wf.maxRecord, "max-record-bytes", 10<<20, "most bytes of a record (and of its decoded body) kept")
	fs.IntVar(&wf.rank, "rank", -1, "this task's index among --world-size tasks: it takes inputs i with i % world-size == rank (default: SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX, else 0)")
	fs.IntVar(&wf.world, "world-size", -1, "number of tasks sharing the inputs (default: SLURM_ARRAY_TASK_COUNT, else 1)")
	fs.BoolVar(&wf.strict, "strict", false, "stop reading an input at its first damaged record (default: report it with its offset and go on with the next record)")
	fs.BoolVar(&wf.quiet, "quiet", false, "no progress line on a terminal")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `Usage: jt warc [flags] [INPUT...] [--manifest FILE]

Extracts the main text of every HTML response (and HTML resource record) in
WARC files (plain, .gz or .zst; "-" is stdin; ARC files of older crawls too)
on all cores and writes one JSON line per document: url, warc_record_id,
warc_date, status, content_type, charset, title, text, algo and counts. Every
record is accounted for at the end (and in --stats): read = written + skipped
(by reason) + failed (by reason), and so is every input: inputs (done) +
inputs_claimed_elsewhere + inputs_failed (by reason). Damaged records are
reported with file and offset and reading goes on. An input that is not a
WARC file at all (HTML, a .gz that is not gzip, an empty file), a directory,
or one that cannot be read fails as a whole and the others are still
processed. The exit status is 0 when every input was processed, even with
failed records, 1 when an input failed, 2 for a usage error.

Inputs and the manifest may be http://, https:// or s3://bucket/key URLs,
streamed: a dropped connection, a 5xx or a silence of --read-timeout is
retried (--retries) and resumed with a Range request where it stopped, and
every failure is reported with the URL and byte offset. S3 credentials come
from the standard AWS chain.

With -o, several tasks may share the output directory and the inputs
(ranks of a job array, a retried task, two jobs): each input is claimed
with a file <name>.claim.N before it is processed, so it is processed
once; a task skips inputs done or claimed by a live task.

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
	if err := wf.validate(); err != nil {
		fmt.Fprintf(stderr, "jt warc: %v\n", err)
		return 2
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(memoryLimit(wf.workers, wf.maxRecord)))
		if os.Getenv("GOGC") == "" {
			defer debug.SetGCPercent(debug.SetGCPercent(gcPercent))
		}
	}
	var prog *progress // made once the inputs are known
	opener, err := remote.New(remote.Options{Retries: wf.retries, RetryWait: wf.retryWait, ReadTimeout: wf.readTimeout,
		S3Endpoint: wf.s3Endpoint, S3PathStyle: wf.s3PathStyle,
		OnRetry: func(e *remote.Error) {
			if prog != nil {
				prog.clear()
			}
			fmt.Fprintf(stderr, "jt warc: %v\n", e)
		}})
	if err != nil {
		fmt.Fprintf(stderr, "jt warc: %v\n", err)
		return 2
	}
	if wf.manifest != "" {
		more, err := readManifest(ctx, wf.manifest, wf.prefix, stdin, opener)
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
	mine, err := bulk.Shard(inputs, rank, world)
	if err != nil {
		fmt.Fprintf(stderr, "jt warc: %v\n", err)
		return 2
	}
	if wf.out != "" {
		// Every task checks the whole list, so all agree on the names.
		if err := bulk.CheckOutputNames(inputs); err != nil {
			fmt.Fprintf(stderr, "jt warc: %v\n", err)
			return 2
		}
	}
	switch wf.compress {
	case "":
		wf.compress = "none"
		if wf.out != "" {
			wf.compress = "zstd"
		}
	case "zstd", "none":
	default:
		fmt.Fprintf(stderr, "jt warc: --compress %q: want zstd or none\n", wf.compress)
		return 2
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
	content, ropts, err := of.parse()
	if err != nil {
		fmt.Fprintf(stderr, "jt warc: %v\n", err)
		return 2
	}
	opts = append(opts, jt.WithStructure(true), jt.WithMetadata(wf.metadata))
	if _, err := jt.New(opts...); err != nil {
		fmt.Fprintf(stderr, "jt warc: %v\n", err)
		return 2
	}
	prog = newProgress(stderr, wf.quiet, mine)
	p, err := bulk.New(bulk.Config{
		Workers: wf.workers, MaxRecordBytes: wf.maxRecord, SkipOversize: wf.oversize == "skip",
		Dedup: wf.dedup, Strict: wf.strict, Zstd: wf.compress == "zstd",
		NewExtractor: func() (*jt.Extractor, error) { return jt.New(opts...) },
		ClaimStale:   wf.claimStale,
		Content:      content, Render: ropts, Metadata: wf.metadata,
		Open: func(ctx context.Context, name string) (io.ReadCloser, error) {
			in, err := openWARC(ctx, name, stdin, opener)
			if err != nil {
				return nil, err
			}
			return prog.track(in), nil
		},
		OnError: func(err error) { prog.clear(); fmt.Fprintf(stderr, "jt warc: %v\n", err) },
	})
	if err != nil {
		fmt.Fprintf(stderr, "jt warc: %v\n", err)
		return 2
	}
	var total bulk.Stats
	status := 0
	for i, in := range mine {
		var st bulk.Stats
		var err error
		var done bool
		if wf.out == "" {
			st, err = runToStdout(ctx, p, in, stdin, opener, stdout, wf.compress == "zstd", prog)
		} else if st, done, err = p.RunFile(ctx, in, wf.out); done {
			prog.skip()
		}
		total.Add(st)
		total.CountInput(err)
		if errors.Is(err, bulk.ErrClaimed) {
			prog.skip()
			prog.clear()
			fmt.Fprintf(stderr, "jt warc: %s: %v; left to it\n", in, err)
			continue
		}
		if err != nil {
			prog.clear()
			if errors.Is(err, remote.ErrFetch) {
				fmt.Fprintf(stderr, "jt warc: %v\n", err) // it names the input
			} else {
				fmt.Fprintf(stderr, "jt warc: %s: %v\n", in, err)
			}
			status = 1
			if errors.Is(err, bulk.ErrOutput) || ctx.Err() != nil {
				// Nothing after this can be trusted to complete.
				total.CountStopped(len(mine) - i - 1)
				break
			}
		}
	}
	prog.clear()
	summary, _ := json.Marshal(total)
	fmt.Fprintf(stderr, "jt warc: %s\n", summary)
	if !total.Balanced() || total.InputsCounted() != int64(len(mine)) {
		fmt.Fprintln(stderr, "jt warc: internal error: the counts do not add up")
		status = 1
	}
	if wf.stats != "" {
		// Tasks of a job write theirs into one folder, made by the first.
		err := os.MkdirAll(filepath.Dir(wf.stats), 0o755)
		if err == nil {
			err = os.WriteFile(wf.stats, append(summary, '\n'), 0o644)
		}
		if err != nil {
			fmt.Fprintf(stderr, "jt warc: --stats: %v\n", err)
			status = 1
		}
	}
	return status
}

// memoryBase is the part of jt warc's soft memory limit that does not
// depend on the configuration: the runtime, auto's model, the queues of
// small pages.
const memoryBase = 24 << 20

// memoryLimit is the soft memory limit jt warc gives the Go runtime for
// workers workers and records of at most maxRecord bytes: the base and a
// record's worth per worker. Without it, the garbage collector lets the
// heap grow to twice what was live at its last cycle, and a page of
// megabytes, live for a moment, doubles the process's size; with it, the
// collector runs sooner when the heap nears the limit, which costs nothing
// measurable while pages are small. It is soft: records as large as
// maxRecord on every worker at once exceed it, and the collector then runs
// more often rather than fail.
func memoryLimit(workers int, maxRecord int64) int64 {
	if maxRecord > (math.MaxInt64-memoryBase)/int64(workers) {
		return math.MaxInt64
	}
	return memoryBase + int64(workers)*maxRecord
}

// gcPercent is the GOGC jt warc runs with under its memory limit. With
// the default 100, the few megabytes live while pages are small give the
// collector a goal of a few megabytes, and it ran 105 times on a 196 MB
// WARC at -j 2 (12 times when outsized buffers were kept, which is what
// made their heap larger); at 400 it runs about as often as then, and the
// limit, not the live heap, bounds the heap.
const gcPercent = 400

// validate checks the values of jt warc's own numeric flags.
func (wf *warcFlags) validate() error {
	switch {
	case wf.workers < 1:
		return fmt.Errorf("-j %d: want at least 1 worker", wf.workers)
	case wf.maxRecord < 1:
		return fmt.Errorf("--max-record-bytes %d: want at least 1", wf.maxRecord)
	case wf.rank < -1:
		// -1, the default, means "from the environment".
		return fmt.Errorf("--rank %d: want 0 or more", wf.rank)
	case wf.world == 0 || wf.world < -1:
		return fmt.Errorf("--world-size %d: want 1 or more", wf.world)
	case wf.retries < 0:
		return fmt.Errorf("--retries %d: want 0 or more", wf.retries)
	case wf.retryWait <= 0:
		return fmt.Errorf("--retry-wait %v: want more than 0", wf.retryWait)
	case wf.readTimeout <= 0:
		return fmt.Errorf("--read-timeout %v: want more than 0", wf.readTimeout)
	case wf.claimStale < time.Second:
		return fmt.Errorf("--claim-stale %v: want at least 1s", wf.claimStale)
	}
	return nil
}

// readManifest reads the manifest name (a file, a URL, or - for stdin).
func readManifest(ctx context.Context, name, prefix string, stdin io.Reader, opener *remote.Opener) ([]string, error) {
	in, err := openWARC(ctx, name, stdin, opener)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	return bulk.ReadManifest(in, prefix)
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

// openWARC opens an input: a URL, a file, or "-" for stdin. A directory
// is an error.
func openWARC(ctx context.Context, name string, stdin io.Reader, opener *remote.Opener) (io.ReadCloser, error) {
	switch {
	case name == "-":
		return io.NopCloser(stdin), nil
	case remote.IsURL(name):
		return opener.Open(ctx, name)
	}
	return bulk.OpenFile(name)
}

func runToStdout(ctx context.Context, p *bulk.Processor, name string, stdin io.Reader, opener *remote.Opener, stdout io.Writer, compress bool, prog *progress) (bulk.Stats, error) {
	in, err := openWARC(ctx, name, stdin, opener)
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
	st, err := p.Run(ctx, name, prog.track(in), out)
	if zw != nil {
		if cerr := zw.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("%w: %w", bulk.ErrOutput, cerr)
		}
	}
	if ferr := w.Flush(); err == nil && ferr != nil {
		err = fmt.Errorf("%w: %w", bulk.ErrOutput, ferr)
	}
	return st, err
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
	// A character device is not enough: /dev/null is one.
	if f, ok := w.(*os.File); ok && !quiet && term.IsTerminal(int(f.Fd())) {
		p.on = true
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

// trackedReader reports the bytes read from an input to the progress line.
type trackedReader struct {
	io.ReadCloser
	p *progress
}

func (t trackedReader) Read(b []byte) (int, error) {
	n, err := t.ReadCloser.Read(b)
	t.p.add(int64(n))
	return n, err
}

// Retries passes on a remote input's count of retried reads to bulk.
func (t trackedReader) Retries() int64 {
	if r, ok := t.ReadCloser.(interface{ Retries() int64 }); ok {
		return r.Retries()
	}
	return 0
}

// track counts r as the next input and, on a terminal, its bytes.
func (p *progress) track(r io.ReadCloser) io.ReadCloser {
	p.done++
	if !p.on {
		return r
	}
	return trackedReader{r, p}
}

// skip counts an input completed by an earlier run.
func (p *progress) skip() { p.done++ }

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
