// Package phash builds and queries minimal perfect hash tables over sets of
// strings with the hash-and-displace scheme (Belazzougui, Botelho and
// Dietzfelbinger, "Hash, displace, and compress", 2009, without the
// compression step).
//
// A key's 64-bit hash h (see Hash) picks one of a table's buckets. Building places
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
		hs[i] = hashed{k, Hash([]byte(k))}
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

// hashed is a key with its Hash.
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
	if len(key) <= 8 {
		return t.ContainsPacked(Pack(key), len(key))
	}
	if len(t.Offs) <= 1 {
		return false
	}
	i := t.slot(Hash(key))
	return string(key) == t.Words[t.Offs[i]:t.Offs[i+1]]
}

// ContainsPacked is Contains for a key of n <= 8 bytes given as Pack
// gives it, which a caller scanning text can load in one piece: the probe
// then compares two numbers instead of two slices, without a branch that
// depends on the key.
func (t *Table) ContainsPacked(x uint64, n int) bool {
	if len(t.Offs) <= 1 {
		return false
	}
	i := t.slot(packedHash(x, n))
	start, end := t.Offs[i], t.Offs[i+1]
	var y uint64
	if w := t.Words[start:]; len(w) >= 8 {
		// One 8-byte load: the compiler combines the byte reads.
		y = uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
			uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
	} else {
		for k := range min(n, len(w)) {
			y |= uint64(w[k]) << (8 * k)
		}
	}
	return (y&(^uint64(0)>>(64-8*uint(n)))^x)|uint64(int(end-start)^n) == 0
}

// slot returns the slot of a key with hash h in a non-empty table. Both
// kinds of bucket are computed and one is chosen, which costs less than a
// mispredicted branch.
func (t *Table) slot(h uint64) int {
	d := t.Disp[reduce(h, len(t.Disp))]
	i := reduce(mix(h, uint32(d)), len(t.Offs)-1)
	if d < 0 {
		i = int(-1 - d)
	}
	return i
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

// Pack returns key, of at most 8 bytes, as a little-endian number: the
// first byte in the low bits, zeros above the last.
func Pack(key []byte) uint64 {
	var x uint64
	for i, c := range key[:min(len(key), 8)] {
		x |= uint64(c) << (8 * i)
	}
	return x
}

// Multipliers of wyhash (Wang Yi), whose multiply-and-fold mixing Hash uses.
const (
	wyp0 uint64 = 0xa0761d6478bd642f
	wyp1 uint64 = 0xe7037ed1a0b428db
)

// mum multiplies a and b to 128 bits and folds the halves together.
func mum(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return hi ^ lo
}

// Hash returns the 64-bit hash by which tables place key. A key of up to 8
// bytes, nearly every word, is hashed from Pack's number and its length
// with one multiplication; a longer one in 16-byte steps, wyhash-style.
func Hash(key []byte) uint64 {
	n := len(key)
	if n <= 8 {
		return packedHash(Pack(key), n)
	}
	h := uint64(n)
	for rest := key; len(rest) > 16; rest = rest[16:] {
		h = mum(binary.LittleEndian.Uint64(rest)^wyp0, binary.LittleEndian.Uint64(rest[8:])^h)
	}
	// The last 16 bytes (overlapping what the loop read, or the first 8
	// for a key of 9 to 16 bytes).
	a := binary.LittleEndian.Uint64(key[max(n-16, 0):])
	b := binary.LittleEndian.Uint64(key[n-8:])
	return mum(a^wyp0^h, b^wyp1)
}

// packedHash is Hash of a key of n <= 8 bytes packed as Pack packs it.
func packedHash(x uint64, n int) uint64 {
	return mum(x^wyp0, uint64(n)^wyp1)
}
