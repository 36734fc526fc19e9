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

// wordsHeader and typesHeader are the columns of the two tables of
// [MetricWords] results.
var (
	wordsHeader = []string{"algo", "F1", "precision", "recall", "with", "without", "errors", "MB/s", "pages/s"}
	typesHeader = []string{"algo", "type", "pages", "F1", "precision", "recall", "with", "without"}
)

// percent renders a rate as evaluate.py does (Python's ".1%").
func percent(v float64) string { return fmt.Sprintf("%.1f%%", 100*v) }

// wordsRow renders one [MetricWords] result as the cells of wordsHeader.
func wordsRow(r *Result) []string {
	cells := tableRow(r) // algo, F1, P, R, accuracy, errors, MB/s, pages/s
	return []string{cells[0], cells[1], cells[2], cells[3], percent(r.WithRate), percent(r.WithoutRate), cells[5], cells[6], cells[7]}
}

// typeRows renders the per-type scores of a [MetricWords] result as rows
// of typesHeader.
func typeRows(r *Result) [][]string {
	rows := make([][]string, 0, len(r.Types))
	for _, ts := range r.Types {
		rows = append(rows, []string{
			r.Name, ts.Type, strconv.Itoa(ts.Pages),
			fmt.Sprintf("%.3f", ts.F1), fmt.Sprintf("%.3f", ts.Precision), fmt.Sprintf("%.3f", ts.Recall),
			percent(ts.WithRate), percent(ts.WithoutRate),
		})
	}
	return rows
}

// table is a header and its rows.
type table struct {
	header []string
	rows   [][]string
}

// tables returns the tables that show results: one row per result for
// [MetricShingles]; for [MetricWords], that table (with snippet rates
// instead of accuracy) and a second one with a row per result and page
// type.
func tables(results []*Result) []table {
	words := len(results) > 0 && results[0].Metric == MetricWords
	if !words {
		t := table{header: tableHeader}
		for _, r := range results {
			t.rows = append(t.rows, tableRow(r))
		}
		return []table{t}
	}
	sum, types := table{header: wordsHeader}, table{header: typesHeader}
	for _, r := range results {
		sum.rows = append(sum.rows, wordsRow(r))
		types.rows = append(types.rows, typeRows(r)...)
	}
	return []table{sum, types}
}

// WriteTable writes one row per result, in the given order, in one of the
// formats [FormatTable], [FormatMarkdown] or [FormatJSON]. The "±" figures
// of the tables (the *_std fields of JSON) are bootstrap standard
// deviations. Results of [MetricWords] (WCXB) show the with and without
// snippet rates in place of accuracy, followed, after a blank line, by a
// second table of F1, precision, recall and snippet rates per result and
// page type (in JSON: a "types" array in each row). Results are expected
// to share one metric, the first one's.
func WriteTable(w io.Writer, results []*Result, format string) error {
	var b strings.Builder
	switch format {
	case FormatTable:
		for k, t := range tables(results) {
			if k > 0 {
				b.WriteString("\n")
			}
			tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, strings.Join(t.header, "\t"))
			for _, row := range t.rows {
				fmt.Fprintln(tw, strings.Join(row, "\t"))
			}
			tw.Flush() // cannot fail: it writes to a strings.Builder
		}
	case FormatMarkdown:
		mdRow := func(cells []string) {
			b.WriteString("|")
			for _, c := range cells {
				b.WriteString(" " + strings.ReplaceAll(c, "|", `\|`) + " |")
			}
			b.WriteString("\n")
		}
		for k, t := range tables(results) {
			if k > 0 {
				b.WriteString("\n")
			}
			mdRow(t.header)
			// Text columns (algo, type) are left-aligned, the figures right-aligned.
			b.WriteString("|")
			for _, h := range t.header {
				if h == "algo" || h == "type" {
					b.WriteString("---|")
				} else {
					b.WriteString("---:|")
				}
			}
			b.WriteString("\n")
			for _, row := range t.rows {
				mdRow(row)
			}
		}
	case FormatJSON:
		rows := make([]any, len(results))
		for i, r := range results {
			if r.Metric == MetricWords {
				rows[i] = newWordsJSONRow(r)
			} else {
				rows[i] = newJSONRow(r)
			}
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

// wordsJSONRow is one [MetricWords] result as [FormatJSON] writes it: the
// shingle row's fields, with the metric's name, the snippet rates and the
// scores per page type.
type wordsJSONRow struct {
	jsonRow
	Metric      string          `json:"metric"`
	WithRate    float64         `json:"with_rate"`
	WithoutRate float64         `json:"without_rate"`
	Types       []typesJSONItem `json:"types"`
}

// typesJSONItem is one page type's scores in a wordsJSONRow.
type typesJSONItem struct {
	Type        string  `json:"type"`
	Pages       int     `json:"pages"`
	F1          float64 `json:"f1"`
	Precision   float64 `json:"precision"`
	Recall      float64 `json:"recall"`
	WithRate    float64 `json:"with_rate"`
	WithoutRate float64 `json:"without_rate"`
}

func newWordsJSONRow(r *Result) wordsJSONRow {
	row := wordsJSONRow{
		jsonRow: newJSONRow(r), Metric: r.Metric.String(),
		WithRate: r.WithRate, WithoutRate: r.WithoutRate, Types: []typesJSONItem{},
	}
	for _, ts := range r.Types {
		row.Types = append(row.Types, typesJSONItem{
			Type: ts.Type, Pages: ts.Pages, F1: ts.F1, Precision: ts.Precision, Recall: ts.Recall,
			WithRate: ts.WithRate, WithoutRate: ts.WithoutRate,
		})
	}
	return row
}

// WritePerPageCSV writes every page score of every result as CSV with the
// header algo,id,precision,recall,f1,tp,fp,fn,exact,error, or, for
// [MetricWords] results (WCXB), algo,id,type,domain,precision,recall,f1,
// with,without,tp,fp,fn,exact,error. Numbers are written in the shortest
// form that reads back exactly; exact is true when the token lists are
// identical; error is empty for pages without one. Results are expected to
// share one metric, the first one's.
func WritePerPageCSV(w io.Writer, results []*Result) error {
	words := len(results) > 0 && results[0].Metric == MetricWords
	header := []string{"algo", "id", "precision", "recall", "f1", "tp", "fp", "fn", "exact", "error"}
	if words {
		header = []string{"algo", "id", "type", "domain", "precision", "recall", "f1", "with", "without", "tp", "fp", "fn", "exact", "error"}
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(header); err != nil {
		return fmt.Errorf("eval: writing CSV: %w", err)
	}
	num := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	for _, r := range results {
		for _, p := range r.Pages {
			msg := ""
			if p.Err != nil {
				msg = p.Err.Error()
			}
			var rec []string
			if words {
				rec = []string{r.Name, p.ID, p.Type, p.Domain, num(p.Precision), num(p.Recall), num(p.F1), num(p.With), num(p.Without), num(p.TP), num(p.FP), num(p.FN), strconv.FormatBool(p.Exact), msg}
			} else {
				rec = []string{r.Name, p.ID, num(p.Precision), num(p.Recall), num(p.F1), num(p.TP), num(p.FP), num(p.FN), strconv.FormatBool(p.Exact), msg}
			}
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
