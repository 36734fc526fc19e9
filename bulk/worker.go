package bulk

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/charset"
	"github.com/jtextract/jt/metadata"
	"github.com/jtextract/jt/render"
	"github.com/jtextract/jt/warc"
)

// Document is one output line.
type Document struct {
	URL             string `json:"url"`
	RecordID        string `json:"warc_record_id"`
	Date            string `json:"warc_date"`
	Status          int    `json:"status"`       // HTTP status; 0 for a resource record, which has none
	ContentType     string `json:"content_type"` // HTTP Content-Type, or the resource record's
	Charset         string `json:"charset"`
	Title           string `json:"title"`
	Text            string `json:"text"` // the main text in Config.Content's format
	Algo            string `json:"algo"`
	Lang            string `json:"lang,omitempty"` // language the algorithm guessed, if any
	ParagraphsKept  int    `json:"paragraphs_kept"`
	ParagraphsTotal int    `json:"paragraphs_total"`
	CharsKept       int    `json:"chars_kept"`  // code points of the kept paragraphs
	CharsTotal      int    `json:"chars_total"` // code points of all paragraphs
	Truncated       bool   `json:"truncated,omitempty"`
	// Metadata is the page's metadata, when Config.Metadata asks for it.
	Metadata *metadata.Record `json:"metadata,omitempty"`
}

// worker decompresses and extracts jobs with its own Extractor, WARC
// reader and HTTP parser, reused from job to job.
type worker struct {
	p    *Processor
	ex   *jt.Extractor
	rd   *warc.Reader
	http warc.ResponseParser
	r    *render.Renderer
	buf  []byte // the rendered text
	last int    // the length of the last page extracted (see releaseAbove)
}

// releaseAbove is the page length past which a worker lets go of its
// Extractor and buffers when a page of less than half that length comes
// next. They grow with the page (two to three times its size: the decoded
// text, tokens, paragraphs, features) and would otherwise stay that large
// for the rest of the input, so that the few pages of megabytes in a crawl
// would set the memory of every worker. Pages as large as the last keep
// them: growing them again would cost each such page its page faults and
// copies, which a fresh Extractor for a page of megabytes costs once.
const releaseAbove = 1 << 20

func (p *Processor) newWorker(name string) (*worker, error) {
	ex, err := p.cfg.NewExtractor()
	if err != nil {
		return nil, fmt.Errorf("bulk: making an extractor: %w", err)
	}
	w := &worker{p: p, ex: ex, r: render.New(p.cfg.Render)}
	if w.rd, err = warc.NewReader(bytes.NewReader(nil), p.readerOptions(name)...); err != nil {
		return nil, err
	}
	return w, nil
}

func (w *worker) do(ctx context.Context, j job) batch {
	b := batch{job: j}
	if j.chunk == nil {
		b.res = []result{w.extract(ctx, j.rec)}
		return b
	}
	w.rd.ResetBytes(j.chunk, j.chunkOff)
	var final error
	// eachRecord fails only when f does, and f does not.
	_ = eachRecord(w.rd, false, func(r record) error {
		if r.err != nil {
			final = r.err
		}
		b.res = append(b.res, w.extract(ctx, r))
		return nil
	})
	if !j.last && errors.Is(final, warc.ErrTruncated) {
		b.incomplete = true
	}
	return b
}

// extract makes the result of one record.
func (w *worker) extract(ctx context.Context, j record) result {
	var r result
	switch {
	case j.err != nil:
		r.fail, r.err = FailRecord, j.err
		return r
	case j.skip != "":
		r.skip = j.skip
		return r
	case j.truncated && w.p.cfg.SkipOversize:
		r.skip = SkipTooLarge
		return r
	}
	var resp *warc.Response
	if j.resource {
		// The block is the document, without an HTTP header; the Reader
		// kept at most MaxRecordBytes of it.
		resp = &warc.Response{ContentType: j.contentType, Body: j.content}
	} else {
		var err error
		if resp, err = w.http.Parse(j.content, int(w.p.cfg.MaxRecordBytes)); err != nil {
			r.fail, r.err = FailHTTP, fmt.Errorf("record %s (%s): %w", j.id, j.url, err)
			return r
		}
	}
	if !warc.IsHTML(resp.ContentType, resp.Body) {
		r.skip = SkipNotHTML
		return r
	}
	if resp.Truncated && w.p.cfg.SkipOversize {
		r.skip = SkipTooLarge
		return r
	}
	if w.last > releaseAbove && len(resp.Body) < w.last/2 {
		// The Extractor was made once for this worker already; should it
		// fail now, the old one serves, only larger than it need be.
		if ex, err := w.p.cfg.NewExtractor(); err == nil {
			w.ex, w.buf, w.http = ex, nil, warc.ResponseParser{}
		}
	}
	w.last = len(resp.Body)
	// The body is already in memory: hand it over as is, without a copy.
	doc, err := w.ex.ExtractBytesContext(ctx, resp.Body, jt.Page{URL: j.url, Charset: charset.LabelFromContentType(resp.ContentType)})
	if err != nil {
		r.fail, r.err = FailExtract, fmt.Errorf("record %s (%s): %w", j.id, j.url, err)
		return r
	}
	if w.p.cfg.Dedup == DedupParagraph {
		// The text is rebuilt from the kept paragraphs: render nothing.
		w.buf = doc.AppendText(w.buf[:0])
	} else {
		w.buf = w.r.Append(w.buf[:0], doc, w.p.cfg.Content)
	}
	d := &Document{URL: j.url, RecordID: j.id, Date: j.date, Status: resp.Status, ContentType: resp.ContentType,
		Charset: doc.Charset(), Title: doc.Title(), Text: string(w.buf), Algo: doc.Algorithm(), Lang: doc.Language(),
		ParagraphsTotal: len(doc.Paragraphs), Truncated: j.truncated || resp.Truncated}
	if w.p.cfg.Metadata {
		m := doc.Metadata().Record()
		d.Metadata = &m
	}
	for i := range doc.Paragraphs {
		p := &doc.Paragraphs[i]
		d.CharsTotal += p.Length
		if p.Class == jt.Good {
			d.ParagraphsKept++
			d.CharsKept += p.Length
			if w.p.cfg.Dedup == DedupParagraph {
				r.paras = append(r.paras, string(doc.ParagraphText(i)))
			}
		}
	}
	if d.Text == "" {
		r.skip = SkipEmpty
		return r
	}
	r.doc = d
	return r
}
