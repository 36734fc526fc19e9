package auto

import (
	"math/rand/v2"
	"testing"
)

// TestHashSet checks hashSet against a map through growth and resets,
// including hashes that differ only in the bit the set ignores.
func TestHashSet(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var s hashSet
	for round, n := range []int{0, 10, 300, 40000, 5} {
		s.reset()
		want := make(map[uint64]bool)
		for range n {
			h := r.Uint64() % 100000 // repeats
			s.add(h)
			want[h|1] = true
		}
		if s.n != len(want) {
			t.Fatalf("round %d: %d hashes stored, want %d", round, s.n, len(want))
		}
		for h := range uint64(100000) {
			if got := s.has(h); got != want[h|1] {
				t.Fatalf("round %d: has(%d) = %v, want %v", round, h, got, want[h|1])
			}
		}
	}
	if len(s.slots) > maxKeptSlots {
		t.Errorf("after a reset the table keeps %d slots, want at most %d", len(s.slots), maxKeptSlots)
	}
}
