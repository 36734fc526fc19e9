package remote

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
	"github.com/jtextract/jt/remote/remotetest"
)

// newS3 serves an in-memory S3 holding data as s3://bucket/crawl/x.warc.gz
// behind faults, and returns the server and its fault wrapper.
func newS3(t *testing.T, data []byte, faults ...string) (*httptest.Server, *remotetest.S3Faults) {
	t.Helper()
	remotetest.S3Env(t)
	backend := s3mem.New()
	if err := backend.CreateBucket("bucket"); err != nil {
		t.Fatal(err)
	}
	if _, err := backend.PutObject("bucket", "crawl/x.warc.gz", nil, bytes.NewReader(data), int64(len(data)), nil); err != nil {
		t.Fatal(err)
	}
	f := &remotetest.S3Faults{Next: gofakes3.New(backend).Server(), Faults: faults, CutAt: 40_000}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return srv, f
}

// TestS3 reads an object from an in-process S3 server, whole and through
// a cut connection and a 503, which are resumed with ranged GetObject
// calls; a missing key fails at once.
func TestS3(t *testing.T) {
	data := testData(200_000)
	for _, faults := range [][]string{nil, {remotetest.Cut}, {remotetest.Unavailable, remotetest.Cut}} {
		t.Run(fmt.Sprint(faults), func(t *testing.T) {
			srv, f := newS3(t, data, faults...)
			var log []string
			opts := fastOptions(3, &log)
			opts.S3Endpoint, opts.S3PathStyle = srv.URL, true
			o, _ := New(opts)
			got, r, err := readAll(t, o, "s3://bucket/crawl/x.warc.gz")
			if err != nil || !bytes.Equal(got, data) {
				t.Fatalf("read %d bytes (want %d): %v", len(got), len(data), err)
			}
			if r.Retries() != int64(len(faults)) || len(log) != len(faults) {
				t.Errorf("%d retries for faults %v: %q", r.Retries(), faults, log)
			}
			if len(faults) > 0 && f.Requests()[len(f.Requests())-1] != "bytes=40000-" {
				t.Errorf("GETs with Range %q, want the last from byte 40000", f.Requests())
			}
			for _, l := range log {
				if !strings.Contains(l, "s3://bucket/crawl/x.warc.gz failed at byte") {
					t.Errorf("report %q", l)
				}
			}
		})
	}
	srv, f := newS3(t, data)
	var log []string
	opts := fastOptions(3, &log)
	opts.S3Endpoint, opts.S3PathStyle = srv.URL, true
	o, _ := New(opts)
	if _, err := o.Open(context.Background(), "s3://bucket/missing.warc.gz"); !errors.Is(err, ErrFetch) || !strings.Contains(err.Error(), "no such object") || len(f.Requests()) != 1 {
		t.Errorf("missing key: %v after %d GETs", err, len(f.Requests()))
	}
	if _, err := o.Open(context.Background(), "s3://bucket"); err == nil || !strings.Contains(err.Error(), "want s3://bucket/key") {
		t.Errorf("no key: %v", err)
	}
	// AWS_ENDPOINT_URL, read by the SDK, does what S3Endpoint does.
	t.Setenv("AWS_ENDPOINT_URL", srv.URL)
	o, _ = New(Options{S3PathStyle: true})
	if got, _, err := readAll(t, o, "s3://bucket/crawl/x.warc.gz"); err != nil || !bytes.Equal(got, data) {
		t.Errorf("through AWS_ENDPOINT_URL: %d bytes, %v", len(got), err)
	}
}
