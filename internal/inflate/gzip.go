package inflate

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
)

// Gzip header flags (RFC 1952, 2.3.1).
const (
	flagHCRC    = 1 << 1
	flagExtra   = 1 << 2
	flagName    = 1 << 3
	flagComment = 1 << 4
)

// maxHeaderString bounds a member's file name and comment, terminator
// included, as Go's compress/gzip and klauspost/compress/gzip do, so that
// this package accepts exactly the members they accept.
const maxHeaderString = 512

// Gunzip decodes the gzip member at the start of src, appending its data
// to dst like Inflate, and returns the extended buffer and the member's
// length in src (header, DEFLATE stream and trailer). It checks the
// header (FEXTRA, FNAME, FCOMMENT, and the header CRC when FHCRC is set;
// reserved flags must be clear) and the trailer's CRC-32 and length. A
// src holding several members is decoded by calling Gunzip again on the
// rest.
func (d *Decoder) Gunzip(dst, src []byte) (out []byte, n int, err error) {
	p, err := header(src)
	if err != nil {
		return dst, 0, err
	}
	hint := 0
	if len(src) >= p+8 {
		// The length in the trailer, if src holds one member; believed up
		// to a ratio of 16, so that the bytes a src of several members (or
		// a damaged one) ends with cost no large buffer.
		hint = min(int(binary.LittleEndian.Uint32(src[len(src)-4:])), 16*len(src))
	}
	s := state{in: src[p:], buf: dst[:cap(dst)], op: len(dst), start: len(dst), limit: d.limit}
	if err := d.inflate(&s, hint); err != nil {
		if e, ok := err.(*Error); ok {
			e.Offset += int64(p)
		}
		return dst, 0, err
	}
	out = s.buf[:s.op]
	p += s.consumed()
	if len(src)-p < 8 {
		return dst, 0, &Error{Offset: int64(len(src)), Err: ErrTruncated, What: "gzip trailer"}
	}
	data := out[len(dst):]
	sum, size := binary.LittleEndian.Uint32(src[p:]), binary.LittleEndian.Uint32(src[p+4:])
	if got := crc32.ChecksumIEEE(data); got != sum {
		return dst, 0, &Error{Offset: int64(p), Err: ErrChecksum, What: fmt.Sprintf("CRC-32 %#08x, the data's is %#08x", sum, got)}
	}
	if size != uint32(len(data)) {
		return dst, 0, &Error{Offset: int64(p + 4), Err: ErrChecksum, What: fmt.Sprintf("length %d, the data's is %d (mod 2^32)", size, uint32(len(data)))}
	}
	return out, p + 8, nil
}

// header checks the gzip member header at the start of src and returns
// its length.
func header(src []byte) (int, error) {
	truncated := func() error { return &Error{Offset: int64(len(src)), Err: ErrTruncated, What: "gzip header"} }
	if len(src) < 10 {
		if len(src) >= 1 && src[0] != 0x1f || len(src) >= 2 && src[1] != 0x8b || len(src) >= 3 && src[2] != 8 {
			return 0, &Error{Err: ErrHeader, What: "not a gzip member"}
		}
		return 0, truncated()
	}
	if src[0] != 0x1f || src[1] != 0x8b || src[2] != 8 {
		return 0, &Error{Err: ErrHeader, What: fmt.Sprintf("magic and method % x, want 1f 8b 08", src[:3])}
	}
	flg := src[3]
	p := 10
	if flg&flagExtra != 0 {
		if len(src) < p+2 {
			return 0, truncated()
		}
		p += 2 + int(binary.LittleEndian.Uint16(src[p:]))
		if len(src) < p {
			return 0, truncated()
		}
	}
	for _, f := range [...]byte{flagName, flagComment} {
		if flg&f == 0 {
			continue
		}
		i := 0
		for ; p+i < len(src) && i < maxHeaderString && src[p+i] != 0; i++ {
		}
		if i == maxHeaderString {
			return 0, &Error{Offset: int64(p), Err: ErrHeader, What: fmt.Sprintf("file name or comment over %d bytes", maxHeaderString-1)}
		}
		if p+i == len(src) {
			return 0, truncated()
		}
		p += i + 1
	}
	if flg&flagHCRC != 0 {
		if len(src) < p+2 {
			return 0, truncated()
		}
		if sum := binary.LittleEndian.Uint16(src[p:]); sum != uint16(crc32.ChecksumIEEE(src[:p])) {
			return 0, &Error{Offset: int64(p), Err: ErrHeader, What: "header CRC mismatch"}
		}
		p += 2
	}
	if flg>>5 != 0 {
		return 0, &Error{Offset: 3, Err: ErrHeader, What: fmt.Sprintf("reserved flags set (%#02x)", flg)}
	}
	return p, nil
}
