package tokenizer

import (
	"bytes"
	"strings"
	"testing"

	"github.com/jtextract/jt/internal/sharedtest"
	"golang.org/x/net/html"
)

// decodedInputs puts references, CR LF and U+0000 in every kind of text:
// text, escapable raw text, raw text, plaintext.
func decodedInputs() []string {
	bodies := []string{
		"a &amp; b", "&ampx &notit; &notin &#65;&#x41 &#x; &#; &#xZ; &b=2 &", "x\r\n&lt;\x00y\r",
		"&#0;&#128;&#x80&#xD800;&#x110000;&#99999999999;&#4294967361;", "&CounterClockwiseContourIntegral;&acE;&NotEqualTilde;",
		"\x00&nbsp&nbsp;\r&", "&aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa;",
	}
	var in []string
	for _, b := range bodies {
		for _, wrap := range []string{"<p>%s</p>", "<title>%s</title>", "<textarea>%s</textarea>", "<script>%s</script>",
			"<style>%s</style>", "<xmp>%s</xmp>", "<noscript>%s</noscript>", "<!--%s-->", "<plaintext>%s"} {
			in = append(in, strings.Replace(wrap, "%s", b, 1))
		}
	}
	return in
}

// checkPieces decodes every text token of doc piece by piece, each piece a
// byte or a whole character reference (never a CR without its LF), and
// checks that the pieces give Text.
func checkPieces(t *testing.T, z *Tokenizer, doc []byte) {
	t.Helper()
	z.ResetBytes(doc)
	var got []byte
	for k := z.Next(); k != ErrorToken; k = z.Next() {
		if k != TextToken {
			continue
		}
		raw := z.Raw()
		got = got[:0]
		for i := 0; i < len(raw); {
			n := 1
			switch raw[i] {
			case '&':
				_, n = AppendCharRef(nil, raw[i:])
			case '\r':
				if i+1 < len(raw) && raw[i+1] == '\n' {
					n = 2
				}
			}
			got = z.AppendDecoded(got, raw[i:i+n])
			i += n
		}
		if want := z.Text(); !bytes.Equal(got, want) {
			t.Fatalf("%q: pieces decode to %q, Text is %q", raw, got, want)
		}
	}
}

func TestAppendDecodedPieces(t *testing.T) {
	z, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range decodedInputs() {
		checkPieces(t, z, []byte(s))
	}
	z.ResetBytes([]byte("<p a='&amp;'>"))
	if z.Next() != StartTagToken || string(z.AppendDecoded([]byte("x"), []byte("&amp;"))) != "x&amp;" {
		t.Error("AppendDecoded decodes a tag")
	}
}

func TestAppendDecodedSharedPages(t *testing.T) {
	z, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range sharedtest.Pages(t) {
		checkPieces(t, z, p.HTML)
		checkPieces(t, z, bytes.ReplaceAll(p.HTML, []byte("\n"), []byte("\r\n\x00")))
	}
}

func FuzzAppendDecoded(f *testing.F) {
	for _, s := range decodedInputs() {
		f.Add([]byte(s))
	}
	z, err := New()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, b []byte) { checkPieces(t, z, b) })
}

// TestAppendCharRefAgreesWithXNet decodes every named reference, with and
// without its ';' and followed by more letters, and numeric references of
// every shape, as x/net/html's UnescapeString does.
func TestAppendCharRefAgreesWithXNet(t *testing.T) {
	refs := []string{"&", "&;", "&#", "&#;", "&#x", "&#x;", "&#X;", "&#xZ;", "&#0;", "&#65", "&#65;", "&#65x;", "&#x41;",
		"&#X41", "&#128;", "&#x9F;", "&#xD800;", "&#x10FFFF;", "&#x110000;", "&#99999999999;", "&#4294967361;",
		"&#x10000000041;", "&foo", "&foo;", "&b=2", "&aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa;"}
	for _, name := range entityNames {
		refs = append(refs, "&"+name, "&"+name+"x", "&"+name+"9;", "&"+strings.TrimSuffix(name, ";"))
	}
	for _, s := range refs {
		got, n := AppendCharRef([]byte("p"), []byte(s))
		got = append(got, s[n:]...)
		if want := "p" + html.UnescapeString(s); string(got) != want {
			t.Errorf("AppendCharRef(%q) = %q, x/net/html %q", s, got, want)
		}
	}
	if got, n := AppendCharRef([]byte("p"), []byte("amp;")); string(got) != "p" || n != 0 {
		t.Errorf("AppendCharRef without '&' = %q, %d", got, n)
	}
}
