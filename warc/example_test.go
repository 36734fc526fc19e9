package warc_test

import (
	"bytes"
	"fmt"
	"io"

	"github.com/jtextract/jt/warc"
)

// Write a small gzip WARC, then read its records back and decode the HTTP
// response of each.
func Example() {
	var file bytes.Buffer
	w, _ := warc.NewWriter(&file, warc.Gzip)
	w.WriteRecord(warc.Header{{Name: "WARC-Type", Value: "warcinfo"}}, []byte("software: example"))
	w.WriteRecord(warc.Header{{Name: "WARC-Type", Value: "response"}, {Name: "WARC-Target-URI", Value: "http://example.com/"}},
		[]byte("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n<p>hi\r\n0\r\n\r\n"))

	r, _ := warc.NewReader(&file, warc.WithName("example.warc.gz"))
	defer r.Close()
	var http warc.ResponseParser
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err) // a damaged record; Next goes on with the next one
			continue
		}
		if rec.Type() != "response" {
			fmt.Println(rec.Type(), "record skipped")
			continue
		}
		resp, err := http.Parse(rec.Content, 1<<20)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(rec.Header.Get("WARC-Target-URI"), resp.Status, warc.IsHTML(resp.ContentType, resp.Body), string(resp.Body))
	}
	fmt.Println(r.Compression())
	// Output:
	// warcinfo record skipped
	// http://example.com/ 200 true <p>hi
	// gzip
}
