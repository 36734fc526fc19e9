package warc

import (
	"bytes"
	"strings"
	"testing"
)

// TestOutsizedBufferReleased checks that a Reader does not keep, for the
// records after it, a buffer grown for an outsized record: neither the
// inflate buffer of a chunk read whole nor the block buffer of a stream.
func TestOutsizedBufferReleased(t *testing.T) {
	big := []record{{"<urn:uuid:big>", "HTTP/1.1 200 OK\r\n\r\n" + strings.Repeat("<p>outsized</p>", 3<<20/15)}}
	small := makeRecords(2)
	read := func(rd *Reader) {
		t.Helper()
		for {
			if _, err := rd.Next(); err != nil {
				return
			}
		}
	}
	t.Run("chunk", func(t *testing.T) {
		rd, err := NewReader(bytes.NewReader(nil))
		if err != nil {
			t.Fatal(err)
		}
		rd.ResetBytes(writeWARC(t, Gzip, big), 0)
		read(rd)
		if cap(rd.plain) <= maxKeptBuffer {
			t.Fatalf("the outsized record was not inflated whole (buffer of %d bytes)", cap(rd.plain))
		}
		rd.ResetBytes(writeWARC(t, Gzip, small), 0)
		read(rd)
		if cap(rd.plain) > maxKeptBuffer {
			t.Errorf("after a small chunk, the Reader still holds a %d-byte inflate buffer", cap(rd.plain))
		}
	})
	t.Run("stream", func(t *testing.T) {
		rd, err := NewReader(bytes.NewReader(writeWARC(t, None, append(big, small...))))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := rd.Next(); err != nil {
			t.Fatal(err)
		}
		if cap(rd.buf) <= maxKeptBuffer {
			t.Fatalf("the outsized record's block took a buffer of only %d bytes", cap(rd.buf))
		}
		rec, err := rd.Next()
		if err != nil {
			t.Fatal(err)
		}
		if cap(rd.buf) > maxKeptBuffer {
			t.Errorf("after a small record, the Reader still holds a %d-byte block buffer", cap(rd.buf))
		}
		if string(rec.Content) != small[0].content {
			t.Errorf("the record after the outsized one reads %q", rec.Content)
		}
	})
}
