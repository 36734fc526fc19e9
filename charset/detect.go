// Package charset turns the bytes of an HTML document into valid UTF-8.
//
// The encoding is determined as by the HTML Standard's encoding sniffing
// algorithm, simplified for documents that are complete in memory:
//
//  1. a byte order mark (UTF-8, UTF-16LE, UTF-16BE) wins and is stripped;
//  2. else a label the caller got from the transport layer, such as the
//     charset parameter of an HTTP Content-Type (see [LabelFromContentType]);
//  3. else the prescan of the first bytes (1024 by default) for a <meta>
//     charset declaration, or failing that an XML declaration;
//  4. else a fallback encoding, UTF-8 unless configured.
//
// Labels are resolved with the WHATWG Encoding Standard's label table, as
// browsers do: "iso-8859-1", "latin1" and "us-ascii" all mean windows-1252,
// "gb2312" means GBK. A label that is not in the table is skipped, the next
// step decides, and [Result].Unknown names the skipped label.
//
// A declaration that lies is obeyed, as in a browser: a UTF-8 page that
// declares windows-1251 comes out as the windows-1251 reading of its bytes
// (mojibake, but valid UTF-8). Only a byte order mark outranks the
// declarations; the content is never guessed from.
package charset

import (
	"errors"
	"strconv"

	"golang.org/x/text/encoding/htmlindex"
)

// Source tells which step of the detection chose the encoding.
// The zero Source is never returned.
type Source uint8

const (
	// BOM: the document starts with a UTF-8 or UTF-16 byte order mark.
	BOM Source = iota + 1
	// Caller: the label passed to [Decoder.Decode], usually from HTTP.
	Caller
	// Meta: the prescan of the document found a <meta> declaration
	// (or an XML declaration, or a UTF-16 "<?x" prefix).
	Meta
	// Fallback: nothing else decided.
	Fallback
)

// String returns the Source's name: "bom", "caller", "meta" or "fallback".
func (s Source) String() string {
	switch s {
	case BOM:
		return "bom"
	case Caller:
		return "caller"
	case Meta:
		return "meta"
	case Fallback:
		return "fallback"
	}
	return "Source(" + strconv.Itoa(int(s)) + ")"
}

// DefaultMaxPrescan is how many leading bytes the prescan reads, the amount
// the HTML Standard encourages.
const DefaultMaxPrescan = 1024

// Canonical WHATWG names (lowercased, as htmlindex gives them) that this
// package refers to directly.
const (
	nameUTF8         = "utf-8"
	nameUTF16LE      = "utf-16le"
	nameUTF16BE      = "utf-16be"
	nameWindows1252  = "windows-1252"
	nameXUserDefined = "x-user-defined"
	nameReplacement  = "replacement"
	defaultFallback  = nameUTF8
	// maxLabelLen is longer than any WHATWG label (the longest,
	// "cseucpkdfmtjapanese", has 19 bytes).
	maxLabelLen       = 32
	asciiCaseDistance = 'a' - 'A'
)

// detection is the full outcome of the detection steps.
type detection struct {
	name          string // canonical WHATWG name
	source        Source
	bomLen        int    // bytes of byte order mark to strip
	unknownCaller string // the caller's label, if it was not recognised
	unknownMeta   []byte // the first unrecognised label the prescan met
}

// unknown returns the first label that was skipped, or "".
func (d *detection) unknown() string {
	if d.unknownCaller != "" {
		return d.unknownCaller
	}
	return string(d.unknownMeta) // allocates only when the page declared a bogus label
}

// detect runs the detection steps; fallback must be a canonical name.
func detect(src []byte, label, fallback string, maxPrescan int) detection {
	if name, n := sniffBOM(src); n > 0 {
		return detection{name: name, source: BOM, bomLen: n}
	}
	var d detection
	if label != "" {
		if name, ok := lookup(label); ok {
			return detection{name: name, source: Caller}
		}
		d.unknownCaller = label
	}
	var name string
	name, d.unknownMeta = prescan(src[:min(len(src), maxPrescan)])
	if name != "" {
		d.name, d.source = name, Meta
		return d
	}
	d.name, d.source = fallback, Fallback
	return d
}

// sniffBOM returns the encoding a byte order mark at the start of src
// announces and the mark's length, or 0 if there is none.
func sniffBOM(src []byte) (name string, n int) {
	switch {
	case len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF:
		return nameUTF8, 3
	case len(src) >= 2 && src[0] == 0xFE && src[1] == 0xFF:
		return nameUTF16BE, 2
	case len(src) >= 2 && src[0] == 0xFF && src[1] == 0xFE:
		return nameUTF16LE, 2
	}
	return "", 0
}

// errReplacementFallback explains why the replacement encoding cannot be a
// fallback.
var errReplacementFallback = errors.New("it means the replacement encoding, which decodes every document to one U+FFFD")

// resolveFallback resolves a fallback label to a canonical name.
func resolveFallback(label string) (string, error) {
	name, ok := lookup(label)
	if !ok {
		return "", errors.New("it is not a WHATWG encoding label")
	}
	if name == nameReplacement {
		return "", errReplacementFallback
	}
	return name, nil
}

// lookup implements the Encoding Standard's "get an encoding": it trims
// ASCII whitespace, lowercases ASCII and looks the label up, returning the
// canonical name.
//
// htmlindex.Get alone is not exact: it trims Unicode spaces and lowercases
// Unicode (so the Kelvin sign in "\u212Aoi8-r" would pass), and it accepts
// "replacement", which is a name but not a label. Every WHATWG label is
// printable ASCII without spaces, so anything else is rejected first. The
// label is lowercased into a stack buffer, short enough for the string
// conversion not to allocate, because htmlindex.Get would allocate to
// lowercase "UTF-8", the most common label of all.
func lookup[T string | []byte](label T) (string, bool) {
	label = trimASCIISpace(label)
	if len(label) == 0 || len(label) > maxLabelLen {
		return "", false
	}
	var buf [maxLabelLen]byte
	for i := 0; i < len(label); i++ {
		c := label[i]
		if c <= ' ' || c >= 0x7F {
			return "", false
		}
		buf[i] = toLower(c)
	}
	lower := string(buf[:len(label)])
	if lower == nameReplacement {
		return "", false
	}
	e, err := htmlindex.Get(lower)
	if err != nil {
		return "", false
	}
	name, err := htmlindex.Name(e)
	return name, err == nil
}

// isSpace reports ASCII whitespace as the WHATWG standards define it.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

func toLower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + asciiCaseDistance
	}
	return c
}

func trimASCIISpace[T string | []byte](s T) T {
	i, j := 0, len(s)
	for i < j && isSpace(s[i]) {
		i++
	}
	for j > i && isSpace(s[j-1]) {
		j--
	}
	return s[i:j]
}

// equalFold reports whether s equals the lowercase ASCII word, ignoring
// ASCII case.
func equalFold[T string | []byte](s T, word string) bool {
	if len(s) != len(word) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if toLower(s[i]) != word[i] {
			return false
		}
	}
	return true
}
