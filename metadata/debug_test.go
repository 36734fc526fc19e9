package metadata

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/charset"
	"github.com/jtextract/jt/internal/jsonld"
	"github.com/jtextract/jt/tokenizer"
)

// collect runs a Collector over html, as jt's pass does.
func collect(tb testing.TB, c *Collector, html []byte, pageURL string) Metadata {
	tb.Helper()
	dec, err := charset.NewDecoder()
	if err != nil {
		tb.Fatal(err)
	}
	text, _, err := dec.Decode(html, "")
	if err != nil {
		tb.Fatal(err)
	}
	z, err := tokenizer.New()
	if err != nil {
		tb.Fatal(err)
	}
	z.ResetBytes(text)
	c.Reset()
	c.SetURL(pageURL)
	if err := blocks.NewWalker().Walk(context.Background(), z, c); err != nil {
		tb.Fatal(err)
	}
	return c.Finish()
}

var kindNames = [numKinds]string{"h1", "headline", "byline", "relauthor", "itemauthor", "time", "itemdate", "itemmodified", "datetext", "taglink", "catlink", "publisher", "authorlink", "loosebyline", "loosedate"}

// dump describes what a Collector collected.
func (c *Collector) dump() string {
	var b strings.Builder
	fmt.Fprintf(&b, "title %q lang %q canonical %q\n", c.text(c.title), c.text(c.lang), c.text(c.canonical))
	for _, m := range c.metas {
		fmt.Fprintf(&b, "meta %d %q\n", m.f, c.text(m.val))
	}
	for _, x := range c.cands {
		fmt.Fprintf(&b, "cand %s ctx=%x own=%x pos=%d flag=%v attr=%q text=%q\n", kindNames[x.k], x.ctx, x.own, x.pos, x.flag, c.text(x.attr), c.text(x.text))
	}
	ld := c.analyzeLD()
	fmt.Fprintf(&b, "ld roots=%d nodes=%d main=%d rank=%d page=%d site=%d articles=%d\n", len(c.doc.Roots), len(c.doc.Nodes), ld.main, ld.mainRank, ld.page, ld.site, ld.articles)
	for i := range c.doc.Nodes {
		n := &c.doc.Nodes[i]
		if n.Kind == jsonld.String {
			k := string(c.doc.Key(int32(i)))
			switch k {
			case "@type", "name", "headline", "datePublished", "dateModified", "dateCreated", "uploadDate", "@id":
				v := c.doc.Value(int32(i))
				fmt.Fprintf(&b, "  ld %d<-%d %s=%q\n", i, n.Parent, k, v[:min(len(v), 100)])
			}
		}
	}
	return b.String()
}

// TestDumpWCXB prints what the Collector sees on the WCXB pages listed in
// JT_META_DUMP (ids separated by commas).
func TestDumpWCXB(t *testing.T) {
	ids := os.Getenv("JT_META_DUMP")
	if ids == "" {
		t.Skip("set JT_META_DUMP to page ids")
	}
	dir := filepath.Join("..", "..", "shared", "datasets", "wcxb-dev", "dev")
	c := New(Config{})
	for id := range strings.SplitSeq(ids, ",") {
		html := readWCXBPage(t, dir, id)
		var gt struct {
			URL string `json:"url"`
			GT  struct {
				Title  *string `json:"title"`
				Author *string `json:"author"`
				Date   *string `json:"publish_date"`
			} `json:"ground_truth"`
		}
		data, _ := os.ReadFile(filepath.Join(dir, "ground-truth", id+".json"))
		json.Unmarshal(data, &gt)
		m := collect(t, c, html, gt.URL)
		s := func(p *string) string {
			if p == nil {
				return "<nil>"
			}
			return *p
		}
		t.Logf("=== %s %s\nwant title %q author %q date %q\ngot  %+v\n%s", id, gt.URL, s(gt.GT.Title), s(gt.GT.Author), s(gt.GT.Date), m, c.dump())
	}
}

// passRunner returns a function that runs a whole warm pass of c over
// html (tokenizer, Walker, Collector, resolution), and one that calls
// Finish.
func passRunner(tb testing.TB, c *Collector, html []byte) (run, finish func()) {
	dec, err := charset.NewDecoder()
	if err != nil {
		tb.Fatal(err)
	}
	text, _, err := dec.Decode(html, "")
	if err != nil {
		tb.Fatal(err)
	}
	text = append([]byte(nil), text...)
	z, err := tokenizer.New()
	if err != nil {
		tb.Fatal(err)
	}
	w := blocks.NewWalker()
	ctx := context.Background()
	run = func() {
		z.ResetBytes(text)
		c.Reset()
		c.SetURL("https://ex.com/a/")
		if err := w.Walk(ctx, z, c); err != nil {
			tb.Fatal(err)
		}
		c.resolve()
	}
	finish = func() { _ = c.Finish() }
	return run, finish
}

// TestDebugDateMisses lists, with JT_META_MISSES=1, the WCXB pages whose
// publication date jt gets wrong: the truth, jt's answer, and where the
// true day occurs in the HTML (ISO form), to classify the misses.
func TestDebugDateMisses(t *testing.T) {
	if os.Getenv("JT_META_MISSES") == "" {
		t.Skip("set JT_META_MISSES=1")
	}
	dir := filepath.Join("..", "..", "shared", "datasets", "wcxb-dev", "dev")
	ents, err := os.ReadDir(filepath.Join(dir, "ground-truth"))
	if err != nil {
		t.Skip(err)
	}
	c := New(Config{})
	n := 0
	for _, e := range ents {
		id := strings.TrimSuffix(e.Name(), ".json")
		var gt struct {
			URL string `json:"url"`
			GT  struct {
				Date *string `json:"publish_date"`
			} `json:"ground_truth"`
		}
		data, _ := os.ReadFile(filepath.Join(dir, "ground-truth", e.Name()))
		if err := json.Unmarshal(data, &gt); err != nil {
			t.Fatal(err)
		}
		want := ""
		if gt.GT.Date != nil {
			want = strings.TrimSpace(*gt.GT.Date)
		}
		html := readWCXBPage(t, dir, id)
		m := collect(t, c, html, gt.URL)
		got := m.Date
		if len(want) < 10 {
			if got != "" && os.Getenv("JT_META_MISSES") == "false" {
				t.Logf("FALSE %s %s got %q", id, gt.URL, got)
			}
			continue
		}
		if len(got) >= 10 && got[:10] == want[:10] {
			continue
		}
		n++
		var where strings.Builder
		s := string(html)
		var pats []string
		if tm, err := time.Parse("2006-01-02", want[:10]); err == nil {
			pats = []string{want[:10], tm.Format("January 2, 2006"), tm.Format("Jan 2, 2006"), tm.Format("2 January 2006"), tm.Format("01/02/2006"), tm.Format("Jan. 2, 2006"), tm.Format("January 02, 2006"), tm.Format("2 Jan 2006"), tm.Format("02.01.2006")}
		}
		for _, pat := range pats {
			for k, from := 0, 0; k < 3; k++ {
				i := strings.Index(s[from:], pat)
				if i < 0 {
					break
				}
				i += from
				lo := max(0, i-70)
				fmt.Fprintf(&where, "\n\t@%d %q", i, s[lo:min(len(s), i+30)])
				from = i + len(pat)
			}
		}
		t.Logf("MISS %s %s\n\twant %q got %q mod %q%s", id, gt.URL, want, got, m.Modified, where.String())
	}
	t.Logf("%d misses", n)
}

// readWCXBPage returns the gunzipped HTML of wcxb-dev page id under dir.
func readWCXBPage(t *testing.T, dir, id string) []byte {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "html", id+".html.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	html, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return html
}
