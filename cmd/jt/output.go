package main

import (
	"bufio"
	"flag"
	"fmt"
	"html"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/render"
)

// outputFlags are the flags that shape the main text in the outputs.
type outputFlags struct {
	content       string
	links, images bool
}

func (f *outputFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.content, "content", "text", `json, jsonl and warc: the form of the "text" field: text, markdown or html`)
	fs.BoolVar(&f.links, "links", false, "markdown and html: keep links")
	fs.BoolVar(&f.images, "images", false, "markdown and html: keep images")
}

// parse returns the content format and render options the flags ask for.
func (f *outputFlags) parse() (render.Format, render.Options, error) {
	content, err := render.ParseFormat(f.content)
	if err != nil {
		return 0, render.Options{}, fmt.Errorf("--content: %w", err)
	}
	return content, render.Options{Links: f.links, Images: f.images}, nil
}

// output writes the documents of jt extract in one --format.
type output struct {
	format  string
	content render.Format // the text formats' own, or the "text" field's of json and jsonl
	r       *render.Renderer
	multi   bool // several inputs: say where each document starts
	n       int  // documents written
	buf     []byte
}

func newOutput(format string, f *outputFlags, multi bool) (*output, error) {
	content, ropts, err := f.parse()
	if err != nil {
		return nil, err
	}
	o := &output{format: format, content: content, r: render.New(ropts), multi: multi}
	switch format {
	case "detailed", "json", "jsonl":
	default:
		if o.content, err = render.ParseFormat(format); err != nil {
			return nil, fmt.Errorf("unknown --format %q (text, markdown, html, detailed, json, jsonl)", format)
		}
	}
	return o, nil
}

// json reports whether the format is json or jsonl.
func (o *output) json() bool { return o.format == "json" || o.format == "jsonl" }

// detailed reports whether the format shows every paragraph's XPath.
func (o *output) detailed() bool { return o.format == "detailed" || o.json() }

// write writes one document. With several inputs, the text formats begin
// each document with its name: a "==> name <==" line as head(1) writes
// it, or an article element for html.
func (o *output) write(w *bufio.Writer, name string, d *jt.Document) error {
	switch o.format {
	case "detailed":
		return writeDetailed(w, name, d)
	case "json":
		return o.writeJSON(w, name, d, "  ")
	case "jsonl":
		return o.writeJSON(w, name, d, "")
	}
	b := o.buf[:0]
	if o.multi {
		switch {
		case o.content == render.HTML:
			b = fmt.Appendf(b, "<article data-source=\"%s\">\n", html.EscapeString(name))
		case o.n > 0:
			b = fmt.Appendf(b, "\n==> %s <==\n", name)
		default:
			b = fmt.Appendf(b, "==> %s <==\n", name)
		}
	}
	start := len(b)
	b = o.r.Append(b, d, o.content)
	if len(b) > start {
		b = append(b, '\n')
	}
	if o.multi && o.content == render.HTML {
		b = append(b, "</article>\n"...)
	}
	o.buf = b
	o.n++
	_, err := w.Write(b)
	return err
}
