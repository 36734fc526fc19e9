// Package inflate decodes DEFLATE streams (RFC 1951) and gzip members
// (RFC 1952) held whole in memory, into a buffer the caller reuses.
//
// With the whole input and output at hand, the decoder needs none of a
// streaming decoder's bookkeeping (window, partial symbols, short reads):
// a 64-bit bit buffer refilled eight bytes at a time without a branch per
// byte, one table lookup per symbol for most codes (subtables for the
// rest), a length's or distance's extra bits consumed with its code, up
// to three literals per refill, the next symbol looked up before a match
// is copied, and matches copied 16 or 8 bytes at a time, writing past the
// match into slack kept at the end of the buffer. This is the design of
// libdeflate, in Go without assembly or unsafe.
//
// The output is bounded: a stream that would make the output longer than
// the Decoder's limit fails with ErrTooLarge, and the buffer never grows
// beyond the limit (plus a few hundred bytes of slack).
package inflate

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// Classes of errors; every error the package returns is an *Error
// wrapping one of them.
var (
	// ErrCorrupt means the input breaks the DEFLATE format.
	ErrCorrupt = errors.New("corrupt deflate data")
	// ErrTruncated means the input ends inside the stream or member.
	ErrTruncated = errors.New("input ends inside the stream")
	// ErrTooLarge means the output would be longer than the limit.
	ErrTooLarge = errors.New("output over the limit")
	// ErrHeader means a gzip member header is invalid.
	ErrHeader = errors.New("invalid gzip header")
	// ErrChecksum means a gzip member's CRC-32 or length does not match
	// its data.
	ErrChecksum = errors.New("gzip checksum mismatch")
)

// Error is a decoding failure at an input offset.
type Error struct {
	Offset int64 // input byte at which the problem was found
	Err    error // one of the package's classes
	What   string
}

// Error says what went wrong and where.
func (e *Error) Error() string {
	return fmt.Sprintf("inflate: %v at input byte %d: %s", e.Err, e.Offset, e.What)
}

// Unwrap returns the class of the error.
func (e *Error) Unwrap() error { return e.Err }

// slack is the room kept after the last byte the output may hold: the
// writes of one turn of the decoding loop may run that far past it (two
// literals, a match of 258 bytes and the overrun of its copy, 15 bytes),
// so the loop checks the buffer once per turn.
const slack = 3 + 258 + 16 + 11

// Decoder inflates whole DEFLATE streams and gzip members. Its tables are
// kept between calls, so a warm Decoder allocates nothing but the growth
// of the output buffer. A Decoder is not safe for concurrent use.
type Decoder struct {
	limit int
	lit   [litEnough]uint32
	dist  [distEnough]uint32
	pre   [1 << preTableBits]uint32
	lens  [numLitSyms + numDistSyms]uint8
}

// NewDecoder returns a Decoder whose outputs are at most limit bytes long
// (dst included, see Inflate).
func NewDecoder(limit int) *Decoder {
	d := new(Decoder)
	d.SetLimit(limit)
	return d
}

// SetLimit changes the longest output a call may return; a negative limit
// is taken as 0.
func (d *Decoder) SetLimit(limit int) { d.limit = max(limit, 0) }

// Limit returns the longest output a call may return.
func (d *Decoder) Limit() int { return d.limit }

// The fixed Huffman code's tables (RFC 1951, 3.2.6), built once.
var fixedLit, fixedDist = func() (lit *[litEnough]uint32, dist *[distEnough]uint32) {
	lit, dist = new([litEnough]uint32), new([distEnough]uint32)
	var lens [numLitSyms]uint8
	for i := range lens {
		switch {
		case i < 144:
			lens[i] = 8
		case i < 256:
			lens[i] = 9
		case i < 280:
			lens[i] = 7
		default:
			lens[i] = 8
		}
	}
	build(lit[:], lens[:], litBase[:], litTableBits)
	for i := range numDistSyms {
		lens[i] = 5
	}
	build(dist[:], lens[:numDistSyms], distBase[:], distTableBits)
	return lit, dist
}()

// state is the decoding position: the input, the bit buffer and the
// output. ip may run past the end of the input by up to 8 bytes read as
// zeros; only consuming them is an error (see consumed).
type state struct {
	in    []byte
	ip    int
	bits  uint64
	nb    uint // valid bits in bits
	buf   []byte
	op    int // output length
	start int // where this stream's output begins in buf
	limit int
}

// Inflate decodes the DEFLATE stream at the start of src, appending its
// output to dst, and returns the extended buffer and the number of bytes
// of src the stream takes (the rest, a gzip trailer say, is not read).
// The output may not make the buffer longer than the limit. Inflate may
// write anywhere in dst's capacity past len(dst), and when it needs more
// room it allocates a new buffer (doubling, bounded by the limit plus a
// little slack). On error, out still holds dst.
func (d *Decoder) Inflate(dst, src []byte) (out []byte, n int, err error) {
	s := state{in: src, buf: dst[:cap(dst)], op: len(dst), start: len(dst), limit: d.limit}
	if err := d.inflate(&s, 4*len(src)); err != nil {
		return dst, 0, err
	}
	return s.buf[:s.op], s.consumed(), nil
}

// consumed is how many input bytes the decoded bits took, whole bytes.
func (s *state) consumed() int { return s.ip - int(s.nb>>3) }

func (s *state) fail(class error, format string, args ...any) error {
	return &Error{Offset: int64(min(s.consumed(), len(s.in))), Err: class, What: fmt.Sprintf(format, args...)}
}

// refill makes nb at least 56, reading zeros past the end of the input.
func (s *state) refill() error {
	if s.ip <= len(s.in)-8 {
		s.bits |= binary.LittleEndian.Uint64(s.in[s.ip:]) << (s.nb & 63)
		s.ip += int((63 - s.nb) >> 3)
		s.nb |= 56
		return nil
	}
	for s.nb <= 56 {
		if s.ip < len(s.in) {
			s.bits |= uint64(s.in[s.ip]) << (s.nb & 63)
		}
		s.ip++
		s.nb += 8
	}
	if s.ip > len(s.in)+8 {
		return s.fail(ErrTruncated, "the stream needs more input")
	}
	return nil
}

// grow makes room for at least need more bytes after op, doubling the
// buffer but never beyond the limit plus slack (straight to it once the
// limit is near, so a bomb costs at most twice the limit in all).
func (s *state) grow(need int) {
	size := max(2*len(s.buf), s.op+need+slack, 1<<16)
	if size+size/2 > s.limit {
		size = s.limit + slack
	}
	s.resize(size)
}

// resize makes the buffer size bytes long (at most the limit plus slack),
// unless it is already longer.
func (s *state) resize(size int) {
	size = min(size, s.limit+slack)
	if size <= len(s.buf) {
		return
	}
	b := make([]byte, size)
	copy(b, s.buf[:s.op])
	s.buf = b
}

// inflate decodes the stream of s; hint is the output length expected,
// for which room is made at once.
func (d *Decoder) inflate(s *state, hint int) error {
	if hint = max(hint, 0); len(s.buf)-s.op < hint+slack {
		s.resize(s.op + hint + slack)
	}
	for {
		if err := s.refill(); err != nil {
			return err
		}
		final := s.bits&1 != 0
		typ := s.bits >> 1 & 3
		s.bits >>= 3
		s.nb -= 3
		var err error
		switch typ {
		case 0:
			err = s.stored()
		case 1:
			err = s.huffman(fixedLit, fixedDist)
		case 2:
			if err = d.readTables(s); err == nil {
				err = s.huffman(&d.lit, &d.dist)
			}
		default:
			err = s.fail(ErrCorrupt, "reserved block type 3")
		}
		if err != nil {
			return err
		}
		if s.consumed() > len(s.in) {
			return s.fail(ErrTruncated, "the stream needs more input")
		}
		if final {
			return nil
		}
	}
}

// stored copies a stored block (its header bits are consumed).
func (s *state) stored() error {
	// Give the whole bytes left in the bit buffer back to the input.
	s.ip = s.consumed()
	s.bits, s.nb = 0, 0
	if s.ip+4 > len(s.in) {
		return s.fail(ErrTruncated, "stored block header")
	}
	n := int(binary.LittleEndian.Uint16(s.in[s.ip:]))
	if nn := binary.LittleEndian.Uint16(s.in[s.ip+2:]); uint16(n) != ^nn {
		return s.fail(ErrCorrupt, "stored block length %#04x does not match its complement %#04x", n, nn)
	}
	s.ip += 4
	if s.ip+n > len(s.in) {
		return s.fail(ErrTruncated, "stored block of %d bytes", n)
	}
	if n > s.limit-s.op {
		return s.fail(ErrTooLarge, "output over %d bytes", s.limit)
	}
	if len(s.buf)-s.op < n+slack {
		s.grow(n)
	}
	s.op += copy(s.buf[s.op:], s.in[s.ip:s.ip+n])
	s.ip += n
	return nil
}

// codeOrder is the order of the code length code's lengths.
var codeOrder = [numPreSyms]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// readTables reads a dynamic block's code definitions into d.lit and
// d.dist.
func (d *Decoder) readTables(s *state) error {
	if err := s.refill(); err != nil {
		return err
	}
	nlit := int(s.bits&31) + 257
	ndist := int(s.bits>>5&31) + 1
	nclen := int(s.bits>>10&15) + 4
	s.bits >>= 14
	s.nb -= 14
	if nlit > 286 || ndist > 30 {
		return s.fail(ErrCorrupt, "%d literal/length codes and %d distance codes (at most 286 and 30)", nlit, ndist)
	}
	var preLens [numPreSyms]uint8
	for i := range nclen {
		if s.nb < 3 {
			if err := s.refill(); err != nil {
				return err
			}
		}
		preLens[codeOrder[i]] = uint8(s.bits & 7)
		s.bits >>= 3
		s.nb -= 3
	}
	if !build(d.pre[:], preLens[:], preBase[:], preTableBits) {
		return s.fail(ErrCorrupt, "invalid code length code")
	}
	lens := d.lens[:nlit+ndist]
	for i := 0; i < len(lens); {
		if s.nb < 14 {
			if err := s.refill(); err != nil {
				return err
			}
		}
		e := d.pre[s.bits&(1<<preTableBits-1)]
		if e&entryExc != 0 {
			return s.fail(ErrCorrupt, "invalid code length code")
		}
		s.bits >>= e & 63
		s.nb -= uint(e & 63)
		sym := e >> 16
		if sym < 16 {
			lens[i] = uint8(sym)
			i++
			continue
		}
		var rep int
		var v uint8
		switch sym {
		case 16:
			if i == 0 {
				return s.fail(ErrCorrupt, "code length repeated before the first")
			}
			v = lens[i-1]
			rep = 3 + int(s.bits&3)
			s.bits >>= 2
			s.nb -= 2
		case 17:
			rep = 3 + int(s.bits&7)
			s.bits >>= 3
			s.nb -= 3
		default:
			rep = 11 + int(s.bits&127)
			s.bits >>= 7
			s.nb -= 7
		}
		if i+rep > len(lens) {
			return s.fail(ErrCorrupt, "code lengths repeated past the %d codes", len(lens))
		}
		for j := range rep {
			lens[i+j] = v
		}
		i += rep
	}
	if lens[256] == 0 {
		return s.fail(ErrCorrupt, "no code for the end of block")
	}
	if !build(d.lit[:], lens[:nlit], litBase[:], litTableBits) {
		return s.fail(ErrCorrupt, "invalid literal/length code")
	}
	if !build(d.dist[:], lens[nlit:], distBase[:], distTableBits) {
		return s.fail(ErrCorrupt, "invalid distance code")
	}
	return nil
}

// huffman decodes the symbols of a block with the given tables, up to its
// end of block.
func (s *state) huffman(lt *[litEnough]uint32, dt *[distEnough]uint32) error {
	const litMask, distMask = 1<<litTableBits - 1, 1<<distTableBits - 1
	// The state lives in locals in the loop (a closure to save them would
	// keep them in memory), and is stored back on every exit.
	in, ip, bits, nb := s.in, s.ip, s.bits, s.nb
	buf, op, start := s.buf, s.op, s.start
	safeEnd := min(len(buf)-slack, s.limit)
	// Each refill below makes nb at least 56; refilling only adds bits
	// above those an entry already looked up was read from, so the entry
	// stays valid across it, and the next symbol's entry is looked up
	// before a match is copied, overlapping the two.
	if err := s.refill(); err != nil {
		return err
	}
	ip, bits, nb = s.ip, s.bits, s.nb
	e := lt[bits&litMask]
	for {
		if op > safeEnd {
			s.ip, s.bits, s.nb, s.buf, s.op = ip, bits, nb, buf, op
			if op > s.limit {
				return s.fail(ErrTooLarge, "output over %d bytes", s.limit)
			}
			s.grow(1)
			buf = s.buf
			safeEnd = min(len(buf)-slack, s.limit)
		}
		if e&entryLit != 0 {
			// Up to three literals take 45 bits of the 56.
			bits >>= e & 63
			nb -= uint(e & 63)
			buf[op] = byte(e >> 16)
			op++
			e = lt[bits&litMask]
			if e&entryLit != 0 {
				bits >>= e & 63
				nb -= uint(e & 63)
				buf[op] = byte(e >> 16)
				op++
				e = lt[bits&litMask]
				if e&entryLit != 0 {
					bits >>= e & 63
					nb -= uint(e & 63)
					buf[op] = byte(e >> 16)
					op++
					e = 0 // looked up again after the refill
				}
			}
			if ip <= len(in)-8 {
				bits |= binary.LittleEndian.Uint64(in[ip:]) << (nb & 63)
				ip += int((63 - nb) >> 3)
				nb |= 56
			} else {
				s.ip, s.bits, s.nb, s.buf, s.op = ip, bits, nb, buf, op
				if err := s.refill(); err != nil {
					return err
				}
				ip, bits, nb = s.ip, s.bits, s.nb
			}
			if e == 0 {
				e = lt[bits&litMask]
				continue
			}
		}
		if e&entryExc != 0 {
			if e&entrySub != 0 {
				bits >>= e & 63
				nb -= uint(e & 63)
				e = lt[e>>16&0x7fff+uint32(bits)&(1<<(e>>8&15)-1)]
			}
			if e&entryExc != 0 {
				s.ip, s.bits, s.nb, s.buf, s.op = ip, bits, nb, buf, op
				if e&entryEOB == 0 {
					return s.fail(ErrCorrupt, "invalid literal/length code")
				}
				s.bits >>= e & 63
				s.nb -= uint(e & 63)
				if op > s.limit {
					return s.fail(ErrTooLarge, "output over %d bytes", s.limit)
				}
				return nil
			}
			if e&entryLit != 0 {
				bits >>= e & 63
				nb -= uint(e & 63)
				buf[op] = byte(e >> 16)
				op++
				if ip <= len(in)-8 {
					bits |= binary.LittleEndian.Uint64(in[ip:]) << (nb & 63)
					ip += int((63 - nb) >> 3)
					nb |= 56
				} else {
					s.ip, s.bits, s.nb, s.buf, s.op = ip, bits, nb, buf, op
					if err := s.refill(); err != nil {
						return err
					}
					ip, bits, nb = s.ip, s.bits, s.nb
				}
				e = lt[bits&litMask]
				continue
			}
		}
		length := int(e>>16&0x7fff) + int(bits&(1<<(e&63)-1)>>(e>>8&15))
		bits >>= e & 63
		nb -= uint(e & 63)

		e = dt[bits&distMask]
		if e&entryExc != 0 {
			if e&entrySub != 0 {
				bits >>= e & 63
				nb -= uint(e & 63)
				e = dt[e>>16&0x7fff+uint32(bits)&(1<<(e>>8&15)-1)]
			}
			if e&entryExc != 0 {
				s.ip, s.bits, s.nb, s.buf, s.op = ip, bits, nb, buf, op
				return s.fail(ErrCorrupt, "invalid distance code")
			}
		}
		dist := int(e>>16&0x7fff) + int(bits&(1<<(e&63)-1)>>(e>>8&15))
		bits >>= e & 63
		nb -= uint(e & 63)
		if dist > op-start {
			s.ip, s.bits, s.nb, s.buf, s.op = ip, bits, nb, buf, op
			return s.fail(ErrCorrupt, "distance %d before the start of the output (%d bytes)", dist, op-start)
		}
		if ip <= len(in)-8 {
			bits |= binary.LittleEndian.Uint64(in[ip:]) << (nb & 63)
			ip += int((63 - nb) >> 3)
			nb |= 56
		} else {
			s.ip, s.bits, s.nb, s.buf, s.op = ip, bits, nb, buf, op
			if err := s.refill(); err != nil {
				return err
			}
			ip, bits, nb = s.ip, s.bits, s.nb
		}
		e = lt[bits&litMask]

		// The copy may write up to 15 bytes past the match, into slack.
		from, end := op-dist, op+length
		switch {
		// (Slices of constant length leave one bounds check per slice.)
		case dist >= 16:
			for op < end {
				d, f := buf[op:op+16], buf[from:from+16]
				binary.LittleEndian.PutUint64(d, binary.LittleEndian.Uint64(f))
				binary.LittleEndian.PutUint64(d[8:], binary.LittleEndian.Uint64(f[8:]))
				op += 16
				from += 16
			}
		case dist >= 8:
			for op < end {
				binary.LittleEndian.PutUint64(buf[op:op+8], binary.LittleEndian.Uint64(buf[from:from+8]))
				op += 8
				from += 8
			}
		case dist == 1:
			v := uint64(buf[from]) * 0x0101010101010101
			for op < end {
				d := buf[op : op+16]
				binary.LittleEndian.PutUint64(d, v)
				binary.LittleEndian.PutUint64(d[8:], v)
				op += 16
			}
		default:
			for ; op < end; op++ {
				buf[op] = buf[from]
				from++
			}
		}
		op = end
	}
}
