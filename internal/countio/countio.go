// Package countio counts the bytes that pass through a reader, so that a
// reader of a stream can say how far into its input it is.
package countio

import "io"

// Reader counts the bytes read from R in N.
type Reader struct {
	R io.Reader
	N int64
}

// Read reads from R and adds what it got to N.
func (c *Reader) Read(p []byte) (int, error) {
	n, err := c.R.Read(p)
	c.N += int64(n)
	return n, err
}
