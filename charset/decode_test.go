package charset

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// mustDecoder returns a Decoder made with opts, failing t if that fails.
func mustDecoder(t testing.TB, opts ...Option) *Decoder {
	t.Helper()
	d, err := NewDecoder(opts...)
	if err != nil {
		t.Fatalf("NewDecoder: %v", err)
	}
	return d
}

// decodeCase is one input to Decode and the outcome expected from it.
type decodeCase struct {
	name   string
	src    string
	label  string
	want   string
	enc    string
	source Source
}

func runDecodeCases(t *testing.T, cases []decodeCase) {
	t.Helper()
	d := mustDecoder(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, res, err := d.Decode([]byte(c.src), c.label)
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			if string(out) != c.want {
				t.Errorf("output %q, want %q", out, c.want)
			}
			if res.Encoding != c.enc || res.Source != c.source {
				t.Errorf("got %s from %v, want %s from %v", res.Encoding, res.Source, c.enc, c.source)
			}
			if !utf8.Valid(out) {
				t.Errorf("output %q is not valid UTF-8", out)
			}
		})
	}
}

func TestDecodeBOM(t *testing.T) {
	runDecodeCases(t, []decodeCase{
		{"utf-8", "\xEF\xBB\xBFcaf\xC3\xA9", "", "café", "utf-8", BOM},
		{"utf-16le", "\xFF\xFEh\x00\xE9\x00", "", "hé", "utf-16le", BOM},
		{"utf-16be", "\xFE\xFF\x00h\x00\xE9", "", "hé", "utf-16be", BOM},
		{"utf-16le surrogate pair", "\xFF\xFE\x3D\xD8\x00\xDE", "", "\U0001F600", "utf-16le", BOM},
		{"utf-16le odd length", "\xFF\xFEh\x00i", "", "h\uFFFD", "utf-16le", BOM},
		{"utf-16be odd length", "\xFE\xFF\x00h\x00", "", "h\uFFFD", "utf-16be", BOM},
		{"utf-16le lone surrogate", "\xFF\xFE\x00\xD8a\x00", "", "\uFFFDa", "utf-16le", BOM},
		{"beats label", "\xEF\xBB\xBFcaf\xC3\xA9", "windows-1252", "café", "utf-8", BOM},
		{"beats meta", "\xEF\xBB\xBF<meta charset=shift_jis>\xC3\xA9", "", "<meta charset=shift_jis>é", "utf-8", BOM},
		{"bom only", "\xFE\xFF", "", "", "utf-16be", BOM},
		{"bom with invalid utf-8", "\xEF\xBB\xBFa\xFFb", "", "a\uFFFDb", "utf-8", BOM},
		{"half a bom", "\xEF\xBB", "", "\uFFFD", "utf-8", Fallback},
	})
}

func TestDecodeLabels(t *testing.T) {
	runDecodeCases(t, []decodeCase{
		{"windows-1252", "caf\xE9 \x80", "windows-1252", "café €", "windows-1252", Caller},
		{"iso-8859-1 means windows-1252", "\x80\x93", "ISO-8859-1", "€“", "windows-1252", Caller},
		{"latin1 padded", "\xE9", " \tLatin1\r\n", "é", "windows-1252", Caller},
		{"shift_jis", "\x82\xB1\x82\xF1\x82\xC9\x82\xBF\x82\xCD", "Shift_JIS", "こんにちは", "shift_jis", Caller},
		{"shift_jis invalid trail", "\x82", "sjis", "\uFFFD", "shift_jis", Caller},
		{"gbk", "\xC4\xE3\xBA\xC3", "GBK", "你好", "gbk", Caller},
		{"gb2312 means gbk", "\xC4\xE3\xBA\xC3", "gb2312", "你好", "gbk", Caller},
		{"gbk euro", "\x80", "gbk", "€", "gbk", Caller},
		{"euc-kr", "\xC7\xD1", "euc-kr", "한", "euc-kr", Caller},
		{"windows-1251", "\xCF\xF0\xE8", "cp1251", "При", "windows-1251", Caller},
		{"caller beats meta", "<meta charset=utf-8>\xE9", "windows-1252", "<meta charset=utf-8>é", "windows-1252", Caller},
		{"unknown caller label", "<meta charset=windows-1252>\xE9", "klingon", "<meta charset=windows-1252>é", "windows-1252", Meta},
		{"replacement label", "anything", "iso-2022-kr", "\uFFFD", "replacement", Caller},
		{"replacement label, empty", "", "iso-2022-kr", "", "replacement", Caller},
		{"name replacement is no label", "x", "replacement", "x", "utf-8", Fallback},
		{"utf-16 label", "h\x00i\x00", "utf-16", "hi", "utf-16le", Caller},
		{"x-user-defined from caller", "\x80", "x-user-defined", "\uF780", "x-user-defined", Caller},
		{"unicode lowercasing is not label matching", "\xE9", "\u212Aoi8-r", "\uFFFD", "utf-8", Fallback},
		{"vertical tab is not label space", "\xE9", "\vlatin1", "\uFFFD", "utf-8", Fallback},
	})
}

// TestDecodeLyingCharset: a declaration the bytes contradict. A UTF-8 page
// that declares a single-byte encoding is read as UTF-8 (see the package
// documentation); one that declares a multi-byte legacy encoding is read as
// declared, as an HTML5 browser reads it: the result is mojibake but valid
// UTF-8. Bytes that are not UTF-8 are not guessed from.
func TestDecodeLyingCharset(t *testing.T) {
	page := "<meta charset=windows-1251><p>Пр</p>" // Пр is D0 9F D1 80 in UTF-8
	runDecodeCases(t, []decodeCase{
		{"utf-8 declared windows-1251", page, "", page, "utf-8", Content},
		{"utf-8 declared gbk", "<meta charset=gbk><p>Пр</p>", "", "<meta charset=gbk><p>袩褉</p>", "gbk", Meta},
		{"windows-1252 declared utf-8", "<meta charset=utf-8>caf\xE9", "", "<meta charset=utf-8>caf\uFFFD", "utf-8", Meta},
	})
}

func TestDecodeInvalidUTF8(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		// The example of the Unicode Standard, section 3.9 (U+FFFD substitution of maximal subparts).
		{"unicode example", "\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64", "a\uFFFD\uFFFD\uFFFDb\uFFFDc\uFFFD\uFFFDd"},
		{"lone continuation", "a\x80b", "a\uFFFDb"},
		{"invalid bytes", "\xFD\xFE\xFF", "\uFFFD\uFFFD\uFFFD"},
		{"truncated at end", "ab\xE2\x82", "ab\uFFFD"},
		{"truncated before ascii", "\xE2\x82A", "\uFFFDA"},
		{"overlong two-byte", "\xC0\xAF", "\uFFFD\uFFFD"},
		{"overlong three-byte", "\xE0\x80\xAF", "\uFFFD\uFFFD\uFFFD"},
		{"surrogate", "\xED\xA0\x80", "\uFFFD\uFFFD\uFFFD"},
		{"above U+10FFFF", "\xF4\x90\x80\x80", "\uFFFD\uFFFD\uFFFD\uFFFD"},
		{"truncated four-byte", "\xF0\x9F\x98x", "\uFFFDx"},
		{"valid neighbours kept", "é\xFFü", "é\uFFFDü"},
		{"real U+FFFD kept", "\uFFFD\xFF", "\uFFFD\uFFFD"},
		{"NUL kept", "a\x00\xFF", "a\x00\uFFFD"},
	}
	d := mustDecoder(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, res, err := d.Decode([]byte(c.src), "")
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			if string(out) != c.want {
				t.Errorf("output %+q, want %+q", out, c.want)
			}
			if !res.Replaced {
				t.Error("Replaced is false")
			}
		})
	}
}

func TestDecodeValidUTF8Aliases(t *testing.T) {
	d := mustDecoder(t)
	for _, src := range []string{"<p>héllo</p>", "\xEF\xBB\xBF<p>héllo</p>"} {
		b := []byte(src)
		out, res, err := d.Decode(b, "utf-8")
		if err != nil {
			t.Fatalf("Decode: %v", err)
		}
		if res.Replaced || string(out) != "<p>héllo</p>" {
			t.Fatalf("Decode(%q) = %q, Replaced %v", src, out, res.Replaced)
		}
		if &out[len(out)-1] != &b[len(b)-1] {
			t.Errorf("Decode(%q) copied valid UTF-8", src)
		}
	}
}

func TestDecodeReusesBuffer(t *testing.T) {
	d := mustDecoder(t)
	first, _, _ := d.Decode([]byte("caf\xE9"), "windows-1252")
	kept := string(first)
	second, _, _ := d.Decode([]byte("na\xEFve"), "windows-1252")
	if kept != "café" || string(second) != "naïve" {
		t.Fatalf("got %q then %q", kept, second)
	}
	if &first[0] != &second[0] {
		t.Error("the second decode did not reuse the buffer")
	}
	d.Reset()
	third, _, _ := d.Decode([]byte("\xE0 la"), "windows-1252")
	if string(third) != "à la" || string(first[:4]) == "à la" {
		t.Errorf("after Reset got %q, earlier result now %q", third, first)
	}
}

func TestDecodeGrowsPastFirstGuess(t *testing.T) {
	// Every byte of this windows-1252 input becomes three bytes of UTF-8,
	// more than the first pass's room.
	src := bytes.Repeat([]byte{0x80}, 10000)
	out, _, err := mustDecoder(t).Decode(src, "windows-1252")
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != strings.Repeat("€", 10000) {
		t.Errorf("got %d bytes, want %d", len(out), 30000)
	}
	if len(out) > MaxDecodedLen(len(src)) {
		t.Errorf("output %d bytes exceeds MaxDecodedLen %d", len(out), MaxDecodedLen(len(src)))
	}
}

func TestOptions(t *testing.T) {
	bad := []struct {
		name string
		opt  Option
	}{
		{"unknown fallback", WithFallback("klingon")},
		{"empty fallback", WithFallback("")},
		{"replacement fallback", WithFallback("iso-2022-kr")},
		{"negative prescan", WithMaxPrescan(-1)},
	}
	for _, c := range bad {
		if d, err := NewDecoder(c.opt); err == nil || d != nil {
			t.Errorf("%s: NewDecoder = %v, %v; want an error", c.name, d, err)
		} else if !strings.HasPrefix(err.Error(), "charset: ") {
			t.Errorf("%s: error %q does not say where", c.name, err)
		}
	}

	d := mustDecoder(t, WithFallback("Latin1"), WithMaxPrescan(0))
	out, res, err := d.Decode([]byte("<meta charset=utf-8>\xE9"), "")
	if err != nil || string(out) != "<meta charset=utf-8>é" || res.Encoding != "windows-1252" || res.Source != Fallback {
		t.Errorf("with fallback latin1 and no prescan: %q %+v %v", out, res, err)
	}
	d.Reset()
	if _, res, _ := d.Decode([]byte("<meta charset=utf-8>"), ""); res.Source != Fallback || res.Encoding != "windows-1252" {
		t.Errorf("Reset changed the options: %+v", res)
	}

	var zero Decoder
	if _, _, err := zero.Decode([]byte("x"), ""); err == nil {
		t.Error("Decode on the zero Decoder did not fail")
	}
	var none *Decoder
	if _, _, err := none.Decode([]byte("x"), ""); err == nil {
		t.Error("Decode on a nil Decoder did not fail")
	}
}

func TestSourceString(t *testing.T) {
	for s, want := range map[Source]string{BOM: "bom", Caller: "caller", Meta: "meta", Fallback: "fallback", 0: "Source(0)", 9: "Source(9)"} {
		if got := s.String(); got != want {
			t.Errorf("Source(%d).String() = %q, want %q", uint8(s), got, want)
		}
	}
}

func TestMaximalSubpart(t *testing.T) {
	cases := []struct {
		in   string
		want int
	}{
		{"\x80", 1}, {"\xC1\x80", 1}, {"\xC2", 1}, {"\xC2A", 1},
		{"\xE0\x9F", 1}, {"\xE0\xA0", 2}, {"\xED\xA0", 1}, {"\xED\x9F", 2},
		{"\xE1\x80", 2}, {"\xF0\x8F", 1}, {"\xF0\x90\x80", 3}, {"\xF4\x90", 1},
		{"\xF4\x8F\xBF", 3}, {"\xF5\x80", 1}, {"\xF3\xBF\xBF", 3},
	}
	for _, c := range cases {
		if got := maximalSubpart([]byte(c.in)); got != c.want {
			t.Errorf("maximalSubpart(%+q) = %d, want %d", c.in, got, c.want)
		}
	}
}

func TestDecodeAllocs(t *testing.T) {
	utf8Page := []byte(`<!DOCTYPE html><html><head><meta charset="UTF-8"><title>t</title></head><body>` +
		strings.Repeat("<p>Grüße, café, naïve — “quotes”.</p>\n", 500) + `</body></html>`)
	cp1252Page := []byte(`<html><head><meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1"></head><body>` +
		strings.Repeat("<p>Gr\xFC\xDFe, caf\xE9, na\xEFve \x97 \x93quotes\x94.</p>\n", 500) + `</body></html>`)
	invalid := append(bytes.Clone(utf8Page), "\xFF\xC3"...)
	cases := []struct {
		name   string
		src    []byte
		label  string
		budget float64
	}{
		{"utf-8 meta", utf8Page, "", 0},
		{"utf-8 caller", utf8Page, "text/html; charset=UTF-8", 0},
		{"windows-1252 meta", cp1252Page, "", 0},
		{"invalid utf-8", invalid, "", 0},
	}
	d := mustDecoder(t)
	for _, c := range cases {
		label := LabelFromContentType(c.label)
		if _, _, err := d.Decode(c.src, label); err != nil { // warm the buffer and decoder cache
			t.Fatal(err)
		}
		got := testing.AllocsPerRun(20, func() {
			if _, _, err := d.Decode(c.src, label); err != nil {
				t.Fatal(err)
			}
		})
		if got > c.budget {
			t.Errorf("%s: %.1f allocations per Decode, budget %.0f", c.name, got, c.budget)
		}
	}
}
