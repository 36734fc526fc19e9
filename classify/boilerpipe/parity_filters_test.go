package boilerpipe

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// traceStage is one line of a boilerpipe-trace-*/<id>.jsonl file.
type traceStage struct {
	Stage   string            `json:"stage"`
	Changed bool              `json:"changed"`
	Blocks  []json.RawMessage `json:"blocks"`
}

// traceBlock renders a block as the trace files do:
// [offsetStart,offsetEnd,isContent,numWords,[labels]].
func traceBlock(b *TextBlock) string {
	c := 0
	if b.IsContent {
		c = 1
	}
	labels, _ := json.Marshal(b.Labels.Names([]string{}))
	return fmt.Sprintf("[%d,%d,%d,%d,%s]", b.OffsetStart, b.OffsetEnd, c, b.NumWords, labels)
}

// TestTraceFromParsedBlocks runs the Article and Default chains one filter
// at a time on the Java parser's blocks and compares, after every stage,
// the changed flag and every block with boilerpipe's trace. This isolates
// the filters from HTML parsing.
func TestTraceFromParsedBlocks(t *testing.T) {
	pages := loadReference(t)
	for _, tc := range []struct {
		folder string
		chain  Chain
		stages []string
	}{
		{"boilerpipe-trace-article", ArticleChain(), []string{
			"TerminatingBlocksFinder", "DocumentTitleMatchClassifier", "NumWordsRulesClassifier",
			"IgnoreBlocksAfterContentFilter.DEFAULT_INSTANCE", "BlockProximityFusion.MAX_DISTANCE_1",
			"BoilerplateBlockFilter.INSTANCE", "BlockProximityFusion.MAX_DISTANCE_1_CONTENT_ONLY",
			"KeepLargestBlockFilter.INSTANCE", "ExpandTitleToContentFilter.INSTANCE"}},
		{"boilerpipe-trace-default", DefaultChain(), []string{
			"SimpleBlockFusionProcessor.INSTANCE", "BlockProximityFusion.MAX_DISTANCE_1",
			"DensityRulesClassifier.INSTANCE"}},
	} {
		t.Run(tc.folder, func(t *testing.T) {
			var doc Document
			stagesOK, pagesOK := 0, 0
			for _, p := range pages {
				var trace []traceStage
				err := readJSONL(filepath.Join(referenceDir(t), tc.folder, p.ID+".jsonl"), func(line []byte) error {
					var s traceStage
					err := json.Unmarshal(line, &s)
					trace = append(trace, s)
					return err
				})
				if err != nil {
					t.Fatal(err)
				}
				if len(trace) != len(tc.chain)+1 {
					t.Fatalf("%s: %d trace stages, want %d", p.ID, len(trace), len(tc.chain)+1)
				}
				p.document(&doc)
				pageOK := true
				for i, f := range tc.chain {
					want := trace[i+1]
					if want.Stage != tc.stages[i] {
						t.Fatalf("%s: stage %d is %s in the trace, the chain has %s", p.ID, i, want.Stage, tc.stages[i])
					}
					changed := f.Process(&doc)
					if msg := compareTrace(&doc, changed, want); msg != "" {
						t.Errorf("%s after %s: %s", p.ID, want.Stage, msg)
						pageOK = false
						break
					}
					stagesOK++
				}
				if pageOK {
					pagesOK++
				}
			}
			t.Logf("%s: %d/%d pages identical at every stage (%d stages)", tc.folder, pagesOK, len(pages), stagesOK)
		})
	}
}

func compareTrace(doc *Document, changed bool, want traceStage) string {
	if changed != want.Changed {
		return fmt.Sprintf("changed=%v, want %v", changed, want.Changed)
	}
	if len(doc.Blocks) != len(want.Blocks) {
		return fmt.Sprintf("%d blocks, want %d", len(doc.Blocks), len(want.Blocks))
	}
	for i := range doc.Blocks {
		got := traceBlock(&doc.Blocks[i])
		if w := string(want.Blocks[i]); got != w {
			return fmt.Sprintf("block %d is %s, want %s", i, got, w)
		}
	}
	return ""
}

// TestExtractorsFromParsedBlocks runs all seven extractors on the Java
// parser's blocks and compares the extracted text with boilerpipe's.
func TestExtractorsFromParsedBlocks(t *testing.T) {
	pages := loadReference(t)
	var doc Document
	var out []byte
	for _, name := range Names() {
		ex, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		same := 0
		var bad []string
		for _, p := range pages {
			p.document(&doc)
			ex.Process(&doc)
			out = doc.AppendContent(out[:0])
			if string(out) == readText(t, "boilerpipe-"+name, p.ID) {
				same++
			} else {
				bad = append(bad, p.ID)
			}
		}
		t.Logf("%-9s %d/%d pages identical from parsed blocks", name, same, len(pages))
		if len(bad) > 0 {
			t.Errorf("%s differs on %d pages: %s", name, len(bad), strings.Join(bad[:min(len(bad), 5)], " "))
		}
	}
}

// TestFinalBlocksFromParsedBlocks compares every field of the blocks left
// after Article and Default with boilerpipe's dumps.
func TestFinalBlocksFromParsedBlocks(t *testing.T) {
	pages := loadReference(t)
	for _, tc := range []struct {
		folder string
		chain  Chain
	}{
		{"boilerpipe-blocks-article", ArticleChain()},
		{"boilerpipe-blocks-default", DefaultChain()},
	} {
		var doc Document
		blocks, same := 0, 0
		for _, p := range pages {
			want, err := readBlocks(filepath.Join(referenceDir(t), tc.folder, p.ID+".jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			p.document(&doc)
			tc.chain.Process(&doc)
			if len(doc.Blocks) != len(want) {
				t.Errorf("%s %s: %d blocks, want %d", tc.folder, p.ID, len(doc.Blocks), len(want))
				continue
			}
			for i := range want {
				blocks++
				if d := diffBlock(&doc, &doc.Blocks[i], &want[i]); d != "" {
					t.Errorf("%s %s block %d differs in %s", tc.folder, p.ID, i, d)
					continue
				}
				same++
			}
		}
		t.Logf("%s: %d/%d blocks identical in every field", tc.folder, same, blocks)
	}
}
