package metadata

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzCollector feeds pages through the pass and checks that the
// Collector never panics and that what it returns is bounded, valid UTF-8
// and trimmed, and the same from a fresh Collector as from a reused one.
func FuzzCollector(f *testing.F) {
	for _, s := range []string{
		"", "<title>t</title>", page(`<meta property="og:title" content="x | y">`, "<h1>x</h1>"),
		page(`<script type="application/ld+json">{"@graph":[{"@type":"Article","author":[{"@id":"#a"}],"headline":"h"},{"@id":"#a","name":"N"}]}</script>`, ""),
		page(`<script type="application/ld+json">[[[[[[[[[[[[{"a":"\ud83d\ude00"}]]]]]]]]]]]]</script>`, ""),
		page("", `<article itemscope><span itemprop="author" itemscope><span itemprop="name">A</span></span><time datetime="2024-01-02">x</time></article>`),
		page(`<link rel=canonical href="//x.com/a">`, `<h1>By</h1><p>By Jane</p><div class=byline>By <a rel=author>Q</a> May 5, 2024</div>`),
	} {
		f.Add([]byte(s), "https://example.com/2024/05/17/x")
	}
	cfg := Config{MaxJSONLD: 4096, MaxText: 64, MaxCandidates: 4}
	reused := New(cfg)
	f.Fuzz(func(t *testing.T, html []byte, pageURL string) {
		m := collect(t, reused, html, pageURL)
		fresh := collect(t, New(cfg), html, pageURL)
		if !equalMetadata(m, fresh) {
			t.Fatalf("reused Collector %+v, fresh %+v", m, fresh)
		}
		for name, v := range map[string]string{"title": m.Title, "author": m.Author, "date": m.Date, "modified": m.Modified,
			"sitename": m.SiteName, "description": m.Description, "lang": m.Lang} {
			if !utf8.ValidString(v) {
				t.Errorf("%s %q is not UTF-8", name, v)
			}
			if v != strings.TrimSpace(v) {
				t.Errorf("%s %q is not trimmed", name, v)
			}
		}
		if len(m.Title) > cfg.MaxText || len(m.Description) > cfg.MaxText || len(m.SiteName) > cfg.MaxText {
			t.Errorf("a value longer than MaxText: %+v", m)
		}
		if len(m.Author) > 8*(cfg.MaxText+2) || len(m.Tags) > maxList || len(m.Categories) > maxList {
			t.Errorf("unbounded lists: %+v", m)
		}
		if m.Date != "" && (len(m.Date) < 10 || m.Date[4] != '-' || m.Date[7] != '-') {
			t.Errorf("date %q is not ISO 8601", m.Date)
		}
	})
}

func equalMetadata(a, b Metadata) bool {
	return a.Title == b.Title && a.Author == b.Author && a.Date == b.Date && a.Modified == b.Modified &&
		a.SiteName == b.SiteName && a.Description == b.Description && a.URL == b.URL && a.Lang == b.Lang &&
		a.Image == b.Image && strings.Join(a.Categories, "\n") == strings.Join(b.Categories, "\n") &&
		strings.Join(a.Tags, "\n") == strings.Join(b.Tags, "\n")
}
