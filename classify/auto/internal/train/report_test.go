package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"reflect"
	"slices"
	"testing"
)

// TestWritePerPage checks the per-page CSV: a row per page with its
// in-sample and held-out scores side by side, empty held-out columns
// without cross-validation, and an error when the two lists are not of
// the same pages.
func TestWritePerPage(t *testing.T) {
	pages := []*page{
		{set: "scrapinghub", id: "a1", typ: "article", domain: "example.org"},
		{set: "wcxb-dev", id: "0002", typ: "product", domain: "shop.example"},
	}
	in := []pageScore{
		{page: 0, p: 1, r: 0.5, f1: 2.0 / 3, guess: "article"},
		{page: 1, p: 0.25, r: 1, f1: 0.4, fallback: true, guess: "collection"},
	}
	cv := []pageScore{
		{page: 0, p: 0.5, r: 0.5, f1: 0.5, guess: "article"},
		{page: 1, empty: true, guess: "product"},
	}
	read := func(cv []pageScore) [][]string {
		t.Helper()
		var b bytes.Buffer
		if err := writePerPage(&b, in, cv, pages); err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(&b).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		return rows
	}
	rows := read(cv)
	want := [][]string{
		{"set", "id", "domain", "type", "guess", "precision", "recall", "f1", "empty", "fallback",
			"cv_guess", "cv_precision", "cv_recall", "cv_f1", "cv_empty", "cv_fallback"},
		{"scrapinghub", "a1", "example.org", "article", "article", "1.0000", "0.5000", "0.6667", "false", "false",
			"article", "0.5000", "0.5000", "0.5000", "false", "false"},
		{"wcxb-dev", "0002", "shop.example", "product", "collection", "0.2500", "1.0000", "0.4000", "false", "true",
			"product", "0.0000", "0.0000", "0.0000", "true", "false"},
	}
	if !slices.EqualFunc(rows, want, slices.Equal) {
		t.Errorf("rows\n%q\nwant\n%q", rows, want)
	}
	rows = read(nil)
	if got := rows[2][10:]; !slices.Equal(got, []string{"", "", "", "", "", ""}) {
		t.Errorf("without cross-validation: held-out columns %q, want empty", got)
	}
	if err := writePerPage(&bytes.Buffer{}, in, []pageScore{cv[1], cv[0]}, pages); err == nil {
		t.Error("held-out scores of other pages: no error")
	}
	if err := writePerPage(&bytes.Buffer{}, in, cv[:1], pages); err == nil {
		t.Error("held-out scores of fewer pages: no error")
	}
}

// TestWriteHeldOut checks -held-out's lines: one JSON object per page in
// the order given, each paragraph with its probability, class, label,
// words and text, and an error when the texts were not kept or the lists
// are not of the same pages.
func TestWriteHeldOut(t *testing.T) {
	pages := []*page{
		{set: "scrapinghub", id: "a1", typ: "article", domain: "example.org"},
		{set: "wcxb-dev", id: "0002", typ: "product", domain: "shop.example"},
	}
	cv := []pageScore{{page: 0, f1: 0.5, guess: "article"}, {page: 1, f1: 0.25, guess: "collection"}}
	held := []extracted{
		{toks: [][]int32{{0, 1, 2}}, probs: []float32{0.75}, good: []bool{true}, y: []float64{1}, texts: []string{"Storm closes harbour"}},
		{toks: [][]int32{{0}, {1, 2}}, probs: []float32{0.125, 0.5}, good: []bool{false, true}, y: []float64{0, 1},
			texts: []string{"Basket", "Oak table"}},
	}
	var b bytes.Buffer
	if err := writeHeldOut(&b, cv, held, pages); err != nil {
		t.Fatal(err)
	}
	var got []heldOutPage
	dec := json.NewDecoder(&b)
	for dec.More() {
		var p heldOutPage
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		got = append(got, p)
	}
	want := []heldOutPage{
		{Set: "scrapinghub", ID: "a1", Domain: "example.org", Type: "article", Guess: "article", F1: 0.5,
			Paragraphs: []heldOutParagraph{{Prob: 0.75, Kept: true, Label: 1, Words: 3, Text: "Storm closes harbour"}}},
		{Set: "wcxb-dev", ID: "0002", Domain: "shop.example", Type: "product", Guess: "collection", F1: 0.25,
			Paragraphs: []heldOutParagraph{{Prob: 0.125, Label: 0, Words: 1, Text: "Basket"}, {Prob: 0.5, Kept: true, Label: 1, Words: 2, Text: "Oak table"}}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("lines\n%+v\nwant\n%+v", got, want)
	}
	noTexts := slices.Clone(held)
	noTexts[1].texts = nil
	if err := writeHeldOut(&bytes.Buffer{}, cv, noTexts, pages); err == nil {
		t.Error("extractions without their texts: no error")
	}
	if err := writeHeldOut(&bytes.Buffer{}, cv, held[:1], pages); err == nil {
		t.Error("extractions of fewer pages: no error")
	}
}
