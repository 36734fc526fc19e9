package jt_test

import (
	"context"
	"testing"

	"github.com/jtextract/jt/blocks"
	"github.com/jtextract/jt/classify/boilerpipe"
	"github.com/jtextract/jt/internal/sharedtest"
	"github.com/jtextract/jt/stopwords"
	"github.com/jtextract/jt/tokenizer"
)

// TestOnePassBothBlockKinds builds jusText paragraphs and boilerpipe
// TextBlocks from a single tokenizer pass (blocks.Tee) and checks that both
// equal what separate passes give, on the shared pages.
func TestOnePassBothBlockKinds(t *testing.T) {
	en, err := stopwords.Lookup("English")
	if err != nil {
		t.Fatal(err)
	}
	z, _ := tokenizer.New()
	w := blocks.NewWalker()
	walk := func(page []byte, h blocks.Handler) {
		z.ResetBytes(page)
		if err := w.Walk(context.Background(), z, h); err != nil {
			t.Fatal(err)
		}
	}
	jA, jB := blocks.NewParagraphMaker(en, true), blocks.NewParagraphMaker(en, true)
	bA, bB := boilerpipe.NewParser(), boilerpipe.NewParser()
	bA.SetSource(z)
	bB.SetSource(z)
	var contentA, contentB []byte
	for _, p := range sharedtest.Pages(t)[:60] {
		jA.Reset()
		bA.Reset()
		walk(p.HTML, blocks.Tee{jA, bA})
		jA.Finish()
		jB.Reset()
		walk(p.HTML, jB)
		jB.Finish()
		bB.Reset()
		walk(p.HTML, bB)
		pa, pb := jA.Paragraphs(), jB.Paragraphs()
		if len(pa) != len(pb) {
			t.Fatalf("%s: %d paragraphs in one pass, %d alone", p.ID, len(pa), len(pb))
		}
		for i := range pa {
			if string(jA.TextOf(&pa[i])) != string(jB.TextOf(&pb[i])) || string(jA.XPathOf(&pa[i])) != string(jB.XPathOf(&pb[i])) {
				t.Fatalf("%s: paragraph %d differs between one pass and a separate pass", p.ID, i)
			}
		}
		da, db := bA.Document(), bB.Document()
		contentA, contentB = da.AppendContent(contentA[:0]), db.AppendContent(contentB[:0])
		if len(da.Blocks) != len(db.Blocks) || string(contentA) != string(contentB) || da.Title != db.Title {
			t.Fatalf("%s: TextBlocks differ between one pass and a separate pass", p.ID)
		}
	}
}
