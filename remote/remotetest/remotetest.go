// Package remotetest serves objects over HTTP with the faults of a real
// network (a connection cut mid-body, a 503, a stalled body, a server
// that ignores Range), for tests of remote inputs against local servers.
package remotetest

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// Faults a FaultServer injects into the answer to one request.
const (
	Cut          = "cut"           // send part of the body, then close the connection
	Unavailable  = "503"           // answer 503 Service Unavailable
	Stall        = "stall"         // send part of the body, then nothing
	IgnoreRange  = "ignore range"  // answer 200 with the whole object to a Range request
	ChangeObject = "change object" // answer with another ETag
	Drop         = "drop"          // close the connection before answering
)

// FaultServer serves one object over HTTP with Range support, answering
// request i with Faults[i] (none past the end), and logs every request's
// Range header.
type FaultServer struct {
	Data   []byte
	Faults []string
	CutAt  int // bytes sent before a Cut or Stall; 0 means a third of what is asked

	log requestLog
}

// requestLog keeps the Range headers of the requests a server answered.
type requestLog struct {
	mu     sync.Mutex
	ranges []string
}

// add logs a request and returns its index.
func (l *requestLog) add(r *http.Request) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.ranges = append(l.ranges, r.Header.Get("Range"))
	return len(l.ranges) - 1
}

func (l *requestLog) requests() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.ranges...)
}

// Requests returns the Range headers of the requests so far ("" for none).
func (s *FaultServer) Requests() []string { return s.log.requests() }

// Reset forgets the requests so far, so that the faults begin again.
func (s *FaultServer) Reset() {
	s.log.mu.Lock()
	defer s.log.mu.Unlock()
	s.log.ranges = nil
}

// fault returns the fault of request i.
func fault(faults []string, i int) string {
	if i < len(faults) {
		return faults[i]
	}
	return ""
}

// ServeHTTP answers with the object, or the next fault.
func (s *FaultServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	fault := fault(s.Faults, s.log.add(r))
	etag := `"v1"`
	if fault == ChangeObject {
		etag = `"v2"`
	}
	w.Header().Set("ETag", etag)
	switch fault {
	case Drop:
		if conn, _, err := w.(http.Hijacker).Hijack(); err == nil {
			conn.Close()
		}
		return
	case Unavailable:
		http.Error(w, "try later", http.StatusServiceUnavailable)
		return
	case IgnoreRange:
		w.Header().Set("Content-Length", fmt.Sprint(len(s.Data)))
		w.Write(s.Data)
		return
	}
	start := 0
	if rg := r.Header.Get("Range"); rg != "" {
		if _, err := fmt.Sscanf(rg, "bytes=%d-", &start); err != nil || start >= len(s.Data) {
			http.Error(w, "bad range", http.StatusRequestedRangeNotSatisfiable)
			return
		}
		w.Header().Set("Content-Range", fmt.Sprintf("bytes %d-%d/%d", start, len(s.Data)-1, len(s.Data)))
	}
	body := s.Data[start:]
	w.Header().Set("Content-Length", fmt.Sprint(len(body)))
	if start > 0 {
		w.WriteHeader(http.StatusPartialContent)
	}
	if fault != Cut && fault != Stall {
		w.Write(body)
		return
	}
	n := s.CutAt
	if n == 0 {
		n = len(body) / 3
	}
	w.Write(body[:n])
	w.(http.Flusher).Flush()
	if fault == Stall {
		<-r.Context().Done()
		return
	}
	conn, _, err := w.(http.Hijacker).Hijack()
	if err == nil {
		conn.Close()
	}
}

// S3Faults wraps an S3 server addressed path-style: its object GETs (not
// bucket requests) answer with Faults in turn (Unavailable, or Cut after
// CutAt bytes), then normally.
type S3Faults struct {
	Next   http.Handler
	Faults []string
	CutAt  int

	log requestLog
}

// Requests returns the Range headers of the object GETs so far.
func (s *S3Faults) Requests() []string { return s.log.requests() }

// ServeHTTP passes the request on to Next, or answers with the next fault.
func (s *S3Faults) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet || !strings.Contains(strings.Trim(r.URL.Path, "/"), "/") {
		s.Next.ServeHTTP(w, r)
		return
	}
	switch fault(s.Faults, s.log.add(r)) {
	case Unavailable:
		w.Header().Set("Content-Type", "application/xml")
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprint(w, `<?xml version="1.0" encoding="UTF-8"?><Error><Code>SlowDown</Code><Message>slow down</Message></Error>`)
	case Cut:
		s.Next.ServeHTTP(&cutWriter{ResponseWriter: w, left: s.CutAt}, r)
	default:
		s.Next.ServeHTTP(w, r)
	}
}

// cutWriter passes on left bytes of a body, then closes the connection.
type cutWriter struct {
	http.ResponseWriter
	left int
	cut  bool
}

var errCut = errors.New("connection cut by the test")

func (c *cutWriter) WriteHeader(code int) {
	if !c.cut {
		c.ResponseWriter.WriteHeader(code)
	}
}

func (c *cutWriter) Write(b []byte) (int, error) {
	if c.cut {
		return 0, errCut
	}
	if len(b) <= c.left {
		c.left -= len(b)
		return c.ResponseWriter.Write(b)
	}
	n, _ := c.ResponseWriter.Write(b[:c.left])
	c.left, c.cut = 0, true
	c.ResponseWriter.(http.Flusher).Flush()
	if conn, _, err := c.ResponseWriter.(http.Hijacker).Hijack(); err == nil {
		conn.Close()
	}
	return n, errCut
}

// S3Env points the AWS SDK at fixed test credentials and nothing of the
// machine's own configuration, so that it asks nothing of any host but
// the test server.
func S3Env(t testing.TB) {
	t.Helper()
	for k, v := range map[string]string{
		"AWS_ACCESS_KEY_ID": "test", "AWS_SECRET_ACCESS_KEY": "test", "AWS_REGION": "us-east-1",
		"AWS_CONFIG_FILE": "/nonexistent", "AWS_SHARED_CREDENTIALS_FILE": "/nonexistent",
		"AWS_EC2_METADATA_DISABLED": "true", "AWS_PROFILE": "", "AWS_SESSION_TOKEN": "",
		"AWS_ENDPOINT_URL": "", "AWS_ENDPOINT_URL_S3": "", "AWS_CA_BUNDLE": "",
	} {
		t.Setenv(k, v)
	}
}
