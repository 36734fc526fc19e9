package auto

// Repeated structure: the posts of a forum, the cards of a listing, the
// rows of a table and the entries of an FAQ are siblings that share a tag
// and a class. Such a group is one piece of content (or one piece of
// boilerplate, like a menu), so each paragraph learns how many alike
// siblings its ancestors have and how much of the page the group holds,
// and stage 2 judges it by the whole group's stage-1 probability.

// minGroup is the fewest alike siblings that make a repeated group.
const minGroup = 3

// groups counts alike siblings: an open-addressing table keyed by the
// hash of an element's parent and signature (tag and class), with, per
// key, the siblings counted and the text and probable text of the
// paragraphs grouped under it. It is reused from page to page.
type groups struct {
	keys  []uint64 // 0: empty; a key is stored with its low bit set
	count []int32
	text  []float32
	prob  []float32
}

// reset empties the table and sizes it for n keys.
func (g *groups) reset(n int) {
	size := 64
	for size < 2*n {
		size *= 2
	}
	if cap(g.keys) < size {
		g.keys = make([]uint64, size)
		g.count = make([]int32, size)
		g.text = make([]float32, size)
		g.prob = make([]float32, size)
	}
	g.keys, g.count, g.text, g.prob = g.keys[:size], g.count[:size], g.text[:size], g.prob[:size]
	// Only the keys: a slot's sums are zeroed when it is taken.
	clear(g.keys)
}

// slot returns the slot of key, taking a free one for a new key.
func (g *groups) slot(key uint64) int {
	key |= 1
	mask := uint64(len(g.keys) - 1)
	for i := (key ^ key>>29) & mask; ; i = (i + 1) & mask {
		switch g.keys[i] {
		case key:
			return int(i)
		case 0:
			g.keys[i] = key
			g.count[i], g.text[i], g.prob[i] = 0, 0, 0
			return int(i)
		}
	}
}

// elemKey returns the key of element id: its parent and its signature.
func (x *Extractor) elemKey(id int32) uint64 {
	return pairHash(uint64(x.pm.Parent(id)+1), x.rec.sig[id])
}

// countAlike counts the alike siblings of every element (see elemKey) in
// x.rep and empties x.group for repeatFeatures to fill.
func (x *Extractor) countAlike() {
	elems := int32(len(x.rec.sig))
	x.rep.reset(int(elems))
	for id := range elems {
		x.rep.count[x.rep.slot(x.elemKey(id))]++
	}
	x.group = x.group[:0]
}

// repeatFeatures sets fRepeat1 to fRepeat3 in paragraph i's row f, and
// appends to x.group its group's slot (-1 for none): the slot of its
// ancestor, at depths 1 to maxDepth, with the most alike siblings, if it
// has at least minGroup. Called for the paragraphs in order, it sums each
// group's text for fRepeatShare.
func (x *Extractor) repeatFeatures(i int, f []float32) {
	elems := int32(len(x.rec.sig))
	best, bestSlot := int32(0), -1
	for d := 1; d <= maxDepth; d++ {
		s := int32(x.slot(i, d))
		if s >= elems {
			break
		}
		k := x.rep.slot(x.elemKey(s))
		c := x.rep.count[k]
		f[fRepeat1+d-1] = log1p(int(c) - 1)
		if c > best {
			best, bestSlot = c, k
		}
	}
	if best < minGroup {
		bestSlot = -1
	} else {
		x.rep.text[bestSlot] += float32(x.pm.Paragraphs()[i].Length)
	}
	x.group = append(x.group, int32(bestSlot))
}

// repeatShare sets fRepeatShare in paragraph i's row f: its group's
// share of the page's text (of total), once repeatFeatures has seen every
// paragraph.
func (x *Extractor) repeatShare(i int, f []float32, total float32) {
	if g := x.group[i]; g >= 0 {
		f[fRepeatShare] = x.rep.text[g] / total
	}
}

// sumGroups sums each group's probable text (stage-1 probability times
// length), for fGroupRep: its mean stage-1 probability by text.
func (x *Extractor) sumGroups() {
	for i, g := range x.group {
		if g >= 0 {
			x.rep.prob[g] += x.prob1[i] * x.lens[i]
		}
	}
}
