// Package atomtab maps tag atoms to small values with one table lookup.
//
// The tree builder and the handlers behind it ask several questions of
// every element's tag (is it void, does it close a paragraph, which cues
// does it give ...). Each as a switch over the atom constants compiles to a
// tree of branches that real pages, whose tags come in no order, mispredict;
// one lookup answers them all from the bits of one value.
package atomtab

import "golang.org/x/net/html/atom"

// bits is log2 of the number of slots: for the hundred or so atoms a
// package asks about, a multiplier that hashes them apart is found in a
// few hundred tries.
const bits = 10

// Table holds a value per atom; atoms not set, and the names no atom
// covers (atom 0) unless set, have the value 0. Build one with MustNew.
type Table struct {
	mul   uint32 // the multiplier of the hash, chosen so that no two keys share a slot
	slots [1 << bits]slot
}

type slot struct {
	a atom.Atom
	v uint32
}

// index returns the slot of a. Atom 0 always hashes to slot 0.
func (t *Table) index(a atom.Atom) uint32 { return uint32(a) * t.mul >> (32 - bits) }

// Get returns the value of a. It has no branch: the tags of a page come
// in no order a predictor could learn.
func (t *Table) Get(a atom.Atom) uint32 {
	s := &t.slots[t.index(a)]
	d := uint32(s.a ^ a)    // 0 when the slot is a's
	other := (d | -d) >> 31 // 1 when it is another atom's
	return s.v &^ -other
}

// MustNew returns a table of the values of m, which may include atom 0. It
// panics if it finds no multiplier that hashes the keys to distinct
// slots, which only a much larger m would cause.
func MustNew(m map[atom.Atom]uint32) Table {
	var t Table
	used := make([]bool, 1<<bits)
	for mul := uint32(0x9e3779b1); mul < 0x9e3779b1+2<<20; mul += 2 {
		t.mul = mul
		clear(used)
		used[0] = true // atom 0's slot, whether or not m sets it
		if t.fill(m, used) {
			for a, v := range m {
				t.slots[t.index(a)] = slot{a, v}
			}
			return t
		}
	}
	panic("atomtab: no perfect hash found")
}

// fill marks the slots of m's keys in used and reports whether they are
// all distinct.
func (t *Table) fill(m map[atom.Atom]uint32, used []bool) bool {
	for a := range m {
		if a == 0 {
			continue
		}
		i := t.index(a)
		if used[i] {
			return false
		}
		used[i] = true
	}
	return true
}

// All returns every atom x/net/html/atom defines (the substrings of its
// text that Lookup maps back to themselves), for tests that check a Table
// over every atom.
func All() []atom.Atom {
	var all []atom.Atom
	for off := uint32(0); ; off++ {
		if atom.Atom(off<<8|1).String() == "" {
			return all
		}
		for n := uint32(1); n < 256; n++ {
			a := atom.Atom(off<<8 | n)
			s := a.String()
			if s == "" {
				break
			}
			if atom.Lookup([]byte(s)) == a {
				all = append(all, a)
			}
		}
	}
}
