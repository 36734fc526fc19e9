package justext_test

import (
	"fmt"

	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/classify/justext"
)

func ExampleClassify() {
	paras := []blocks.Paragraph{
		{Length: 12, Words: 2},                  // a menu entry: short
		{Length: 250, Words: 45, StopWords: 18}, // long, grammatical: good
		{Length: 40, Words: 7, StopWords: 3},    // short, but between good ones
		{Length: 230, Words: 40, StopWords: 15}, // good
		{Length: 30, Words: 4, LinkChars: 30},   // a link: bad
	}
	cfg := justext.DefaultConfig()
	if err := cfg.Validate(); err != nil {
		fmt.Println(err)
		return
	}
	justext.Classify(paras, cfg)
	for _, p := range paras {
		fmt.Println(p.CFClass, "->", p.Class)
	}
	// Output:
	// short -> bad
	// good -> good
	// short -> good
	// good -> good
	// bad -> bad
}
