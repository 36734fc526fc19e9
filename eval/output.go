package eval

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
)

// Formats accepted by [WriteTable].
const (
	FormatTable    = "table"    // aligned plain-text columns
	FormatMarkdown = "markdown" // a Markdown table, for READMEs
	FormatJSON     = "json"     // an array of objects, for scripts
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

// WriteTable writes one row per result, in the given order, in one of the
// formats [FormatTable], [FormatMarkdown] or [FormatJSON]. The "±" figures
// of the tables (the *_std fields of JSON) are bootstrap standard
// deviations.
func WriteTable(w io.Writer, results []*Result, format string) error {
	var b strings.Builder
	switch format {
	case FormatTable:
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
	case FormatJSON:
		rows := make([]jsonRow, len(results))
		for i, r := range results {
			rows[i] = newJSONRow(r)
		}
		enc := json.NewEncoder(&b)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rows); err != nil {
			return fmt.Errorf("eval: encoding results: %w", err)
		}
	default:
		return fmt.Errorf("eval: unknown table format %q (want %q, %q or %q)", format, FormatTable, FormatMarkdown, FormatJSON)
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("eval: writing table: %w", err)
	}
	return nil
}

// jsonRow is one result as [FormatJSON] writes it. Throughput fields are
// left out when no time was measured (scored output files).
type jsonRow struct {
	Algo         string  `json:"algo"`
	F1           float64 `json:"f1"`
	Precision    float64 `json:"precision"`
	Recall       float64 `json:"recall"`
	Accuracy     float64 `json:"accuracy"`
	F1Std        float64 `json:"f1_std"`
	PrecisionStd float64 `json:"precision_std"`
	RecallStd    float64 `json:"recall_std"`
	AccuracyStd  float64 `json:"accuracy_std"`
	Resamples    int     `json:"resamples"`
	Seed         uint64  `json:"seed"`
	Pages        int     `json:"pages"`
	Errors       int     `json:"errors"`
	Bytes        int64   `json:"bytes,omitempty"`
	Seconds      float64 `json:"seconds,omitempty"`
	MBPerSec     float64 `json:"mb_per_s,omitempty"`
	PagesPerSec  float64 `json:"pages_per_s,omitempty"`
}

func newJSONRow(r *Result) jsonRow {
	return jsonRow{
		Algo: r.Name, F1: r.F1, Precision: r.Precision, Recall: r.Recall, Accuracy: r.Accuracy,
		F1Std: r.F1Std, PrecisionStd: r.PrecisionStd, RecallStd: r.RecallStd, AccuracyStd: r.AccuracyStd,
		Resamples: r.Resamples, Seed: r.Seed, Pages: len(r.Pages), Errors: len(r.Errors),
		Bytes: r.Bytes, Seconds: r.Elapsed.Seconds(), MBPerSec: r.MBPerSec(), PagesPerSec: r.PagesPerSec(),
	}
}

// WritePerPageCSV writes every page score of every result as CSV with the
// header algo,id,precision,recall,f1,tp,fp,fn,exact,error. Numbers are
// written in the shortest form that reads back exactly; exact is true when
// the token lists are identical; error is empty for pages without one.
func WritePerPageCSV(w io.Writer, results []*Result) error {
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"algo", "id", "precision", "recall", "f1", "tp", "fp", "fn", "exact", "error"}); err != nil {
		return fmt.Errorf("eval: writing CSV: %w", err)
	}
	num := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	for _, r := range results {
		for _, p := range r.Pages {
			msg := ""
			if p.Err != nil {
				msg = p.Err.Error()
			}
			rec := []string{r.Name, p.ID, num(p.Precision), num(p.Recall), num(p.F1), num(p.TP), num(p.FP), num(p.FN), strconv.FormatBool(p.Exact), msg}
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
