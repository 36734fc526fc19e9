package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/report"
)

func runView(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("view", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var ef extractFlags
	ef.register(fs)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `Usage: jt view [flags] [FILE|-] > report.html

Writes a self-contained HTML page showing the page's text blocks in order,
coloured by their final class (green good, grey bad; the left border shows
jusText's context-free class), with each block's features beside it and a
header with the algorithm, its parameters and the share of text kept.

Flags:
`)
		fs.PrintDefaults()
	}
	inputs, err := parseArgs(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if len(inputs) > 1 {
		fmt.Fprintln(stderr, "jt view: one input at a time")
		return 2
	}
	name := "-"
	if len(inputs) == 1 {
		name = inputs[0]
	}
	opts, err := ef.options()
	if err != nil {
		fmt.Fprintf(stderr, "jt view: %v\n", err)
		return 2
	}
	ex, err := jt.New(opts...)
	if err != nil {
		fmt.Fprintf(stderr, "jt view: %v\n", err)
		return 2
	}
	doc, err := extractFile(ctx, ex, name, stdin, ef.timeout)
	if err != nil {
		fmt.Fprintf(stderr, "jt view: %s: %v\n", name, err)
		return 1
	}
	out := bufio.NewWriter(stdout)
	params := ef.params()
	if l := doc.Language(); l != "" {
		params = append(params, report.Param{Name: "language guessed", Value: l})
	}
	if ef.algo == "auto" {
		params = append(params, report.Param{Name: "favor", Value: ef.favor})
	}
	if err := report.Write(out, doc, report.Info{Source: name, Params: params}); err != nil {
		fmt.Fprintf(stderr, "jt view: %v\n", err)
		return 1
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "jt view: writing output: %v\n", err)
		return 1
	}
	return 0
}

// params lists the settings that shape the algorithm's decisions, for the
// report header.
func (f *extractFlags) params() []report.Param {
	lang := f.lang
	if f.stoplist != "" {
		lang = "stoplist " + f.stoplist
	}
	ps := []report.Param{{Name: "language", Value: lang}}
	if f.algo == "justext" {
		c := f.cfg
		ps = append(ps,
			report.Param{Name: "length low/high", Value: strconv.Itoa(c.LengthLow) + " / " + strconv.Itoa(c.LengthHigh)},
			report.Param{Name: "stop-words low/high", Value: strconv.FormatFloat(c.StopwordsLow, 'g', -1, 64) + " / " + strconv.FormatFloat(c.StopwordsHigh, 'g', -1, 64)},
			report.Param{Name: "max link density", Value: strconv.FormatFloat(c.MaxLinkDensity, 'g', -1, 64)},
			report.Param{Name: "max heading distance", Value: strconv.Itoa(c.MaxHeadingDistance)},
			report.Param{Name: "no headings", Value: strconv.FormatBool(c.NoHeadings)},
		)
	}
	return ps
}
