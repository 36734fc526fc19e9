package warc

import (
	"errors"
	"fmt"
)

// Classes of errors. Errors returned by this package wrap one of them, so
// callers can tell kinds of damage apart with errors.Is.
var (
	// ErrTruncated means the input ended inside a record, a compressed unit
	// or an HTTP message.
	ErrTruncated = errors.New("truncated")
	// ErrMalformed means a record or an HTTP message breaks the syntax.
	ErrMalformed = errors.New("malformed")
	// ErrTooLarge means a configured limit was exceeded.
	ErrTooLarge = errors.New("too large")
	// ErrCorrupt means compressed data (gzip or zstd) could not be decoded.
	ErrCorrupt = errors.New("corrupt compressed data")
	// ErrNotWARC means the (decompressed) input does not begin with a WARC
	// record. It is final: the Reader does not look further.
	ErrNotWARC = errors.New("not a WARC file")
	// ErrUnsupported means an HTTP transfer or content coding this package
	// does not decode.
	ErrUnsupported = errors.New("unsupported")
)

// RecordError reports a problem with the record starting at Offset, much
// like encoding/csv's ParseError. Unwrap gives the class sentinel (ErrMalformed,
// ErrTruncated...) and, where there is one, the underlying cause.
type RecordError struct {
	Name string // input name given by WithName; may be empty
	// Offset is the position of the record in the decompressed stream
	// (for an uncompressed input, in the input itself); for a Reader Reset
	// to a chunk of the input, in the decompressed chunk.
	Offset int64
	// Chunk is the input offset of the chunk the Reader was Reset to (for
	// a Splitter's chunk, of the gzip member holding the record's start
	// or one before it), or -1 when the Reader reads a whole input.
	Chunk int64
	// RawOffset is how far the input had been read when the damage was
	// found; in a compressed input, the damage lies in the compressed data
	// before it (in a gzip file written one member per record, in the
	// member that starts last before it).
	RawOffset   int64
	Compression Compression // compression of the input
	Err         error
}

// Error names the input, both offsets where they differ, and the problem.
func (e *RecordError) Error() string {
	name := ""
	if e.Name != "" {
		name = e.Name + ": "
	}
	if e.Chunk >= 0 {
		return fmt.Sprintf("warc: %srecord at decompressed offset %d of the %s chunk at input offset %d (read to offset %d): %v",
			name, e.Offset, e.Compression, e.Chunk, e.RawOffset, e.Err)
	}
	if e.Compression == None {
		return fmt.Sprintf("warc: %srecord at offset %d: %v", name, e.Offset, e.Err)
	}
	return fmt.Sprintf("warc: %srecord at decompressed offset %d (%s input read to offset %d): %v",
		name, e.Offset, e.Compression, e.RawOffset, e.Err)
}

// Unwrap returns the wrapped error.
func (e *RecordError) Unwrap() error { return e.Err }
