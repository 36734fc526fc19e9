package atomtab

import (
	"testing"

	"golang.org/x/net/html/atom"
)

func TestTable(t *testing.T) {
	all := All()
	if len(all) < 300 {
		t.Fatalf("found %d atoms, want the few hundred x/net/html/atom defines", len(all))
	}
	m := map[atom.Atom]uint32{0: 7}
	for i, a := range all {
		if i%3 == 0 {
			m[a] = uint32(i + 1)
		}
	}
	tab := MustNew(m)
	for _, a := range append(all, 0) {
		if got, want := tab.Get(a), m[a]; got != want {
			t.Errorf("Get(%v) = %d, want %d", a, got, want)
		}
	}
}
