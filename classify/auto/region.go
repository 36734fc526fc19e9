package auto

import "bytes"

// The region features place a paragraph among the page's elements as a
// whole, at any depth. They rest on how the walker numbers elements: in
// the order they open, so a parent's ID is below its children's and the
// elements under one form the run of IDs from its own to the last one
// seen before it ended, which the recorder notes with each element's
// depth. That makes every feature a pass over the elements or a lookup,
// with no climb up the tree per paragraph.

// under reports whether element v is a or one of its descendants.
func (x *Extractor) under(v, a int32) bool {
	return a >= 0 && a <= v && v <= x.rec.last[a]
}

// element returns the ID of paragraph i's element, -1 when it is outside
// any element the recorder saw.
func (x *Extractor) element(i int) int32 {
	v := x.pm.Paragraphs()[i].Node
	if v < 0 || int(v) >= len(x.rec.last) {
		return -1
	}
	return v
}

// findHeadline records in x.chain the element of paragraph h, the
// page's headline (-1 for none), and its ancestors, from its own element
// up; none when the headline is outside any element.
func (x *Extractor) findHeadline(h int) {
	x.chain = x.chain[:0]
	if h < 0 {
		return
	}
	x.hBefore = x.feats[h*numFeatures+fTextBefore]
	for a := x.element(h); a >= 0; a = x.pm.Parent(a) {
		x.chain = append(x.chain, a)
	}
}

// headlineFeatures sets fH1Up, fH1Climb, fH1UpShare, fH1Pos and fDepth in
// paragraph i's row f: where it sits relative to the page's headline (see
// findHeadline), the h1 whose words best match the title. A product's
// description, a listing's cards and an article's body usually share a
// close ancestor with the headline; sidebars, menus and footers share only
// the page's outer containers with it.
func (x *Extractor) headlineFeatures(i int, f []float32) {
	v := x.element(i)
	if len(x.chain) == 0 {
		f[fH1Up], f[fH1Climb], f[fH1UpShare] = -1, -1, -1
		if v >= 0 {
			f[fDepth] = float32(x.rec.depth[v])
		}
		return
	}
	f[fH1Pos] = f[fTextBefore] - x.hBefore
	if v < 0 {
		f[fH1Up] = float32(len(x.chain))
		f[fH1UpShare] = 1
		return
	}
	f[fDepth] = float32(x.rec.depth[v])
	// The ancestors' runs of IDs nest: search for the lowest that holds v.
	lo, hi := 0, len(x.chain)
	for lo < hi {
		if k := int(uint(lo+hi) >> 1); x.under(v, x.chain[k]) {
			hi = k
		} else {
			lo = k + 1
		}
	}
	f[fH1Up] = float32(lo)
	f[fH1UpShare] = float32(lo) / float32(len(x.chain))
	if lo < len(x.chain) {
		f[fH1Climb] = float32(x.rec.depth[v] - x.rec.depth[x.chain[lo]])
	} else {
		f[fH1Climb] = float32(x.rec.depth[v] + 1)
	}
}

// mainRegions finds, from the stage-1 probabilities in x.prob1, the
// elements behind fInMain, fMainText and fInHalf (-1 for none), and the
// main container's share of the page's text. The main container is the
// deepest element holding at least mainShare of the page's probable text
// (stage-1 probability times length) in the paragraphs under it, not
// counting a paragraph's own element: the element a trafilatura-style
// extractor looks for. The half container is the deepest element with
// half the probable text, which on a page of two regions (a product and
// its reviews) is the larger one.
func (x *Extractor) mainRegions() (main, half int32, mainText float32) {
	paras := x.pm.Paragraphs()
	parents := x.pm.Parents()
	n := min(len(x.rec.last), len(parents))
	if cap(x.mass) < n+1 {
		x.mass = make([]float32, n+1)
	}
	x.mass = x.mass[:n]
	clear(x.mass)
	var probable, total float32
	for i := range paras {
		w := x.prob1[i] * x.lens[i]
		probable += w
		total += x.lens[i]
		if p := x.pm.Parent(x.element(i)); p >= 0 {
			x.mass[p] += w
		}
	}
	if probable <= 0 {
		return -1, -1, 0
	}
	for e := n - 1; e > 0; e-- {
		if p := parents[e]; p >= 0 && int(p) < e {
			x.mass[p] += x.mass[e]
		}
	}
	main, half = x.containers(probable*mainShare, probable/2)
	if main >= 0 {
		var inside float32
		for i := range paras {
			if x.under(x.pm.Parent(x.element(i)), main) {
				inside += x.lens[i]
			}
		}
		mainText = inside / max(total, 1)
	}
	return main, half, mainText
}

// containers returns, for each of two amounts of probable text, the
// deepest element whose paragraphs hold that much or more (as x.mass
// counts it), -1 for none. Such elements lie on one chain from the root,
// so the deepest is the one with the least probable text, or of equal ones
// the last opened.
func (x *Extractor) containers(least1, least2 float32) (c1, c2 int32) {
	c1, c2 = -1, -1
	for e, m := range x.mass {
		if m >= least1 && (c1 < 0 || m <= x.mass[c1]) {
			c1 = int32(e)
		}
		if m >= least2 && (c2 < 0 || m <= x.mass[c2]) {
			c2 = int32(e)
		}
	}
	return c1, c2
}

// mainShare is the share of the probable text the main container holds:
// most of it, so that one long paragraph of an article does not make its
// parent the container of the article.
const mainShare = 0.75

// lastStep returns the last element name of a DOM path ("p" for
// "html.body.div.p").
func lastStep(path []byte) string {
	return string(path[bytes.LastIndexByte(path, '.')+1:])
}
