package warc

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"
)

// storedWARC writes each record as a gzip member without compression, so
// that a body holding the bytes of a gzip header shows them in the
// compressed stream too: a false member boundary for the Splitter.
func storedWARC(t testing.TB, bodies []string) []byte {
	t.Helper()
	var b bytes.Buffer
	for i, body := range bodies {
		var rec bytes.Buffer
		w, _ := NewWriter(&rec, None)
		if err := w.WriteRecord(Header{{"WARC-Type", "response"}, {"WARC-Record-ID", string(rune('a' + i))}}, []byte(body)); err != nil {
			t.Fatal(err)
		}
		zw, _ := gzip.NewWriterLevel(&b, gzip.NoCompression)
		zw.Write(rec.Bytes())
		zw.Close()
	}
	return b.Bytes()
}

// fakeHeader looks like the start of a gzip member.
const fakeHeader = "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"

func split(t *testing.T, data []byte, max int) (chunks [][]byte, offs []int64, err error) {
	t.Helper()
	s := NewSplitter(bytes.NewReader(data), max)
	for {
		c, off, err := s.Next(nil)
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			return chunks, offs, err
		}
		chunks, offs = append(chunks, c), append(offs, off)
		if s.AtEOF() {
			return chunks, offs, nil
		}
	}
}

func TestSplitter(t *testing.T) {
	for _, tc := range []struct {
		name   string
		data   []byte
		chunks int
	}{
		{"one member per record", writeWARC(t, Gzip, makeRecords(12)), 12},
		{"false boundary inside a member", storedWARC(t, []string{"x", "before " + fakeHeader + " after", "y"}), 4},
		{"empty input", nil, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			chunks, offs, err := split(t, tc.data, 1<<20)
			if err != nil {
				t.Fatal(err)
			}
			if len(chunks) != tc.chunks {
				t.Errorf("%d chunks, want %d", len(chunks), tc.chunks)
			}
			if got := bytes.Join(chunks, nil); !bytes.Equal(got, tc.data) {
				t.Fatalf("the chunks do not add up to the input")
			}
			for i, c := range chunks {
				if !bytes.Equal(c, tc.data[offs[i]:offs[i]+int64(len(c))]) {
					t.Errorf("chunk %d: offset %d is not where it lies in the input", i, offs[i])
				}
			}
		})
	}
}

// TestSplitterFalseBoundary checks what a caller relies on: the chunk cut
// at a false boundary reads as truncated alone, and whole once joined to
// the next.
func TestSplitterFalseBoundary(t *testing.T) {
	data := storedWARC(t, []string{"before " + fakeHeader + " after"})
	chunks, _, err := split(t, data, 1<<20)
	if err != nil || len(chunks) != 2 {
		t.Fatalf("%d chunks, %v; want 2", len(chunks), err)
	}
	if _, errs := readAll(t, chunks[0]); len(errs) != 1 || !errors.Is(errs[0], ErrTruncated) {
		t.Errorf("first part alone: errors %v, want one ErrTruncated", errs)
	}
	if ids, errs := readAll(t, bytes.Join(chunks, nil)); len(ids) != 1 || len(errs) != 0 {
		t.Errorf("joined: records %v, errors %v", ids, errs)
	}
}

// TestSplitterRest reads a whole-file gzip WARC, whose one member is over
// the limit, through Rest.
func TestSplitterRest(t *testing.T) {
	plain := writeWARC(t, None, makeRecords(40))
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(plain)
	zw.Close()
	s := NewSplitter(bytes.NewReader(b.Bytes()), 100)
	if _, _, err := s.Next(nil); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("Next: %v, want ErrTooLarge", err)
	}
	rest, _ := io.ReadAll(s.Rest())
	if ids, errs := readAll(t, rest); len(ids) != 40 || len(errs) != 0 {
		t.Errorf("through Rest: %d records, errors %v", len(ids), errs)
	}
}

func TestReaderReset(t *testing.T) {
	r, _ := NewReader(bytes.NewReader(nil))
	for _, comp := range []Compression{Gzip, None, Zstd, Gzip} {
		r.Reset(bytes.NewReader(writeWARC(t, comp, makeRecords(3))), 100)
		n := 0
		for {
			_, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%v: %v", comp, err)
			}
			n++
		}
		if n != 3 || r.Compression() != comp || r.InputOffset() <= 100 {
			t.Errorf("%v after Reset: %d records, detected %v, input offset %d", comp, n, r.Compression(), r.InputOffset())
		}
	}
}

// TestResetErrorNamesChunk checks that the errors of a Reader Reset to a
// chunk name the chunk's input offset, and those of a whole input do not.
func TestResetErrorNamesChunk(t *testing.T) {
	data := writeWARC(t, Gzip, makeRecords(1))
	cut := data[:len(data)/2]
	r, _ := NewReader(bytes.NewReader(cut), WithName("x.warc.gz"))
	_, err := r.Next()
	var re *RecordError
	if !errors.As(err, &re) || re.Chunk != -1 || strings.Contains(err.Error(), "chunk") {
		t.Errorf("whole input: %v", err)
	}
	r.Reset(bytes.NewReader(cut), 1234)
	_, err = r.Next()
	if !errors.As(err, &re) || re.Chunk != 1234 || !errors.Is(err, ErrTruncated) ||
		!strings.Contains(err.Error(), "x.warc.gz: record at decompressed offset 0 of the gzip chunk at input offset 1234") {
		t.Errorf("chunk: %v", err)
	}
}

// BenchmarkRead compares this Reader with bare decompression of the same
// gzip WARC (klauspost gzip into io.Discard), the floor for any reader.
func BenchmarkRead(b *testing.B) {
	data := writeWARC(b, Gzip, makeRecords(500))
	b.Run("gunzip", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			zr, _ := gzip.NewReader(bytes.NewReader(data))
			if _, err := io.Copy(io.Discard, zr); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("reader", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		r, _ := NewReader(nil)
		for b.Loop() {
			r.Reset(bytes.NewReader(data), 0)
			for {
				if _, err := r.Next(); err == io.EOF {
					break
				} else if err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}

// FuzzSplitter checks that chunks always add up to the input, lie at the
// offsets given, and respect the limit.
func FuzzSplitter(f *testing.F) {
	f.Add(writeWARC(f, Gzip, makeRecords(3)), 64)
	f.Add(storedWARC(f, []string{"a" + fakeHeader + "b"}), 1<<10)
	f.Fuzz(func(t *testing.T, data []byte, max int) {
		max = max&0xfff + 1
		s := NewSplitter(bytes.NewReader(data), max)
		var all []byte
		for !s.AtEOF() {
			c, off, err := s.Next(nil)
			if err == io.EOF {
				break
			}
			if errors.Is(err, ErrTooLarge) {
				rest, _ := io.ReadAll(s.Rest())
				all = append(all, rest...)
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(c) > max || off != int64(len(all)) {
				t.Fatalf("chunk of %d bytes at %d, after %d bytes, limit %d", len(c), off, len(all), max)
			}
			all = append(all, c...)
		}
		if !bytes.Equal(all, data) {
			t.Fatalf("chunks make %d bytes of %d", len(all), len(data))
		}
	})
}

// transcript reads r to its end and describes every record and error,
// with RawOffset left out of errors: it is the only thing ResetBytes
// may report differently from Reset.
func transcript(r *Reader) []string {
	var out []string
	var last error
	for range 1000 {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			var re *RecordError
			if errors.As(err, &re) {
				c := *re
				c.RawOffset = 0
				out = append(out, "error: "+c.Error())
			} else {
				out = append(out, "error: "+err.Error())
			}
			if err == last {
				break // a final error repeats
			}
			last = err
			continue
		}
		out = append(out, fmt.Sprintf("%s %v %d %v %d %q", rec.Version, rec.Header, rec.Length, rec.Truncated, rec.Offset, rec.Content))
	}
	return out
}

// TestResetBytes checks that a chunk read by ResetBytes (inflated whole
// when it can be) gives the same records and errors as the same chunk
// read as a stream by Reset, for clean chunks and every kind of chunk that
// cannot be inflated whole.
func TestResetBytes(t *testing.T) {
	clean := writeWARC(t, Gzip, makeRecords(6))
	damaged := append([]byte(nil), clean...)
	cleanChunks, cleanOffs, _ := split(t, clean, 1<<20)
	damaged[cleanOffs[2]+int64(len(cleanChunks[2])/2)] ^= 0x55 // inside the deflate data of the third
	malformed := writeWARC(t, Gzip, []record{{"a", "x"}})
	var mb bytes.Buffer
	zw := gzip.NewWriter(&mb)
	zw.Write([]byte("WARC/1.0\r\nContent-Length: x\r\n\r\nabc\r\n\r\n"))
	zw.Close()
	malformed = append(append(malformed, mb.Bytes()...), clean...)
	mb.Reset()
	zw.Reset(&mb)
	zw.Write([]byte("WARC/1.0\r\nWARC-Type: response\r\nContent-Length: 30\r\n\r\nabc\r\n\r\n" +
		"WARC/1.0\r\nWARC-Type: response\r\nContent-Length: 3\r\n\r\nxyz\r\n\r\n"))
	zw.Close()
	wrongLength := append([]byte(nil), mb.Bytes()...)
	for _, c := range []struct {
		name  string
		data  []byte
		opts  []Option
		whole bool // every chunk inflates whole
	}{
		{"clean", clean, nil, true},
		{"clean, several members per chunk", clean, nil, true},
		{"damaged member", damaged, nil, false},
		{"cut inside a member", storedWARC(t, []string{"x", "before " + fakeHeader + " after", "y"}), nil, false},
		{"record over the limit", writeWARC(t, Gzip, []record{{"big", strings.Repeat("y", 200<<10)}, {"small", "z"}}), []Option{WithMaxRecordBytes(1 << 10)}, false},
		{"malformed header in a good member", malformed, nil, true},
		{"record truncated to the limit", writeWARC(t, Gzip, []record{{"big", strings.Repeat("y", 100<<10)}, {"small", "z"}}), []Option{WithMaxRecordBytes(1 << 10)}, true},
		{"Content-Length too long", wrongLength, nil, true},
		{"not gzip", writeWARC(t, None, makeRecords(2)), nil, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			chunks, offs, err := split(t, c.data, 1<<20)
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasPrefix(c.name, "clean, several") {
				chunks, offs = [][]byte{c.data}, []int64{0}
			}
			opts := append([]Option{WithName("x.warc.gz")}, c.opts...)
			stream, _ := NewReader(nil, opts...)
			mem, _ := NewReader(nil, opts...)
			inMem := 0
			for i, chunk := range chunks {
				stream.Reset(bytes.NewReader(chunk), offs[i])
				mem.ResetBytes(chunk, offs[i])
				want, got := transcript(stream), transcript(mem)
				if !slices.Equal(want, got) {
					t.Fatalf("chunk %d at %d:\nResetBytes: %q\nReset:      %q", i, offs[i], got, want)
				}
				if mem.inMem {
					inMem++
				}
			}
			if c.whole && inMem != len(chunks) || c.name != "clean" && !c.whole && inMem == len(chunks) {
				t.Errorf("%d of %d chunks inflated whole", inMem, len(chunks))
			}
		})
	}
}

// FuzzResetBytes checks that reading a chunk by ResetBytes gives what
// reading it as a stream gives.
func FuzzResetBytes(f *testing.F) {
	f.Add(writeWARC(f, Gzip, makeRecords(3)))
	f.Add(storedWARC(f, []string{"a" + fakeHeader + "b"}))
	f.Fuzz(func(t *testing.T, chunk []byte) {
		stream, _ := NewReader(nil, WithMaxRecordBytes(1<<12))
		mem, _ := NewReader(nil, WithMaxRecordBytes(1<<12))
		stream.Reset(bytes.NewReader(chunk), 7)
		mem.ResetBytes(chunk, 7)
		if want, got := transcript(stream), transcript(mem); !slices.Equal(want, got) {
			t.Fatalf("ResetBytes: %q\nReset:      %q", got, want)
		}
	})
}
