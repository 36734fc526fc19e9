package jt_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"strings"

	"github.com/jtextract/jt"
)

// ExtractPage passes the page's URL along, so that its metadata can
// resolve the canonical link and fall back on a date in the URL.
func ExampleDocument_Metadata() {
	ex, err := jt.New(jt.WithMetadata(true))
	if err != nil {
		log.Fatal(err)
	}
	page := `<html lang="en-GB"><head><title>Rockets and budgets – Example News</title>
<meta property="og:site_name" content="Example News">
<meta name="author" content="Ada Park"></head>
<body><h1>Rockets and budgets</h1><p>The agency said on Monday that the new rocket would fly next year.</p></body></html>`
	doc, err := ex.ExtractPage(context.Background(), strings.NewReader(page),
		jt.Page{URL: "https://news.example.com/2024/05/17/rockets"})
	if err != nil {
		log.Fatal(err)
	}
	b, _ := json.Marshal(doc.Metadata())
	fmt.Println(string(b))
	// Output:
	// {"title":"Rockets and budgets","author":"Ada Park","date":"2024-05-17","sitename":"Example News","url":"https://news.example.com/2024/05/17/rockets","lang":"en-GB"}
}
