// Package boilerpipe is a Go port of boilerpipe 1.2.0 (Christian
// Kohlschütter, "Boilerplate Detection using Shallow Text Features", WSDM
// 2010): text blocks with shallow features, a pipeline of small filters that
// classify, fuse and drop them, and the seven extractors of 1.2.0 built from
// those filters.
//
// A Document is a list of TextBlocks plus the page title. Parser builds one
// from the events of a blocks.Walker, as boilerpipe's
// BoilerpipeHTMLContentHandler does with its default tag actions. A Filter
// changes a Document in place and reports whether it changed anything; a
// Chain runs filters in order. The Extractors (Lookup, Names) are the filter
// chains of boilerpipe 1.2.0, which the reference outputs in
// ../shared/testdata/reference were produced with; the 1.3.x chains differ
// and are not the specification here.
//
// Arithmetic follows the Java code: densities are float32 computed from int
// counts, lengths are counted in UTF-16 units, and whitespace is Java's
// Character.isWhitespace. The rules, thresholds and word lists are those of
// boilerpipe (Apache License 2.0); the code is an independent port.
package boilerpipe
