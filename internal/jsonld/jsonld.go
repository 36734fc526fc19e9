// Package jsonld parses the JSON of a page's JSON-LD scripts into a flat
// tree of nodes held in reused slices, so that a warm Doc parses a page's
// scripts without allocating. It is lenient the way pages need: a script
// may wrap its JSON in HTML comment or CDATA markers, hold several values
// one after another, leave trailing commas, or put raw control characters
// in strings. A script that is not JSON even so is dropped whole.
//
// It reads JSON, not JSON-LD's data model: @context is not expanded, and
// @id references are left to the reader (Doc.ByID finds the object an @id
// names).
package jsonld

import (
	"bytes"
	"unicode/utf16"
	"unicode/utf8"
)

// Kind is the JSON type of a node.
type Kind uint8

// The kinds of node.
const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

// None is the index that means "no node".
const None = -1

// Node is one JSON value. Children of arrays and objects are linked from
// First through Next; an object's children carry their member names.
type Node struct {
	Kind   Kind
	Parent int32 // None for a root
	First  int32 // first child, None if none
	Next   int32 // next sibling, None if last
	last   int32 // last child, for appending
	key    span  // member name, decoded, in the arena
	val    span  // decoded string, or a number's or literal's text
}

type span struct{ start, end int32 }

// Default limits.
const (
	DefaultMaxNodes = 1 << 16
	DefaultMaxDepth = 64
)

// Doc holds the values of every script added since the last Reset. Roots
// are the top-level values, in the order they were added. The zero Doc is
// ready to use with the default limits.
type Doc struct {
	Nodes []Node
	Roots []int32

	// MaxNodes bounds the nodes kept over all scripts (DefaultMaxNodes
	// when 0): a script that would go past it is dropped. MaxDepth bounds
	// nesting (DefaultMaxDepth when 0): a deeper script is dropped.
	MaxNodes, MaxDepth int

	arena []byte
	src   []byte
	pos   int
	depth int
	bad   bool
}

// Reset forgets every value, keeping the memory.
func (d *Doc) Reset() {
	d.Nodes, d.Roots, d.arena = d.Nodes[:0], d.Roots[:0], d.arena[:0]
	d.src = nil
}

// Add parses the text of one script and adds its values as roots. It
// reports whether the whole script parsed; when it did not, none of it is
// kept.
func (d *Doc) Add(script []byte) bool {
	nodes, roots, arena := len(d.Nodes), len(d.Roots), len(d.arena)
	d.src, d.pos, d.bad = script, 0, false
	any := false
	for {
		d.skipJunk()
		if d.pos >= len(d.src) {
			break
		}
		c := d.src[d.pos]
		if c != '{' && c != '[' {
			d.bad = true
			break
		}
		d.depth = 0
		n := d.value(None)
		if d.bad {
			break
		}
		d.Roots = append(d.Roots, n)
		any = true
		// Values may follow one another, with or without commas.
		d.skipSpace()
		if d.pos < len(d.src) && (d.src[d.pos] == ',' || d.src[d.pos] == ';') {
			d.pos++
		}
	}
	d.src = nil
	if d.bad {
		d.Nodes, d.Roots, d.arena = d.Nodes[:nodes], d.Roots[:roots], d.arena[:arena]
		return false
	}
	return any
}

// skipJunk skips white space and the comment and CDATA markers pages wrap
// scripts in ("<!--", "-->", "<![CDATA[", "]]>", "//" and "/* */"
// comments).
func (d *Doc) skipJunk() {
	for {
		d.skipSpace()
		rest := d.src[d.pos:]
		switch {
		case bytes.HasPrefix(rest, []byte("<!--")):
			d.pos += 4
		case bytes.HasPrefix(rest, []byte("-->")):
			d.pos += 3
		case bytes.HasPrefix(rest, []byte("<![CDATA[")):
			d.pos += 9
		case bytes.HasPrefix(rest, []byte("]]>")):
			d.pos += 3
		case bytes.HasPrefix(rest, []byte("//")):
			if i := bytes.IndexByte(rest, '\n'); i >= 0 {
				d.pos += i + 1
			} else {
				d.pos = len(d.src)
			}
		case bytes.HasPrefix(rest, []byte("/*")):
			if i := bytes.Index(rest[2:], []byte("*/")); i >= 0 {
				d.pos += i + 4
			} else {
				d.pos = len(d.src)
			}
		default:
			return
		}
	}
}

func (d *Doc) skipSpace() {
	for d.pos < len(d.src) {
		switch d.src[d.pos] {
		case ' ', '\t', '\n', '\r', '\f', 0xa0:
			d.pos++
		default:
			return
		}
	}
}

func (d *Doc) limits() (nodes, depth int) {
	nodes, depth = d.MaxNodes, d.MaxDepth
	if nodes <= 0 {
		nodes = DefaultMaxNodes
	}
	if depth <= 0 {
		depth = DefaultMaxDepth
	}
	return nodes, depth
}

// newNode appends a node of kind k under parent and returns its index.
func (d *Doc) newNode(k Kind, parent int32, key span) int32 {
	maxNodes, _ := d.limits()
	if len(d.Nodes) >= maxNodes || len(d.Nodes) >= 1<<31-1 {
		d.bad = true
		return None
	}
	i := int32(len(d.Nodes))
	d.Nodes = append(d.Nodes, Node{Kind: k, Parent: parent, First: None, Next: None, last: None, key: key})
	if parent != None {
		p := &d.Nodes[parent]
		if p.last == None {
			p.First = i
		} else {
			d.Nodes[p.last].Next = i
		}
		p.last = i
	}
	return i
}

// value parses the value at d.pos as a child of parent.
func (d *Doc) value(parent int32) int32 { return d.member(parent, span{}) }

// member parses the value at d.pos as a child of parent named key.
func (d *Doc) member(parent int32, key span) int32 {
	d.skipSpace()
	if d.pos >= len(d.src) {
		d.bad = true
		return None
	}
	switch c := d.src[d.pos]; {
	case c == '{' || c == '[':
		_, maxDepth := d.limits()
		if d.depth++; d.depth > maxDepth {
			d.bad = true
			return None
		}
		k, end := Object, byte('}')
		if c == '[' {
			k, end = Array, ']'
		}
		n := d.newNode(k, parent, key)
		if d.bad {
			return None
		}
		d.pos++
		for !d.bad {
			d.skipSpace()
			if d.pos >= len(d.src) {
				d.bad = true
				break
			}
			if d.src[d.pos] == end {
				d.pos++
				break
			}
			if d.src[d.pos] == ',' { // leading, doubled or trailing commas
				d.pos++
				continue
			}
			if k == Array {
				d.value(n)
				continue
			}
			if d.src[d.pos] != '"' {
				d.bad = true
				break
			}
			d.pos++
			name := d.str()
			d.skipSpace()
			if d.pos >= len(d.src) || d.src[d.pos] != ':' {
				d.bad = true
				break
			}
			d.pos++
			d.member(n, name)
		}
		d.depth--
		return n
	case c == '"':
		n := d.newNode(String, parent, key)
		if d.bad {
			return None
		}
		d.pos++
		s := d.str()
		d.Nodes[n].val = s
		return n
	default:
		start := d.pos
		for d.pos < len(d.src) {
			c := d.src[d.pos]
			if c == ',' || c == '}' || c == ']' || c == ' ' || c == '\n' || c == '\r' || c == '\t' {
				break
			}
			d.pos++
		}
		lit := d.src[start:d.pos]
		k := Number
		switch string(lit) {
		case "null":
			k = Null
		case "true", "false":
			k = Bool
		default:
			if len(lit) == 0 || !isNumber(lit) {
				d.bad = true
				return None
			}
		}
		n := d.newNode(k, parent, key)
		if d.bad {
			return None
		}
		a := int32(len(d.arena))
		d.arena = append(d.arena, lit...)
		d.Nodes[n].val = span{a, int32(len(d.arena))}
		return n
	}
}

func isNumber(b []byte) bool {
	for _, c := range b {
		if !('0' <= c && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E') {
			return false
		}
	}
	return true
}

// str decodes the string at d.pos (after its opening quote) into the arena
// and returns its span; d.pos ends after the closing quote.
func (d *Doc) str() span {
	start := int32(len(d.arena))
	s := d.src
	for d.pos < len(s) {
		c := s[d.pos]
		if c == '"' {
			d.pos++
			return span{start, int32(len(d.arena))}
		}
		if c != '\\' {
			// Copy a run of plain bytes at once.
			j := d.pos + 1
			for j < len(s) && s[j] != '"' && s[j] != '\\' {
				j++
			}
			d.arena = append(d.arena, s[d.pos:j]...)
			d.pos = j
			continue
		}
		if d.pos+1 >= len(s) {
			break
		}
		e := s[d.pos+1]
		d.pos += 2
		switch e {
		case 'n':
			d.arena = append(d.arena, '\n')
		case 't':
			d.arena = append(d.arena, '\t')
		case 'r':
			d.arena = append(d.arena, '\r')
		case 'b', 'f':
			d.arena = append(d.arena, ' ')
		case 'u':
			r, n := jsonRune(s[d.pos:])
			d.pos += n
			d.arena = utf8.AppendRune(d.arena, r)
		default:
			d.arena = append(d.arena, e)
		}
	}
	d.bad = true
	return span{start, int32(len(d.arena))}
}

// AppendString appends the decoded JSON string that s starts with (after
// its opening quote) to dst and returns how many bytes of s it used,
// closing quote included. Escaped line breaks and tabs become spaces.
func AppendString(dst, s []byte) ([]byte, int) {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"':
			return dst, i + 1
		case c != '\\':
			dst = append(dst, c)
			i++
			continue
		case i+1 == len(s):
			return dst, len(s)
		}
		e := s[i+1]
		i += 2
		switch e {
		case 'n', 'r', 't', 'b', 'f':
			dst = append(dst, ' ')
		case 'u':
			r, n := jsonRune(s[i:])
			i += n
			dst = utf8.AppendRune(dst, r)
		default:
			dst = append(dst, e)
		}
	}
	return dst, len(s)
}

// jsonRune decodes the hex digits after a \u escape, with a following low
// surrogate when there is one, and returns the rune and the bytes used.
func jsonRune(s []byte) (rune, int) {
	r, ok := hex4(s)
	if !ok {
		return utf8.RuneError, 0
	}
	if utf16.IsSurrogate(r) && len(s) >= 10 && s[4] == '\\' && s[5] == 'u' {
		if r2, ok := hex4(s[6:]); ok {
			if dr := utf16.DecodeRune(r, r2); dr != utf8.RuneError {
				return dr, 10
			}
		}
	}
	return r, 4
}

func hex4(s []byte) (rune, bool) {
	if len(s) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range s[:4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c|0x20 && c|0x20 <= 'f':
			c = c | 0x20 - 'a' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// Key returns the member name of node n (nil for array elements and
// roots). The slice is valid until the next Add or Reset.
func (d *Doc) Key(n int32) []byte {
	k := d.Nodes[n].key
	return d.arena[k.start:k.end]
}

// Value returns node n's decoded string, or the text of a number or
// literal; nil for arrays and objects. The slice is valid until the next
// Add or Reset.
func (d *Doc) Value(n int32) []byte {
	v := d.Nodes[n].val
	return d.arena[v.start:v.end]
}

// Get returns the member of object n named key, or None.
func (d *Doc) Get(n int32, key string) int32 {
	if n == None || d.Nodes[n].Kind != Object {
		return None
	}
	for c := d.Nodes[n].First; c != None; c = d.Nodes[c].Next {
		if string(d.Key(c)) == key {
			return c
		}
	}
	return None
}

// GetString returns the string value of the member of object n named key,
// or nil when there is none or it is not a string.
func (d *Doc) GetString(n int32, key string) []byte {
	c := d.Get(n, key)
	if c == None || d.Nodes[c].Kind != String {
		return nil
	}
	return d.Value(c)
}

// ByID returns the first object whose "@id" is id, other than skip, or
// None.
func (d *Doc) ByID(id []byte, skip int32) int32 {
	if len(id) == 0 {
		return None
	}
	for i := range d.Nodes {
		n := &d.Nodes[i]
		if n.Kind != String || n.Parent == None || n.Parent == skip || string(d.Key(int32(i))) != "@id" {
			continue
		}
		if bytes.Equal(d.Value(int32(i)), id) && d.hasOtherMembers(n.Parent) {
			return n.Parent
		}
	}
	return None
}

// hasOtherMembers reports whether object n has members besides "@id": a
// reference ({"@id": ...} alone) is not the object it names.
func (d *Doc) hasOtherMembers(n int32) bool {
	for c := d.Nodes[n].First; c != None; c = d.Nodes[c].Next {
		if string(d.Key(c)) != "@id" {
			return true
		}
	}
	return false
}
