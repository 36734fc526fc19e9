// Package blocks turns a token stream into balanced element events (Walker)
// and those into the blocks the classifiers work on: jusText paragraphs
// (ParagraphMaker) and, through Tee, any other Handler's.
//
// ParagraphMaker's text is jusText 3.0.2's by default, which the parity
// tests hold against the Python reference; it drops whitespace-only text
// nodes, so `<b>uses</b> <i>the</i>` reads "usesthe", and it keeps soft
// hyphens and zero-width spaces, as Python does. ParagraphMaker.SetBrowserText
// opts into the text a browser shows instead (same paragraphs, words kept
// apart, invisible characters dropped); see there.
package blocks
