package eval

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
)

// Table formats accepted by [WriteTable].
const (
	FormatText     = "text"
	FormatMarkdown = "markdown"
)

var tableHeader = []string{"algo", "F1", "precision", "recall", "accuracy", "errors", "MB/s", "pages/s"}

// tableRow renders one result as the cells of tableHeader. Scores carry
// their bootstrap standard deviation; throughput is "-" when not measured.
func tableRow(r *Result) []string {
	withStd := func(v, std float64) string { return fmt.Sprintf("%.3f ± %.3f", v, std) }
	mbps, pps := "-", "-"
	if r.Elapsed > 0 {
		mbps = fmt.Sprintf("%.1f", r.MBPerSec())
		pps = fmt.Sprintf("%.1f", r.PagesPerSec())
	}
	return []string{
		r.Name,
		withStd(r.F1, r.F1Std),
		withStd(r.Precision, r.PrecisionStd),
		withStd(r.Recall, r.RecallStd),
		withStd(r.Accuracy, r.AccuracyStd),
		strconv.Itoa(len(r.Errors)),
		mbps,
		pps,
	}
}

// WriteTable writes one row per result, in the given order, as aligned
// plain-text columns (format "text") or a Markdown table ("markdown").
// The "±" figures are bootstrap standard deviations.
func WriteTable(w io.Writer, results []*Result, format string) error {
	var b strings.Builder
	switch format {
	case FormatText:
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, strings.Join(tableHeader, "\t"))
		for _, r := range results {
			fmt.Fprintln(tw, strings.Join(tableRow(r), "\t"))
		}
		tw.Flush() // cannot fail: it writes to a strings.Builder
	case FormatMarkdown:
		mdRow := func(cells []string) {
			b.WriteString("|")
			for _, c := range cells {
				b.WriteString(" " + strings.ReplaceAll(c, "|", `\|`) + " |")
			}
			b.WriteString("\n")
		}
		mdRow(tableHeader)
		// The name column is left-aligned, the figures right-aligned.
		b.WriteString("|---|" + strings.Repeat("---:|", len(tableHeader)-1) + "\n")
		for _, r := range results {
			mdRow(tableRow(r))
		}
	default:
		return fmt.Errorf("eval: unknown table format %q (want %q or %q)", format, FormatText, FormatMarkdown)
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("eval: writing table: %w", err)
	}
	return nil
}

// WritePerPageCSV writes every page score of every result as CSV with the
// header algo,id,precision,recall,f1,tp,fp,fn,error. Numbers are written
// in the shortest form that reads back exactly; error is empty for pages
// without one.
func WritePerPageCSV(w io.Writer, results []*Result) error {
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"algo", "id", "precision", "recall", "f1", "tp", "fp", "fn", "error"}); err != nil {
		return fmt.Errorf("eval: writing CSV: %w", err)
	}
	num := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	for _, r := range results {
		for _, p := range r.Pages {
			msg := ""
			if p.Err != nil {
				msg = p.Err.Error()
			}
			rec := []string{r.Name, p.ID, num(p.Precision), num(p.Recall), num(p.F1), num(p.TP), num(p.FP), num(p.FN), msg}
			if err := cw.Write(rec); err != nil {
				return fmt.Errorf("eval: writing CSV: %w", err)
			}
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("eval: writing CSV: %w", err)
	}
	return nil
}
