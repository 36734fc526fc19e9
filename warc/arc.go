package warc

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// ARC is the Internet Archive's format before WARC. A file starts with a
// filedesc:// record; each record is one header line
//
//	URL IP-address Archive-date Content-type Archive-length
//
// (version 2 puts Result-code Checksum Location Offset Filename before the
// length), then Archive-length bytes (for an HTTP URL, the whole HTTP
// response), then a newline. The file description's block starts with the
// version: "1 0 origin" or "2 0 origin".

// arcMagic starts every ARC file.
const arcMagic = "filedesc://"

// nextARC reads the next record of an ARC file and gives it WARC fields,
// so that code written for WARC records reads it unchanged.
func (r *Reader) nextARC() (*Record, error) {
	start := r.off
	line, err := r.line()
	if err != nil {
		return nil, r.recordErr(start, err)
	}
	h, ok := parseARCHeader(line)
	if !ok {
		// Unlike "WARC/1.", an ARC header has no marker to resynchronise
		// on: nothing after it can be trusted to align with records.
		r.err = r.fail(start, fmt.Errorf("%w: ARC header line %q", ErrMalformed, clip(line)))
		return nil, r.err
	}
	r.rec = Record{Offset: start, Length: h.length}
	if err := r.readBlock(start, h.length); err != nil {
		return nil, err
	}
	typ, ctype := "resource", h.ctype
	switch {
	case strings.HasPrefix(h.url, arcMagic):
		typ = "warcinfo"
		if v, _, _ := bytes.Cut(r.rec.Content, []byte(" ")); string(v) == "2" {
			r.arc = 2
		}
	case bytes.HasPrefix(r.rec.Content, []byte("HTTP/")):
		typ, ctype = "response", "application/http; msgtype=response"
	}
	r.rec.Version = "ARC/" + strconv.Itoa(r.arc)
	r.fields = append(r.fields[:0],
		Field{"WARC-Type", typ},
		Field{"WARC-Target-URI", h.url},
		Field{"WARC-Date", arcDate(h.date)},
		Field{"WARC-IP-Address", h.ip},
		Field{"Content-Type", ctype},
		Field{"Content-Length", strconv.FormatInt(h.length, 10)})
	r.rec.Header = r.fields
	return &r.rec, nil
}

// arcHeader is the header line of an ARC record.
type arcHeader struct {
	url, ip, date, ctype string
	length               int64
}

// parseARCHeader parses an ARC header line of version 1 (five fields) or 2
// (ten); the URL, address, date and type come first in both, the length
// last.
func parseARCHeader(line string) (arcHeader, bool) {
	f := strings.Fields(line)
	if len(f) < 5 || !strings.Contains(f[0], ":") {
		return arcHeader{}, false
	}
	n, err := strconv.ParseInt(f[len(f)-1], 10, 64)
	if err != nil || n < 0 {
		return arcHeader{}, false
	}
	return arcHeader{url: f[0], ip: f[1], date: f[2], ctype: f[3], length: n}, true
}

// arcDate turns an ARC date (YYYYMMDDhhmmss, UTC) into the ISO 8601 form
// of WARC-Date; anything else is kept as it is.
func arcDate(d string) string {
	if len(d) != 14 {
		return d
	}
	for _, c := range []byte(d) {
		if c < '0' || c > '9' {
			return d
		}
	}
	return d[:4] + "-" + d[4:6] + "-" + d[6:8] + "T" + d[8:10] + ":" + d[10:12] + ":" + d[12:] + "Z"
}
