package eval

// Scoring metadata (title, author, publication date) against WCXB's
// ground truth.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// MetaPrediction is what an extractor says of one page's metadata.
type MetaPrediction struct {
	Title, Author, Date string
}

// MetaPageScore is how one page's metadata compares with the truth.
type MetaPageScore struct {
	ID, Type, Domain string
	// TitleOK, AuthorOK and DateOK say whether the prediction matches a
	// true value the page has (see [ScoreMetadata]); false when it has
	// none.
	TitleOK, AuthorOK, DateOK bool
	// FalseAuthor and FalseDate say that the page has no true author (or
	// date) and the prediction gives one.
	FalseAuthor, FalseDate bool
}

// MetaResult sums the metadata scores of a set of pages.
type MetaResult struct {
	Name string
	// Pages lists every page's score, in the dataset's order.
	Pages []MetaPageScore

	TitlePages, TitleMatch   int // pages with a true title; those matched
	AuthorPages, AuthorMatch int // pages with a true author; those matched
	// NoAuthorPages counts the non-forum pages without a true author,
	// FalseAuthor those of them given one.
	NoAuthorPages, FalseAuthor int
	DatePages, DateMatch       int // pages with a true date; those matched (same day)
	// NoDatePages counts the pages without a true date, FalseDate those
	// given one.
	NoDatePages, FalseDate int
}

// HasMetadata reports whether any page of ds has a true title, author or
// date: WCXB's pages do, scrapinghub's do not.
func (ds *Dataset) HasMetadata() bool {
	for i := range ds.Pages {
		if p := &ds.Pages[i]; p.Title != "" || p.Author != "" || p.Date != "" {
			return true
		}
	}
	return false
}

// NormalizeMeta returns s as titles and authors are compared: Unicode
// NFC, case-folded, white space runs made one space, trimmed.
func NormalizeMeta(s string) string {
	s = cases.Fold().String(norm.NFC.String(s))
	return strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
}

// SameDay reports whether two dates name the same day: their YYYY-MM-DD
// prefixes are equal (an ISO 8601 timestamp is compared by the day it is
// written in).
func SameDay(a, b string) bool {
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	return len(a) >= 10 && len(b) >= 10 && a[:10] == b[:10] && isISODay(a[:10])
}

func isISODay(s string) bool {
	for i := range len(s) {
		c := s[i]
		if i == 4 || i == 7 {
			if c != '-' {
				return false
			}
		} else if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// ScoreMetadata compares preds, one per page of ds in order, with the
// pages' true metadata: a title or author matches when the NormalizeMeta
// forms are equal, a date when SameDay. Authors given to pages without
// one are counted on non-forum pages only (a forum page's posts all have
// authors, and WCXB names the first poster only on some).
func ScoreMetadata(ds *Dataset, name string, preds []MetaPrediction) *MetaResult {
	r := &MetaResult{Name: name, Pages: make([]MetaPageScore, len(ds.Pages))}
	for i := range ds.Pages {
		p := &ds.Pages[i]
		var pred MetaPrediction
		if i < len(preds) {
			pred = preds[i]
		}
		ps := MetaPageScore{ID: p.ID, Type: p.Type, Domain: p.Domain}
		if p.Title != "" {
			ps.TitleOK = NormalizeMeta(pred.Title) == NormalizeMeta(p.Title)
		}
		if p.Author != "" {
			ps.AuthorOK = NormalizeMeta(pred.Author) == NormalizeMeta(p.Author)
		} else if p.Type != "forum" {
			ps.FalseAuthor = strings.TrimSpace(pred.Author) != ""
		}
		if p.Date != "" {
			ps.DateOK = SameDay(pred.Date, p.Date)
		} else {
			ps.FalseDate = strings.TrimSpace(pred.Date) != ""
		}
		r.Pages[i] = ps
	}
	r.sum(ds, nil)
	return r
}

// Subset returns the scores of the pages keep accepts, summed again.
func (r *MetaResult) Subset(ds *Dataset, keep func(*Page) bool) *MetaResult {
	s := &MetaResult{Name: r.Name}
	for i := range r.Pages {
		if keep(&ds.Pages[i]) {
			s.Pages = append(s.Pages, r.Pages[i])
		}
	}
	s.sum(ds, keep)
	return s
}

// sum recounts r's totals from ds's pages (those keep accepts, all when
// keep is nil) and r.Pages, which holds their scores in order.
func (r *MetaResult) sum(ds *Dataset, keep func(*Page) bool) {
	r.TitlePages, r.TitleMatch, r.AuthorPages, r.AuthorMatch = 0, 0, 0, 0
	r.NoAuthorPages, r.FalseAuthor, r.DatePages, r.DateMatch, r.NoDatePages, r.FalseDate = 0, 0, 0, 0, 0, 0
	k := 0
	for i := range ds.Pages {
		p := &ds.Pages[i]
		if keep != nil && !keep(p) {
			continue
		}
		ps := &r.Pages[k]
		k++
		if p.Title != "" {
			r.TitlePages++
			r.TitleMatch += b2i(ps.TitleOK)
		}
		if p.Author != "" {
			r.AuthorPages++
			r.AuthorMatch += b2i(ps.AuthorOK)
		} else if p.Type != "forum" {
			r.NoAuthorPages++
			r.FalseAuthor += b2i(ps.FalseAuthor)
		}
		if p.Date != "" {
			r.DatePages++
			r.DateMatch += b2i(ps.DateOK)
		} else {
			r.NoDatePages++
			r.FalseDate += b2i(ps.FalseDate)
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func share(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// Title is the share of pages with a true title whose title matches.
func (r *MetaResult) Title() float64 { return share(r.TitleMatch, r.TitlePages) }

// Author is the share of pages with a true author whose author matches.
func (r *MetaResult) Author() float64 { return share(r.AuthorMatch, r.AuthorPages) }

// FalseAuthorRate is the share of non-forum pages without a true author
// that are given one.
func (r *MetaResult) FalseAuthorRate() float64 { return share(r.FalseAuthor, r.NoAuthorPages) }

// Date is the share of pages with a true date whose date is the same day.
func (r *MetaResult) Date() float64 { return share(r.DateMatch, r.DatePages) }

// FalseDateRate is the share of pages without a true date that are given
// one.
func (r *MetaResult) FalseDateRate() float64 { return share(r.FalseDate, r.NoDatePages) }

// metaJSONRow is a MetaResult as FormatJSON writes it.
type metaJSONRow struct {
	Algo            string  `json:"algo"`
	Title           float64 `json:"title"`
	Author          float64 `json:"author"`
	FalseAuthorRate float64 `json:"false_author_rate"`
	Date            float64 `json:"date"`
	FalseDateRate   float64 `json:"false_date_rate"`
	TitlePages      int     `json:"title_pages"`
	AuthorPages     int     `json:"author_pages"`
	NoAuthorPages   int     `json:"no_author_pages"`
	DatePages       int     `json:"date_pages"`
	NoDatePages     int     `json:"no_date_pages"`
}

// WriteMetaTable writes the metadata scores of results in one of the
// formats [FormatTable], [FormatMarkdown] or [FormatJSON]: per result the
// title match rate, the author match rate and the share of non-forum
// pages without an author given one, and the date (same day) match rate
// and the share of pages without a date given one.
func WriteMetaTable(w io.Writer, results []*MetaResult, format string) error {
	header := []string{"algo", "title", "author", "false author", "date", "false date", "pages (title/author/no author/date/no date)"}
	rows := make([][]string, len(results))
	for i, r := range results {
		rows[i] = []string{r.Name, fmt.Sprintf("%.3f", r.Title()), fmt.Sprintf("%.3f", r.Author()), percent(r.FalseAuthorRate()),
			fmt.Sprintf("%.3f", r.Date()), percent(r.FalseDateRate()),
			fmt.Sprintf("%d/%d/%d/%d/%d", r.TitlePages, r.AuthorPages, r.NoAuthorPages, r.DatePages, r.NoDatePages)}
	}
	var b strings.Builder
	switch format {
	case FormatTable:
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, strings.Join(header, "\t"))
		for _, row := range rows {
			fmt.Fprintln(tw, strings.Join(row, "\t"))
		}
		tw.Flush()
	case FormatMarkdown:
		b.WriteString("| " + strings.Join(header, " | ") + " |\n|---|")
		b.WriteString(strings.Repeat("---:|", len(header)-1) + "\n")
		for _, row := range rows {
			b.WriteString("| " + strings.Join(row, " | ") + " |\n")
		}
	case FormatJSON:
		out := make([]metaJSONRow, len(results))
		for i, r := range results {
			out[i] = metaJSONRow{Algo: r.Name, Title: r.Title(), Author: r.Author(), FalseAuthorRate: r.FalseAuthorRate(),
				Date: r.Date(), FalseDateRate: r.FalseDateRate(), TitlePages: r.TitlePages, AuthorPages: r.AuthorPages,
				NoAuthorPages: r.NoAuthorPages, DatePages: r.DatePages, NoDatePages: r.NoDatePages}
		}
		enc := json.NewEncoder(&b)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return fmt.Errorf("eval: encoding metadata results: %w", err)
		}
	default:
		return fmt.Errorf("eval: unknown table format %q (want %q, %q or %q)", format, FormatTable, FormatMarkdown, FormatJSON)
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("eval: writing metadata table: %w", err)
	}
	return nil
}

// MetaFunc reads the metadata of a page from its raw HTML bytes and its
// URL ("" when unknown). It must not modify or retain html.
type MetaFunc func(html []byte, url string) (MetaPrediction, error)

// EvaluateMetadata runs fn over every page of ds, shared among workers
// goroutines (GOMAXPROCS when workers < 1), each with its own MetaFunc
// made by newFn, and scores the predictions with ScoreMetadata. A page
// whose fn fails or panics counts as predicting nothing. It returns an
// error only when ctx is done.
func EvaluateMetadata(ctx context.Context, ds *Dataset, name string, workers int, newFn func() MetaFunc) (*MetaResult, error) {
	preds := make([]MetaPrediction, len(ds.Pages))
	parallelFor(len(ds.Pages), workers, func() func(i int) bool {
		fn := newFn()
		return func(i int) bool {
			if i < 0 || ctx.Err() != nil {
				return false
			}
			preds[i] = safeMeta(fn, &ds.Pages[i])
			return true
		}
	})
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("eval %s metadata: %w", name, err)
	}
	return ScoreMetadata(ds, name, preds), nil
}

func safeMeta(fn MetaFunc, p *Page) (m MetaPrediction) {
	defer func() {
		if recover() != nil {
			m = MetaPrediction{}
		}
	}()
	m, err := fn(p.HTML, p.URL)
	if err != nil {
		return MetaPrediction{}
	}
	return m
}
