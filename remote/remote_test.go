package remote

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jtextract/jt/remote/remotetest"
)

func testData(n int) []byte {
	b := make([]byte, n)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// fastOptions retry at once and cut an idle attempt after 200ms.
func fastOptions(retries int, log *[]string) Options {
	var mu sync.Mutex
	return Options{Retries: retries, RetryWait: time.Millisecond, MaxRetryWait: 5 * time.Millisecond, ReadTimeout: 200 * time.Millisecond,
		OnRetry: func(e *Error) {
			mu.Lock()
			defer mu.Unlock()
			*log = append(*log, e.Error())
		}}
}

func readAll(t *testing.T, o *Opener, url string) ([]byte, *Reader, error) {
	t.Helper()
	r, err := o.Open(context.Background(), url)
	if err != nil {
		return nil, nil, err
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	return b, r, err
}

// TestHTTPFaults reads an object through every fault the network makes
// and checks that the bytes are the object's, that each resume asked for
// the bytes from where the previous attempt stopped, and that each failure
// was reported with the URL and offset.
func TestHTTPFaults(t *testing.T) {
	data := testData(300_000)
	for _, tc := range []struct {
		faults []string
		ranges []string // Range headers the server should see
		says   []string // in the retry reports, in order
	}{
		{[]string{remotetest.Cut}, []string{"", "bytes=100000-"}, []string{"failed at byte 100000 (attempt 1 of 4): unexpected EOF"}},
		{[]string{remotetest.Unavailable, remotetest.Unavailable}, []string{"", "", ""}, []string{"failed at byte 0 (attempt 1 of 4): HTTP 503", "(attempt 2 of 4)"}},
		{[]string{"", remotetest.Unavailable}, nil, nil}, // no fault reached: the first answer is whole
		{[]string{remotetest.Stall}, []string{"", "bytes=100000-"}, []string{"failed at byte 100000 (attempt 1 of 4): no data for 200ms"}},
		{[]string{remotetest.Cut, remotetest.IgnoreRange}, []string{"", "bytes=100000-"}, []string{"at byte 100000"}},
		{[]string{remotetest.Cut, remotetest.Cut, remotetest.Cut}, []string{"", "bytes=100000-", "bytes=166666-", "bytes=211110-"}, []string{"at byte 100000 (attempt 1 of 4)", "at byte 166666 (attempt 1 of 4)", "at byte 211110 (attempt 1 of 4)"}},
		{[]string{remotetest.Cut, remotetest.Unavailable, remotetest.Stall}, []string{"", "bytes=100000-", "bytes=100000-", "bytes=166666-"}, []string{"at byte 100000 (attempt 1 of 4)", "at byte 100000 (attempt 2 of 4): HTTP 503", "at byte 166666 (attempt 1 of 4): no data"}},
	} {
		t.Run(strings.Join(tc.faults, ","), func(t *testing.T) {
			fs := &remotetest.FaultServer{Data: data, Faults: tc.faults}
			srv := httptest.NewServer(fs)
			defer srv.Close()
			var log []string
			o, _ := New(fastOptions(3, &log))
			url := srv.URL + "/crawl.warc.gz"
			got, r, err := readAll(t, o, url)
			if err != nil || !bytes.Equal(got, data) {
				t.Fatalf("read %d bytes (want %d, equal %v): %v", len(got), len(data), bytes.Equal(got, data), err)
			}
			if tc.ranges == nil {
				tc.ranges = []string{""}
			}
			if reqs := fs.Requests(); fmt.Sprint(reqs) != fmt.Sprint(tc.ranges) {
				t.Errorf("requests with Range %q, want %q", reqs, tc.ranges)
			}
			if r.Retries() != int64(len(log)) || len(log) != len(tc.says) {
				t.Errorf("%d retries, reports %q", r.Retries(), log)
			}
			for i, s := range tc.says {
				if i >= len(log) || !strings.Contains(log[i], s) || !strings.Contains(log[i], url) || !strings.Contains(log[i], "retrying in") {
					t.Errorf("report %d of %q does not say %q and the URL", i, log, s)
				}
			}
		})
	}
}

// TestHTTPGivesUp checks that failures end after the retries allowed,
// with a final error that names the URL and offset and wraps ErrFetch,
// and that answers no retry can mend are not retried.
func TestHTTPGivesUp(t *testing.T) {
	data := testData(30_000)
	for _, tc := range []struct {
		name     string
		faults   []string
		open     bool // the failure comes from Open, not from Read
		requests int
		says     string
	}{
		{"503 each time", []string{remotetest.Unavailable, remotetest.Unavailable, remotetest.Unavailable}, true, 3, "failed at byte 0 (attempt 3 of 3): HTTP 503"},
		{"no progress", []string{remotetest.Cut, remotetest.Drop, remotetest.Drop}, false, 3, "failed at byte 10000 (attempt 3 of 3)"},
		{"object changed", []string{remotetest.Cut, remotetest.ChangeObject}, false, 2, "failed at byte 10000: the object changed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs := &remotetest.FaultServer{Data: data, Faults: tc.faults}
			srv := httptest.NewServer(fs)
			defer srv.Close()
			var log []string
			o, _ := New(fastOptions(2, &log))
			r, err := o.Open(context.Background(), srv.URL+"/x.warc.gz")
			if (err != nil) != tc.open {
				t.Fatalf("Open: %v", err)
			}
			if err == nil {
				_, err = io.ReadAll(r)
				if _, again := r.Read(make([]byte, 1)); again != err {
					t.Errorf("the final error does not repeat: %v, then %v", err, again)
				}
			}
			var fe *Error
			if !errors.Is(err, ErrFetch) || !errors.As(err, &fe) || !strings.Contains(err.Error(), tc.says) || !strings.Contains(err.Error(), srv.URL+"/x.warc.gz") {
				t.Errorf("error %v, want an *Error wrapping ErrFetch saying %q and the URL", err, tc.says)
			}
			if n := len(fs.Requests()); n != tc.requests {
				t.Errorf("%d requests, want %d", n, tc.requests)
			}
		})
	}
	srv := httptest.NewServer(http.NotFoundHandler())
	defer srv.Close()
	var log []string
	o, _ := New(fastOptions(5, &log))
	if _, err := o.Open(context.Background(), srv.URL+"/missing.warc.gz"); !errors.Is(err, ErrFetch) || !strings.Contains(err.Error(), "404") || len(log) != 0 {
		t.Errorf("404: %v, %d retries", err, len(log))
	}
	if _, err := o.Open(context.Background(), "gs://bucket/x"); err == nil || !strings.Contains(err.Error(), `unsupported URL scheme "gs"`) {
		t.Errorf("gs://: %v", err)
	}
}

// TestCancel checks that cancelling the context ends a stalled read and a
// wait between attempts at once, with the context's error.
func TestCancel(t *testing.T) {
	data := testData(30_000)
	srv := httptest.NewServer(&remotetest.FaultServer{Data: data, Faults: []string{remotetest.Stall, remotetest.Unavailable, remotetest.Unavailable}})
	defer srv.Close()
	o, _ := New(Options{Retries: 5, RetryWait: time.Hour, ReadTimeout: time.Hour})
	ctx, cancel := context.WithCancel(context.Background())
	r, err := o.Open(ctx, srv.URL+"/x")
	if err != nil {
		t.Fatal(err)
	}
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	if _, err := io.ReadAll(r); !errors.Is(err, context.Canceled) || time.Since(start) > 10*time.Second {
		t.Errorf("stalled read ended with %v after %v", err, time.Since(start))
	}
	ctx, cancel = context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	if _, err := o.Open(ctx, srv.URL+"/x"); !errors.Is(err, context.Canceled) {
		t.Errorf("waiting to retry a 503: %v", err)
	}
}

func TestIsURL(t *testing.T) {
	for name, want := range map[string]bool{
		"https://data.commoncrawl.org/x.warc.gz": true, "s3://b/k": true, "HTTP://h/x": true,
		"crawl.warc.gz": false, "/data/x.warc.gz": false, "-": false, "dir/a://b": false, "://x": false,
	} {
		if IsURL(name) != want {
			t.Errorf("IsURL(%q) = %v", name, !want)
		}
	}
}

func TestParseContentRange(t *testing.T) {
	for s, want := range map[string][3]int64{
		"bytes 100-199/200": {100, 200, 1}, "bytes 5-9/*": {5, -1, 1},
		"bytes */200": {0, 0, 0}, "items 1-2/3": {0, 0, 0}, "bytes 1-2": {0, 0, 0},
	} {
		start, total, ok := parseContentRange(s)
		if ok != (want[2] == 1) || ok && (start != want[0] || total != want[1]) {
			t.Errorf("parseContentRange(%q) = %d, %d, %v", s, start, total, ok)
		}
	}
}
