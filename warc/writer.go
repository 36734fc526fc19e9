package warc

import (
	"fmt"
	"io"
	"strconv"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// Writer writes WARC/1.1 records, each compressed on its own (one gzip
// member or zstd frame per record, so that readers can seek to records).
// It exists so that tests and tools can make WARC files; jt itself only
// reads them.
type Writer struct {
	w    io.Writer
	comp Compression
	gz   *gzip.Writer
	zw   *zstd.Encoder
	buf  []byte
}

// NewWriter returns a Writer to w with the given compression.
func NewWriter(w io.Writer, comp Compression) (*Writer, error) {
	wr := &Writer{w: w, comp: comp}
	switch comp {
	case None:
	case Gzip:
		wr.gz = gzip.NewWriter(w)
	case Zstd:
		zw, err := zstd.NewWriter(nil)
		if err != nil {
			return nil, err
		}
		wr.zw = zw
	default:
		return nil, fmt.Errorf("warc: unknown compression %d", comp)
	}
	return wr, nil
}

// WriteRecord writes one record: the version line, the fields of h, a
// Content-Length for content (h must not have one), and content.
func (w *Writer) WriteRecord(h Header, content []byte) error {
	b := append(w.buf[:0], "WARC/1.1\r\n"...)
	for _, f := range h {
		b = append(b, f.Name...)
		b = append(b, ": "...)
		b = append(b, f.Value...)
		b = append(b, "\r\n"...)
	}
	b = append(b, "Content-Length: "...)
	b = strconv.AppendInt(b, int64(len(content)), 10)
	b = append(b, "\r\n\r\n"...)
	b = append(b, content...)
	b = append(b, "\r\n\r\n"...)
	w.buf = b
	switch w.comp {
	case Gzip:
		w.gz.Reset(w.w)
		if _, err := w.gz.Write(b); err != nil {
			return err
		}
		return w.gz.Close()
	case Zstd:
		_, err := w.w.Write(w.zw.EncodeAll(b, nil))
		return err
	}
	_, err := w.w.Write(b)
	return err
}
