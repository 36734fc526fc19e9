package bulk_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/bulk"
	"github.com/jtextract/jt/warc"
)

// Extract the pages of a gzip WARC on two workers, writing JSON Lines to
// stdout, and account for every record.
func ExampleProcessor_Run() {
	var archive bytes.Buffer
	w, _ := warc.NewWriter(&archive, warc.Gzip)
	text := strings.Repeat("A sentence of the kind that people write in articles about the news of the day. ", 3)
	page := "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<title>News</title><div><a href=/>Home</a></div><p>" + text + "</p>"
	w.WriteRecord(warc.Header{{Name: "WARC-Type", Value: "request"}}, []byte("GET / HTTP/1.1\r\n\r\n"))
	w.WriteRecord(warc.Header{{Name: "WARC-Type", Value: "response"}, {Name: "WARC-Target-URI", Value: "http://example.com/"}}, []byte(page))

	p, err := bulk.New(bulk.Config{Workers: 2, NewExtractor: func() (*jt.Extractor, error) { return jt.New() }})
	if err != nil {
		fmt.Println(err)
		return
	}
	var out bytes.Buffer
	st, err := p.Run(context.Background(), "example.warc.gz", &archive, &out)
	if err != nil {
		fmt.Println(err)
		return
	}
	os.Stdout.Write(out.Bytes())
	fmt.Println(st.Read, st.Written, st.Skipped, st.Balanced())
	// Output:
	// {"url":"http://example.com/","warc_record_id":"","warc_date":"","status":200,"content_type":"text/html","charset":"utf-8","title":"News","text":"A sentence of the kind that people write in articles about the news of the day. A sentence of the kind that people write in articles about the news of the day. A sentence of the kind that people write in articles about the news of the day.","algo":"justext","paragraphs_kept":1,"paragraphs_total":2,"chars_kept":239,"chars_total":243}
	// 2 1 map[not a response:1] true
}
