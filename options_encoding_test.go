package jt_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/classify/justext"
)

// TestEncodingOptions checks that WithEncoding and WithFallbackEncoding
// take WHATWG labels (any case, surrounding ASCII spaces allowed) and
// reject anything else with ErrInvalidOption and a message naming the
// label, where an unknown label used to be skipped silently.
func TestEncodingOptions(t *testing.T) {
	for _, tc := range []struct {
		name  string
		opt   jt.Option
		valid bool
		says  string
	}{
		{"no encoding", jt.WithEncoding(""), true, ""},
		{"utf-8", jt.WithEncoding("utf-8"), true, ""},
		{"label in capitals", jt.WithEncoding("LATIN1"), true, ""},
		{"label with spaces", jt.WithEncoding(" shift_jis "), true, ""},
		{"replacement label", jt.WithEncoding("iso-2022-kr"), true, ""},
		{"unknown", jt.WithEncoding("klingon"), false, `unknown encoding "klingon"`},
		{"not a label but a name", jt.WithEncoding("replacement"), false, `"replacement"`},
		{"Unicode case folding", jt.WithEncoding("\u212Aoi8-r"), false, "unknown encoding"},
		{"fallback", jt.WithFallbackEncoding("windows-1250"), true, ""},
		{"unknown fallback", jt.WithFallbackEncoding("klingon"), false, `"klingon"`},
		{"replacement fallback", jt.WithFallbackEncoding("iso-2022-kr"), false, "replacement"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := jt.New(tc.opt)
			if tc.valid {
				if err != nil {
					t.Errorf("New: %v", err)
				}
				return
			}
			if !errors.Is(err, jt.ErrInvalidOption) || !strings.Contains(err.Error(), tc.says) {
				t.Errorf("New returned %v, want an error wrapping ErrInvalidOption saying %q", err, tc.says)
			}
		})
	}
}

// TestJusTextDensities checks that WithJusText rejects densities above 1,
// which no paragraph can reach, and keeps 1.
func TestJusTextDensities(t *testing.T) {
	for _, tc := range []struct {
		set   func(*justext.Config)
		valid bool
	}{
		{func(c *justext.Config) { c.MaxLinkDensity = 7 }, false},
		{func(c *justext.Config) { c.StopwordsHigh = 1.5 }, false},
		{func(c *justext.Config) { c.StopwordsLow, c.StopwordsHigh = 2, 3 }, false},
		{func(c *justext.Config) { c.MaxLinkDensity, c.StopwordsHigh = 1, 1 }, true},
	} {
		cfg := justext.DefaultConfig()
		tc.set(&cfg)
		_, err := jt.New(jt.WithJusText(cfg))
		if tc.valid != (err == nil) || err != nil && !errors.Is(err, jt.ErrInvalidOption) {
			t.Errorf("WithJusText(%+v): %v", cfg, err)
		}
	}
}
