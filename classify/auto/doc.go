// Package auto is jt's combined extractor: one streaming pass gathers
// jusText's paragraphs with the evidence every seed algorithm uses and the
// structure pages carry, and a small two-stage logistic model, trained on
// annotated pages, decides which paragraphs are main text.
//
// Evidence per paragraph, recorded during the pass without a DOM:
//   - jusText's: length, link density, stop-word density in the page's
//     language (guessed from the text when Config.AutoLanguage is set), and
//     the class its context-free rules would give;
//   - Boilerpipe's and BTE's shallow text features: words, punctuation,
//     capitals, digits, inline tags per word;
//   - cues from the elements around the text: semantic elements (article,
//     main, nav, aside, footer, header, figure), ARIA roles, itemprop,
//     hidden elements, and the words of class and id attributes that page
//     templates use for content, navigation, comments, share bars, related
//     links, newsletters, cookie notices and ads;
//   - the text around the paragraph: the link density of all the text
//     under its parent and grandparent (lists of teasers are mostly links),
//     the grandparent's share of the page's text, how many paragraphs its
//     parent holds;
//   - the share of its words found in the page's title;
//   - the JSON-LD articleBody, when the page has one.
//
// Stage 1 scores each paragraph from these. Stage 2 rescores it with its
// context: the stage-1 scores of its neighbours (jusText's smoothing) and
// of the paragraphs under the same ancestor element (the tree filter's
// grouping), and its place relative to the run of paragraphs with the most
// probable text (BTE's best stretch: inside it, or how far before or after
// it). Config.Favor picks the threshold on the final probability.
//
// The model (model_gen.go) is generated from the shared scrapinghub pages
// by a deterministic command, run by hand after a change to the features
// (about a minute with cross-validation; it is not hooked to go generate):
//
//	go run ./classify/auto/internal/train -data ../shared/datasets/scrapinghub -out classify/auto/model_gen.go
//
// It prints in-sample and 5-fold cross-validated scores; -worst N lists the
// pages it does worst on, -dump ID one page's paragraphs with their labels
// and probabilities. TestModelMatchesFeatures fails when the features
// change and the model was not regenerated.
package auto
