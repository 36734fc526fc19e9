package inflate

import (
	"bytes"
	stdflate "compress/flate"
	stdgzip "compress/gzip"
	"errors"
	"fmt"
	"io"

	kflate "github.com/klauspost/compress/flate"
	kgzip "github.com/klauspost/compress/gzip"
)

// reference decodes src with compress/flate and klauspost/compress/flate
// through a bytes.Reader (an io.ByteReader, so neither reads past the
// stream), returning each output, input consumed and error.
func reference(src []byte, limit int) (std, kp []byte, stdN, kpN int, stdErr, kpErr error) {
	r := bytes.NewReader(src)
	std, stdErr = readAll(stdflate.NewReader(r), limit)
	stdN = len(src) - r.Len()
	r = bytes.NewReader(src)
	kp, kpErr = readAll(kflate.NewReader(r), limit)
	kpN = len(src) - r.Len()
	return
}

// readAll reads rc to its end, or to one byte past limit.
func readAll(rc io.ReadCloser, limit int) ([]byte, error) {
	defer rc.Close()
	return io.ReadAll(io.LimitReader(rc, int64(limit)+1))
}

// referenceGzip decodes the first gzip member of src with compress/gzip
// and klauspost/compress/gzip, each reading one member only.
func referenceGzip(src []byte, limit int) (std, kp []byte, stdN, kpN int, stdErr, kpErr error) {
	r := bytes.NewReader(src)
	if zr, err := stdgzip.NewReader(r); err != nil {
		stdErr = err
	} else {
		zr.Multistream(false)
		std, stdErr = readAll(zr, limit)
	}
	stdN = len(src) - r.Len()
	r = bytes.NewReader(src)
	if zr, err := kgzip.NewReader(r); err != nil {
		kpErr = err
	} else {
		zr.Multistream(false)
		kp, kpErr = readAll(zr, limit)
	}
	kpN = len(src) - r.Len()
	return
}

// differential decodes src with this package's decode and the two
// references, and reports a disagreement: when both references accept src
// with the same output and length, decode must give them too; when both
// reject it (or give more than the limit), decode must reject it. When the
// references disagree with each other, anything goes but a crash.
func differential(src []byte, limit int, decode func([]byte) ([]byte, int, error),
	ref func([]byte, int) ([]byte, []byte, int, int, error, error)) error {
	out, n, err := decode(src)
	std, kp, stdN, kpN, stdErr, kpErr := ref(src, limit)
	stdOK, kpOK := stdErr == nil && len(std) <= limit, kpErr == nil && len(kp) <= limit
	switch {
	case stdOK != kpOK || stdOK && (!bytes.Equal(std, kp) || stdN != kpN):
		return nil // the references disagree
	case stdOK && err != nil:
		return fmt.Errorf("error %v; the references give %d bytes from %d of input", err, len(std), stdN)
	case stdOK && (!bytes.Equal(out, std) || n != stdN):
		return fmt.Errorf("%d bytes from %d of input (equal: %v); the references give %d bytes from %d", len(out), n, bytes.Equal(out, std), len(std), stdN)
	case !stdOK && err == nil:
		return fmt.Errorf("%d bytes from %d of input; the references reject it (%v; %v)", len(out), n, stdErr, kpErr)
	case !stdOK && len(std) > limit && !errors.Is(err, ErrTooLarge):
		return fmt.Errorf("error %v; the output is over the limit", err)
	}
	return nil
}
