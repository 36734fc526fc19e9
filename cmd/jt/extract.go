package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"html"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/classify/justext"
	"github.com/jtextract/jt/classify/tree"
	"github.com/jtextract/jt/metadata"
	"github.com/jtextract/jt/stopwords"
	"github.com/klauspost/compress/gzip"
)

// defaultAlgo is the algorithm of extract, warc and view when --algo is
// not given: "auto" scores best on the shared benchmark pages.
const defaultAlgo = "auto"

// extractFlags holds the extraction settings shared by the commands that
// extract (extract, eval, warc, view).
type extractFlags struct {
	algo, lang, stoplist, encoding string
	favor                          string
	cfg                            justext.Config
	maxBytes, maxDepth, maxParas   int
	truncate                       bool
	timeout                        time.Duration
	treeDepth                      int
}

func (f *extractFlags) register(fs *flag.FlagSet) {
	d := justext.DefaultConfig()
	fs.StringVar(&f.algo, "algo", defaultAlgo, "extraction algorithm: "+strings.Join(jt.Algorithms(), ", "))
	fs.StringVar(&f.lang, "lang", jt.LanguageAuto, `stoplist language (see "jt stoplists"), "none" for jusText's language-independent mode, or "auto": guessed per page by the auto algorithm, English for the others`)
	fs.StringVar(&f.favor, "favor", "balanced", "auto: precision/recall trade-off, precision (cleaner), balanced (best F1) or recall (more complete)")
	fs.StringVar(&f.stoplist, "stoplist", "", "stoplist `FILE`, one word per line (overrides --lang)")
	fs.StringVar(&f.encoding, "encoding", "", "character encoding of the inputs, overriding their own declarations (default: BOM, <meta>, then UTF-8)")
	fs.IntVar(&f.cfg.LengthLow, "length-low", d.LengthLow, "jusText: paragraphs shorter than this many characters are short")
	fs.IntVar(&f.cfg.LengthHigh, "length-high", d.LengthHigh, "jusText: paragraphs longer than this many characters may be good")
	fs.Float64Var(&f.cfg.StopwordsLow, "stopwords-low", d.StopwordsLow, "jusText: stop-word density from which a paragraph is near-good")
	fs.Float64Var(&f.cfg.StopwordsHigh, "stopwords-high", d.StopwordsHigh, "jusText: stop-word density from which a long paragraph is good")
	fs.Float64Var(&f.cfg.MaxLinkDensity, "max-link-density", d.MaxLinkDensity, "jusText: paragraphs with a higher link density are bad")
	fs.IntVar(&f.cfg.MaxHeadingDistance, "max-heading-distance", d.MaxHeadingDistance, "jusText: characters a heading may be from the good text that keeps it")
	fs.BoolVar(&f.cfg.NoHeadings, "no-headings", false, "jusText: treat headings like any other paragraph")
	fs.IntVar(&f.maxBytes, "max-bytes", jt.DefaultMaxBytes, "largest input accepted, in bytes (after decompression); larger ones fail unless --truncate")
	fs.BoolVar(&f.truncate, "truncate", false, "cut inputs longer than --max-bytes at the limit instead of failing them")
	fs.IntVar(&f.maxDepth, "max-depth", 1024, "most elements open at once; deeper start tags are ignored (their text kept)")
	fs.IntVar(&f.maxParas, "max-paragraphs", 1<<20, "most paragraphs kept per document; later ones are dropped")
	fs.IntVar(&f.treeDepth, "tree-depth", 0, "apply the HTML-tree filter after a boilerpipe algorithm, grouping by this ancestor (1 parent … 5; \"tree\" uses 2); 0 for none")
	fs.Var((*durationFlag)(&f.timeout), "timeout", "give up on a document after this long (e.g. 10s); 0 for no limit")
}

// durationFlag is a time.Duration flag whose errors say what is wrong:
// flag.DurationVar answers "5" with a bare "parse error".
type durationFlag time.Duration

func (d *durationFlag) String() string { return time.Duration(*d).String() }

func (d *durationFlag) Set(s string) error {
	v, err := time.ParseDuration(s)
	if err != nil {
		if _, nerr := strconv.ParseFloat(s, 64); nerr == nil && s != "0" {
			return fmt.Errorf("missing unit, e.g. %ss", s)
		}
		return errors.New("want a duration such as 10s, 1m30s or 500ms")
	}
	if v < 0 {
		return errors.New("must not be negative")
	}
	*d = durationFlag(v)
	return nil
}

// validate checks the ranges of the numeric flags, naming the flag: the
// library checks them too, but in terms of its options.
func (f *extractFlags) validate() error {
	c := &f.cfg
	fraction := func(name string, v float64) error {
		if !(v >= 0 && v <= 1) { // NaN too
			return fmt.Errorf("%s %g: want a value from 0 to 1", name, v)
		}
		return nil
	}
	atLeast := func(name string, v, low int) error {
		if v < low {
			return fmt.Errorf("%s %d: want at least %d", name, v, low)
		}
		return nil
	}
	for _, err := range []error{
		atLeast("--length-low", c.LengthLow, 0),
		atLeast("--length-high", c.LengthHigh, 0),
		fraction("--stopwords-low", c.StopwordsLow),
		fraction("--stopwords-high", c.StopwordsHigh),
		fraction("--max-link-density", c.MaxLinkDensity),
		atLeast("--max-heading-distance", c.MaxHeadingDistance, 0),
		atLeast("--max-bytes", f.maxBytes, 1),
		atLeast("--max-depth", f.maxDepth, 8),
		atLeast("--max-paragraphs", f.maxParas, 1),
	} {
		if err != nil {
			return err
		}
	}
	switch {
	case c.LengthLow > c.LengthHigh:
		return fmt.Errorf("--length-low %d is above --length-high %d", c.LengthLow, c.LengthHigh)
	case c.StopwordsLow > c.StopwordsHigh:
		return fmt.Errorf("--stopwords-low %g is above --stopwords-high %g", c.StopwordsLow, c.StopwordsHigh)
	case f.treeDepth < 0 || f.treeDepth > tree.MaxDepth:
		return fmt.Errorf("--tree-depth %d: want 0 (none) or 1 to %d", f.treeDepth, tree.MaxDepth)
	}
	return nil
}

// options checks the flags and turns them into jt options.
func (f *extractFlags) options() ([]jt.Option, error) {
	if err := f.validate(); err != nil {
		return nil, err
	}
	opts := []jt.Option{
		jt.WithAlgorithm(f.algo), jt.WithJusText(f.cfg),
		jt.WithEncoding(f.encoding), jt.WithMaxBytes(f.maxBytes), jt.WithTruncate(f.truncate),
		jt.WithMaxDepth(f.maxDepth), jt.WithMaxParagraphs(f.maxParas), jt.WithFavor(f.favor),
	}
	if f.treeDepth != 0 {
		opts = append(opts, jt.WithTreeFilter(f.treeDepth))
	}
	switch {
	case f.stoplist != "":
		file, err := os.Open(f.stoplist)
		if err != nil {
			return nil, err
		}
		defer file.Close()
		s, err := stopwords.Parse(file)
		if err != nil {
			return nil, fmt.Errorf("stoplist %s: %w", f.stoplist, err)
		}
		opts = append(opts, jt.WithStoplist(s))
	case strings.EqualFold(f.lang, "none"):
		opts = append(opts, jt.WithLanguageIndependent())
	default:
		opts = append(opts, jt.WithLanguage(f.lang))
	}
	return opts, nil
}

// openInput opens a named input ("-" for stdin), gunzipping it when it
// starts with the gzip magic.
func openInput(name string, stdin io.Reader) (io.ReadCloser, error) {
	var rc io.ReadCloser = io.NopCloser(stdin)
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		rc = f
	}
	br := bufio.NewReader(rc)
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			rc.Close()
			return nil, fmt.Errorf("gzip: %w", err)
		}
		return struct {
			io.Reader
			io.Closer
		}{zr, rc}, nil
	}
	return struct {
		io.Reader
		io.Closer
	}{br, rc}, nil
}

func runExtract(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("extract", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var ef extractFlags
	ef.register(fs)
	format := fs.String("format", "text", "output format: text (the main text: headings and paragraphs apart by a blank line, a list item or table row per line), markdown (CommonMark with GitHub tables), html (a clean fragment), detailed (every paragraph with its classes, like jusText's -d), json (one object per input), jsonl (one line per input)")
	var of outputFlags
	of.register(fs)
	pageURL := fs.String("url", "", "the `URL` the input was fetched from, for its metadata (json and jsonl): the canonical link is resolved against it, and a date in its path is the last resort for the publication date; one input only")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `Usage: jt extract [flags] [FILE|-]...

Extracts the main text of each HTML input (stdin when none is given or for
"-"; gzip-compressed inputs are read transparently). Inputs that fail are
reported (on stderr, or as {"path","error"} lines with --format jsonl) and the
others still processed; the exit status is then 1.

The json and jsonl formats also give each page's metadata: title (the
headline without the site's name), author, publication and modification
dates, site name, description, canonical URL, language, image, categories
and tags; --url says where a file was fetched from.

Flags:
`)
		fs.PrintDefaults()
	}
	inputs, err := parseArgs(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	o, err := newOutput(*format, &of, len(inputs) > 1)
	if err != nil {
		fmt.Fprintf(stderr, "jt extract: %v\n", err)
		return 2
	}
	opts, err := ef.options()
	if err != nil {
		fmt.Fprintf(stderr, "jt extract: %v\n", err)
		return 2
	}
	opts = append(opts, jt.WithXPath(o.detailed()), jt.WithMetadata(o.json()), jt.WithStructure(o.format != "detailed"))
	if *pageURL != "" && len(inputs) > 1 {
		fmt.Fprintf(stderr, "jt extract: --url names the URL of one input, and %d are given\n", len(inputs))
		return 2
	}
	ex, err := jt.New(opts...)
	if err != nil {
		fmt.Fprintf(stderr, "jt extract: %v\n", err)
		return 2
	}
	if len(inputs) == 0 {
		inputs = []string{"-"}
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	status := 0
	for _, name := range inputs {
		doc, err := extractPage(ctx, ex, name, *pageURL, stdin, ef.timeout)
		if err == nil {
			err = o.write(out, name, doc)
		} else if *format == "jsonl" {
			err = writeJSONError(out, name, err)
			status = 1
		}
		if err != nil {
			fmt.Fprintf(stderr, "jt extract: %s: %v\n", name, err)
			status = 1
		}
		if ctx.Err() != nil {
			break
		}
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "jt extract: writing output: %v\n", err)
		return 1
	}
	return status
}

func extractFile(ctx context.Context, ex *jt.Extractor, name string, stdin io.Reader, timeout time.Duration) (*jt.Document, error) {
	return extractPage(ctx, ex, name, "", stdin, timeout)
}

// extractPage is extractFile for an input fetched from pageURL ("" when
// unknown), which the metadata uses.
func extractPage(ctx context.Context, ex *jt.Extractor, name, pageURL string, stdin io.Reader, timeout time.Duration) (*jt.Document, error) {
	in, err := openInput(name, stdin)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	return ex.ExtractPage(ctx, in, jt.Page{URL: pageURL})
}

// writeDetailed prints every paragraph as jusText's detailed output does,
// with a features attribute for algorithms that compute more (boilerpipe's
// block features and labels, auto's probability) and a lang attribute when
// the algorithm guessed the document's language.
func writeDetailed(w *bufio.Writer, _ string, d *jt.Document) error {
	var features []byte
	lang := d.Language()
	for i := range d.Paragraphs {
		p := &d.Paragraphs[i]
		heading := 0
		if p.Heading {
			heading = 1
		}
		fmt.Fprintf(w, "<p class=\"%s\" cfclass=\"%s\" heading=\"%d\" xpath=\"%s\"", p.Class, p.CFClass, heading, d.ParagraphXPath(i))
		if lang != "" {
			fmt.Fprintf(w, " lang=\"%s\"", html.EscapeString(lang))
		}
		if features = d.AppendFeatures(features[:0], i); len(features) > 0 {
			fmt.Fprintf(w, " features=\"%s\"", html.EscapeString(string(features)))
		}
		fmt.Fprintf(w, "> %s\n", html.EscapeString(string(d.ParagraphText(i))))
	}
	return nil
}

// jsonParagraph is the JSON form of a paragraph.
type jsonParagraph struct {
	Text            string  `json:"text"`
	Features        string  `json:"features,omitempty"`
	Class           string  `json:"class"`
	CFClass         string  `json:"cf_class"`
	Heading         bool    `json:"heading"`
	DOMPath         string  `json:"dom_path,omitempty"`
	XPath           string  `json:"xpath,omitempty"`
	Length          int     `json:"length"`
	Words           int     `json:"words"`
	LinkChars       int     `json:"link_chars"`
	LinkDensity     float64 `json:"link_density"`
	StopWords       int     `json:"stopwords"`
	StopWordDensity float64 `json:"stopword_density"`
	Source          string  `json:"source,omitempty"` // "json-ld" for text auto read from the page's JSON-LD (see jt.Document.ParagraphSource)
	// Probability is the auto model's probability that the paragraph is
	// main text (absent for the other algorithms; Features then names the
	// evidence that weighed most).
	Probability *float32 `json:"probability,omitempty"`
	// Structure is where the paragraph sits in the page (absent for the
	// algorithms that record none).
	Structure *jsonStructure `json:"structure,omitempty"`
}

// jsonStructure is the JSON form of a paragraph's jt.Structure.
type jsonStructure struct {
	Kind    string `json:"kind"`
	Level   int    `json:"level,omitempty"`
	List    int    `json:"list,omitempty"`
	Ordered bool   `json:"ordered,omitempty"`
	Number  int    `json:"number,omitempty"`
	Quote   int    `json:"quote,omitempty"`
	Table   int    `json:"table,omitempty"`
	Row     *int   `json:"row,omitempty"`
	Col     *int   `json:"col,omitempty"`
	Header  bool   `json:"header,omitempty"`
	Lang    string `json:"lang,omitempty"`
}

func newJSONStructure(d *jt.Document, i int) *jsonStructure {
	if !d.HasStructure() {
		return nil
	}
	st := d.Structure(i)
	j := &jsonStructure{Kind: st.Kind.String(), Level: int(st.Level), List: int(st.List), Ordered: st.Ordered,
		Number: int(st.Number), Quote: int(st.Quote), Table: int(st.Table), Header: st.Header, Lang: string(d.StructureText(st.Lang))}
	if st.Table != 0 {
		row, col := int(st.Row), int(st.Col)
		j.Row, j.Col = &row, &col
	}
	return j
}

type jsonDocument struct {
	Path       string          `json:"path"`
	Limits     *jt.Limits      `json:"limits,omitempty"`
	Algorithm  string          `json:"algo,omitempty"`
	Charset    string          `json:"charset,omitempty"`
	Language   string          `json:"lang,omitempty"`
	Title      string          `json:"title,omitempty"`
	Metadata   metadata.Record `json:"metadata"`
	Text       string          `json:"text"`
	Fallback   bool            `json:"fallback,omitempty"`
	Paragraphs []jsonParagraph `json:"paragraphs"`
}

func (o *output) writeJSON(w *bufio.Writer, name string, d *jt.Document, indent string) error {
	var limits *jt.Limits
	if l := d.Limits(); l.Any() {
		limits = &l
	}
	o.buf = o.r.Append(o.buf[:0], d, o.content)
	jd := jsonDocument{Path: name, Limits: limits, Algorithm: d.Algorithm(), Charset: d.Charset(), Language: d.Language(), Title: d.Title(), Text: string(o.buf),
		Fallback: d.Fallback(), Metadata: d.Metadata().Record(), Paragraphs: make([]jsonParagraph, len(d.Paragraphs))}
	for i := range d.Paragraphs {
		p := &d.Paragraphs[i]
		jd.Paragraphs[i] = jsonParagraph{
			Text: string(d.ParagraphText(i)), Features: string(d.AppendFeatures(nil, i)), Class: p.Class.String(), CFClass: p.CFClass.String(),
			Heading: p.Heading, DOMPath: string(d.ParagraphPath(i)), XPath: string(d.ParagraphXPath(i)),
			Length: p.Length, Words: p.Words, LinkChars: p.LinkChars, LinkDensity: p.LinkDensity(),
			StopWords: p.StopWords, StopWordDensity: p.StopWordDensity(), Source: d.ParagraphSource(i),
		}
		if pr, ok := d.Probability(i); ok {
			jd.Paragraphs[i].Probability = &pr
		}
		jd.Paragraphs[i].Structure = newJSONStructure(d, i)
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", indent)
	return enc.Encode(jd)
}

func writeJSONError(w *bufio.Writer, name string, err error) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(struct {
		Path  string `json:"path"`
		Error string `json:"error"`
	}{name, err.Error()})
}
