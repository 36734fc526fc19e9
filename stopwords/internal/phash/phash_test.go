package phash

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// words returns the keys t holds, in slot order.
func words(t *Table) []string {
	var ws []string
	for i := 1; i < len(t.Offs); i++ {
		ws = append(ws, t.Words[t.Offs[i-1]:t.Offs[i]])
	}
	return ws
}

// randomKeys returns n distinct keys of 1 to 12 random bytes.
func randomKeys(rng *rand.Rand, n int) []string {
	seen := make(map[string]bool, n)
	keys := make([]string, 0, n)
	for len(keys) < n {
		b := make([]byte, 1+rng.IntN(12))
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		if !seen[string(b)] {
			seen[string(b)] = true
			keys = append(keys, string(b))
		}
	}
	return keys
}

func TestBuild(t *testing.T) {
	tests := []struct {
		name string
		keys []string
	}{
		{"none", nil},
		{"one", []string{"the"}},
		{"empty key", []string{"", "a"}},
		{"only empty key", []string{""}},
		{"prefixes", []string{"a", "ab", "abc", "abcd", "b", "ba"}},
		{"random", randomKeys(rand.New(rand.NewPCG(1, 2)), 5000)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tab, err := Build(tt.keys)
			if err != nil {
				t.Fatal(err)
			}
			if tab.Len() != len(tt.keys) {
				t.Errorf("Len = %d, want %d", tab.Len(), len(tt.keys))
			}
			// Every slot holds exactly one key: the slots are a
			// permutation of the keys.
			got := words(&tab)
			slices.Sort(got)
			want := slices.Sorted(slices.Values(tt.keys))
			if !slices.Equal(got, want) {
				t.Errorf("slots hold %q, want %q", got, want)
			}
			for _, k := range tt.keys {
				if !tab.Contains([]byte(k)) {
					t.Errorf("Contains(%q) = false", k)
				}
				if slices.Contains(tt.keys, k+"\x00") {
					continue
				}
				if tab.Contains([]byte(k + "\x00")) {
					t.Errorf("Contains(%q) = true", k+"\x00")
				}
			}
		})
	}
}

// TestNonKeys looks up many strings that are not keys, some of which share
// a key's bucket or slot, and expects every lookup to fail.
func TestNonKeys(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	all := randomKeys(rng, 40000)
	keys, others := all[:20000], all[20000:]
	tab, err := Build(keys)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range others {
		if tab.Contains([]byte(k)) {
			t.Fatalf("Contains(%q) = true for a non-key", k)
		}
	}
}

func TestBuildIsOrderIndependent(t *testing.T) {
	keys := randomKeys(rand.New(rand.NewPCG(5, 6)), 2000)
	a, err := Build(keys)
	if err != nil {
		t.Fatal(err)
	}
	shuffled := slices.Clone(keys)
	rand.New(rand.NewPCG(7, 8)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	b, err := Build(shuffled)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Error("Build gives different tables for the same keys in another order")
	}
}

func TestBuildErrors(t *testing.T) {
	_, err := Build([]string{"a", "b", "a"})
	if err == nil || !strings.Contains(err.Error(), `"a"`) {
		t.Errorf("duplicate key: err = %v, want one naming \"a\"", err)
	}
	// No two real keys are known to share a hash, so fake the hashes.
	err = checkDistinct([]hashed{{"x", 7}, {"y", 7}})
	if err == nil || !strings.Contains(err.Error(), `"x" and "y"`) {
		t.Errorf("hash collision: err = %v, want one naming both keys", err)
	}
}

// TestPlaceGivesUp checks the retry path: with a single bucket, twenty keys
// would need one displacement that permutes them all, which the bounded
// search does not find, while Build with its own bucket count succeeds.
func TestPlaceGivesUp(t *testing.T) {
	keys := randomKeys(rand.New(rand.NewPCG(9, 10)), 20)
	hs := make([]hashed, len(keys))
	for i, k := range keys {
		hs[i] = hashed{k, uint64(i)<<40 | 12345} // distinct hashes
	}
	if _, ok := place(hs, 1); ok {
		t.Error("place with one bucket for 20 keys succeeded")
	}
	if _, err := Build(keys); err != nil {
		t.Error(err)
	}
}

func TestContainsAllocs(t *testing.T) {
	tab, err := Build([]string{"and", "the", "of"})
	if err != nil {
		t.Fatal(err)
	}
	hit, miss := []byte("the"), []byte("then")
	if n := testing.AllocsPerRun(100, func() { tab.Contains(hit); tab.Contains(miss) }); n != 0 {
		t.Errorf("Contains allocates %v times", n)
	}
}

func BenchmarkBuild(b *testing.B) {
	for _, n := range []int{500, 10000} {
		keys := randomKeys(rand.New(rand.NewPCG(11, 12)), n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Build(keys); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestHash checks that Hash hashes a key of up to 8 bytes as
// ContainsPacked does, and that keys of every length up to 70 bytes that
// differ in one byte or in length get different hashes.
func TestHash(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	seen := make(map[uint64][]byte)
	for n := 0; n <= 70; n++ {
		for range 50 {
			b := make([]byte, n)
			for i := range b {
				b[i] = byte(rng.IntN(256))
			}
			h := Hash(b)
			if n <= 8 && h != packedHash(Pack(b), n) {
				t.Fatalf("Hash(%x) = %#x, packedHash gives %#x", b, h, packedHash(Pack(b), n))
			}
			if o, ok := seen[h]; ok && string(o) != string(b) {
				t.Fatalf("Hash(%x) = Hash(%x)", b, o)
			}
			seen[h] = b
			for i := range b {
				c := slices.Clone(b)
				c[i] ^= 1
				if Hash(c) == h {
					t.Fatalf("Hash(%x) = Hash(%x)", b, c)
				}
			}
			if Hash(append(slices.Clone(b), 0)) == h {
				t.Fatalf("Hash(%x) = Hash of it with a zero byte appended", b)
			}
		}
	}
}

// TestContainsPacked checks ContainsPacked against Contains on every key
// of a table and on keys differing from them in a byte or in length,
// including the keys at the end of Words, which are read byte by byte.
func TestContainsPacked(t *testing.T) {
	keys := append(randomKeys(rand.New(rand.NewPCG(13, 14)), 500), "", "\x00", "a", "a\x00")
	tab, err := Build(keys)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		for _, probe := range []string{k, k + "\x00", k + "x", k[:max(len(k)-1, 0)], "x" + k} {
			if len(probe) > 8 {
				continue
			}
			want := slices.Contains(keys, probe)
			if got := tab.ContainsPacked(Pack([]byte(probe)), len(probe)); got != want {
				t.Errorf("ContainsPacked(%q) = %v, want %v", probe, got, want)
			}
			if got := tab.Contains([]byte(probe)); got != want {
				t.Errorf("Contains(%q) = %v, want %v", probe, got, want)
			}
		}
	}
	var empty Table
	if empty.Contains([]byte("0123456789")) || empty.ContainsPacked(0, 0) {
		t.Error("the empty table contains a key")
	}
}
