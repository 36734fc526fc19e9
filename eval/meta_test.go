package eval

import (
	"bytes"
	"strings"
	"testing"
)

func TestNormalizeMeta(t *testing.T) {
	for _, tt := range []struct{ a, b string }{
		{"  Straße\tNews ", "STRASSE news"}, // case folded, white space collapsed
		{"Cafe\u0301", "Café"},              // NFC
	} {
		if NormalizeMeta(tt.a) != NormalizeMeta(tt.b) {
			t.Errorf("%q and %q differ: %q, %q", tt.a, tt.b, NormalizeMeta(tt.a), NormalizeMeta(tt.b))
		}
	}
	if NormalizeMeta("A’s") == NormalizeMeta("A's") {
		t.Error("typographic and straight apostrophes are told apart")
	}
}

func TestSameDay(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"2024-05-17", "2024-05-17T23:59:00-07:00", true},
		{"2024-05-17", "2024-05-18", false},
		{"", "", false},
		{"2024-05", "2024-05", false},
		{"May 17, 2024", "May 17, 2024", false},
	} {
		if got := SameDay(tt.a, tt.b); got != tt.want {
			t.Errorf("SameDay(%q, %q) = %v", tt.a, tt.b, got)
		}
	}
}

func TestScoreMetadata(t *testing.T) {
	ds := &Dataset{Pages: []Page{
		{ID: "1", Type: "article", Title: "A", Author: "Ann", Date: "2024-01-01"},
		{ID: "2", Type: "article", Title: "B"},
		{ID: "3", Type: "forum", Title: "C"},
		{ID: "4", Type: "product", Title: "D"},
	}}
	r := ScoreMetadata(ds, "x", []MetaPrediction{
		{Title: " a ", Author: "ANN", Date: "2024-01-01T10:00:00Z"},
		{Title: "B", Author: "Someone", Date: "2020-01-01"},
		{Title: "C", Author: "Poster"}, // a forum page's author is not counted as false
		{Title: "x"},
	})
	if r.Title() != 0.75 || r.Author() != 1 || r.Date() != 1 {
		t.Errorf("title %v author %v date %v", r.Title(), r.Author(), r.Date())
	}
	if r.NoAuthorPages != 2 || r.FalseAuthor != 1 || r.NoDatePages != 3 || r.FalseDate != 1 {
		t.Errorf("%+v", r)
	}
	sub := r.Subset(ds, func(p *Page) bool { return p.Type == "article" })
	if sub.TitlePages != 2 || sub.FalseAuthor != 1 || len(sub.Pages) != 2 {
		t.Errorf("subset %+v", sub)
	}
	var b bytes.Buffer
	if err := WriteMetaTable(&b, []*MetaResult{r}, FormatTable); err != nil || !strings.Contains(b.String(), "0.750") {
		t.Errorf("table %q, %v", b.String(), err)
	}
}
