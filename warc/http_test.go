package warc

import (
	"bytes"
	"compress/flate"
	"errors"
	"testing"

	"github.com/klauspost/compress/gzip"
)

func gzipped(s string) string {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(s))
	w.Close()
	return b.String()
}

func deflated(s string) string {
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, flate.DefaultCompression)
	w.Write([]byte(s))
	w.Close()
	return b.String()
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name, msg string
		max       int
		status    int
		body      string
		truncated bool
		errKind   error
	}{
		{"plain", "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>x", 100, 200, "<p>x", false, nil},
		{"bare LF", "HTTP/1.0 404 Not Found\nX: y\n\nbody", 100, 404, "body", false, nil},
		{"chunked", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3;ext=1\r\nabc\r\n2\r\nde\r\n0\r\n\r\n", 100, 200, "abcde", false, nil},
		{"chunked cut short", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n9\r\nde", 100, 200, "abcde", false, nil},
		{"gzip", "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n" + gzipped("hello"), 100, 200, "hello", false, nil},
		{"chunked gzip", "HTTP/1.1 200 OK\r\nContent-Encoding: x-gzip\r\nTransfer-Encoding: chunked\r\n\r\n" +
			func() string {
				g := gzipped("hello")
				return string(rune('0'+len(g)/16)) + "0123456789abcdef"[len(g)%16:len(g)%16+1] + "\r\n" + g + "\r\n0\r\n\r\n"
			}(), 100, 200, "hello", false, nil},
		{"deflate", "HTTP/1.1 200 OK\r\nContent-Encoding: deflate\r\n\r\n" + deflated("hello"), 100, 200, "hello", false, nil},
		{"over the limit", "HTTP/1.1 200 OK\r\n\r\n0123456789", 4, 200, "0123", true, nil},
		{"gzip bomb bounded", "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n" + gzipped(string(make([]byte, 1<<20))), 10, 200, string(make([]byte, 10)), true, nil},
		{"unknown coding", "HTTP/1.1 200 OK\r\nContent-Encoding: br\r\n\r\nxx", 100, 0, "", false, ErrUnsupported},
		{"no status line", "GET / HTTP/1.1\r\n\r\n", 100, 0, "", false, ErrMalformed},
		{"headers do not end", "HTTP/1.1 200 OK\r\nX: y", 100, 0, "", false, ErrMalformed},
		{"bad chunk size", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc", 100, 0, "", false, ErrMalformed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var p ResponseParser
			r, err := p.Parse([]byte(tc.msg), tc.max)
			if tc.errKind != nil {
				if !errors.Is(err, tc.errKind) {
					t.Fatalf("error %v, want %v", err, tc.errKind)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != tc.status || string(r.Body) != tc.body || r.Truncated != tc.truncated {
				t.Errorf("got %d %q truncated %v", r.Status, r.Body, r.Truncated)
			}
		})
	}
}

func TestIsHTML(t *testing.T) {
	for _, tc := range []struct {
		ct, body string
		want     bool
	}{
		{"text/html; charset=utf-8", "", true},
		{"Application/XHTML+XML", "", true},
		{"image/png", "<html>", false},
		{"", "\xef\xbb\xbf  <!DOCTYPE html><html>", true},
		{"", "<p>hi", true},
		{"", "%PDF-1.4", false},
	} {
		if got := IsHTML(tc.ct, []byte(tc.body)); got != tc.want {
			t.Errorf("IsHTML(%q, %q) = %v", tc.ct, tc.body, got)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"))
	f.Add([]byte("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n" + gzipped("hello hello hello")))
	f.Add([]byte("HTTP/1.1 200 OK\r\nContent-Encoding: deflate\r\n\r\n" + deflated("hello")))
	f.Fuzz(func(t *testing.T, msg []byte) {
		var p ResponseParser
		for _, max := range []int{0, 7, 1 << 16} {
			r, err := p.Parse(msg, max)
			if err == nil && (len(r.Body) > max || r.Status < 100 || r.Status > 999) {
				t.Fatalf("max %d: body of %d bytes, status %d", max, len(r.Body), r.Status)
			}
		}
	})
}
