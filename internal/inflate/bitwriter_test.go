package inflate

import "math/bits"

// bitWriter writes DEFLATE streams bit by bit, for hand-made test streams.
type bitWriter struct {
	out  []byte
	acc  uint64
	nacc uint
}

// bits writes the n low bits of v, least significant first.
func (w *bitWriter) bits(v uint64, n uint) *bitWriter {
	w.acc |= v << w.nacc
	w.nacc += n
	for w.nacc >= 8 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.nacc -= 8
	}
	return w
}

// code writes a Huffman code of length n, most significant bit first.
func (w *bitWriter) code(c uint16, n uint) *bitWriter {
	return w.bits(uint64(bits.Reverse16(c)>>(16-n)), n)
}

// align pads with zero bits to a byte boundary.
func (w *bitWriter) align() *bitWriter {
	if w.nacc > 0 {
		w.bits(0, 8-w.nacc)
	}
	return w
}

func (w *bitWriter) bytes() []byte { return append(w.align().out[:0:0], w.out...) }

// header writes a block header.
func (w *bitWriter) header(final bool, typ uint64) *bitWriter {
	f := uint64(0)
	if final {
		f = 1
	}
	return w.bits(f, 1).bits(typ, 2)
}

// stored writes a whole stored block.
func (w *bitWriter) stored(final bool, data []byte) *bitWriter {
	w.header(final, 0).align()
	n := uint16(len(data))
	w.out = append(w.out, byte(n), byte(n>>8), ^byte(n), ^byte(n>>8))
	w.out = append(w.out, data...)
	return w
}

// fixedSym writes a literal/length symbol in the fixed code.
func (w *bitWriter) fixedSym(sym int) *bitWriter {
	switch {
	case sym < 144:
		return w.code(uint16(0x30+sym), 8)
	case sym < 256:
		return w.code(uint16(0x190+sym-144), 9)
	case sym < 280:
		return w.code(uint16(sym-256), 7)
	}
	return w.code(uint16(0xc0+sym-280), 8)
}

// fixedLits writes literals in the fixed code.
func (w *bitWriter) fixedLits(s string) *bitWriter {
	for i := range len(s) {
		w.fixedSym(int(s[i]))
	}
	return w
}

var (
	lengthBases = [...]int{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [...]uint{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBases   = [...]int{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distExtra   = [...]uint{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
)

// fixedMatch writes a match in the fixed code, with the last length code
// that covers length (so 258 is code 285).
func (w *bitWriter) fixedMatch(length, dist int) *bitWriter {
	lc := len(lengthBases) - 1
	for lengthBases[lc] > length {
		lc--
	}
	w.fixedSym(257+lc).bits(uint64(length-lengthBases[lc]), lengthExtra[lc])
	dc := len(distBases) - 1
	for distBases[dc] > dist {
		dc--
	}
	return w.code(uint16(dc), 5).bits(uint64(dist-distBases[dc]), distExtra[dc])
}

// canonical returns the canonical Huffman codes of lens (RFC 1951, 3.2.2).
func canonical(lens []uint8) []uint16 {
	var count [16]uint16
	for _, l := range lens {
		count[l]++
	}
	count[0] = 0
	var next [16]uint16
	code := uint16(0)
	for l := 1; l < 16; l++ {
		code = (code + count[l-1]) << 1
		next[l] = code
	}
	codes := make([]uint16, len(lens))
	for i, l := range lens {
		if l != 0 {
			codes[i] = next[l]
			next[l]++
		}
	}
	return codes
}

// dynamic writes a dynamic block header with the given code lengths, sent
// with a code length code giving symbols 0-15 four bits each.
func (w *bitWriter) dynamic(final bool, litLens, distLens []uint8) *bitWriter {
	var pre [19]uint8
	for i := range 16 {
		pre[i] = 4
	}
	syms := make([]int, 0, len(litLens)+len(distLens))
	for _, l := range append(append([]uint8(nil), litLens...), distLens...) {
		syms = append(syms, int(l))
	}
	return w.dynamicRaw(final, len(litLens), len(distLens), pre, syms, nil)
}

// dynamicRaw writes a dynamic block header as given: nlit and ndist, all 19
// code length code lengths, then the code length symbols syms (with the
// extra bits extra[i] for repeat codes).
func (w *bitWriter) dynamicRaw(final bool, nlit, ndist int, pre [19]uint8, syms []int, extra []uint64) *bitWriter {
	w.header(final, 2).bits(uint64(nlit-257), 5).bits(uint64(ndist-1), 5).bits(19-4, 4)
	for _, s := range codeOrder {
		w.bits(uint64(pre[s]), 3)
	}
	codes := canonical(pre[:])
	for i, s := range syms {
		w.code(codes[s], uint(pre[s]))
		switch s {
		case 16:
			w.bits(extra[i], 2)
		case 17:
			w.bits(extra[i], 3)
		case 18:
			w.bits(extra[i], 7)
		}
	}
	return w
}
