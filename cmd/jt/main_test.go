package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jtextract/jt/internal/sharedtest"
	"github.com/klauspost/compress/gzip"
)

func runJT(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(context.Background(), args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

const page = `<html><head><title>T</title></head><body><div><a href="/">Home</a></div>
<p>This is the kind of sentence that a person would write in a real article about the news, and it is
long enough that jusText keeps it as the main text of the page when it has a few of them together, as
it does here.</p>
<p>Another paragraph of the same kind follows it, so that the page has more than one good paragraph in
it and the context-sensitive pass has something to look at on both sides of each short paragraph that
it finds.</p>
</body></html>`

func writeFile(t *testing.T, name, content string, gz bool) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	var data []byte
	if gz {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		w.Write([]byte(content))
		w.Close()
		data = b.Bytes()
	} else {
		data = []byte(content)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestExtractText(t *testing.T) {
	code, out, errs := runJT(t, page, "extract")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if !strings.HasPrefix(out, "This is the kind") || strings.Contains(out, "Home") {
		t.Errorf("unexpected text output %q", out)
	}
}

func TestExtractGzipAndJSONL(t *testing.T) {
	good := writeFile(t, "a.html.gz", page, true)
	missing := filepath.Join(t.TempDir(), "missing.html")
	code, out, _ := runJT(t, "", "extract", "--format", "jsonl", good, missing)
	if code != 1 {
		t.Errorf("exit %d with a missing input, want 1", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d JSON lines, want one per input:\n%s", len(lines), out)
	}
	var doc struct {
		Path       string `json:"path"`
		Text       string `json:"text"`
		Error      string `json:"error"`
		Paragraphs []struct {
			Class string `json:"class"`
			XPath string `json:"xpath"`
		} `json:"paragraphs"`
	}
	if err := json.Unmarshal([]byte(lines[0]), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Path != good || !strings.Contains(doc.Text, "real article") || len(doc.Paragraphs) != 3 || doc.Paragraphs[0].XPath == "" {
		t.Errorf("first line %+v", doc)
	}
	doc.Error = ""
	if err := json.Unmarshal([]byte(lines[1]), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Path != missing || doc.Error == "" {
		t.Errorf("second line %s lacks the error", lines[1])
	}
}

func TestExtractDetailed(t *testing.T) {
	code, out, _ := runJT(t, page, "extract", "--format", "detailed")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	if !strings.Contains(out, `<p class="bad" cfclass="bad" heading="0" xpath="/html[1]/body[1]/div[1]" lang="English" features="prob=`) {
		t.Errorf("detailed output lacks the navigation paragraph:\n%s", out)
	}
	// jusText's own format, without the attributes only auto adds.
	code, out, _ = runJT(t, page, "extract", "--algo", "justext", "--format", "detailed")
	if code != 0 {
		t.Fatalf("justext: exit %d", code)
	}
	if !strings.Contains(out, `<p class="bad" cfclass="bad" heading="0" xpath="/html[1]/body[1]/div[1]"> Home`) {
		t.Errorf("justext: detailed output lacks the navigation paragraph:\n%s", out)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{}, {"nope"}, {"extract", "--format", "xml"}, {"extract", "--algo", "nope"},
		{"extract", "--lang", "Klingon"}, {"extract", "--length-low", "300"},
	} {
		if code, _, errs := runJT(t, "", args...); code != 2 || errs == "" {
			t.Errorf("jt %v: exit %d, stderr %q; want 2 and a message", args, code, errs)
		}
	}
	if code, out, _ := runJT(t, "", "help"); code != 0 || !strings.Contains(out, "extract") {
		t.Errorf("jt help: exit %d, output %q", code, out)
	}
	if code, _, errs := runJT(t, "", "extract", "--help"); code != 0 || !strings.Contains(errs, "no-headings") {
		t.Errorf("jt extract --help: exit %d, usage %q", code, errs)
	}
}

func TestLists(t *testing.T) {
	if code, out, _ := runJT(t, "", "stoplists"); code != 0 || !strings.Contains(out, "English\n") || strings.Count(out, "\n") < 100 {
		t.Errorf("jt stoplists: exit %d, %d lines", code, strings.Count(out, "\n"))
	}
	if code, out, _ := runJT(t, "", "algos"); code != 0 || !strings.HasPrefix(out, "auto ") || !strings.Contains(out, "(the default)") || !strings.Contains(out, "\njustext ") {
		t.Errorf("jt algos: exit %d, output %q", code, out)
	}
}

func TestCustomStoplist(t *testing.T) {
	list := writeFile(t, "stop.txt", "the\nof\nis\na\nit\nthat\n", false)
	code, out, errs := runJT(t, page, "extract", "--stoplist", list, "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, `"stopwords":`) {
		t.Errorf("json output lacks stop-word counts: %s", out)
	}
}

func TestFlagsAfterInputs(t *testing.T) {
	in := writeFile(t, "a.html", page, false)
	code, out, errs := runJT(t, "", "extract", in, "--format", "jsonl", "--", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if n := strings.Count(out, "\n"); n != 2 {
		t.Errorf("%d lines for two inputs (a file, then stdin after --):\n%s", n, out)
	}
}

// TestGzipBomb feeds jt extract a small gzip input that expands far beyond
// --max-bytes: it must fail that input with a size error, not read it all.
func TestGzipBomb(t *testing.T) {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	chunk := make([]byte, 1<<20)
	for range 64 {
		w.Write(chunk)
	}
	w.Close()
	bomb := filepath.Join(t.TempDir(), "bomb.html.gz")
	if err := os.WriteFile(bomb, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runJT(t, "", "extract", "--max-bytes", "1000000", bomb)
	if code != 1 || !strings.Contains(errs, "too large") {
		t.Errorf("exit %d, stderr %q; want 1 and a size error", code, errs)
	}
	code, out, errs := runJT(t, "", "extract", "--max-bytes", "1000000", "--truncate", "--format", "jsonl", bomb)
	if code != 0 || !strings.Contains(out, `"limits":{"input_truncated":true}`) {
		t.Errorf("with --truncate: exit %d, output %q, stderr %q", code, out, errs)
	}
}

// TestEvalScoresPeer checks that jt eval --score reproduces the published
// scores of the benchmark's jusText output, and that an evaluation run
// prints a row per algorithm and writes the per-page CSV.
func TestEvalScoresPeer(t *testing.T) {
	dir := filepath.Join(sharedtest.Dir(t), "datasets", "scrapinghub")
	code, out, errs := runJT(t, "", "eval", "--dataset", dir, "--score", filepath.Join(dir, "peers", "justext.json"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"0.804 ±", "0.858 ±", "0.756 ±"} {
		if !strings.Contains(out, want) {
			t.Errorf("scores of peers/justext.json lack %q:\n%s", want, out)
		}
	}
	csv := filepath.Join(t.TempDir(), "pages.csv")
	code, out, errs = runJT(t, "", "eval", "--dataset", dir, "--algos", "justext,bte", "--per-page", csv, "--format", "markdown")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "| justext | 0.792 ±") || !strings.Contains(out, "| bte |") {
		t.Errorf("markdown table lacks the rows:\n%s", out)
	}
	data, err := os.ReadFile(csv)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "\n"); n != 1+2*181 {
		t.Errorf("per-page CSV has %d lines, want a header and 181 per algorithm", n)
	}
}

func TestDetailedBoilerpipeFeatures(t *testing.T) {
	code, out, errs := runJT(t, page, "extract", "--algo", "boilerpipe-default", "--format", "detailed")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, `features="words=`) || !strings.Contains(out, "link_density=") || !strings.Contains(out, "labels=") {
		t.Errorf("detailed boilerpipe output lacks block features:\n%s", out)
	}
}
