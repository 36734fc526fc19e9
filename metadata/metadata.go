package metadata

import (
	"github.com/jtextract/jt/internal/jsonld"
)

// Metadata is what a page says about itself. Every field is "" (or nil)
// when the page does not say it. The JSON names are those of jt's JSON
// outputs.
type Metadata struct {
	// Title is the page's headline without the site name, whitespace
	// collapsed and trimmed.
	Title string `json:"title,omitempty"`
	// Author names the authors, several joined with "; ".
	Author string `json:"author,omitempty"`
	// Date is the publication date: YYYY-MM-DD, or the full ISO 8601
	// timestamp when the source gives one (2024-05-17T09:30:00+02:00).
	// A page that gives none but shows its last update by its headline
	// is dated by that update.
	Date string `json:"date,omitempty"`
	// Modified is the date of the last modification, in Date's format.
	Modified string `json:"modified,omitempty"`
	// SiteName is the name of the site or publication: as the page names
	// it (og:site_name, JSON-LD), else the part of <title> after the
	// headline ("Headline | Site").
	SiteName string `json:"sitename,omitempty"`
	// Description is the page's own summary.
	Description string `json:"description,omitempty"`
	// URL is the canonical URL, resolved against the page URL; the page
	// URL when the page names none.
	URL string `json:"url,omitempty"`
	// Lang is the language the page declares (a BCP 47 tag as written,
	// e.g. "en-US").
	Lang string `json:"lang,omitempty"`
	// Image is the URL of the page's representative image.
	Image string `json:"image,omitempty"`
	// Categories are the sections the page is filed under.
	Categories []string `json:"categories,omitempty"`
	// Tags are the page's keywords and tags.
	Tags []string `json:"tags,omitempty"`
	// PageType is the kind of page (article, forum, product, …). The
	// Collector leaves it empty: it is filled by the layers that classify
	// pages, when they do.
	PageType string `json:"pagetype,omitempty"`
}

// Config bounds what a Collector keeps of one page. Zero fields take the
// defaults.
type Config struct {
	// MaxJSONLD is how many bytes of JSON-LD script text are read per
	// page (default 1 MiB); scripts past it are ignored.
	MaxJSONLD int
	// MaxText is how many bytes are kept of each value or text candidate
	// (default 512): a meta content, a title, a byline.
	MaxText int
	// MaxCandidates is how many candidates of each kind are kept (default
	// 16): meta tags of one field, h1 headings, bylines, time elements.
	MaxCandidates int
}

// Defaults of Config.
const (
	DefaultMaxJSONLD     = 1 << 20
	DefaultMaxText       = 512
	DefaultMaxCandidates = 16
)

func (c Config) withDefaults() Config {
	if c.MaxJSONLD <= 0 {
		c.MaxJSONLD = DefaultMaxJSONLD
	}
	if c.MaxText <= 0 {
		c.MaxText = DefaultMaxText
	}
	if c.MaxCandidates <= 0 {
		c.MaxCandidates = DefaultMaxCandidates
	}
	return c
}

// span is a range of bytes in one of the Collector's arenas.
type span struct{ start, end int32 }

func (s span) empty() bool { return s.end <= s.start }

// Collector gathers a page's metadata from a Walker's events (it is a
// blocks.Handler) and resolves it in Finish. Reset it before each page;
// it is not safe for concurrent use.
type Collector struct {
	cfg     Config
	pageURL string

	arena []byte // values and captured text
	tmp   []byte // the attribute values of the element being read

	metas []meta
	cands []cand
	spare cand      // receives the writes to a candidate that was not kept
	caps  []capture // open text captures, innermost last
	scope []scope   // open microdata itemscopes
	ctx   []uint32  // context flags of each open element
	count [numKinds]int

	lang, canonical, title span
	titleDone              bool
	textPos                int32 // bytes of body text seen so far
	inBody                 bool
	h1Pos                  int32 // textPos at the first h1 outside the page's chrome, -1 before
	h1Last                 int32 // textPos at the latest such h1, -1 before
	dateline               int32 // the candidate holding the last date before the first h1, -1 when none
	hdrDepth               int   // depth of the header holding the dateline, 0 when it is in none
	window                 int   // windowBefore, windowOpen or windowClosed (see inWindow)
	winPos                 int32 // textPos where the window opened
	winElems               int   // elements read in the window
	updateWord             bool  // the last short text said "updated" (so a date after it is one)
	pendingBy              bool  // the last short text was a lone "By": the next is a name
	pubLabel               bool  // the last short text was a lone "Published": the next is the date
	byLabel                int8  // texts left in which a date follows a "Written by" byline

	ld      []byte // the JSON-LD script being read
	ldDepth int
	ldTotal int
	doc     jsonld.Doc

	res result
}

// New returns a Collector with the limits of cfg.
func New(cfg Config) *Collector {
	c := &Collector{cfg: cfg.withDefaults()}
	c.Reset()
	return c
}

// Reset forgets the page, keeping the memory, and the page URL.
func (c *Collector) Reset() {
	if c.cfg == (Config{}) {
		c.cfg = c.cfg.withDefaults()
	}
	c.pageURL = ""
	c.arena, c.tmp = c.arena[:0], c.tmp[:0]
	c.metas, c.cands, c.caps, c.scope, c.ctx = c.metas[:0], c.cands[:0], c.caps[:0], c.scope[:0], c.ctx[:0]
	c.count = [numKinds]int{}
	c.lang, c.canonical, c.title = span{}, span{}, span{}
	c.titleDone, c.textPos, c.inBody = false, 0, false
	c.h1Pos, c.h1Last, c.dateline, c.updateWord, c.pendingBy, c.pubLabel, c.byLabel = -1, -1, -1, false, false, false, 0
	c.window, c.winPos, c.winElems, c.hdrDepth = windowBefore, 0, 0, 0
	c.ld, c.ldDepth, c.ldTotal = c.ld[:0], 0, 0
	c.doc.Reset()
	c.doc.MaxDepth = jsonld.DefaultMaxDepth
	c.doc.MaxNodes = max(1024, c.cfg.MaxJSONLD/8)
	c.res.reset()
}

// SetURL sets the URL the page was fetched from, for resolving its
// canonical link and as the last source of its date. Call it after Reset
// and before Finish.
func (c *Collector) SetURL(pageURL string) {
	c.pageURL = pageURL
	c.res.done = false
}

// Finish resolves what the page said into its Metadata. It may be called
// more than once; the Metadata does not refer to the Collector's memory
// and stays valid after Reset.
func (c *Collector) Finish() Metadata {
	c.resolve()
	return c.res.metadata(c.pageURL)
}
