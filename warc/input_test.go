package warc

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

func zstded(t testing.TB, s string) []byte {
	t.Helper()
	zw, err := zstd.NewWriter(nil)
	if err != nil {
		t.Fatal(err)
	}
	return zw.EncodeAll([]byte(s), nil)
}

// errReader fails every read, as reading a directory does.
type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

// TestNotWARC checks what the first Next says about inputs that are not
// WARC files: a final ErrNotWARC naming what the input seems to be; an
// empty input is io.EOF; undecodable compressed data is ErrCorrupt, and an
// unreadable input is its reading error, not a RecordError.
func TestNotWARC(t *testing.T) {
	html := "<!DOCTYPE html><html><body><p>hello</p></body></html>"
	for _, tc := range []struct {
		name string
		in   io.Reader
		want error  // nil: io.EOF
		says string // a substring of the error
	}{
		{"HTML", strings.NewReader(html), ErrNotWARC, `it begins with "<!DOCTYPE html>`},
		{"random bytes", bytes.NewReader([]byte{0x93, 0x00, 0xfe, 0x41, 0x7f, 0x12, 0x80}), ErrNotWARC, "begins with"},
		{"short", strings.NewReader("WAR"), ErrNotWARC, `"WAR"`},
		{"gzip HTML", strings.NewReader(gzipped(html)), ErrNotWARC, `its gzip content begins with "<!DOCTYPE`},
		{"zstd HTML", bytes.NewReader(zstded(t, html)), ErrNotWARC, `its zstd content begins with`},
		{"bzip2", strings.NewReader("BZh91AY&SY\x00\x00"), ErrNotWARC, "it is bzip2-compressed"},
		{"xz", strings.NewReader("\xfd7zXZ\x00\x00\x04"), ErrNotWARC, "it is xz-compressed"},
		{"zip", strings.NewReader("PK\x03\x04\x14\x00"), ErrNotWARC, "a zip archive"},
		{"gzip twice", strings.NewReader(gzipped(gzipped("WARC/1.0\r\n"))), ErrNotWARC, "its gzip content is gzip-compressed ("},
		{"corrupt gzip", bytes.NewReader([]byte("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff\xff\xff\xff")), ErrCorrupt, "decompressed offset 0"},
		{"empty", strings.NewReader(""), nil, ""},
		{"empty gzip", strings.NewReader(gzipped("")), nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := NewReader(tc.in, WithName("in.warc"))
			if err != nil {
				t.Fatal(err)
			}
			_, err = r.Next()
			if tc.want == nil {
				if err != io.EOF {
					t.Fatalf("Next: %v, want io.EOF", err)
				}
				return
			}
			var re *RecordError
			if !errors.Is(err, tc.want) || !errors.As(err, &re) || !strings.Contains(err.Error(), tc.says) || !strings.Contains(err.Error(), "in.warc") {
				t.Fatalf("Next: %v, want a RecordError wrapping %v saying %q", err, tc.want, tc.says)
			}
			if _, again := r.Next(); again != err {
				t.Errorf("second Next: %v, want the same final error", again)
			}
		})
	}
	failing := errors.New("read /data: is a directory")
	r, _ := NewReader(errReader{failing})
	var re *RecordError
	if _, err := r.Next(); !errors.Is(err, failing) || errors.As(err, &re) {
		t.Errorf("unreadable input: Next returned %v, want the reading error itself", err)
	}
}

// arcRecord formats one ARC record: header line, block, newline.
func arcRecord(header string, block string) string {
	return fmt.Sprintf("%s %d\n%s\n", header, len(block), block)
}

// arcFile returns a small ARC file of the given version: its file
// description, an HTML page, a DNS record and a page whose block has no
// HTTP header.
func arcFile(version int) string {
	desc := fmt.Sprintf("%d 0 Test\nURL IP-address Archive-date Content-type Archive-length\n", version)
	extra := ""
	if version == 2 {
		extra = " 200 - - 0 test.arc"
	}
	page := "HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\n<html><p>hello</p></html>"
	return arcRecord("filedesc://test.arc 0.0.0.0 20080101000000 text/plain", desc) +
		arcRecord("http://example.com/ 192.0.2.1 20080102030405 text/html"+extra, page) +
		arcRecord("dns:example.com 192.0.2.2 20080102030406 text/dns"+extra, "20080102030406\nexample.com. 600 IN A 192.0.2.1\n") +
		arcRecord("http://example.com/bare 192.0.2.1 20080102030407 text/html"+extra, "<html><p>no header</p></html>")
}

// TestARC reads ARC files of both versions, plain and gzip (one member per
// record, as ARC writers made them), with their records given WARC fields.
func TestARC(t *testing.T) {
	for _, version := range []int{1, 2} {
		src := arcFile(version)
		var members bytes.Buffer
		for _, rec := range strings.SplitAfter(src, "</html>\n") {
			members.WriteString(gzipped(rec))
		}
		for comp, data := range map[Compression][]byte{None: []byte(src), Gzip: members.Bytes()} {
			t.Run(fmt.Sprintf("v%d %v", version, comp), func(t *testing.T) {
				r, _ := NewReader(bytes.NewReader(data))
				var got []string
				for {
					rec, err := r.Next()
					if err == io.EOF {
						break
					}
					if err != nil {
						t.Fatal(err)
					}
					got = append(got, fmt.Sprintf("%s %s %s %s %s %s %d", rec.Version, rec.Type(), rec.Header.Get("WARC-Target-URI"),
						rec.Header.Get("WARC-Date"), rec.Header.Get("WARC-IP-Address"), rec.Header.Get("Content-Type"), len(rec.Content)))
				}
				v := fmt.Sprint("ARC/", version)
				want := []string{
					v + " warcinfo filedesc://test.arc 2008-01-01T00:00:00Z 0.0.0.0 text/plain 65",
					v + " response http://example.com/ 2008-01-02T03:04:05Z 192.0.2.1 application/http; msgtype=response 69",
					v + " resource dns:example.com 2008-01-02T03:04:06Z 192.0.2.2 text/dns 47",
					v + " resource http://example.com/bare 2008-01-02T03:04:07Z 192.0.2.1 text/html 29",
				}
				if strings.Join(got, "\n") != strings.Join(want, "\n") {
					t.Errorf("records:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
				if r.Compression() != comp {
					t.Errorf("compression %v, want %v", r.Compression(), comp)
				}
			})
		}
	}
}

// TestARCDamaged checks that a malformed ARC header line is reported with
// its offset and ends the input (ARC has no marker to resynchronise on),
// the records before it read, and that a cut block is ErrTruncated.
func TestARCDamaged(t *testing.T) {
	src := arcFile(1)
	i := strings.Index(src, "dns:")
	damaged := src[:i] + "garbage here\n" + src[i:]
	r, _ := NewReader(strings.NewReader(damaged), WithName("old.arc"))
	n := 0
	var err error
	for ; n < 10; n++ {
		if _, err = r.Next(); err != nil {
			break
		}
	}
	var re *RecordError
	if n != 2 || !errors.Is(err, ErrMalformed) || !errors.As(err, &re) || re.Offset != int64(i) || !strings.Contains(err.Error(), "old.arc") {
		t.Fatalf("%d records, then %v; want 2, then a malformed header at offset %d", n, err, i)
	}
	if _, again := r.Next(); again != err {
		t.Errorf("after a malformed ARC header: %v, want the same final error", again)
	}
	ids, errs := readAll(t, []byte(src[:len(src)-10]))
	if len(ids) != 3 || len(errs) != 1 || !errors.Is(errs[0], ErrTruncated) {
		t.Errorf("cut ARC: %d records, errors %v; want 3 and one truncated", len(ids), errs)
	}
}

func TestParseARCHeader(t *testing.T) {
	for _, tc := range []struct {
		line string
		ok   bool
		want arcHeader
	}{
		{"http://a/ 1.2.3.4 20080101000000 text/html 12", true, arcHeader{"http://a/", "1.2.3.4", "20080101000000", "text/html", 12}},
		{"http://a/ 1.2.3.4 20080101000000 text/html 200 abc http://b/ 77 x.arc 5", true, arcHeader{"http://a/", "1.2.3.4", "20080101000000", "text/html", 5}},
		{"http://a/ 1.2.3.4 20080101000000 text/html", false, arcHeader{}},
		{"http://a/ 1.2.3.4 20080101000000 text/html -1", false, arcHeader{}},
		{"http://a/ 1.2.3.4 20080101000000 text/html x", false, arcHeader{}},
		{"<p>some text with five words 3", false, arcHeader{}},
	} {
		got, ok := parseARCHeader(tc.line)
		if ok != tc.ok || got != tc.want {
			t.Errorf("parseARCHeader(%q) = %+v, %v", tc.line, got, ok)
		}
	}
	for in, want := range map[string]string{"20080102030405": "2008-01-02T03:04:05Z", "2008": "2008", "2008010203040x": "2008010203040x"} {
		if got := arcDate(in); got != want {
			t.Errorf("arcDate(%q) = %q, want %q", in, got, want)
		}
	}
}
