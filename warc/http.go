package warc

import (
	"bytes"
	"compress/flate"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/klauspost/compress/gzip"
)

// Response is the HTTP response held by a WARC response record.
type Response struct {
	Status      int
	ContentType string // the Content-Type header, as sent
	Body        []byte // transfer- and content-decoded; valid until the next Parse
	Truncated   bool   // the decoded body was cut at the limit given to Parse
}

// ResponseParser decodes the HTTP messages of response records, reusing
// its buffers across records.
type ResponseParser struct {
	body, tmp []byte
	gz        *gzip.Reader
}

// Parse decodes msg, an HTTP/1.x response as a WARC response record holds
// it: status line, headers, then the body, which it de-chunks and
// decompresses (gzip, x-gzip, deflate) into at most max bytes. A larger
// body is cut there and marked Truncated; a compressed body cannot expand
// beyond max. An unknown content coding is ErrUnsupported.
func (p *ResponseParser) Parse(msg []byte, max int) (*Response, error) {
	head, body, ok := bytes.Cut(msg, []byte("\r\n\r\n"))
	if !ok {
		if head, body, ok = bytes.Cut(msg, []byte("\n\n")); !ok {
			return nil, fmt.Errorf("%w: HTTP headers do not end", ErrMalformed)
		}
	}
	lines := strings.Split(strings.ReplaceAll(string(head), "\r\n", "\n"), "\n")
	status, err := parseStatus(lines[0])
	if err != nil {
		return nil, err
	}
	r := &Response{Status: status}
	var te, ce string
	for _, l := range lines[1:] {
		name, value, ok := strings.Cut(l, ":")
		if !ok {
			continue
		}
		value = strings.TrimSpace(value)
		switch strings.ToLower(strings.TrimSpace(name)) {
		case "content-type":
			r.ContentType = value
		case "transfer-encoding":
			te = strings.ToLower(value)
		case "content-encoding":
			ce = strings.ToLower(value)
		}
	}
	if strings.Contains(te, "chunked") {
		p.tmp, err = dechunk(p.tmp[:0], body)
		if err != nil {
			return nil, err
		}
		body = p.tmp
	}
	switch ce {
	case "", "identity":
		if len(body) > max {
			body, r.Truncated = body[:max], true
		}
		r.Body = body
	case "gzip", "x-gzip":
		if p.gz == nil {
			p.gz = new(gzip.Reader)
		}
		if err := p.gz.Reset(bytes.NewReader(body)); err != nil {
			return nil, fmt.Errorf("%w: gzip body: %w", ErrCorrupt, err)
		}
		err = p.inflate(r, p.gz, max)
	case "deflate":
		err = p.inflate(r, flate.NewReader(bytes.NewReader(body)), max)
	default:
		return nil, fmt.Errorf("%w: content coding %q", ErrUnsupported, ce)
	}
	return r, err
}

// inflate decompresses into p.body, at most max bytes.
func (p *ResponseParser) inflate(r *Response, src io.Reader, max int) error {
	buf := bytes.NewBuffer(p.body[:0])
	n, err := buf.ReadFrom(io.LimitReader(src, int64(max)+1))
	p.body = buf.Bytes()
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("%w: compressed body: %w", ErrCorrupt, err)
	}
	if n > int64(max) {
		p.body, r.Truncated = p.body[:max], true
	}
	r.Body = p.body
	return nil
}

func parseStatus(line string) (int, error) {
	proto, rest, ok := strings.Cut(strings.TrimSpace(line), " ")
	if !ok || !strings.HasPrefix(proto, "HTTP/") {
		return 0, fmt.Errorf("%w: HTTP status line %q", ErrMalformed, clip(line))
	}
	code, _, _ := strings.Cut(rest, " ")
	n, err := strconv.Atoi(code)
	if err != nil || n < 100 || n > 999 {
		return 0, fmt.Errorf("%w: HTTP status line %q", ErrMalformed, clip(line))
	}
	return n, nil
}

// dechunk appends the data of a chunked body to dst. A body cut short
// keeps the chunks it has.
func dechunk(dst, b []byte) ([]byte, error) {
	for {
		line, rest, ok := bytes.Cut(b, []byte("\n"))
		if !ok {
			return dst, nil // cut short: keep what came
		}
		size, _, _ := bytes.Cut(bytes.TrimSpace(line), []byte(";"))
		n, err := strconv.ParseInt(string(size), 16, 64)
		if err != nil || n < 0 {
			return dst, fmt.Errorf("%w: chunk size %q", ErrMalformed, clip(string(line)))
		}
		if n == 0 {
			return dst, nil
		}
		if n > int64(len(rest)) {
			return append(dst, rest...), nil
		}
		dst = append(dst, rest[:n]...)
		b = bytes.TrimPrefix(bytes.TrimPrefix(rest[n:], []byte("\r")), []byte("\n"))
	}
}

// IsHTML reports whether a response is an HTML page: by its Content-Type
// (text/html, application/xhtml+xml) or, without one, by sniffing the
// body's first bytes as browsers do.
func IsHTML(contentType string, body []byte) bool {
	if mt, _, _ := strings.Cut(contentType, ";"); strings.TrimSpace(mt) != "" {
		mt = strings.ToLower(strings.TrimSpace(mt))
		return mt == "text/html" || mt == "application/xhtml+xml"
	}
	b := bytes.TrimLeft(body, "\t\n\f\r \xef\xbb\xbf")
	for _, sig := range []string{"<!doctype html", "<html", "<head", "<body", "<script", "<iframe", "<h1", "<div", "<font", "<table", "<a", "<style", "<title", "<b", "<br", "<p", "<!--"} {
		if len(b) > len(sig) && bytes.EqualFold(b[:len(sig)], []byte(sig)) {
			if c := b[len(sig)]; c == ' ' || c == '>' || sig == "<!--" {
				return true
			}
		}
	}
	return false
}
