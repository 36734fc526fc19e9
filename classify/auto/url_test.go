package auto

import "testing"

// urlCase is the evidence urlFeatures should read from one URL.
type urlCase struct {
	url          string
	depth        float32
	slug         int // words in the last segment
	date, number bool
	groups       [numURLGroups]float32
}

func TestURLFeatures(t *testing.T) {
	for _, tc := range []urlCase{
		{url: "https://www.allbirds.com/products/mens-wool-runners", depth: 2, slug: 3,
			groups: [numURLGroups]float32{urlProduct: 1}},
		{url: "https://www.allbirds.com/collections/mens-sneakers?page=2#top", depth: 2, slug: 2,
			groups: [numURLGroups]float32{urlCollection: 1}},
		{url: "https://forums.docker.com/t/confusing-resolver-structure/144854", depth: 3, slug: 1, number: true,
			groups: [numURLGroups]float32{urlForum: 1}},
		{url: "https://docs.djangoproject.com/en/5.1/ref/middleware/", depth: 4, slug: 1,
			groups: [numURLGroups]float32{urlDocs: 1}},
		{url: "https://scratchculinary.com/2025/09/04/top-nutrition-trends-for-fall/", depth: 4, slug: 5, date: true},
		{url: "https://example.org/blog/2024-05-17-release.html", depth: 2, slug: 4, date: true,
			groups: [numURLGroups]float32{urlArticle: 1}},
		{url: "https://www.cabletv.com/news", depth: 1, slug: 1, groups: [numURLGroups]float32{urlArticle: 2}},
		{url: "https://www.mvmt.com/mens-view-all/moon-silver/28000436.html", depth: 3, slug: 1, number: true},
		{url: "https://www.gymshark.com", depth: 0},
		{url: "//Shop.Example.COM/Products/", depth: 1, slug: 1,
			groups: [numURLGroups]float32{urlProduct: 2, urlCollection: 1}},
		{url: "/archive/2019/1", depth: 3, slug: 1},          // a year, not a date nor an ID
		{url: "/a/products-and-services", depth: 2, slug: 3}, // a group's word inside a slug is not a section
	} {
		var page [fCues - fKinds]float32
		urlFeatures(page[:], []byte(tc.url))
		got := urlCase{url: tc.url, depth: page[fURLDepth-fKinds], slug: -1,
			date: page[fURLDate-fKinds] == 1, number: page[fURLNumber-fKinds] == 1}
		if page[fURLSlug-fKinds] == log1p(tc.slug) {
			got.slug = tc.slug
		}
		copy(got.groups[:], page[fURLGroups-fKinds:])
		if got != tc || page[fURLKnown-fKinds] != 1 {
			t.Errorf("%s: got %+v (slug -1: another word count), known %v; want %+v", tc.url, got, page[fURLKnown-fKinds], tc)
		}
	}
	var page [fCues - fKinds]float32
	if urlFeatures(page[:], nil); page != ([fCues - fKinds]float32{}) {
		t.Errorf("no URL: %v, want all zero", page)
	}
}

// TestPageURL checks the URL the features read: the canonical link, else
// og:url, else the one given.
func TestPageURL(t *testing.T) {
	for _, tc := range []struct {
		page, given, want string
	}{
		{`<head><link rel="Canonical" href=" /products/a "><meta property="og:url" content="/b"></head><p>x</p>`, "/c", "/products/a"},
		{`<head><meta content="/b" property="og:url"><meta name="description" content="/d"></head><p>x</p>`, "/c", "/b"},
		{`<head><link rel="stylesheet" href="/s.css"></head><p>x</p>`, "/c", "/c"},
		{`<p>x</p>`, "", ""},
	} {
		x := New(Config{})
		runURL(t, x, tc.page, tc.given)
		if got := string(x.url()); got != tc.want {
			t.Errorf("%s given %q: URL %q, want %q", tc.page, tc.given, got, tc.want)
		}
	}
}

func FuzzURLFeatures(f *testing.F) {
	for _, u := range []string{"https://a.b/products/x-y", "//x/2024/05/1", "/t/a/12345", "", "://", "http://a/./../"} {
		f.Add(u)
	}
	f.Fuzz(func(t *testing.T, u string) {
		var page [fCues - fKinds]float32
		urlFeatures(page[:], []byte(u))
		for i, v := range page {
			if v < 0 || v > 8 || v != v {
				t.Fatalf("%q: feature %d = %v", u, i, v)
			}
		}
	})
}
