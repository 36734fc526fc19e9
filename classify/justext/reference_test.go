package justext

import "github.com/jtextract/jt/blocks"

// This file transcribes jusText 3.0.2's classify_paragraphs and
// revise_paragraph_classification (justext/core.py) line by line, with the
// per-paragraph neighbour searches and forward loops of the original,
// including the good-headings loop that copies classes as it goes, as the
// oracle for the linear implementation. It deliberately shares no code
// with it, not even the density helpers of package blocks.

// refClassify sets CFClass and Class as jusText's two functions do.
func refClassify(paras []blocks.Paragraph, cfg Config) {
	heading := make([]bool, len(paras))
	for i := range paras {
		p := &paras[i]
		length := p.Length
		stopwordDensity := 0.0
		if p.Words != 0 {
			stopwordDensity = float64(p.StopWords) / float64(p.Words)
		}
		linkDensity := 0.0
		if length != 0 {
			linkDensity = float64(p.LinkChars) / float64(length)
		}
		heading[i] = !cfg.NoHeadings && p.Heading

		if linkDensity > cfg.MaxLinkDensity {
			p.CFClass = blocks.Bad
		} else if p.Copyright {
			p.CFClass = blocks.Bad
		} else if p.InSelect {
			p.CFClass = blocks.Bad
		} else if length < cfg.LengthLow {
			if p.LinkChars > 0 {
				p.CFClass = blocks.Bad
			} else {
				p.CFClass = blocks.Short
			}
		} else if stopwordDensity >= cfg.StopwordsHigh {
			if length > cfg.LengthHigh {
				p.CFClass = blocks.Good
			} else {
				p.CFClass = blocks.NearGood
			}
		} else if stopwordDensity >= cfg.StopwordsLow {
			p.CFClass = blocks.NearGood
		} else {
			p.CFClass = blocks.Bad
		}
	}
	refRevise(paras, heading, cfg.MaxHeadingDistance)
}

// refNeighbour is _get_neighbour.
func refNeighbour(i int, paras []blocks.Paragraph, ignoreNearGood bool, inc, boundary int) blocks.Class {
	for i+inc != boundary {
		i += inc
		c := paras[i].Class
		if c == blocks.Good || c == blocks.Bad {
			return c
		}
		if c == blocks.NearGood && !ignoreNearGood {
			return c
		}
	}
	return blocks.Bad
}

func refPrev(i int, paras []blocks.Paragraph, ignoreNearGood bool) blocks.Class {
	return refNeighbour(i, paras, ignoreNearGood, -1, -1)
}

func refNext(i int, paras []blocks.Paragraph, ignoreNearGood bool) blocks.Class {
	return refNeighbour(i, paras, ignoreNearGood, 1, len(paras))
}

// unset stands for the class_type a jusText 3.0.2 paragraph has before
// revise_paragraph_classification copies cf_class into it.
const unset = blocks.Class(255)

// refRevise is revise_paragraph_classification of jusText 3.0.2; heading[i]
// is the paragraph.heading attribute classify_paragraphs set.
func refRevise(paras []blocks.Paragraph, heading []bool, maxHeadingDistance int) {
	for i := range paras {
		paras[i].Class = unset
	}

	// good headings
	for i := range paras {
		// copy classes
		paras[i].Class = paras[i].CFClass
		if !(heading[i] && paras[i].Class == blocks.Short) {
			continue
		}
		j, distance := i+1, 0
		for j < len(paras) && distance <= maxHeadingDistance {
			if paras[j].Class == blocks.Good {
				paras[i].Class = blocks.NearGood
				break
			}
			distance += paras[j].Length
			j++
		}
	}

	// classify short
	newClasses := map[int]blocks.Class{}
	for i := range paras {
		if paras[i].Class != blocks.Short {
			continue
		}
		prev := refPrev(i, paras, true)
		next := refNext(i, paras, true)
		switch {
		case prev == blocks.Good && next == blocks.Good:
			newClasses[i] = blocks.Good
		case prev == blocks.Bad && next == blocks.Bad:
			newClasses[i] = blocks.Bad
		case (prev == blocks.Bad && refPrev(i, paras, false) == blocks.NearGood) ||
			(next == blocks.Bad && refNext(i, paras, false) == blocks.NearGood):
			newClasses[i] = blocks.Good
		default:
			newClasses[i] = blocks.Bad
		}
	}
	for i, c := range newClasses {
		paras[i].Class = c
	}

	// revise neargood
	for i := range paras {
		if paras[i].Class != blocks.NearGood {
			continue
		}
		prev := refPrev(i, paras, true)
		next := refNext(i, paras, true)
		if prev == blocks.Bad && next == blocks.Bad {
			paras[i].Class = blocks.Bad
		} else {
			paras[i].Class = blocks.Good
		}
	}

	// more good headings
	for i := range paras {
		if !(heading[i] && paras[i].Class == blocks.Bad && paras[i].CFClass != blocks.Bad) {
			continue
		}
		j, distance := i+1, 0
		for j < len(paras) && distance <= maxHeadingDistance {
			if paras[j].Class == blocks.Good {
				paras[i].Class = blocks.Good
				break
			}
			distance += paras[j].Length
			j++
		}
	}
}
