package remote

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// httpSource fetches a URL with GET, from an offset with a Range header.
type httpSource struct {
	client *http.Client
	url    string
}

func (s httpSource) fetch(ctx context.Context, off int64) (response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.url, nil)
	if err != nil {
		return response{}, permanent{err}
	}
	if off > 0 {
		req.Header.Set("Range", fmt.Sprintf("bytes=%d-", off))
	}
	resp, err := s.client.Do(req)
	if err != nil {
		// The URL is in every report already.
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		if err == io.EOF {
			err = errors.New("the connection closed before an answer")
		}
		return response{}, err
	}
	got := response{body: resp.Body, size: -1, etag: resp.Header.Get("ETag"), modified: resp.Header.Get("Last-Modified")}
	switch {
	case resp.StatusCode == http.StatusOK:
		got.size = resp.ContentLength
		return got, nil
	case resp.StatusCode == http.StatusPartialContent && off > 0:
		cr := resp.Header.Get("Content-Range")
		start, total, ok := parseContentRange(cr)
		if !ok {
			resp.Body.Close()
			return response{}, permanent{fmt.Errorf("206 Partial Content with Content-Range %q", cr)}
		}
		got.start, got.size = start, total
		return got, nil
	}
	// Drain a little so that the connection can be reused.
	io.CopyN(io.Discard, resp.Body, 4<<10)
	resp.Body.Close()
	err = fmt.Errorf("HTTP %s", resp.Status)
	if !retryable(resp.StatusCode) {
		return response{}, permanent{err}
	}
	if secs, perr := strconv.Atoi(resp.Header.Get("Retry-After")); perr == nil && secs > 0 {
		return response{}, retryAfter{err, time.Duration(secs) * time.Second}
	}
	return response{}, err
}

// retryable reports whether an HTTP status may go away on its own: a
// server error, overload or timeout, rather than a wrong request.
func retryable(status int) bool {
	return status >= 500 || status == http.StatusTooManyRequests || status == http.StatusRequestTimeout
}

// parseContentRange reads "bytes START-END/TOTAL" (TOTAL may be "*").
func parseContentRange(s string) (start, total int64, ok bool) {
	rest, ok := strings.CutPrefix(s, "bytes ")
	if !ok {
		return 0, 0, false
	}
	span, size, ok := strings.Cut(rest, "/")
	if !ok {
		return 0, 0, false
	}
	first, _, ok := strings.Cut(span, "-")
	if !ok {
		return 0, 0, false
	}
	start, err := strconv.ParseInt(first, 10, 64)
	if err != nil || start < 0 {
		return 0, 0, false
	}
	total = -1
	if size != "*" {
		if total, err = strconv.ParseInt(size, 10, 64); err != nil {
			return 0, 0, false
		}
	}
	return start, total, true
}
