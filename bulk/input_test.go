package bulk

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jtextract/jt/remote"
	"github.com/jtextract/jt/warc"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

func gzipBytes(b []byte) []byte {
	var out bytes.Buffer
	zw := gzip.NewWriter(&out)
	zw.Write(b)
	zw.Close()
	return out.Bytes()
}

// TestNotWARCInputs checks that an input that is not a WARC file at all
// fails as a whole, with a message saying what it is instead, instead of
// being counted as a damaged record; and that nothing of it is written.
func TestNotWARCInputs(t *testing.T) {
	html := []byte(page(1))
	zw, _ := zstd.NewWriter(nil)
	plain, _ := testWARC(t, warc.None)
	for _, tc := range []struct {
		name, file string
		data       []byte
		says       string
	}{
		{"HTML", "page.warc", html, `not a WARC file: it begins with "<html><head>`},
		{"random bytes", "x.warc", []byte("\x93\x00\xfe\x41\x7f\x12\x80\x99\x01"), "not a WARC file: it begins with"},
		{"HTML named .gz", "page.warc.gz", html, "(named .gz, but not gzip-compressed)"},
		{"WARC named .zst", "crawl.warc.zst", gzipBytes(plain), "(named .zst, but not zstd-compressed)"},
		{"gzip HTML", "page.warc.gz", gzipBytes(html), `its gzip content begins with "<html>`},
		{"zstd HTML", "page.warc.zst", zw.EncodeAll(html, nil), `its zstd content begins with "<html>`},
		{"bzip2", "crawl.warc.bz2", []byte("BZh91AY&SY\x00\x00\x00"), "it is bzip2-compressed"},
		{"empty", "empty.warc.gz", nil, "not a WARC file: it is empty"},
		{"empty gzip", "empty.warc.gz", gzipBytes(nil), "not a WARC file: its gzip content is empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.name == "WARC named .zst" {
				// A real WARC under a misleading name is read, not failed.
				var out bytes.Buffer
				st, err := newProcessor(t, 2, DedupNone).Run(context.Background(), tc.file, bytes.NewReader(tc.data), &out)
				if err != nil || st.Written == 0 {
					t.Fatalf("gzip WARC named .zst: %v, stats %+v", err, st)
				}
				return
			}
			for _, workers := range []int{1, 2} {
				var out bytes.Buffer
				st, err := newProcessor(t, workers, DedupNone).Run(context.Background(), tc.file, bytes.NewReader(tc.data), &out)
				if !errors.Is(err, warc.ErrNotWARC) || !strings.Contains(err.Error(), tc.says) || !strings.Contains(err.Error(), tc.file) {
					t.Errorf("-j %d: Run returned %v; want an error wrapping ErrNotWARC naming %s and saying %q", workers, err, tc.file, tc.says)
				}
				if st.Read != 0 || out.Len() != 0 || InputFailure(err) != InputNotWARC {
					t.Errorf("-j %d: stats %+v, output %q, reason %q: want no record and no output", workers, st, out.String(), InputFailure(err))
				}
			}
		})
	}
}

// TestCorruptFirstMember checks that a gzip WARC whose first member does
// not decompress (here, to five wrong bytes and then an error) is not
// taken for a non-WARC: the member is counted as a damaged record and
// every record after it is read.
func TestCorruptFirstMember(t *testing.T) {
	data, n := testWARC(t, warc.Gzip)
	// A gzip header, a stored deflate block of "junk!", then a block of the
	// reserved type, which no decoder accepts.
	bad := []byte("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff\x00\x05\x00\xfa\xffjunk!\x07\x00\x00\x00\x00\x00\x00\x00\x00")
	var errs []error
	p := newProcessor(t, 2, DedupNone)
	p.cfg.OnError = func(err error) { errs = append(errs, err) }
	out, st := run(t, p, append(bad, data...))
	want, wantSt := run(t, newProcessor(t, 2, DedupNone), data)
	if out != want || st.Read != int64(n)+1 || st.Failed[FailRecord] != 1 || st.Written != wantSt.Written || !st.Balanced() || len(errs) != 1 {
		t.Errorf("stats %+v, errors %v: want the %d records of the WARC after one damaged record", st, errs, n)
	}
}

// TestResourceRecords checks that resource records holding HTML are
// extracted (their block is the document, with no HTTP header; the
// charset comes from their Content-Type) and other resources are skipped
// as not HTML.
func TestResourceRecords(t *testing.T) {
	text := "P\xf8\xedli\x9a \x9elu\x9dou\xe8k\xfd k\xf9\xf2 " + article // windows-1250
	for _, comp := range []warc.Compression{warc.None, warc.Gzip} {
		var b bytes.Buffer
		w, _ := warc.NewWriter(&b, comp)
		add := func(typ, uri, ct string, content string) {
			h := warc.Header{{Name: "WARC-Type", Value: typ}, {Name: "WARC-Target-URI", Value: uri}, {Name: "WARC-Record-ID", Value: "<urn:" + uri + ">"}}
			if ct != "" {
				h = append(h, warc.Field{Name: "Content-Type", Value: ct})
			}
			if err := w.WriteRecord(h, []byte(content)); err != nil {
				t.Fatal(err)
			}
		}
		add("resource", "file:///a.html", "text/html; charset=windows-1250", "<html><body><p>"+text+"</p></body></html>")
		add("resource", "file:///log.txt", "text/plain", "a log, not a page")
		add("resource", "file:///sniffed", "", page(2))
		add("response", "http://e.com/", "application/http; msgtype=response", string(response("text/html", page(3))))
		add("metadata", "http://e.com/", "application/warc-fields", "via: x")
		out, st := run(t, newProcessor(t, 2, DedupNone), b.Bytes())
		want := fmt.Sprint(map[string]int64{SkipNotResponse: 1, SkipNotHTML: 1})
		if st.Read != 5 || st.Written != 3 || fmt.Sprint(st.Skipped) != want || !st.Balanced() {
			t.Fatalf("%v: stats %+v", comp, st)
		}
		var d Document
		if err := json.Unmarshal([]byte(out[:strings.IndexByte(out, '\n')]), &d); err != nil {
			t.Fatal(err)
		}
		if d.URL != "file:///a.html" || d.Status != 0 || d.Charset != "windows-1250" || !strings.HasPrefix(d.Text, "Příliš žluťoučký kůň") || d.RecordID != "<urn:file:///a.html>" {
			t.Errorf("%v: resource document %+v", comp, d)
		}
	}
}

// TestARCInput runs an ARC file, gzip one member per record as ARC
// writers made them: the HTML response and the HTML record without an
// HTTP header are extracted, the file description and the DNS record
// skipped.
func TestARCInput(t *testing.T) {
	rec := func(header, block string) []byte {
		return gzipBytes([]byte(fmt.Sprintf("%s %d\n%s\n", header, len(block), block)))
	}
	var arc []byte
	arc = append(arc, rec("filedesc://old.arc 0.0.0.0 20080101000000 text/plain", "1 0 Test\nURL IP-address Archive-date Content-type Archive-length\n")...)
	arc = append(arc, rec("http://old.example/ 192.0.2.1 20080102030405 text/html", string(response("text/html", page(1))))...)
	arc = append(arc, rec("dns:old.example 192.0.2.2 20080102030406 text/dns", "20080102030406\nold.example. 600 IN A 192.0.2.1\n")...)
	arc = append(arc, rec("http://old.example/bare 192.0.2.1 20080102030407 text/html", page(2))...)
	for _, workers := range []int{1, 3} {
		out, st := run(t, newProcessor(t, workers, DedupNone), arc)
		if st.Read != 4 || st.Written != 2 || st.Skipped[SkipNotResponse] != 1 || st.Skipped[SkipNotHTML] != 1 || !st.Balanced() {
			t.Fatalf("-j %d: stats %+v", workers, st)
		}
		var d Document
		if err := json.Unmarshal([]byte(out[:strings.IndexByte(out, '\n')]), &d); err != nil {
			t.Fatal(err)
		}
		if d.URL != "http://old.example/" || d.Date != "2008-01-02T03:04:05Z" || d.Status != 200 || d.Title != "Page 1" {
			t.Errorf("-j %d: first document %+v", workers, d)
		}
	}
}

// TestOpenFile checks that the default Open refuses a directory, saying
// so, where os.Open would give a file that reads as nothing.
func TestOpenFile(t *testing.T) {
	dir := t.TempDir()
	if _, err := OpenFile(dir); err == nil || !strings.Contains(err.Error(), "is a directory") || !strings.Contains(err.Error(), dir) {
		t.Errorf("OpenFile(directory): %v", err)
	}
	name := filepath.Join(dir, "a.warc")
	os.WriteFile(name, []byte("WARC/1.1\r\n"), 0o644)
	f, err := OpenFile(name)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	p := newProcessor(t, 1, DedupNone)
	st, done, err := p.RunFile(context.Background(), dir, t.TempDir())
	if err == nil || done || InputFailure(err) != InputUnreadable || st.Read != 0 {
		t.Errorf("RunFile(directory): %+v, %v, %v", st, done, err)
	}
}

// TestCountInput checks the input accounting: reasons by error, and that
// Add and InputsCounted account for every input.
func TestCountInput(t *testing.T) {
	var st Stats
	for _, err := range []error{
		nil, nil,
		fmt.Errorf("x: %w", warc.ErrNotWARC),
		fmt.Errorf("%w: disk full", ErrOutput),
		context.Canceled,
		&remote.Error{URL: "https://x", Err: errors.New("404")},
		fmt.Errorf("x: %w", ErrClaimed),
		io.ErrUnexpectedEOF,
		os.ErrNotExist,
	} {
		st.CountInput(err)
	}
	st.CountStopped(3)
	var total Stats
	total.Add(st)
	total.Add(Stats{Inputs: 1})
	want := fmt.Sprint(map[string]int64{InputFetch: 1, InputNotWARC: 1, InputOutput: 1, InputStopped: 4, InputUnreadable: 2})
	if total.Inputs != 3 || total.InputsClaimed != 1 || fmt.Sprint(total.InputsFailed) != want || total.InputsCounted() != 13 {
		t.Errorf("stats %+v, %d counted; want 3 done, 1 claimed, failed %s, 13 in all", total, total.InputsCounted(), want)
	}
}
