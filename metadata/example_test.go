package metadata_test

import (
	"context"
	"fmt"

	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/metadata"
	"github.com/jtextract/jt/tokenizer"
)

// A Collector reads a page's metadata from a Walker's events, alone as
// here or teed with an extractor's handler (blocks.Tee), as jt does.
func Example() {
	page := []byte(`<html lang="en"><head>
<title>Ten Things to Know | Example News</title>
<meta property="og:site_name" content="Example News">
<link rel="canonical" href="/2024/ten-things">
<script type="application/ld+json">{"@graph":[
 {"@type":"NewsArticle","headline":"Ten Things to Know","datePublished":"2024-05-17T09:30:00+02:00",
  "author":{"@id":"#jane"},"keywords":["lists","news"]},
 {"@type":"Person","@id":"#jane","name":"Jane Doe"}]}</script>
</head><body><article><h1>Ten Things to Know</h1>
<p class="byline">By Jane Doe · Updated <time datetime="2024-05-20">May 20, 2024</time></p>
<p>© 2024 Example News</p></article></body></html>`)

	z, err := tokenizer.New()
	if err != nil {
		panic(err)
	}
	c := metadata.New(metadata.Config{})
	c.Reset()
	c.SetURL("https://news.example.com/2024/ten-things?ref=home")
	z.ResetBytes(page)
	if err := blocks.NewWalker().Walk(context.Background(), z, c); err != nil {
		panic(err)
	}
	m := c.Finish()
	fmt.Println("title:", m.Title)
	fmt.Println("author:", m.Author)
	fmt.Println("date:", m.Date)
	fmt.Println("modified:", m.Modified)
	fmt.Println("site:", m.SiteName)
	fmt.Println("url:", m.URL)
	fmt.Println("lang:", m.Lang)
	fmt.Println("tags:", m.Tags)
	// Output:
	// title: Ten Things to Know
	// author: Jane Doe
	// date: 2024-05-17T09:30:00+02:00
	// modified: 2024-05-20
	// site: Example News
	// url: https://news.example.com/2024/ten-things
	// lang: en
	// tags: [lists news]
}
