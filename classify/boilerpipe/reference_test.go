package boilerpipe

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/jtextract/jt/internal/sharedtest"
)

// refBlock is one line of a boilerpipe-blocks-*/<id>.jsonl dump.
type refBlock struct {
	Index                  int      `json:"index"`
	Text                   string   `json:"text"`
	NumWords               int      `json:"numWords"`
	NumWordsInAnchorText   int      `json:"numWordsInAnchorText"`
	NumWordsInWrappedLines int      `json:"numWordsInWrappedLines"`
	NumWrappedLines        int      `json:"numWrappedLines"`
	LinkDensity            float32  `json:"linkDensity"`
	TextDensity            float32  `json:"textDensity"`
	OffsetStart            int      `json:"offsetBlocksStart"`
	OffsetEnd              int      `json:"offsetBlocksEnd"`
	TagLevel               int      `json:"tagLevel"`
	Labels                 []string `json:"labels"`
	IsContent              bool     `json:"isContent"`
	Elements               []int32  `json:"containedTextElements"`
}

// refPage is one reference page: its id, title and parsed blocks.
type refPage struct {
	ID     string
	Title  string
	Parsed []refBlock
}

var (
	refOnce  sync.Once
	refPages []refPage
	refErr   error
)

// referenceDir returns the reference folder of the shared data, skipping
// the test when the shared data is absent.
func referenceDir(tb testing.TB) string {
	tb.Helper()
	return filepath.Join(sharedtest.Dir(tb), "testdata", "reference")
}

// loadReference reads boilerpipe-pages.jsonl and every parsed-block dump,
// once per test binary.
func loadReference(tb testing.TB) []refPage {
	tb.Helper()
	dir := referenceDir(tb)
	refOnce.Do(func() { refPages, refErr = readReference(dir) })
	if refErr != nil {
		tb.Fatalf("reading the boilerpipe reference: %v", refErr)
	}
	return refPages
}

func readReference(dir string) ([]refPage, error) {
	type pageLine struct {
		ID    string  `json:"id"`
		Title *string `json:"title"`
	}
	var pages []refPage
	err := readJSONL(filepath.Join(dir, "boilerpipe-pages.jsonl"), func(line []byte) error {
		var p pageLine
		if err := json.Unmarshal(line, &p); err != nil {
			return err
		}
		rp := refPage{ID: p.ID}
		if p.Title != nil {
			rp.Title = *p.Title
		}
		pages = append(pages, rp)
		return nil
	})
	if err != nil {
		return nil, err
	}
	for i := range pages {
		blocks, err := readBlocks(filepath.Join(dir, "boilerpipe-blocks-parsed", pages[i].ID+".jsonl"))
		if err != nil {
			return nil, err
		}
		pages[i].Parsed = blocks
	}
	return pages, nil
}

func readBlocks(name string) ([]refBlock, error) {
	var out []refBlock
	err := readJSONL(name, func(line []byte) error {
		var b refBlock
		if err := json.Unmarshal(line, &b); err != nil {
			return err
		}
		out = append(out, b)
		return nil
	})
	return out, err
}

func readJSONL(name string, fn func([]byte) error) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		if len(sc.Bytes()) == 0 {
			continue
		}
		if err := fn(sc.Bytes()); err != nil {
			return err
		}
	}
	return sc.Err()
}

// document builds the Document the Java parser produced for p.
func (p *refPage) document(doc *Document) {
	doc.Reset()
	doc.Title = p.Title
	for _, b := range p.Parsed {
		doc.AddBlock([]byte(b.Text), b.Elements, b.NumWords, b.NumWordsInAnchorText,
			b.NumWordsInWrappedLines, b.NumWrappedLines, b.OffsetStart, b.TagLevel)
	}
}

// readText returns a reference .txt, failing the test when it is missing.
func readText(tb testing.TB, folder, id string) string {
	tb.Helper()
	b, err := os.ReadFile(filepath.Join(referenceDir(tb), folder, id+".txt"))
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

// normalizeSpace collapses whitespace runs to one space and trims, for the
// whitespace-normalised comparison.
func normalizeSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

// diffBlock describes how got differs from want, or returns "".
func diffBlock(doc *Document, got *TextBlock, want *refBlock) string {
	var d []string
	check := func(name string, ok bool) {
		if !ok {
			d = append(d, name)
		}
	}
	check("text", string(doc.AppendText(nil, got)) == want.Text)
	check("numWords", got.NumWords == want.NumWords)
	check("numWordsInAnchorText", got.NumWordsInAnchorText == want.NumWordsInAnchorText)
	check("numWordsInWrappedLines", got.NumWordsInWrappedLines == want.NumWordsInWrappedLines)
	check("numWrappedLines", got.NumWrappedLines == want.NumWrappedLines)
	check("linkDensity", got.LinkDensity == want.LinkDensity)
	check("textDensity", got.TextDensity == want.TextDensity)
	check("offsets", got.OffsetStart == want.OffsetStart && got.OffsetEnd == want.OffsetEnd)
	check("tagLevel", got.TagLevel == want.TagLevel)
	check("labels", slices.Equal(got.Labels.Names(nil), append([]string{}, want.Labels...)))
	check("isContent", got.IsContent == want.IsContent)
	check("containedTextElements", slices.Equal(doc.AppendElements(nil, got), append([]int32{}, want.Elements...)))
	return strings.Join(d, ",")
}
