package charset

import "strings"

// LabelFromContentType returns the charset parameter of one Content-Type
// value such as `text/html; charset="Shift_JIS"`, or "" if it has none or
// is not a valid MIME type. The value is parsed as the WHATWG MIME Sniffing
// Standard's "parse a MIME type" does: type and subtype must be HTTP
// tokens; parameter names match ignoring ASCII case; a quoted value may use
// backslash escapes; an unquoted one loses trailing whitespace; a parameter
// with an invalid name or value is ignored, and of the rest the first
// charset wins. The result is a label to pass to [Decoder.Decode]. It
// allocates only if the chosen value contains a backslash escape.
func LabelFromContentType(ct string) string {
	ct = strings.Trim(ct, httpSpace)
	slash := strings.IndexByte(ct, '/')
	if slash < 0 || !isToken(ct[:slash]) {
		return ""
	}
	rest := ct[slash+1:]
	semi := strings.IndexByte(rest, ';')
	if semi < 0 || !isToken(strings.TrimRight(rest[:semi], httpSpace)) {
		return ""
	}
	rest = rest[semi:]
	for rest != "" { // rest starts with the ';' before a parameter
		rest = strings.TrimLeft(rest[1:], httpSpace)
		end := strings.IndexAny(rest, ";=")
		if end < 0 {
			return ""
		}
		name := rest[:end]
		if rest[end] == ';' {
			rest = rest[end:]
			continue
		}
		rest = rest[end+1:]
		var value string
		if strings.HasPrefix(rest, `"`) {
			value, rest = quotedString(rest)
			// Anything between the closing quote and the next ';' is dropped.
			if i := strings.IndexByte(rest, ';'); i >= 0 {
				rest = rest[i:]
			} else {
				rest = ""
			}
		} else {
			end = strings.IndexByte(rest, ';')
			if end < 0 {
				end = len(rest)
			}
			value, rest = strings.TrimRight(rest[:end], httpSpace), rest[end:]
			if value == "" {
				continue
			}
		}
		if equalFold(name, "charset") && isQuotedStringText(value) {
			return value
		}
	}
	return ""
}

// httpSpace is HTTP whitespace as the Fetch Standard defines it.
const httpSpace = " \t\n\r"

// isToken reports whether s is a non-empty run of HTTP token code points.
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if isAlpha(c) || '0' <= c && c <= '9' {
			continue
		}
		if !strings.ContainsRune("!#$%&'*+-.^_`|~", rune(c)) {
			return false
		}
	}
	return true
}

// isQuotedStringText reports whether s holds only HTTP quoted-string token
// code points (tab, printable ASCII and bytes from 0x80), the condition for
// a parameter value to be kept.
func isQuotedStringText(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != '\t' && (c < ' ' || c == 0x7F) {
			return false
		}
	}
	return true
}

// quotedString reads the HTTP quoted string that s starts with, as the
// Fetch Standard's "collect an HTTP quoted string" with extract-value set,
// and returns its value and what follows it. A missing closing quote ends
// the value at the end of s.
func quotedString(s string) (value, rest string) {
	s = s[1:]
	end := strings.IndexAny(s, `"\`)
	if end < 0 {
		return s, ""
	}
	if s[end] == '"' {
		return s[:end], s[end+1:]
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			return b.String(), s[i+1:]
		case c == '\\' && i+1 < len(s):
			i++
			b.WriteByte(s[i])
		default:
			b.WriteByte(c) // includes a backslash at the very end, kept as the standard says
		}
	}
	return b.String(), ""
}
