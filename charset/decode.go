package charset

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/transform"
)

// Result describes how [Decoder.Decode] decoded a document.
type Result struct {
	// Encoding is the lowercase canonical WHATWG name of the encoding used,
	// e.g. "utf-8", "windows-1252" (which is also what "iso-8859-1"
	// means) or "shift_jis".
	Encoding string
	// Source is the detection step that chose Encoding.
	Source Source
	// Replaced reports that the output contains U+FFFD standing for bytes
	// that could not be decoded. For encodings other than UTF-8 it is set
	// whenever the output contains U+FFFD, which includes a U+FFFD the
	// document encoded on purpose.
	Replaced bool
	// Unknown is the first label that was found (given by the caller, or
	// declared by the document in a way that would otherwise have counted)
	// but is not a WHATWG label, and so was skipped; "" if there was none.
	Unknown string
}

// MaxDecodedLen returns the most bytes [Decoder.Decode] returns for n bytes
// of input: 3n, whatever the encoding, since no decoder turns a byte into
// more than one 3-byte U+FFFD and no multi-byte sequence into more than
// three bytes per input byte. Valid UTF-8 comes back at most n bytes long,
// UTF-16 grows by at most 1.5x, and single-byte encodings by at most 3x.
func MaxDecodedLen(n int) int { return 3 * n }

// Decoder turns HTML documents of any encoding into UTF-8. It keeps its
// output buffer and the x/text decoders it has built, so reusing one
// Decoder makes decoding allocation-free in steady state. The zero Decoder
// is not usable: make one with [NewDecoder]. A Decoder is not safe for
// concurrent use.
type Decoder struct {
	fallback    string // canonical name; "" only in a zero Decoder
	maxPrescan  int
	maxHeadScan int
	buf         []byte
	decoders    map[string]*encoding.Decoder // by canonical name
}

// Option configures a [Decoder]. Options are fixed when the Decoder is
// made; [Decoder.Reset] keeps them.
type Option func(*Decoder) error

// WithFallback sets the encoding used when neither a byte order mark, the
// caller's label nor the document declares one (default "utf-8"). The
// label must be a WHATWG label other than one for the replacement encoding.
func WithFallback(label string) Option {
	return func(d *Decoder) error {
		name, err := resolveFallback(label)
		if err != nil {
			return fmt.Errorf("charset: fallback %q: %w", label, err)
		}
		d.fallback = name
		return nil
	}
}

// WithMaxPrescan sets how many leading bytes are searched for a <meta>
// declaration (default [DefaultMaxPrescan]); 0 turns the prescan off, and
// with it the search for a late declaration in head, and a larger value
// finds declarations further down, where browsers would not. n must not be
// negative.
func WithMaxPrescan(n int) Option {
	return func(d *Decoder) error {
		if n < 0 {
			return fmt.Errorf("charset: prescan length %d is negative", n)
		}
		d.maxPrescan = n
		return nil
	}
}

// WithMaxHeadScan bounds the search for a <meta> declaration inside head
// beyond the prescan, made when the prescan found none and the document is
// not valid UTF-8 (default [DefaultMaxHeadScan]). A bound that does not go
// beyond the prescan's, such as 0, turns it off. n must not be negative.
func WithMaxHeadScan(n int) Option {
	return func(d *Decoder) error {
		if n < 0 {
			return fmt.Errorf("charset: head scan length %d is negative", n)
		}
		d.maxHeadScan = n
		return nil
	}
}

// NewDecoder returns a Decoder configured by opts, or the first option's
// error.
func NewDecoder(opts ...Option) (*Decoder, error) {
	d := &Decoder{fallback: defaultFallback, maxPrescan: DefaultMaxPrescan, maxHeadScan: DefaultMaxHeadScan}
	for _, opt := range opts {
		if err := opt(d); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// errZeroDecoder is Decode's answer on a nil Decoder or one not made by
// NewDecoder.
var errZeroDecoder = errors.New("charset: Decode on a Decoder not made by NewDecoder")

// Decode detects src's encoding and returns src as valid UTF-8. label is
// the transport layer's label (e.g. from [LabelFromContentType]) or "".
//
// Valid UTF-8 read as UTF-8 comes back as src itself, less any byte order
// mark, without copying: the result may alias src. So does an ASCII document
// read as a single-byte encoding, which reads it unchanged. Everything else
// is written to the Decoder's buffer, so the returned bytes are valid until
// the next call to Decode or Reset. Undecodable bytes become U+FFFD; invalid UTF-8 gets one
// U+FFFD per maximal subpart of an ill-formed sequence, as the WHATWG
// decoder (and Python) do, where Go's range over a string gives one per
// byte. NUL bytes are kept. The output is at most [MaxDecodedLen](len(src))
// bytes. A label or declaration naming the replacement encoding (such as
// "iso-2022-kr") turns a non-empty document into a single U+FFFD, as the
// Encoding Standard prescribes for those unsafe encodings.
//
// Decoding input never fails. The error is non-nil only for misuse (a nil
// Decoder or one not made by [NewDecoder]) or if an x/text decoder fails in a way
// it is not known to, which would be a bug.
func (d *Decoder) Decode(src []byte, label string) ([]byte, Result, error) {
	if d == nil || d.fallback == "" {
		return nil, Result{}, errZeroDecoder
	}
	det := detect(src, label, d.fallback, d.maxPrescan, d.maxHeadScan)
	res := Result{Encoding: det.name, Source: det.source}
	if det.unknownCaller != "" || det.unknownMeta != nil {
		res.Unknown = det.unknown()
	}
	body := src[det.bomLen:]
	switch {
	case len(body) == 0:
		// x/text's replacement decoder would emit U+FFFD for nothing.
		return body, res, nil
	case det.name == nameUTF8:
		// The detection may have validated body already (det.text is only
		// ever set when there is no byte order mark, so it is about body).
		if det.text == utf8ASCII || det.text == utf8Multi || det.text == utf8Unknown && utf8.Valid(body) {
			return body, res, nil
		}
		d.buf = appendReplacingInvalid(d.buf[:0], body)
		res.Replaced = true
		return d.buf, res, nil
	case det.text == utf8ASCII && isSingleByte(det.name):
		// Every single-byte encoding reads ASCII as ASCII.
		return body, res, nil
	}
	out, err := d.transcode(det.name, body)
	if err != nil {
		return nil, res, err
	}
	res.Replaced = bytes.Contains(out, []byte("\uFFFD"))
	return out, res, nil
}

// transcode decodes body from the named encoding into d.buf.
func (d *Decoder) transcode(name string, body []byte) ([]byte, error) {
	dec, err := d.decoder(name)
	if err != nil {
		return nil, err
	}
	dec.Reset()
	// Most documents grow little, so the first pass gets a little more room
	// than the input; if that is short, the next gets the worst case.
	out := d.buf[:0]
	want := len(body) + len(body)/4 + utf8.UTFMax
	read := 0
	for worst := false; ; worst = true {
		out = slices.Grow(out, want)
		n, m, err := dec.Transform(out[len(out):cap(out)], body[read:], true)
		out = out[:len(out)+n]
		read += m
		d.buf = out[:0]
		if err == nil {
			return out, nil
		}
		// Short of room even with the worst case offered means a decoder bug,
		// so stop rather than loop.
		if err != transform.ErrShortDst || worst && n == 0 && m == 0 {
			return nil, fmt.Errorf("charset: %s decoder failed after %d of %d input bytes: %w", name, read, len(body), err)
		}
		want = MaxDecodedLen(len(body)-read) + utf8.UTFMax
	}
}

// decoder returns the cached x/text decoder for a canonical name.
func (d *Decoder) decoder(name string) (*encoding.Decoder, error) {
	if dec, ok := d.decoders[name]; ok {
		return dec, nil
	}
	e, err := htmlindex.Get(name)
	if err != nil {
		return nil, fmt.Errorf("charset: no decoder for %q: %w", name, err)
	}
	if d.decoders == nil {
		d.decoders = make(map[string]*encoding.Decoder)
	}
	dec := e.NewDecoder()
	d.decoders[name] = dec
	return dec, nil
}

// Reset releases the Decoder's buffer and cached decoders, keeping its
// options, so that a Decoder that once decoded a huge document does not
// hold on to the memory. Bytes returned by an earlier Decode stay valid
// (they are no longer reused).
func (d *Decoder) Reset() {
	d.buf = nil
	d.decoders = nil
}

// appendReplacingInvalid appends src to dst with each maximal subpart of an
// ill-formed UTF-8 sequence replaced by U+FFFD (Unicode's recommended
// practice, which the WHATWG UTF-8 decoder follows).
func appendReplacingInvalid(dst, src []byte) []byte {
	dst = slices.Grow(dst, len(src)+len(src)/8)
	start := 0
	for i := 0; i < len(src); {
		if src[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(src[i:])
		if r != utf8.RuneError || size > 1 {
			i += size
			continue
		}
		dst = append(dst, src[start:i]...)
		dst = append(dst, "\uFFFD"...)
		i += maximalSubpart(src[i:])
		start = i
	}
	return append(dst, src[start:]...)
}

// maximalSubpart returns the length of the maximal subpart of the ill-formed
// UTF-8 sequence b starts with: the lead byte and the continuation bytes
// that could still have completed it (Unicode Table 3-7), at least 1.
func maximalSubpart(b []byte) int {
	n, lo, hi := 0, byte(0x80), byte(0xBF) // sequence length; range of the second byte
	switch c := b[0]; {
	case 0xC2 <= c && c <= 0xDF:
		n = 2
	case c == 0xE0:
		n, lo = 3, 0xA0
	case c == 0xED:
		n, hi = 3, 0x9F
	case 0xE1 <= c && c <= 0xEF:
		n = 3
	case c == 0xF0:
		n, lo = 4, 0x90
	case c == 0xF4:
		n, hi = 4, 0x8F
	case 0xF1 <= c && c <= 0xF3:
		n = 4
	default:
		return 1
	}
	i := 1
	for ; i < n && i < len(b) && lo <= b[i] && b[i] <= hi; i++ {
		lo, hi = 0x80, 0xBF
	}
	return i
}
