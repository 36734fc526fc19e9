package blocks_test

import (
	"context"
	"fmt"

	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/stopwords"
	"github.com/jtextract/jt/tokenizer"
)

// The Walker turns tokens into balanced element events; a ParagraphMaker
// receiving them cuts the text into jusText's paragraphs, here with text
// as a browser shows it.
func Example() {
	z, err := tokenizer.New()
	if err != nil {
		fmt.Println(err)
		return
	}
	z.ResetBytes([]byte(`<nav><a href="/">Home</a></nav><h1>Title</h1><p>It <b>uses</b> <i>the</i> tool.</p>`))
	english, err := stopwords.Lookup("English")
	if err != nil {
		fmt.Println(err)
		return
	}
	m := blocks.NewParagraphMaker(english, false)
	m.SetBrowserText(true)
	if err := blocks.NewWalker().Walk(context.Background(), z, m); err != nil {
		fmt.Println(err)
		return
	}
	m.Finish()
	for _, p := range m.Paragraphs() {
		fmt.Printf("%q heading=%v words=%d links=%d\n", m.TextOf(&p), p.Heading, p.Words, p.LinkChars)
	}
	// Output:
	// "Home" heading=false words=1 links=4
	// "Title" heading=true words=1 links=0
	// "It uses the tool." heading=false words=4 links=0
}
