package charset

import "bytes"

// This file follows the HTML Standard, 13.2.3.2 "Determining the character
// encoding": "prescan a byte stream to determine its encoding", "get an
// attribute", "get an XML encoding" and "the algorithm for extracting a
// character encoding from a meta element". Where the standard lowercases
// names and values into new strings, this code keeps subslices of the input
// and compares them ignoring ASCII case, so that prescanning never allocates.

// prescan returns the canonical name of the encoding b declares, or "" if it
// declares none, together with the first unrecognised label that would
// otherwise have been used. Running out of bytes anywhere ends the scan, as
// the standard's end condition does, so a declaration cut by the end of b
// does not count.
func prescan(b []byte) (name string, unknown []byte) {
	// A UTF-16 "<?x" without a byte order mark: the document really is UTF-16.
	if bytes.HasPrefix(b, []byte("<\x00?\x00x\x00")) {
		return nameUTF16LE, nil
	}
	if bytes.HasPrefix(b, []byte("\x00<\x00?\x00x")) {
		return nameUTF16BE, nil
	}
	name, unknown = scanTags(b, false)
	if name != "" {
		return name, unknown
	}
	name, bad := xmlEncoding(b)
	if unknown == nil {
		unknown = bad
	}
	return name, unknown
}

// scanHead looks for a <meta> declaration inside head, for documents whose
// declaration the prescan did not find in its first bytes (browsers honour
// it: the HTML Standard's tree builder changes the encoding when it meets
// one, and Chromium's prescan reads to the end of head). It is the prescan
// with head's bounds: it stops at the first tag a tree builder would end
// head at (</head>, <body> or any other start tag that head cannot hold,
// such as <div>) and skips the content of script, style, title, noframes,
// noscript and template (raw text, or inert) instead of reading tags in it. b should
// start at the document's start; the caller bounds its length.
func scanHead(b []byte) (name string, unknown []byte) {
	return scanTags(b, true)
}

// headTag says what a tag does to scanHead's search.
type headTag uint8

const (
	inHead  headTag = iota // head can hold it: go on
	endHead                // it ends head: stop
	rawText                // go on after its content, which holds no tags
)

// classifyHeadTag returns what the tag named name does in head, as the
// tree builder's "in head" insertion mode treats it.
func classifyHeadTag(name []byte, end bool) headTag {
	if end {
		// </head>, and </body>, </html>, </br> which also close head; the
		// builder ignores other end tags there.
		if equalFold(name, "head") || equalFold(name, "body") || equalFold(name, "html") || equalFold(name, "br") {
			return endHead
		}
		return inHead
	}
	switch {
	// noscript is raw text with scripting on, as in browsers; tracking
	// pixels (<noscript><img ...>) in head would otherwise end it.
	case equalFold(name, "script"), equalFold(name, "style"), equalFold(name, "title"),
		equalFold(name, "noframes"), equalFold(name, "template"), equalFold(name, "noscript"):
		return rawText
	case equalFold(name, "html"), equalFold(name, "head"), equalFold(name, "meta"),
		equalFold(name, "link"), equalFold(name, "base"), equalFold(name, "basefont"),
		equalFold(name, "bgsound"):
		return inHead
	}
	return endHead
}

// skipRawText returns the index in b of the '<' of the first "</name" (any
// case) followed by whitespace, '/' or '>', or -1 if there is none.
func skipRawText(b []byte, from int, name []byte) int {
	for i := from; ; {
		j := bytes.Index(b[i:], []byte("</"))
		if j < 0 {
			return -1
		}
		i += j
		rest := b[i+2:]
		if len(rest) > len(name) && bytes.EqualFold(rest[:len(name)], name) {
			if c := rest[len(name)]; isSpace(c) || c == '/' || c == '>' {
				return i
			}
		}
		i += 2
	}
}

// scanTags is the prescan's loop over the bytes of b; with head, scanHead's.
func scanTags(b []byte, head bool) (name string, unknown []byte) {
	for p := 0; p < len(b); p++ {
		if b[p] != '<' {
			continue // "any other byte": do nothing with it
		}
		rest := b[p:]
		switch {
		case bytes.HasPrefix(rest, []byte("<!--")):
			// The closing "--" may overlap the opening one: "<!-->" is a comment.
			i := bytes.Index(rest[2:], []byte("-->"))
			if i < 0 {
				return "", unknown
			}
			p += 2 + i + 2 // at the '>'
		case isMetaStart(rest):
			p += len("<meta")
			name, bad, ok := scanMeta(b, &p)
			if !ok {
				return "", unknown
			}
			if name != "" {
				return name, unknown
			}
			if unknown == nil {
				unknown = bad
			}
		case len(rest) >= 2 && isAlpha(rest[1]),
			len(rest) >= 3 && rest[1] == '/' && isAlpha(rest[2]):
			i := bytes.IndexAny(rest, "\t\n\f\r >")
			if i < 0 {
				return "", unknown
			}
			var tag []byte // with head, a tag whose raw text to skip
			if head {
				end := rest[1] == '/'
				tag = rest[1:i]
				if end {
					tag = rest[2:i]
				}
				if j := bytes.IndexByte(tag, '/'); j >= 0 { // the tokenizer ends a name at '/' too
					tag = tag[:j]
				}
				switch classifyHeadTag(tag, end) {
				case endHead:
					return "", unknown
				case inHead:
					tag = nil
				}
			}
			p += i
			for {
				_, _, st := getAttr(b, &p)
				if st == attrEOF {
					return "", unknown
				}
				if st == attrNone {
					break
				}
			}
			if tag != nil {
				// p is at the tag's '>'; go on at the end tag.
				j := skipRawText(b, p+1, tag)
				if j < 0 {
					return "", unknown
				}
				p = j - 1
			}
		case len(rest) >= 2 && (rest[1] == '!' || rest[1] == '/' || rest[1] == '?'):
			i := bytes.IndexByte(rest[1:], '>')
			if i < 0 {
				return "", unknown
			}
			p += 1 + i
		}
	}
	return "", unknown
}

// isMetaStart reports whether b starts with "<meta" (any case) followed by
// whitespace or '/'.
func isMetaStart(b []byte) bool {
	return len(b) >= 6 && b[0] == '<' && equalFold(b[1:5], "meta") && (isSpace(b[5]) || b[5] == '/')
}

func isAlpha(c byte) bool {
	return 'a' <= c|asciiCaseDistance && c|asciiCaseDistance <= 'z'
}

// needPragma is the standard's tri-state "need pragma".
type needPragma uint8

const (
	pragmaNull needPragma = iota
	pragmaTrue
	pragmaFalse
)

// scanMeta reads the attributes of a <meta> tag whose name ends at *p and
// decides, as the prescan's steps for <meta> do, whether the tag declares
// an encoding. It returns the canonical name of a declared, recognised
// encoding (UTF-16 becomes UTF-8 and x-user-defined windows-1252), or the
// label of a declaration that would have counted but is unrecognised.
// ok is false if b ended inside the tag.
func scanMeta(b []byte, p *int) (name string, unknown []byte, ok bool) {
	var (
		seenHTTPEquiv, seenContent, seenCharset bool
		gotPragma                               bool
		need                                    needPragma
		charsetNull                             = true
		charset                                 string // "" when not null is the standard's failure
		charsetLabel                            []byte // the charset attribute's value
		contentUnknown                          []byte // unrecognised label in content while charset was null
	)
	for {
		attr, value, st := getAttr(b, p)
		if st == attrEOF {
			return "", nil, false
		}
		if st == attrNone {
			break
		}
		// Only three names matter, so three flags stand for the attribute list.
		switch {
		case equalFold(attr, "http-equiv"):
			if seenHTTPEquiv {
				continue
			}
			seenHTTPEquiv = true
			gotPragma = equalFold(value, "content-type")
		case equalFold(attr, "content"):
			if seenContent {
				continue
			}
			seenContent = true
			label, found := charsetFromContent(value)
			if !found || !charsetNull {
				continue
			}
			if n, known := lookup(label); known {
				charset, charsetNull, need = n, false, pragmaTrue
			} else {
				contentUnknown = label
			}
		case equalFold(attr, "charset"):
			if seenCharset {
				continue
			}
			seenCharset = true
			charset, _ = lookup(value)
			charsetNull, charsetLabel, need = false, value, pragmaFalse
		}
	}
	switch {
	case need == pragmaNull:
		if gotPragma {
			return "", contentUnknown, true
		}
		return "", nil, true
	case need == pragmaTrue && !gotPragma:
		return "", nil, true
	case charset == "":
		return "", charsetLabel, true
	}
	return declared(charset), nil, true
}

// declared maps a declared encoding to the one the document can really be
// in: bytes that an ASCII-based prescan could read are not UTF-16, and
// x-user-defined is for XHR, not documents.
func declared(name string) string {
	switch name {
	case nameUTF16LE, nameUTF16BE:
		return nameUTF8
	case nameXUserDefined:
		return nameWindows1252
	}
	return name
}

// attrStatus is what getAttr found.
type attrStatus uint8

const (
	attrFound attrStatus = iota // an attribute, possibly with an empty name or value
	attrNone                    // a '>' ends the tag
	attrEOF                     // b ended first
)

// getAttr implements "get an attribute" from *p, leaving *p where the
// standard leaves its position. name and value are subslices of b in their
// original case.
func getAttr(b []byte, p *int) (name, value []byte, st attrStatus) {
	i := *p
	for i < len(b) && (isSpace(b[i]) || b[i] == '/') {
		i++
	}
	if i >= len(b) {
		return nil, nil, attrEOF
	}
	if b[i] == '>' {
		*p = i
		return nil, nil, attrNone
	}
	// The name runs to '=', whitespace, '/' or '>'; a leading '=' belongs to it.
	start := i
	for i++; i < len(b) && b[i] != '=' && b[i] != '/' && b[i] != '>' && !isSpace(b[i]); i++ {
	}
	if i >= len(b) {
		return nil, nil, attrEOF
	}
	name = b[start:i]
	if b[i] != '=' {
		i = skipSpace(b, i)
		if i >= len(b) {
			return nil, nil, attrEOF
		}
		if b[i] != '=' {
			*p = i
			return name, nil, attrFound
		}
	}
	i = skipSpace(b, i+1)
	if i >= len(b) {
		return nil, nil, attrEOF
	}
	switch q := b[i]; q {
	case '"', '\'':
		j := bytes.IndexByte(b[i+1:], q)
		if j < 0 {
			return nil, nil, attrEOF
		}
		*p = i + 1 + j + 1
		return name, b[i+1 : i+1+j], attrFound
	case '>':
		*p = i
		return name, nil, attrFound
	}
	start = i
	for i++; i < len(b) && b[i] != '>' && !isSpace(b[i]); i++ {
	}
	if i >= len(b) {
		return nil, nil, attrEOF
	}
	*p = i
	return name, b[start:i], attrFound
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

// charsetFromContent implements "the algorithm for extracting a character
// encoding from a meta element" on a content attribute's value, returning
// the label it finds.
func charsetFromContent(s []byte) (label []byte, found bool) {
	i := 0
	for {
		j := indexFold(s[i:], "charset")
		if j < 0 {
			return nil, false
		}
		i = skipSpace(s, i+j+len("charset"))
		if i < len(s) && s[i] == '=' {
			break
		}
	}
	i = skipSpace(s, i+1)
	if i >= len(s) {
		return nil, false
	}
	if q := s[i]; q == '"' || q == '\'' {
		j := bytes.IndexByte(s[i+1:], q)
		if j < 0 {
			return nil, false
		}
		return s[i+1 : i+1+j], true
	}
	end := i
	for end < len(s) && !isSpace(s[end]) && s[end] != ';' {
		end++
	}
	return s[i:end], true
}

// indexFold returns the index of the first match of the lowercase ASCII
// word in s ignoring ASCII case, or -1.
func indexFold(s []byte, word string) int {
	for i := 0; i+len(word) <= len(s); i++ {
		if equalFold(s[i:i+len(word)], word) {
			return i
		}
	}
	return -1
}

// xmlEncoding implements "get an XML encoding": the encoding named by an
// XML declaration at the very start of b. It returns the canonical name
// (UTF-16 becomes UTF-8), or "" and the label if the label is unrecognised.
func xmlEncoding(b []byte) (name string, unknown []byte) {
	if !bytes.HasPrefix(b, []byte("<?xml")) {
		return "", nil
	}
	end := bytes.IndexByte(b, '>')
	if end < 0 {
		return "", nil
	}
	b = b[:end]
	i := bytes.Index(b, []byte("encoding"))
	if i < 0 {
		return "", nil
	}
	i = skipControl(b, i+len("encoding"))
	if i >= len(b) || b[i] != '=' {
		return "", nil
	}
	i = skipControl(b, i+1)
	if i >= len(b) || (b[i] != '"' && b[i] != '\'') {
		return "", nil
	}
	j := bytes.IndexByte(b[i+1:], b[i])
	if j < 0 {
		return "", nil
	}
	label := b[i+1 : i+1+j]
	for _, c := range label {
		if c <= ' ' {
			return "", nil
		}
	}
	name, ok := lookup(label)
	if !ok {
		return "", label
	}
	if name == nameUTF16LE || name == nameUTF16BE {
		return nameUTF8, nil
	}
	return name, nil
}

// skipControl skips bytes up to 0x20, as "get an XML encoding" does.
func skipControl(b []byte, i int) int {
	for i < len(b) && b[i] <= ' ' {
		i++
	}
	return i
}
