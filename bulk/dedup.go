package bulk

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/cespare/xxhash/v2"
)

// Dedup modes.
const (
	DedupNone      = ""
	DedupDocument  = "doc"
	DedupParagraph = "paragraph"
)

// seenSet remembers the xxhash64 of the normalised texts written so far.
type seenSet map[uint64]struct{}

// add records s and reports whether it is new.
func (m seenSet) add(s string) bool {
	h := xxhash.Sum64String(normalize(s))
	if _, dup := m[h]; dup {
		return false
	}
	m[h] = struct{}{}
	return true
}

// normalize is the text a dedup hash covers: lower case, whitespace
// collapsed, so that copies differing only in layout count as equal.
func normalize(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// relearn adds the texts of a JSON Lines output written earlier, so that a
// resumed run drops the same duplicates as an uninterrupted one: the
// hashes seen are exactly those of the texts (or kept paragraphs, one per
// line of a text) that were written.
func (m seenSet) relearn(mode string, jsonl io.Reader) error {
	dec := json.NewDecoder(bufio.NewReader(jsonl))
	for line := 1; ; line++ {
		var d struct {
			Text string `json:"text"`
		}
		if err := dec.Decode(&d); err == io.EOF {
			return nil
		} else if err != nil {
			return fmt.Errorf("document %d: %w", line, err)
		}
		if mode == DedupDocument {
			m.add(d.Text)
			continue
		}
		for _, p := range strings.Split(d.Text, "\n") {
			m.add(p)
		}
	}
}
