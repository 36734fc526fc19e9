package warc

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// record is a test record: its id and content.
type record struct{ id, content string }

func makeRecords(n int) []record {
	recs := make([]record, n)
	for i := range recs {
		recs[i] = record{fmt.Sprintf("<urn:uuid:%04d>", i), fmt.Sprintf("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>page %d %s</p>", i, strings.Repeat("x", i*37))}
	}
	return recs
}

func writeWARC(t testing.TB, comp Compression, recs []record) []byte {
	t.Helper()
	var b bytes.Buffer
	w, err := NewWriter(&b, comp)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		h := Header{{"WARC-Type", "response"}, {"WARC-Record-ID", r.id}, {"WARC-Target-URI", "http://example.com/"}}
		if err := w.WriteRecord(h, []byte(r.content)); err != nil {
			t.Fatal(err)
		}
	}
	return b.Bytes()
}

// readAll reads every record, returning their ids and the errors met.
func readAll(t testing.TB, data []byte, opts ...Option) (ids []string, errs []error) {
	t.Helper()
	r, err := NewReader(bytes.NewReader(data), opts...)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for i := 0; i < 10000; i++ {
		rec, err := r.Next()
		switch {
		case err == io.EOF:
			return ids, errs
		case err != nil:
			var re *RecordError
			if !errors.As(err, &re) || len(errs) > 0 && errs[len(errs)-1] == err {
				if len(errs) == 0 || errs[len(errs)-1] != err {
					errs = append(errs, err)
				}
				return ids, errs // a final error repeats
			}
			errs = append(errs, err)
		default:
			ids = append(ids, rec.Header.Get("WARC-Record-ID"))
		}
	}
	t.Fatal("reader does not end")
	return nil, nil
}

func TestRoundTrip(t *testing.T) {
	recs := makeRecords(20)
	for _, comp := range []Compression{None, Gzip, Zstd} {
		t.Run(comp.String(), func(t *testing.T) {
			data := writeWARC(t, comp, recs)
			r, err := NewReader(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			for i, want := range recs {
				rec, err := r.Next()
				if err != nil {
					t.Fatalf("record %d: %v", i, err)
				}
				if rec.Header.Get("WARC-Record-ID") != want.id || string(rec.Content) != want.content || rec.Type() != "response" {
					t.Fatalf("record %d: %q %q", i, rec.Header.Get("WARC-Record-ID"), rec.Content)
				}
			}
			if _, err := r.Next(); err != io.EOF {
				t.Fatalf("after the last record: %v, want io.EOF", err)
			}
			if r.Compression() != comp {
				t.Errorf("detected %v, want %v", r.Compression(), comp)
			}
		})
	}
}

func TestZstdDictionary(t *testing.T) {
	recs := makeRecords(10)
	var samples [][]byte
	for _, r := range recs {
		samples = append(samples, []byte(r.content))
	}
	dict, err := zstd.BuildDict(zstd.BuildDictOptions{ID: 7, Contents: samples, History: []byte(strings.Repeat("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n<p>page ", 20))})
	if err != nil {
		t.Fatal(err)
	}
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderDict(dict))
	if err != nil {
		t.Fatal(err)
	}
	plain := writeWARC(t, None, recs)
	var b bytes.Buffer
	var hdr [8]byte
	binary.LittleEndian.PutUint32(hdr[:], zstdSkippableDict)
	binary.LittleEndian.PutUint32(hdr[4:], uint32(len(dict)))
	b.Write(hdr[:])
	b.Write(dict)
	b.Write(enc.EncodeAll(plain, nil))
	ids, errs := readAll(t, b.Bytes())
	if len(errs) > 0 || len(ids) != len(recs) {
		t.Fatalf("%d records, errors %v", len(ids), errs)
	}
}

// TestTruncated cuts a gzip WARC in the middle of a record: every record
// before the cut is read, and the cut is reported with its offset.
func TestTruncated(t *testing.T) {
	recs := makeRecords(10)
	for _, comp := range []Compression{None, Gzip, Zstd} {
		data := writeWARC(t, comp, recs)
		cut := data[:len(data)*2/3]
		ids, errs := readAll(t, cut, WithName("cut.warc"))
		if len(ids) < 5 || len(ids) >= len(recs) {
			t.Errorf("%v: %d records before the cut", comp, len(ids))
		}
		if len(errs) != 1 || !strings.Contains(errs[0].Error(), "cut.warc") || !strings.Contains(errs[0].Error(), "offset") {
			t.Errorf("%v: errors %v, want one naming the file and offset", comp, errs)
		}
	}
}

func TestDamagedRecords(t *testing.T) {
	good := func(id string) string {
		return "WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: " + id + "\r\nContent-Length: 5\r\n\r\nhello\r\n\r\n"
	}
	for _, tc := range []struct {
		name    string
		in      string
		ids     []string
		errKind error
	}{
		{"length too long", good("a") + "WARC/1.0\r\nWARC-Record-ID: b\r\nContent-Length: 40\r\n\r\nhello\r\n\r\n" + good("c") + good("d"),
			[]string{"a", "c", "d"}, ErrMalformed},
		{"length too short", good("a") + "WARC/1.0\r\nWARC-Record-ID: b\r\nContent-Length: 2\r\n\r\nhello\r\n\r\n" + good("c"),
			[]string{"a", "c"}, ErrMalformed},
		{"negative length", good("a") + "WARC/1.0\r\nWARC-Record-ID: b\r\nContent-Length: -5\r\n\r\nhello\r\n\r\n" + good("c"),
			[]string{"a", "c"}, ErrMalformed},
		{"length not a number", good("a") + "WARC/1.0\r\nContent-Length: five\r\n\r\nhello\r\n\r\n" + good("c"),
			[]string{"a", "c"}, ErrMalformed},
		{"garbage between records", good("a") + "junk junk\r\n" + good("c"), []string{"a", "c"}, ErrMalformed},
		{"truncated header", good("a") + "WARC/1.0\r\nWARC-Type: resp", []string{"a"}, ErrTruncated},
		{"truncated block", good("a") + "WARC/1.0\r\nContent-Length: 50\r\n\r\nhel", []string{"a"}, ErrTruncated},
		{"not a WARC", "<html>hello</html>", nil, ErrNotWARC},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ids, errs := readAll(t, []byte(tc.in))
			if strings.Join(ids, ",") != strings.Join(tc.ids, ",") {
				t.Errorf("records %v, want %v", ids, tc.ids)
			}
			if len(errs) != 1 || !errors.Is(errs[0], tc.errKind) {
				t.Errorf("errors %v, want one %v", errs, tc.errKind)
			}
		})
	}
}

func TestStrict(t *testing.T) {
	in := "WARC/1.0\r\nContent-Length: x\r\n\r\n\r\n\r\nWARC/1.0\r\nContent-Length: 0\r\n\r\n\r\n\r\n"
	ids, errs := readAll(t, []byte(in), WithStrict(true))
	if len(ids) != 0 || len(errs) != 1 {
		t.Errorf("strict: records %v, errors %v; want the first error to be final", ids, errs)
	}
}

func TestMaxRecordBytes(t *testing.T) {
	data := writeWARC(t, Gzip, makeRecords(5))
	r, _ := NewReader(bytes.NewReader(data), WithMaxRecordBytes(60))
	n := 0
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(rec.Content) > 60 || rec.Truncated != (rec.Length > 60) {
			t.Errorf("record of %d bytes: kept %d, truncated %v", rec.Length, len(rec.Content), rec.Truncated)
		}
		n++
	}
	if n != 5 {
		t.Errorf("%d records, want 5", n)
	}
}

func FuzzReader(f *testing.F) {
	f.Add(writeWARC(f, None, makeRecords(3)))
	f.Add(writeWARC(f, Gzip, makeRecords(2)))
	f.Add(writeWARC(f, Zstd, makeRecords(2)))
	f.Add([]byte("WARC/1.0\r\nContent-Length: 99999999999\r\n\r\nx"))
	f.Add([]byte("WARC/1.1\r\n: \r\n\r\n"))
	f.Add([]byte(arcFile(1)))
	f.Add([]byte(arcFile(2)[:200]))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := NewReader(bytes.NewReader(data), WithMaxRecordBytes(1<<16))
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		var last error
		for i := 0; i < len(data)+2; i++ {
			rec, err := r.Next()
			if err == io.EOF || err != nil && err == last {
				return // the end, or a final error repeating
			}
			if err != nil {
				var re *RecordError
				if !errors.As(err, &re) {
					t.Fatalf("error %v is not a *RecordError", err)
				}
				last = err
				continue
			}
			if int64(len(rec.Content)) > 1<<16 {
				t.Fatalf("record content %d bytes over the limit", len(rec.Content))
			}
		}
		t.Fatal("Next did not reach the end: more calls than input bytes")
	})
}
