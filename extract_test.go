package jt_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/internal/sharedtest"
	"github.com/jtextract/jt/stopwords"
)

func newExtractor(tb testing.TB, opts ...jt.Option) *jt.Extractor {
	tb.Helper()
	ex, err := jt.New(opts...)
	if err != nil {
		tb.Fatal(err)
	}
	return ex
}

// longParagraph is a paragraph jusText keeps on its own: long, with many
// English stop words.
var longParagraph = "<p>" + strings.Repeat("This is the kind of sentence that a person would write in a real article about the news. ", 4) + "</p>"

func TestOptionsValidate(t *testing.T) {
	for _, tc := range []struct {
		name string
		opt  jt.Option
	}{
		{"unknown algorithm", jt.WithAlgorithm("nope")},
		{"unknown language", jt.WithLanguage("Klingon")},
		{"nil stoplist", jt.WithStoplist(nil)},
		{"zero max bytes", jt.WithMaxBytes(0)},
		{"max bytes beyond 32-bit positions", jt.WithMaxBytes(jt.MaxBytesLimit + 1)},
		{"tiny depth", jt.WithMaxDepth(2)},
		{"unknown favor", jt.WithFavor("speed")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := jt.New(tc.opt); !errors.Is(err, jt.ErrInvalidOption) {
				t.Errorf("New returned %v, want an error wrapping ErrInvalidOption", err)
			}
		})
	}
}

func TestHostileInputs(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   []byte
		want string // a substring of the main text, "" for none expected
	}{
		{"empty", nil, ""},
		{"only whitespace", []byte(" \n\t "), ""},
		{"binary", bytes.Repeat([]byte{0, 0xff, 0x80, '<', 0x1b}, 1000), ""},
		{"invalid UTF-8 in text", []byte("<body>" + strings.Replace(longParagraph, "kind", "ki\xffnd", 1)), "ki\ufffdnd"},
		// Valid UTF-8 under a single-byte declaration is read as UTF-8
		// (see package charset), not as mojibake.
		{"wrong declared charset", []byte(`<meta charset="windows-1252">` + strings.Replace(longParagraph, "news", "nüws", 1)), "nüws"},
		{"100,000 nested elements", []byte(strings.Repeat("<div>", 100000) + longParagraph + strings.Repeat("</div>", 100000)), "real article"},
		{"unclosed comment", []byte(longParagraph + "<!-- never closed " + longParagraph), "real article"},
		{"unclosed script", []byte(longParagraph + "<script> var x = '" + longParagraph), "real article"},
		{"stray brackets", []byte("<<<>>></></ <p" + longParagraph), "real article"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := newExtractor(t).ExtractBytes(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			text := doc.AppendText(nil)
			if !utf8.Valid(text) {
				t.Errorf("text is not valid UTF-8")
			}
			if !strings.Contains(string(text), tc.want) {
				t.Errorf("text %.80q... lacks %q", text, tc.want)
			}
		})
	}
}

// TestLargePage extracts a 50 MB page, and checks that a smaller limit
// refuses it with ErrTooLarge rather than reading it all.
func TestLargePage(t *testing.T) {
	skipShort(t)
	page := bytes.Repeat([]byte(longParagraph), 50<<20/len(longParagraph)+1)
	doc, err := newExtractor(t).ExtractBytes(page)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(doc.Paragraphs); n != bytes.Count(page, []byte("<p>")) {
		t.Errorf("%d paragraphs, want %d", n, bytes.Count(page, []byte("<p>")))
	}
	_, err = newExtractor(t, jt.WithMaxBytes(1<<20)).Extract(bytes.NewReader(page))
	if !errors.Is(err, jt.ErrTooLarge) {
		t.Errorf("Extract over the limit returned %v, want ErrTooLarge", err)
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

func TestReadError(t *testing.T) {
	_, err := newExtractor(t).Extract(io.MultiReader(strings.NewReader("<p>a"), failingReader{}))
	if err == nil || !strings.Contains(err.Error(), "disk on fire") {
		t.Errorf("Extract returned %v, want the reader's error", err)
	}
}

func TestContextCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	page := strings.Repeat(longParagraph, 1000)
	_, err := newExtractor(t).ExtractContext(ctx, strings.NewReader(page), "")
	if !errors.Is(err, context.Canceled) {
		t.Errorf("ExtractContext returned %v, want context.Canceled", err)
	}
}

func TestCallerCharset(t *testing.T) {
	page := []byte("<p>" + strings.Repeat("caf\xe9 is where the people of the town go in the morning and it is the best. ", 4))
	doc, err := newExtractor(t).ExtractContext(context.Background(), bytes.NewReader(page), "iso-8859-1")
	if err != nil {
		t.Fatal(err)
	}
	if got := doc.Charset(); got != "windows-1252" {
		t.Errorf("charset %q, want windows-1252 (WHATWG's meaning of iso-8859-1)", got)
	}
	if !strings.Contains(doc.Text(), "café is") {
		t.Errorf("text %.60q... not decoded as Latin-1", doc.Text())
	}
}

// TestExtractorReuse checks that an Extractor gives the same result for a
// page whatever it extracted before.
func TestExtractorReuse(t *testing.T) {
	pages := sharedtest.Pages(t)[:20]
	fresh := make([]string, len(pages))
	for i, p := range pages {
		doc, err := newExtractor(t).ExtractBytes(p.HTML)
		if err != nil {
			t.Fatal(err)
		}
		fresh[i] = doc.Text()
	}
	ex := newExtractor(t)
	for round := range 2 {
		for i, p := range pages {
			doc, err := ex.ExtractBytes(p.HTML)
			if err != nil {
				t.Fatal(err)
			}
			if doc.Text() != fresh[i] {
				t.Errorf("round %d, %s: reused Extractor differs from a fresh one", round, p.ID)
			}
		}
	}
}

// TestExtractAllocs holds the steady-state allocation budget of every
// algorithm: at most 10 allocations per page whatever its size.
func TestExtractAllocs(t *testing.T) {
	skipShort(t)
	pages := sharedtest.Pages(t)
	for _, algo := range jt.Algorithms() {
		ex := newExtractor(t, jt.WithAlgorithm(algo))
		for _, p := range pages {
			if _, err := ex.ExtractBytes(p.HTML); err != nil {
				t.Fatal(err)
			}
		}
		worst, worstID := 0.0, ""
		for _, p := range pages {
			n := testing.AllocsPerRun(2, func() {
				if _, err := ex.ExtractBytes(p.HTML); err != nil {
					t.Fatal(err)
				}
			})
			if n > worst {
				worst, worstID = n, p.ID
			}
		}
		t.Logf("%s: at most %.0f allocations per warm extraction (page %s)", algo, worst, worstID)
		if worst > 10 {
			t.Errorf("%s: %.0f allocations extracting %s, budget 10", algo, worst, worstID)
		}
	}
}

func FuzzExtract(f *testing.F) {
	for _, s := range []string{"", "<p>x", longParagraph, "<table><td>" + longParagraph, "<a>" + longParagraph + "</a>",
		"<meta charset=utf-16>" + longParagraph, "\xff\xfe<\x00p\x00>\x00", "<br><br><br>a<br>b", "<select>" + longParagraph,
		"<h1>t</h1>" + longParagraph + "<form><iframe>x</iframe>" + longParagraph} {
		f.Add([]byte(s))
	}
	var extractors []*jt.Extractor
	for _, algo := range jt.Algorithms() {
		extractors = append(extractors, newExtractor(f, jt.WithAlgorithm(algo), jt.WithMaxDepth(64), jt.WithXPath(true)))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		for _, ex := range extractors {
			fuzzOne(t, ex, in)
		}
	})
}

// fuzzOne checks the invariants of one extraction.
func fuzzOne(t *testing.T, ex *jt.Extractor, in []byte) {
	{
		doc, err := ex.ExtractBytes(in)
		if err != nil {
			t.Fatal(err)
		}
		if !utf8.Valid(doc.AppendText(nil)) {
			t.Error("main text is not valid UTF-8")
		}
		for i := range doc.Paragraphs {
			p := &doc.Paragraphs[i]
			// Boilerpipe keeps blocks whose text Java's trim empties
			// (control characters, empty links); jusText never does.
			if got := utf8.RuneCount(doc.ParagraphText(i)); got != p.Length || p.Length == 0 && doc.Algorithm() == "justext" {
				t.Errorf("%s paragraph %d: Length %d, text has %d code points", doc.Algorithm(), i, p.Length, got)
			}
		}
	}
}

func TestLimits(t *testing.T) {
	page := strings.Repeat(longParagraph, 100)
	doc, err := newExtractor(t, jt.WithMaxBytes(len(page)/2), jt.WithTruncate(true)).ExtractBytes([]byte(page))
	if err != nil {
		t.Fatal(err)
	}
	if l := doc.Limits(); !l.InputTruncated || len(doc.Paragraphs) > 51 {
		t.Errorf("truncated extraction: limits %+v, %d paragraphs", l, len(doc.Paragraphs))
	}
	doc, err = newExtractor(t, jt.WithMaxParagraphs(10)).ExtractBytes([]byte(page))
	if err != nil {
		t.Fatal(err)
	}
	if l := doc.Limits(); len(doc.Paragraphs) != 10 || l.DroppedParagraphs != 90 {
		t.Errorf("paragraph limit: %d paragraphs, limits %+v", len(doc.Paragraphs), l)
	}
	deep := strings.Repeat("<div>", 5000) + longParagraph // html, body and 98 divs fit; the rest and the p are dropped
	doc, err = newExtractor(t, jt.WithMaxDepth(100)).ExtractBytes([]byte(deep))
	if err != nil {
		t.Fatal(err)
	}
	if l := doc.Limits(); l.DroppedElements != 5000-98+1 || !strings.Contains(doc.Text(), "real article") {
		t.Errorf("depth limit: limits %+v, text %.40q", l, doc.Text())
	}
	doc, err = newExtractor(t).ExtractBytes([]byte(longParagraph))
	if err != nil {
		t.Fatal(err)
	}
	if l := doc.Limits(); l.Any() {
		t.Errorf("limits %+v on a small page", l)
	}
}

// TestAutoLanguage checks when the auto algorithm guesses the language:
// by default and with WithLanguage(LanguageAuto), but not once a language,
// a stoplist or the language-independent mode was chosen; and that the
// other algorithms never report one.
func TestAutoLanguage(t *testing.T) {
	page := []byte("<title>Ciencia</title>" + strings.Repeat("<p>El equipo de científicos de la universidad ha publicado este lunes un estudio en el que se analizan los datos de los últimos diez años, y los resultados muestran que la temperatura media del agua ha subido más de lo que se esperaba.</p>", 3))
	stop, err := stopwords.New([]string{"el", "de", "la"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		opts []jt.Option
		want string
	}{
		{"default", nil, "Spanish"},
		{"auto", []jt.Option{jt.WithLanguage(jt.LanguageAuto)}, "Spanish"},
		{"AUTO after English", []jt.Option{jt.WithLanguage("English"), jt.WithLanguage("AUTO")}, "Spanish"},
		{"explicit", []jt.Option{jt.WithLanguage("Spanish")}, ""},
		{"stoplist", []jt.Option{jt.WithStoplist(stop)}, ""},
		{"independent", []jt.Option{jt.WithLanguageIndependent()}, ""},
	} {
		ex := newExtractor(t, append(tc.opts, jt.WithAlgorithm("auto"))...)
		doc, err := ex.ExtractBytes(page)
		if err != nil {
			t.Fatal(err)
		}
		if got := doc.Language(); got != tc.want {
			t.Errorf("%s: Language %q, want %q", tc.name, got, tc.want)
		}
		if !strings.Contains(doc.Text(), "temperatura media") {
			t.Errorf("%s: text %q lacks the article", tc.name, doc.Text())
		}
	}
	for _, algo := range jt.Algorithms() {
		if algo == "auto" {
			continue
		}
		doc, err := newExtractor(t, jt.WithAlgorithm(algo), jt.WithLanguage(jt.LanguageAuto)).ExtractBytes(page)
		if err != nil {
			t.Fatal(err)
		}
		if doc.Language() != "" {
			t.Errorf("%s: Language %q, want none", algo, doc.Language())
		}
	}
}

// TestNoscriptIframe extracts a page whose tag-manager snippet leaves an
// iframe open inside noscript: every algorithm keeps the article after it,
// and no markup comes out as text.
func TestNoscriptIframe(t *testing.T) {
	page := []byte("<body><noscript><iframe src=\"https://example.com/ns.html\" height=\"0\" width=\"0\" />" +
		"</noscript>" + longParagraph + longParagraph + "</body>")
	for _, algo := range jt.Algorithms() {
		doc, err := newExtractor(t, jt.WithAlgorithm(algo)).ExtractBytes(page)
		if err != nil {
			t.Fatal(err)
		}
		var all strings.Builder
		for i := range doc.Paragraphs {
			all.Write(doc.ParagraphText(i))
		}
		if !strings.Contains(all.String(), "real article about the news") || strings.Contains(all.String(), "<") {
			t.Errorf("%s: paragraphs %q, want the article without markup", algo, all.String())
		}
	}
}
