package auto

import (
	"cmp"
	"math"
	"slices"
	"strconv"

	"github.com/cespare/xxhash/v2"

	"github.com/jtextract/jt/blocks"
)

// TreeDepth is the depth of every tree of an Ensemble.
const TreeDepth = 6

// Tree is an oblivious decision tree: all the nodes of a level split on
// the same feature at the same threshold, so a paragraph's leaf is the
// number whose bit l says whether its feature Feature[l] exceeds
// Threshold[l]. Reaching a leaf takes TreeDepth comparisons and no
// branch, and such trees generalise well from few pages, each level being
// fitted to all the examples at once.
type Tree struct {
	Feature   [TreeDepth]uint8
	Threshold [TreeDepth]float32
	Leaf      [1 << TreeDepth]float32
}

// features holds one paragraph's features for the trees: indexed by a
// uint8, it needs no bounds check, which makes the comparisons of a tree
// nearly half as costly as on a slice.
type features [256]float32

// leaf returns the index of the leaf features f reach. f > threshold is
// read from the sign of threshold - f, without a branch: the comparisons
// of a tree are as unpredictable as its data, and branches on them cost a
// third more. (The difference is never -0: features are finite and
// thresholds never -0.) The levels are written out: a loop over them
// costs a counter, a variable shift and a branch per comparison.
func (t *Tree) leaf(f *features) int {
	th, fe := &t.Threshold, &t.Feature
	k := math.Float32bits(th[0]-f[fe[0]])>>31 |
		math.Float32bits(th[1]-f[fe[1]])>>31<<1 |
		math.Float32bits(th[2]-f[fe[2]])>>31<<2 |
		math.Float32bits(th[3]-f[fe[3]])>>31<<3 |
		math.Float32bits(th[4]-f[fe[4]])>>31<<4 |
		math.Float32bits(th[5]-f[fe[5]])>>31<<5
	return int(k & (1<<TreeDepth - 1)) // the mask proves the index in range
}

// Ensemble is a gradient-boosted sum of trees: the log-odds of a
// paragraph is Bias plus the leaf each tree takes it to, plus the dot
// product of Linear with its features.
type Ensemble struct {
	Bias  float32
	Trees []Tree
	// Linear holds the weights of a linear model, one per feature in
	// order (the first len(Linear)), whose log-odds the trees add to. The
	// built-in page type models are trees fitted on top of a logistic
	// regression (a page's type rises and falls smoothly with most of its
	// features, which a few trees alone cut coarsely); its paragraph
	// models have none. It also lets the training tool score a logistic
	// regression alone through the same extractor as the trees.
	Linear []float32
}

// Logit returns the ensemble's log-odds for features f (in the order of
// FeatureNames), with the early exit the extractor uses (see logit).
func (e *Ensemble) Logit(f []float32) float32 {
	var b features
	copy(b[:], f)
	return e.logit(&b)
}

// logit sums the trees in groups of exitEvery and stops early once the
// sum is beyond ±exitLogit: the first trees of a boosted ensemble carry
// most of its signal, and the later ones do not bring a paragraph that
// sure (most of a page's: menu items, footers) back near any threshold.
// Most paragraphs are read by a fraction of the trees. A group's trees
// are added one by one, in order, so the sum is the same as a loop's.
func (e *Ensemble) logit(f *features) float32 {
	s := e.Bias
	if len(e.Linear) > 0 {
		s += e.dot(f)
	}
	trees := e.Trees
	for len(trees) >= exitEvery {
		g := trees[:exitEvery:exitEvery]
		s = pair(&g[0], &g[1], f, s)
		s = pair(&g[2], &g[3], f, s)
		if s > exitLogit || s < -exitLogit {
			return s
		}
		trees = trees[exitEvery:]
	}
	for i := range trees {
		s += trees[i].Leaf[trees[i].leaf(f)]
	}
	return s
}

// pair returns s plus the leaves of trees t0 and t1 that f reaches, added
// in that order. The comparisons of two trees are written out here, as
// leaf's are, rather than calling leaf once per tree: the call cost a
// quarter of the trees' instructions (the sum spilled around it, the leaf
// index checked again), and Go does not inline leaf. The bits of a leaf
// index are summed in pairs, which the compiler does with LEA.
func pair(t0, t1 *Tree, f *features, s float32) float32 {
	k0 := leafBit(t0, f, 0) + leafBit(t0, f, 1)*2 + (leafBit(t0, f, 2)+leafBit(t0, f, 3)*2)*4 + (leafBit(t0, f, 4)+leafBit(t0, f, 5)*2)*16
	s += t0.Leaf[k0&(1<<TreeDepth-1)]
	k1 := leafBit(t1, f, 0) + leafBit(t1, f, 1)*2 + (leafBit(t1, f, 2)+leafBit(t1, f, 3)*2)*4 + (leafBit(t1, f, 4)+leafBit(t1, f, 5)*2)*16
	return s + t1.Leaf[k1&(1<<TreeDepth-1)]
}

// leafBit returns 1 if f exceeds tree t's threshold at level l, else 0,
// as leaf reads it.
func leafBit(t *Tree, f *features, l int) uint32 {
	return math.Float32bits(t.Threshold[l]-f[t.Feature[l]]) >> 31
}

// dot returns the linear term of the log-odds, summed in float64: a
// standardised model's weights on raw features can be large and of both
// signs, and their float32 sum would lose the difference.
func (e *Ensemble) dot(f *features) float32 {
	var s float64
	for j, w := range e.Linear[:min(len(e.Linear), len(f))] {
		s += float64(w) * float64(f[j])
	}
	return float32(s)
}

// exitEvery is fixed at 4: logit's groups are written out.
const (
	exitEvery = 4
	exitLogit = 3.5
)

// Weights is one model in two stages. Stage 1 scores a paragraph from its
// own features (the first NumStage1); stage 2 rescores it from all
// features, its context as stage 1 judged it included.
type Weights struct {
	Stage1, Stage2 Ensemble
	// Threshold is the final probability a paragraph needs to be kept,
	// per Favor and per page type (the most probable one): a product
	// page's text is kept on other odds than an article's.
	Threshold [numFavors][NumPageTypes]float32
	// Relative, per Favor and page type, lowers the threshold to that
	// share of the page's highest final probability when the result is
	// lower (0: never). Pages differ in how sure the model is of their
	// text, a product's description less than an article's body, and
	// what is nearly as probable as the page's most probable paragraph
	// is likely the same content. A page where no paragraph reaches the
	// threshold is left to the fallback.
	Relative [numFavors][NumPageTypes]float32
	// ExpectedF, per page type, replaces the threshold, on a page where
	// some paragraph reaches it, by the one that keeps the set of
	// paragraphs with the highest F-measure (the Favor's) expected under
	// the final probabilities, Relative then unused: the model's own
	// uncertainty about a page sets how far down it reaches, a page it is
	// unsure of keeping more than one it is sure of (see expectedCut).
	ExpectedF [NumPageTypes]bool
}

// Model holds the weights for pages with a stoplist (Lang) and for pages
// without one (NoLang, which ignores stop-word density), the page type
// model: one ensemble per type of PageTypes, reading the features of the
// page as a whole, whose probabilities the paragraph models read, and the
// class and heading lexicons, whose scores they read too.
type Model struct {
	Lang, NoLang Weights
	PageType     [NumPageTypes]Ensemble
	Classes      Lexicon
	// Headings scores the words of headings by what the text they
	// introduce is ("related", "reply" and "newsletter" below the mean,
	// "usage" and "configuration" above), learned as Classes is.
	Headings Lexicon
}

// ensembles returns pointers to every ensemble of m.
func (m *Model) ensembles() []*Ensemble {
	e := []*Ensemble{&m.Lang.Stage1, &m.Lang.Stage2, &m.NoLang.Stage1, &m.NoLang.Stage2}
	for t := range m.PageType {
		e = append(e, &m.PageType[t])
	}
	return e
}

// normalize returns m, or a copy of it when a tree reads a feature at or
// beyond numFeatures, which no Extractor computes, or a linear model
// weighs one: such a level compared 0 with its threshold, so its bit is
// the threshold's sign, which the copy gets by comparing feature 0 with
// -Inf or +Inf (features are finite), and such a weight multiplied 0, so
// the copy drops it. The ensembles can then read a paragraph's row in
// place (see row), whatever lies past its numFeatures features.
func normalize(m *Model) *Model {
	beyond := func(e *Ensemble) bool {
		if len(e.Linear) > numFeatures {
			return true
		}
		for ti := range e.Trees {
			for _, f := range e.Trees[ti].Feature {
				if int(f) >= numFeatures {
					return true
				}
			}
		}
		return false
	}
	if !slices.ContainsFunc(m.ensembles(), beyond) {
		return m
	}
	c := *m
	for _, e := range c.ensembles() {
		e.Linear = e.Linear[:min(len(e.Linear), numFeatures):min(len(e.Linear), numFeatures)]
		e.Trees = slices.Clone(e.Trees)
		for ti := range e.Trees {
			t := &e.Trees[ti]
			for l, f := range t.Feature {
				if int(f) >= numFeatures {
					inf := math.Inf(1)
					if math.Signbit(float64(t.Threshold[l])) {
						inf = math.Inf(-1)
					}
					t.Feature[l], t.Threshold[l] = 0, float32(inf)
				}
			}
		}
	}
	return &c
}

func sigmoid(z float32) float32 { return float32(1 / (1 + math.Exp(-float64(z)))) }

// rowSlack is the room x.feats keeps past its last paragraph, so that
// every paragraph's row can be read as a features array (see row).
const rowSlack = len(features{}) - numFeatures

// row returns paragraph i's features as the trees read them, without a
// copy: a view of the 256 floats from the row's start, of which only the
// first numFeatures are the row's own. The others (the next rows, or
// slack) are never read: New keeps only models whose trees read features
// below numFeatures (see normalize).
func (x *Extractor) row(i int) *features {
	return (*features)(x.feats[i*numFeatures : i*numFeatures+len(features{})])
}

// maxLogit clamps the stage-1 log-odds fed to stage 2, so that one extreme
// paragraph cannot dominate.
const maxLogit = 8

// classify computes the features and classes of every paragraph.
func (x *Extractor) classify() {
	paras := x.pm.Paragraphs()
	n := len(paras)
	if cap(x.feats) < n*numFeatures+rowSlack {
		x.feats = make([]float32, n*numFeatures+rowSlack)
	}
	x.feats = x.feats[:n*numFeatures]
	if cap(x.prob) < n {
		x.prob = make([]float32, n, 2*n)
	}
	x.prob = x.prob[:n]
	x.prob1 = slices.Grow(x.prob1[:0], n)[:n]
	w := &x.model.Lang
	if x.stop == nil {
		w = &x.model.NoLang
	}
	if x.stopCacheFor != x.stop {
		clear(x.stopCache[:])
		x.stopCacheFor = x.stop
		x.stopFilter = stopFilterFor(x.stop)
	}
	total := x.stage1(&w.Stage1)
	fav, pt := min(x.cfg.Favor, numFavors-1), x.pageType()
	th := w.Threshold[fav][pt]
	top := x.stage2(&w.Stage2, th, total)
	if pmax := sigmoid(top); pmax >= th {
		if w.ExpectedF[pt] {
			th = x.expectedCut(fav.Beta() * fav.Beta())
		} else if r := w.Relative[fav][pt]; r > 0 {
			th = min(th, r*pmax)
		}
	}
	kept := x.decideAll(newCut(th))
	x.fallback = false
	if kept == 0 {
		x.keepBestStretch()
	}
}

// expectedCut returns the final probability of the least probable of the
// paragraphs whose set maximises the F-measure with β² = b2 expected under
// the final probabilities, words weighing as the measure counts them.
// That set is, for some k, the k most probable paragraphs; with S those,
// p a paragraph's probability and n its words, the expectation is nearly
// (1+β²)·Σ_S p·n / (Σ_S n + β²·Σ p·n) (Jansche 2007; Lipton, Elkan and
// Narayanaswamy 2014), so one pass down the sorted paragraphs finds k.
func (x *Extractor) expectedCut(b2 float64) float32 {
	paras := x.pm.Paragraphs()
	x.order = x.order[:0]
	var total float64
	for i := range paras {
		if paras[i].Words > 0 {
			x.order = append(x.order, int32(i))
			total += float64(sigmoid(x.prob[i])) * float64(paras[i].Words)
		}
	}
	slices.SortFunc(x.order, func(a, b int32) int { return cmp.Compare(x.prob[b], x.prob[a]) })
	var kept, words, best float64
	th := float32(1)
	for _, i := range x.order {
		p := sigmoid(x.prob[i])
		kept += float64(p) * float64(paras[i].Words)
		words += float64(paras[i].Words)
		if f := kept / (words + b2*total); f > best {
			best, th = f, p
		}
	}
	return th
}

// maxRowText is the most text, in code points, a table row may hold for
// its table to be judged whole: rows of a data table, not of a page laid
// out in a table.
const maxRowText = 400

// cellOf returns, for paragraph i that is the text of a table cell (its
// element is the cell or the cell's child), the IDs of the cell's row
// and of the row's table; -1, -1 for another paragraph, and for i past
// the last.
func (x *Extractor) cellOf(i int) (row, table int32) {
	if i >= len(x.pm.Paragraphs()) {
		return -1, -1
	}
	v := x.element(i)
	for range 2 {
		if v = x.pm.Parent(v); v < 0 {
			return -1, -1
		}
		if k, ok := slices.BinarySearch(x.rec.rows, v); ok {
			return v, x.rec.table[k]
		}
	}
	return -1, -1
}

// visible reports whether paragraph i has text a reader sees and that
// is not a repeat of text kept before it (see decideAll).
func (x *Extractor) visible(i int) bool {
	return x.pm.Paragraphs()[i].Length > 0 && x.prob[i] != zeroLogit && x.feats[i*numFeatures+fCues+int(cueHidden)] <= 0.5
}

// decideAll sets every paragraph's class by the cut c, judges each data
// table whole, and drops repeats; it returns the number of paragraphs
// kept. A data table, whose rows are all short, is one piece of content:
// its visible cells are all kept when their mean probability, weighted by
// length, reaches the cut, and all dropped otherwise. The model scores
// cells one by one, and is surer of a table's long cells than of its
// numbers, prices and short names; a table cut between them would lose
// those, or come out with holes. A paragraph whose text repeats that of
// one kept before it is dropped, with probability 0: the metric, and a
// reader, would count it twice. The paragraphs go by in runs of one
// table's cells (or of no table's), so that repeats are judged against
// the classes that stay: a table is judged without its cells that repeat
// a text kept before it, and a text is dropped as a repeat only of one
// the output keeps.
func (x *Extractor) decideAll(c cut) (kept int) {
	paras := x.pm.Paragraphs()
	clear(x.seen)
	// Each paragraph's cell is looked up once: the first paragraph
	// outside a run starts the next.
	row, table := x.cellOf(0)
	for i := 0; i < len(paras); {
		first, inTable, inRow := i, table, row
		var text, mass, rowText float32
		cells, short := 0, true
		for ; i < len(paras) && table == inTable; i++ {
			paras[i].Class = decide(c.good(x.prob[i]))
			if inTable >= 0 {
				if row != inRow {
					inRow, rowText = row, 0
				}
				if h, ok := x.repeatHash(i); ok && x.seenBefore(h) {
					x.prob[i], paras[i].Class = zeroLogit, blocks.Bad
				}
				if x.visible(i) {
					n := float32(paras[i].Length)
					text, rowText = text+n, rowText+n
					mass += n * sigmoid(x.prob[i])
					cells++
					short = short && rowText <= maxRowText
				}
			}
			row, table = x.cellOf(i + 1)
		}
		if cells > 1 && short {
			keep := decide(mass >= c.th*text)
			for k := first; k < i; k++ {
				if x.visible(k) {
					paras[k].Class = keep
				}
			}
		}
		kept += x.dropRepeats(first, i)
	}
	return kept
}

// dropRepeats drops, among paragraphs first to end-1, whose classes are
// final, those whose text repeats that of a paragraph kept before them,
// giving them probability 0, and remembers the texts of the others kept;
// it returns the number of them kept.
func (x *Extractor) dropRepeats(first, end int) (kept int) {
	paras := x.pm.Paragraphs()
	for i := first; i < end; i++ {
		if x.prob[i] == zeroLogit {
			continue // a table's cell found to be a repeat already
		}
		p := &paras[i]
		if h, ok := x.repeatHash(i); ok {
			if x.seenBefore(h) {
				x.prob[i], p.Class = zeroLogit, blocks.Bad
				continue
			}
			if p.Class == blocks.Good {
				x.seen[h] = struct{}{}
			}
		}
		if p.Class == blocks.Good {
			kept++
		}
	}
	return kept
}

// repeatHash returns the hash of paragraph i's text, and whether the text
// is long enough to be dropped as a repeat (see minRepeat): only those
// texts are hashed and remembered.
func (x *Extractor) repeatHash(i int) (uint64, bool) {
	p := &x.pm.Paragraphs()[i]
	if p.Text.Len() < minRepeat {
		return 0, false
	}
	text, _ := x.pm.Arenas()
	return xxhash.Sum64(text[p.Text.Start:p.Text.End]), true
}

// keepBestStretch keeps, on a page where no paragraph reached the
// threshold, the run of paragraphs with the most probable visible text:
// the contiguous run that maximises the sum of (p - pmax/2) × length,
// where p is a paragraph's final probability (0 for hidden text) and pmax
// the page's highest. A page with visible text then never comes out empty
// by accident; Fallback reports it.
func (x *Extractor) keepBestStretch() {
	paras := x.pm.Paragraphs()
	shownProb := func(i int) float32 {
		if !x.visible(i) {
			return 0
		}
		return sigmoid(x.prob[i])
	}
	var pmax float32
	for i := range paras {
		pmax = max(pmax, shownProb(i))
	}
	if pmax <= 0 {
		return
	}
	var sum, best float32
	start, bestStart, bestEnd := 0, 0, -1
	for i := range paras {
		if sum <= 0 {
			sum, start = 0, i
		}
		sum += (shownProb(i) - pmax/2) * float32(paras[i].Length)
		if sum > best {
			best, bestStart, bestEnd = sum, start, i
		}
	}
	for i := bestStart; i <= bestEnd; i++ {
		if shownProb(i) > 0 {
			paras[i].Class = blocks.Good
			x.fallback = true
		}
	}
}

// Fallback reports whether no paragraph of the page reached the threshold,
// so that the best-supported stretch was kept instead (see Finish).
func (x *Extractor) Fallback() bool { return x.fallback }

// AppendEvidence appends to dst the n features that weighed most in
// paragraph i's final score, as name+change or name-change pairs joined
// by commas, strongest first: change is how much the log-odds would move
// if the feature fell on the other side of each split that reads it. For
// a paragraph read from JSON-LD it appends "json-ld", for one dropped
// unscored the kind of region it is in: "landmark" (a site landmark),
// "caption" (a figure's caption) or "dialog".
func (x *Extractor) AppendEvidence(dst []byte, i, n int) []byte {
	if x.FromJSONLD(i) {
		return append(dst, "json-ld"...)
	}
	if x.landDrop && x.inLandmark(i) {
		return append(dst, regionNames[x.rec.paras[i].region]...)
	}
	w := &x.model.Lang
	if x.stop == nil {
		w = &x.model.NoLang
	}
	copy(x.fbuf[:], x.feats[i*numFeatures:(i+1)*numFeatures])
	c := &x.contrib
	clear(c[:])
	for ti := range w.Stage2.Trees {
		t := &w.Stage2.Trees[ti]
		k := t.leaf(&x.fbuf)
		for l := range TreeDepth {
			c[t.Feature[l]] += t.Leaf[k] - t.Leaf[k^1<<l]
		}
	}
	var used [numFeatures]bool
	for j := 0; j < n; j++ {
		b := -1
		for fi, v := range c {
			if !used[fi] && v != 0 && (b < 0 || abs32(v) > abs32(c[b])) {
				b = fi
			}
		}
		if b < 0 {
			break
		}
		used[b] = true
		if j > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, featureNames[b]...)
		if c[b] > 0 {
			dst = append(dst, '+')
		}
		dst = strconv.AppendFloat(dst, float64(c[b]), 'f', 2, 32)
	}
	return dst
}

func abs32(v float32) float32 { return float32(math.Abs(float64(v))) }

// zeroLogit is the log-odds of probability 0: sigmoid(zeroLogit) is 0.
var zeroLogit = float32(math.Inf(-1))

// cut decides whether a final log-odds z passes the threshold th, that is
// whether sigmoid(z) >= th, without computing the sigmoid away from the
// threshold: the sigmoid is monotone, so z above logit(th) by a margin far
// wider than any rounding passes, z below it by the margin fails, and only
// z within the margin is decided by sigmoid(z) >= th itself.
type cut struct {
	th     float32
	lo, hi float64 // below lo fails, at or above hi passes; NaN: always compute
}

// cutMargin is the margin around logit(th): the float32 rounding of the
// sigmoid moves it by less than 1e-6 at any threshold the model uses.
const cutMargin = 0.01

func newCut(th float32) cut {
	c := cut{th: th, lo: math.NaN(), hi: math.NaN()}
	if t := float64(th); t > 0.01 && t < 0.99 {
		z := math.Log(t / (1 - t))
		c.lo, c.hi = z-cutMargin, z+cutMargin
	}
	return c
}

// good reports whether sigmoid(z) >= c.th.
func (c cut) good(z float32) bool {
	switch z64 := float64(z); {
	case z64 >= c.hi:
		return true
	case z64 < c.lo:
		return false
	}
	return sigmoid(z) >= c.th
}

// minRepeat is the shortest text whose repetition is dropped: short texts
// ("Photo", "1.") may well repeat in an article.
const minRepeat = 40

// seenBefore reports whether the text of a paragraph of at least
// minRepeat bytes, hashed to h, repeats the text of one already kept: the
// metric, and a reader, count it twice.
func (x *Extractor) seenBefore(h uint64) bool {
	_, ok := x.seen[h]
	return ok
}

func decide(good bool) blocks.Class {
	if good {
		return blocks.Good
	}
	return blocks.Bad
}
