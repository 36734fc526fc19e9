package boilerpipe

import (
	"fmt"
	"strings"
)

// Extractor is a named filter chain: one of boilerpipe's extractors.
type Extractor struct {
	// Name is the name Lookup knows it by.
	Name string
	// Chain holds the filters in the order they run.
	Chain Chain
}

// Process runs the extractor's chain on doc and reports whether it changed
// anything. The text it extracts is then doc.AppendContent.
func (e Extractor) Process(doc *Document) bool { return e.Chain.Process(doc) }

// The filter configurations the 1.2.0 chains use, under their Java names.
var (
	maxDistance1            = BlockProximityFusion{MaxDistance: 1}
	maxDistance1ContentOnly = BlockProximityFusion{MaxDistance: 1, ContentOnly: true}
)

// ArticleChain is ArticleExtractor of boilerpipe 1.2.0, tuned on news
// articles: TerminatingBlocksFinder, DocumentTitleMatchClassifier,
// NumWordsRulesClassifier, IgnoreBlocksAfterContentFilter (60 words),
// BlockProximityFusion.MAX_DISTANCE_1, BoilerplateBlockFilter,
// BlockProximityFusion.MAX_DISTANCE_1_CONTENT_ONLY, KeepLargestBlockFilter
// and ExpandTitleToContentFilter.
func ArticleChain() Chain {
	return Chain{
		TerminatingBlocks{},
		TitleMatch{},
		NumWordsRules{},
		IgnoreBlocksAfterContent{MinWords: 60},
		maxDistance1,
		BoilerplateBlocks{},
		maxDistance1ContentOnly,
		KeepLargestBlock{},
		ExpandTitleToContent{},
	}
}

// DefaultChain is DefaultExtractor of boilerpipe 1.2.0:
// SimpleBlockFusionProcessor, BlockProximityFusion.MAX_DISTANCE_1 and
// DensityRulesClassifier.
func DefaultChain() Chain {
	return Chain{SimpleBlockFusion{}, maxDistance1, DensityRules{}}
}

// extractors lists the seven extractors of 1.2.0 under their jt names.
var extractors = []Extractor{
	{Name: "article", Chain: ArticleChain()},
	{Name: "canola", Chain: Chain{CanolaRules{}}},
	{Name: "default", Chain: DefaultChain()},
	{Name: "keepall", Chain: Chain{MarkEverythingContent{}}},
	{Name: "largest", Chain: Chain{NumWordsRules{}, maxDistance1, KeepLargestBlock{}}},
	{Name: "numwords", Chain: Chain{NumWordsRules{}}},
	{Name: "sentences", Chain: append(ArticleChain(), SplitParagraphBlocks{}, MinClauseWords{Min: 5})},
}

// Names returns the names of the extractors in sorted order:
//
//	article    ArticleExtractor, for news articles
//	canola     CanolaExtractor, trained on the krdwrd Canola corpus
//	default    DefaultExtractor, the general-purpose one
//	keepall    KeepEverythingExtractor, every block is content
//	largest    LargestContentExtractor, the largest run of content only
//	numwords   NumWordsRulesExtractor, the word-count classifier alone
//	sentences  ArticleSentencesExtractor, Article keeping only sentences
func Names() []string {
	names := make([]string, len(extractors))
	for i, e := range extractors {
		names[i] = e.Name
	}
	return names
}

// Lookup returns the extractor with the given name (see Names). Its Chain
// is a fresh slice, which the caller may change.
func Lookup(name string) (Extractor, error) {
	for _, e := range extractors {
		if e.Name == name {
			e.Chain = append(Chain(nil), e.Chain...)
			return e, nil
		}
	}
	return Extractor{}, fmt.Errorf("boilerpipe: unknown extractor %q (known: %s)", name, strings.Join(Names(), ", "))
}
