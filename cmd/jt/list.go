package main

import (
	"context"
	"fmt"
	"io"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/stopwords"
)

func runStoplists(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintln(stderr, "Usage: jt stoplists\n\nLists the languages of the built-in stoplists (jusText's), for --lang.")
		return 2
	}
	for _, l := range stopwords.Languages() {
		fmt.Fprintln(stdout, l)
	}
	return 0
}

func runAlgos(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintln(stderr, "Usage: jt algos\n\nLists the extraction algorithms, for --algo.")
		return 2
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
