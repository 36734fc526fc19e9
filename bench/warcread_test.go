package main

import (
	"bytes"
	stdgzip "compress/gzip"
	"errors"
	"io"
	"path/filepath"
	"testing"

	"github.com/jtextract/jt/warc"
	"github.com/klauspost/compress/gzip"
)

// BenchmarkWARCRead measures reading a gzip WARC of the 181 shared pages
// (one member per record, as Common Crawl and wget write them; MB/s of
// compressed input), to decide between jt's own WARC reader and an
// existing one:
//
//   - gunzip-klauspost: bare decompression into io.Discard with
//     github.com/klauspost/compress/gzip, the decompressor both jt's reader
//     and github.com/internetarchive/gowarc use, so the floor of either;
//   - gunzip-stdlib: the same with compress/gzip, for reference;
//   - jt-reader: warc.Reader, record by record;
//   - jt-splitter: warc.Splitter cutting the members without decompressing
//     them, each read by a Reset warc.Reader, as bulk's workers do (here
//     one after the other).
//
// gowarc itself is not measured: its module could not be fetched here
// (the module proxy refuses it and GitHub is unreachable).
func BenchmarkWARCRead(b *testing.B) {
	ds, err := loadDataset(filepath.Join("..", "..", "shared", "datasets", "scrapinghub"))
	if err != nil {
		b.Skipf("shared pages not available: %v", err)
	}
	var buf bytes.Buffer
	w, err := warc.NewWriter(&buf, warc.Gzip)
	if err != nil {
		b.Fatal(err)
	}
	for _, p := range ds.Pages {
		h := warc.Header{{Name: "WARC-Type", Value: "response"}, {Name: "WARC-Target-URI", Value: "http://example.com/" + p.ID}}
		msg := append([]byte("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n"), p.HTML...)
		if err := w.WriteRecord(h, msg); err != nil {
			b.Fatal(err)
		}
	}
	data := buf.Bytes()
	records := len(ds.Pages)

	b.Run("gunzip-klauspost", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		zr := new(gzip.Reader)
		for b.Loop() {
			if err := zr.Reset(bytes.NewReader(data)); err != nil {
				b.Fatal(err)
			}
			if _, err := io.Copy(io.Discard, zr); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("gunzip-stdlib", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		zr := new(stdgzip.Reader)
		for b.Loop() {
			if err := zr.Reset(bytes.NewReader(data)); err != nil {
				b.Fatal(err)
			}
			if _, err := io.Copy(io.Discard, zr); err != nil {
				b.Fatal(err)
			}
		}
	})
	// count reads r to its end and fails b unless it holds n records.
	count := func(b *testing.B, r *warc.Reader) int {
		n := 0
		for {
			_, err := r.Next()
			if err == io.EOF {
				return n
			}
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
	}
	b.Run("jt-reader", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		r, err := warc.NewReader(nil)
		if err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			r.Reset(bytes.NewReader(data), 0)
			if n := count(b, r); n != records {
				b.Fatalf("%d records, want %d", n, records)
			}
		}
	})
	b.Run("jt-splitter", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		r, err := warc.NewReader(nil)
		if err != nil {
			b.Fatal(err)
		}
		var chunk []byte
		for b.Loop() {
			s := warc.NewSplitter(bytes.NewReader(data), 16<<20)
			n := 0
			for {
				var off int64
				chunk, off, err = s.Next(chunk)
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					b.Fatal(err)
				}
				r.Reset(bytes.NewReader(chunk), off)
				n += count(b, r)
			}
			if n != records {
				b.Fatalf("%d records, want %d", n, records)
			}
		}
	})
}
