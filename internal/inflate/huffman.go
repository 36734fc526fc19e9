package inflate

import "math/bits"

// A decode table maps the next tableBits bits of the input (in the order
// DEFLATE packs them, least significant first) to an entry:
//
//	bits 0-7    bits to consume: the codeword plus its extra bits (for a
//	            subtable pointer, the table's own bits)
//	bits 8-11   the codeword's length within this table (for a subtable
//	            pointer, the subtable's index bits)
//	bit 13      end of block
//	bit 14      subtable pointer
//	bit 15      exceptional: end of block, subtable pointer or invalid code
//	bits 16-30  the value: a literal byte, a length or distance base, or
//	            the start of a subtable
//	bit 31      literal
//
// A codeword's extra bits follow it in the input, so one shift consumes
// both, and the extra value is (input & (1<<consume - 1)) >> codeword
// length. Codes longer than tableBits continue in a subtable reached by
// their first tableBits bits, as in zlib's inflate_table.
const (
	entryEOB = 1 << 13
	entrySub = 1 << 14
	entryExc = 1 << 15
	entryLit = 1 << 31

	entryInvalid = entryExc
)

const (
	litTableBits  = 11
	distTableBits = 8
	preTableBits  = 7
	maxCodeLen    = 15

	// Table sizes for the worst complete codes (zlib's enough program:
	// "enough 288 11 15" and "enough 32 8 15"), as libdeflate uses them.
	litEnough  = 2342
	distEnough = 402

	numLitSyms  = 288 // 286 and 287 only exist in the fixed code, and are invalid
	numDistSyms = 32  // 30 and 31 likewise
	numPreSyms  = 19
)

// Entries of each symbol before its code length is known.
var litBase, distBase, preBase = func() (lit [numLitSyms]uint32, dist [numDistSyms]uint32, pre [numPreSyms]uint32) {
	for i := range 256 {
		lit[i] = entryLit | uint32(i)<<16
	}
	lit[256] = entryExc | entryEOB
	lengthBase := [...]uint32{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra := [...]uint32{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	for i := range lengthBase {
		lit[257+i] = lengthBase[i]<<16 | lengthExtra[i]
	}
	lit[286], lit[287] = entryInvalid, entryInvalid
	for i := range 30 {
		extra := uint32(max(i/2-1, 0))
		base := uint32(1)
		if i >= 4 {
			base = (2+uint32(i&1))<<extra + 1
		} else {
			base += uint32(i)
		}
		dist[i] = base<<16 | extra
	}
	dist[30], dist[31] = entryInvalid, entryInvalid
	for i := range pre {
		pre[i] = uint32(i) << 16
	}
	return
}()

// build fills table from the code lengths of symbols 0..len(lens)-1,
// whose entries without their lengths are base. It reports false for an
// over-subscribed code and for an incomplete one, except the two zlib and
// Go accept: no code at all (any use of it is an error) and a single
// code of length 1.
func build(table []uint32, lens []uint8, base []uint32, tableBits uint) bool {
	var count [maxCodeLen + 1]uint16
	for _, l := range lens {
		count[l]++
	}
	count[0] = 0
	left, maxLen, n := 1, 0, 0
	for l := 1; l <= maxCodeLen; l++ {
		left = left<<1 - int(count[l])
		if left < 0 {
			return false
		}
		if count[l] > 0 {
			maxLen = l
			n += int(count[l])
		}
	}
	if left > 0 {
		if n > 1 || maxLen > 1 {
			return false
		}
		for i := range 1 << tableBits {
			table[i] = entryInvalid
		}
		if n == 0 {
			return true
		}
	}
	// Symbols in canonical order: by length, then by value.
	var offs [maxCodeLen + 2]uint16
	for l := 1; l <= maxCodeLen; l++ {
		offs[l+1] = offs[l] + count[l]
	}
	var sorted [numLitSyms]uint16
	for sym, l := range lens {
		if l != 0 {
			sorted[offs[l]] = uint16(sym)
			offs[l]++
		}
	}
	rootSize := 1 << tableBits
	next := rootSize // where the next subtable starts
	prefix, subStart := -1, 0
	code, codeLen := 0, 1 // canonical code, most significant bit first
	for _, sym := range sorted[:n] {
		l := int(lens[sym])
		code <<= l - codeLen
		codeLen = l
		b := base[sym]
		if l <= int(tableBits) {
			e := b&^0xff | uint32(l)<<8 | (uint32(l) + b&0xff)
			for i := int(bits.Reverse16(uint16(code)) >> (16 - l)); i < rootSize; i += 1 << l {
				table[i] = e
			}
		} else {
			drop := l - int(tableBits)
			if p := code >> drop; p != prefix {
				// A new subtable: wide enough for the codes that share
				// this prefix (zlib's computation of curr).
				prefix = p
				sub := drop
				room := 1 << sub
				for sub+int(tableBits) < maxLen {
					room -= int(count[sub+int(tableBits)])
					if room <= 0 {
						break
					}
					sub++
					room <<= 1
				}
				if next+1<<sub > len(table) {
					return false // cannot happen for a complete code
				}
				subStart = next
				next += 1 << sub
				table[bits.Reverse16(uint16(p))>>(16-tableBits)] = entryExc | entrySub | uint32(subStart)<<16 | uint32(sub)<<8 | uint32(tableBits)
			}
			subBits := int(table[bits.Reverse16(uint16(prefix))>>(16-tableBits)] >> 8 & 0xf)
			e := b&^0xff | uint32(drop)<<8 | (uint32(drop) + b&0xff)
			for i := int(bits.Reverse16(uint16(code&(1<<drop-1))) >> (16 - drop)); i < 1<<subBits; i += 1 << drop {
				table[subStart+i] = e
			}
		}
		count[l]--
		code++
	}
	return true
}
