// Package bulk turns WARC archives into clean text on every core. A
// reading goroutine cuts the input into jobs, a pool of workers (one
// Extractor each) decompresses and extracts them, and the results are
// written in input order as JSON Lines, so the output bytes are the same
// whatever the number of workers. Queues are bounded, so memory depends on
// the configuration, not on the input. Every record is accounted for:
// written, skipped with a reason, or failed with a reason (Stats).
//
// A gzip WARC written one member per record, as Common Crawl writes them,
// is cut into members without decompressing it (warc.Splitter), so that
// decompression runs on the workers too; other inputs are decompressed by
// the reading goroutine.
package bulk

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/internal/countio"
	"github.com/jtextract/jt/warc"
)

// DefaultMaxRecordBytes is the default of Config.MaxRecordBytes.
const DefaultMaxRecordBytes = 10 << 20

// Config configures a Processor.
type Config struct {
	Workers        int                                      // extraction goroutines; < 1 means 1
	MaxRecordBytes int64                                    // most bytes of a record (and of its decoded body) kept; <= 0 means DefaultMaxRecordBytes
	SkipOversize   bool                                     // skip records over MaxRecordBytes instead of extracting their first part
	Dedup          string                                   // DedupNone, DedupDocument or DedupParagraph
	Strict         bool                                     // stop reading an input at its first damaged record
	Zstd           bool                                     // RunFile compresses its outputs (.jsonl.zst)
	NewExtractor   func() (*jt.Extractor, error)            // makes one Extractor per worker; required
	Open           func(name string) (io.ReadCloser, error) // opens RunFile's inputs; nil means os.Open
	OnError        func(error)                              // told about every damaged or failed record, in input order; may be nil
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
	if cfg.Workers < 1 {
		cfg.Workers = 1
	}
	if cfg.MaxRecordBytes <= 0 {
		cfg.MaxRecordBytes = DefaultMaxRecordBytes
	}
	if cfg.Open == nil {
		cfg.Open = func(name string) (io.ReadCloser, error) { return os.Open(name) }
	}
	return &Processor{cfg: cfg, seen: seenSet{}}, nil
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
}

// record is what a worker needs of a WARC record, copied out of the Reader.
type record struct {
	url, id, date string
	content       []byte
	truncated     bool
	skip          string
	err           error
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
// HTML responses and writes one JSON line per kept document to out, in
// input order. It returns the input's stats; the error is non-nil only when
// the input could not be processed to its end: ctx done, the output failing
// (wrapping ErrOutput), or a worker's Extractor not being made. Damaged
// records are counted and given to OnError, not returned.
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
	// window holds a token for every job read and not yet written: queued,
	// being processed, or done and waiting for an earlier one. It bounds the
	// jobs in memory even when one record takes long and the other workers
	// race ahead of it; 16 per worker keep them busy meanwhile (with 4, the
	// workers at -j 2 waited 10% of the time on a loaded machine).
	window := make(chan struct{}, 16*p.cfg.Workers)
	// Chunk buffers go back to the reader once written, sparing the
	// garbage collector; the window bounds how many are in use.
	free := make(chan []byte, 16*p.cfg.Workers+2)
	cr := &countio.Reader{R: in}
	readErr := make(chan error, 1)
	go func() {
		defer close(jobs)
		readErr <- p.read(ctx, name, cr, jobs, window, free)
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
	st.Bytes = cr.N
	if c.err != nil {
		return st, fmt.Errorf("%w: %w", ErrOutput, c.err)
	}
	if err := <-readErr; err != nil {
		return st, fmt.Errorf("bulk: reading %s: %w", name, err)
	}
	return st, ctx.Err()
}

// read cuts the input into jobs until it ends or ctx is done: gzip
// members while the input splits into them, records otherwise.
func (p *Processor) read(ctx context.Context, name string, in io.Reader, jobs chan<- job, window chan<- struct{}, free <-chan []byte) error {
	br := bufio.NewReaderSize(in, 1<<16)
	var seq int64
	send := func(j job) error {
		j.seq = seq
		seq++
		select {
		case window <- struct{}{}:
		case <-ctx.Done():
			return ctx.Err()
		}
		select {
		case jobs <- j:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	rest := io.Reader(br)
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
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
	return eachRecord(rd, func(rec record) error {
		rec.content = append([]byte(nil), rec.content...) // the Reader reuses its buffer
		return send(job{rec: rec})
	})
}

// maxChunk bounds the gzip members handed to workers whole: a member that
// large holds a record over MaxRecordBytes, and streams instead.
func (p *Processor) maxChunk() int { return int(min(p.cfg.MaxRecordBytes, 1<<30)) + 1<<16 }

func (p *Processor) readerOptions(name string) []warc.Option {
	return []warc.Option{warc.WithName(name), warc.WithMaxRecordBytes(p.cfg.MaxRecordBytes), warc.WithStrict(p.cfg.Strict)}
}

// eachRecord calls f with every record of rd, damaged ones included, until
// the input ends, a final error repeats, or f fails. The content f is given
// is valid until f returns.
func eachRecord(rd *warc.Reader, f func(record) error) error {
	var last error
	for {
		rec, err := rd.Next()
		var re *warc.RecordError
		switch {
		case err == io.EOF:
			return nil
		case err != nil && !errors.As(err, &re):
			return err
		case err != nil && err == last:
			return nil // a final error repeats: the input ends with it
		}
		var r record
		switch {
		case err != nil:
			last, r.err = err, err
		case rec.Type() != "response":
			r.skip = SkipNotResponse
		default:
			// WARC/1.0 writers (wget among them) put the URI in angle brackets.
			r.url = strings.TrimSuffix(strings.TrimPrefix(rec.Header.Get("WARC-Target-URI"), "<"), ">")
			r.id = rec.Header.Get("WARC-Record-ID")
			r.date = rec.Header.Get("WARC-Date")
			r.content = rec.Content
			r.truncated = rec.Truncated
		}
		if err := f(r); err != nil {
			return err
		}
	}
}

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
	window  <-chan struct{} // a token per job read and not yet written
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
		<-c.window
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
		if b.chunk != nil {
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
