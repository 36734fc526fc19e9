// Package remote opens http://, https:// and s3:// inputs as streams
// that survive a dropped connection. A read that fails (the connection
// cut, a 5xx answer, no byte for ReadTimeout) is retried after an
// exponential backoff and resumed where it stopped, with an HTTP Range
// request (a ranged GetObject for S3), so a caller reads the object's
// bytes once and in order whatever the network did. Failures are
// reported with the URL and byte offset: each retried one to
// Options.OnRetry, the final one as an *Error wrapping ErrFetch.
//
// S3 goes through the AWS SDK for Go v2 with the standard credential
// chain (environment, shared files, SSO, instance roles); an endpoint
// override (Options.S3Endpoint, or AWS_ENDPOINT_URL as the SDK reads it)
// reaches S3-compatible stores.
package remote

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// Defaults of Options, as the jt command line uses them.
const (
	DefaultRetries      = 5
	DefaultRetryWait    = time.Second
	DefaultMaxRetryWait = time.Minute
	DefaultReadTimeout  = time.Minute
)

// ErrFetch is wrapped by every final failure to fetch a remote input.
var ErrFetch = errors.New("remote: fetch failed")

// Options configures an Opener.
type Options struct {
	// Retries is how many failed attempts in a row are retried before the
	// input fails; an attempt that delivered bytes starts the count again,
	// so a long download survives many drops but one that makes no
	// progress ends. 0 means no retry.
	Retries int
	// RetryWait is the wait before the first retry, doubled for each
	// further one up to MaxRetryWait (each drawn between half and all of
	// that, so that many tasks do not retry in step). 0 means
	// DefaultRetryWait, and a 0 MaxRetryWait DefaultMaxRetryWait.
	RetryWait, MaxRetryWait time.Duration
	// ReadTimeout is how long an attempt may wait for the answer or for the
	// next byte of the body before it counts as a dropped connection. 0
	// means DefaultReadTimeout.
	ReadTimeout time.Duration
	// S3Endpoint overrides the S3 endpoint (an S3-compatible store); empty
	// means the SDK's choice, which honours AWS_ENDPOINT_URL.
	S3Endpoint string
	// S3PathStyle addresses buckets as endpoint/bucket/key rather than
	// bucket.endpoint/key, as most S3-compatible stores need.
	S3PathStyle bool
	// HTTPClient makes the http(s) requests; nil means a client of its own.
	// It must not decompress bodies: offsets count the bytes as sent. S3
	// requests go through the SDK's client, which honours AWS_CA_BUNDLE.
	HTTPClient *http.Client
	// OnRetry, if not nil, is told about every failed attempt that is
	// retried (Error.Retry says after how long). It may be called from
	// several goroutines at once when several inputs are read at once.
	OnRetry func(*Error)
}

// Opener opens remote inputs. It is safe for concurrent use.
type Opener struct {
	o Options

	s3once   sync.Once
	s3client *s3.Client
	s3err    error
}

// New returns an Opener, or an error for invalid Options.
func New(o Options) (*Opener, error) {
	if o.Retries < 0 || o.RetryWait < 0 || o.MaxRetryWait < 0 || o.ReadTimeout < 0 {
		return nil, errors.New("remote: negative retries, wait or timeout")
	}
	if o.RetryWait == 0 {
		o.RetryWait = DefaultRetryWait
	}
	if o.MaxRetryWait == 0 {
		o.MaxRetryWait = DefaultMaxRetryWait
	}
	if o.ReadTimeout == 0 {
		o.ReadTimeout = DefaultReadTimeout
	}
	if o.HTTPClient == nil {
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.DisableCompression = true
		o.HTTPClient = &http.Client{Transport: t}
	}
	return &Opener{o: o}, nil
}

// IsURL reports whether name is a URL (scheme://…) rather than a file
// name; Open tells whether its scheme is supported.
func IsURL(name string) bool {
	scheme, _, ok := strings.Cut(name, "://")
	if !ok || scheme == "" {
		return false
	}
	for _, c := range scheme {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

// Open starts reading the object at url (http://, https:// or s3://
// bucket/key) and returns once its first bytes can be read, or with the
// final error (an *Error) of the attempts to get there. ctx bounds the
// whole read, not just Open.
func (o *Opener) Open(ctx context.Context, url string) (*Reader, error) {
	scheme, rest, _ := strings.Cut(url, "://")
	var f fetcher
	switch strings.ToLower(scheme) {
	case "http", "https":
		f = httpSource{client: o.o.HTTPClient, url: url}
	case "s3":
		bucket, key, ok := strings.Cut(rest, "/")
		if !ok || bucket == "" || key == "" {
			return nil, &Error{URL: url, Err: errors.New("want s3://bucket/key")}
		}
		client, err := o.s3()
		if err != nil {
			return nil, &Error{URL: url, Err: err}
		}
		f = s3Source{client: client, bucket: bucket, key: key}
	default:
		return nil, &Error{URL: url, Err: fmt.Errorf("unsupported URL scheme %q (http, https and s3 are)", scheme)}
	}
	r := &Reader{ctx: ctx, o: &o.o, url: url, f: f, size: -1}
	if err := r.connect(); err != nil {
		return nil, err
	}
	return r, nil
}

// Error is a failed attempt to fetch a remote input: final when returned
// by Open or Reader.Read (it then wraps ErrFetch), retried when given to
// Options.OnRetry.
type Error struct {
	URL      string
	Offset   int64         // bytes of the object read before the failure
	Attempt  int           // the attempt that failed, from 1 (0: the failure allows no retry)
	Attempts int           // the most attempts allowed in a row
	Retry    time.Duration // for a retried failure, the wait before the next attempt
	Err      error
}

// Error says what failed, at which byte, and what happens next.
func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "fetching %s failed at byte %d", e.URL, e.Offset)
	if e.Attempt > 0 {
		fmt.Fprintf(&b, " (attempt %d of %d)", e.Attempt, e.Attempts)
	}
	fmt.Fprintf(&b, ": %v", e.Err)
	if e.Retry > 0 {
		fmt.Fprintf(&b, "; retrying in %v", e.Retry.Round(time.Millisecond))
	}
	return b.String()
}

// Unwrap returns the cause and, for a final failure, ErrFetch.
func (e *Error) Unwrap() []error {
	if e.Retry > 0 {
		return []error{e.Err}
	}
	return []error{ErrFetch, e.Err}
}

// response is the start of an answer to a fetch from an offset.
type response struct {
	body     io.ReadCloser
	start    int64 // object offset of the body's first byte: 0 when a Range was ignored
	size     int64 // the object's size, -1 when unknown
	etag     string
	modified string
}

// fetcher gets an object from a byte offset on.
type fetcher interface {
	fetch(ctx context.Context, off int64) (response, error)
}

// permanent marks a failure that a retry cannot mend (404, 403, a changed
// object, a malformed answer).
type permanent struct{ error }

func (p permanent) Unwrap() error { return p.error }

// retryAfter is a retryable failure whose server asked for a wait.
type retryAfter struct {
	error
	wait time.Duration
}

func (r retryAfter) Unwrap() error { return r.error }

// Reader reads a remote object from start to end, resuming after
// failures. It is not safe for concurrent use.
type Reader struct {
	ctx   context.Context
	o     *Options
	url   string
	f     fetcher
	c     *conn
	off   int64
	size  int64 // from the first answer that told it
	etag  string
	mod   string
	first bool // an answer was seen, so etag and mod are set

	failed  int // failed attempts in a row
	retries atomic.Int64
	wait    time.Duration // before the next attempt
	err     error         // final: io.EOF or an *Error
}

// conn is one attempt's answer, with the watchdog that cuts it when no
// byte arrives for ReadTimeout.
type conn struct {
	body    io.ReadCloser
	cancel  context.CancelFunc
	timer   *time.Timer
	timeout time.Duration
	idle    atomic.Bool
}

// errIdle is the cause of an attempt cut by its watchdog.
type errIdle time.Duration

func (e errIdle) Error() string { return fmt.Sprintf("no data for %v", time.Duration(e)) }

func (c *conn) read(p []byte) (int, error) {
	// The watchdog runs only while waiting on the network: a consumer
	// that is slow to call Read again is not the server's fault.
	c.timer.Reset(c.timeout)
	n, err := c.body.Read(p)
	c.timer.Stop()
	if err != nil && err != io.EOF && c.idle.Load() {
		err = errIdle(c.timeout)
	}
	return n, err
}

func (c *conn) close() {
	c.timer.Stop()
	c.cancel()
	c.body.Close()
}

// dial makes one attempt to read from r.off on.
func (r *Reader) dial() (*conn, error) {
	ctx, cancel := context.WithCancel(r.ctx)
	c := &conn{cancel: cancel, timeout: r.o.ReadTimeout}
	c.timer = time.AfterFunc(c.timeout, func() { c.idle.Store(true); cancel() })
	resp, err := r.f.fetch(ctx, r.off)
	c.timer.Stop()
	if err != nil {
		cancel()
		if c.idle.Load() && r.ctx.Err() == nil {
			err = errIdle(c.timeout)
		}
		return nil, err
	}
	c.body = resp.body
	if err := r.check(resp); err != nil {
		c.close()
		return nil, err
	}
	if skip := r.off - resp.start; skip > 0 {
		// The server ignored the Range and sent the object from its start:
		// drop what was read before.
		if _, err := io.CopyN(io.Discard, readerFunc(c.read), skip); err != nil {
			c.close()
			return nil, fmt.Errorf("skipping %d bytes of an answer that ignored the Range: %w", skip, err)
		}
	}
	return c, nil
}

type readerFunc func([]byte) (int, error)

func (f readerFunc) Read(p []byte) (int, error) { return f(p) }

// check makes sure that an answer continues the object read so far.
func (r *Reader) check(resp response) error {
	if resp.start > r.off {
		return permanent{fmt.Errorf("asked for bytes from %d, got bytes from %d", r.off, resp.start)}
	}
	if !r.first {
		r.first, r.size, r.etag, r.mod = true, resp.size, resp.etag, resp.modified
		return nil
	}
	changed := resp.etag != "" && r.etag != "" && resp.etag != r.etag ||
		resp.etag == "" && resp.modified != "" && r.mod != "" && resp.modified != r.mod ||
		resp.size >= 0 && r.size >= 0 && resp.size != r.size
	if changed {
		return permanent{errors.New("the object changed while it was read (ETag, Last-Modified or size differ)")}
	}
	if r.size < 0 {
		r.size = resp.size
	}
	return nil
}

// connect makes attempts, waiting between them, until one answers or the
// failures are final.
func (r *Reader) connect() error {
	for {
		if r.wait > 0 {
			t := time.NewTimer(r.wait)
			select {
			case <-t.C:
			case <-r.ctx.Done():
				t.Stop()
				return r.ctx.Err()
			}
			r.wait = 0
		}
		c, err := r.dial()
		if err == nil {
			r.c = c
			return nil
		}
		if r.ctx.Err() != nil {
			return r.ctx.Err()
		}
		if err := r.fail(err); err != nil {
			return err
		}
	}
}

// fail counts a failed attempt: it returns the final error, or nil after
// reporting the failure and setting the wait before the next attempt.
func (r *Reader) fail(cause error) error {
	var p permanent
	if errors.As(cause, &p) {
		return &Error{URL: r.url, Offset: r.off, Err: p.error}
	}
	r.failed++
	e := &Error{URL: r.url, Offset: r.off, Attempt: r.failed, Attempts: r.o.Retries + 1, Err: cause}
	if r.failed > r.o.Retries {
		return e
	}
	d := r.o.RetryWait << (r.failed - 1)
	if d > r.o.MaxRetryWait || d <= 0 {
		d = r.o.MaxRetryWait
	}
	d = d/2 + rand.N(d/2+1)
	var ra retryAfter
	if errors.As(cause, &ra) && ra.wait > d {
		d = min(ra.wait, r.o.MaxRetryWait)
	}
	r.wait, e.Retry = d, d
	r.retries.Add(1)
	if r.o.OnRetry != nil {
		r.o.OnRetry(e)
	}
	return nil
}

// Read reads the object's next bytes, resuming after a failure; its final
// error is io.EOF at the object's end, the context's error, or an *Error.
func (r *Reader) Read(p []byte) (int, error) {
	for {
		if r.err != nil {
			return 0, r.err
		}
		if r.c == nil {
			if err := r.connect(); err != nil {
				r.err = err
				return 0, err
			}
		}
		n, err := r.c.read(p)
		r.off += int64(n)
		if n > 0 {
			r.failed = 0
		}
		if err == nil {
			return n, nil
		}
		r.c.close()
		r.c = nil
		if err == io.EOF {
			if r.size < 0 || r.off >= r.size {
				r.err = io.EOF
				return n, io.EOF
			}
			err = fmt.Errorf("the body ended at byte %d of %d: %w", r.off, r.size, io.ErrUnexpectedEOF)
		}
		if r.ctx.Err() != nil {
			r.err = r.ctx.Err()
			return n, r.err
		}
		if err := r.fail(err); err != nil {
			r.err = err
		}
		if n > 0 {
			return n, nil
		}
	}
}

// Retries returns how many failed attempts were retried so far.
func (r *Reader) Retries() int64 { return r.retries.Load() }

// Close ends the read.
func (r *Reader) Close() error {
	if r.c != nil {
		r.c.close()
		r.c = nil
	}
	if r.err == nil {
		r.err = errors.New("remote: read after Close")
	}
	return nil
}
