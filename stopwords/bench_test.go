package stopwords_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/jtextract/jt/internal/sharedtest"
	"github.com/jtextract/jt/stopwords"
)

// articleText returns the ground-truth article bodies of the 181 shared
// pages, concatenated in id order: real text, mostly English, with the
// punctuation, capitals and non-ASCII words a page has.
func articleText(b *testing.B) []byte {
	dir := sharedtest.Dir(b)
	data, err := os.ReadFile(filepath.Join(dir, "datasets", "scrapinghub", "ground-truth.json"))
	if err != nil {
		b.Fatal(err)
	}
	var truth map[string]struct {
		ArticleBody string `json:"articleBody"`
	}
	if err := json.Unmarshal(data, &truth); err != nil {
		b.Fatal(err)
	}
	ids := make([]string, 0, len(truth))
	for id := range truth {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	var text []byte
	for _, id := range ids {
		text = append(text, truth[id].ArticleBody...)
		text = append(text, '\n')
	}
	return text
}

// BenchmarkCountPages is the stop-word stage of jusText as
// blocks.ParagraphMaker runs it: split on spaces and newlines, lower-case
// each word with AppendLower into a reused buffer, probe the set. One op is
// the article text of the 181 shared pages; MB/s are of that text.
func BenchmarkCountPages(b *testing.B) {
	text := articleText(b)
	words := 0
	for range bytes.FieldsSeq(text) {
		words++
	}
	for _, lang := range []string{"English", "German"} {
		set, err := stopwords.Lookup(lang)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(lang, func(b *testing.B) {
			var lower []byte
			n := 0
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for b.Loop() {
				for i := 0; i < len(text); {
					for i < len(text) && (text[i] == ' ' || text[i] == '\n') {
						i++
					}
					j := i
					for j < len(text) && text[j] != ' ' && text[j] != '\n' {
						j++
					}
					if j > i {
						lower = stopwords.AppendLower(lower[:0], text[i:j])
						if set.Contains(lower) {
							n++
						}
					}
					i = j
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(words), "ns/word")
		})
		b.Run(lang+"-CountWords", func(b *testing.B) {
			var buf []byte
			n := 0
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for b.Loop() {
				var k int
				k, buf = set.CountWords(text, buf)
				n += k
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(words), "ns/word")
		})
	}
}
