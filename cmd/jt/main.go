// Command jt removes boilerplate from web pages and keeps their main text.
//
// Usage:
//
//	jt extract [flags] [FILE|-]...   extract the main text of HTML pages
//	jt warc [flags] INPUT...          extract the HTML pages of WARC archives
//	jt stoplists                      list the built-in stoplist languages
//	jt algos                          list the algorithms
//	jt --version                      print the version and VCS revision
//
// Run "jt help" or "jt COMMAND --help" for details. Install it with
//
//	go install github.com/jtextract/jt/cmd/jt@latest
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
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
	case "version", "-version", "--version":
		bi, ok := debug.ReadBuildInfo()
		fmt.Fprint(stdout, version(bi, ok))
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
	fmt.Fprint(w, "\nRun \"jt COMMAND --help\" for the flags of a command, \"jt --version\" for the version.\n")
}

// version describes the build from its build information: the main
// module's version ("(devel)" when built from a source tree rather than
// installed at a version), the VCS revision and time Go stamped (with
// "modified" for uncommitted changes), and the Go version.
func version(bi *debug.BuildInfo, ok bool) string {
	if !ok || bi == nil {
		return "jt: version unknown (built without module information)\n"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	path := bi.Main.Path
	if path == "" {
		path = bi.Path
	}
	var b strings.Builder
	fmt.Fprintf(&b, "jt %s\nmodule   %s\n", v, path)
	vcs := map[string]string{}
	for _, s := range bi.Settings {
		vcs[s.Key] = s.Value
	}
	switch rev := vcs["vcs.revision"]; {
	case rev != "":
		fmt.Fprintf(&b, "revision %s", rev)
		var notes []string
		if t := vcs["vcs.time"]; t != "" {
			notes = append(notes, t)
		}
		if vcs["vcs.modified"] == "true" {
			notes = append(notes, "modified")
		}
		if len(notes) > 0 {
			fmt.Fprintf(&b, " (%s)", strings.Join(notes, ", "))
		}
		b.WriteString("\n")
	case v == "(devel)":
		// go run and go test stamp no revision; go build in a checkout does.
		b.WriteString("revision unknown (built without VCS information)\n")
	}
	fmt.Fprintf(&b, "go       %s\n", bi.GoVersion)
	return b.String()
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
