package bulk

import (
	"context"
	"errors"

	"github.com/jtextract/jt/remote"
	"github.com/jtextract/jt/warc"
)

// Reasons a record is skipped or fails, as Stats counts them.
const (
	SkipNotResponse = "not a response" // nor a resource record
	SkipNotHTML     = "not HTML"
	SkipTooLarge    = "too large"
	SkipDuplicate   = "duplicate"
	SkipEmpty       = "empty text"
	FailRecord      = "damaged record"
	FailHTTP        = "bad HTTP message"
	FailExtract     = "extraction failed"
)

// Reasons an input fails as a whole, as Stats counts them.
const (
	InputUnreadable = "unreadable"      // it could not be opened or read to its end
	InputNotWARC    = "not a WARC file" // neither a WARC nor an ARC file, or empty
	InputFetch      = "fetch failed"    // a remote input failed for good (see remote.Error)
	InputOutput     = "output failed"   // writing its output failed
	InputStopped    = "stopped"         // the run stopped before it was complete (or begun)
)

// Stats accounts for every record read: Read == Written + sum(Skipped) +
// sum(Failed), which Balanced checks. Over several inputs, Inputs +
// InputsClaimed + sum(InputsFailed) counts them (see CountInput); Run and
// RunFile report one input's records and leave the input counts to their
// caller.
type Stats struct {
	Inputs int64 `json:"inputs,omitempty"` // inputs processed to their end
	// InputsDoneEarlier counts the inputs of Inputs that an earlier run
	// completed: their records are those it recorded.
	InputsDoneEarlier int64            `json:"inputs_done_earlier,omitempty"`
	InputsClaimed     int64            `json:"inputs_claimed_elsewhere,omitempty"` // inputs left to the task that had claimed them
	InputsFailed      map[string]int64 `json:"inputs_failed,omitempty"`            // inputs not processed, by reason
	Read              int64            `json:"read"`
	Written           int64            `json:"written"`
	Skipped           map[string]int64 `json:"skipped"`
	Failed            map[string]int64 `json:"failed"`
	Bytes             int64            `json:"input_bytes"`       // bytes of the (compressed) inputs consumed
	Retries           int64            `json:"retries,omitempty"` // failed reads of remote inputs that were retried and resumed
}

// Add adds o's counts to s.
func (s *Stats) Add(o Stats) {
	s.Inputs += o.Inputs
	s.InputsDoneEarlier += o.InputsDoneEarlier
	s.InputsClaimed += o.InputsClaimed
	s.Retries += o.Retries
	for k, v := range o.InputsFailed {
		s.failInput(k, v)
	}
	s.Read += o.Read
	s.Written += o.Written
	s.Bytes += o.Bytes
	for k, v := range o.Skipped {
		s.skip(k, v)
	}
	for k, v := range o.Failed {
		s.fail(k, v)
	}
}

func (s *Stats) skip(reason string, n int64) {
	if s.Skipped == nil {
		s.Skipped = map[string]int64{}
	}
	s.Skipped[reason] += n
}

func (s *Stats) fail(reason string, n int64) {
	if s.Failed == nil {
		s.Failed = map[string]int64{}
	}
	s.Failed[reason] += n
}

// Balanced reports whether every record read is accounted for.
func (s *Stats) Balanced() bool {
	n := s.Written
	for _, v := range s.Skipped {
		n += v
	}
	for _, v := range s.Failed {
		n += v
	}
	return n == s.Read
}

// CountInput counts one input: done when err is nil, left to another task
// for ErrClaimed, else failed for the reason InputFailure gives for err
// (the error of Run, RunFile or Config.Open).
func (s *Stats) CountInput(err error) {
	switch {
	case err == nil:
		s.Inputs++
	case errors.Is(err, ErrClaimed):
		s.InputsClaimed++
	default:
		s.failInput(InputFailure(err), 1)
	}
}

// CountStopped counts n inputs that a stopped run did not begin.
func (s *Stats) CountStopped(n int) { s.failInput(InputStopped, int64(n)) }

// InputsCounted returns how many inputs s accounts for: done, left to
// another task, or failed.
func (s *Stats) InputsCounted() int64 {
	n := s.Inputs + s.InputsClaimed
	for _, v := range s.InputsFailed {
		n += v
	}
	return n
}

func (s *Stats) failInput(reason string, n int64) {
	if s.InputsFailed == nil {
		s.InputsFailed = map[string]int64{}
	}
	s.InputsFailed[reason] += n
}

// InputFailure returns the reason, as Stats counts it, for an input that
// failed with err.
func InputFailure(err error) string {
	switch {
	case errors.Is(err, ErrOutput):
		return InputOutput
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return InputStopped
	case errors.Is(err, warc.ErrNotWARC):
		return InputNotWARC
	case errors.Is(err, remote.ErrFetch):
		return InputFetch
	}
	return InputUnreadable
}
