// Package report renders an extraction as a self-contained HTML page: every
// block of text in document order, coloured by its final class, with its
// features beside it, under a header that summarises the algorithm, its
// parameters and the share of text kept. The page needs no network and no
// script to be read; `jt view` writes it.
package report

import (
	"fmt"
	"html/template"
	"io"
	"strconv"

	"github.com/jtextract/jt"
)

// Param is one named parameter shown in the header.
type Param struct{ Name, Value string }

// Info describes the run the report shows.
type Info struct {
	Source string  // where the page came from (a file name or URL)
	Params []Param // the algorithm's parameters, in display order
}

// block is one paragraph as the template shows it.
type block struct {
	Class, CFClass string
	Text           string
	Heading        bool
	Path           string
	Length, Words  int
	LinkDensity    string
	StopDensity    string
	Features       string // the algorithm's own (auto: probability and evidence)
}

type page struct {
	Info
	Algorithm, Title, Charset string
	Blocks                    []block
	Good, Bad                 int
	KeptChars, TotalChars     int
	KeptShare                 string
}

// Write renders doc as an HTML page to w.
func Write(w io.Writer, doc *jt.Document, info Info) error {
	p := page{Info: info, Algorithm: doc.Algorithm(), Title: doc.Title(), Charset: doc.Charset()}
	for i := range doc.Paragraphs {
		para := &doc.Paragraphs[i]
		b := block{
			Class: para.Class.String(), CFClass: para.CFClass.String(), Text: string(doc.ParagraphText(i)),
			Heading: para.Heading, Path: string(doc.ParagraphPath(i)), Length: para.Length, Words: para.Words,
			LinkDensity: strconv.FormatFloat(para.LinkDensity(), 'f', 2, 64),
			StopDensity: strconv.FormatFloat(para.StopWordDensity(), 'f', 2, 64),
			Features:    string(doc.AppendFeatures(nil, i)),
		}
		p.TotalChars += para.Length
		if para.Class == jt.Good {
			p.Good++
			p.KeptChars += para.Length
		} else {
			p.Bad++
		}
		p.Blocks = append(p.Blocks, b)
	}
	p.KeptShare = "0%"
	if p.TotalChars > 0 {
		p.KeptShare = fmt.Sprintf("%.1f%%", 100*float64(p.KeptChars)/float64(p.TotalChars))
	}
	return pageTemplate.Execute(w, p)
}

var pageTemplate = template.Must(template.New("report").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>jt view: {{.Title}}</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 0; color: #222; background: #fafafa; }
header { padding: 16px 24px; background: #263238; color: #eceff1; }
header h1 { font-size: 18px; margin: 0 0 6px; }
header dl { display: grid; grid-template-columns: max-content auto; gap: 2px 12px; margin: 8px 0 0; font-size: 13px; }
header dt { color: #b0bec5; }
header dd { margin: 0; }
.legend span { display: inline-block; padding: 1px 8px; margin-right: 6px; border-left: 6px solid; border-radius: 3px; font-size: 12px; color: #222; }
main { padding: 12px 24px; }
.blk { display: grid; grid-template-columns: minmax(0, 1fr) 320px; gap: 12px; margin: 3px 0; padding: 3px 10px; border-left: 6px solid; border-radius: 3px; }
.blk .text { white-space: pre-wrap; overflow-wrap: anywhere; }
.blk .feat { font: 11px/1.3 ui-monospace, monospace; color: #455a64; overflow-wrap: anywhere; }
.good { background: #e8f5e9; border-color: #2e7d32; }
.bad { background: #f5f5f5; border-color: #bdbdbd; color: #757575; }
.bad.cf-short { border-color: #ffb300; }
.bad.cf-neargood, .good.cf-neargood { border-color: #7cb342; }
.good.cf-short { border-color: #43a047; border-left-style: double; }
.heading .text { font-weight: 600; }
</style>
</head>
<body>
<header>
<h1>{{if .Title}}{{.Title}}{{else}}(untitled page){{end}}</h1>
<div class="legend"><span class="good">good</span><span class="bad">bad</span><span class="bad cf-short">bad, was short</span><span class="good cf-neargood">near-good</span></div>
<dl>
<dt>source</dt><dd>{{.Source}}</dd>
<dt>algorithm</dt><dd>{{.Algorithm}}</dd>
{{range .Params}}<dt>{{.Name}}</dt><dd>{{.Value}}</dd>
{{end}}<dt>charset</dt><dd>{{.Charset}}</dd>
<dt>blocks</dt><dd id="counts" data-good="{{.Good}}" data-bad="{{.Bad}}">{{.Good}} good, {{.Bad}} bad</dd>
<dt>text kept</dt><dd>{{.KeptShare}} ({{.KeptChars}} of {{.TotalChars}} characters)</dd>
</dl>
</header>
<main>
{{range .Blocks}}<div class="blk {{.Class}} cf-{{.CFClass}}{{if .Heading}} heading{{end}}" data-class="{{.Class}}" title="{{.Class}} (context-free: {{.CFClass}})">
<div class="text">{{.Text}}</div>
<div class="feat">{{.Class}} (cf {{.CFClass}}){{if .Heading}} heading{{end}} · {{.Length}} ch · {{.Words}} w · link {{.LinkDensity}} · stop {{.StopDensity}}{{if .Features}} · {{.Features}}{{end}}<br>{{.Path}}</div>
</div>
{{end}}</main>
</body>
</html>
`))
