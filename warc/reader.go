// Package warc reads WARC/1.0 and WARC/1.1 files as a stream of records:
// uncompressed, gzip (one member per record, as Common Crawl writes them,
// or the whole file in one member) and zstd (with or without a dictionary
// in a leading skippable frame, as the WARC zstd convention specifies). It
// never holds more than one record, bounded by WithMaxRecordBytes, and
// reports damage with the input name and offset, then resynchronises on
// the next record. It also reads ARC files, the format of older crawls,
// presenting their records as WARC records (see Reader.Next).
package warc

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/jtextract/jt/internal/countio"
	"github.com/jtextract/jt/internal/inflate"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// Compression is how a WARC file is compressed.
type Compression uint8

// Compressions a Reader detects from the first bytes of its input.
const (
	None Compression = iota
	Gzip
	Zstd
)

// String returns "none", "gzip" or "zstd".
func (c Compression) String() string {
	switch c {
	case Gzip:
		return "gzip"
	case Zstd:
		return "zstd"
	}
	return "none"
}

// Field is one WARC header field, as written.
type Field struct{ Name, Value string }

// Header is the fields of a record header in order.
type Header []Field

// Get returns the value of the first field named name (case-insensitive),
// or "".
func (h Header) Get(name string) string {
	for _, f := range h {
		if strings.EqualFold(f.Name, name) {
			return f.Value
		}
	}
	return ""
}

// Record is one WARC record. Content is the record block (for a response,
// the HTTP message), at most WithMaxRecordBytes of it; it is valid until
// the next call of Next.
type Record struct {
	Version   string // "WARC/1.0" or "WARC/1.1"; "ARC/1" or "ARC/2" for an ARC file's records
	Header    Header
	Content   []byte
	Length    int64 // the Content-Length the header declares
	Truncated bool  // Content holds only the first WithMaxRecordBytes of the block
	Offset    int64 // position of the record in the decompressed stream
}

// Type returns the WARC-Type field ("response", "request", "warcinfo"...).
func (r *Record) Type() string { return r.Header.Get("WARC-Type") }

// Reader reads the records of one WARC file.
type Reader struct {
	cfg    config
	raw    *countio.Reader
	src    *bufio.Reader // the raw input
	gz     *gzip.Reader
	zd     *zstd.Decoder
	comp   Compression
	br     *bufio.Reader // the decompressed stream: src or dbuf
	dbuf   *bufio.Reader // buffers the decompressor, reused across Resets
	base   int64         // input offset of the start of src (see Reset)
	chunk  bool          // src is a chunk of the input (see Reset)
	off    int64         // decompressed offset of br's next byte
	rec    Record
	buf    []byte
	fields []Field
	err    error // final error, returned by every later Next
	first  bool
	arc    int // the ARC version (1 or 2) when the input is an ARC file, else 0

	pushBacks int // times a block was given back to the stream

	// A chunk given to ResetBytes, and its gzip members inflated whole.
	whole   []byte
	chunkRd bytes.Reader
	inf     *inflate.Decoder
	plain   []byte
	plainRd bytes.Reader
	inMem   bool // br reads plain
}

// maxKeptBuffer is the largest block or inflate buffer a Reader keeps
// from record to record. One grown past it for an outsized record (a page
// of several megabytes) is let go at the next, smaller record, so that a
// Reader's memory follows the records at hand rather than the largest it
// ever read; allocating such a buffer afresh costs little against
// extracting a record that large.
const maxKeptBuffer = 1 << 20

// maxPushBacks bounds how often a Reader gives back the bytes a wrong
// Content-Length swallowed (each costs a buffer); later damage of that
// kind resynchronises instead, losing the swallowed records with an error.
const maxPushBacks = 16

// NewReader returns a Reader of r, detecting the compression from the first
// bytes. It fails only for an invalid option; a damaged or foreign input is
// reported by Next.
func NewReader(r io.Reader, opts ...Option) (*Reader, error) {
	cfg := defaultConfig()
	for _, o := range opts {
		if err := o(&cfg); err != nil {
			return nil, err
		}
	}
	cr := &countio.Reader{R: r}
	rd := &Reader{cfg: cfg, raw: cr, src: bufio.NewReaderSize(cr, minReadBuffer), first: true}
	return rd, nil
}

// Compression returns the detected compression; it is known after the
// first call of Next.
func (r *Reader) Compression() Compression { return r.comp }

// InputOffset returns the input offset up to which the input has been
// consumed.
func (r *Reader) InputOffset() int64 {
	if r.inMem {
		return r.base + int64(len(r.whole))
	}
	return r.base + r.raw.N - int64(r.src.Buffered())
}

// Reset makes r read src, keeping its options and buffers, as if made by
// NewReader. inputOffset is where src begins in the input named by
// WithName (a chunk from a Splitter, say): InputOffset counts from it, and
// errors name the chunk by it (RecordError.Chunk).
func (r *Reader) Reset(src io.Reader, inputOffset int64) {
	r.raw.R, r.raw.N = src, 0
	r.src.Reset(r.raw)
	r.Close()
	r.zd = nil
	r.comp, r.br, r.base, r.chunk, r.off, r.err, r.first, r.arc, r.pushBacks = None, nil, inputOffset, true, 0, nil, true, 0, 0
	r.rec = Record{}
	r.whole, r.inMem = nil, false
}

// ResetBytes is Reset to a chunk held in memory, such as a Splitter's. A
// gzip chunk is then inflated whole, member after member, into a buffer
// the Reader keeps (about twice as fast as streaming it), unless it does
// not inflate whole within WithMaxRecordBytes plus a header's worth: a
// damaged chunk, one a Splitter cut inside a member, or one holding a
// larger record is read as a stream instead, so records and errors are
// the same either way (except RecordError.RawOffset, which is then the
// end of the chunk). chunk must not change until the next Reset.
func (r *Reader) ResetBytes(chunk []byte, inputOffset int64) {
	r.chunkRd.Reset(chunk)
	r.Reset(&r.chunkRd, inputOffset)
	r.whole = chunk
}

// inflateWhole inflates the gzip members of the chunk given to
// ResetBytes into r.plain, reporting whether they all decoded within the
// limit.
func (r *Reader) inflateWhole() bool {
	if r.inf == nil {
		r.inf = inflate.NewDecoder(int(min(r.cfg.maxRecordBytes, 1<<30)) + r.cfg.maxHeaderBytes + 1<<16)
	}
	out := r.plain[:0]
	if cap(out) > maxKeptBuffer {
		out = nil // grown for an outsized record: not kept for the rest
	}
	for src := r.whole; len(src) > 0; {
		o, n, err := r.inf.Gunzip(out, src)
		if err != nil {
			r.plain = out
			return false
		}
		out, src = o, src[n:]
	}
	r.plain = out
	r.plainRd.Reset(out)
	r.inMem = true
	return true
}

// decompressed buffers the decompressor d as the stream records are read
// from.
func (r *Reader) decompressed(d io.Reader) *bufio.Reader {
	if r.dbuf == nil {
		r.dbuf = bufio.NewReaderSize(d, minReadBuffer)
	} else {
		r.dbuf.Reset(d)
	}
	return r.dbuf
}

// Close releases the decompressor.
func (r *Reader) Close() error {
	if r.zd != nil {
		r.zd.Close()
	}
	return nil
}

// zstdSkippableDict is the magic of the skippable frame that carries a
// WARC file's zstd dictionary.
const zstdSkippableDict = 0x184D2A5D

func (r *Reader) open() error {
	magic, err := r.src.Peek(4)
	if len(magic) == 0 && err != nil && err != io.EOF {
		// The input cannot be read at all (a directory, say): that is not
		// damage to count but a failure of the whole input.
		return err
	}
	switch {
	case len(magic) >= 2 && magic[0] == 0x1f && magic[1] == 0x8b:
		r.comp = Gzip
		if r.whole != nil && r.inflateWhole() {
			r.br = r.decompressed(&r.plainRd)
			break
		}
		if r.gz == nil {
			r.gz = new(gzip.Reader)
		}
		if err := r.gz.Reset(r.src); err != nil {
			return r.fail(0, fmt.Errorf("%w: %w", ErrCorrupt, err))
		}
		r.br = r.decompressed(r.gz)
	case len(magic) == 4 && (binary.LittleEndian.Uint32(magic) == zstdSkippableDict || bytes.Equal(magic, []byte{0x28, 0xb5, 0x2f, 0xfd})):
		r.comp = Zstd
		dopts := []zstd.DOption{zstd.WithDecoderMaxMemory(uint64(r.cfg.maxDecoderMemory)), zstd.WithDecoderConcurrency(1)}
		if binary.LittleEndian.Uint32(magic) == zstdSkippableDict {
			dict, err := r.readDict()
			if err != nil {
				return r.fail(0, err)
			}
			dopts = append(dopts, zstd.WithDecoderDicts(dict))
		}
		zd, err := zstd.NewReader(r.src, dopts...)
		if err != nil {
			return r.fail(0, fmt.Errorf("%w: %w", ErrCorrupt, err))
		}
		r.zd = zd
		r.br = r.decompressed(zd)
	default:
		r.br = r.src
	}
	start, err := r.br.Peek(len(arcMagic))
	switch {
	case bytes.HasPrefix(start, []byte("WARC/")):
	case bytes.HasPrefix(start, []byte(arcMagic)):
		r.arc = 1 // until the file description says otherwise
	case len(start) == 0 && err == io.EOF:
		return io.EOF
	case len(start) < len("WARC/") && err != nil && err != io.EOF:
		if r.comp == None {
			return err
		}
		return r.streamErr(err) // the start does not decompress
	default:
		more, _ := r.br.Peek(48) // enough to tell what the input is instead
		r.err = r.fail(0, notWARC(r.comp, more))
		return r.err
	}
	return nil
}

// notWARC makes the error for an input that starts with start (after
// decompression by comp) instead of a WARC record, saying what it seems to
// be: a compression this package does not read, or some text.
func notWARC(comp Compression, start []byte) error {
	for _, f := range [...]struct{ magic, what string }{
		{"\x1f\x8b", "gzip-compressed"},
		{"\x28\xb5\x2f\xfd", "zstd-compressed"},
		{"BZh", "bzip2-compressed"},
		{"\xfd7zXZ\x00", "xz-compressed"},
		{"\x04\x22\x4d\x18", "lz4-compressed"},
		{"PK\x03\x04", "a zip archive"},
		{"7z\xbc\xaf\x27\x1c", "a 7-zip archive"},
	} {
		if bytes.HasPrefix(start, []byte(f.magic)) {
			if comp != None {
				return fmt.Errorf("%w: its %s content is %s (plain, gzip and zstd WARC files are read)", ErrNotWARC, comp, f.what)
			}
			return fmt.Errorf("%w: it is %s (plain, gzip and zstd WARC files are read)", ErrNotWARC, f.what)
		}
	}
	what := "it"
	if comp != None {
		what = "its " + comp.String() + " content"
	}
	return fmt.Errorf("%w: %s begins with %q, not \"WARC/\"", ErrNotWARC, what, clip(string(start)))
}

// readDict reads the dictionary frame at the start of a .warc.zst file; the
// dictionary itself may be zstd-compressed.
func (r *Reader) readDict() ([]byte, error) {
	var hdr [8]byte
	if _, err := io.ReadFull(r.src, hdr[:]); err != nil {
		return nil, fmt.Errorf("%w: dictionary frame header: %w", ErrTruncated, err)
	}
	n := int64(binary.LittleEndian.Uint32(hdr[4:]))
	if n > r.cfg.maxDecoderMemory {
		return nil, fmt.Errorf("%w: dictionary of %d bytes", ErrTooLarge, n)
	}
	dict := make([]byte, n)
	if _, err := io.ReadFull(r.src, dict); err != nil {
		return nil, fmt.Errorf("%w: dictionary frame: %w", ErrTruncated, err)
	}
	if bytes.HasPrefix(dict, []byte{0x28, 0xb5, 0x2f, 0xfd}) {
		zd, err := zstd.NewReader(nil, zstd.WithDecoderMaxMemory(uint64(r.cfg.maxDecoderMemory)))
		if err != nil {
			return nil, err
		}
		defer zd.Close()
		if dict, err = zd.DecodeAll(dict, nil); err != nil {
			return nil, fmt.Errorf("%w: dictionary: %w", ErrCorrupt, err)
		}
	}
	return dict, nil
}

func (r *Reader) fail(off int64, err error) error {
	chunk := int64(-1)
	if r.chunk {
		chunk = r.base
	}
	return &RecordError{Name: r.cfg.name, Offset: off, Chunk: chunk, RawOffset: r.InputOffset(), Compression: r.comp, Err: err}
}

// Next returns the next record, io.EOF at the end, or an error. An error
// wrapping *RecordError concerns one record: unless WithStrict, the next
// call goes on with the next record it can find. Other errors are final.
// An input that does not start with a WARC record is reported by the first
// call with a final *RecordError wrapping ErrNotWARC; one that cannot be
// read at all, with the reading error.
//
// An ARC file (one starting with a filedesc:// record, version 1 or 2) is
// read too, each record given WARC fields: WARC-Type "warcinfo" for the
// file description, "response" when the block is an HTTP message (with
// Content-Type "application/http; msgtype=response"), otherwise "resource"
// with the ARC Content-type; WARC-Target-URI, WARC-Date (converted to
// ISO 8601), WARC-IP-Address and Content-Length from the ARC header line.
// ARC records have no WARC-Record-ID. Having no record marker to
// resynchronise on, an ARC file ends at its first malformed header line.
func (r *Reader) Next() (*Record, error) {
	if r.err != nil {
		return nil, r.err
	}
	if r.first {
		r.first = false
		if err := r.open(); err != nil {
			if err != io.EOF {
				r.err = err
			}
			return nil, err
		}
	}
	rec, err := r.next()
	if err != nil && err != io.EOF && r.cfg.strict {
		r.err = err
	}
	return rec, err
}

func (r *Reader) next() (*Record, error) {
	// Records are separated by CRLF CRLF (in ARC, by LF); be lenient about
	// blank lines.
	for {
		b, err := r.br.Peek(1)
		if err != nil {
			if err == io.EOF {
				return nil, io.EOF
			}
			return nil, r.streamErr(err)
		}
		if b[0] != '\r' && b[0] != '\n' {
			break
		}
		r.br.Discard(1)
		r.off++
	}
	if r.arc > 0 {
		return r.nextARC()
	}
	start := r.off
	line, err := r.line()
	if err != nil {
		return nil, r.recordErr(start, err)
	}
	if !strings.HasPrefix(line, "WARC/1.") {
		r.resync()
		return nil, r.recordErr(start, fmt.Errorf("%w: version line %q", ErrMalformed, clip(line)))
	}
	r.rec = Record{Version: line, Offset: start, Length: -1}
	r.fields = r.fields[:0]
	size := len(line)
	for {
		l, err := r.line()
		if err != nil {
			return nil, r.recordErr(start, err)
		}
		if l == "" {
			break
		}
		if size += len(l); size > r.cfg.maxHeaderBytes {
			r.resync()
			return nil, r.recordErr(start, fmt.Errorf("%w: header over %d bytes", ErrTooLarge, r.cfg.maxHeaderBytes))
		}
		name, value, ok := strings.Cut(l, ":")
		if !ok {
			if n := len(r.fields); n > 0 && (l[0] == ' ' || l[0] == '\t') {
				r.fields[n-1].Value += " " + strings.TrimSpace(l) // folded line
				continue
			}
			r.resync()
			return nil, r.recordErr(start, fmt.Errorf("%w: header line %q", ErrMalformed, clip(l)))
		}
		r.fields = append(r.fields, Field{strings.TrimSpace(name), strings.TrimSpace(value)})
	}
	r.rec.Header = r.fields
	cl := r.rec.Header.Get("Content-Length")
	n, err := strconv.ParseInt(cl, 10, 64)
	if err != nil || n < 0 {
		r.resync()
		return nil, r.recordErr(start, fmt.Errorf("%w: Content-Length %q", ErrMalformed, clip(cl)))
	}
	r.rec.Length = n
	if err := r.readBlock(start, n); err != nil {
		return nil, err
	}
	if !r.rec.Truncated && !r.blockEnds() {
		// The declared length is wrong. If the block swallowed the start of
		// the next record, give those bytes back to the stream.
		if i := bytes.Index(r.rec.Content, []byte("\r\n\r\nWARC/1.")); i >= 0 && r.pushBacks < maxPushBacks {
			r.pushBacks++
			r.pushBack(r.rec.Content[i+4:])
		} else {
			r.resync()
		}
		return nil, r.recordErr(start, fmt.Errorf("%w: block is not followed by CRLF CRLF (Content-Length %d wrong?)", ErrMalformed, n))
	}
	return &r.rec, nil
}

// readBlock reads the block of n bytes of the record at start into
// r.rec.Content, keeping at most WithMaxRecordBytes of it.
func (r *Reader) readBlock(start, n int64) error {
	keep := min(n, r.cfg.maxRecordBytes)
	if r.inMem && r.br == r.dbuf {
		return r.sliceBlock(start, n, keep)
	}
	if cap(r.buf) > maxKeptBuffer && keep <= maxKeptBuffer {
		r.buf = nil // grown for an outsized record: not kept for the rest
	}
	r.buf = grow(r.buf, int(keep))
	got, err := io.ReadFull(r.br, r.buf)
	r.off += int64(got)
	if err != nil {
		return r.recordErr(start, fmt.Errorf("%w: block of %d bytes ends after %d", ErrTruncated, n, got))
	}
	if rest := n - keep; rest > 0 {
		d, err := r.br.Discard(int(min(rest, int64(^uint(0)>>1))))
		r.off += int64(d)
		if err != nil {
			return r.recordErr(start, fmt.Errorf("%w: block of %d bytes ends after %d", ErrTruncated, n, keep+int64(d)))
		}
		r.rec.Truncated = true
	}
	r.rec.Content = r.buf
	return nil
}

// sliceBlock is readBlock for a chunk inflated whole: the block is taken
// from r.plain without a copy (capped, so that appending to it cannot
// reach the next record), and the buffered reader skips it.
func (r *Reader) sliceBlock(start, n, keep int64) error {
	avail := int64(len(r.plain)) - r.off // br reads plain from its start, and r.off is its position
	if avail < n {
		r.off += avail
		return r.recordErr(start, fmt.Errorf("%w: block of %d bytes ends after %d", ErrTruncated, n, avail))
	}
	r.rec.Content = r.plain[r.off : r.off+keep : r.off+keep]
	r.rec.Truncated = n > keep
	if int64(r.br.Buffered()) >= n {
		r.br.Discard(int(n))
	} else {
		r.plainRd.Seek(r.off+n, io.SeekStart)
		r.br.Reset(&r.plainRd)
	}
	r.off += n
	return nil
}

// blockEnds reports whether the record block is followed by the CRLF CRLF
// that ends a record (or by the end of the input).
func (r *Reader) blockEnds() bool {
	b, _ := r.br.Peek(4)
	return len(b) == 0 || bytes.HasPrefix([]byte("\r\n\r\n"), b)
}

// pushBack makes b the next bytes of the decompressed stream again.
func (r *Reader) pushBack(b []byte) {
	back := append([]byte(nil), b...)
	r.off -= int64(len(back))
	r.br = bufio.NewReaderSize(io.MultiReader(bytes.NewReader(back), r.br), minReadBuffer)
}

func grow(b []byte, n int) []byte {
	if cap(b) < n {
		return make([]byte, n)
	}
	return b[:n]
}

// line reads one header line without its line end.
func (r *Reader) line() (string, error) {
	b, err := r.br.ReadSlice('\n')
	r.off += int64(len(b))
	if err == bufio.ErrBufferFull {
		return "", fmt.Errorf("%w: header line over %d bytes", ErrTooLarge, r.br.Size())
	}
	if err != nil {
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return "", fmt.Errorf("%w: input ends inside a record header", ErrTruncated)
		}
		return "", err
	}
	return string(bytes.TrimRight(b, "\r\n")), nil
}

// resync skips to the next line that starts a record.
func (r *Reader) resync() {
	for {
		b, err := r.br.Peek(7)
		if len(b) >= 7 && string(b) == "WARC/1." {
			return
		}
		if err != nil && len(b) < 7 {
			r.br.Discard(len(b))
			return
		}
		l, err := r.br.ReadSlice('\n')
		r.off += int64(len(l))
		if err != nil && err != bufio.ErrBufferFull {
			return
		}
	}
}

// recordErr wraps the error of the record at start. Malformed and
// oversized records are skipped and reading goes on; an input that ends
// inside a record, or a decompressor that fails, ends the stream, since
// nothing after it can be trusted to align with records.
func (r *Reader) recordErr(start int64, err error) error {
	final := false
	switch {
	case errors.Is(err, ErrMalformed), errors.Is(err, ErrTooLarge):
	case errors.Is(err, ErrTruncated):
		final = true
	default:
		err, final = fmt.Errorf("%w: %w", ErrCorrupt, err), true
	}
	e := r.fail(start, err)
	if final {
		r.err = e
	}
	return e
}

func (r *Reader) streamErr(err error) error {
	if err == io.ErrUnexpectedEOF {
		err = fmt.Errorf("%w: input ends inside a compressed unit", ErrTruncated)
	} else {
		err = fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	e := r.fail(r.off, err)
	r.err = e
	return e
}

// clip shortens a quoted piece of damaged input for an error message.
func clip(s string) string {
	if len(s) > 64 {
		return s[:64] + "..."
	}
	return s
}
