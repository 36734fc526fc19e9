package boilerpipe

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/internal/sharedtest"
	"github.com/jtextract/jt/tokenizer"
)

// parsePage parses html into p with a fresh walk.
func parsePage(tb testing.TB, z *tokenizer.Tokenizer, w *blocks.Walker, p *Parser, html []byte) *Document {
	tb.Helper()
	p.Reset()
	z.ResetBytes(html)
	if err := w.Walk(context.Background(), z, p); err != nil {
		tb.Fatal(err)
	}
	return p.Document()
}

// featureFields are the block fields the acceptance compares;
// tagLevel and containedTextElements are reported but depend on how
// NekoHTML shaped the tree and cut text events (see
// testdata/boilerpipe-parity.md).
var featureFields = []string{"text", "numWords", "numWordsInAnchorText", "numWordsInWrappedLines",
	"numWrappedLines", "linkDensity", "textDensity", "labels", "isContent"}

// htmlFixture parses the 181 pages once per call with a warm parser.
type htmlFixture struct {
	z *tokenizer.Tokenizer
	w *blocks.Walker
	p *Parser
}

func newHTMLFixture(tb testing.TB) *htmlFixture {
	z, err := tokenizer.New()
	if err != nil {
		tb.Fatal(err)
	}
	p := NewParser()
	p.SetSource(z)
	return &htmlFixture{z: z, w: blocks.NewWalker(), p: p}
}

func (f *htmlFixture) parse(tb testing.TB, html []byte) *Document {
	return parsePage(tb, f.z, f.w, f.p, html)
}

// TestParsedBlocksFromHTML parses the 181 pages and compares every block
// with the Java parser's (boilerpipe-blocks-parsed) and the title with
// boilerpipe-pages.jsonl. The figures are logged; the test fails when fewer
// than 98% of blocks agree on the features.
func TestParsedBlocksFromHTML(t *testing.T) {
	pages := sharedtest.Pages(t)
	ref := loadReference(t)
	f := newHTMLFixture(t)
	var total, same, featSame, titles int
	fields := map[string]int{}
	for i, pg := range pages {
		r := &ref[i]
		if r.ID != pg.ID {
			t.Fatalf("page %d is %s, reference %s", i, pg.ID, r.ID)
		}
		doc := f.parse(t, pg.HTML)
		if doc.Title == r.Title {
			titles++
		} else {
			t.Logf("%s: title %q, want %q", pg.ID, doc.Title, r.Title)
		}
		total += max(len(doc.Blocks), len(r.Parsed))
		for j := range min(len(doc.Blocks), len(r.Parsed)) {
			d := diffBlock(doc, &doc.Blocks[j], &r.Parsed[j])
			if d == "" {
				same++
			}
			feat := true
			for _, fd := range strings.Split(d, ",") {
				if fd == "" {
					continue
				}
				fields[fd]++
				if slices.Contains(featureFields, fd) {
					feat = false
				}
			}
			if feat {
				featSame++
			}
		}
	}
	t.Logf("titles %d/%d; blocks identical in every field %d/%d, in the features %d/%d; blocks differing per field: %v",
		titles, len(pages), same, total, featSame, total, fields)
	if featSame*100 < total*98 {
		t.Errorf("only %d/%d blocks agree on the features, want 98%%", featSame, total)
	}
}

// TestExtractorsFromHTML runs the seven extractors end to end on the 181
// pages and compares with boilerpipe's text, exactly and with whitespace
// normalised. Pages that differ are listed, with their explanation, in
// testdata/boilerpipe-parity.md; the test fails below 95% normalised.
func TestExtractorsFromHTML(t *testing.T) {
	pages := sharedtest.Pages(t)
	f := newHTMLFixture(t)
	var out []byte
	for _, name := range Names() {
		ex, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		exact, norm := 0, 0
		var differ []string
		for _, pg := range pages {
			doc := f.parse(t, pg.HTML)
			ex.Process(doc)
			out = doc.AppendContent(out[:0])
			want := readText(t, "boilerpipe-"+name, pg.ID)
			switch {
			case string(out) == want:
				exact++
				norm++
			case normalizeSpace(string(out)) == normalizeSpace(want):
				norm++
				differ = append(differ, pg.ID[:8]+"(ws)")
			default:
				differ = append(differ, pg.ID[:8])
			}
		}
		t.Logf("%-9s exact %d/%d, whitespace-normalised %d/%d; differing: %s", name, exact, len(pages), norm, len(pages), strings.Join(differ, " "))
		if norm*100 < len(pages)*95 {
			t.Errorf("%s: %d/%d pages normalised-identical, want 95%%", name, norm, len(pages))
		}
	}
}

// TestExtractedBlocksFromHTML parses the 181 pages, runs the Article and
// Default extractors, and compares every block left in the document with
// the Java dump after the same extractor (boilerpipe-blocks-article and
// -default): the block features must agree on at least 98% of blocks.
func TestExtractedBlocksFromHTML(t *testing.T) {
	pages := sharedtest.Pages(t)
	f := newHTMLFixture(t)
	for _, name := range []string{"article", "default"} {
		ex, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		var total, featSame int
		for _, pg := range pages {
			want, err := readBlocks(filepath.Join(referenceDir(t), "boilerpipe-blocks-"+name, pg.ID+".jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			doc := f.parse(t, pg.HTML)
			ex.Process(doc)
			total += max(len(doc.Blocks), len(want))
			for j := range min(len(doc.Blocks), len(want)) {
				feat := true
				for _, fd := range strings.Split(diffBlock(doc, &doc.Blocks[j], &want[j]), ",") {
					if slices.Contains(featureFields, fd) {
						feat = false
					}
				}
				if feat {
					featSame++
				}
			}
		}
		t.Logf("%s: %d/%d blocks after extraction agree with Java's on the features", name, featSame, total)
		if featSame*100 < total*98 {
			t.Errorf("%s: only %d/%d blocks agree on the features, want 98%%", name, featSame, total)
		}
	}
}
