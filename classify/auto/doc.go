// Package auto is jt's combined extractor: one streaming pass gathers
// jusText's paragraphs, with text as a browser shows it, and the evidence
// every seed algorithm uses and the structure pages carry; small ensembles
// of decision trees, trained on annotated pages of seven kinds, then decide
// which paragraphs are main text.
//
// Evidence per paragraph, recorded during the pass without a DOM:
//   - jusText's: length, link density, stop-word density in the page's
//     language (guessed from the text when Config.AutoLanguage is set), and
//     the class its context-free rules would give;
//   - Boilerpipe's and BTE's shallow text features: words, punctuation,
//     capitals, digits, inline tags per word; prices in short texts;
//   - cues from the elements around the text: semantic elements (article,
//     main, nav, aside, footer, header, figure), headings by level, list
//     items, table cells, code, ARIA roles, itemprop, hidden elements
//     (noscript and template included: a browser running scripts shows
//     neither), and the words of class and id attributes that page
//     templates use for content, navigation, comments, share bars, related
//     links, filters and tables of contents, newsletters, cookie notices
//     and ads;
//   - the class lexicon (Lexicon), learned from the annotated pages: a
//     score for each of the words of class and id attributes that sites
//     share (richtext, faq and entry above the mean; share, cookie and
//     login below), by how often the text under them is main text; per
//     paragraph, the scores of the elements around its text summed, and
//     the innermost scored element's;
//   - the heading lexicon (Model.Headings), learned alike from the words
//     of headings (configuration and usage above the mean; footer,
//     newsletter, related and comments below); per paragraph, the summed
//     scores of the words of the heading it follows, its own for a
//     heading;
//   - the text around the paragraph: the link density of all the text
//     under its parent and grandparent, the grandparent's share of the
//     page's text, how many paragraphs its parent holds;
//   - repeated structure: how many siblings of its ancestors share their
//     tag and class (the posts of a forum, the cards of a listing, the rows
//     of a table) and how much of the page that group holds;
//   - the share of its words found in the page's title, and of its word
//     pairs in the page's JSON-LD text (articleBody, text, description).
//   - its place relative to the headline (the h1 that best matches the
//     title): how many levels above the headline their lowest common
//     ancestor is and how far below it the paragraph is, how much text lies
//     between them; its depth, and whether it starts in a p element.
//
// Evidence per page: the kinds of page its schema.org types and og:type
// declare, how many code blocks, headings, times, forms, table rows, list
// items and article elements it has, its prices, its share of text under
// the main cues, in repeated groups and in prose, and the words of its URL
// (its canonical link, og:url, or Extractor.SetURL's) that name sections
// (/products/, /t/, docs.). A page type model reads these and gives the probability of each of seven page types (article,
// forum, product, collection, listing, documentation, service), which the
// paragraph models read in turn.
//
// Stage 1 scores each paragraph from its own evidence and its page's.
// Stage 2 rescores it with its context: the stage-1 scores of its
// neighbours (jusText's smoothing), of the paragraphs under the same
// ancestor element (the tree filter's grouping) and of its repeated group,
// its place relative to the run of paragraphs with the most probable text
// (BTE's best stretch), and whether it lies under the main container, the
// deepest element holding most of the probable text at any depth (the
// element trafilatura looks for, found here from the element numbering
// without a DOM). The paragraphs of site landmarks (footers anywhere;
// headers, navigation and asides outside main and article elements, by
// tag or role), of figure captions and of dialogs are not scored but
// dropped, with probability 0, on a page that has text outside them: what
// they hold is about the page, leads elsewhere, describes a picture or
// lies over the page, and the models, judging text by how it reads, would
// keep a footer's legal and delivery terms on a site they have not learnt
// from.
// Config.Favor picks the threshold on the final
// probability, one per page type, which on some types comes down to a
// share of the page's highest probability (Weights.Relative) and on
// others gives way to the cut that maximises the F-measure expected under
// the probabilities (Weights.ExpectedF). A data table, whose rows are
// all short, is then kept or dropped whole, by its cells' mean
// probability. A page with visible text where
// no paragraph reaches it keeps its best-supported stretch instead
// (Extractor.Fallback). A page
// whose HTML lacks the main text its JSON-LD holds (an articleBody, the
// posts of a thread, a product's description), as pages built by scripts
// do, gets that text as paragraphs instead (Extractor.FromJSONLD).
//
// Each model is an Ensemble of oblivious trees (Tree): a paragraph reaches
// a leaf by TreeDepth comparisons without a branch, so the models cost a
// few hundred comparisons per paragraph and allocate nothing. The page
// type models add their trees to the log-odds of a logistic regression
// (Ensemble.Linear), read once per page.
//
// The model (model_gen.go) is generated from the shared scrapinghub and
// wcxb-dev pages by a deterministic command, run by hand after a change to
// the features (it is not hooked to go generate):
//
//	go run ./classify/auto/internal/train -out classify/auto/model_gen.go
//
// It runs every page through jt.Extractor, the path users run, and prints
// in-sample and 5-fold cross-validated scores per data set and page type,
// the folds grouped by site. TestModelMatchesFeatures fails when the
// features change and the model was not regenerated.
package auto
