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
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/charset"
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
	return &Extractor{cfg: cfg, dec: dec, z: z, walker: w, eng: a.new(&cfg, z)}, nil
}

// Extract reads a whole document from r and extracts it.
func (e *Extractor) Extract(r io.Reader) (*Document, error) {
	return e.ExtractContext(context.Background(), r, "")
}

// ExtractBytes extracts the document in b, which it does not modify or
// keep.
func (e *Extractor) ExtractBytes(b []byte) (*Document, error) {
	return e.extract(context.Background(), b, "")
}

// ExtractContext reads a whole document from r, at most WithMaxBytes of
// it, and extracts it. charset is the encoding label the transport gave
// (an HTTP Content-Type charset), or "" for none. It stops with ctx's error
// when ctx is done.
func (e *Extractor) ExtractContext(ctx context.Context, r io.Reader, charset string) (*Document, error) {
	in, err := readAll(e.in[:0], r, e.cfg.maxBytes)
	e.in = in
	if err != nil {
		return nil, err
	}
	return e.extract(ctx, in, charset)
}

// readAll appends r to dst, reading at most max+1 bytes, so that extract
// can tell an input longer than max.
func readAll(dst []byte, r io.Reader, max int) ([]byte, error) {
	buf := bytes.NewBuffer(dst)
	if _, err := buf.ReadFrom(io.LimitReader(r, int64(max)+1)); err != nil {
		return buf.Bytes(), fmt.Errorf("jt: reading input: %w", err)
	}
	return buf.Bytes(), nil
}

func (e *Extractor) extract(ctx context.Context, in []byte, label string) (*Document, error) {
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
	if err := e.walker.Walk(ctx, e.z, e.eng.handler()); err != nil {
		return nil, err
	}
	e.doc.reset(e.cfg.algo, res.Encoding)
	e.eng.finish(&e.doc)
	e.doc.limits.InputTruncated = truncated
	e.doc.limits.DroppedElements = e.walker.Dropped()
	return &e.doc, nil
}
