package main

import (
	"bytes"
	"context"
	"io"
	"slices"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/eval"
)

// evalMetadata reads the metadata of every page of ds with an Extractor
// made of opts and WithMetadata(true), and writes its scores as a table
// after a blank line.
func evalMetadata(ctx context.Context, w io.Writer, ds *eval.Dataset, opts []jt.Option, ef *extractFlags, workers int, format string) error {
	opts = append(slices.Clip(opts), jt.WithMetadata(true))
	if _, err := jt.New(opts...); err != nil {
		return err
	}
	r, err := eval.EvaluateMetadata(ctx, ds, "jt", workers, func() eval.MetaFunc {
		ex, err := jt.New(opts...)
		if err != nil { // cannot happen: the same options worked above
			return func([]byte, string) (eval.MetaPrediction, error) { return eval.MetaPrediction{}, err }
		}
		return func(html []byte, pageURL string) (eval.MetaPrediction, error) {
			pageCtx := ctx
			if ef.timeout > 0 {
				var cancel context.CancelFunc
				pageCtx, cancel = context.WithTimeout(ctx, ef.timeout)
				defer cancel()
			}
			doc, err := ex.ExtractPage(pageCtx, bytes.NewReader(html), jt.Page{URL: pageURL})
			if err != nil {
				return eval.MetaPrediction{}, err
			}
			m := doc.Metadata()
			return eval.MetaPrediction{Title: m.Title, Author: m.Author, Date: m.Date}, nil
		}
	})
	if err != nil {
		return err
	}
	if _, err := io.WriteString(w, "\n"); err != nil {
		return err
	}
	return eval.WriteMetaTable(w, []*eval.MetaResult{r}, format)
}
