// Package tokenizer splits UTF-8 HTML into tokens without building a tree and
// without allocating per token.
//
// It follows the tokenization rules of the HTML Standard closely enough that
// the text a browser would show is the text the tokens carry: tags with
// quoted and unquoted attributes, comments (including unclosed ones, which
// run to the end of input), doctypes, bogus comments, raw-text elements
// (script, style, xmp, iframe, noembed, noframes, plaintext, and noscript
// when scripting is on), escapable raw text (title, textarea), the escaped
// states of script data, named and numeric character references, and
// newline normalisation.
//
// # Call order
//
// A Tokenizer is reset onto a document and then walked with Next:
//
//	Reset (Next (TagName | TagAtom | TagAttr* | Text | Raw | AppendDecoded | Offset)*)* Next=ErrorToken Err
//
// After a StartTagToken, EndTagToken or SelfClosingTagToken the tag's name
// and attributes can be read; after a TextToken, CommentToken or DoctypeToken
// its text, whole (Text) or piece by piece as written (Raw, AppendDecoded,
// AppendCharRef), for callers that must see where its character references
// were. Every []byte the Tokenizer returns is a view into its own buffers
// or into the input: it may change on the next call to Next (and, for
// TagAttr, on the next call to TagAttr). Callers that need the bytes longer
// must copy them.
//
// # Deviations from a browser
//
// Text tokens drop U+0000 in ordinary text (a tree builder ignores it there)
// and turn it into U+FFFD in raw text and comments. By default noscript is
// parsed as markup, as parsers without scripting do (libxml2, and the
// references jt is measured against); WithScripting(true) makes it raw text
// as in a browser. Parsed as markup, a noscript still ends where a browser
// running scripts ends it: raw text inside it (an iframe's, a style's)
// stops at "</noscript", and Next returns the raw-text element's end tag
// there (an EndTagToken with an empty Raw) before the noscript's, so that
// an iframe left open in a noscript does not take the rest of the page for
// its text. Comments keep their text as written;
// x/net/html decodes character references in them.
package tokenizer
