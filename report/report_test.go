package report_test

import (
	"bytes"
	"context"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/report"
)

func extract(t *testing.T, page []byte) *jt.Document {
	t.Helper()
	ex, err := jt.New()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := ex.ExtractBytes(page)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func counts(doc *jt.Document) (good, bad int) {
	for _, p := range doc.Paragraphs {
		if p.Class == jt.Good {
			good++
		} else {
			bad++
		}
	}
	return good, bad
}

var blockRE = regexp.MustCompile(`data-class="(good|bad)"`)

func TestWrite(t *testing.T) {
	page := `<title>A &lt;b&gt; title</title><div><a href=/>Home</a></div>
<p>` + strings.Repeat("This is the kind of sentence people write in real articles about the news. ", 4) + `</p>
<p>&lt;script&gt;alert(1)&lt;/script&gt; is text here, not markup.</p>`
	doc := extract(t, []byte(page))
	var b bytes.Buffer
	if err := report.Write(&b, doc, report.Info{Source: "test.html", Params: []report.Param{{Name: "language", Value: "English"}}}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	good, bad := counts(doc)
	var g, bd int
	for _, m := range blockRE.FindAllStringSubmatch(out, -1) {
		if m[1] == "good" {
			g++
		} else {
			bd++
		}
	}
	if g != good || bd != bad || good+bad != len(doc.Paragraphs) {
		t.Errorf("report shows %d good and %d bad blocks, document has %d and %d", g, bd, good, bad)
	}
	for _, want := range []string{"<title>jt view: A &lt;b&gt; title</title>", "&lt;script&gt;alert(1)", "<dd>English</dd>", "text kept"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	if strings.Contains(out, "<script>") || strings.Contains(out, "src=") || strings.Contains(out, "href=") {
		t.Error("report is not self-contained and script-free")
	}
}

// TestChromium renders a report of a bundled example page in headless
// Chromium (Debian's chromium package; .ci/run installs it) and checks
// that it loads without errors and shows the document's number of good and
// bad blocks. It skips only where Chromium is not installed.
func TestChromium(t *testing.T) {
	bin, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("chromium not installed (Debian package chromium; .ci/run installs it): cannot render the report in a browser")
	}
	page, err := os.ReadFile("../testdata/pages/spacereview.html")
	if err != nil {
		t.Fatal(err)
	}
	doc := extract(t, page)
	dir := t.TempDir()
	file := filepath.Join(dir, "report.html")
	var b bytes.Buffer
	if err := report.Write(&b, doc, report.Info{Source: "spacereview.html"}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr",
		"--user-data-dir="+filepath.Join(dir, "profile"), "--dump-dom", "file://"+file)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	dom, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.String())
	}
	for _, line := range strings.Split(stderr.String(), "\n") {
		if strings.Contains(line, "CONSOLE") || strings.Contains(line, "net::ERR_") {
			t.Errorf("chromium reported a page error: %s", line)
		}
	}
	good, bad := counts(doc)
	m := regexp.MustCompile(`id="counts" data-good="(\d+)" data-bad="(\d+)"`).FindSubmatch(dom)
	if m == nil {
		t.Fatalf("rendered page lacks the block counts; DOM starts %.300q", dom)
	}
	if string(m[1]) != strconv.Itoa(good) || string(m[2]) != strconv.Itoa(bad) {
		t.Errorf("rendered header says %s good, %s bad; document has %d and %d", m[1], m[2], good, bad)
	}
	if n := len(blockRE.FindAll(dom, -1)); n != good+bad {
		t.Errorf("rendered page shows %d blocks, document has %d", n, good+bad)
	}
}

func ExampleWrite() {
	ex, err := jt.New()
	if err != nil {
		log.Fatal(err)
	}
	doc, err := ex.ExtractBytes([]byte("<div><a href=/>Home</a></div><p>Too short to keep.</p>"))
	if err != nil {
		log.Fatal(err)
	}
	var b bytes.Buffer
	if err := report.Write(&b, doc, report.Info{Source: "inline"}); err != nil {
		log.Fatal(err)
	}
	fmt.Println(strings.Count(b.String(), `data-class="bad"`), "bad blocks shown")
	// Output: 2 bad blocks shown
}
