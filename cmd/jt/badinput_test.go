package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"
)

// TestWARCBadInputs gives jt warc, beside a good WARC, an input that is not
// a WARC file: each fails loudly (its name and what is wrong on stderr,
// counted as a failed input, exit 1) while the good input is still
// processed, to stdout and with -o.
func TestWARCBadInputs(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.warc.zst")
	writeTestWARC(t, good, 5)
	file := func(name string, data []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(page))
	zw.Close()
	sub := filepath.Join(dir, "crawl")
	os.Mkdir(sub, 0o755)
	for _, tc := range []struct {
		name, input, says, reason string
	}{
		{"directory", sub, "crawl: is a directory", "unreadable"},
		{"HTML", file("page.warc", []byte(page)), `not a WARC file: it begins with "<html><head><title>T`, "not a WARC file"},
		{"random bytes", file("noise.warc", []byte("\x93\x00\xfe\x41\x7f\x12\x80\x99")), "not a WARC file: it begins with", "not a WARC file"},
		{"not gzip", file("page.warc.gz", []byte(page)), "(named .gz, but not gzip-compressed)", "not a WARC file"},
		{"gzip HTML", file("zipped.warc.gz", gz.Bytes()), "its gzip content begins with", "not a WARC file"},
		{"empty", file("empty.warc.gz", nil), "not a WARC file: it is empty", "not a WARC file"},
		{"missing", filepath.Join(dir, "missing.warc.gz"), "no such file", "unreadable"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base := filepath.Base(tc.input)
			code, out, errs := runJT(t, "", "warc", "--algo", "justext", tc.input, good)
			summary := fmt.Sprintf(`"inputs":1,"inputs_failed":{%q:1}`, tc.reason)
			if code != 1 || !strings.Contains(errs, "jt warc: "+tc.input+": ") || !strings.Contains(errs, tc.says) || !strings.Contains(errs, summary) {
				t.Errorf("exit %d; want 1, %s named, saying %q, and %s in the summary; stderr:\n%s", code, base, tc.says, summary, errs)
			}
			if n := len(documents(t, out)); n != 5 {
				t.Errorf("%d documents, want the good input's 5", n)
			}
			outDir := filepath.Join(t.TempDir(), "out")
			code, _, errs = runJT(t, "", "warc", "--algo", "justext", "-o", outDir, tc.input, good)
			files := readOutput(t, outDir)
			if code != 1 || !strings.Contains(errs, tc.says) || len(files) != 2 || files["good.done"] == "" {
				t.Errorf("-o: exit %d, outputs %d; want 1 and only the good input's output and marker; stderr:\n%s", code, len(files), errs)
			}
		})
	}
}

// TestWARCResourceAndARC runs jt warc on an ARC file and on a WARC
// holding an HTML resource record: both are extracted.
func TestWARCResourceAndARC(t *testing.T) {
	dir := t.TempDir()
	body := "HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\n" + page
	desc := "1 0 Test\nURL IP-address Archive-date Content-type Archive-length\n"
	arc := fmt.Sprintf("filedesc://old.arc 0.0.0.0 20080101000000 text/plain %d\n%s\nhttp://old.example/ 192.0.2.1 20080102030405 text/html %d\n%s\n",
		len(desc), desc, len(body), body)
	arcPath := filepath.Join(dir, "old.arc")
	os.WriteFile(arcPath, []byte(arc), 0o644)
	res := fmt.Sprintf("WARC/1.0\r\nWARC-Type: resource\r\nWARC-Target-URI: file:///page.html\r\nContent-Type: text/html\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n", len(page), page)
	resPath := filepath.Join(dir, "res.warc")
	os.WriteFile(resPath, []byte(res), 0o644)
	code, out, errs := runJT(t, "", "warc", "--algo", "justext", arcPath, resPath)
	docs := documents(t, out)
	if code != 0 || len(docs) != 2 || docs[0].URL != "http://old.example/" || docs[1].URL != "file:///page.html" || !strings.Contains(docs[1].Text, "real article") {
		t.Errorf("exit %d, documents %+v; stderr: %s", code, docs, errs)
	}
}

// TestFlagValues checks that out-of-range and malformed flag values fail
// every command with exit 2 and a message naming the flag and the value,
// and that good values pass.
func TestFlagValues(t *testing.T) {
	good := filepath.Join(t.TempDir(), "good.warc.zst")
	writeTestWARC(t, good, 1)
	html := writeFile(t, "a.html", page, false)
	for _, tc := range []struct {
		args []string
		says string
	}{
		{[]string{"extract", "--encoding", "klingon", html}, `unknown encoding "klingon"`},
		{[]string{"view", "--encoding", "klingon", html}, `unknown encoding "klingon"`},
		{[]string{"warc", "--encoding", "klingon", good}, `unknown encoding "klingon"`},
		{[]string{"eval", "--dataset", "nowhere", "--encoding", "klingon"}, `unknown encoding "klingon"`},
		{[]string{"extract", "--max-link-density", "7", html}, "--max-link-density 7: want a value from 0 to 1"},
		{[]string{"warc", "--max-link-density", "7", good}, "--max-link-density 7"},
		{[]string{"eval", "--dataset", "nowhere", "--max-link-density", "7"}, "--max-link-density 7"},
		{[]string{"extract", "--stopwords-high", "1.5", html}, "--stopwords-high 1.5"},
		{[]string{"extract", "--stopwords-low", "-0.1", html}, "--stopwords-low -0.1"},
		{[]string{"extract", "--stopwords-low", "NaN", html}, "--stopwords-low NaN"},
		{[]string{"extract", "--stopwords-low", "0.4", "--stopwords-high", "0.3", html}, "--stopwords-low 0.4 is above --stopwords-high 0.3"},
		{[]string{"extract", "--length-low", "-1", html}, "--length-low -1"},
		{[]string{"extract", "--length-low", "300", html}, "--length-low 300 is above --length-high 200"},
		{[]string{"extract", "--max-heading-distance", "-5", html}, "--max-heading-distance -5"},
		{[]string{"extract", "--max-bytes", "0", html}, "--max-bytes 0: want at least 1"},
		{[]string{"extract", "--max-depth", "3", html}, "--max-depth 3: want at least 8"},
		{[]string{"extract", "--max-paragraphs", "0", html}, "--max-paragraphs 0"},
		{[]string{"extract", "--tree-depth", "6", html}, "--tree-depth 6: want 0 (none) or 1 to 5"},
		{[]string{"view", "--tree-depth", "-1", html}, "--tree-depth -1"},
		{[]string{"extract", "--timeout", "5", html}, `invalid value "5" for flag -timeout: missing unit, e.g. 5s`},
		{[]string{"warc", "--timeout", "1.5", good}, "missing unit, e.g. 1.5s"},
		{[]string{"extract", "--timeout", "-1s", html}, "must not be negative"},
		{[]string{"extract", "--timeout", "soon", html}, "want a duration such as 10s"},
		{[]string{"warc", "-j", "0", good}, "-j 0: want at least 1 worker"},
		{[]string{"warc", "-j", "-3", good}, "-j -3: want at least 1 worker"},
		{[]string{"warc", "--max-record-bytes", "0", good}, "--max-record-bytes 0"},
		{[]string{"warc", "--rank", "-3", good}, "--rank -3: want 0 or more"},
		{[]string{"warc", "--world-size", "0", good}, "--world-size 0: want 1 or more"},
		{[]string{"warc", "--retries", "-1", good}, "--retries -1: want 0 or more"},
		{[]string{"warc", "--retry-wait", "0s", good}, "--retry-wait 0s: want more than 0"},
		{[]string{"warc", "--read-timeout", "30", good}, "missing unit, e.g. 30s"},
		{[]string{"warc", "--claim-stale", "10ms", good}, "--claim-stale 10ms: want at least 1s"},
	} {
		code, out, errs := runJT(t, "", tc.args...)
		if code != 2 || !strings.Contains(errs, tc.says) || out != "" {
			t.Errorf("jt %s: exit %d, stdout %q; want 2 and a message saying %q; stderr:\n%.500s", strings.Join(tc.args, " "), code, out, tc.says, errs)
		}
	}
	for _, args := range [][]string{
		{"extract", "--encoding", "LATIN1", html},
		{"extract", "--encoding", "windows-1250", "--timeout", "5s", "--max-link-density", "1", "--stopwords-high", "1", html},
		{"extract", "--timeout", "0", html},
		{"warc", "-j", "1", "--rank", "-1", "--world-size", "1", "--encoding", "utf-8", good},
		{"warc", "--retries", "0", "--retry-wait", "1ms", "--read-timeout", "1m", "--claim-stale", "1s", good},
	} {
		if code, _, errs := runJT(t, "", args...); code != 0 {
			t.Errorf("jt %s: exit %d: %s", strings.Join(args, " "), code, errs)
		}
	}
}

// TestVersion checks jt --version: the module version and VCS revision
// from the build information, "(devel)" and a note when there is no
// revision, and something sensible without build information.
func TestVersion(t *testing.T) {
	settings := func(kv ...string) []debug.BuildSetting {
		var s []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			s = append(s, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return s
	}
	main := debug.Module{Path: "github.com/jtextract/jt"}
	for _, tc := range []struct {
		name string
		bi   *debug.BuildInfo
		want string
	}{
		{"installed at a tag", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Path: main.Path, Version: "v1.2.0"}},
			"jt v1.2.0\nmodule   github.com/jtextract/jt\ngo       go1.26.0\n"},
		{"built in a checkout", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Path: main.Path, Version: "v0.0.0-20260101000000-0123456789ab+dirty"},
			Settings: settings("vcs", "git", "vcs.revision", "0123456789abcdef", "vcs.time", "2026-01-01T00:00:00Z", "vcs.modified", "true")},
			"jt v0.0.0-20260101000000-0123456789ab+dirty\nmodule   github.com/jtextract/jt\nrevision 0123456789abcdef (2026-01-01T00:00:00Z, modified)\ngo       go1.26.0\n"},
		{"devel with a revision", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Path: main.Path, Version: "(devel)"},
			Settings: settings("vcs.revision", "abc", "vcs.modified", "false")},
			"jt (devel)\nmodule   github.com/jtextract/jt\nrevision abc\ngo       go1.26.0\n"},
		{"devel without VCS", &debug.BuildInfo{GoVersion: "go1.26.0", Main: main},
			"jt (devel)\nmodule   github.com/jtextract/jt\nrevision unknown (built without VCS information)\ngo       go1.26.0\n"},
		{"no build information", nil, "jt: version unknown (built without module information)\n"},
	} {
		if got := version(tc.bi, tc.bi != nil); got != tc.want {
			t.Errorf("%s: got\n%s\nwant\n%s", tc.name, got, tc.want)
		}
	}
	for _, arg := range []string{"--version", "-version", "version"} {
		code, out, _ := runJT(t, "", arg)
		if code != 0 || !strings.HasPrefix(out, "jt ") || !strings.Contains(out, "\ngo       go") {
			t.Errorf("jt %s: exit %d, output %q", arg, code, out)
		}
	}
}

// TestListHelp checks that the listing commands answer --help with their
// usage and exit 0, and refuse arguments with exit 2.
func TestListHelp(t *testing.T) {
	for _, cmd := range []string{"stoplists", "algos"} {
		for _, help := range []string{"--help", "-h", "-help"} {
			if code, out, errs := runJT(t, "", cmd, help); code != 0 || out != "" || !strings.HasPrefix(errs, "Usage: jt "+cmd) {
				t.Errorf("jt %s %s: exit %d, stdout %q, stderr %q", cmd, help, code, out, errs)
			}
		}
		for _, args := range [][]string{{"extra"}, {"--bogus"}} {
			if code, _, errs := runJT(t, "", append([]string{cmd}, args...)...); code != 2 || !strings.Contains(errs, "Usage: jt "+cmd) {
				t.Errorf("jt %s %v: exit %d, stderr %q", cmd, args, code, errs)
			}
		}
	}
}
