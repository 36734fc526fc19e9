package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/eval"
)

const evalUsage = `Usage: jt eval --dataset DIR [--algo a,b,...] [--per-page FILE] [--format table|markdown|json]
       jt eval --dataset DIR --score FILE.json [--per-page FILE] [--format ...]

Runs each algorithm over every page of the dataset (in memory, one page at a
time, on one core) and prints per algorithm the scrapinghub benchmark's
shingle metric: F1, precision, recall and accuracy (the share of pages whose
words match the truth exactly), each with its bootstrap standard deviation
(1000 resamples with a fixed seed, so reruns print the same figures), the
number of pages that failed, and the extraction throughput.

With --score, nothing is extracted: the output file, in the benchmark's JSON
shape ({"<id>": {"articleBody": "..."}}, possibly wrapped in {"output": ...}),
is scored instead, so other extractors' published outputs can be compared.

The extraction flags (--lang, --length-low, --max-bytes, ...) apply to every
algorithm they concern. The exit status is 0 on success, 1 when a page failed
or a file could not be read or written, and 2 for a usage error.

Flags:
`

// runEval implements "jt eval": it scores algorithms, or an existing output
// file, on a dataset with ground truth.
func runEval(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var ef extractFlags
	ef.register(fs)
	// In eval, --algo names a list of algorithms and defaults to all of them.
	algoFlag := fs.Lookup("algo")
	algoFlag.Usage = "comma-separated `algorithms` to evaluate: " + strings.Join(jt.Algorithms(), ", ")
	algoFlag.DefValue = ""
	if err := algoFlag.Value.Set(""); err != nil {
		fmt.Fprintf(stderr, "jt eval: %v\n", err)
		return 2
	}
	algos := fs.String("algos", "", "same as --algo")
	dataset := fs.String("dataset", "", "dataset `DIR` in the benchmark's layout: html/<id>.html or <id>.html.gz, and ground-truth.json (required)")
	score := fs.String("score", "", "score this output `FILE.json` instead of running algorithms")
	perPage := fs.String("per-page", "", "also write every page's scores as CSV to `FILE` (columns algo,id,precision,recall,f1,tp,fp,fn,exact,error), to find the worst pages")
	format := fs.String("format", eval.FormatTable, "summary format: table, markdown or json")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), evalUsage)
		fs.PrintDefaults()
	}
	rest, err := parseArgs(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	usageError := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "jt eval: "+format+"\n", a...)
		fs.Usage()
		return 2
	}
	switch {
	case len(rest) > 0:
		return usageError("unexpected arguments %q", rest)
	case *dataset == "":
		return usageError("--dataset is required")
	case *score != "" && (ef.algo != "" || *algos != ""):
		return usageError("--score and --algo exclude each other")
	case !slices.Contains([]string{eval.FormatTable, eval.FormatMarkdown, eval.FormatJSON}, *format):
		return usageError("unknown --format %q", *format)
	}
	var names []string
	if *score == "" {
		if names, err = algoNames(ef.algo, *algos); err != nil {
			return usageError("%v", err)
		}
	}
	// Build every extractor before the long part, so that a bad name or
	// option fails at once.
	extractors := make([]*jt.Extractor, len(names))
	for i, name := range names {
		ef.algo = name
		opts, err := ef.options()
		if err != nil {
			fmt.Fprintf(stderr, "jt eval: %v\n", err)
			return 2
		}
		if extractors[i], err = jt.New(opts...); err != nil {
			fmt.Fprintf(stderr, "jt eval: %v\n", err)
			return 2
		}
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
		r.Name = strings.TrimSuffix(filepath.Base(*score), ".json") // as the benchmark names outputs
		results = append(results, r)
	}
	for i, ex := range extractors {
		r, err := eval.Evaluate(ctx, ds, names[i], pageExtractor(ctx, ex, &ef))
		if err != nil {
			fmt.Fprintf(stderr, "jt eval: %v\n", err)
			return 1
		}
		results = append(results, r)
	}

	if err := eval.WriteTable(stdout, results, *format); err != nil {
		fmt.Fprintf(stderr, "jt eval: %v\n", err)
		return 1
	}
	code := 0
	if *perPage != "" {
		if err := writePerPage(*perPage, results); err != nil {
			fmt.Fprintf(stderr, "jt eval: %v\n", err)
			code = 1
		}
	}
	for _, r := range results {
		for _, e := range r.Errors {
			fmt.Fprintf(stderr, "jt eval: %s: %v\n", r.Name, e)
			code = 1
		}
		if len(r.Unmatched) > 0 {
			fmt.Fprintf(stderr, "jt eval: %s: ignored %d ids that are not in the dataset, e.g. %s\n", r.Name, len(r.Unmatched), r.Unmatched[0])
		}
	}
	return code
}

// algoNames returns the algorithms named by the comma-separated lists
// (--algo and --algos), or all of them when every list is empty. Empty and
// repeated names are errors; unknown names are left to jt.New.
func algoNames(lists ...string) ([]string, error) {
	var names []string
	given := false
	for _, list := range lists {
		if list == "" {
			continue
		}
		given = true
		for name := range strings.SplitSeq(list, ",") {
			name = strings.TrimSpace(name)
			switch {
			case name == "":
				return nil, fmt.Errorf("empty algorithm name in %q", list)
			case slices.Contains(names, name):
				return nil, fmt.Errorf("algorithm %q named twice", name)
			}
			names = append(names, name)
		}
	}
	if !given {
		return jt.Algorithms(), nil
	}
	return names, nil
}

// pageExtractor adapts ex to eval.ExtractFunc. Each page is bounded by ctx
// and, when --timeout is set, by its own deadline.
func pageExtractor(ctx context.Context, ex *jt.Extractor, ef *extractFlags) eval.ExtractFunc {
	return func(html []byte) (string, error) {
		pageCtx := ctx
		if ef.timeout > 0 {
			var cancel context.CancelFunc
			pageCtx, cancel = context.WithTimeout(ctx, ef.timeout)
			defer cancel()
		}
		doc, err := ex.ExtractContext(pageCtx, bytes.NewReader(html), "")
		if err != nil {
			return "", err
		}
		return doc.Text(), nil
	}
}

// writePerPage writes the per-page CSV of results to the file name.
func writePerPage(name string, results []*eval.Result) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := eval.WritePerPageCSV(f, results); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", name, err)
	}
	return f.Close()
}
