package main

import (
	"bytes"
	"fmt"
	"strconv"
	"unsafe"

	readeck "codeberg.org/readeck/go-readability/v2"
	shiori "github.com/go-shiori/go-readability"
	"github.com/jtextract/jt"
	"github.com/jtextract/jt/render"
	distiller "github.com/markusmobius/go-domdistiller"
	"github.com/markusmobius/go-trafilatura"
	"golang.org/x/net/html"
)

// Row kinds, as the tables show them.
const (
	kindJT    = "jt"
	kindFloor = "floor"
	kindPeer  = "peer"
)

// Names of the rows that ratios are taken against.
const (
	rowJusText = "justext"
	rowXNet    = "xnet-tokenizer"
)

// extractFunc extracts one page's main text. The bytes it returns are
// valid until its next call and must not be modified. One extractFunc
// serves one goroutine: it may keep state, such as a jt Extractor or a
// buffer, from call to call.
type extractFunc func(p *Page) ([]byte, error)

// row is one line of the results: a jt algorithm, a floor or a peer.
type row struct {
	name string
	kind string
	// noText marks floors that produce no text to score (nothing, or a
	// count), whose quality is not scored.
	noText bool
	// new returns a fresh extractFunc; the harness calls it once per
	// goroutine that runs the row.
	new func() (extractFunc, error)
}

// allRows returns every row in table order: jt's algorithms, the floors,
// then the peers.
func allRows() []row {
	var rows []row
	for _, name := range jt.Algorithms() {
		rows = append(rows, row{name: name, kind: kindJT, new: jtRow(name)})
	}
	// The default algorithm's output in the structured formats, whose
	// cost beside "auto" (plain text) is what structure costs.
	rows = append(rows,
		row{name: "auto-text", kind: kindJT, new: jtRenderRow("auto", render.Text)},
		row{name: "auto-markdown", kind: kindJT, new: jtRenderRow("auto", render.Markdown)},
		row{name: "auto-html", kind: kindJT, new: jtRenderRow("auto", render.HTML)},
	)
	rows = append(rows,
		row{name: rowXNet, kind: kindFloor, new: xnetTokenizerRow},
		row{name: "xnet-parse", kind: kindFloor, noText: true, new: xnetParseRow},
		row{name: "count-lt", kind: kindFloor, noText: true, new: countRow},
		// trafilatura's default, in Python and in go-trafilatura's command,
		// falls back to readability and dom-distiller when its own result
		// looks poor; its fast mode (Python's fast=True, the Go command's
		// -no-fallback, the zero Options) does not.
		row{name: "go-trafilatura", kind: kindPeer, new: trafilaturaRow(true)},
		row{name: "go-trafilatura-fast", kind: kindPeer, new: trafilaturaRow(false)},
		row{name: "go-shiori-readability", kind: kindPeer, new: shioriRow},
		row{name: "readeck-readability", kind: kindPeer, new: readeckRow},
		row{name: "go-domdistiller", kind: kindPeer, new: distillerRow},
	)
	return rows
}

// jtRow runs a jt Extractor with the named algorithm and its defaults.
func jtRow(algo string) func() (extractFunc, error) {
	return func() (extractFunc, error) {
		ex, err := jt.New(jt.WithAlgorithm(algo))
		if err != nil {
			return nil, fmt.Errorf("bench: jt %s: %w", algo, err)
		}
		var buf []byte
		return func(p *Page) ([]byte, error) {
			doc, err := ex.ExtractBytes(p.HTML)
			if err != nil {
				return nil, err
			}
			buf = doc.AppendText(buf[:0])
			return buf, nil
		}, nil
	}
}

// jtRenderRow runs a jt Extractor with the named algorithm, recording
// structure, and renders its main text in format f.
func jtRenderRow(algo string, f render.Format) func() (extractFunc, error) {
	return func() (extractFunc, error) {
		ex, err := jt.New(jt.WithAlgorithm(algo), jt.WithStructure(true))
		if err != nil {
			return nil, fmt.Errorf("bench: jt %s: %w", algo, err)
		}
		r := render.New(render.Options{})
		var buf []byte
		return func(p *Page) ([]byte, error) {
			doc, err := ex.ExtractBytes(p.HTML)
			if err != nil {
				return nil, err
			}
			buf = r.Append(buf[:0], doc, f)
			return buf, nil
		}, nil
	}
}

// xnetTokenizerRow is the tokenizer floor: every token of x/net/html's
// Tokenizer, with the text tokens appended to a reused buffer, one per line.
func xnetTokenizerRow() (extractFunc, error) {
	var buf []byte
	var r bytes.Reader
	return func(p *Page) ([]byte, error) {
		buf = buf[:0]
		r.Reset(p.HTML)
		z := html.NewTokenizer(&r)
		for {
			switch z.Next() {
			case html.ErrorToken:
				return buf, nil // io.EOF: the tokenizer reports no other error from a bytes.Reader
			case html.TextToken:
				buf = append(buf, z.Text()...)
				buf = append(buf, '\n')
			}
		}
	}, nil
}

// xnetParseRow is the parser floor: a full HTML5 tree with html.Parse.
func xnetParseRow() (extractFunc, error) {
	var r bytes.Reader
	return func(p *Page) ([]byte, error) {
		r.Reset(p.HTML)
		_, err := html.Parse(&r)
		return nil, err
	}, nil
}

// countRow is the memory-bandwidth floor: one bytes.Count of "<". It
// returns the count, in decimal, as its result (which, the row being
// noText, nobody scores), so the count is used and cannot be optimised
// away; the buffer is reused, so the row allocates nothing per page.
func countRow() (extractFunc, error) {
	lt := []byte("<")
	var buf []byte
	return func(p *Page) ([]byte, error) {
		buf = strconv.AppendInt(buf[:0], int64(bytes.Count(p.HTML, lt)), 10)
		return buf, nil
	}, nil
}

// trafilaturaRow runs go-trafilatura with its default options, with or
// without the fallback extractors.
func trafilaturaRow(fallback bool) func() (extractFunc, error) {
	return func() (extractFunc, error) {
		return func(p *Page) ([]byte, error) {
			res, err := trafilatura.Extract(bytes.NewReader(p.HTML), trafilatura.Options{
				OriginalURL:    p.URL,
				EnableFallback: fallback,
			})
			if err != nil {
				return nil, err
			}
			return stringBytes(res.ContentText), nil
		}, nil
	}
}

// shioriRow runs github.com/go-shiori/go-readability.
func shioriRow() (extractFunc, error) {
	return func(p *Page) ([]byte, error) {
		art, err := shiori.FromReader(bytes.NewReader(p.HTML), p.URL)
		if err != nil {
			return nil, err
		}
		return stringBytes(art.TextContent), nil
	}, nil
}

// readeckRow runs codeberg.org/readeck/go-readability, rendering the
// article as text into a reused buffer, as its RenderText offers.
func readeckRow() (extractFunc, error) {
	var buf bytes.Buffer
	return func(p *Page) ([]byte, error) {
		art, err := readeck.FromReader(bytes.NewReader(p.HTML), p.URL)
		if err != nil {
			return nil, err
		}
		buf.Reset()
		if art.Node == nil { // no article found: RenderText would fail
			return nil, nil
		}
		if err := art.RenderText(&buf); err != nil {
			return nil, err
		}
		return buf.Bytes(), nil
	}, nil
}

// distillerRow runs github.com/markusmobius/go-domdistiller with its
// default options.
func distillerRow() (extractFunc, error) {
	return func(p *Page) ([]byte, error) {
		res, err := distiller.ApplyForReader(bytes.NewReader(p.HTML), &distiller.Options{OriginalURL: p.URL})
		if err != nil {
			return nil, err
		}
		return stringBytes(res.Text), nil
	}, nil
}

// stringBytes views s as bytes without copying, so that handing a peer's
// string result back costs nothing inside the timed loop. The bytes are
// read-only, as extractFunc's contract already requires.
func stringBytes(s string) []byte {
	return unsafe.Slice(unsafe.StringData(s), len(s))
}
