// Package bulk turns WARC archives into clean text on every core. A
// reading goroutine cuts the input into jobs, a pool of workers (one
// Extractor each) decompresses and extracts them, and the results are
// written in input order as JSON Lines, so the output bytes are the same
// whatever the number of workers. Queues are bounded, so memory depends on
// the configuration, not on the input. Every record is accounted for:
// written, skipped with a reason, or failed with a reason (Stats). The
// documents are the HTML payloads of response records and HTML resource
// records (which hold a document without an HTTP header). ARC files, the
// format of older crawls, are read too (see warc.Reader.Next).
//
// An input that is not a WARC or ARC file at all (HTML, random bytes, a
// ".gz" that is not gzip, an empty file) or cannot be read fails as a
// whole: Run returns an error, and a caller counts it with
// Stats.CountInput. Damaged records inside a real WARC are counted and
// reading goes on.
//
// A gzip WARC written one member per record, as Common Crawl writes them,
// is cut into members without decompressing it (warc.Splitter), so that
// decompression runs on the workers too; other inputs are decompressed by
// the reading goroutine.
package bulk

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/remote"
	"github.com/jtextract/jt/render"
	"github.com/jtextract/jt/warc"
	"github.com/klauspost/compress/gzip"
)

// DefaultMaxRecordBytes is the default of Config.MaxRecordBytes.
const DefaultMaxRecordBytes = 10 << 20

// Config configures a Processor.
type Config struct {
	Workers        int                                                           // extraction goroutines; < 1 means 1
	MaxRecordBytes int64                                                         // most bytes of a record (and of its decoded body) kept; <= 0 means DefaultMaxRecordBytes
	SkipOversize   bool                                                          // skip records over MaxRecordBytes instead of extracting their first part
	Dedup          string                                                        // DedupNone, DedupDocument or DedupParagraph
	Strict         bool                                                          // stop reading an input at its first damaged record
	Zstd           bool                                                          // RunFile compresses its outputs (.jsonl.zst)
	NewExtractor   func() (*jt.Extractor, error)                                 // makes one Extractor per worker; required
	Open           func(ctx context.Context, name string) (io.ReadCloser, error) // opens RunFile's inputs (ctx bounds the whole read); nil means OpenFile
	OnError        func(error)                                                   // told about every damaged or failed record, in input order; may be nil
	// ClaimStale is how old a claim on an input (see RunFile) must be, its
	// holder not having refreshed it, before another task takes it over;
	// <= 0 means DefaultClaimStale.
	ClaimStale time.Duration
	// Content is the form of each record's text (render.Text, the zero
	// value, Markdown or HTML), rendered with Render's options. Its
	// structure needs an Extractor made WithStructure(true). With
	// DedupParagraph the text is the kept paragraphs, one per line, so
	// only render.Text is accepted with it.
	Content render.Format
	Render  render.Options
	// Metadata adds each page's metadata to its record; NewExtractor must
	// then make Extractors WithMetadata(true).
	Metadata bool
}

// Processor runs the pipeline on one input at a time. It keeps the dedup
// hashes across the inputs of a run, so it must not run inputs
// concurrently.
type Processor struct {
	cfg  Config
	seen seenSet
}

// New returns a Processor, or an error for an invalid Config.
func New(cfg Config) (*Processor, error) {
	if cfg.NewExtractor == nil {
		return nil, errors.New("bulk: Config.NewExtractor is required")
	}
	switch cfg.Dedup {
	case DedupNone, DedupDocument, DedupParagraph:
	default:
		return nil, fmt.Errorf("bulk: unknown dedup mode %q (doc or paragraph)", cfg.Dedup)
	}
	if cfg.Dedup == DedupParagraph && cfg.Content != render.Text {
		return nil, fmt.Errorf("bulk: paragraph dedup writes the kept paragraphs one per line, so the content must be text, not %v", cfg.Content)
	}
	if cfg.Workers < 1 {
		cfg.Workers = 1
	}
	if cfg.MaxRecordBytes <= 0 {
		cfg.MaxRecordBytes = DefaultMaxRecordBytes
	}
	if cfg.Open == nil {
		cfg.Open = func(_ context.Context, name string) (io.ReadCloser, error) { return OpenFile(name) }
	}
	if cfg.ClaimStale <= 0 {
		cfg.ClaimStale = DefaultClaimStale
	}
	return &Processor{cfg: cfg, seen: seenSet{}}, nil
}

// errIsDir is the error of OpenFile for a directory.
var errIsDir = errors.New("is a directory (name the files in it, e.g. DIR/*.warc.gz)")

// OpenFile opens a local input file, as Config.Open does by default. A
// directory is an error: read as a stream, it would look like an empty
// input.
func OpenFile(name string) (io.ReadCloser, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: name, Err: errIsDir}
	}
	return f, nil
}

// job is a unit of input handed to a worker: either the raw bytes of gzip
// members (chunk) or one record the reader already decoded. A damaged
// record (err) or one that is not a response (skip) travels too, so that
// it is accounted for in order with the rest.
type job struct {
	seq      int64
	chunk    []byte
	chunkOff int64 // input offset of chunk
	last     bool  // chunk is the input's last
	rec      record
	weight   int // tokens the job holds in the window (see weigh)
}

// record is what a worker needs of a WARC record, copied out of the Reader.
type record struct {
	url, id, date string
	content       []byte
	truncated     bool
	// resource: content is the document itself (a resource record), of
	// contentType, rather than an HTTP response.
	resource    bool
	contentType string
	skip        string
	err         error
}

// batch is what a worker made of a job: one result per record.
type batch struct {
	job
	res []result
	// incomplete: the chunk ended inside a gzip member, so its start was not
	// a member boundary after all; it is decoded again joined to the next.
	incomplete bool
}

// result is the outcome of one record.
type result struct {
	doc   *Document
	paras []string // the kept paragraphs, for paragraph dedup
	skip  string
	fail  string
	err   error
}

// Run reads the WARC records of in (named name in errors), extracts the
// HTML responses (and HTML resource records) and writes one JSON line per
// kept document to out, in input order. It returns the input's stats; the
// error is non-nil only when the input could not be processed to its end:
// ctx done, the output failing
// (wrapping ErrOutput), the input not being a WARC or ARC file (wrapping
// warc.ErrNotWARC) or failing to read, or a worker's Extractor not being
// made. Damaged records are counted and given to OnError, not returned.
func (p *Processor) Run(ctx context.Context, name string, in io.Reader, out io.Writer) (Stats, error) {
	var st Stats
	ws := make([]*worker, p.cfg.Workers+1) // the last one merges chunks
	for i := range ws {
		w, err := p.newWorker(name)
		if err != nil {
			return st, err
		}
		ws[i] = w
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan job, 2*p.cfg.Workers)
	batches := make(chan batch, 2*p.cfg.Workers)
	var wg sync.WaitGroup
	for _, w := range ws[:p.cfg.Workers] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				select {
				case batches <- w.do(ctx, j):
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	// window holds tokens for every job read and not yet written: queued,
	// being processed, or done and waiting for an earlier one. It bounds the
	// jobs in memory even when one record takes long and the other workers
	// race ahead of it; 16 per worker keep them busy meanwhile (with 4, the
	// workers at -j 2 waited 10% of the time on a loaded machine). A job
	// takes a token per windowUnit of its bytes (see weigh), so the window
	// also bounds the bytes in flight.
	window := make(chan struct{}, 16*p.cfg.Workers)
	// Chunk buffers go back to the reader once written, sparing the
	// garbage collector; the window bounds how many are in use, and
	// maxFreeChunk how large a recycled one may be.
	free := make(chan []byte, 16*p.cfg.Workers+2)
	src := &source{r: in}
	readErr := make(chan error, 1)
	go func() {
		defer close(jobs)
		readErr <- p.read(ctx, name, src, jobs, window, free)
	}()
	go func() {
		wg.Wait()
		close(batches)
	}()

	c := collector{p: p, st: &st, merger: ws[len(ws)-1], enc: json.NewEncoder(out), pending: map[int64]batch{}, window: window, free: free}
	c.enc.SetEscapeHTML(false)
	for b := range batches {
		if c.err == nil {
			if c.err = c.add(ctx, b); c.err != nil {
				cancel()
			}
		}
	}
	st.Bytes = src.n
	if r, ok := in.(interface{ Retries() int64 }); ok {
		st.Retries = r.Retries()
	}
	if c.err != nil {
		return st, fmt.Errorf("%w: %w", ErrOutput, c.err)
	}
	if err := <-readErr; errors.Is(err, remote.ErrFetch) {
		return st, err // it names the input and the offset
	} else if err != nil {
		return st, fmt.Errorf("bulk: reading %s: %w", name, err)
	}
	return st, ctx.Err()
}

// source counts the bytes read from an input and keeps its first read
// error: a warc.Reader reports a read error as a damaged record, but an
// input that could not be read to its end must fail as a whole rather
// than look complete.
type source struct {
	r   io.Reader
	n   int64
	err error
}

func (s *source) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	s.n += int64(n)
	if err != nil && err != io.EOF && s.err == nil {
		s.err = err
	}
	return n, err
}

// read cuts the input into jobs until it ends or ctx is done: gzip
// members while the input splits into them, records otherwise.
func (p *Processor) read(ctx context.Context, name string, in *source, jobs chan<- job, window chan<- struct{}, free <-chan []byte) error {
	err := p.cut(ctx, name, in, jobs, window, free)
	if in.err != nil && !errors.Is(err, context.Canceled) {
		return in.err
	}
	return err
}

func (p *Processor) cut(ctx context.Context, name string, in *source, jobs chan<- job, window chan<- struct{}, free <-chan []byte) error {
	br := bufio.NewReaderSize(in, 1<<16)
	var seq int64
	send := func(j job) error {
		j.seq = seq
		seq++
		j.weight = weigh(len(j.chunk)+len(j.rec.content), cap(window))
		for range j.weight {
			select {
			case window <- struct{}{}:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		select {
		case jobs <- j:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	rest := io.Reader(br)
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b && gzipHoldsWARC(br) {
		sp := warc.NewSplitter(br, p.maxChunk())
		for {
			var buf []byte
			select {
			case buf = <-free:
			default:
			}
			chunk, off, err := sp.Next(buf)
			if err == io.EOF {
				return nil
			}
			if errors.Is(err, warc.ErrTooLarge) {
				rest = sp.Rest() // one huge member: decode the rest here
				break
			}
			if err != nil {
				return err
			}
			last := sp.AtEOF()
			if err := send(job{chunk: chunk, chunkOff: off, last: last}); err != nil {
				return err
			}
			if last {
				return nil
			}
		}
	}
	rd, err := warc.NewReader(rest, p.readerOptions(name)...)
	if err != nil {
		return err
	}
	defer rd.Close()
	whole := seq == 0 // rd reads the input from its start
	err = eachRecord(rd, whole, func(rec record) error {
		if rec.err != nil && in.err != nil {
			return in.err // not a damaged record: the input failed
		}
		rec.content = append([]byte(nil), rec.content...) // the Reader reuses its buffer
		return send(job{rec: rec})
	})
	if errors.Is(err, warc.ErrNotWARC) {
		err = fmt.Errorf("%w%s", err, nameHint(name, rd.Compression()))
	}
	return err
}

// windowUnit is the bytes of input a window token stands for: the
// members of nine pages in ten fit in one, so the window's depth in jobs
// is that of one token per job for common pages.
const windowUnit = 64 << 10

// weigh returns the tokens a job of n bytes takes in a window of size
// tokens: one per windowUnit begun, at least one, at most the whole
// window (such a job waits for the window to empty). A window of 16 tokens
// per worker thus holds at most 1 MiB of input per worker besides one
// larger job, rather than 16 jobs of up to --max-record-bytes each.
func weigh(n, size int) int {
	return min(max(1, (n+windowUnit-1)/windowUnit), size)
}

// gzipHoldsWARC reports whether the gzip input br starts with a WARC
// record once decompressed: only then is it cut into members for the
// workers. Anything else (an ARC file, not a WARC at all, nothing) is read
// as a stream, whose Reader tells which. A start that does not decompress
// counts as a WARC, so that its first member is counted as damaged and the
// members after it are still read.
func gzipHoldsWARC(br *bufio.Reader) bool {
	prefix, _ := br.Peek(br.Size())
	zr, err := gzip.NewReader(bytes.NewReader(prefix))
	if err != nil {
		return true
	}
	var start [5]byte
	n, err := io.ReadFull(zr, start[:])
	if n == len(start) {
		if string(start[:]) == "WARC/" {
			return true
		}
		// Corrupt data can decode to a few wrong bytes before failing:
		// decode on through the prefix to tell.
		_, err = io.Copy(io.Discard, zr)
	}
	return err != nil && err != io.EOF && err != io.ErrUnexpectedEOF
}

// nameHint notes a file name whose extension promises a compression the
// input does not have, a likely reason for it not being a WARC file.
func nameHint(name string, comp warc.Compression) string {
	switch {
	case strings.HasSuffix(name, ".gz") && comp != warc.Gzip:
		return " (named .gz, but not gzip-compressed)"
	case strings.HasSuffix(name, ".zst") && comp != warc.Zstd:
		return " (named .zst, but not zstd-compressed)"
	}
	return ""
}

// maxChunk bounds the gzip members handed to workers whole: a member that
// large holds a record over MaxRecordBytes, and streams instead.
func (p *Processor) maxChunk() int { return int(min(p.cfg.MaxRecordBytes, 1<<30)) + 1<<16 }

func (p *Processor) readerOptions(name string) []warc.Option {
	return []warc.Option{warc.WithName(name), warc.WithMaxRecordBytes(p.cfg.MaxRecordBytes), warc.WithStrict(p.cfg.Strict)}
}

// eachRecord calls f with every record of rd, damaged ones included, until
// the input ends, a final error repeats, or f fails. The content f is given
// is valid until f returns. whole says that rd reads an input from its
// start (not a chunk of it): an input that is then empty or not a WARC
// file is an error, since there is no record to count it as.
func eachRecord(rd *warc.Reader, whole bool, f func(record) error) error {
	var last error
	for first := whole; ; first = false {
		rec, err := rd.Next()
		var re *warc.RecordError
		switch {
		case err == io.EOF && first && rd.InputOffset() == 0:
			return fmt.Errorf("%w: it is empty", warc.ErrNotWARC)
		case err == io.EOF && first:
			return fmt.Errorf("%w: its %s content is empty", warc.ErrNotWARC, rd.Compression())
		case err == io.EOF:
			return nil
		case err != nil && !errors.As(err, &re):
			return err
		case first && errors.Is(err, warc.ErrNotWARC):
			return re.Err // the offset, 0, says nothing
		case err != nil && err == last:
			return nil // a final error repeats: the input ends with it
		}
		var r record
		if err != nil {
			last, r.err = err, err
		} else if typ := rec.Type(); typ != "response" && typ != "resource" {
			r.skip = SkipNotResponse
		} else {
			// WARC/1.0 writers (wget among them) put the URI in angle brackets.
			r.url = strings.TrimSuffix(strings.TrimPrefix(rec.Header.Get("WARC-Target-URI"), "<"), ">")
			r.id = rec.Header.Get("WARC-Record-ID")
			r.date = rec.Header.Get("WARC-Date")
			r.content = rec.Content
			r.truncated = rec.Truncated
			if typ == "resource" {
				r.resource, r.contentType = true, rec.Header.Get("Content-Type")
			}
		}
		if err := f(r); err != nil {
			return err
		}
	}
}

// maxFreeChunk is the largest chunk buffer given back to the reader for
// reuse. A buffer keeps the capacity of the largest chunk it ever held, so
// recycling the buffers of the few large members (a page of megabytes
// compresses to hundreds of kilobytes) would have every buffer in rotation
// grow to that size; 128 KiB holds the members of nine pages in ten.
const maxFreeChunk = 128 << 10

// collector puts batches back in input order, merges chunks that were cut
// inside a member, counts every result and writes the documents.
type collector struct {
	p       *Processor
	st      *Stats
	merger  *worker
	enc     *json.Encoder
	pending map[int64]batch
	next    int64
	carry   *batch          // an incomplete chunk waiting for the next one
	window  <-chan struct{} // tokens of the jobs read and not yet written
	free    chan<- []byte
	err     error
}

func (c *collector) add(ctx context.Context, b batch) error {
	c.pending[b.seq] = b
	for {
		b, ok := c.pending[c.next]
		if !ok {
			return nil
		}
		delete(c.pending, c.next)
		c.next++
		for range b.weight {
			<-c.window
		}
		if c.carry != nil {
			// Decode the two chunks as one; a worker gave up on each alone.
			j := c.carry.job
			j.chunk = append(j.chunk, b.chunk...)
			j.last = b.last
			c.carry = nil
			b = c.merger.do(ctx, j)
		}
		if b.incomplete && len(b.chunk) <= c.p.maxChunk() {
			c.carry = &b
			continue
		}
		for _, r := range b.res {
			if err := c.account(r); err != nil {
				return err
			}
		}
		if b.chunk != nil && cap(b.chunk) <= maxFreeChunk {
			select {
			case c.free <- b.chunk:
			default:
			}
		}
	}
}

// account counts one result and writes its document.
func (c *collector) account(r result) error {
	st, p := c.st, c.p
	st.Read++
	switch {
	case r.fail != "":
		st.fail(r.fail, 1)
		if p.cfg.OnError != nil && r.err != nil {
			p.cfg.OnError(r.err)
		}
		return nil
	case r.skip != "":
		st.skip(r.skip, 1)
		return nil
	}
	switch p.cfg.Dedup {
	case DedupDocument:
		if !p.seen.add(r.doc.Text) {
			st.skip(SkipDuplicate, 1)
			return nil
		}
	case DedupParagraph:
		var kept []string
		r.doc.CharsKept = 0
		for _, para := range r.paras {
			if p.seen.add(para) {
				kept = append(kept, para)
				r.doc.CharsKept += utf8.RuneCountInString(para)
			}
		}
		if len(kept) == 0 {
			st.skip(SkipDuplicate, 1)
			return nil
		}
		r.doc.Text = strings.Join(kept, "\n")
		r.doc.ParagraphsKept = len(kept)
	}
	if err := c.enc.Encode(r.doc); err != nil {
		return err
	}
	st.Written++
	return nil
}
