// Command jt removes boilerplate from web pages and keeps their main text.
//
// Usage:
//
//	jt extract [flags] [FILE|-]...   extract the main text of HTML pages
//	jt stoplists                      list the built-in stoplist languages
//	jt algos                          list the algorithms
//
// Run "jt help" or "jt COMMAND --help" for details.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// command is one subcommand of jt.
type command struct {
	name, args, about string
	run               func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

func commands() []command {
	return []command{
		{"extract", "[flags] [FILE|-]...", "extract the main text of HTML pages (.gz read transparently)", runExtract},
		{"warc", "[flags] INPUT... | --manifest FILE", "extract every HTML response of WARC archives on all cores", runWARC},
		{"view", "[flags] [FILE|-] > report.html", "write an HTML report showing every block and its class", runView},
		{"eval", "--dataset DIR [--algos a,b] [--score FILE.json]", "score algorithms (or an output file) on pages with ground truth", runEval},
		{"stoplists", "", "list the languages of the built-in stoplists", runStoplists},
		{"algos", "", "list the extraction algorithms", runAlgos},
	}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run dispatches to a subcommand and returns the exit status: 0 on
// success, 1 when some input failed, 2 for a usage error.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		usage(stdout)
		return 0
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(ctx, args[1:], stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "jt: unknown command %q\n\n", args[0])
	usage(stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprint(w, `jt removes boilerplate (navigation, ads, footers, link lists) from web pages
and keeps their main text.

Usage: jt COMMAND [flags] [args]

Commands:
`)
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-10s %s\n             %s\n", c.name, c.args, c.about)
	}
	fmt.Fprint(w, "\nRun \"jt COMMAND --help\" for the flags of a command.\n")
}

// parseArgs parses flags wherever they appear among the arguments (as
// "jt extract page.html --lang Czech" expects), and returns the others in
// order. Everything after "--" is an argument.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		left := fs.Args()
		if consumed := len(args) - len(left); consumed > 0 && args[consumed-1] == "--" {
			return append(rest, left...), nil
		}
		if len(left) == 0 {
			return rest, nil
		}
		rest = append(rest, left[0])
		args = left[1:]
	}
}
