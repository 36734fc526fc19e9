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
	"runtime"
	"slices"
	"strings"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/eval"
)

const evalUsage = `Usage: jt eval --dataset DIR [--algo a,b,...] [--per-page FILE] [--format table|markdown|json] [-j N]
       jt eval --dataset DIR --score FILE.json [--per-page FILE] [--format ...]

Runs each algorithm over every page of the dataset (in memory, the pages
shared among -j workers, each with its own extractor) and prints per
algorithm the dataset's benchmark scores, each with its bootstrap standard
deviation (1000 resamples with a fixed seed, so reruns print the same
figures), the number of pages that failed, and the extraction throughput
per core (bytes over the summed time of the pages).

When the dataset gives pages a title, author and date (WCXB does), a last
table scores the metadata jt reads (table and markdown formats): the share
of titles and of authors that match the truth (Unicode NFC, case folded,
white space collapsed), with the share of non-forum pages without an author
given one, and the share of dates on the same day, with the share of pages
without a date given one. The metadata does not depend on the algorithm:
it is read once, with the first algorithm's settings and the pages' URLs.

Two dataset layouts are read. The scrapinghub benchmark's (html/<id>.html or
<id>.html.gz, and ground-truth.json) is scored with its shingle metric: F1,
precision, recall and accuracy (the share of pages whose words match the
truth exactly). WCXB's (dev/html/<id>.html.gz, dev/ground-truth/<id>.json
and metadata.json; DIR may also be the dev directory itself) is scored as
its evaluate.py does: word-level F1, precision and recall, means of the
page values, and the shares of must-contain ("with") snippets found and of
boilerplate ("without") snippets leaked; then a second table gives these
per page type.

With --score, nothing is extracted: the output file, in the benchmark's JSON
shape ({"<id>": {"articleBody": "..."}}, possibly wrapped in {"output": ...},
or WCXB's {"<id>": "..."}), is scored instead, so other extractors'
published outputs can be compared.

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
	dataset := fs.String("dataset", "", "dataset `DIR`: scrapinghub's layout (html/<id>.html or <id>.html.gz, and ground-truth.json) or WCXB's (dev/html, dev/ground-truth, metadata.json) (required)")
	score := fs.String("score", "", "score this output `FILE.json` instead of running algorithms")
	perPage := fs.String("per-page", "", "also write every page's scores as CSV to `FILE` (columns algo,id,precision,recall,f1,tp,fp,fn,exact,error; for WCXB also type, domain, with and without), to find the worst pages")
	format := fs.String("format", eval.FormatTable, "summary format: table, markdown or json")
	workers := fs.Int("j", runtime.GOMAXPROCS(0), "extraction workers")
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
	case *workers < 1:
		return usageError("-j must be at least 1")
	}
	var names []string
	if *score == "" {
		if names, err = algoNames(ef.algo, *algos); err != nil {
			return usageError("%v", err)
		}
	}
	// Build an extractor of every algorithm before the long part, so that a
	// bad name or option fails at once.
	options := make([][]jt.Option, len(names))
	for i, name := range names {
		ef.algo = name
		if options[i], err = ef.options(); err == nil {
			_, err = jt.New(options[i]...)
		}
		if err != nil {
			fmt.Fprintf(stderr, "jt eval: %v\n", err)
			return 2
		}
	}

	ds, err := eval.LoadDataset(*dataset)
	if err != nil {
		fmt.Fprintf(stderr, "jt eval: %v\n", err)
		return 1
	}
	if ds.Skipped > 0 {
		fmt.Fprintf(stderr, "jt eval: left out %d ground-truth files whose ground_truth is not an object, as the benchmark's evaluate.py does\n", ds.Skipped)
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
	for i, opts := range options {
		newFn := func() eval.ExtractFunc {
			ex, err := jt.New(opts...)
			if err != nil { // cannot happen: the same options worked above
				return func([]byte) (string, error) { return "", err }
			}
			return pageExtractor(ctx, ex, &ef)
		}
		r, err := eval.EvaluateParallel(ctx, ds, names[i], *workers, newFn)
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
	if len(options) > 0 && ds.HasMetadata() && *format != eval.FormatJSON {
		if err := evalMetadata(ctx, stdout, ds, options[0], &ef, *workers, *format); err != nil {
			fmt.Fprintf(stderr, "jt eval: %v\n", err)
			return 1
		}
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
