package inflate

import (
	"bytes"
	stdgzip "compress/gzip"
	"fmt"
	"io"
	"os"
	"testing"
	"time"

	"github.com/jtextract/jt/internal/sharedtest"
	kgzip "github.com/klauspost/compress/gzip"
)

// benchMembers returns gzip members as a WARC file holds them, one record
// each: the members of the file JT_INFLATE_WARC names, or else the 181
// shared pages as response records, compressed at the default level.
func benchMembers(b *testing.B) (members [][]byte, size int) {
	if name := os.Getenv("JT_INFLATE_WARC"); name != "" {
		data, err := os.ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		d := NewDecoder(1 << 30)
		var out []byte
		for len(data) > 0 {
			o, n, err := d.Gunzip(out[:0], data)
			if err != nil {
				b.Fatalf("%s: %v", name, err)
			}
			out = o
			members, data, size = append(members, data[:n]), data[n:], size+len(o)
		}
		return members, size
	}
	for i, p := range sharedtest.Pages(b) {
		var rec bytes.Buffer
		http := fmt.Sprintf("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: %d\r\n\r\n", len(p.HTML))
		fmt.Fprintf(&rec, "WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: https://example.com/%d\r\nContent-Length: %d\r\n\r\n%s%s\r\n\r\n",
			i, len(http)+len(p.HTML), http, p.HTML)
		var m bytes.Buffer
		w := stdgzip.NewWriter(&m)
		w.Write(rec.Bytes())
		w.Close()
		members, size = append(members, m.Bytes()), size+rec.Len()
	}
	return members, size
}

// gunzipper decodes one member into buf, returning the output.
type gunzipper func(buf, member []byte) ([]byte, error)

func benchGunzippers() []struct {
	name string
	f    gunzipper
} {
	d := NewDecoder(1 << 30)
	var kr kgzip.Reader
	var sr stdgzip.Reader
	var br bytes.Reader
	// The streaming readers fill a buffer the size of the whole output,
	// as a whole-buffer decoder does, so that only inflating is compared.
	stream := func(r io.Reader, buf []byte) ([]byte, error) {
		buf = buf[:0]
		for {
			n, err := r.Read(buf[len(buf):cap(buf)])
			buf = buf[:len(buf)+n]
			if err == io.EOF {
				return buf, nil
			}
			if err != nil {
				return buf, err
			}
			if len(buf) == cap(buf) {
				buf = append(buf, 0)[:len(buf)]
			}
		}
	}
	return []struct {
		name string
		f    gunzipper
	}{
		{"jt", func(buf, m []byte) ([]byte, error) {
			out, _, err := d.Gunzip(buf[:0], m)
			return out, err
		}},
		{"klauspost", func(buf, m []byte) ([]byte, error) {
			br.Reset(m)
			if err := kr.Reset(&br); err != nil {
				return nil, err
			}
			kr.Multistream(false)
			return stream(&kr, buf)
		}},
		{"std", func(buf, m []byte) ([]byte, error) {
			br.Reset(m)
			if err := sr.Reset(&br); err != nil {
				return nil, err
			}
			sr.Multistream(false)
			return stream(&sr, buf)
		}},
	}
}

// BenchmarkGunzip inflates WARC members, each into a reused buffer, with
// this package and with the streaming decoders of klauspost/compress and
// the standard library. MB/s are of output.
func BenchmarkGunzip(b *testing.B) {
	members, size := benchMembers(b)
	for _, g := range benchGunzippers() {
		b.Run(g.name, func(b *testing.B) {
			buf := make([]byte, 0, 1<<20)
			b.SetBytes(int64(size))
			b.ReportAllocs()
			for b.Loop() {
				for _, m := range members {
					out, err := g.f(buf, m)
					if err != nil {
						b.Fatal(err)
					}
					buf = out
				}
			}
		})
	}
}

// BenchmarkGunzipAlternate times the decoders in turns within each
// iteration (each pass over all members) and reports each one's MB/s and
// the ratios of their times, which a noisy machine leaves comparable.
func BenchmarkGunzipAlternate(b *testing.B) {
	members, size := benchMembers(b)
	gs := benchGunzippers()
	times := make([]time.Duration, len(gs))
	buf := make([]byte, 0, 1<<20)
	for b.Loop() {
		for i, g := range gs {
			t0 := time.Now()
			for _, m := range members {
				out, err := g.f(buf, m)
				if err != nil {
					b.Fatal(err)
				}
				buf = out
			}
			times[i] += time.Since(t0)
		}
	}
	for i, g := range gs {
		b.ReportMetric(float64(size)*float64(b.N)/times[i].Seconds()/1e6, g.name+"-MB/s")
		if i > 0 {
			b.ReportMetric(times[0].Seconds()/times[i].Seconds(), "jt/"+g.name+"-time")
		}
	}
}
