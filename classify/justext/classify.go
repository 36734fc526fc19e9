// Package justext classifies paragraphs as jusText 3.0.2 does: a
// context-free class from each paragraph's own features (ContextFree), then
// a context-sensitive revision from its neighbours (Revise).
//
// The results equal the reference Python code (justext/core.py,
// classify_paragraphs and revise_paragraph_classification), which differs
// from the published algorithm description in several places; each
// difference is documented where it applies. The Python revision searches
// for neighbours from every paragraph, which is quadratic on long runs of
// short paragraphs; every pass here is a single linear scan instead.
package justext

import "github.com/jtextract/jt/blocks"

// Classify sets CFClass and Class of every paragraph: ContextFree on each,
// then Revise. It never allocates. cfg is used as given; call
// Config.Validate first when it comes from a user.
func Classify(paras []blocks.Paragraph, cfg Config) {
	for i := range paras {
		paras[i].CFClass = ContextFree(&paras[i], cfg)
	}
	Revise(paras, cfg)
}

// ContextFree returns jusText's context-free class of p. The tests run in
// the reference order: link density above MaxLinkDensity, a copyright sign,
// a select element on the path, then length and stop-word density.
//
// Where the reference code differs from the algorithm's description, this
// follows the code:
//   - both stop-word thresholds are inclusive (density >= threshold), not
//     strict;
//   - a short paragraph is bad when it has any link characters at all, which
//     differs from "link density > 0" for an empty paragraph with link text;
//   - the copyright and select tests belong to this classification (the
//     description puts them in preprocessing), after the link-density test.
func ContextFree(p *blocks.Paragraph, cfg Config) blocks.Class {
	switch {
	case p.LinkDensity() > cfg.MaxLinkDensity, p.Copyright, p.InSelect:
		return blocks.Bad
	case p.Length < cfg.LengthLow:
		if p.LinkChars > 0 {
			return blocks.Bad
		}
		return blocks.Short
	}
	switch d := p.StopWordDensity(); {
	case d >= cfg.StopwordsHigh:
		if p.Length > cfg.LengthHigh {
			return blocks.Good
		}
		return blocks.NearGood
	case d >= cfg.StopwordsLow:
		return blocks.NearGood
	}
	return blocks.Bad
}

// Revise runs jusText's context-sensitive pass: it sets every Class from the
// CFClass already stored, using only cfg.MaxHeadingDistance and
// cfg.NoHeadings. With CFClass values from ContextFree, every Class ends
// Good or Bad. The steps are the reference's, in its order:
//
//  1. Good headings. The description turns a short heading followed closely
//     by a good paragraph into neargood. jusText 3.0.2 copies CFClass into
//     the working class in the same loop, so its forward search only sees
//     paragraphs whose class is not copied yet and never finds a good one
//     (jusText issue #45). The step changes nothing there, so it is left
//     out here; the reference pages agree only without it.
//  2. Short paragraphs take the class of their nearest good or bad
//     neighbours, ignoring neargood ones (a document edge counts as bad).
//     When one side is good and the other bad, the short paragraph is good
//     if, on a bad side, the nearest paragraph that is not short is
//     neargood; otherwise it is bad. All shorts are decided on the classes
//     as they were before this step.
//  3. Neargood paragraphs become bad when both nearest good-or-bad
//     neighbours are bad, good otherwise. Unlike step 2 this works in place
//     from first to last, so a neargood paragraph already revised counts as
//     good or bad for the ones after it.
//  4. More good headings: a heading whose class is now bad, but whose
//     context-free class was not, becomes good when a good paragraph
//     follows within MaxHeadingDistance characters. The distance is the
//     total length of the paragraphs strictly between the two, so neither
//     the heading's nor the good paragraph's own length counts. Headings
//     promoted here do not promote earlier ones.
//
// The description speaks of sequences delimited by good and bad blocks
// with one neargood as the delimiter; the per-paragraph rules of steps 2 and
// 3 are what the reference code does, and they differ from that picture on
// mixed sequences. Negative lengths, which no paragraph builder produces,
// count as 0 towards heading distances.
func Revise(paras []blocks.Paragraph, cfg Config) {
	for i := range paras {
		paras[i].Class = paras[i].CFClass
	}
	reviseShort(paras)
	reviseNearGood(paras)
	if !cfg.NoHeadings {
		promoteHeadings(paras, cfg.MaxHeadingDistance)
	}
}

// decided reports whether c is one of the classes the neighbour searches
// stop at when they ignore neargood paragraphs.
func decided(c blocks.Class) bool { return c == blocks.Good || c == blocks.Bad }

// promoteHeadings is step 4 of Revise. It scans backwards, carrying the
// distance to the nearest good paragraph ahead, instead of searching
// forwards from every heading. The reference scans forwards and changes
// only the heading under the scan, so its searches always see the classes
// from before the step; here a paragraph's good-ness is read before it is
// promoted for the same effect.
func promoteHeadings(paras []blocks.Paragraph, maxDist int) {
	// gap is the total length of the paragraphs between the current one and
	// the nearest good paragraph after it, or -1 when there is none or it is
	// further than maxDist. Keeping gap within maxDist avoids overflow.
	gap := -1
	for i := len(paras) - 1; i >= 0; i-- {
		p := &paras[i]
		good := p.Class == blocks.Good
		if p.Heading && p.Class == blocks.Bad && p.CFClass != blocks.Bad && gap >= 0 && gap <= maxDist {
			p.Class = blocks.Good
		}
		switch n := max(p.Length, 0); {
		case good:
			gap = 0
		case gap >= 0 && n <= maxDist-gap:
			gap += n
		default:
			gap = -1
		}
	}
}

// reviseShort is step 2 of Revise. Previous neighbours are carried along
// the scan; next neighbours are found by two forward pointers that never
// move back, so the step is linear. Decisions are written in place: the
// carried neighbours only change at paragraphs that were not short, and the
// pointers only look past the current paragraph, so neither sees a decision
// made in this step.
func reviseShort(paras []blocks.Paragraph) {
	n := len(paras)
	prevDecided, prevAny := blocks.Bad, blocks.Bad // document edge counts as bad
	nextDecided, nextAny := 0, 0                   // indices; n means the edge
	for i := range paras {
		c := paras[i].Class
		if c != blocks.Short {
			if decided(c) {
				prevDecided, prevAny = c, c
			} else if c == blocks.NearGood {
				prevAny = c
			}
			continue
		}
		if nextAny <= i {
			nextAny = i + 1
			for nextAny < n && !decided(paras[nextAny].Class) && paras[nextAny].Class != blocks.NearGood {
				nextAny++
			}
		}
		if nextDecided <= i {
			nextDecided = nextAny
			for nextDecided < n && !decided(paras[nextDecided].Class) {
				nextDecided++
			}
		}
		next, nextAnyClass := classAt(paras, nextDecided), classAt(paras, nextAny)
		switch {
		case prevDecided == blocks.Good && next == blocks.Good:
			c = blocks.Good
		case prevDecided == blocks.Bad && next == blocks.Bad:
			c = blocks.Bad
		case prevDecided == blocks.Bad && prevAny == blocks.NearGood,
			next == blocks.Bad && nextAnyClass == blocks.NearGood:
			c = blocks.Good
		default:
			c = blocks.Bad
		}
		paras[i].Class = c
	}
}

// reviseNearGood is step 3 of Revise. Every neargood paragraph behind the
// scan is decided by the time it matters, so the previous good-or-bad
// neighbour is the last decided class seen, revisions included. The next
// one is the first decided paragraph ahead, found by a forward pointer:
// paragraphs ahead are not revised yet, and the ones it stops at never are.
func reviseNearGood(paras []blocks.Paragraph) {
	prev, next := blocks.Bad, 0
	for i := range paras {
		c := paras[i].Class
		if c == blocks.NearGood {
			if next <= i {
				next = i + 1
				for next < len(paras) && !decided(paras[next].Class) {
					next++
				}
			}
			c = blocks.Good
			if prev == blocks.Bad && classAt(paras, next) == blocks.Bad {
				c = blocks.Bad
			}
			paras[i].Class = c
		}
		if decided(c) {
			prev = c
		}
	}
}

// classAt returns the class at index i, or Bad, jusText's stand-in for a
// missing neighbour, when i is past the end.
func classAt(paras []blocks.Paragraph, i int) blocks.Class {
	if i < len(paras) {
		return paras[i].Class
	}
	return blocks.Bad
}
