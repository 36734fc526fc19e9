package bulk

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/internal/sharedtest"
	"github.com/jtextract/jt/warc"
	"github.com/klauspost/compress/gzip"
)

var article = strings.Repeat("This is the kind of sentence that a person would write in a real article about the news. ", 4)

func page(i int) string {
	return fmt.Sprintf("<html><head><title>Page %d</title></head><body><div><a href=/>Home</a></div><p>%d %s</p></body></html>", i, i, article)
}

func response(ct, body string) []byte {
	return []byte("HTTP/1.1 200 OK\r\nContent-Type: " + ct + "\r\nContent-Length: " + fmt.Sprint(len(body)) + "\r\n\r\n" + body)
}

// testWARC writes a WARC with 30 HTML pages, a duplicate of page 0, a
// request record, a PNG response, an empty HTML page and a chunked gzip
// page, and returns it with the number of records.
func testWARC(t testing.TB, comp warc.Compression) ([]byte, int) {
	t.Helper()
	var b bytes.Buffer
	w, err := warc.NewWriter(&b, comp)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	add := func(typ, uri string, content []byte) {
		h := warc.Header{{Name: "WARC-Type", Value: typ}, {Name: "WARC-Record-ID", Value: fmt.Sprintf("<urn:uuid:%d>", n)}, {Name: "WARC-Target-URI", Value: uri}, {Name: "WARC-Date", Value: "2024-01-01T00:00:00Z"}}
		if err := w.WriteRecord(h, content); err != nil {
			t.Fatal(err)
		}
		n++
	}
	add("warcinfo", "", []byte("software: test"))
	for i := range 30 {
		add("request", fmt.Sprintf("http://example.com/%d", i), []byte("GET / HTTP/1.1\r\n\r\n"))
		add("response", fmt.Sprintf("http://example.com/%d", i), response("text/html; charset=utf-8", page(i)))
	}
	add("response", "http://example.com/dup", response("text/html", page(0)))
	add("response", "http://example.com/img.png", response("image/png", "\x89PNG..."))
	add("response", "http://example.com/empty", response("text/html", "<html><body></body></html>"))
	add("response", "http://example.com/chunked", []byte("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"+
		fmt.Sprintf("%x\r\n%s\r\n0\r\n\r\n", len(page(99)), page(99))))
	return b.Bytes(), n
}

func newProcessor(t testing.TB, workers int, dedup string) *Processor {
	t.Helper()
	p, err := New(Config{Workers: workers, Dedup: dedup, NewExtractor: func() (*jt.Extractor, error) { return jt.New() }})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func run(t testing.TB, p *Processor, data []byte) (string, Stats) {
	t.Helper()
	var out bytes.Buffer
	st, err := p.Run(context.Background(), "test.warc", bytes.NewReader(data), &out)
	if err != nil {
		t.Fatal(err)
	}
	return out.String(), st
}

func TestRunAccountsForEveryRecord(t *testing.T) {
	data, n := testWARC(t, warc.Gzip)
	out, st := run(t, newProcessor(t, 2, DedupDocument), data)
	if !st.Balanced() || st.Read != int64(n) {
		t.Fatalf("stats %+v do not account for the %d records", st, n)
	}
	want := Stats{Read: int64(n), Written: 31, Skipped: map[string]int64{SkipNotResponse: 31, SkipNotHTML: 1, SkipEmpty: 1, SkipDuplicate: 1}}
	if st.Written != want.Written || fmt.Sprint(st.Skipped) != fmt.Sprint(want.Skipped) || len(st.Failed) != 0 {
		t.Errorf("stats %+v, want %+v", st, want)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var d Document
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &d); err != nil {
		t.Fatal(err)
	}
	if d.URL != "http://example.com/chunked" || !strings.Contains(d.Text, "99 This is") || d.Title != "Page 99" || d.Status != 200 || d.ParagraphsKept != 1 {
		t.Errorf("last document %+v", d)
	}
}

// TestDeterministic checks that the output bytes do not depend on the
// number of workers, whether the gzip input is split into members for the
// workers or the records are read by the reading goroutine, and that they
// are the same for the three compressions.
func TestDeterministic(t *testing.T) {
	plain, _ := testWARC(t, warc.None)
	want, _ := run(t, newProcessor(t, 1, DedupParagraph), plain)
	for _, comp := range []warc.Compression{warc.None, warc.Gzip, warc.Zstd} {
		data, _ := testWARC(t, comp)
		for _, workers := range []int{1, 2, 4, 7} {
			if got, _ := run(t, newProcessor(t, workers, DedupParagraph), data); got != want {
				t.Errorf("%v, -j %d: output differs from the plain WARC's at -j 1", comp, workers)
			}
		}
	}
}

// TestOutputFields checks the names of an output line's fields.
func TestOutputFields(t *testing.T) {
	data, _ := testWARC(t, warc.Gzip)
	out, _ := run(t, newProcessor(t, 2, DedupNone), data)
	line, _, _ := strings.Cut(out, "\n")
	var fields map[string]any
	if err := json.Unmarshal([]byte(line), &fields); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"url", "warc_record_id", "warc_date", "status", "content_type", "charset", "title", "text", "algo",
		"paragraphs_kept", "paragraphs_total", "chars_kept", "chars_total"} {
		if _, ok := fields[name]; !ok {
			t.Errorf("no field %q in %s", name, line)
		}
	}
	if fields["warc_record_id"] != "<urn:uuid:2>" || fields["warc_date"] != "2024-01-01T00:00:00Z" || fields["content_type"] != "text/html; charset=utf-8" {
		t.Errorf("WARC and HTTP fields not passed on: %s", line)
	}
}

// TestHeaderCharset checks that the charset of the HTTP Content-Type
// decodes a page that declares none itself, and that content codings are
// undone.
func TestHeaderCharset(t *testing.T) {
	// "Příliš žluťoučký kůň" in windows-1250.
	text := "P\xf8\xedli\x9a \x9elu\x9dou\xe8k\xfd k\xf9\xf2 " + article
	body := "<html><body><p>" + text + "</p></body></html>"
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(body))
	zw.Close()
	var b bytes.Buffer
	w, _ := warc.NewWriter(&b, warc.Gzip)
	for i, msg := range []string{
		"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=windows-1250\r\n\r\n" + body,
		"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=windows-1250\r\nContent-Encoding: gzip\r\n\r\n" + gz.String(),
	} {
		h := warc.Header{{Name: "WARC-Type", Value: "response"}, {Name: "WARC-Target-URI", Value: fmt.Sprint("http://e.cz/", i)}}
		if err := w.WriteRecord(h, []byte(msg)); err != nil {
			t.Fatal(err)
		}
	}
	out, st := run(t, newProcessor(t, 2, DedupNone), b.Bytes())
	docs := strings.Split(strings.TrimSpace(out), "\n")
	if st.Written != 2 || len(docs) != 2 {
		t.Fatalf("stats %+v", st)
	}
	for _, line := range docs {
		var d Document
		if err := json.Unmarshal([]byte(line), &d); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(d.Text, "Příliš žluťoučký kůň") || d.Charset != "windows-1250" {
			t.Errorf("%s: charset %q, text %.30q", d.URL, d.Charset, d.Text)
		}
	}
}

// TestDedupParagraph checks that paragraph dedup drops the paragraphs seen
// before and keeps the new ones, with counts to match.
func TestDedupParagraph(t *testing.T) {
	para := func(s string) string { return "<p>" + s + " " + article + "</p>" }
	var b bytes.Buffer
	w, _ := warc.NewWriter(&b, warc.Gzip)
	for i, body := range []string{para("One.") + para("Two."), para("Two.") + para("Three."), para("TWO.")} {
		h := warc.Header{{Name: "WARC-Type", Value: "response"}, {Name: "WARC-Target-URI", Value: fmt.Sprint("http://e.com/", i)}}
		if err := w.WriteRecord(h, response("text/html", "<html><body>"+body+"</body></html>")); err != nil {
			t.Fatal(err)
		}
	}
	out, st := run(t, newProcessor(t, 2, DedupParagraph), b.Bytes())
	var texts []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var d Document
		if err := json.Unmarshal([]byte(line), &d); err != nil {
			t.Fatal(err)
		}
		if d.ParagraphsKept != strings.Count(d.Text, "\n")+1 || d.CharsKept != utf8.RuneCountInString(strings.ReplaceAll(d.Text, "\n", "")) {
			t.Errorf("%s: counts %d paragraphs, %d characters for text %q", d.URL, d.ParagraphsKept, d.CharsKept, d.Text)
		}
		texts = append(texts, d.Text[:4])
	}
	if fmt.Sprint(texts) != "[One. Thre]" || st.Skipped[SkipDuplicate] != 1 || !st.Balanced() {
		t.Errorf("kept %v, stats %+v: want page 2 reduced to its new paragraph and page 3 (case and spacing aside, a copy) dropped", texts, st)
	}
}

// TestTruncatedInput cuts the archive mid-record: the records before the
// cut are all written and the cut is counted as a failed record.
func TestTruncatedInput(t *testing.T) {
	data, _ := testWARC(t, warc.Gzip)
	full, _ := run(t, newProcessor(t, 2, DedupNone), data)
	var errs []error
	p, _ := New(Config{Workers: 2, NewExtractor: func() (*jt.Extractor, error) { return jt.New() }, OnError: func(err error) { errs = append(errs, err) }})
	out, st := run(t, p, data[:len(data)/2])
	if !st.Balanced() || st.Failed[FailRecord] != 1 || len(errs) != 1 || !strings.Contains(errs[0].Error(), "test.warc") {
		t.Fatalf("stats %+v, errors %v", st, errs)
	}
	if !strings.HasPrefix(full, out) || st.Written == 0 {
		t.Errorf("the %d documents before the cut are not those of the full run", st.Written)
	}
}

func TestOversize(t *testing.T) {
	data, _ := testWARC(t, warc.None)
	p, _ := New(Config{MaxRecordBytes: 200, SkipOversize: true, NewExtractor: func() (*jt.Extractor, error) { return jt.New() }})
	_, st := run(t, p, data)
	if st.Skipped[SkipTooLarge] != 32 || !st.Balanced() {
		t.Errorf("stats %+v: want the 32 HTML pages over 200 bytes skipped as too large", st)
	}
}

// BenchmarkRun measures end to end: a gzip WARC of the 181 shared pages
// (compressed input bytes per second), at 1 and 2 workers.
func BenchmarkRun(b *testing.B) {
	var buf bytes.Buffer
	w, err := warc.NewWriter(&buf, warc.Gzip)
	if err != nil {
		b.Fatal(err)
	}
	for _, p := range sharedtest.Pages(b) {
		h := warc.Header{{Name: "WARC-Type", Value: "response"}, {Name: "WARC-Target-URI", Value: "http://example.com/" + p.ID}}
		if err := w.WriteRecord(h, response("text/html", string(p.HTML))); err != nil {
			b.Fatal(err)
		}
	}
	data := buf.Bytes()
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprint("j", workers), func(b *testing.B) {
			p := newProcessor(b, workers, DedupNone)
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				run(b, p, data)
			}
			b.ReportMetric(float64(181*b.N)/b.Elapsed().Seconds(), "docs/s")
		})
	}
}
