// Package jt removes boilerplate (navigation, ads, footers, link lists)
// from HTML pages and keeps their main text.
//
// The data flows through small packages, one pass per document:
//
//	bytes → charset (UTF-8) → tokenizer (tokens) → blocks (balanced
//	elements, then paragraphs or text blocks) → classify (good or bad)
//	→ Document (text)
//
// An Extractor holds every buffer of that pipeline and reuses it, so a
// warm Extractor extracts a page with a small constant number of
// allocations. Make one Extractor per goroutine: they are cheap.
//
// Algorithms are selected by name with WithAlgorithm; see Algorithms.
package jt

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/charset"
	"github.com/jtextract/jt/metadata"
	"github.com/jtextract/jt/tokenizer"
)

// ErrTooLarge is wrapped by the error for an input longer than the
// configured WithMaxBytes.
var ErrTooLarge = errors.New("jt: input too large")

// Extractor extracts the main text of HTML documents. It is not safe for
// concurrent use; the Document it returns is valid until its next call.
type Extractor struct {
	cfg    config
	dec    *charset.Decoder
	z      *tokenizer.Tokenizer
	walker *blocks.Walker
	eng    engine
	meta   *metadata.Collector // nil unless WithMetadata(true)
	tee    blocks.Tee          // the engine's handler and meta, reused
	in     []byte
	doc    Document
}

// engine is one algorithm's part of the pass: the handler that receives
// the elements, and the step that turns what it collected into a Document.
type engine interface {
	handler() blocks.Handler
	reset()
	finish(doc *Document)
}

// New returns an Extractor configured by opts.
func New(opts ...Option) (*Extractor, error) {
	cfg := defaultConfig()
	for _, o := range opts {
		if err := o(&cfg); err != nil {
			return nil, err
		}
	}
	if cfg.stop == nil && !cfg.langInd {
		if err := WithLanguage("English")(&cfg); err != nil {
			return nil, err
		}
	}
	if cfg.langInd {
		cfg.justext.StopwordsLow, cfg.justext.StopwordsHigh = 0, 0
	}
	dec, err := charset.NewDecoder(charset.WithFallback(cfg.fallback))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidOption, err)
	}
	z, err := tokenizer.New(tokenizer.WithMaxBytes(charset.MaxDecodedLen(cfg.maxBytes)))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidOption, err)
	}
	w := blocks.NewWalker()
	if err := w.SetMaxDepth(cfg.maxDepth); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidOption, err)
	}
	a, _ := lookupAlgorithm(cfg.algo)
	e := &Extractor{cfg: cfg, dec: dec, z: z, walker: w, eng: a.new(&cfg, z)}
	if cfg.meta {
		e.meta = metadata.New(metadata.Config{})
	}
	return e, nil
}

// Extract reads a whole document from r and extracts it.
func (e *Extractor) Extract(r io.Reader) (*Document, error) {
	return e.ExtractContext(context.Background(), r, "")
}

// Page describes a document beyond its bytes: what the transport knew of
// it. The zero Page knows nothing.
type Page struct {
	// URL is the address the document was fetched from. Document.Metadata
	// resolves the canonical link against it, falls back to it for
	// Metadata.URL, and reads a date in its path (/2024/05/17/) as a last
	// resort, in an Extractor made WithMetadata(true). The "auto" algorithm
	// reads its path as evidence of the page's type where the page declares
	// no canonical URL of its own.
	URL string
	// Charset is the encoding label the transport gave (an HTTP
	// Content-Type charset), or "" for none; as ExtractContext's.
	Charset string
}

// ExtractPage is ExtractContext for a document whose Page is known: it
// reads a whole document from r, at most WithMaxBytes of it, decodes it
// with p.Charset (if given) and extracts it, with p.URL for its
// metadata.
func (e *Extractor) ExtractPage(ctx context.Context, r io.Reader, p Page) (*Document, error) {
	in, err := readAll(ctx, e.in[:0], r, e.cfg.maxBytes)
	e.in = in
	if err != nil {
		return nil, err
	}
	return e.extractPage(ctx, in, p.Charset, p.URL)
}

// ExtractBytes extracts the document in b, which it does not modify or
// keep.
func (e *Extractor) ExtractBytes(b []byte) (*Document, error) {
	return e.extract(context.Background(), b, "")
}

// ExtractBytesContext is ExtractPage for a document already in memory (a
// response body a caller has read, say): it extracts b without copying it
// first, decoding it with p.Charset (if given), with p.URL for its
// metadata. A b longer than WithMaxBytes fails with an error wrapping
// ErrTooLarge or, WithTruncate(true), is cut there. It stops with ctx's
// error when ctx is done. It does not modify or keep b. With the zero Page
// it gives the Document ExtractBytes gives.
func (e *Extractor) ExtractBytesContext(ctx context.Context, b []byte, p Page) (*Document, error) {
	return e.extractPage(ctx, b, p.Charset, p.URL)
}

// ExtractContext reads a whole document from r, at most WithMaxBytes of
// it, and extracts it. charset is the encoding label the transport gave
// (an HTTP Content-Type charset), or "" for none. It stops with ctx's error
// when ctx is done. A reader that keeps returning no bytes and no error
// makes it fail with an error wrapping io.ErrNoProgress.
func (e *Extractor) ExtractContext(ctx context.Context, r io.Reader, charset string) (*Document, error) {
	in, err := readAll(ctx, e.in[:0], r, e.cfg.maxBytes)
	e.in = in
	if err != nil {
		return nil, err
	}
	return e.extract(ctx, in, charset)
}

// maxEmptyReads is how many reads in a row may return no bytes and no
// error before readAll gives up, as bufio does.
const maxEmptyReads = 100

// minRead is the smallest room readAll offers a Read.
const minRead = 32 << 10

// readAll appends r to dst, reading at most maxBytes+1 bytes, so that
// extract can tell an input longer than maxBytes. It stops with io.ErrNoProgress after
// maxEmptyReads empty reads in a row, and with ctx's error when ctx is
// done.
func readAll(ctx context.Context, dst []byte, r io.Reader, maxBytes int) ([]byte, error) {
	limit := maxBytes
	if limit < math.MaxInt {
		limit++
	}
	// A reader that knows its length (bytes.Reader, strings.Reader,
	// bytes.Buffer) gets a buffer of exactly that size, one byte more to
	// see io.EOF: growing by doubling would hold up to three times the
	// input while copying.
	if l, ok := r.(interface{ Len() int }); ok {
		if n := l.Len(); n >= 0 && n < limit-len(dst) {
			dst = slices.Grow(dst, n+1)
		} else {
			dst = slices.Grow(dst, limit-len(dst))
		}
	}
	empty := 0
	for len(dst) < limit {
		if err := ctx.Err(); err != nil {
			return dst, err
		}
		if len(dst) == cap(dst) {
			// Double, but never past the limit: bytes beyond it are not
			// buffered.
			dst = slices.Grow(dst, min(max(cap(dst), minRead), limit-len(dst)))
		}
		n, err := r.Read(dst[len(dst):min(cap(dst), limit)])
		if n < 0 || n > min(cap(dst), limit)-len(dst) {
			return dst, fmt.Errorf("jt: reading input: %w", errBadRead)
		}
		dst = dst[:len(dst)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return dst, fmt.Errorf("jt: reading input: %w", err)
		}
		if n > 0 {
			empty = 0
		} else if empty++; empty >= maxEmptyReads {
			return dst, fmt.Errorf("jt: reading input: %d reads returned nothing: %w", empty, io.ErrNoProgress)
		}
	}
	return dst, nil
}

// errBadRead is the error for a Read that reports an impossible count.
var errBadRead = errors.New("reader returned an invalid count")

func (e *Extractor) extract(ctx context.Context, in []byte, label string) (*Document, error) {
	return e.extractPage(ctx, in, label, "")
}

func (e *Extractor) extractPage(ctx context.Context, in []byte, label, pageURL string) (*Document, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	truncated := len(in) > e.cfg.maxBytes
	if truncated {
		if !e.cfg.truncate {
			return nil, fmt.Errorf("%w: more than %d bytes", ErrTooLarge, e.cfg.maxBytes)
		}
		in = in[:e.cfg.maxBytes]
	}
	if label == "" {
		label = e.cfg.encoding
	}
	text, res, err := e.dec.Decode(in, label)
	if err != nil {
		return nil, err
	}
	e.z.ResetBytes(text)
	e.eng.reset()
	if u, ok := e.eng.(urlReader); ok {
		u.setURL(pageURL)
	}
	h := e.eng.handler()
	if e.meta != nil {
		e.meta.Reset()
		e.meta.SetURL(pageURL)
		e.tee = append(e.tee[:0], h, e.meta)
		h = &e.tee // a pointer: a slice in an interface would be allocated
	}
	if err := e.walker.Walk(ctx, e.z, h); err != nil {
		return nil, err
	}
	e.doc.reset(e.cfg.algo, res.Encoding)
	e.eng.finish(&e.doc)
	e.doc.meta = e.meta
	e.doc.limits.InputTruncated = truncated
	e.doc.limits.DroppedElements = e.walker.Dropped()
	return &e.doc, nil
}
