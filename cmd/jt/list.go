package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/stopwords"
)

// noArgs parses the arguments of a command that takes none: it returns
// -1 to go on, or the exit status (0 after --help, 2 for anything else).
func noArgs(name, about string, args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprintf(fs.Output(), "Usage: jt %s\n\n%s\n", name, about) }
	rest, err := parseArgs(fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return 0
	case err != nil:
		return 2
	case len(rest) > 0:
		fmt.Fprintf(stderr, "jt %s: unexpected arguments %q\n", name, rest)
		fs.Usage()
		return 2
	}
	return -1
}

func runStoplists(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if code := noArgs("stoplists", "Lists the languages of the built-in stoplists (jusText's), for --lang.", args, stderr); code >= 0 {
		return code
	}
	for _, l := range stopwords.Languages() {
		fmt.Fprintln(stdout, l)
	}
	return 0
}

func runAlgos(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if code := noArgs("algos", "Lists the extraction algorithms, for --algo.", args, stderr); code >= 0 {
		return code
	}
	for _, a := range jt.Algorithms() {
		about := jt.AlgorithmAbout(a)
		if a == defaultAlgo {
			about += " (the default)"
		}
		fmt.Fprintf(stdout, "%-22s %s\n", a, about)
	}
	return 0
}
