package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/eval"
)

func runEval(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var ef extractFlags
	ef.register(fs)
	dataset := fs.String("dataset", "", "dataset `DIR` in the Scrapinghub benchmark's layout: html/<id>.html[.gz] and ground-truth.json (required)")
	algos := fs.String("algos", "", "comma-separated algorithms to evaluate (default: all; --algo picks one)")
	score := fs.String("score", "", "score an existing output `FILE` (the benchmark's JSON shape, {\"<id>\": {\"articleBody\": ...}}) instead of extracting")
	perPage := fs.String("per-page", "", "write every page's scores as CSV to `FILE`, to find the worst pages")
	format := fs.String("format", "text", "table format: text or markdown")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `Usage: jt eval --dataset DIR [--algos a,b,...] [--per-page FILE] [--format text|markdown]
       jt eval --dataset DIR --score FILE.json

Runs the algorithms over every page of the dataset, in memory, one page at a
time on one core, and prints per algorithm the benchmark's shingle metric
(F1, precision, recall, and accuracy: the share of exact pages), each with its
bootstrap standard deviation (1000 resamples, fixed seed, so runs repeat), the
number of pages that failed, and throughput. The extraction flags below apply
to every algorithm they concern.

Flags:
`)
		fs.PrintDefaults()
	}
	if _, err := parseArgs(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if *dataset == "" {
		fmt.Fprintln(stderr, "jt eval: --dataset is required")
		return 2
	}
	ds, err := eval.LoadDataset(*dataset)
	if err != nil {
		fmt.Fprintf(stderr, "jt eval: %v\n", err)
		return 1
	}
	var results []*eval.Result
	if *score != "" {
		preds, err := eval.LoadPredictions(*score)
		if err != nil {
			fmt.Fprintf(stderr, "jt eval: %v\n", err)
			return 1
		}
		r := eval.ScorePredictions(ds, preds)
		r.Name = *score
		results = append(results, r)
	} else {
		names := jt.Algorithms()
		switch {
		case *algos != "":
			names = strings.Split(*algos, ",")
		case isFlagSet(fs, "algo"):
			names = []string{ef.algo}
		}
		for _, name := range names {
			ef.algo = strings.TrimSpace(name)
			opts, err := ef.options()
			if err != nil {
				fmt.Fprintf(stderr, "jt eval: %v\n", err)
				return 2
			}
			ex, err := jt.New(opts...)
			if err != nil {
				fmt.Fprintf(stderr, "jt eval: %v\n", err)
				return 2
			}
			r, err := eval.Evaluate(ctx, ds, ef.algo, func(html []byte) (string, error) {
				doc, err := ex.ExtractBytes(html)
				if err != nil {
					return "", err
				}
				return doc.Text(), nil
			})
			if err != nil {
				fmt.Fprintf(stderr, "jt eval: %v\n", err)
				return 1
			}
			results = append(results, r)
		}
	}
	if err := eval.WriteTable(stdout, results, *format); err != nil {
		fmt.Fprintf(stderr, "jt eval: %v\n", err)
		return 2
	}
	if *perPage != "" {
		if err := writePerPage(*perPage, results); err != nil {
			fmt.Fprintf(stderr, "jt eval: %v\n", err)
			return 1
		}
	}
	for _, r := range results {
		for _, e := range r.Errors {
			fmt.Fprintf(stderr, "jt eval: %s: %v\n", r.Name, e)
		}
	}
	return 0
}

func writePerPage(name string, results []*eval.Result) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := eval.WritePerPageCSV(f, results); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// isFlagSet reports whether the flag was given on the command line.
func isFlagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
