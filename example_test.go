package jt_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/jtextract/jt"
)

const examplePage = `<html><head><title>Example</title></head><body>
<div class="nav"><a href="/">Home</a> | <a href="/news">News</a> | <a href="/about">About</a></div>
<h1>Rockets and budgets</h1>
<p>The agency said on Monday that the new rocket would fly for the first time next year, after a
series of engine tests that had been delayed by the weather and by a shortage of parts, which had
kept the team waiting for most of the spring.</p>
<p>Engineers at the test site have been working in shifts since the summer, and they told reporters
that the remaining problems were small ones that could be fixed within a few weeks, well before the
date that the agency has now set for the launch.</p>
<div class="footer">© 2024 Example News. All rights reserved.</div>
</body></html>`

func Example() {
	ex, err := jt.New(jt.WithLanguage("English"))
	if err != nil {
		log.Fatal(err)
	}
	doc, err := ex.Extract(strings.NewReader(examplePage))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(doc.Title())
	fmt.Println(doc.Text())
	// Output:
	// Example
	// Rockets and budgets
	// The agency said on Monday that the new rocket would fly for the first time next year, after a
	// series of engine tests that had been delayed by the weather and by a shortage of parts, which had
	// kept the team waiting for most of the spring.
	// Engineers at the test site have been working in shifts since the summer, and they told reporters
	// that the remaining problems were small ones that could be fixed within a few weeks, well before the
	// date that the agency has now set for the launch.
}
func ExampleDocument_Paragraphs() {
	ex, err := jt.New()
	if err != nil {
		log.Fatal(err)
	}
	doc, err := ex.ExtractBytes([]byte(examplePage))
	if err != nil {
		log.Fatal(err)
	}
	for i, p := range doc.Paragraphs {
		fmt.Printf("%-4s %-8s %-20s %3d chars, link density %.2f\n", p.Class, p.CFClass, doc.ParagraphPath(i), p.Length, p.LinkDensity())
	}
	// Output:
	// bad  bad      html.body.div         19 chars, link density 0.68
	// good short    html.body.h1          19 chars, link density 0.00
	// good good     html.body.p          237 chars, link density 0.00
	// good good     html.body.p          245 chars, link density 0.00
	// bad  bad      html.body.div         41 chars, link density 0.00
}

// The "auto" algorithm guesses the page's language (here from its two
// paragraphs) unless one is set, and combines the evidence of the other
// algorithms with the page's structure; WithFavor trades precision against
// recall: a line of links under the article, which favouring precision
// leaves out, is kept when favouring recall.
func ExampleWithFavor() {
	page := strings.Replace(examplePage, `<div class="footer">`,
		`<div><a href="/a">Rockets</a>, <a href="/b">budgets</a>, <a href="/c">launches</a></div><div class="footer">`, 1)
	var docs []*jt.Document
	for _, favor := range []string{"precision", "recall"} {
		ex, err := jt.New(jt.WithAlgorithm("auto"), jt.WithFavor(favor))
		if err != nil {
			log.Fatal(err)
		}
		doc, err := ex.ExtractBytes([]byte(page))
		if err != nil {
			log.Fatal(err)
		}
		docs = append(docs, doc)
	}
	precise, complete := docs[0], docs[1]
	fmt.Println(precise.Algorithm(), precise.Language())
	for i, p := range precise.Paragraphs {
		fmt.Printf("%-4s %-4s %.28s\n", p.Class, complete.Paragraphs[i].Class, precise.ParagraphText(i))
	}
	// Output:
	// auto English
	// bad  bad  Home | News | About
	// good good Rockets and budgets
	// good good The agency said on Monday th
	// good good Engineers at the test site h
	// bad  good Rockets, budgets, launches
	// bad  bad  © 2024 Example News. All rig
}
