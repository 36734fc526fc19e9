// Package charset turns the bytes of an HTML document into valid UTF-8.
//
// The encoding is determined as by the HTML Standard's encoding sniffing
// algorithm, simplified for documents that are complete in memory, with two
// additions for pages whose declaration is wrong or late:
//
//  1. a byte order mark (UTF-8, UTF-16LE, UTF-16BE) wins and is stripped;
//  2. else a label the caller got from the transport layer, such as the
//     charset parameter of an HTTP Content-Type (see [LabelFromContentType]);
//  3. else the prescan of the first bytes (1024 by default) for a <meta>
//     charset declaration, or failing that an XML declaration; but when it
//     declares a single-byte legacy encoding (windows-1252, iso-8859-*,
//     koi8-r, ...) and the document is valid UTF-8 with non-ASCII
//     characters, UTF-8 ([Content]);
//  4. else, when the document is not valid UTF-8, a <meta> declaration
//     inside head beyond the first 1024 bytes ([HeadMeta]), looked for up
//     to the end of head and at most 64 KiB in ([DefaultMaxHeadScan]);
//  5. else UTF-8 when the document is valid UTF-8 with non-ASCII
//     characters ([Content]), and the fallback encoding, UTF-8 unless
//     configured, otherwise.
//
// Labels are resolved with the WHATWG Encoding Standard's label table, as
// browsers do: "iso-8859-1", "latin1" and "us-ascii" all mean windows-1252,
// "gb2312" means GBK. A label that is not in the table is skipped, the next
// step decides, and [Result].Unknown names the skipped label.
//
// Why step 3 departs from the standard, which obeys the <meta>: pages that
// are UTF-8 but declare windows-1252 or iso-8859-1 are common (a template's
// stale declaration, a CMS that converted its content but not its header),
// and reading them as declared turns every non-ASCII character into
// mojibake ("Ã©" for "é"). The converse mistake is very unlikely: text in
// a single-byte encoding is almost never valid UTF-8 once it holds a
// non-ASCII character, since an accented letter followed by an ASCII one is
// already invalid. This is what browsers' encoding detectors conclude when
// nothing is declared (Chromium's picks UTF-8 for valid UTF-8 with
// non-ASCII, step 5), extended to the single-byte declarations whose bytes
// contradict them. Declared multi-byte legacy encodings (Shift_JIS, GBK,
// EUC-KR, ...) are obeyed: they are not corrected. A document that is
// pure ASCII reads the same in UTF-8 and in any single-byte encoding, so
// its declaration stands.
//
// A label from the caller outranks the content, as it outranks the
// <meta>: it comes from outside the document (usually HTTP), which the
// caller chose to trust, and a caller who would rather trust the content
// can pass "" and let steps 3 to 5 decide. A byte order mark outranks
// everything.
//
// Why step 4: the HTML Standard's prescan reads 1024 bytes, but its tree
// builder also changes the encoding when it meets a <meta charset> later
// ("change the encoding"), and Chromium's prescan reads on to the end of
// head. Pages with a long <script> or <style> before their declaration
// would otherwise be read as the fallback, and windows-1250 or
// iso-8859-1 text would come out full of U+FFFD. A late declaration is
// honoured only when the document is not valid UTF-8: valid UTF-8 decodes
// without loss whatever such a declaration says.
//
// Deciding steps 3 to 5 costs one UTF-8 validation of the document, made
// only when the prescan finds a single-byte declaration or none. It stops
// at the first invalid byte, and Decode reuses it rather than validating
// twice. Measured on 64 MiB inputs: about 13 GB/s on ASCII-heavy HTML and
// 0.7 to 1 GB/s on text full of non-ASCII letters, so at most about 100 ms
// for 64 MiB. A page in a legacy encoding usually stops it within its first
// non-ASCII characters.
package charset

import (
	"encoding/binary"
	"errors"
	"strconv"
	"unicode/utf8"

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
	// Content: the document is valid UTF-8 with non-ASCII characters, which
	// outranked a single-byte legacy declaration or the fallback (see the
	// package documentation).
	Content
	// HeadMeta: a <meta> declaration inside head beyond the prescan's first
	// bytes, honoured because the document is not valid UTF-8.
	HeadMeta
)

// String returns the Source's name: "bom", "caller", "meta", "fallback",
// "content" or "head-meta".
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
	case Content:
		return "content"
	case HeadMeta:
		return "head-meta"
	}
	return "Source(" + strconv.Itoa(int(s)) + ")"
}

// DefaultMaxPrescan is how many leading bytes the prescan reads, the amount
// the HTML Standard encourages.
const DefaultMaxPrescan = 1024

// DefaultMaxHeadScan bounds how far the search for a <meta> declaration
// inside head goes when the prescan found none (step 4 of the package
// documentation): 64 KiB, more than the head of real pages with long inline
// scripts and styles, and little to scan.
const DefaultMaxHeadScan = 64 << 10

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
	text          utf8Kind
}

// utf8Kind is what the detection learnt about the document as UTF-8.
type utf8Kind uint8

const (
	utf8Unknown utf8Kind = iota // not checked
	utf8Invalid
	utf8ASCII // valid: ASCII only
	utf8Multi // valid, with non-ASCII characters
)

// classifyUTF8 tells whether b is ASCII, other valid UTF-8, or invalid. The
// ASCII prefix is skipped sixteen bytes at a time (about 25 GB/s), and
// utf8.Valid, which checks the rest, stops at the first invalid byte.
func classifyUTF8(b []byte) utf8Kind {
	p := b[:len(b):len(b)]
	for len(p) >= 16 {
		if (binary.LittleEndian.Uint64(p)|binary.LittleEndian.Uint64(p[8:]))&0x8080808080808080 != 0 {
			break
		}
		p = p[16:]
	}
	i := len(b) - len(p)
	for i < len(b) && b[i] < utf8.RuneSelf {
		i++
	}
	switch {
	case i == len(b):
		return utf8ASCII
	case utf8.Valid(b[i:]): // b[i] starts a character: all before it is ASCII
		return utf8Multi
	}
	return utf8Invalid
}

// isSingleByte reports whether the canonical name is one of the Encoding
// Standard's single-byte legacy encodings. All of them read bytes
// 0x00–0x7F as ASCII.
func isSingleByte(name string) bool {
	switch name {
	case "ibm866", "iso-8859-2", "iso-8859-3", "iso-8859-4", "iso-8859-5", "iso-8859-6",
		"iso-8859-7", "iso-8859-8", "iso-8859-8-i", "iso-8859-10", "iso-8859-13",
		"iso-8859-14", "iso-8859-15", "iso-8859-16", "koi8-r", "koi8-u", "macintosh",
		"windows-874", "windows-1250", "windows-1251", "windows-1252", "windows-1253",
		"windows-1254", "windows-1255", "windows-1256", "windows-1257", "windows-1258",
		"x-mac-cyrillic":
		return true
	}
	return false
}

// unknown returns the first label that was skipped, or "".
func (d *detection) unknown() string {
	if d.unknownCaller != "" {
		return d.unknownCaller
	}
	return string(d.unknownMeta) // allocates only when the page declared a bogus label
}

// detect runs the detection steps; fallback must be a canonical name.
// maxHeadScan bounds the search for a late <meta> (step 4), which runs only
// when the prescan is on and maxHeadScan goes beyond it.
func detect(src []byte, label, fallback string, maxPrescan, maxHeadScan int) detection {
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
		if isSingleByte(name) {
			if d.text = classifyUTF8(src); d.text == utf8Multi {
				d.name, d.source = nameUTF8, Content
			}
		}
		return d
	}
	d.text = classifyUTF8(src)
	if d.text == utf8Invalid && maxPrescan > 0 && maxHeadScan > maxPrescan {
		name, bad := scanHead(src[:min(len(src), maxHeadScan)])
		if name != "" {
			d.name, d.source = name, HeadMeta
			return d
		}
		if d.unknownMeta == nil {
			d.unknownMeta = bad
		}
	}
	d.name, d.source = fallback, Fallback
	if d.text == utf8Multi && fallback != nameUTF8 {
		d.name, d.source = nameUTF8, Content
	}
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
