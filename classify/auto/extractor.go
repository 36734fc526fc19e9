package auto

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"

	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/internal/jsonld"
	"github.com/jtextract/jt/stopwords"
	"golang.org/x/net/html/atom"
)

// Favor trades precision against recall: it selects the probability a
// paragraph needs to be kept.
type Favor uint8

// The Favor settings. Balanced maximises F1; Precision maximises F0.5 (for
// corpora that must be clean); Recall maximises F2 (for archives that must
// be complete). The thresholds are chosen by the training tool.
const (
	Balanced Favor = iota
	Precision
	Recall
	numFavors
)

var favorNames = [numFavors]string{Balanced: "balanced", Precision: "precision", Recall: "recall"}

// String returns the name ParseFavor accepts.
func (f Favor) String() string {
	if f < numFavors {
		return favorNames[f]
	}
	return "invalid"
}

// favorBetas are the β of the F-measure each Favor maximises.
var favorBetas = [numFavors]float64{Balanced: 1, Precision: 0.5, Recall: 2}

// Beta returns the β of the F-measure f maximises: 1, 0.5 or 2 (Balanced
// for a value out of range, as the extractor reads it).
func (f Favor) Beta() float64 { return favorBetas[min(f, numFavors-1)] }

// ErrUnknownFavor is wrapped by ParseFavor's error.
var ErrUnknownFavor = errors.New("auto: unknown favor")

// ParseFavor returns the Favor named "precision", "balanced" or "recall".
func ParseFavor(name string) (Favor, error) {
	for f, n := range favorNames {
		if n == name {
			return Favor(f), nil
		}
	}
	return 0, fmt.Errorf("%w %q (known: precision, balanced, recall)", ErrUnknownFavor, name)
}

// Config configures an Extractor.
type Config struct {
	// Stop is the stoplist whose density is evidence of prose. It is
	// ignored when AutoLanguage is set; nil otherwise means none (the
	// language-independent model).
	Stop *stopwords.Set
	// AutoLanguage picks the stoplist of each page from its text.
	AutoLanguage bool
	// Favor selects the precision/recall trade-off.
	Favor Favor
	// Model holds the weights; nil means the built-in one.
	Model *Model
	// MaxParagraphs limits the paragraphs of a page (0: the blocks
	// package's default).
	MaxParagraphs int
	// XPath makes the paragraphs record their XPath (it costs a map
	// update per element).
	XPath bool
}

// Extractor is a blocks.Handler that cuts a page into jusText paragraphs
// and records, in the same pass, the structural evidence around their text:
// semantic elements, ARIA roles, itemprop, class and id words, hidden
// elements, and any JSON-LD articleBody. Finish then guesses the language,
// computes each paragraph's features and classifies it (see Model).
//
// An Extractor is reusable: Reset it before each page. A warm Extractor
// does not allocate. It is not safe for concurrent use.
type Extractor struct {
	cfg   Config
	model *Model
	pm    *blocks.ParagraphMaker
	rec   recorder
	guess *guesser

	lang       int            // index in guess.names, -1 for none
	stop       *stopwords.Set // the stoplist of the page
	lower      []byte
	heads      *lexTable               // the model's heading lexicon (see headScore)
	wbuf       [maxLowerLen]byte       // the word textFeatures looks up, lower-cased
	feats      []float32               // NumFeatures per paragraph
	lens       []float32               // per paragraph: its Length
	prob1      []float32               // stage-1 probability per paragraph
	prob       []float32               // final log-odds per paragraph
	order      []int32                 // paragraphs by final probability (see expectedCut)
	mass       []float32               // per element: probable text under it (see groupMasses, mainRegions)
	best       [maxDepth]float32       // per depth: the most probable text under one element (see groupMasses)
	dist       []float32               // per paragraph before the best stretch: text between (see bestStretch)
	page       [fCues - fKinds]float32 // the page's features, the same in every row
	hBefore    float32                 // the headline's fTextBefore (see findHeadline)
	given      []byte                  // the URL SetURL gave
	agg        []float32               // per element: text, link text and paragraphs under it (see sumContainers)
	titleHash  []uint64                // hashes of the title's words
	titleBloom uint64                  // bit h%64 set for every h in titleHash
	bodyPairs  hashSet                 // hashes of the articleBody's word pairs
	anc        []int32                 // per paragraph, its ancestors' slots (see ancestors)
	chain      []int32                 // the headline's element and its ancestors
	seen       map[uint64]struct{}     // texts of the paragraphs kept, to drop repeats
	body       []byte                  // decoded JSON-LD articleBody
	rep        groups                  // alike siblings (see repeatFeatures)
	group      []int32                 // per paragraph: its slot in rep, -1 for none
	typeProb   [NumPageTypes]float32   // the page type model's probabilities
	fallback   bool                    // see Fallback
	landDrop   bool                    // the paragraphs in site landmarks, captions and dialogs were dropped (see dropsLandmarks)
	contrib    [numFeatures]float32    // AppendEvidence's sums
	fbuf       features                // the paragraph the trees read

	// JSON-LD text (see useJSONLD).
	ldFirst   int                // index of the first paragraph read from JSON-LD, -1 for none
	ldDoc     jsonld.Doc         // the page's JSON-LD, parsed
	ldParas   []blocks.Paragraph // the page's paragraphs, then the JSON-LD's
	ldText    []byte             // the page's text arena, then the JSON-LD paragraphs' text
	pagePairs hashSet            // hashes of the page's word pairs

	stopCache    [stopCacheSize]stopEntry // see isStop
	stopCacheFor *stopwords.Set           // the stoplist stopCache answers for
	stopFilter   *stopFilter              // the filter of stopCacheFor
}

// New returns an Extractor for cfg.
func New(cfg Config) *Extractor {
	x := &Extractor{cfg: cfg, model: &builtin, seen: make(map[uint64]struct{})}
	if cfg.Model != nil {
		x.model = normalize(cfg.Model)
	}
	x.pm = blocks.NewParagraphMaker(nil, cfg.XPath)
	// Text as a browser shows it: words apart across inline elements.
	x.pm.SetBrowserText(true)
	x.pm.SetMaxParagraphs(cfg.MaxParagraphs)
	x.rec.pm = x.pm
	if x.model == &builtin {
		x.rec.classes.lex, x.heads = builtinClasses(), builtinHeadings()
	} else {
		x.rec.classes.lex, x.heads = newLexTable(&x.model.Classes), newLexTable(&x.model.Headings)
	}
	if cfg.AutoLanguage {
		x.guess = newGuesser()
	}
	x.Reset()
	return x
}

// Reset prepares x for a new page, keeping its buffers.
func (x *Extractor) Reset() {
	x.pm.Reset()
	x.rec.reset()
	x.lang, x.stop = -1, nil
	x.feats, x.prob, x.prob1 = x.feats[:0], x.prob[:0], x.prob1[:0]
	x.body = x.body[:0]
	x.ldFirst = -1
	x.given = x.given[:0]
}

// SetURL gives x the URL the page was fetched from, for the evidence of
// its path (see url.go) when the page declares no canonical URL of its
// own. Call it after Reset, before the walk.
func (x *Extractor) SetURL(u string) {
	x.given = append(x.given[:0], u[:min(len(u), maxURL)]...)
}

// url returns the page's URL: its canonical link, its og:url, or the one
// SetURL gave, in that order; nil for none.
func (x *Extractor) url() []byte {
	switch {
	case len(x.rec.canon) > 0:
		return x.rec.canon
	case len(x.rec.ogURL) > 0:
		return x.rec.ogURL
	}
	return x.given
}

// StartElement implements blocks.Handler.
func (x *Extractor) StartElement(stack []blocks.Elem, attrs *blocks.Attrs) {
	// rec, then pm, each reading the attributes from the first (as a
	// blocks.Tee of the two would, without its dynamic calls).
	x.rec.StartElement(stack, attrs)
	attrs.Rewind()
	x.pm.StartElement(stack, attrs)
	x.rec.sync()
}

// EndElement implements blocks.Handler.
func (x *Extractor) EndElement(stack []blocks.Elem) {
	x.rec.endMarks(len(stack))
	x.rec.pop(stack)
	x.pm.EndElement(stack)
	x.rec.sync()
}

// Text implements blocks.Handler.
func (x *Extractor) Text(stack []blocks.Elem, text []byte) {
	x.rec.Text(stack, text)
	x.pm.Text(stack, text)
}

// Comment implements blocks.Handler; comments carry no evidence.
func (x *Extractor) Comment([]blocks.Elem, []byte) {}

// Finish closes the last paragraph and classifies every paragraph; on a
// page whose visible text lacks the main text its JSON-LD holds, it then
// adds that text as paragraphs (see FromJSONLD). Call it after the Walker
// returns.
func (x *Extractor) Finish() {
	x.pm.Finish()
	x.rec.sync()
	x.chooseLanguage()
	x.readArticleBody()
	x.rec.readTypes()
	x.readTitle()
	x.classify()
	x.useJSONLD()
}

// Paragraphs returns the page's paragraphs with their final Class (and, as
// CFClass, the class before context was taken into account). StopWords is
// counted in the page's stoplist over a paragraph's first 32 words and
// estimated from their density beyond. On a page whose main text was read
// from its JSON-LD, those paragraphs follow the page's own (see
// FromJSONLD). The slice is reused by the next Reset.
func (x *Extractor) Paragraphs() []blocks.Paragraph {
	if x.ldFirst >= 0 {
		return x.ldParas
	}
	return x.pm.Paragraphs()
}

// Arenas returns the buffers the paragraphs' spans index (see
// blocks.ParagraphMaker.Arenas).
func (x *Extractor) Arenas() (text, paths []byte) {
	text, paths = x.pm.Arenas()
	if x.ldFirst >= 0 {
		text = x.ldText
	}
	return text, paths
}

// Title returns the text of the page's title element.
func (x *Extractor) Title() []byte { return x.pm.Title() }

// Dropped returns how many paragraphs were dropped beyond MaxParagraphs.
func (x *Extractor) Dropped() int { return x.pm.Dropped() }

// PathsDropped returns how many paragraphs have an empty DOM path because
// the path budget ran out (see blocks.ParagraphMaker.PathsDropped).
func (x *Extractor) PathsDropped() int { return x.pm.PathsDropped() }

// Language returns the name of the stoplist guessed for the page (as
// stopwords.Languages spells it), or "" when AutoLanguage is off or no
// stoplist fits the text.
func (x *Extractor) Language() string {
	if x.lang < 0 {
		return ""
	}
	return x.guess.names[x.lang]
}

// Probability returns the model's probability that paragraph i is main
// text; 1 for a paragraph read from JSON-LD, which the model did not score,
// and 0 for one dropped unscored in a site landmark, a caption or a
// dialog, or as a repeat.
func (x *Extractor) Probability(i int) float32 {
	if x.FromJSONLD(i) {
		return 1
	}
	return sigmoid(x.prob[i])
}

// Features returns the features paragraph i was classified by, named by
// FeatureNames; nil for a paragraph read from JSON-LD. The slice is valid
// until the next Reset.
func (x *Extractor) Features(i int) []float32 {
	if x.FromJSONLD(i) {
		return nil
	}
	return x.feats[i*NumFeatures : (i+1)*NumFeatures]
}

// AppendHeadingWords appends to dst the hashes of the words of the
// heading paragraph i follows (or is), as the heading lexicon reads them,
// and returns the extended slice. It is for learning that lexicon; it
// walks the paragraphs back from i to that heading.
func (x *Extractor) AppendHeadingWords(dst []uint64, i int) []uint64 {
	if x.FromJSONLD(i) {
		return dst
	}
	paras := x.pm.Paragraphs()
	if i >= len(paras) {
		return dst
	}
	text, _ := x.pm.Arenas()
	for i >= 0 && !paras[i].Heading { // back to the heading it follows
		i--
	}
	if i < 0 {
		return dst
	}
	for h := range headHashes(text[paras[i].Text.Start:paras[i].Text.End]) {
		dst = append(dst, h)
	}
	return dst
}

// AppendClassWords appends to dst the hashes of the class and id words of
// the element paragraph i started in and of its ancestors, as the class
// lexicon reads them, and returns the extended slice. It is for learning
// that lexicon; it walks the page's elements back from the paragraph's.
func (x *Extractor) AppendClassWords(dst []uint64, i int) []uint64 {
	if x.FromJSONLD(i) {
		return dst
	}
	r := &x.rec
	n := int(x.pm.Paragraphs()[i].Node)
	if n < 0 || n >= len(r.valStart) {
		return dst
	}
	words := func(id int) {
		end := int32(len(r.classVals))
		if id+1 < len(r.valStart) {
			end = r.valStart[id+1]
		}
		dst = appendClassWords(dst, r.classVals[r.valStart[id]:end])
	}
	words(n)
	d := r.depth[n]
	for id := n - 1; id >= 0 && d > 0; id-- {
		if r.depth[id] < d && int(r.last[id]) >= n {
			words(id)
			d = r.depth[id]
		}
	}
	return dst
}

// recorder is the Extractor's evidence, read beside the ParagraphMaker
// from the same events: it keeps the cues of the open elements and adds the
// length of each text node to the cues of the paragraph the text will
// belong to.
type recorder struct {
	pm      *blocks.ParagraphMaker
	cues    []cueSet // cues in force per open element (stack depth - 1)
	kill    int      // stack depth of an element dropped with its content, as the ParagraphMaker drops it
	land    int      // stack depth of the outermost dropped region open (see startLandmark, startCaption), 0 if none
	landIs  region   // the kind of that region; regionLandmark while none is open, so that startLandmark need not set it
	main    int      // stack depth of the outermost main or article element open, 0 if none
	role    role     // the landmark role of the element being read
	ldDepth int      // stack depth of the JSON-LD script being read, 0 if none
	ld      []byte   // JSON-LD text
	ldEnds  []int    // the end in ld of each script
	elems   int      // elements seen

	open    paraCues   // cues of the text of the paragraph being built
	paras   []paraCues // per finished paragraph
	dropped int

	sig   []uint64       // per element ID: its tag and class, the identity of repeated siblings
	depth []int32        // per element ID: its depth (0 for the root)
	last  []int32        // per element ID: the last ID under it, set when it ends (its own until then)
	rows  []int32        // the IDs of the tr elements, ascending
	table []int32        // per row in rows: the ID of the innermost table open around it, -1 for none
	class uint64         // hash of the class value readCues read, 0 for none
	count [numCounts]int // elements counted per kind, for the page's features
	kinds kindSet        // schema.org types and og:type values the page declares

	classes classCache // the cues of class values read before, on this page or others

	classVals []byte    // every element's class and id values, in ID order, each followed by a space
	valStart  []int32   // per element ID: where its values start in classVals
	own       classInfo // the lexicon's score of the element being read (see readCues)
	lexSum    []float32 // per open element: the class lexicon's scores of it and its ancestors, summed
	lexNear   []float32 // per open element: the score of the innermost one of them with a word in the lexicon

	canon   []byte // the href of the page's canonical link
	ogURL   []byte // the content of its og:url meta element
	content []byte // the content of the meta element being read
}

// The kinds of element counted per page: evidence of its type (code for
// documentation, rows and items for listings, times for posts).
const (
	countPre = iota
	countCode
	countHeading // h2 to h6
	countTime
	countForm // form, input, select, textarea
	countRow
	countItem
	countArticle
	numCounts
)

// paraCues is what the recorder knows of one paragraph's text: how many
// characters it has under each cue, of how many in all, and the cues it
// has any under.
type paraCues struct {
	chars           int32
	cue             [numCues]int32
	any             cueSet
	lexSum, lexNear float32 // the text's lexSum and lexNear, times its characters
	landmark        int32   // characters under a dropped region (see recorder.startLandmark, startCaption)
	region          region  // the kind of the last such region its text was under
}

// inLandmark reports whether most of the paragraph's text is under a
// dropped region.
func (c *paraCues) inLandmark() bool { return 2*c.landmark > c.chars }

// maxLD bounds the JSON-LD text kept per page.
const maxLD = 4 << 20

func (r *recorder) reset() {
	r.cues = r.cues[:0]
	r.kill, r.land, r.main, r.ldDepth, r.elems, r.dropped = 0, 0, 0, 0, 0, 0
	r.landIs = regionLandmark
	r.ld, r.ldEnds = r.ld[:0], r.ldEnds[:0]
	r.open = paraCues{}
	r.paras = r.paras[:0]
	r.sig, r.depth, r.last, r.rows, r.table = r.sig[:0], r.depth[:0], r.last[:0], r.rows[:0], r.table[:0]
	r.classVals, r.valStart = r.classVals[:0], r.valStart[:0]
	r.lexSum, r.lexNear = r.lexSum[:0], r.lexNear[:0]
	r.count = [numCounts]int{}
	r.kinds = 0
	r.canon, r.ogURL = r.canon[:0], r.ogURL[:0]
}

// StartElement is the recorder's start of the element last on stack (as
// blocks.Handler's).
func (r *recorder) StartElement(stack []blocks.Elem, attrs *blocks.Attrs) {
	r.elems++
	e := &stack[len(stack)-1]
	// The Walker keeps r.cues one shorter than stack here; the loop only
	// guards against a Handler contract broken elsewhere.
	d := len(stack) - 1
	for len(r.cues) < d {
		r.cues = append(r.cues, r.inherited())
	}
	r.cues = r.cues[:d]
	for len(r.lexSum) < d {
		sum, near := r.inheritedLex()
		r.lexSum, r.lexNear = append(r.lexSum, sum), append(r.lexNear, near)
	}
	r.lexSum, r.lexNear = r.lexSum[:d], r.lexNear[:d]
	i := info(e.Atom)
	cues := r.inherited() | cueSet(i&iCues)
	r.class, r.role = 0, roleNone
	start := len(r.classVals)
	r.own = classInfo{}
	if i&iCarries != 0 {
		cues |= r.readCues(e.Atom, attrs, len(stack))
	} else if e.Atom == atom.Link && len(r.canon) == 0 {
		r.readLink(attrs)
	}
	r.cues = append(r.cues, cues)
	sum, near := r.inheritedLex()
	if r.own.known {
		sum, near = sum+r.own.lex, r.own.lex
	}
	r.lexSum, r.lexNear = append(r.lexSum, sum), append(r.lexNear, near)
	if c := i.count(); c >= 0 {
		r.count[c]++
	}
	// Siblings are alike when they share tag and class; an unknown
	// element's tag is its name.
	sig := uint64(e.Atom)
	if e.Atom == 0 {
		sig = fnv1a(fnvOffset, e.Name)
	}
	if id := int(e.ID); id == len(r.sig) {
		r.sig = append(r.sig, pairHash(sig, r.class))
		r.valStart = append(r.valStart, int32(start))
		r.depth = append(r.depth, int32(d))
		r.last = append(r.last, e.ID)
		if e.Atom == atom.Tr {
			r.rows, r.table = append(r.rows, e.ID), append(r.table, tableOf(stack))
		}
	}
	if r.kill == 0 && i&iKilled != 0 {
		r.kill = len(stack)
	}
	r.startLandmark(e.Atom, len(stack))
	r.startCaption(e.Atom, len(stack))
}

// startLandmark notes the element a at stack depth d opening the page's
// main content or a site landmark, a region whose paragraphs are dropped
// unscored (see Extractor.dropsLandmarks). A site landmark is a footer
// (<footer>, role=contentinfo) anywhere, or a header, navigation or aside
// (<header>, <nav>, <aside>, role=banner, role=navigation,
// role=complementary) outside the main content (<main>, <article>,
// role=main, role=article): the site's chrome around the content, while an
// article's own header holds its title and its asides often hold quotes or
// a product's description. startCaption notes the other dropped regions;
// the two are apart so that each is inlined.
func (r *recorder) startLandmark(a atom.Atom, d int) {
	if r.main == 0 && (a == atom.Main || a == atom.Article || r.role == roleMain || r.role == roleArticle) {
		r.main = d
	}
	if r.land != 0 {
		return
	}
	if a == atom.Footer || r.role == roleContentinfo ||
		r.main == 0 && (a == atom.Header || a == atom.Nav || a == atom.Aside ||
			r.role == roleBanner || r.role == roleNavigation || r.role == roleComplementary) {
		r.land = d
	}
}

// startCaption notes the element a at stack depth d opening a figure's
// caption, which describes a picture rather than continues the text, or a
// dialog: a layer over the page (a consent form, a cart, a newsletter
// sign-up), shown or not, rather than its text. Their paragraphs are
// dropped as a site landmark's are, anywhere on the page.
func (r *recorder) startCaption(a atom.Atom, d int) {
	if r.land != 0 {
		return
	}
	switch a {
	case atom.Figcaption:
		r.land, r.landIs = d, regionCaption
	case atom.Dialog:
		r.land, r.landIs = d, regionDialog
	}
}

// tableOf returns the ID of the innermost table element on stack, -1 for
// none.
func tableOf(stack []blocks.Elem) int32 {
	for i := len(stack) - 1; i >= 0; i-- {
		if stack[i].Atom == atom.Table {
			return stack[i].ID
		}
	}
	return -1
}

// inheritedLex returns the lexSum and lexNear of the innermost open
// element.
func (r *recorder) inheritedLex() (sum, near float32) {
	if len(r.lexSum) == 0 {
		return 0, 0
	}
	return r.lexSum[len(r.lexSum)-1], r.lexNear[len(r.lexNear)-1]
}

// inherited returns the cues in force in the innermost open element.
func (r *recorder) inherited() cueSet {
	if len(r.cues) == 0 {
		return 0
	}
	return r.cues[len(r.cues)-1]
}

// readCues reads an element's attributes once: class, id, role, itemprop,
// itemtype and the attributes that hide it, recording the class's hash in
// r.class. For a script it notes whether it holds JSON-LD, setting
// r.ldDepth to depth; for a meta element, the og:type it declares.
func (r *recorder) readCues(a atom.Atom, attrs *blocks.Attrs, depth int) cueSet {
	var s cueSet
	var og, ogURL, content bool // a meta's property is og:type or og:url; it has a content
	var kinds kindSet
	for {
		// Values are decoded only for the attributes read.
		k, ok := attrs.NextKey()
		if !ok {
			if og && content {
				r.kinds |= kinds
			}
			if ogURL && content && len(r.ogURL) == 0 {
				setURL(&r.ogURL, r.content)
			}
			return s
		}
		switch string(k) {
		case "class":
			v := attrs.Value()
			c := r.classes.cues(v)
			s |= c.cues
			r.class = c.sig
			r.addOwn(c, v)
		case "itemtype":
			r.kinds |= schemaKinds(attrs.Value())
		case "property":
			v := attrs.Value()
			og = a == atom.Meta && string(v) == "og:type"
			ogURL = a == atom.Meta && string(v) == "og:url"
		case "content":
			if a == atom.Meta {
				v := attrs.Value()
				kinds, content = ogKinds(v), true
				// Kept until the property is known, which may follow.
				setURL(&r.content, v)
			}
		case "id":
			v := attrs.Value()
			c := classCues(v, false, r.classes.lex)
			s |= c.cues
			r.addOwn(c, v)
		case "role":
			v := attrs.Value()
			c, role := roleCues(v)
			s, r.role = s|c, role
		case "itemprop":
			s |= itempropCues(attrs.Value())
		case "hidden":
			s |= 1 << cueHidden
		case "aria-hidden":
			if string(attrs.Value()) == "true" {
				s |= 1 << cueHidden
			}
		case "style":
			if hiddenStyle(attrs.Value()) {
				s |= 1 << cueHidden
			}
		case "type":
			if a == atom.Script && bytes.Contains(attrs.Value(), []byte("ld+json")) {
				r.ldDepth = depth
			}
		}
	}
}

// addOwn adds the lexicon's score of class or id value v, c, to the
// element's own, and keeps v for AppendClassWords.
func (r *recorder) addOwn(c classInfo, v []byte) {
	r.own.lex += c.lex
	r.own.known = r.own.known || c.known
	r.classVals = append(append(r.classVals, v...), ' ')
}

// readLink keeps the href of a canonical link.
func (r *recorder) readLink(attrs *blocks.Attrs) {
	var canonical bool
	r.content = r.content[:0]
	for {
		k, ok := attrs.NextKey()
		if !ok {
			break
		}
		switch string(k) {
		case "rel":
			canonical = bytes.EqualFold(bytes.TrimSpace(attrs.Value()), []byte("canonical"))
		case "href":
			setURL(&r.content, attrs.Value())
		}
	}
	if canonical {
		setURL(&r.canon, bytes.TrimSpace(r.content))
	}
}

// endMarks and pop are the recorder's end of an element at stack depth d,
// in two parts each small enough for the compiler to inline into
// Extractor.EndElement (as one method it was not). endMarks clears the
// marks set at depth d: the element dropped with its content, the site
// landmark, caption or dialog, the main content and the JSON-LD script
// being read.
func (r *recorder) endMarks(d int) {
	if r.kill == d {
		r.kill = 0
	}
	if r.land == d {
		r.land, r.landIs = 0, regionLandmark
	}
	if r.main == d {
		r.main = 0
	}
	if r.ldDepth == d {
		r.ldDepth = 0
		r.ld = append(r.ld, '\n')
		r.ldEnds = append(r.ldEnds, len(r.ld))
	}
}

// pop drops the cues of the element ending, the last entry of stack, and
// notes the last ID under it.
func (r *recorder) pop(stack []blocks.Elem) {
	d := len(stack)
	r.cues = r.cues[:min(len(r.cues), d-1)]
	r.lexSum, r.lexNear = r.lexSum[:min(len(r.lexSum), d-1)], r.lexNear[:min(len(r.lexNear), d-1)]
	// Elements open in ID order, so those under this one are the IDs
	// seen since it opened.
	if d > 0 {
		if id := int(stack[d-1].ID); id < len(r.last) {
			r.last[id] = int32(len(r.last) - 1)
		}
	}
}

// Text is the recorder's text node (as blocks.Handler's).
func (r *recorder) Text(stack []blocks.Elem, text []byte) {
	if r.ldDepth > 0 && len(stack) == r.ldDepth {
		if len(r.ld)+len(text) <= maxLD {
			r.ld = append(r.ld, text...)
		}
		return
	}
	if r.kill > 0 || len(r.cues) == 0 {
		return
	}
	n := int32(visibleRunes(text))
	if n == 0 {
		return
	}
	r.open.chars += n
	if r.land > 0 {
		r.open.landmark += n
		r.open.region = r.landIs
	}
	r.open.any |= r.cues[len(r.cues)-1]
	if k := len(r.lexSum); k > 0 {
		r.open.lexSum += float32(n) * r.lexSum[k-1]
		r.open.lexNear += float32(n) * r.lexNear[k-1]
	}
	for s := r.cues[len(r.cues)-1]; s != 0; s &= s - 1 {
		r.open.cue[bits.TrailingZeros32(uint32(s))] += n
	}
}

// sync hands the cues gathered so far to the paragraph the ParagraphMaker
// has just finished, if it finished one; the text received since the
// previous paragraph is exactly that paragraph's, since text is flushed to
// a paragraph at the next element event.
func (r *recorder) sync() {
	if d := r.pm.Dropped(); d != r.dropped {
		r.dropped = d
		r.open = paraCues{}
		return
	}
	if len(r.pm.Paragraphs()) > len(r.paras) {
		r.paras = append(r.paras, r.open)
		r.open = paraCues{}
	}
}

// visibleRunes counts the code points of text that are not ASCII
// whitespace: the weight of a text node. It reads eight bytes at a time:
// a byte counts when it is ASCII above ' ' or leads a multi-byte sequence
// (0b11xxxxxx), as in visibleRunesRef.
func visibleRunes(text []byte) int {
	n := 0
	for len(text) >= 16 {
		// Each byte of acc counts its column's visible bytes, over up to
		// 254 chunks read in pairs; summed once per block, not with a
		// popcount per chunk.
		var acc uint64
		for k := 0; k < 127 && len(text) >= 16; k++ {
			acc += visibleMask(binary.LittleEndian.Uint64(text))>>7 + visibleMask(binary.LittleEndian.Uint64(text[8:]))>>7
			text = text[16:]
		}
		acc = acc&0x00ff00ff00ff00ff + acc>>8&0x00ff00ff00ff00ff
		n += int(acc * 0x0001000100010001 >> 48)
	}
	if len(text) >= 8 {
		n += countMask(visibleMask(binary.LittleEndian.Uint64(text)))
		text = text[8:]
	}
	if len(text) == 0 {
		return n
	}
	if cap(text) >= 8 {
		// The last bytes, read with those after them (within text's
		// array), which the mask turns into zeros: not counted.
		x := binary.LittleEndian.Uint64(text[:8]) & (1<<(8*uint(len(text))) - 1)
		return n + countMask(visibleMask(x))
	}
	for _, c := range text {
		if c&0xc0 != 0x80 && c > ' ' {
			n++
		}
	}
	return n
}

// countMask counts the bytes of m with bit 7 set, m having no other bit
// set: a multiplication, where bits.OnesCount64 tests for the POPCNT
// instruction and keeps a fallback call that gives visibleRunes a frame.
func countMask(m uint64) int { return int((m >> 7) * 0x0101010101010101 >> 56) }

// visibleMask sets bit 7 of each byte of x that visibleRunes counts, and
// no other bit.
func visibleMask(x uint64) uint64 {
	const hi, low7, above = 0x8080808080808080, 0x7f7f7f7f7f7f7f7f, 0x5f5f5f5f5f5f5f5f
	// (b&0x7f)+0x5f sets the high bit exactly when b&0x7f > ' ', and
	// cannot carry into the next byte; &^x keeps the ASCII bytes. The
	// second term: bits 7 and 6 set.
	return (((x&low7)+above)&^x | x&(x<<1)) & hi
}
