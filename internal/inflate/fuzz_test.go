package inflate

import (
	"bytes"
	"compress/flate"
	"testing"

	stdgzip "compress/gzip"
)

// fuzzLimit bounds the output in the fuzz targets, so that bombs stay
// cheap and the limit itself is exercised.
const fuzzLimit = 1 << 16

// addSeeds adds deflate streams: the example pages (their first 8 KB, to
// keep runs fast) at every level, and stored, fixed-Huffman and empty
// streams.
func addSeeds(f *testing.F, wrap func([]byte) []byte) {
	for _, p := range testPages(f) {
		p = p[:min(len(p), 8<<10)]
		for level := flate.HuffmanOnly; level <= flate.BestCompression; level++ {
			f.Add(wrap(deflate(f, p, level)))
		}
	}
	f.Add(wrap(nil))
	f.Add(wrap(new(bitWriter).stored(true, nil).bytes()))
	f.Add(wrap(new(bitWriter).stored(false, []byte("stored")).header(true, 1).fixedLits("fixed").fixedMatch(258, 3).fixedSym(256).bytes()))
	f.Add(wrap(new(bitWriter).header(true, 1).fixedLits("a").fixedSym(286).fixedSym(256).bytes()))
	f.Add(wrap(deflate(f, make([]byte, 2*fuzzLimit), 9)))
}

// FuzzInflate checks Inflate against compress/flate and
// klauspost/compress/flate: the same output and input length, or a
// rejection by all.
func FuzzInflate(f *testing.F) {
	addSeeds(f, func(b []byte) []byte { return b })
	d := NewDecoder(fuzzLimit)
	f.Fuzz(func(t *testing.T, src []byte) {
		if err := differential(src, fuzzLimit, func(src []byte) ([]byte, int, error) { return d.Inflate(nil, src) }, reference); err != nil {
			t.Fatal(err)
		}
	})
}

// gzipMember wraps a deflate stream in a gzip member with every optional
// header field, and a valid trailer when the stream decodes.
func gzipMember(stream []byte) []byte {
	var b bytes.Buffer
	zw := stdgzip.NewWriter(&b)
	zw.Name, zw.Comment, zw.Extra = "name", "comment", []byte("extra")
	zw.Write(nil)
	zw.Flush()
	hdr := b.Bytes()[:10+2+5+5+8] // fixed part, extra, name, comment
	out := append([]byte(nil), hdr...)
	out = append(out, stream...)
	data, _, err := NewDecoder(fuzzLimit).Inflate(nil, stream)
	if err == nil {
		out = append(out, trailer(data)...)
	}
	return out
}

// FuzzGunzip checks Gunzip against compress/gzip and
// klauspost/compress/gzip, reading one member.
func FuzzGunzip(f *testing.F) {
	addSeeds(f, gzipMember)
	d := NewDecoder(fuzzLimit)
	f.Fuzz(func(t *testing.T, src []byte) {
		if err := differential(src, fuzzLimit, func(src []byte) ([]byte, int, error) { return d.Gunzip(nil, src) }, referenceGzip); err != nil {
			t.Fatal(err)
		}
	})
}
