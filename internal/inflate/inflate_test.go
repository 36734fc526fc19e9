package inflate

import (
	"bytes"
	"compress/flate"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	stdgzip "compress/gzip"
)

// testPages returns three example pages of the repository's testdata
// (two of them gzipped there), each over 20 KB.
func testPages(tb testing.TB) [][]byte {
	tb.Helper()
	var pages [][]byte
	for _, n := range []string{"spacereview.html", "slashgear.html.gz", "lighthouse-ja.html.gz"} {
		b, err := os.ReadFile(filepath.Join("../../testdata/pages", n))
		if err != nil {
			tb.Fatal(err)
		}
		if strings.HasSuffix(n, ".gz") {
			zr, err := stdgzip.NewReader(bytes.NewReader(b))
			if err != nil {
				tb.Fatal(err)
			}
			var out bytes.Buffer
			if _, err := out.ReadFrom(zr); err != nil {
				tb.Fatal(err)
			}
			b = out.Bytes()
		}
		pages = append(pages, b)
	}
	return pages
}

func deflate(tb testing.TB, data []byte, level int) []byte {
	var b bytes.Buffer
	w, err := flate.NewWriter(&b, level)
	if err != nil {
		tb.Fatal(err)
	}
	w.Write(data)
	w.Close()
	return b.Bytes()
}

// randomBytes returns n incompressible bytes.
func randomBytes(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, seed))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// checkAgainstReferences decodes src with d and with both reference
// decoders, and fails t unless all three give the same output and length
// or all three reject it. It returns this package's result.
func checkAgainstReferences(t *testing.T, d *Decoder, src []byte) ([]byte, int, error) {
	t.Helper()
	out, n, err := d.Inflate(nil, src)
	std, kp, stdN, kpN, stdErr, kpErr := reference(src, d.Limit())
	for _, r := range []struct {
		name string
		out  []byte
		n    int
		err  error
	}{{"compress/flate", std, stdN, stdErr}, {"klauspost/compress/flate", kp, kpN, kpErr}} {
		switch {
		case (err == nil) != (r.err == nil):
			t.Errorf("error %v, %s's %v", err, r.name, r.err)
		case err == nil && (!bytes.Equal(out, r.out) || n != r.n):
			t.Errorf("%d bytes from %d of input, %s gives %d from %d (equal: %v)", len(out), n, r.name, len(r.out), r.n, bytes.Equal(out, r.out))
		}
	}
	return out, n, err
}

// TestRFC1951 decodes hand-made streams exercising the corners of the
// format, each checked against the expected result and both references.
func TestRFC1951(t *testing.T) {
	win := randomBytes(32768, 1)
	bw := func() *bitWriter { return new(bitWriter) }
	// A dynamic block holding literals 'a'..'d', lengths 3 (257) and 258
	// (285), the end of block, and the distance codes given.
	litLens := func() []uint8 {
		l := make([]uint8, 286)
		for _, s := range []int{'a', 'b', 'c', 'd', 256, 257, 285} {
			l[s] = 3
		}
		l['a'] = 2 // 2+6*3 bits: 1/4 + 6/8 = 1, complete
		return l
	}
	lc := canonical(litLens())
	lcode := func(w *bitWriter, sym int) *bitWriter { return w.code(lc[sym], uint(litLens()[sym])) }
	cases := []struct {
		name string
		src  []byte
		want []byte
		err  error
	}{
		{"empty stored block", bw().stored(true, nil).bytes(), []byte{}, nil},
		{"empty fixed block", bw().header(true, 1).fixedSym(256).bytes(), []byte{}, nil},
		{"stored then fixed", bw().stored(false, []byte("abc")).header(true, 1).fixedLits("def").fixedSym(256).bytes(), []byte("abcdef"), nil},
		{"fixed, stored, fixed", bw().header(false, 1).fixedLits("ab").fixedSym(256).stored(false, []byte("cd")).header(true, 1).fixedLits("e").fixedSym(256).bytes(), []byte("abcde"), nil},
		{"final flag stops decoding", append(bw().header(true, 1).fixedLits("x").fixedSym(256).bytes(), bw().header(true, 3).bytes()...), []byte("x"), nil},
		{"length 258 (code 285), distance 1", bw().header(true, 1).fixedLits("a").fixedMatch(258, 1).fixedSym(256).bytes(), bytes.Repeat([]byte("a"), 259), nil},
		{"length 258 as code 284 plus 31", bw().header(true, 1).fixedLits("a").fixedSym(284).bits(31, 5).code(0, 5).fixedSym(256).bytes(), bytes.Repeat([]byte("a"), 259), nil},
		{"overlapping copy, distance 3", bw().header(true, 1).fixedLits("abc").fixedMatch(10, 3).fixedSym(256).bytes(), []byte("abcabcabcabca"), nil},
		{"overlapping copy, distance 9", bw().header(true, 1).fixedLits("012345678").fixedMatch(20, 9).fixedSym(256).bytes(), []byte(strings.Repeat("012345678", 4)[:29]), nil},
		{"max distance 32768", bw().stored(false, win).header(true, 1).fixedMatch(258, 32768).fixedSym(256).bytes(), append(append([]byte(nil), win...), win[:258]...), nil},
		{"match across a block boundary", bw().stored(false, []byte("hello ")).header(true, 1).fixedMatch(5, 6).fixedSym(256).bytes(), []byte("hello hello"), nil},
		{"dynamic block", lcode(lcode(lcode(lcode(bw().dynamic(true, litLens(), []uint8{1, 1}), 'a'), 'b'), 257).code(1, 1), 256).bytes(), []byte("ababa"), nil},
		{"dynamic block, length 258", lcode(lcode(lcode(bw().dynamic(true, litLens(), []uint8{1, 1}), 'd'), 285).code(0, 1), 256).bytes(), bytes.Repeat([]byte("d"), 259), nil},
		{"single distance code of length 1", lcode(lcode(lcode(lcode(bw().dynamic(true, litLens(), []uint8{0, 1}), 'a'), 'b'), 257).code(0, 1), 256).bytes(), []byte("ababa"), nil},
		{"no distance code, literals only", lcode(lcode(bw().dynamic(true, litLens(), []uint8{0}), 'c'), 256).bytes(), []byte("c"), nil},

		{"distance before the start", bw().header(true, 1).fixedLits("ab").fixedMatch(3, 3).fixedSym(256).bytes(), nil, ErrCorrupt},
		{"distance 32768 after 32767 bytes", bw().stored(false, win[1:]).header(true, 1).fixedMatch(3, 32768).fixedSym(256).bytes(), nil, ErrCorrupt},
		{"reserved block type 3", bw().header(true, 3).bytes(), nil, ErrCorrupt},
		{"stored LEN/NLEN mismatch", append(bw().header(true, 0).bytes(), 3, 0, 0xfc, 0xfe, 'a', 'b', 'c'), nil, ErrCorrupt},
		{"literal/length code 286", bw().header(true, 1).fixedSym(286).fixedSym(256).bytes(), nil, ErrCorrupt},
		{"literal/length code 287", bw().header(true, 1).fixedSym(287).fixedSym(256).bytes(), nil, ErrCorrupt},
		{"distance code 30", bw().header(true, 1).fixedLits("a").fixedSym(257).code(30, 5).fixedSym(256).bytes(), nil, ErrCorrupt},
		{"distance code 31", bw().header(true, 1).fixedLits("a").fixedSym(257).code(31, 5).fixedSym(256).bytes(), nil, ErrCorrupt},
		{"use of an empty distance code", lcode(lcode(bw().dynamic(true, litLens(), []uint8{0}), 'a'), 257).bits(0, 8).bytes(), nil, ErrCorrupt},
		{"unused half of a single-code distance tree", lcode(lcode(bw().dynamic(true, litLens(), []uint8{0, 1}), 'a'), 257).code(1, 1).bits(0, 8).bytes(), nil, ErrCorrupt},
		{"empty input", nil, nil, ErrTruncated},
		{"non-final block at the end", bw().header(false, 1).fixedLits("a").fixedSym(256).bytes(), nil, ErrTruncated},
		{"stored block longer than the input", append(bw().header(true, 0).bytes(), 9, 0, 0xf6, 0xff, 'a'), nil, ErrTruncated},
	}
	// Dynamic headers the format forbids.
	bad := func(name string, w *bitWriter) {
		cases = append(cases, struct {
			name string
			src  []byte
			want []byte
			err  error
		}{name, w.bits(0, 32).bytes(), nil, ErrCorrupt})
	}
	var pre4 [19]uint8
	for i := range 16 {
		pre4[i] = 4
	}
	lens := func(l []uint8) []int {
		s := make([]int, len(l))
		for i, v := range l {
			s[i] = int(v)
		}
		return s
	}
	over := litLens()
	over['e'] = 3 // over-subscribed
	incomplete := litLens()
	incomplete['d'] = 0
	noEOB := litLens()
	noEOB[256], noEOB['e'] = 0, 3
	bad("287 literal/length codes", bw().dynamicRaw(true, 287, 1, pre4, lens(append(make([]uint8, 287), 1)), nil))
	bad("288 literal/length codes", bw().dynamicRaw(true, 288, 1, pre4, lens(append(make([]uint8, 288), 1)), nil))
	bad("31 distance codes", bw().dynamic(true, litLens(), make([]uint8, 31)))
	bad("32 distance codes", bw().dynamic(true, litLens(), make([]uint8, 32)))
	bad("over-subscribed literal/length code", bw().dynamic(true, over, []uint8{1, 1}))
	bad("incomplete literal/length code", bw().dynamic(true, incomplete, []uint8{1, 1}))
	bad("over-subscribed distance code", bw().dynamic(true, litLens(), []uint8{1, 1, 1}))
	bad("incomplete distance code of two codes", bw().dynamic(true, litLens(), []uint8{1, 2}))
	bad("single distance code of length 2", bw().dynamic(true, litLens(), []uint8{2}))
	bad("no end-of-block code", bw().dynamic(true, noEOB, []uint8{1, 1}))
	var preOver, preIncomplete [19]uint8
	for i := range 19 {
		preOver[i], preIncomplete[i] = 4, 5
	}
	bad("over-subscribed code length code", bw().dynamicRaw(true, 257, 1, preOver, nil, nil))
	bad("incomplete code length code", bw().dynamicRaw(true, 257, 1, preIncomplete, nil, nil))
	var pre16 [19]uint8 // 16/32 + 1/4 + 2/8: complete, with the repeat codes
	for i := range 16 {
		pre16[i] = 5
	}
	pre16[16], pre16[17], pre16[18] = 2, 3, 3
	bad("repeat before the first length", bw().dynamicRaw(true, 257, 1, pre16, []int{16}, []uint64{0}))
	bad("repeat past the last length", bw().dynamicRaw(true, 257, 1, pre16, []int{18, 18, 18}, []uint64{127, 127, 0}))

	d := NewDecoder(1 << 20)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, n, err := checkAgainstReferences(t, d, c.src)
			switch {
			case c.err != nil && !errors.Is(err, c.err):
				t.Fatalf("error %v, want %v", err, c.err)
			case c.err == nil && err != nil:
				t.Fatalf("error %v", err)
			case c.err == nil && c.want != nil && !bytes.Equal(out, c.want):
				t.Fatalf("output %q, want %q", clipTest(out), clipTest(c.want))
			case c.err == nil && c.name == "final flag stops decoding" && n != len(c.src)-1:
				t.Fatalf("consumed %d of %d bytes, want all but the last", n, len(c.src))
			}
		})
	}
}

func clipTest(b []byte) []byte {
	if len(b) > 40 {
		return b[:40]
	}
	return b
}

// TestLevels decodes the example pages compressed at every level,
// followed by bytes that are not part of the stream.
func TestLevels(t *testing.T) {
	d := NewDecoder(1 << 24)
	for _, p := range testPages(t) {
		for level := flate.HuffmanOnly; level <= flate.BestCompression; level++ {
			src := append(deflate(t, p, level), "trailer"...)
			out, n, err := d.Inflate([]byte("prefix"), src)
			if err != nil || string(out[:6]) != "prefix" || !bytes.Equal(out[6:], p) || n != len(src)-7 {
				t.Fatalf("level %d: error %v, output equal %v, consumed %d of %d", level, err, bytes.Equal(out[6:], p), n, len(src)-7)
			}
		}
	}
}

// TestBomb checks that output stops at the limit, and that the doubling
// buffer costs at most twice the limit in all.
func TestBomb(t *testing.T) {
	const limit = 1 << 20
	for _, c := range []struct {
		name string
		src  []byte
	}{
		{"zeros", deflate(t, make([]byte, 64<<20), 9)},
		{"stored blocks", func() []byte {
			w := new(bitWriter)
			for range limit/65535 + 1 {
				w.stored(false, make([]byte, 65535))
			}
			return w.stored(true, nil).bytes()
		}()},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := NewDecoder(limit)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			out, _, err := d.Inflate(nil, c.src)
			runtime.ReadMemStats(&after)
			if !errors.Is(err, ErrTooLarge) || out != nil {
				t.Fatalf("error %v, %d bytes of output, want ErrTooLarge", err, len(out))
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 2*(limit+slack) {
				t.Errorf("allocated %d bytes for a limit of %d", alloc, limit)
			}
			t.Log(err)
		})
	}
	// Exactly at the limit is fine.
	d := NewDecoder(limit)
	if out, _, err := d.Inflate(nil, deflate(t, make([]byte, limit), 9)); err != nil || len(out) != limit {
		t.Fatalf("output of exactly the limit: %d bytes, error %v", len(out), err)
	}
	if _, _, err := d.Inflate(nil, deflate(t, make([]byte, limit+1), 9)); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("output of the limit plus one: error %v, want ErrTooLarge", err)
	}
}

// TestTruncated cuts streams at every byte: every cut must be rejected,
// as the references reject it.
func TestTruncated(t *testing.T) {
	page := testPages(t)[0][:6000]
	streams := map[string][]byte{
		"dynamic": deflate(t, page, 6),
		"fixed":   new(bitWriter).header(true, 1).fixedLits("hello, ").fixedMatch(12, 7).fixedSym(256).bytes(),
		"stored":  new(bitWriter).stored(false, page[:300]).stored(true, page[300:400]).bytes(),
		"huffman": deflate(t, page, flate.HuffmanOnly),
	}
	d := NewDecoder(1 << 20)
	for name, src := range streams {
		if out, n, err := d.Inflate(nil, src); err != nil || n != len(src) {
			t.Fatalf("%s: whole stream: %d bytes, consumed %d of %d, error %v", name, len(out), n, len(src), err)
		}
		for cut := range len(src) {
			_, _, err := checkAgainstReferences(t, d, src[:cut])
			if !errors.Is(err, ErrTruncated) && !errors.Is(err, ErrCorrupt) {
				t.Fatalf("%s cut at %d of %d: error %v", name, cut, len(src), err)
			}
		}
	}
}

// TestAllocs checks that a warm Decoder allocates nothing.
func TestAllocs(t *testing.T) {
	page := testPages(t)[1]
	var gz bytes.Buffer
	w := stdgzip.NewWriter(&gz)
	w.Write(page)
	w.Close()
	src := deflate(t, page, 6)
	d := NewDecoder(1 << 24)
	buf := make([]byte, 0, 2*len(page))
	if n := testing.AllocsPerRun(20, func() {
		if _, _, err := d.Inflate(buf, src); err != nil {
			t.Fatal(err)
		}
		if _, _, err := d.Gunzip(buf, gz.Bytes()); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Fatalf("%v allocations per run", n)
	}
}
