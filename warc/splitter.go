package warc

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
)

// Splitter cuts a gzip WARC file written one member per record (as Common
// Crawl and wget write them) into its members without decompressing
// them, so that several goroutines can decompress at once: each chunk Next
// returns is read by a Reader of its own (see Reader.Reset).
//
// A member's end is only known by decompressing it, so Splitter cuts before
// every byte sequence that looks like a gzip member header. Compressed data
// can contain such a sequence by chance; the chunk before the false cut then
// ends inside a member, which its Reader reports as ErrTruncated, and the
// caller decodes that chunk again joined to the next one.
type Splitter struct {
	br    *bufio.Reader
	max   int
	off   int64 // input offset of br's next byte
	carry bool  // the 0x1f starting the next chunk has been consumed
	eof   bool
	rest  []byte // the chunk that grew over max, for Rest
}

// NewSplitter returns a Splitter of r, whose chunks are at most max bytes.
func NewSplitter(r io.Reader, max int) *Splitter {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReaderSize(r, minReadBuffer)
	}
	return &Splitter{br: br, max: max}
}

// Next appends the next chunk to dst[:0] and returns it with its input
// offset: the bytes from one gzip member header to the next one or to the
// end of the input. At the end it returns io.EOF. When no member header
// follows within max bytes, it returns an error wrapping ErrTooLarge, after
// which Rest gives the input from that chunk on, to be read as a stream.
func (s *Splitter) Next(dst []byte) ([]byte, int64, error) {
	dst = dst[:0]
	start := s.off
	if s.carry {
		dst = append(dst, 0x1f)
		s.carry = false
		start--
	}
	for {
		b, err := s.br.ReadSlice(0x1f)
		s.off += int64(len(b))
		// Keep b first: peeking invalidates it.
		dst = append(dst, b...)
		switch err {
		case nil:
			// b ends with 0x1f: a new member starts there if a header follows
			// and this chunk already holds something.
			if len(dst) > 1 && len(dst)-1 <= s.max && s.headerFollows() {
				s.carry = true
				return dst[:len(dst)-1], start, nil
			}
		case bufio.ErrBufferFull:
		case io.EOF:
			if len(dst) == 0 {
				s.eof = true
				return nil, start, io.EOF
			}
			if len(dst) <= s.max {
				s.eof = true
				return dst, start, nil
			}
		default:
			return nil, start, err
		}
		if len(dst) > s.max {
			s.rest = dst
			return nil, start, fmt.Errorf("%w: gzip member at input offset %d is over %d bytes", ErrTooLarge, start, s.max)
		}
	}
}

// headerFollows reports whether the bytes after a 0x1f just read look like
// the rest of a gzip member header: ID2, the deflate method, flags with the
// reserved bits clear, and a known extra-flags value.
func (s *Splitter) headerFollows() bool {
	h, _ := s.br.Peek(8)
	return len(h) == 8 && h[0] == 0x8b && h[1] == 8 && h[2]&0xe0 == 0 && (h[7] == 0 || h[7] == 2 || h[7] == 4)
}

// AtEOF reports whether the chunk Next returned last was the input's last.
func (s *Splitter) AtEOF() bool { return s.eof }

// Rest returns the input from the chunk that was too large on.
func (s *Splitter) Rest() io.Reader {
	return io.MultiReader(bytes.NewReader(s.rest), s.br)
}
