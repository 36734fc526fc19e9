package tokenizer

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"

	"golang.org/x/net/html/atom"
)

//go:generate go run ./internal/entgen -o entities_gen.go

// Kind is the kind of a token.
type Kind uint8

// Token kinds, named as in golang.org/x/net/html.
const (
	// ErrorToken ends the token stream: Err tells why (io.EOF at the end of input).
	ErrorToken Kind = iota
	TextToken
	StartTagToken
	EndTagToken
	SelfClosingTagToken
	CommentToken
	DoctypeToken
)

var kindNames = [...]string{"Error", "Text", "StartTag", "EndTag", "SelfClosingTag", "Comment", "Doctype"}

// String returns the kind's name.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// ErrTooLarge is returned by Reset when the input is longer than the
// configured maximum. The Tokenizer then holds the first MaxBytes bytes, so a
// caller may still tokenize the truncated document.
var ErrTooLarge = errors.New("tokenizer: input exceeds the maximum size")

// DefaultMaxBytes is the input limit of a Tokenizer made without WithMaxBytes.
const DefaultMaxBytes = 64 << 20

// Option configures a Tokenizer. Options are checked by New; Reset keeps them.
type Option func(*Tokenizer) error

// MaxBytesLimit is the largest limit WithMaxBytes takes: positions in the
// input are kept in 32 bits.
const MaxBytesLimit = math.MaxInt32

// WithMaxBytes limits how many bytes Reset reads from its io.Reader, at
// most MaxBytesLimit. Bytes beyond the limit are never buffered.
func WithMaxBytes(n int) Option {
	return func(z *Tokenizer) error {
		if n <= 0 || n > MaxBytesLimit {
			return fmt.Errorf("tokenizer: WithMaxBytes(%d): the limit must be positive and at most %d", n, MaxBytesLimit)
		}
		z.maxBytes = n
		return nil
	}
}

// WithScripting makes noscript a raw-text element, as in a browser that runs
// scripts. Off by default.
func WithScripting(on bool) Option {
	return func(z *Tokenizer) error {
		z.scripting = on
		return nil
	}
}

// textMode says how Text decodes the current token's data.
type textMode uint8

const (
	modeData    textMode = iota // entities decoded, NUL dropped
	modeRCData                  // entities decoded, NUL replaced
	modeRawText                 // NUL replaced only
)

// Tokenizer walks one document at a time; Reset starts the next. It is not
// safe for concurrent use. The zero value is not usable: call New.
type Tokenizer struct {
	buf  []byte // the document
	own  []byte // reusable read buffer for Reset
	pos  int    // next unread byte of buf
	err  error  // sticky error once the stream ends
	kind Kind

	start, end int // raw bytes of the current token

	// tags
	name             []byte
	lowerName        []byte
	tagAtom          atom.Atom
	attrPos, attrEnd int
	attrStart        int // attrPos right after the tag name, for RewindTagAttrs
	attrKey, attrVal []byte
	attrRaw          []byte // the value of the attribute TagAttrKey last read, undecoded
	attrHasVal       bool   // whether that attribute had a value ('=')

	// The attributes of the current tag as its scan found them, so that
	// TagAttrKey reads them without scanning the tag again: the first
	// nSpans (at most maxSpans) are in spans, and all of them when
	// spansAll; TagAttrKey reads spans[attrIdx] next, then scans on from
	// attrPos.
	spans    [maxSpans]attrSpan
	spanUp   uint32 // bit i: the key of spans[i] has ASCII capitals
	nSpans   int
	attrIdx  int
	spansAll bool

	// text, comment and doctype data
	dataStart, dataEnd int
	mode               textMode
	text               []byte // view of the input or of textBuf
	textBuf            []byte // decoded text, reused
	textOK             bool

	rawTag  []byte // lower-case name of the raw-text element whose content comes next
	rawBuf  [16]byte
	rawKind atom.Atom

	// Without scripting: noscript elements open (start tags less end
	// tags), and the raw-text element a "</noscript" cut short, whose
	// implied end tag Next returns next (see nextRaw).
	noscript    int
	impliedName []byte
	impliedAtom atom.Atom

	maxBytes  int
	scripting bool

	atoms [atomCacheSize]atomEntry // the tag-name cache (see fillAtom)
}

// maxSpans is how many attributes of a tag its scan records for
// TagAttrKey; the rest are scanned again when read.
const maxSpans = 16

// attrSpan is where an attribute's key and value are in the input; vs is
// -1 for an attribute without a value, and end is where the scan went on
// after it.
type attrSpan struct{ ks, ke, vs, ve, end int32 }

// atomEntry is a slot of a Tokenizer's tag-name cache: a name of at most
// eight bytes, zero-padded, its length, and its atom. A page uses a few
// dozen tag names over and over, and comparing one word costs less than
// hashing the name again. tag reads the slot itself (a call per tag cost
// more than the hit); fillAtom fills it.
type atomEntry struct {
	name uint64
	n    uint8
	a    atom.Atom
}

// atomCacheSize is the number of slots of the tag-name cache.
const atomCacheSize = 256

// fillAtom returns atom.Lookup(name) and caches it: the miss path of
// the tag-name cache.
func (z *Tokenizer) fillAtom(name []byte) atom.Atom {
	a := atom.Lookup(name)
	if w, slot, ok := atomKey(name); ok {
		z.atoms[slot] = atomEntry{name: w, n: uint8(len(name)), a: a}
	}
	return a
}

// atomKey returns a name's word and slot in the tag-name cache, and
// whether it is cached: names of 1 to 8 bytes whose array has 8 bytes from
// their start (all but the last name of a document, at most). The word is
// the name with the bytes after it, which the mask drops (its shift is
// below 64 for those lengths, which the &63 tells the compiler).
func atomKey(name []byte) (w uint64, slot uint8, ok bool) {
	n := len(name)
	if uint(n-1) >= 8 || cap(name) < 8 {
		return 0, 0, false
	}
	w = binary.LittleEndian.Uint64(name[:8]) & (^uint64(0) >> ((64 - 8*n) & 63))
	return w, uint8((w*0x9e3779b97f4a7c15 + uint64(n)) >> (64 - 8)), true
}

// New returns a Tokenizer configured by opts, with no document loaded.
func New(opts ...Option) (*Tokenizer, error) {
	z := &Tokenizer{maxBytes: DefaultMaxBytes}
	for _, o := range opts {
		if err := o(z); err != nil {
			return nil, err
		}
	}
	z.ResetBytes(nil)
	return z, nil
}

// MaxBytes returns the input limit that Reset enforces.
func (z *Tokenizer) MaxBytes() int { return z.maxBytes }

// ResetBytes starts tokenizing b, which must be UTF-8 (invalid sequences
// pass through unchanged). b is not copied and must not change while the
// Tokenizer uses it; no size limit applies.
func (z *Tokenizer) ResetBytes(b []byte) {
	z.buf = b
	z.pos = 0
	z.err = nil
	z.kind = ErrorToken
	z.rawTag = nil
	z.rawKind = 0
	z.noscript = 0
	z.impliedName, z.impliedAtom = nil, 0
	z.start, z.end = 0, 0
}

// maxEmptyReads bounds how often a reader may return (0, nil) in a row
// before Reset gives up, so that a broken reader cannot make it spin.
const maxEmptyReads = 100

// Reset reads the whole of r, up to the configured maximum, into the
// Tokenizer's reusable buffer and starts tokenizing it. If r holds more, Reset
// returns an error wrapping ErrTooLarge and the Tokenizer holds the first
// MaxBytes bytes. A read error is returned as is, with what was read loaded.
func (z *Tokenizer) Reset(r io.Reader) error {
	buf := z.own[:0]
	limit := z.maxBytes + 1 // one byte more tells "exactly the limit" from "over"
	var err error
	empty := 0
	for len(buf) < limit {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		room := buf[len(buf):min(cap(buf), limit)]
		n, rerr := r.Read(room)
		buf = buf[:len(buf)+n]
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			err = rerr
			break
		}
		if n == 0 {
			if empty++; empty >= maxEmptyReads {
				err = io.ErrNoProgress
				break
			}
		} else {
			empty = 0
		}
	}
	if len(buf) > z.maxBytes {
		buf = buf[:z.maxBytes]
		err = fmt.Errorf("%w (%d bytes)", ErrTooLarge, z.maxBytes)
	}
	z.own = buf
	z.ResetBytes(buf)
	return err
}

// Err returns the reason the stream ended: io.EOF after the whole input.
// It is nil while tokens remain.
func (z *Tokenizer) Err() error { return z.err }

// Raw returns the bytes of the current token as they are in the input:
// none for the end tag a "</noscript" implies (see the package doc).
func (z *Tokenizer) Raw() []byte { return z.buf[z.start:z.end] }

// Offset returns the byte offset of the current token in the input.
func (z *Tokenizer) Offset() int { return z.start }

// Input returns the document being tokenized.
func (z *Tokenizer) Input() []byte { return z.buf }

// TagName returns the lower-cased name of the current tag.
func (z *Tokenizer) TagName() []byte { return z.name }

// TagAtom returns the atom of the current tag's name, or 0 if the name is
// not one x/net/html/atom knows.
func (z *Tokenizer) TagAtom() atom.Atom { return z.tagAtom }

// Next scans the next token and returns its kind.
func (z *Tokenizer) Next() Kind {
	z.textOK = false
	z.name = nil
	z.tagAtom = 0
	if z.err != nil {
		z.kind = ErrorToken
		return ErrorToken
	}
	if z.impliedName != nil {
		return z.impliedEnd()
	}
	if z.rawTag != nil {
		if k, ok := z.nextRaw(); ok {
			return k
		}
		if z.impliedName != nil {
			return z.impliedEnd()
		}
	}
	b := z.buf
	start := z.pos
	for i := start; ; {
		// A token starts with markup more often than not (after every
		// text token, and after many tags): its '<' is tested before a
		// vector search, whose call costs more.
		j := 0
		if i >= len(b) || b[i] != '<' {
			j = bytes.IndexByte(b[i:], '<')
		}
		if j < 0 {
			if start < len(b) {
				return z.setData(TextToken, start, len(b), len(b), start, len(b), modeData)
			}
			return z.stop(io.EOF)
		}
		i += j
		if !z.opensMarkup(i) {
			i++
			continue
		}
		if i > start {
			// Emit the text first; the markup is scanned on the next call.
			return z.setData(TextToken, start, i, i, start, i, modeData)
		}
		if k, ok := z.markup(i); ok {
			return k
		}
		// Markup that yields no token (such as "</>"): go on after it.
		start = z.pos
		i = start
		if z.err != nil {
			return ErrorToken
		}
	}
}

// opensMarkup reports whether the '<' at i starts markup rather than text,
// which the standard decides by the next byte or two alone.
func (z *Tokenizer) opensMarkup(i int) bool {
	b := z.buf
	if i+1 >= len(b) {
		return false
	}
	c := b[i+1]
	switch {
	case isAlpha(c), c == '!', c == '?':
		return true
	case c == '/':
		return i+2 < len(b)
	}
	return false
}

func (z *Tokenizer) stop(err error) Kind {
	z.err = err
	z.kind = ErrorToken
	z.start, z.end = len(z.buf), len(z.buf)
	z.pos = len(z.buf)
	return ErrorToken
}

func (z *Tokenizer) setData(k Kind, start, end, next, ds, de int, m textMode) Kind {
	z.kind = k
	z.start, z.end, z.pos = start, end, next
	z.dataStart, z.dataEnd = ds, de
	z.mode = m
	return k
}

// markup scans the markup starting with the '<' at i. It reports false when
// the markup yields no token; z.pos is then past it (or z.err is set).
func (z *Tokenizer) markup(i int) (Kind, bool) {
	b := z.buf
	c := b[i+1]
	switch {
	case isAlpha(c):
		return z.tag(i, i+1, StartTagToken)
	case c == '/':
		if isAlpha(b[i+2]) {
			return z.tag(i, i+2, EndTagToken)
		}
		if b[i+2] == '>' {
			z.pos = i + 3
			return ErrorToken, false
		}
		return z.bogusComment(i, i+2), true
	case c == '?':
		return z.bogusComment(i, i+1), true
	}
	// "<!"
	if bytes.HasPrefix(b[i+2:], []byte("--")) {
		return z.comment(i), true
	}
	if hasPrefixFold(b[i+2:], "doctype") {
		ds := i + 9
		end := bytes.IndexByte(b[ds:], '>')
		if end < 0 {
			return z.setData(DoctypeToken, i, len(b), len(b), ds, len(b), modeRawText), true
		}
		return z.setData(DoctypeToken, i, ds+end+1, ds+end+1, ds, ds+end, modeRawText), true
	}
	return z.bogusComment(i, i+2), true
}

func (z *Tokenizer) bogusComment(i, ds int) Kind {
	b := z.buf
	end := bytes.IndexByte(b[ds:], '>')
	if end < 0 {
		return z.setData(CommentToken, i, len(b), len(b), ds, len(b), modeRawText)
	}
	return z.setData(CommentToken, i, ds+end+1, ds+end+1, ds, ds+end, modeRawText)
}

// comment scans "<!--" at i to its end: "-->", "--!>", or the end of input.
func (z *Tokenizer) comment(i int) Kind {
	b := z.buf
	ds := i + 4
	// "<!-->" and "<!--->" are complete, empty comments.
	if ds < len(b) && b[ds] == '>' {
		return z.setData(CommentToken, i, ds+1, ds+1, ds, ds, modeRawText)
	}
	if ds+1 < len(b) && b[ds] == '-' && b[ds+1] == '>' {
		return z.setData(CommentToken, i, ds+2, ds+2, ds, ds, modeRawText)
	}
	for p := ds; ; {
		j := bytes.Index(b[p:], []byte("--"))
		if j < 0 {
			return z.setData(CommentToken, i, len(b), len(b), ds, len(b), modeRawText)
		}
		p += j
		rest := b[p+2:]
		switch {
		case len(rest) > 0 && rest[0] == '>':
			return z.setData(CommentToken, i, p+3, p+3, ds, p, modeRawText)
		case len(rest) > 1 && rest[0] == '!' && rest[1] == '>':
			return z.setData(CommentToken, i, p+4, p+4, ds, p, modeRawText)
		}
		p++
	}
}

// tag scans a start or end tag (kind StartTagToken or EndTagToken) whose
// name begins at ns. A tag cut off by the end of input yields no token and
// ends the stream.
func (z *Tokenizer) tag(i, ns int, kind Kind) (Kind, bool) {
	b := z.buf
	rest := b[ns:]
	ne, up := len(rest), uint8(0)
	for j, c := range rest {
		k := attrClass[c]
		if k&aNameEnd != 0 {
			ne = j
			break
		}
		up |= k
	}
	ne += ns
	// The name, its atom and what the end needs are stored before the
	// attributes are scanned, so that their loops have the registers.
	z.name = b[ns:ne]
	if up&aUpper != 0 {
		z.name = lowerInto(&z.lowerName, z.name)
	}
	if w, slot, ok := atomKey(z.name); ok && z.atoms[slot].name == w && int(z.atoms[slot].n) == len(z.name) {
		z.tagAtom = z.atoms[slot].a
	} else {
		z.tagAtom = z.fillAtom(z.name)
	}
	z.kind = kind
	z.start, z.attrPos, z.attrStart = i, ne, ne
	b = z.buf
	p := ne
	selfClosing := false
	n, spanUp := 0, uint32(0)
loop:
	for p < len(b) {
		switch c := b[p]; {
		case c == '>':
			break loop
		case attrClass[c]&aSpace != 0:
			p++
		case c == '/':
			if p+1 < len(b) && b[p+1] == '>' {
				selfClosing = true
				p++
				break loop
			}
			p++
		default:
			// An attribute: its key, and its value if it has one.
			ks := p
			up := attrClass[c]
			p++ // the first byte belongs to the name even if it is '='
			for p < len(b) {
				k := attrClass[b[p]]
				if k&aKeyEnd != 0 {
					break
				}
				up |= k
				p++
			}
			ke, vs, ve := p, -1, -1
			p = skipSpace(b, p)
			if p < len(b) && b[p] == '=' {
				p = skipSpace(b, p+1)
				if p < len(b) && (b[p] == '"' || b[p] == '\'') {
					k := bytes.IndexByte(b[p+1:], b[p])
					if k < 0 {
						p = len(b)
						break loop
					}
					vs, ve = p+1, p+1+k
					p = ve + 1
				} else {
					vs = p
					for p < len(b) && attrClass[b[p]]&aValueEnd == 0 {
						p++
					}
					ve = p
				}
			}
			if n < maxSpans {
				z.spans[n] = attrSpan{int32(ks), int32(ke), int32(vs), int32(ve), int32(p)}
				spanUp |= uint32(up&aUpper) >> aUpperShift << n
			}
			n++
		}
	}
	if p >= len(b) {
		z.name, z.tagAtom = nil, 0
		z.stop(io.EOF)
		return ErrorToken, true
	}
	z.end, z.pos = p+1, p+1
	z.attrEnd = p
	z.nSpans, z.spansAll, z.spanUp, z.attrIdx = min(n, maxSpans), n <= maxSpans, spanUp, 0
	if selfClosing {
		z.attrEnd = p - 1
	}
	if z.tagAtom == atom.Noscript && !z.scripting {
		if kind == StartTagToken {
			z.noscript++
		} else if z.noscript > 0 {
			z.noscript--
		}
	}
	if kind == EndTagToken {
		return EndTagToken, true
	}
	if selfClosing {
		z.kind = SelfClosingTagToken
	}
	// The self-closing flag does not stop raw text: "<script/>" still opens script data.
	if z.isRawText(z.tagAtom) {
		z.rawKind = z.tagAtom
		z.rawTag = append(z.rawBuf[:0], z.name...)
	}
	return z.kind, true
}

func (z *Tokenizer) isRawText(a atom.Atom) bool {
	switch a {
	case atom.Script, atom.Style, atom.Xmp, atom.Iframe, atom.Noembed, atom.Noframes,
		atom.Plaintext, atom.Title, atom.Textarea:
		return true
	case atom.Noscript:
		return z.scripting
	}
	return false
}

// nextRaw returns the content of the raw-text element just opened, up to its
// end tag. It reports false when the content is empty.
func (z *Tokenizer) nextRaw() (Kind, bool) {
	b := z.buf
	start := z.pos
	kind := z.rawKind
	var end int
	switch kind {
	case atom.Plaintext:
		end = len(b)
	case atom.Script:
		end = z.scriptEnd(start)
	default:
		end = z.rawEnd(start)
	}
	// Inside a noscript parsed as markup, raw text ends at "</noscript",
	// where a browser running scripts ends the noscript, so that
	// `<noscript><iframe src=x/></noscript>`, whose iframe is never
	// closed, does not take the rest of the page for its text.
	if z.noscript > 0 {
		if p := z.endTagIn(start, end, noscriptName); p >= 0 {
			end = p
			z.impliedName, z.impliedAtom = z.rawTag, kind
		}
	}
	z.rawTag = nil
	z.rawKind = 0
	if end == start {
		return ErrorToken, false
	}
	mode := modeRawText
	if kind == atom.Title || kind == atom.Textarea {
		mode = modeRCData
	}
	return z.setData(TextToken, start, end, end, start, end, mode), true
}

// impliedEnd returns the end tag of the raw-text element a "</noscript"
// cut short (see nextRaw): an EndTagToken without attributes whose Raw
// is empty, at the "</noscript".
func (z *Tokenizer) impliedEnd() Kind {
	z.name, z.tagAtom = z.impliedName, z.impliedAtom
	z.impliedName, z.impliedAtom = nil, 0
	z.kind = EndTagToken
	z.start, z.end = z.pos, z.pos
	z.attrPos, z.attrEnd, z.attrStart = z.pos, z.pos, z.pos
	z.nSpans, z.spansAll, z.spanUp, z.attrIdx = 0, true, 0, 0
	return EndTagToken
}

// noscriptName is the name endTagIn looks for inside a noscript.
var noscriptName = []byte("noscript")

// rawEnd finds the appropriate end tag ("</" + the element's name + a space,
// '/' or '>') at or after p, or the end of input.
func (z *Tokenizer) rawEnd(p int) int {
	if e := z.endTagIn(p, len(z.buf), z.rawTag); e >= 0 {
		return e
	}
	return len(z.buf)
}

// endTagIn returns where the first end tag named name (lower case)
// starts in [p, end), or -1.
func (z *Tokenizer) endTagIn(p, end int, name []byte) int {
	b := z.buf[:end]
	for {
		j := bytes.Index(b[p:], []byte("</"))
		if j < 0 {
			return -1
		}
		p += j
		if z.endTagAt(p, name) {
			return p
		}
		p += 2
	}
}

func (z *Tokenizer) endTagAt(p int, name []byte) bool {
	b := z.buf
	n := len(name)
	if p+2+n > len(b) || !hasPrefixFold(b[p+2:], name) {
		return false
	}
	// "</name" cut off by the end of input is text, not an end tag.
	q := p + 2 + n
	return q < len(b) && (isSpace(b[q]) || b[q] == '/' || b[q] == '>')
}

// scriptEnd finds the end of script data starting at p, honouring the
// standard's escaped and double-escaped states: inside "<!--", a nested
// "<script>" hides "</script>" until "-->".
func (z *Tokenizer) scriptEnd(p int) int {
	b := z.buf
	const (
		plain = iota
		escaped
		double
	)
	state := plain
	for p < len(b) {
		if state == plain {
			j := bytes.IndexByte(b[p:], '<')
			if j < 0 {
				return len(b)
			}
			p += j
			switch {
			case z.endTagAt(p, z.rawTag):
				return p
			case bytes.HasPrefix(b[p:], []byte("<!--")):
				state = escaped
				p += 4
				// "<!-->" and "<!--->" leave the escape at once.
				if p < len(b) && b[p] == '>' {
					state = plain
				}
				continue
			}
			p++
			continue
		}
		switch c := b[p]; {
		case c == '-' && bytes.HasPrefix(b[p:], []byte("-->")):
			state = plain
			p += 3
		case c == '<' && state == escaped && z.endTagAt(p, z.rawTag):
			return p
		case c == '<' && state == escaped && scriptTagAt(b, p+1):
			state = double
			p += 7
		case c == '<' && state == double && b[min(p+1, len(b)-1)] == '/' && scriptTagAt(b, p+2):
			state = escaped
			p += 8
		default:
			p++
		}
	}
	return len(b)
}

// scriptTagAt reports whether "script" followed by a space, '/' or '>' starts at p.
func scriptTagAt(b []byte, p int) bool {
	if p+6 >= len(b) || !hasPrefixFold(b[p:], "script") {
		return false
	}
	c := b[p+6]
	return isSpace(c) || c == '/' || c == '>'
}

// Text returns the text of the current text, comment or doctype token:
// character references decoded in text and escapable raw text, CR LF and CR
// turned into LF, U+0000 dropped in text and replaced by U+FFFD elsewhere.
// It is nil for other tokens.
func (z *Tokenizer) Text() []byte {
	switch z.kind {
	case TextToken, CommentToken, DoctypeToken:
	default:
		return nil
	}
	if z.textOK {
		return z.text
	}
	z.textOK = true
	d := z.buf[z.dataStart:z.dataEnd]
	if !z.needsDecoding(d) {
		z.text = d
		return d
	}
	z.textBuf = decode(z.textBuf[:0], d, z.mode)
	z.text = z.textBuf
	return z.text
}

// shortText is the length below which needsDecoding tests the bytes one
// by one: for the many short text tokens (the whitespace between tags) the
// three calls of a vector search cost more than the bytes.
const shortText = 32

// needsDecoding reports whether d, the current token's data, holds bytes
// that Text changes: '\r', NUL, and '&' unless the token is raw text.
func (z *Tokenizer) needsDecoding(d []byte) bool {
	if len(d) < shortText {
		for _, c := range d {
			if decodeStop[c] && (c != '&' || z.mode != modeRawText) {
				return true
			}
		}
		return false
	}
	return bytes.IndexByte(d, '\r') >= 0 || bytes.IndexByte(d, 0) >= 0 ||
		z.mode != modeRawText && bytes.IndexByte(d, '&') >= 0
}

// decodeStop marks the bytes Text may change: '&', '\r' and NUL.
var decodeStop = [256]bool{'&': true, '\r': true, 0: true}

// AppendDecoded appends part, a piece of the current token's text as
// written (a subslice of Raw within the token's text), to dst decoded as
// Text decodes the whole token. Pieces cut anywhere except inside a
// character reference or between a CR and its LF decode, one after the
// other, to Text: a caller that needs the token in pieces as written (one
// per character reference, say) gets each piece's text without knowing
// the token's rules, which depend on the element the text is in. For
// tokens other than text, comment and doctype it appends part unchanged.
func (z *Tokenizer) AppendDecoded(dst, part []byte) []byte {
	switch z.kind {
	case TextToken, CommentToken, DoctypeToken:
		return decode(dst, part, z.mode)
	}
	return append(dst, part...)
}

// AppendCharRef decodes the character reference at the start of s as Text
// decodes one in text: it appends the reference's characters to dst and
// returns dst and the number of bytes of s the reference takes. Where s
// begins with an '&' that starts no reference, it appends '&' and returns
// 1; where s does not begin with '&', it appends nothing and returns 0.
// It decodes regardless of context, also what Text leaves as written (in
// script, say), so a caller can tell a reference from text that only
// looks like one.
func AppendCharRef(dst, s []byte) ([]byte, int) {
	if len(s) == 0 || s[0] != '&' {
		return dst, 0
	}
	return appendCharRef(dst, s, false)
}

// decode appends d to dst as Text describes.
func decode(dst, d []byte, mode textMode) []byte {
	// The next '&', '\r' and NUL at or after i, each found by a vector
	// search and searched again once passed: the runs between them are
	// copied whole, however long (a script with CRLF line ends, say).
	amp := len(d) // raw text decodes no references
	if mode != modeRawText {
		amp = indexFrom(d, '&', 0)
	}
	cr, nul := indexFrom(d, '\r', 0), indexFrom(d, 0, 0)
	for i := 0; i < len(d); {
		j := min(amp, cr, nul)
		dst = append(dst, d[i:j]...)
		if i = j; i == len(d) {
			break
		}
		switch d[i] {
		case '&':
			var n int
			dst, n = appendCharRef(dst, d[i:], false)
			i += n
		case '\r':
			dst = append(dst, '\n')
			i++
			if i < len(d) && d[i] == '\n' {
				i++
			}
		default: // NUL
			if mode != modeData {
				dst = append(dst, "\uFFFD"...)
			}
			i++
		}
		if amp < i {
			amp = indexFrom(d, '&', i)
		}
		if cr < i {
			cr = indexFrom(d, '\r', i)
		}
		if nul < i {
			nul = indexFrom(d, 0, i)
		}
	}
	return dst
}

// indexFrom returns the index of the first c in d at or after from, or
// len(d).
func indexFrom(d []byte, c byte, from int) int {
	if j := bytes.IndexByte(d[from:], c); j >= 0 {
		return from + j
	}
	return len(d)
}

// RewindTagAttrs makes the next TagAttr return the current tag's first
// attribute again, so that several readers can each walk them.
func (z *Tokenizer) RewindTagAttrs() { z.attrPos, z.attrIdx = z.attrStart, 0 }

// TagAttr returns the next attribute of the current tag: its lower-cased
// key, its value with character references decoded, and whether more
// attributes follow. Views change on the next call to TagAttr or Next; a
// value without character references is a view into the input itself, so
// callers must not modify it.
func (z *Tokenizer) TagAttr() (key, val []byte, more bool) {
	key, more = z.TagAttrKey()
	if key == nil {
		return nil, nil, false
	}
	return key, z.TagAttrValue(), more
}

// TagAttrKey is TagAttr without the value: it returns the next attribute's
// lower-cased key and whether more attributes follow, and skips the value
// without decoding it. TagAttrValue then returns the value, for the
// callers that need it.
func (z *Tokenizer) TagAttrKey() (key []byte, more bool) {
	if i := z.attrIdx; i < z.nSpans {
		// Recorded by the tag's scan.
		s := &z.spans[i]
		z.attrIdx++
		key = z.buf[s.ks:s.ke]
		if z.spanUp>>i&1 != 0 {
			key = lowerInto(&z.attrKey, key)
		}
		z.attrRaw, z.attrHasVal = nil, s.vs >= 0
		if z.attrHasVal {
			z.attrRaw = z.buf[s.vs:s.ve]
		}
		z.attrPos = int(s.end)
		return key, z.attrIdx < z.nSpans || !z.spansAll
	}
	if z.spansAll {
		z.attrRaw, z.attrHasVal = nil, false
		return nil, false
	}
	return z.scanAttrKey()
}

// scanAttrKey is TagAttrKey for the attributes the tag's scan did not
// record: it scans the next one from attrPos.
func (z *Tokenizer) scanAttrKey() (key []byte, more bool) {
	b := z.buf[:z.attrEnd]
	p := z.attrPos
	for p < len(b) && attrClass[b[p]]&aSkip != 0 {
		p++
	}
	z.attrRaw, z.attrHasVal = nil, false
	if p >= len(b) {
		z.attrPos = p
		return nil, false
	}
	ks := p
	up := attrClass[b[p]]
	p++
	for p < len(b) {
		k := attrClass[b[p]]
		if k&aKeyEnd != 0 {
			break
		}
		up |= k
		p++
	}
	key = b[ks:p]
	if up&aUpper != 0 {
		key = lowerInto(&z.attrKey, key)
	}
	q := skipSpace(b, p)
	if q < len(b) && b[q] == '=' {
		q = skipSpace(b, q+1)
		if q < len(b) && (b[q] == '"' || b[q] == '\'') {
			k := bytes.IndexByte(b[q+1:], b[q])
			if k < 0 {
				k = len(b) - q - 1
			}
			z.attrRaw = b[q+1 : q+1+k]
			q = min(q+1+k+1, len(b))
		} else {
			vs := q
			for q < len(b) && attrClass[b[q]]&aSpace == 0 {
				q++
			}
			z.attrRaw = b[vs:q]
		}
		z.attrHasVal = true
	}
	p = q
	z.attrPos = p
	for p < len(b) && attrClass[b[p]]&aSkip != 0 {
		p++
	}
	return key, p < len(b)
}

// TagAttrValue returns the value, with character references decoded, of
// the attribute TagAttrKey last returned (empty if it had none). It is
// valid as TagAttr's value is.
func (z *Tokenizer) TagAttrValue() []byte {
	raw := z.attrRaw
	if !z.attrHasVal {
		return z.attrVal[:0]
	}
	if bytes.IndexByte(raw, '&') < 0 {
		// Nothing to decode: a view into the input, no copy.
		return raw
	}
	val := z.attrVal[:0]
	for i := 0; i < len(raw); {
		if raw[i] == '&' {
			var n int
			val, n = appendCharRef(val, raw[i:], true)
			i += n
			continue
		}
		j := bytes.IndexByte(raw[i+1:], '&')
		if j < 0 {
			j = len(raw) - i - 1
		}
		val = append(val, raw[i:i+1+j]...)
		i += 1 + j
	}
	z.attrVal = val
	return val
}

// attrClass classifies the bytes of tags: aSpace for whitespace, aSkip
// for the separators before an attribute's key (whitespace and '/'),
// aKeyEnd for the bytes that end a key (the same, '=' and '>'), aNameEnd
// for those that end a tag name (whitespace, '/' and '>'), aValueEnd for
// those that end an unquoted value (whitespace and '>'), aUpper for ASCII
// capitals. One table lookup per byte replaces a chain of comparisons.
var attrClass = func() (t [256]uint8) {
	for _, c := range []byte(" \n\t\f\r") {
		t[c] |= aSpace | aSkip | aKeyEnd | aNameEnd | aValueEnd
	}
	t['/'] |= aSkip | aKeyEnd | aNameEnd
	t['='] |= aKeyEnd
	t['>'] |= aKeyEnd | aNameEnd | aValueEnd
	for c := 'A'; c <= 'Z'; c++ {
		t[c] |= aUpper
	}
	return t
}()

const (
	aSkip = 1 << iota
	aKeyEnd
	aUpper
	aSpace
	aNameEnd
	aValueEnd
)

// aUpperShift is log2 of aUpper.
const aUpperShift = 2

// lowerInto returns s lower-cased (ASCII), using *scratch only when s has
// upper-case letters.
func lowerInto(scratch *[]byte, s []byte) []byte {
	for i, c := range s {
		if 'A' <= c && c <= 'Z' {
			out := append((*scratch)[:0], s...)
			for j := i; j < len(out); j++ {
				if c := out[j]; 'A' <= c && c <= 'Z' {
					out[j] = c + 'a' - 'A'
				}
			}
			*scratch = out
			return out
		}
	}
	return s
}

func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\f' || c == '\r' }

func skipSpace(b []byte, p int) int {
	for p < len(b) && attrClass[b[p]]&aSpace != 0 {
		p++
	}
	return p
}

// hasPrefixFold reports whether b starts with the lower-case ASCII word s,
// ignoring ASCII case.
func hasPrefixFold[S ~string | ~[]byte](b []byte, s S) bool {
	if len(b) < len(s) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if b[i]|0x20 != s[i] {
			return false
		}
	}
	return true
}
