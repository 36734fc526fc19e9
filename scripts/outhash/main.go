// Command outhash prints, per algorithm, one hash of everything jt gives
// for a set of pages: each page's text, Markdown and HTML, title,
// language, page type, metadata, and every paragraph's class (before and
// after context), probability and features. A change meant to leave the
// output as it was (a speed change, say) is checked by running it before
// and after on the same folders:
//
//	go run ./scripts/outhash -algo auto,justext ../shared/datasets/scrapinghub/html ../shared/datasets/wcxb-dev/dev/html
//
// Folders hold .html and .html.gz files (see internal/pagedir), such as
// those go -C bench run . -sizes -write-sizes DIR writes.
package main

import (
	"flag"
	"fmt"
	"hash"
	"hash/fnv"
	"math"
	"os"
	"strings"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/internal/pagedir"
	"github.com/jtextract/jt/render"
)

func main() {
	algos := flag.String("algo", "auto", "comma-separated algorithms (jt algos lists them)")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: outhash [-algo A,B] DIR...")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	var pages []pagedir.Page
	for _, dir := range flag.Args() {
		p, err := pagedir.Read(dir)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		pages = append(pages, p...)
	}
	for _, algo := range strings.Split(*algos, ",") {
		sum, err := hashAll(algo, pages)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Printf("%-22s %d pages %016x\n", algo, len(pages), sum)
	}
}

// hashAll extracts every page with algo and hashes what it gives.
func hashAll(algo string, pages []pagedir.Page) (uint64, error) {
	x, err := jt.New(jt.WithAlgorithm(algo), jt.WithLanguage(jt.LanguageAuto), jt.WithStructure(true), jt.WithMetadata(true))
	if err != nil {
		return 0, err
	}
	r := render.New(render.Options{Links: true, Images: true})
	h := fnv.New64a()
	var buf []byte
	for _, p := range pages {
		d, err := x.ExtractBytes(p.HTML)
		if err != nil {
			return 0, fmt.Errorf("%s: %w", p.Name, err)
		}
		for _, f := range []render.Format{render.Text, render.Markdown, render.HTML} {
			buf = r.Append(buf[:0], d, f)
			h.Write(buf)
		}
		typ, prob := d.PageType()
		fmt.Fprintf(h, "%s\x00%s\x00%s\x00%g\x00%v\x00%+v\x00", d.Title(), d.Language(), typ, prob, d.Fallback(), d.Metadata())
		for i, para := range d.Paragraphs {
			pr, _ := d.Probability(i)
			fmt.Fprintf(h, "%d %d %08x", para.Class, para.CFClass, math.Float32bits(pr))
			writeFloats(h, d.Features(i))
		}
	}
	return h.Sum64(), nil
}

func writeFloats(h hash.Hash64, fs []float32) {
	var b [4]byte
	for _, f := range fs {
		u := math.Float32bits(f)
		b[0], b[1], b[2], b[3] = byte(u), byte(u>>8), byte(u>>16), byte(u>>24)
		h.Write(b[:])
	}
}
