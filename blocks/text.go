package blocks

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"unicode/utf8"
)

// RuneCount returns the length of valid UTF-8 s in code points, as
// Python's len: the bytes that are not continuation bytes. (utf8.RuneCount
// in Go 1.26 allocates on long non-ASCII input.) It counts the
// continuation bytes (0b10xxxxxx) eight at a time, the last ones with the
// bytes after them (within s's array), masked off, where there is room.
func RuneCount(s []byte) int {
	n, i := len(s), 0
	for ; i+8 <= len(s); i += 8 {
		x := binary.LittleEndian.Uint64(s[i:])
		n -= bits.OnesCount64(x &^ (x << 1) & hi) // bit 7 set, bit 6 clear
	}
	if i == len(s) {
		return n
	}
	if cap(s)-i >= 8 {
		x := binary.LittleEndian.Uint64(s[i:i+8]) & lowBytes(len(s)-i)
		return n - bits.OnesCount64(x&^(x<<1)&hi)
	}
	for _, c := range s[i:] {
		if c&0xc0 == 0x80 {
			n--
		}
	}
	return n
}

// isPySpace reports whether r is whitespace to Python's str.isspace, which
// is what jusText's `\s`, split() and strip() use. The set is small and fixed
// (checked against Python 3.11 in the tests).
func isPySpace(r rune) bool {
	switch {
	case r == ' ', 0x09 <= r && r <= 0x0d, 0x1c <= r && r <= 0x1f:
		return true
	case r < 0x85:
		return false
	}
	switch r {
	case 0x85, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000:
		return true
	}
	return 0x2000 <= r && r <= 0x200a
}

// Byte classes of textClass.
const (
	ctWord    = iota // ASCII, not whitespace
	ctSpace          // ASCII whitespace other than '\n' and '\r'
	ctNewline        // '\n' or '\r'
	ctHigh           // a byte of a non-ASCII character
)

// textClass classifies bytes for the whitespace scans, so that ASCII text
// and ASCII whitespace take one table lookup per byte and no decoding.
var textClass = func() (t [256]uint8) {
	for c := range 0x80 {
		if isPySpace(rune(c)) {
			t[c] = ctSpace
		}
	}
	t['\n'], t['\r'] = ctNewline, ctNewline
	for c := 0x80; c < 0x100; c++ {
		t[c] = ctHigh
	}
	return t
}()

// isBlank reports whether s is empty or all whitespace (Python's
// `not s or s.isspace()`).
func isBlank(s []byte) bool {
	for i := 0; i < len(s); {
		switch textClass[s[i]] {
		case ctWord:
			return false
		case ctHigh:
			r, n := utf8.DecodeRune(s[i:])
			if !isPySpace(r) {
				return false
			}
			i += n
		default:
			i++
		}
	}
	return true
}

// asciiWordEnd returns the end of the run of ASCII bytes from i that are
// not whitespace: the bulk of text, copied without decoding.
func asciiWordEnd(s []byte, i int) int {
	for i < len(s) && textClass[s[i]] == ctWord {
		i++
	}
	return i
}

// SWAR constants: one bit or one value per byte of a uint64.
const (
	lsb  = 0x0101010101010101
	hi   = 0x8080808080808080
	low7 = 0x7f7f7f7f7f7f7f7f
)

// maybeSpace marks (in its top bit) every byte of x that is not ASCII or
// is at most ' ': every byte that is whitespace or starts a character that
// may be, and the rare control characters that are neither.
func maybeSpace(x uint64) uint64 {
	// (b&0x7f)+0x5f sets the top bit exactly when b&0x7f > ' ', and cannot
	// carry into the next byte.
	return (x | ^((x & low7) + lsb*0x5f)) & hi
}

// equal marks (in its top bit) every byte of x equal to c, exactly: no
// borrow crosses from one byte to the next.
func equal(x uint64, c byte) uint64 {
	y := x ^ lsb*uint64(c)
	return ^((y&low7 + low7) | y) & hi
}

// notSpace marks (in its top bit) the bytes of x that are not ASCII
// whitespace as isPySpace reads it ('\t' to '\r', 0x1c to ' '). The lowest
// mark is exact: where a byte is above ' ' (or not ASCII, which its own top
// bit marks) the sums below may carry, but only into the bytes above it.
func notSpace(x uint64) uint64 {
	above := (x + lsb*0x5f | x) & hi // above ' ', or not ASCII
	lt09 := ^(x + lsb*(0x80-0x09)) & hi
	ge0e := (x + lsb*(0x80-0x0e)) & hi
	lt1c := ^(x + lsb*(0x80-0x1c)) & hi
	return above | lt09 | ge0e&lt1c
}

// blankASCII reports whether s is made of ASCII whitespace only (the
// text between tags, mostly). It reads eight bytes at a time, the last
// ones with the bytes after them (within s's array), replaced by spaces,
// where there is room.
func blankASCII(s []byte) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if notSpace(binary.LittleEndian.Uint64(s[i:])) != 0 {
			return false
		}
	}
	if i == len(s) {
		return true
	}
	if cap(s)-i < 8 {
		for _, c := range s[i:] {
			if k := textClass[c]; k != ctSpace && k != ctNewline {
				return false
			}
		}
		return true
	}
	keep := lowBytes(len(s) - i)
	return notSpace(binary.LittleEndian.Uint64(s[i:i+8])&keep|lsb*' '&^keep) == 0
}

// startWord appends the separator owed before a word, none before the
// first, and counts the word.
func startWord(dst []byte, sep byte, runes, words int) ([]byte, int, int) {
	if runes > 0 {
		dst = append(dst, sep)
		runes++
	}
	return dst, runes, words + 1
}

// plainRun looks at the eight bytes x for the run of them, from the first,
// that is plain text: printable ASCII where every space stands alone, the
// first byte counting as preceded by a space when spaceBefore. It returns
// the run's length (8 for all of x) and the spaces of x. Plain text is
// its own normalised form, so it is copied eight bytes at a time.
func plainRun(x uint64, spaceBefore bool) (n int, sp uint64) {
	sp = equal(x, ' ')
	var before uint64
	if spaceBefore {
		before = 0x80
	}
	bad := maybeSpace(x)&^sp | sp&(sp<<8|before)
	if bad == 0 {
		return 8, sp
	}
	return bits.TrailingZeros64(bad) / 8, sp
}

// lowBytes returns the mask of the first n bytes of a little-endian word,
// 0 < n <= 8. Its shift is masked, which spares the code the compiler adds
// for shifts of 64 bits or more.
func lowBytes(n int) uint64 { return ^uint64(0) >> (uint(64-8*n) & 63) }

// lastHigh returns the high bit of byte n-1 of x, 0 < n <= 8, with a
// masked shift as lowBytes.
func lastHigh(x uint64, n int) uint64 { return x >> (uint(8*n-1) & 63) & 1 }

// put8 appends the first n bytes of x (little-endian) to dst, which must
// have room for eight more bytes: one store instead of a copy call.
func put8(dst []byte, x uint64, n int) []byte {
	l := len(dst)
	binary.LittleEndian.PutUint64(dst[l:l+8], x)
	return dst[:l+n]
}

// appendShort is append(dst, s...) that copies an s of at most eight
// bytes with one load and one store where both slices have room (the
// bytes beyond s and dst within their arrays), instead of a copy call,
// whose branches on the size mispredict on text nodes of every length.
func appendShort(dst, s []byte) []byte {
	if n, l := len(s), len(dst); n <= 8 && cap(s) >= 8 && cap(dst)-l >= 8 {
		binary.LittleEndian.PutUint64(dst[l:l+8], binary.LittleEndian.Uint64(s[:8]))
		return dst[:l+n]
	}
	return append(dst, s...)
}

// spaceEnd returns the end of the whitespace run from i, and the separator
// jusText replaces it by: '\n' if it holds '\n' or '\r', ' ' otherwise.
// The run is empty when s[i] is not whitespace.
func spaceEnd(s []byte, i int) (int, byte) {
	sep := byte(' ')
	for i < len(s) {
		switch textClass[s[i]] {
		case ctWord:
			return i, sep
		case ctSpace:
			i++
		case ctNewline:
			sep = '\n'
			i++
		default:
			r, w := utf8.DecodeRune(s[i:])
			if !isPySpace(r) {
				return i, sep
			}
			i += w
		}
	}
	return i, sep
}

// nodeRuneCount returns the length in code points of jusText's
// normalize_whitespace(s) (every whitespace run one separator, nothing
// stripped) without making it: the link characters of a text node.
func nodeRuneCount(s []byte) int {
	n := 0
	for i := 0; i < len(s); {
		if j := asciiWordEnd(s, i); j > i {
			n += j - i
			i = j
			continue
		}
		if j, _ := spaceEnd(s, i); j > i {
			n++
			i = j
			continue
		}
		// A non-ASCII character that is not whitespace (or a byte that is
		// not UTF-8, counted as RuneCount counts it).
		_, w := utf8.DecodeRune(s[i:])
		n += RuneCount(s[i : i+w])
		i += w
	}
	return n
}

// appendNormalized appends jusText's normalize_whitespace(s.strip()) to dst:
// leading and trailing whitespace dropped, every inner whitespace run
// replaced by "\n" if it holds '\n' or '\r' and by " " otherwise. It also
// returns the result's length in code points and its number of words.
func appendNormalized(dst, s []byte) (out []byte, runes, words int) {
	dst = slices.Grow(dst, len(s)) // the result is never longer than s
	// pending is the separator owed for a whitespace run, 0 if none.
	pending := byte(0)
	for i := 0; i < len(s); {
		// Plain text eight bytes at a time. The output never outgrows the
		// input read, so dst has room for the store.
		if i+8 <= len(s) {
			x := binary.LittleEndian.Uint64(s[i:])
			// A leading space, or one after a whitespace run, is not
			// plain: the slow path strips or merges it.
			if n, sp := plainRun(x, pending != 0 || runes == 0); n > 0 {
				if pending != 0 || runes == 0 {
					dst, runes, words = startWord(dst, pending, runes, words)
					pending = 0
				}
				// Words start after the run's spaces.
				words += bits.OnesCount64(^sp & (sp << 8) & hi & lowBytes(n))
				k := n
				if lastHigh(sp, n) != 0 {
					// A trailing space is owed, as the slow path owes it.
					k, pending = n-1, ' '
				}
				dst = put8(dst, x, k)
				runes += k
				i += n
				continue
			}
		}
		j := asciiWordEnd(s, i)
		w := j - i
		ascii := w > 0
		if !ascii {
			if k, sep := spaceEnd(s, i); k > i {
				if sep == '\n' || pending == 0 {
					pending = sep
				}
				i = k
				continue
			}
			_, w = utf8.DecodeRune(s[i:])
		}
		if pending != 0 || runes == 0 {
			dst, runes, words = startWord(dst, pending, runes, words)
			pending = 0
		}
		dst = append(dst, s[i:i+w]...)
		if ascii {
			runes += w // an ASCII run: one code point per byte
		} else {
			runes++
		}
		i += w
	}
	return dst, runes, words
}

// isInvisible reports the format characters a browser draws as nothing
// inside text: U+00AD SOFT HYPHEN (it shows only where a line breaks, as a
// hyphen), U+200B ZERO WIDTH SPACE and U+FEFF ZERO WIDTH NO-BREAK SPACE (a
// byte order mark left inside text). Browser text drops them, so that
// "un\u00adbelievable" reads "unbelievable". Joiners (U+200C, U+200D) are
// kept: they change how the neighbouring letters are shaped.
func isInvisible(r rune) bool { return r == 0xad || r == 0x200b || r == 0xfeff }

// appendNodeBrowser appends text node s to dst as a browser lays it out in
// normal flow (CSS white-space: normal): every whitespace run becomes one
// ' ', and the invisible characters of isInvisible are dropped. With pre
// (inside pre, listing, xmp or plaintext, which keep their line breaks),
// a whitespace run holding '\n' or '\r' becomes '\n' instead, as in
// appendNodeNormalized. Dropping an invisible character never joins two
// whitespace runs into two separators. visible reports whether anything
// other than whitespace was appended: a node without it is a separator, not
// text. ascii reports whether everything appended was ASCII, and bad
// whether s held bytes that are not UTF-8 (appended as they are): without
// them, what was appended is valid UTF-8, since it is made of whole
// characters.
func appendNodeBrowser(dst, s []byte, pre bool) (out []byte, visible, ascii, bad bool) {
	ascii = true
	dst = slices.Grow(dst, len(s)) // the result is never longer than s
	sepAt := -1                    // index in dst of the separator this node appended last, if nothing followed it
	for i := 0; i < len(s); {
		// Plain text eight bytes at a time, as in appendNormalized; a
		// space right after this node's separator is not plain. The
		// loop has no calls, so that its values stay in registers.
		for i+8 <= len(s) {
			x := binary.LittleEndian.Uint64(s[i:])
			n, sp := plainRun(x, sepAt >= 0)
			if n == 0 {
				break
			}
			dst = put8(dst, x, n)
			if ^sp&hi&lowBytes(n) != 0 {
				visible = true
			}
			sepAt = -1
			if lastHigh(sp, n) != 0 {
				sepAt = len(dst) - 1
			}
			i += n
		}
		if i == len(s) {
			break
		}
		if j := asciiWordEnd(s, i); j > i {
			dst = append(dst, s[i:j]...)
			i, visible, sepAt = j, true, -1
			continue
		}
		if j, sep := spaceEnd(s, i); j > i {
			if !pre {
				sep = ' '
			}
			if sepAt >= 0 {
				if sep == '\n' {
					dst[sepAt] = sep
				}
			} else {
				sepAt = len(dst)
				dst = append(dst, sep)
			}
			i = j
			continue
		}
		r, w := utf8.DecodeRune(s[i:])
		if !isInvisible(r) {
			dst = append(dst, s[i:i+w]...)
			visible, sepAt, ascii = true, -1, false
			bad = bad || r == utf8.RuneError && w == 1
		}
		i += w
	}
	return dst, visible, ascii, bad
}
