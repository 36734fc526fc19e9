package warc

import "fmt"

// Defaults of the Reader's limits.
const (
	DefaultMaxRecordBytes    = 16 << 20
	DefaultMaxHeaderBytes    = 64 << 10
	DefaultMaxDecoderMemory  = 64 << 20
	minMaxHeaderBytes        = 1 << 10
	maxMaxHeaderBytes        = 16 << 20
	minReadBuffer            = 64 << 10
	minMaxDecoderMemoryBytes = 1 << 20
)

type config struct {
	name             string
	maxRecordBytes   int64
	maxHeaderBytes   int
	maxDecoderMemory int64
	strict           bool
}

func defaultConfig() config {
	return config{
		maxRecordBytes:   DefaultMaxRecordBytes,
		maxHeaderBytes:   DefaultMaxHeaderBytes,
		maxDecoderMemory: DefaultMaxDecoderMemory,
	}
}

// Option configures a Reader. NewReader reports an invalid value.
type Option func(*config) error

// WithMaxRecordBytes bounds how much of a record's block is kept in
// Record.Content; the rest is skipped and the record is marked Truncated.
// Zero keeps no content at all, which suits indexing.
func WithMaxRecordBytes(n int64) Option {
	return func(c *config) error {
		if n < 0 {
			return fmt.Errorf("warc: WithMaxRecordBytes(%d): must not be negative", n)
		}
		c.maxRecordBytes = n
		return nil
	}
}

// WithMaxHeaderBytes bounds the size of a record's header (the version line
// and the fields). A larger header is reported as ErrTooLarge. The value
// must lie between 1 KiB and 16 MiB.
func WithMaxHeaderBytes(n int) Option {
	return func(c *config) error {
		if n < minMaxHeaderBytes || n > maxMaxHeaderBytes {
			return fmt.Errorf("warc: WithMaxHeaderBytes(%d): must lie in [%d, %d]", n, minMaxHeaderBytes, maxMaxHeaderBytes)
		}
		c.maxHeaderBytes = n
		return nil
	}
}

// WithMaxDecoderMemory bounds the memory of the zstd decoder: the window of
// a frame and the size of a dictionary. A frame asking for more is reported
// as corrupt. It must be at least 1 MiB.
func WithMaxDecoderMemory(n int64) Option {
	return func(c *config) error {
		if n < minMaxDecoderMemoryBytes {
			return fmt.Errorf("warc: WithMaxDecoderMemory(%d): must be at least %d", n, minMaxDecoderMemoryBytes)
		}
		c.maxDecoderMemory = n
		return nil
	}
}

// WithStrict makes the first damaged record final: Next keeps returning its
// error. By default Next resynchronises on the next line starting with
// "WARC/1." and goes on.
func WithStrict(strict bool) Option {
	return func(c *config) error {
		c.strict = strict
		return nil
	}
}

// WithName sets the input's name (a file name, say) used in errors.
func WithName(name string) Option {
	return func(c *config) error {
		c.name = name
		return nil
	}
}
