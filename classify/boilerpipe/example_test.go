package boilerpipe_test

import (
	"context"
	"fmt"

	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/classify/boilerpipe"
	"github.com/jtextract/jt/tokenizer"
)

func Example() {
	page := []byte(`<html><head><title>Rabbits</title></head><body>
<div><a href="/">Home</a> | <a href="/news">News</a></div>
<h1>Rabbits</h1>
<p>Rabbits are small mammals in the family Leporidae, found in several parts of the world.
They live in groups, dig burrows and eat grass, herbs and leafy weeds all day long.</p>
<div><a href="/a">About</a> <a href="/c">Contact</a></div>
</body></html>`)
	z, err := tokenizer.New()
	if err != nil {
		fmt.Println(err)
		return
	}
	p := boilerpipe.NewParser()
	p.SetSource(z)
	z.ResetBytes(page)
	if err := blocks.NewWalker().Walk(context.Background(), z, p); err != nil {
		fmt.Println(err)
		return
	}
	doc := p.Document()
	article, err := boilerpipe.Lookup("article")
	if err != nil {
		fmt.Println(err)
		return
	}
	article.Process(doc)
	// BlockProximityFusion fuses the heading into the navigation block
	// before it, as boilerpipe does, so the menu comes along.
	fmt.Printf("%s", doc.AppendContent(nil))
	// Output:
	// Home | News
	// Rabbits
	// Rabbits are small mammals in the family Leporidae, found in several parts of the world. They live in groups, dig burrows and eat grass, herbs and leafy weeds all day long.
}
