package bulk

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/charset"
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
	Text            string `json:"text"`
	Algo            string `json:"algo"`
	Lang            string `json:"lang,omitempty"` // language the algorithm guessed, if any
	ParagraphsKept  int    `json:"paragraphs_kept"`
	ParagraphsTotal int    `json:"paragraphs_total"`
	CharsKept       int    `json:"chars_kept"`  // code points of the kept paragraphs
	CharsTotal      int    `json:"chars_total"` // code points of all paragraphs
	Truncated       bool   `json:"truncated,omitempty"`
}

// worker decompresses and extracts jobs with its own Extractor, WARC
// reader and HTTP parser, reused from job to job.
type worker struct {
	p    *Processor
	ex   *jt.Extractor
	rd   *warc.Reader
	http warc.ResponseParser
	src  bytes.Reader
}

func (p *Processor) newWorker(name string) (*worker, error) {
	ex, err := p.cfg.NewExtractor()
	if err != nil {
		return nil, fmt.Errorf("bulk: making an extractor: %w", err)
	}
	w := &worker{p: p, ex: ex}
	if w.rd, err = warc.NewReader(&w.src, p.readerOptions(name)...); err != nil {
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
	w.src.Reset(j.chunk)
	w.rd.Reset(&w.src, j.chunkOff)
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
	// The body is already in memory: hand it over as is, without a copy.
	doc, err := w.ex.ExtractBytesContext(ctx, resp.Body, jt.Page{URL: j.url, Charset: charset.LabelFromContentType(resp.ContentType)})
	if err != nil {
		r.fail, r.err = FailExtract, fmt.Errorf("record %s (%s): %w", j.id, j.url, err)
		return r
	}
	d := &Document{URL: j.url, RecordID: j.id, Date: j.date, Status: resp.Status, ContentType: resp.ContentType,
		Charset: doc.Charset(), Title: doc.Title(), Text: doc.Text(), Algo: doc.Algorithm(), Lang: doc.Language(),
		ParagraphsTotal: len(doc.Paragraphs), Truncated: j.truncated || resp.Truncated}
	for i := range doc.Paragraphs {
		p := &doc.Paragraphs[i]
		d.CharsTotal += p.Length
		if p.Class == blocks.Good {
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
