// Package phash builds and queries minimal perfect hash tables over sets of
// strings with the hash-and-displace scheme (Belazzougui, Botelho and
// Dietzfelbinger, "Hash, displace, and compress", 2009, without the
// compression step).
//
// A key's 64-bit xxhash h picks one of a table's buckets. Building places
// the buckets, largest first, each with the first displacement d whose
// derived hashes mix(h, d) send all of the bucket's keys to distinct free
// slots; buckets of one key then take the remaining free slots directly.
// Every slot ends up holding exactly one key, so a lookup is one hash, one
// displacement read, one mix and one string comparison, with no probing.
//
// The same Build serves the generator that compiles the built-in stoplists
// into Go source and the run-time construction of user stoplists.
package phash

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"

	"github.com/cespare/xxhash/v2"
)

// Table is a minimal perfect hash table. Its fields are exported only so
// that generated code can spell a Table as a composite literal; a Table is
// never modified after Build returns it, so it is safe for concurrent use.
type Table struct {
	// Disp holds one entry per bucket: d >= 0 means the bucket's keys are
	// in slots mix(h, d) mod n; d < 0 means its single key is in slot -d-1.
	Disp []int32
	// Offs holds n+1 offsets into Words: slot i holds Words[Offs[i]:Offs[i+1]].
	Offs []uint32
	// Words is the keys concatenated in slot order.
	Words string
}

// keysPerBucket is the mean bucket size Build starts with. Smaller values
// cost more displacement entries; larger ones make the last multi-key
// buckets slow to place because few slots are left free for them.
const keysPerBucket = 3

// maxTries bounds the displacements tried for one bucket before Build
// starts over with more buckets; placing a bucket normally takes far fewer.
const maxTries = 1 << 16

// Build returns a table holding exactly keys, or an error naming a key
// given twice. The result depends only on the set of keys, not on their
// order.
func Build(keys []string) (Table, error) {
	total := 0
	for _, k := range keys {
		total += len(k)
	}
	if uint64(total) > math.MaxUint32 || len(keys) > math.MaxInt32 {
		return Table{}, fmt.Errorf("%d keys of %d bytes exceed the table's 32-bit limits", len(keys), total)
	}
	if len(keys) == 0 {
		return Table{}, nil
	}
	hs := make([]hashed, len(keys))
	for i, k := range keys {
		hs[i] = hashed{k, xxhash.Sum64String(k)}
	}
	slices.SortFunc(hs, func(a, b hashed) int { return cmp.Compare(a.key, b.key) })
	if err := checkDistinct(hs); err != nil {
		return Table{}, err
	}
	for nb := (len(hs) + keysPerBucket - 1) / keysPerBucket; ; nb += nb/4 + 1 {
		if t, ok := place(hs, nb); ok {
			return t, nil
		}
		if nb >= len(hs) {
			return Table{}, fmt.Errorf("no placement found for %d keys", len(hs))
		}
	}
}

// hashed is a key with its xxhash.
type hashed struct {
	key string
	h   uint64
}

// checkDistinct reports a key given twice or two keys with the same hash,
// which no displacement could separate.
func checkDistinct(hs []hashed) error {
	byHash := slices.Clone(hs)
	slices.SortFunc(byHash, func(a, b hashed) int { return cmp.Compare(a.h, b.h) })
	for i := 1; i < len(byHash); i++ {
		a, b := byHash[i-1], byHash[i]
		switch {
		case a.key == b.key:
			return fmt.Errorf("key %q given twice", a.key)
		case a.h == b.h:
			return fmt.Errorf("keys %q and %q have the same 64-bit hash", a.key, b.key)
		}
	}
	return nil
}

// place builds the table with nb buckets. It reports false when some bucket
// could not be placed within maxTries displacements.
func place(hs []hashed, nb int) (Table, bool) {
	n := len(hs)
	buckets := make([][]int, nb) // indices into hs
	for i, k := range hs {
		b := reduce(k.h, nb)
		buckets[b] = append(buckets[b], i)
	}
	order := make([]int, nb)
	for i := range order {
		order[i] = i
	}
	// Largest buckets first, while most slots are free; ties by index keep
	// the result deterministic.
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(len(buckets[b]), len(buckets[a])) })

	disp := make([]int32, nb)
	slot := make([]int, n) // index into hs, or -1 while the slot is free
	for i := range slot {
		slot[i] = -1
	}
	var taken []int
	free := 0 // singletons come last and fill the free slots from the left
	for _, b := range order {
		members := buckets[b]
		switch len(members) {
		case 0:
			continue
		case 1:
			for slot[free] >= 0 {
				free++
			}
			slot[free] = members[0]
			disp[b] = int32(-1 - free)
			continue
		}
		d := uint32(0)
		for ; d < maxTries; d++ {
			var ok bool
			if taken, ok = fit(taken[:0], hs, members, slot, d); ok {
				break
			}
		}
		if d == maxTries {
			return Table{}, false
		}
		for j, s := range taken {
			slot[s] = members[j]
		}
		disp[b] = int32(d)
	}

	var words strings.Builder
	offs := make([]uint32, n+1)
	for i, k := range slot {
		words.WriteString(hs[k].key)
		offs[i+1] = uint32(words.Len())
	}
	return Table{Disp: disp, Offs: offs, Words: words.String()}, true
}

// fit appends to taken the slots that displacement d gives the members of
// a bucket, and reports whether they are all free and distinct.
func fit(taken []int, hs []hashed, members, slot []int, d uint32) ([]int, bool) {
	for _, m := range members {
		s := reduce(mix(hs[m].h, d), len(slot))
		if slot[s] >= 0 || slices.Contains(taken, s) {
			return taken, false
		}
		taken = append(taken, s)
	}
	return taken, true
}

// Contains reports whether key is in the table. It does not allocate.
func (t *Table) Contains(key []byte) bool {
	n := len(t.Offs) - 1
	if n <= 0 {
		return false
	}
	h := Sum64(key)
	var i int
	if d := t.Disp[reduce(h, len(t.Disp))]; d < 0 {
		i = int(-1 - d)
	} else {
		i = reduce(mix(h, uint32(d)), n)
	}
	return string(key) == t.Words[t.Offs[i]:t.Offs[i+1]]
}

// Len returns the number of keys in the table.
func (t *Table) Len() int {
	return max(len(t.Offs)-1, 0)
}

// mix derives the hash for displacement d from a key's hash h with the
// finaliser of MurmurHash3, so that different d give unrelated slots.
func mix(h uint64, d uint32) uint64 {
	h ^= uint64(d) * 0x9e3779b97f4a7c15
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}

// reduce maps h onto [0, n) by multiplication instead of a division
// (Lemire, "A fast alternative to the modulo reduction", 2016).
func reduce(h uint64, n int) int {
	hi, _ := bits.Mul64(h, uint64(n))
	return int(hi)
}

// The primes of xxHash64.
const (
	prime1 uint64 = 11400714785074694791
	prime2 uint64 = 14029467366897019727
	prime3 uint64 = 1609587929392839161
	prime4 uint64 = 9650029242287828579
	prime5 uint64 = 2870177450012600261
)

// Sum64 returns xxhash.Sum64(key). Keys shorter than 32 bytes, which is
// nearly every word looked up, are hashed here in Go, which saves the
// call into the package's assembly; the result is the same (TestSum64).
func Sum64(key []byte) uint64 {
	n := len(key)
	if n >= 32 {
		return xxhash.Sum64(key)
	}
	h := prime5 + uint64(n)
	b := key
	for ; len(b) >= 8; b = b[8:] {
		k := binary.LittleEndian.Uint64(b)
		k *= prime2
		k = bits.RotateLeft64(k, 31)
		k *= prime1
		h ^= k
		h = bits.RotateLeft64(h, 27)*prime1 + prime4
	}
	if len(b) >= 4 {
		h ^= uint64(binary.LittleEndian.Uint32(b)) * prime1
		h = bits.RotateLeft64(h, 23)*prime2 + prime3
		b = b[4:]
	}
	for _, c := range b {
		h ^= uint64(c) * prime5
		h = bits.RotateLeft64(h, 11) * prime1
	}
	h ^= h >> 33
	h *= prime2
	h ^= h >> 29
	h *= prime3
	h ^= h >> 32
	return h
}
