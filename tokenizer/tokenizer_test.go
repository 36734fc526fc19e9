package tokenizer

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/jtextract/jt/internal/sharedtest"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// tok is a token reduced to what both tokenizers must agree on.
type tok struct {
	kind  string
	data  string
	attrs string
}

// normText removes what the two tokenizers legitimately treat differently:
// U+0000 (dropped here in text, kept by x/net) and its replacement.
func normText(s []byte) string {
	return strings.NewReplacer("\x00", "", "\uFFFD", "").Replace(string(s))
}

// ours tokenizes src with jt's tokenizer, merging adjacent text tokens.
func ours(t testing.TB, src []byte, opts ...Option) []tok {
	z, err := New(opts...)
	if err != nil {
		t.Fatal(err)
	}
	z.ResetBytes(src)
	var out []tok
	for {
		k := z.Next()
		switch k {
		case ErrorToken:
			if !errors.Is(z.Err(), io.EOF) {
				t.Fatalf("Err() = %v, want io.EOF", z.Err())
			}
			return out
		case TextToken:
			out = appendText(out, normText(z.Text()))
		case StartTagToken, SelfClosingTagToken, EndTagToken:
			var attrs strings.Builder
			if k != EndTagToken {
				for more := true; more; {
					var key, val []byte
					key, val, more = z.TagAttr()
					if key != nil {
						fmt.Fprintf(&attrs, "%s=%q ", key, val)
					}
				}
			}
			out = append(out, tok{kindName(k), string(z.TagName()), attrs.String()})
		case CommentToken:
			// x/net decodes references in comments; the standard does not.
			out = appendComment(out, html.UnescapeString(normText(z.Text())))
		}
	}
}

// appendComment skips empty comments: x/net reports "</>" as one.
func appendComment(out []tok, s string) []tok {
	if s == "" {
		return out
	}
	return append(out, tok{"comment", s, ""})
}

// theirs tokenizes src with x/net/html's Tokenizer the same way.
func theirs(src []byte) []tok {
	z := html.NewTokenizer(bytes.NewReader(src))
	var out []tok
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			return out
		case html.TextToken:
			out = appendText(out, normText(z.Text()))
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			name, hasAttr := z.TagName()
			var attrs strings.Builder
			for hasAttr && tt != html.EndTagToken {
				var key, val []byte
				key, val, hasAttr = z.TagAttr()
				fmt.Fprintf(&attrs, "%s=%q ", key, val)
			}
			k := "start"
			if tt == html.EndTagToken {
				k = "end"
			}
			out = append(out, tok{k, string(name), attrs.String()})
		case html.CommentToken:
			out = appendComment(out, normText(z.Text()))
		}
	}
}

func kindName(k Kind) string {
	if k == EndTagToken {
		return "end"
	}
	return "start" // the self-closing flag is compared separately, not here
}

func appendText(out []tok, s string) []tok {
	if s == "" {
		return out
	}
	if n := len(out); n > 0 && out[n-1].kind == "text" {
		out[n-1].data += s
		return out
	}
	return append(out, tok{kind: "text", data: s})
}

func firstDiff(a, b []tok) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

// TestSharedPagesAgreeWithXNet checks every shared page token by token
// against golang.org/x/net/html's Tokenizer (with scripting on, as x/net has).
func TestSharedPagesAgreeWithXNet(t *testing.T) {
	pages := sharedtest.Pages(t)
	same := 0
	for _, p := range pages {
		a, b := ours(t, p.HTML, WithScripting(true)), theirs(p.HTML)
		if i := firstDiff(a, b); i >= 0 {
			t.Errorf("page %s: token %d differs:\n ours:   %+v\n x/net: %+v", p.ID, i, at(a, i), at(b, i))
			continue
		}
		same++
	}
	t.Logf("%d of %d shared pages tokenize identically to x/net/html", same, len(pages))
}

func at(ts []tok, i int) any {
	if i < len(ts) {
		t := ts[i]
		if len(t.data) > 200 {
			t.data = t.data[:200] + "…"
		}
		return t
	}
	return "(end)"
}

// TestHostileAgreesWithXNet covers markup that trips naive scanners.
func TestHostileAgreesWithXNet(t *testing.T) {
	cases := []string{
		"",
		"plain text only",
		"a < b and c <d",
		"<p>unclosed comment <!-- runs to the end <p>not a tag",
		"<!---->x<!-->y<!--->z<!-- a -- b --!>w",
		`<script>var s = "</script>"; alert(1)</script>after`,
		`<script><!-- document.write("<script>x</script>"); --></script>after`,
		`<script><!--<script></script>--></script>after`,
		"<a href=foo title=bar>unquoted</a>",
		`<a href='x>y' title="a'b">quoted gt</a>`,
		"<p>NUL\x00byte</p><script>a\x00b</script>",
		"<p>stray < and <3 and </ and <> and </>x",
		"<?xml version='1.0'?><!DOCTYPE html><html>",
		"<![CDATA[ x ]]>after",
		"<title>a &amp; <b> b</title><textarea>&lt;x&gt;</textarea>",
		"&amp;&lt;&gt;&quot;&#39;&#x27;&#0;&#x110000;&#128;&notit;&notin;&ampx&copy2 &#65&#x41",
		`<a href="?a=1&amp=2&copy=3&b=&lt;">x</a>`,
		"<style>p { content: '</p>' }</style><p>y",
		"<xmp><b>raw</b></xmp><plaintext><b>all raw",
		"<iframe><p>raw in iframe</p></iframe>",
		"<div\nclass\n=\n'x'\n>multi\r\nline\rtext</div\n>",
		"<br/><img src=x/><input disabled/>",
		"<A HREF=X>Upper</A><DIV ID=Y></DIV>",
		"<a b c=d e='f' g=\"h\" =i>x</a>",
	}
	for _, c := range cases {
		a, b := ours(t, []byte(c), WithScripting(true)), theirs([]byte(c))
		if i := firstDiff(a, b); i >= 0 {
			t.Errorf("%q: token %d differs:\n ours:   %+v\n x/net: %+v", c, i, at(a, i), at(b, i))
		}
	}
}

// TestDeviations pins where jt deliberately differs from x/net/html.
func TestDeviations(t *testing.T) {
	cases := []struct {
		name, in string
		want     []tok
		opts     []Option
	}{
		{"noscript is markup without scripting", "<noscript><p>x</p></noscript>",
			[]tok{{"start", "noscript", ""}, {"start", "p", ""}, {"text", "x", ""}, {"end", "p", ""}, {"end", "noscript", ""}}, nil},
		{"noscript is raw text with scripting", "<noscript><p>x</p></noscript>",
			[]tok{{"start", "noscript", ""}, {"text", "<p>x</p>", ""}, {"end", "noscript", ""}}, []Option{WithScripting(true)}},
		{"raw text inside noscript ends with it", "<noscript><iframe src=x/>a</NOSCRIPT ><p>y</p>",
			[]tok{{"start", "noscript", ""}, {"start", "iframe", `src="x/" `}, {"text", "a", ""}, {"end", "iframe", ""}, {"end", "noscript", ""}, {"start", "p", ""}, {"text", "y", ""}, {"end", "p", ""}}, nil},
		{"empty raw text inside noscript", "<noscript><iframe /></noscript>x",
			[]tok{{"start", "noscript", ""}, {"start", "iframe", ""}, {"end", "iframe", ""}, {"end", "noscript", ""}, {"text", "x", ""}}, nil},
		{"raw text ending before the noscript, and outside it", "<noscript><style>a</style></noscript><style>b</noscript></style>",
			[]tok{{"start", "noscript", ""}, {"start", "style", ""}, {"text", "a", ""}, {"end", "style", ""}, {"end", "noscript", ""}, {"start", "style", ""}, {"text", "b</noscript>", ""}, {"end", "style", ""}}, nil},
		{"raw text inside noscript with scripting", "<noscript><iframe/></noscript><p>y</p>",
			[]tok{{"start", "noscript", ""}, {"text", "<iframe/>", ""}, {"end", "noscript", ""}, {"start", "p", ""}, {"text", "y", ""}, {"end", "p", ""}}, []Option{WithScripting(true)}},
	}
	for _, c := range cases {
		got := ours(t, []byte(c.in), c.opts...)
		if i := firstDiff(got, c.want); i >= 0 {
			t.Errorf("%s: token %d: got %+v, want %+v", c.name, i, at(got, i), at(c.want, i))
		}
	}
}

func TestCommentsKeepReferences(t *testing.T) {
	z, _ := New()
	z.ResetBytes([]byte("<!-- &amp; -->"))
	if k := z.Next(); k != CommentToken || string(z.Text()) != " &amp; " {
		t.Fatalf("got %v %q, want Comment \" &amp; \"", k, z.Text())
	}
}

func TestSelfClosing(t *testing.T) {
	z, _ := New()
	z.ResetBytes([]byte(`<br/><a href=x/><img src="y"/>`))
	var kinds []Kind
	for k := z.Next(); k != ErrorToken; k = z.Next() {
		kinds = append(kinds, k)
	}
	want := []Kind{SelfClosingTagToken, StartTagToken, SelfClosingTagToken}
	if fmt.Sprint(kinds) != fmt.Sprint(want) {
		t.Fatalf("kinds = %v, want %v", kinds, want)
	}
}

func TestResetLimits(t *testing.T) {
	z, err := New(WithMaxBytes(10))
	if err != nil {
		t.Fatal(err)
	}
	if err := z.Reset(strings.NewReader("0123456789")); err != nil {
		t.Fatalf("exactly the limit: %v", err)
	}
	err = z.Reset(strings.NewReader("0123456789ABC"))
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("over the limit: err = %v, want ErrTooLarge", err)
	}
	if got := string(z.Input()); got != "0123456789" {
		t.Fatalf("truncated input = %q", got)
	}
	if err := z.Reset(iotest.ErrReader(io.ErrUnexpectedEOF)); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("read error: %v", err)
	}
	if err := z.Reset(zeroReader{}); !errors.Is(err, io.ErrNoProgress) {
		t.Fatalf("(0, nil) reader: %v", err)
	}
	if err := z.Reset(iotest.OneByteReader(strings.NewReader("<p>x"))); err != nil {
		t.Fatal(err)
	}
	if _, err := New(WithMaxBytes(0)); err == nil {
		t.Fatal("WithMaxBytes(0) accepted")
	}
	if _, err := New(WithMaxBytes(MaxBytesLimit + 1)); err == nil {
		t.Fatal("WithMaxBytes beyond 32-bit positions accepted")
	}
	if _, err := New(WithMaxBytes(MaxBytesLimit)); err != nil {
		t.Fatalf("WithMaxBytes(MaxBytesLimit): %v", err)
	}
}

type zeroReader struct{}

func (zeroReader) Read([]byte) (int, error) { return 0, nil }

func TestZeroAllocs(t *testing.T) {
	pages := sharedtest.Pages(t)
	src := pages[0].HTML
	z, _ := New()
	walk := func() {
		z.ResetBytes(src)
		for k := z.Next(); k != ErrorToken; k = z.Next() {
			switch k {
			case TextToken:
				z.Text()
			case StartTagToken:
				for more := true; more; {
					_, _, more = z.TagAttr()
				}
			}
		}
	}
	walk()
	if n := testing.AllocsPerRun(5, walk); n != 0 {
		t.Fatalf("a warm Tokenizer allocates %v times per page, want 0", n)
	}
}

// TestLongInputsLinear guards against quadratic scans on degenerate input.
func TestLongInputs(t *testing.T) {
	for _, s := range []string{
		strings.Repeat("<", 1<<20),
		strings.Repeat("<!--", 1<<18),
		strings.Repeat("<a ", 1<<18),
		"<script>" + strings.Repeat("<!--<script>", 1<<16),
		strings.Repeat("&amp", 1<<18),
		strings.Repeat("<div x=1 y='2'>", 1<<16),
	} {
		n := 0
		z, _ := New()
		z.ResetBytes([]byte(s))
		for k := z.Next(); k != ErrorToken; k = z.Next() {
			z.Text()
			n++
		}
		if n > len(s) {
			t.Fatalf("more tokens (%d) than bytes (%d)", n, len(s))
		}
	}
}

func FuzzTokenizer(f *testing.F) {
	for _, s := range []string{"<p>a</p>", "<!--", "<script>a</script>", "&#x110000;&amp", "<a b='c>d'>e</a>", "<title>&lt;", "</>", "<!DOCTYPE",
		"<noscript><iframe>a</noscript>", "<noscript><style></noscript>"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		z, _ := New()
		z.ResetBytes(b)
		prev, prevEmpty := -1, false
		for k := z.Next(); k != ErrorToken; k = z.Next() {
			// Only an implied end tag, whose Raw is empty, shares its
			// offset with the token after it.
			if z.Offset() < prev || z.Offset() == prev && !prevEmpty {
				t.Fatalf("offset went back: %d after %d", z.Offset(), prev)
			}
			prev, prevEmpty = z.Offset(), len(z.Raw()) == 0
			if k != TextToken && k != CommentToken && k != DoctypeToken && z.TagAtom() != atom.Lookup(z.TagName()) {
				t.Fatalf("tag %q: atom %v, want %v", z.TagName(), z.TagAtom(), atom.Lookup(z.TagName()))
			}
			z.Text()
			for more := k == StartTagToken || k == SelfClosingTagToken; more; {
				_, _, more = z.TagAttr()
			}
		}
		if z.Err() != io.EOF {
			t.Fatalf("Err() = %v", z.Err())
		}
	})
}

// TestAtomCache checks that the tag-name cache gives atom.Lookup's atom
// for names of every length up to past its limit, known and unknown,
// each name seen many times among others that share its cache slots.
func TestAtomCache(t *testing.T) {
	names := []string{"a", "b", "p", "i", "q", "br", "li", "ul", "td", "tr", "div", "nav", "img", "span", "main",
		"code", "form", "table", "aside", "thead", "header", "footer", "select", "article", "section", "summary",
		"noscript", "textarea", "blockquote", "figcaption", "x", "ab", "abc", "x-y", "my-card", "my-cards", "my-cards2",
		"divx", "spa", "articles", "sectio", "foo-bar-baz"}
	// More names than slots, so that names share slots.
	for c := 'a'; c <= 'z'; c++ {
		for d := 'a'; d <= 'z'; d++ {
			names = append(names, string([]rune{c, d}), string([]rune{c, d, 'x', c, d}))
		}
	}
	var page strings.Builder
	for i := range 4000 {
		n := names[(i*7+i/len(names))%len(names)]
		fmt.Fprintf(&page, "<%s>t</%s>", n, strings.ToUpper(n))
	}
	z, err := New()
	if err != nil {
		t.Fatal(err)
	}
	z.ResetBytes([]byte(page.String()))
	tags := 0
	for k := z.Next(); k != ErrorToken; k = z.Next() {
		if k != StartTagToken && k != EndTagToken {
			continue
		}
		tags++
		if got, want := z.TagAtom(), atom.Lookup(z.TagName()); got != want {
			t.Fatalf("tag %d %q: atom %v, want %v", tags, z.TagName(), got, want)
		}
	}
	if tags != 8000 {
		t.Fatalf("%d tags, want 8000", tags)
	}
}

// TestTagAttrKeyAgrees checks that reading keys alone with TagAttrKey, and
// values on demand with TagAttrValue, gives what TagAttr gives, on the
// shared pages and on markup with odd attribute syntax.
func TestTagAttrKeyAgrees(t *testing.T) {
	inputs := [][]byte{
		[]byte("<a b c=d e='f' g=\"h\" =i>x</a><A HREF=X ID='&amp;q' /><div\nclass\n=\n'x'\n data-X=\"&quot;{}&quot;\" /z=1 'k'=v>"),
		[]byte(`<p a="unterminated`), []byte(`<p a=`), []byte(`<p A`), []byte(`<p  / / B=&copy x=&#65;>`),
	}
	for _, p := range sharedtest.Pages(t) {
		inputs = append(inputs, p.HTML)
	}
	z, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range inputs {
		z.ResetBytes(in)
		for {
			k := z.Next()
			if k == ErrorToken {
				break
			}
			if k != StartTagToken && k != SelfClosingTagToken {
				continue
			}
			var want, wantKeys, keys, both []string
			for {
				key, val, more := z.TagAttr()
				if key == nil {
					break
				}
				wantKeys = append(wantKeys, string(key))
				want = append(want, string(key)+"="+string(val))
				if !more {
					break
				}
			}
			z.RewindTagAttrs()
			for {
				key, more := z.TagAttrKey()
				if key == nil {
					break
				}
				keys = append(keys, string(key))
				if !more {
					break
				}
			}
			z.RewindTagAttrs()
			for i := 0; ; i++ {
				key, more := z.TagAttrKey()
				if key == nil {
					break
				}
				s := string(key)
				if i%2 == 0 {
					s += "=" + string(z.TagAttrValue())
				}
				both = append(both, s)
				if !more {
					break
				}
			}
			for i, w := range want {
				kw := wantKeys[i]
				if i >= len(keys) || keys[i] != kw || i >= len(both) || (i%2 == 0 && both[i] != w) || (i%2 == 1 && both[i] != kw) {
					t.Fatalf("attributes differ:\n TagAttr: %q\n keys: %q\n mixed: %q", want, keys, both)
				}
			}
			if len(keys) != len(want) || len(both) != len(want) {
				t.Fatalf("attribute counts differ:\n TagAttr: %q\n keys: %q\n mixed: %q", want, keys, both)
			}
		}
	}
}

// readAttrs returns the current tag's attributes as TagAttrKey and
// TagAttrValue read them, with each key's "more".
func readAttrs(z *Tokenizer) []string {
	var out []string
	for {
		key, more := z.TagAttrKey()
		if key == nil {
			return append(out, "end")
		}
		out = append(out, fmt.Sprintf("%s=%s/%v/%v", key, z.TagAttrValue(), z.attrHasVal, more))
		if !more {
			return out
		}
	}
}

// FuzzAttrSpans checks the attributes TagAttrKey reads from the spans the
// tag's scan recorded against those it scans again, on every tag of any
// markup, beyond maxSpans attributes included.
func FuzzAttrSpans(f *testing.F) {
	many := "<p" + strings.Repeat(" a=1 B='2' c", 8) + ">"
	for _, s := range []string{"<a b c=d e='f' g=\"h\" =i>x</a><A HREF=X ID='&amp;q' />", "<div\nclass\n=\n'x'\n data-X=\"&quot;{}&quot;\" /z=1 'k'=v>",
		`<p  / / B=&copy x=&#65;>`, "<x a/>", "<x a=b/>", "<x a='b'/c>", many, many + many[2:], "</p a=b>"} {
		f.Add([]byte(s))
	}
	z, err := New()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		z.ResetBytes(b)
		for k := z.Next(); k != ErrorToken; k = z.Next() {
			if k != StartTagToken && k != SelfClosingTagToken && k != EndTagToken {
				continue
			}
			got := readAttrs(z)
			again := readAttrs(z) // after the last one: nothing
			z.attrPos, z.attrIdx, z.nSpans, z.spansAll = z.attrStart, 0, 0, false
			want := readAttrs(z)
			if !slices.Equal(got, want) || !slices.Equal(again, []string{"end"}) {
				t.Fatalf("%q: from the spans %q (then %q), scanned %q", z.Raw(), got, again, want)
			}
		}
	})
}
