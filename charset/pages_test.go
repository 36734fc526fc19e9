package charset_test

import (
	"bytes"
	"regexp"
	"testing"
	"unicode/utf8"

	"github.com/jtextract/jt/charset"
	"github.com/jtextract/jt/internal/sharedtest"
)

// TestSharedPages decodes the 181 pages of the shared data set. The
// reference decoded every one of them as UTF-8 (147 declare it, 34 fall
// back to it), and so must Decode. The reference searched the whole page for
// a declaration, HTML5 only the first 1024 bytes, so where Decode fell back
// the reference's declaration must lie beyond them.
func TestSharedPages(t *testing.T) {
	pages := sharedtest.Pages(t)
	// The reference's own search for a declaration (see its README).
	declared := regexp.MustCompile(`(?i)<meta[^>]+charset=["']?([^'"/>\s]+)`)
	d, err := charset.NewDecoder()
	if err != nil {
		t.Fatal(err)
	}
	sources := map[charset.Source]int{}
	for _, p := range pages {
		out, res, err := d.Decode(p.HTML, "")
		if err != nil {
			t.Fatalf("%s: %v", p.ID, err)
		}
		if res.Encoding != "utf-8" {
			t.Errorf("%s: decoded as %s (from %v), the reference used utf-8", p.ID, res.Encoding, res.Source)
		}
		if !utf8.Valid(out) {
			t.Errorf("%s: output is not valid UTF-8", p.ID)
		}
		if !res.Replaced && !bytes.Equal(out, bytes.TrimPrefix(p.HTML, []byte("\xEF\xBB\xBF"))) {
			t.Errorf("%s: valid UTF-8 changed in decoding", p.ID)
		}
		switch loc := declared.FindIndex(p.HTML); {
		case res.Source == charset.Meta && (loc == nil || loc[0] >= charset.DefaultMaxPrescan):
			t.Errorf("%s: Decode found a declaration the reference did not find in the first %d bytes", p.ID, charset.DefaultMaxPrescan)
		case res.Source == charset.Fallback && loc != nil && loc[1] <= charset.DefaultMaxPrescan:
			t.Errorf("%s: Decode missed the declaration %q at byte %d", p.ID, p.HTML[loc[0]:loc[1]], loc[0])
		}
		sources[res.Source]++
	}
	t.Logf("%d pages: %d by BOM, %d by meta, %d by fallback", len(pages), sources[charset.BOM], sources[charset.Meta], sources[charset.Fallback])
}

// BenchmarkDecodePages decodes the 181 pages with one reused Decoder; b.N
// counts passes over all of them. The pages are UTF-8, so "utf-8" measures
// validation alone and the windows-1252 label measures transcoding.
func BenchmarkDecodePages(b *testing.B) {
	pages := sharedtest.Pages(b)
	var size int64
	for _, p := range pages {
		size += int64(len(p.HTML))
	}
	for _, label := range []string{"", "windows-1252"} {
		name := label
		if name == "" {
			name = "detected"
		}
		b.Run(name, func(b *testing.B) {
			d, err := charset.NewDecoder()
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(size)
			b.ReportAllocs()
			for b.Loop() {
				for _, p := range pages {
					if _, _, err := d.Decode(p.HTML, label); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
