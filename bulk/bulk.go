// Package bulk turns WARC archives into clean text on every core: one
// goroutine reads and decompresses records, a pool of workers (one
// Extractor each) extracts them, and the results are written in input order
// as JSON Lines, so the output is the same whatever the number of workers.
// Queues are bounded, so memory depends on the configuration, not on the
// input. Every record is accounted for: written, skipped with a reason, or
// failed with a reason (Stats).
package bulk

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/cespare/xxhash/v2"
	"github.com/jtextract/jt"
	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/charset"
	"github.com/jtextract/jt/warc"
)

// Reasons a record is skipped or fails, as Stats counts them.
const (
	SkipNotResponse = "not a response"
	SkipNotHTML     = "not HTML"
	SkipTooLarge    = "too large"
	SkipDuplicate   = "duplicate"
	SkipEmpty       = "empty text"
	FailRecord      = "damaged record"
	FailHTTP        = "bad HTTP message"
	FailExtract     = "extraction failed"
)

// Dedup modes.
const (
	DedupNone      = ""
	DedupDocument  = "doc"
	DedupParagraph = "paragraph"
)

// Config configures a Processor.
type Config struct {
	Workers        int                           // extraction goroutines; < 1 means 1
	MaxRecordBytes int64                         // most bytes of a record kept (and of a decoded body)
	SkipOversize   bool                          // skip records over MaxRecordBytes instead of truncating them
	Dedup          string                        // DedupNone, DedupDocument or DedupParagraph
	Strict         bool                          // stop reading an input at its first damaged record
	NewExtractor   func() (*jt.Extractor, error) // makes one Extractor per worker
	OnError        func(error)                   // told about every damaged or failed record; may be nil
}

// Stats accounts for every record read: Read == Written + sum(Skipped) +
// sum(Failed).
type Stats struct {
	Read    int64            `json:"read"`
	Written int64            `json:"written"`
	Skipped map[string]int64 `json:"skipped"`
	Failed  map[string]int64 `json:"failed"`
	Bytes   int64            `json:"input_bytes"`
}

// Add adds o's counts to s.
func (s *Stats) Add(o Stats) {
	s.Read += o.Read
	s.Written += o.Written
	s.Bytes += o.Bytes
	for k, v := range o.Skipped {
		s.skip(k, v)
	}
	for k, v := range o.Failed {
		s.fail(k, v)
	}
}

func (s *Stats) skip(reason string, n int64) {
	if s.Skipped == nil {
		s.Skipped = map[string]int64{}
	}
	s.Skipped[reason] += n
}

func (s *Stats) fail(reason string, n int64) {
	if s.Failed == nil {
		s.Failed = map[string]int64{}
	}
	s.Failed[reason] += n
}

// Balanced reports whether every record read is accounted for.
func (s *Stats) Balanced() bool {
	n := s.Written
	for _, v := range s.Skipped {
		n += v
	}
	for _, v := range s.Failed {
		n += v
	}
	return n == s.Read
}

// Document is one output line.
type Document struct {
	URL             string `json:"url"`
	RecordID        string `json:"warc_record_id"`
	Date            string `json:"warc_date"`
	Status          int    `json:"status"`
	ContentType     string `json:"content_type"`
	Charset         string `json:"charset"`
	Title           string `json:"title"`
	Text            string `json:"text"`
	Algo            string `json:"algo"`
	ParagraphsKept  int    `json:"paragraphs_kept"`
	ParagraphsTotal int    `json:"paragraphs_total"`
	CharsKept       int    `json:"chars_kept"`
	CharsTotal      int    `json:"chars_total"`
	Truncated       bool   `json:"truncated,omitempty"`
}

// job is one record handed to a worker, with copies of what it needs. A
// record that is damaged (err) or not a response (skip) travels too, so
// that it is accounted for in order with the rest.
type job struct {
	seq       int64
	url, id   string
	date      string
	content   []byte
	truncated bool
	skip      string
	err       error
}

// result is what a worker made of a job.
type result struct {
	seq    int64
	doc    *Document
	paras  []string // the kept paragraphs, for paragraph dedup
	skip   string
	fail   string
	err    error
	nBytes int64
}

// Processor runs the pipeline on one input at a time.
type Processor struct {
	cfg  Config
	seen map[uint64]struct{} // hashes for dedup, across the inputs of a run
}

// New returns a Processor. NewExtractor is required.
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
		cfg.MaxRecordBytes = 10 << 20
	}
	return &Processor{cfg: cfg, seen: map[uint64]struct{}{}}, nil
}

// Run reads the WARC records of in (named name in errors), extracts the
// HTML responses and writes one JSON line per kept document to out, in
// input order. It returns the input's stats; the error is non-nil only when
// the job could not go on: ctx done, the output failing, or a worker's
// Extractor not being made. Damaged records are counted and reported to
// OnError, not returned.
func (p *Processor) Run(ctx context.Context, name string, in io.Reader, out io.Writer) (Stats, error) {
	var st Stats
	rd, err := warc.NewReader(in, warc.WithName(name), warc.WithMaxRecordBytes(p.cfg.MaxRecordBytes), warc.WithStrict(p.cfg.Strict))
	if err != nil {
		return st, err
	}
	defer rd.Close()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	jobs := make(chan job, 2*p.cfg.Workers)
	results := make(chan result, 2*p.cfg.Workers)
	var wg sync.WaitGroup
	for range p.cfg.Workers {
		ex, err := p.cfg.NewExtractor()
		if err != nil {
			return st, fmt.Errorf("bulk: making an extractor: %w", err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := worker{ex: ex, max: int(p.cfg.MaxRecordBytes), skipOversize: p.cfg.SkipOversize}
			for j := range jobs {
				select {
				case results <- w.do(ctx, j):
				case <-ctx.Done():
					return
				}
			}
		}()
	}

	// The reader: records in, jobs out, numbered in input order.
	readErr := make(chan error, 1)
	go func() {
		defer close(jobs)
		readErr <- p.read(ctx, rd, jobs)
	}()
	go func() {
		wg.Wait()
		close(results)
	}()

	// The writer: results back in order.
	pending := map[int64]result{}
	var next int64
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	var outErr error
	for r := range results {
		pending[r.seq] = r
		for {
			r, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			if outErr == nil {
				outErr = p.account(&st, r, enc)
				if outErr != nil {
					cancel()
				}
			}
		}
	}
	if outErr != nil {
		return st, fmt.Errorf("bulk: writing output: %w", outErr)
	}
	if err := <-readErr; err != nil {
		return st, fmt.Errorf("bulk: reading %s: %w", name, err)
	}
	if err := ctx.Err(); err != nil {
		return st, err
	}
	return st, nil
}

// read turns the records of rd into jobs until the input ends, a final
// error repeats, or ctx is done.
func (p *Processor) read(ctx context.Context, rd *warc.Reader, jobs chan<- job) error {
	var seq int64
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
		j := job{seq: seq}
		seq++
		switch {
		case err != nil:
			last, j.err = err, err
		case rec.Type() != "response":
			j.skip = SkipNotResponse
		default:
			// WARC/1.0 writers (wget among them) put the URI in angle brackets.
			j.url = strings.TrimSuffix(strings.TrimPrefix(rec.Header.Get("WARC-Target-URI"), "<"), ">")
			j.id = rec.Header.Get("WARC-Record-ID")
			j.date = rec.Header.Get("WARC-Date")
			j.content = append([]byte(nil), rec.Content...)
			j.truncated = rec.Truncated
		}
		select {
		case jobs <- j:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// account counts one result and writes its document.
func (p *Processor) account(st *Stats, r result, enc *json.Encoder) error {
	st.Read++
	st.Bytes += r.nBytes
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
		h := xxhash.Sum64String(normalize(r.doc.Text))
		if _, dup := p.seen[h]; dup {
			st.skip(SkipDuplicate, 1)
			return nil
		}
		p.seen[h] = struct{}{}
	case DedupParagraph:
		var kept []string
		for _, para := range r.paras {
			h := xxhash.Sum64String(normalize(para))
			if _, dup := p.seen[h]; !dup {
				p.seen[h] = struct{}{}
				kept = append(kept, para)
			}
		}
		if len(kept) == 0 {
			st.skip(SkipDuplicate, 1)
			return nil
		}
		r.doc.Text = strings.Join(kept, "\n")
		r.doc.ParagraphsKept = len(kept)
	}
	if err := enc.Encode(r.doc); err != nil {
		return err
	}
	st.Written++
	return nil
}

// normalize is the text a dedup hash covers: lower case, whitespace
// collapsed.
func normalize(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// worker extracts jobs with its own Extractor and parser.
type worker struct {
	ex           *jt.Extractor
	http         warc.ResponseParser
	max          int
	skipOversize bool
}

func (w *worker) do(ctx context.Context, j job) result {
	r := result{seq: j.seq, nBytes: int64(len(j.content))}
	switch {
	case j.err != nil:
		r.fail, r.err = FailRecord, j.err
		return r
	case j.skip != "":
		r.skip = j.skip
		return r
	case j.truncated && w.skipOversize:
		r.skip = SkipTooLarge
		return r
	}
	resp, err := w.http.Parse(j.content, w.max)
	if err != nil {
		r.fail, r.err = FailHTTP, fmt.Errorf("record %s (%s): %w", j.id, j.url, err)
		return r
	}
	if !warc.IsHTML(resp.ContentType, resp.Body) {
		r.skip = SkipNotHTML
		return r
	}
	if resp.Truncated && w.skipOversize {
		r.skip = SkipTooLarge
		return r
	}
	doc, err := w.ex.ExtractContext(ctx, bytes.NewReader(resp.Body), charset.LabelFromContentType(resp.ContentType))
	if err != nil {
		r.fail, r.err = FailExtract, fmt.Errorf("record %s (%s): %w", j.id, j.url, err)
		return r
	}
	d := &Document{URL: j.url, RecordID: j.id, Date: j.date, Status: resp.Status, ContentType: resp.ContentType,
		Charset: doc.Charset(), Title: doc.Title(), Text: doc.Text(), Algo: doc.Algorithm(),
		ParagraphsTotal: len(doc.Paragraphs), Truncated: j.truncated || resp.Truncated}
	for i := range doc.Paragraphs {
		p := &doc.Paragraphs[i]
		d.CharsTotal += p.Length
		if p.Class == blocks.Good {
			d.ParagraphsKept++
			d.CharsKept += p.Length
			r.paras = append(r.paras, string(doc.ParagraphText(i)))
		}
	}
	if d.Text == "" {
		r.skip = SkipEmpty
		return r
	}
	r.doc = d
	return r
}
