package main

import (
	"math"
	"slices"

	"github.com/jtextract/jt/classify/auto"
)

// The lexicons' learning: which words of class and id attributes, and of
// headings, are said around main text and which around boilerplate, over
// many sites.
const (
	// lexMinPages is how many pages a word must be on to be learned: a
	// word of fewer is one site's, and says nothing of other sites.
	lexMinPages = 10
	// lexPrior is the weight, in pages, of the prior every word's share
	// is drawn towards.
	lexPrior = 4
	// lexMinScore drops the words that say too little to be worth a
	// lookup.
	lexMinScore = 0.1
)

// classWords and headWords return the words of paragraph j of e that the
// class and the heading lexicon read.
func classWords(e *extracted, j int) []uint64 { return e.classes[j] }
func headWords(e *extracted, j int) []uint64  { return e.heads[j] }

// learnLexicon learns a lexicon of the words that wordsOf gives per
// paragraph from the paragraphs of rows sel. Each page gives a word one
// vote, split by the share of the page's paragraphs with the word that
// are main text, so that a long page counts no more than a short one.
func learnLexicon(rows []extracted, sel []int, wordsOf func(e *extracted, j int) []uint64) auto.Lexicon {
	type votes struct {
		main, other float64
		pages       int
	}
	all := map[uint64]*votes{}
	var hs []uint64
	for _, i := range sel {
		e := &rows[i]
		page := map[uint64]*[2]int{}
		for j := range e.toks {
			if len(e.toks[j]) == 0 {
				continue
			}
			hs = append(hs[:0], wordsOf(e, j)...)
			slices.Sort(hs)
			hs = slices.Compact(hs)
			y := 0
			if e.y[j] >= 0.5 {
				y = 1
			}
			for _, h := range hs {
				c := page[h]
				if c == nil {
					c = &[2]int{}
					page[h] = c
				}
				c[y]++
			}
		}
		for h, c := range page {
			v := all[h]
			if v == nil {
				v = &votes{}
				all[h] = v
			}
			share := float64(c[1]) / float64(c[0]+c[1])
			v.main += share
			v.other += 1 - share
			v.pages++
		}
	}
	var main, other float64
	for _, v := range all {
		main += v.main
		other += v.other
	}
	prior := main / max(main+other, 1)
	base := math.Log(prior / (1 - prior))
	var words []uint64
	for h, v := range all {
		if v.pages >= lexMinPages {
			words = append(words, h)
		}
	}
	slices.Sort(words)
	var lex auto.Lexicon
	for _, h := range words {
		v := all[h]
		s := math.Log((v.main+lexPrior*prior)/(v.other+lexPrior*(1-prior))) - base
		if math.Abs(s) < lexMinScore {
			continue
		}
		lex.Words = append(lex.Words, h)
		lex.Scores = append(lex.Scores, float32(s))
	}
	return lex
}
