package bulk

// Reasons a record is skipped or fails, as Stats counts them.
const (
	SkipNotResponse = "not a response"
	SkipNotHTML     = "not HTML"
	SkipTooLarge    = "too large"
	SkipDuplicate   = "duplicate"
	SkipEmpty       = "empty text"
	FailRecord      = "damaged record"
	FailHTTP        = "bad HTTP message"
	FailExtract     = "extraction failed"
)

// Stats accounts for every record read: Read == Written + sum(Skipped) +
// sum(Failed), which Balanced checks.
type Stats struct {
	Read    int64            `json:"read"`
	Written int64            `json:"written"`
	Skipped map[string]int64 `json:"skipped"`
	Failed  map[string]int64 `json:"failed"`
	Bytes   int64            `json:"input_bytes"` // bytes of the (compressed) inputs consumed
}

// Add adds o's counts to s.
func (s *Stats) Add(o Stats) {
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
