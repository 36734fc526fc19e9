package boilerpipe

// The three neighbourhood classifiers of boilerpipe decide each block from
// its own features and those of the blocks before and after it. The
// decision trees were learnt with C4.8 (WSDM 2010); thresholds are
// boilerpipe's. A missing neighbour at either end counts as an empty block
// (no words, densities 0).

// emptyBlock stands in for the missing neighbour at either end (Java's
// TextBlock.EMPTY_START).
var emptyBlock = TextBlock{NumWrappedLines: 1}

// classifyAll sets IsContent of every block to rule(prev, curr, next) and
// reports whether any changed.
func classifyAll(doc *Document, rule func(prev, curr, next *TextBlock) bool) bool {
	changed := false
	bs := doc.Blocks
	for i := range bs {
		prev, next := &emptyBlock, &emptyBlock
		if i > 0 {
			prev = &bs[i-1]
		}
		if i+1 < len(bs) {
			next = &bs[i+1]
		}
		changed = bs[i].SetContent(rule(prev, &bs[i], next)) || changed
	}
	return changed
}

// NumWordsRules is boilerpipe's NumWordsRulesClassifier: content or not by
// link density and number of words of a block and its neighbours.
type NumWordsRules struct{}

// Process classifies every block of doc.
func (NumWordsRules) Process(doc *Document) bool { return classifyAll(doc, numWordsRule) }

func numWordsRule(prev, curr, next *TextBlock) bool {
	switch {
	case float64(curr.LinkDensity) > 0.333333:
		return false
	case float64(prev.LinkDensity) <= 0.555556:
		if curr.NumWords > 16 || next.NumWords > 15 {
			return true
		}
		return prev.NumWords > 4
	default:
		return curr.NumWords > 40 || next.NumWords > 17
	}
}

// DensityRules is boilerpipe's DensityRulesClassifier: content or not by
// link density and text density of a block and its neighbours.
type DensityRules struct{}

// Process classifies every block of doc.
func (DensityRules) Process(doc *Document) bool { return classifyAll(doc, densityRule) }

func densityRule(prev, curr, next *TextBlock) bool {
	switch {
	case float64(curr.LinkDensity) > 0.333333:
		return false
	case float64(prev.LinkDensity) <= 0.555556:
		if curr.TextDensity <= 9 {
			if next.TextDensity > 10 {
				return true
			}
			return prev.TextDensity > 4
		}
		return next.TextDensity != 0
	default:
		return next.TextDensity > 11
	}
}

// CanolaRules is the classifier of boilerpipe's CanolaExtractor, trained on
// the krdwrd Canola corpus.
type CanolaRules struct{}

// Process classifies every block of doc.
func (CanolaRules) Process(doc *Document) bool { return classifyAll(doc, canolaRule) }

func canolaRule(prev, curr, next *TextBlock) bool {
	return (curr.LinkDensity > 0 && next.NumWords > 11) ||
		curr.NumWords > 19 ||
		(next.NumWords > 6 && next.LinkDensity == 0 && prev.LinkDensity == 0 &&
			(curr.NumWords > 6 || prev.NumWords > 7 || next.NumWords > 19))
}
