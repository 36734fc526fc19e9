package charset

import (
	"bytes"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"
)

// encode returns s in the x/text charmap e, failing t on a character e
// cannot encode.
func encode(t testing.TB, e *charmap.Charmap, s string) string {
	t.Helper()
	out, err := e.NewEncoder().String(s)
	if err != nil {
		t.Fatalf("encoding %q: %v", s, err)
	}
	return out
}

// decodeWith returns s decoded from the x/text charmap e.
func decodeWith(t testing.TB, e *charmap.Charmap, s string) string {
	t.Helper()
	out, err := e.NewDecoder().String(s)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestDecodeValidUTF8OverDeclaration: valid UTF-8 with non-ASCII characters
// outranks a <meta> declaring a single-byte encoding and any fallback, not
// a byte order mark, a caller's label, a multi-byte declaration, nor a
// declaration of an ASCII or invalid-UTF-8 document.
func TestDecodeValidUTF8OverDeclaration(t *testing.T) {
	const cafe = "<p>Café crème, naïve – “quoted”</p>"
	cafe1252 := encode(t, charmap.Windows1252, cafe)
	latin1 := mustDecoder(t, WithFallback("windows-1252"))
	cases := []struct {
		name, src, label string
		d                *Decoder // nil for the default Decoder
		want, enc        string   // want "" when the output is not checked
		source           Source
	}{
		{"meta windows-1252", `<meta charset="windows-1252">` + cafe, "", nil, `<meta charset="windows-1252">` + cafe, "utf-8", Content},
		{"meta iso-8859-1", `<meta charset=iso-8859-1>` + cafe, "", nil, `<meta charset=iso-8859-1>` + cafe, "utf-8", Content},
		{"http-equiv latin1", `<meta http-equiv=Content-Type content="text/html; charset=latin1">` + cafe, "", nil,
			`<meta http-equiv=Content-Type content="text/html; charset=latin1">` + cafe, "utf-8", Content},
		{"meta windows-1250", `<meta charset=windows-1250><p>Zażółć gęślą jaźń</p>`, "", nil, `<meta charset=windows-1250><p>Zażółć gęślą jaźń</p>`, "utf-8", Content},
		{"meta koi8-r", `<meta charset=koi8-r><p>Привет</p>`, "", nil, `<meta charset=koi8-r><p>Привет</p>`, "utf-8", Content},
		{"meta x-user-defined", `<meta charset=x-user-defined>é`, "", nil, `<meta charset=x-user-defined>é`, "utf-8", Content},
		{"xml declaration iso-8859-2", `<?xml version="1.0" encoding="iso-8859-2"?>ż`, "", nil, `<?xml version="1.0" encoding="iso-8859-2"?>ż`, "utf-8", Content},
		{"non-ASCII only at the end", `<meta charset=windows-1252>` + strings.Repeat("x", 5000) + "é", "", nil,
			`<meta charset=windows-1252>` + strings.Repeat("x", 5000) + "é", "utf-8", Content},
		{"real windows-1252", `<meta charset="windows-1252">` + cafe1252, "", nil, `<meta charset="windows-1252">` + cafe, "windows-1252", Meta},
		{"ascii keeps the declaration", `<meta charset=windows-1252><p>plain</p>`, "", nil, `<meta charset=windows-1252><p>plain</p>`, "windows-1252", Meta},
		{"one invalid byte keeps the declaration", "<meta charset=windows-1252>é and \xE9", "", nil, `<meta charset=windows-1252>Ã© and é`, "windows-1252", Meta},
		{"multi-byte declaration obeyed", `<meta charset=shift_jis>` + cafe, "", nil, "", "shift_jis", Meta},
		{"utf-8 declaration", `<meta charset=utf-8>` + cafe, "", nil, `<meta charset=utf-8>` + cafe, "utf-8", Meta},
		{"caller label wins", "<p>Café – crème</p>", "windows-1252", nil, "<p>CafÃ© â€“ crÃ¨me</p>", "windows-1252", Caller},
		{"caller label wins over meta", `<meta charset=utf-8>` + cafe, "iso-8859-1", nil, "", "windows-1252", Caller},
		{"bom wins", "\xEF\xBB\xBF<meta charset=windows-1252>é", "", nil, "<meta charset=windows-1252>é", "utf-8", BOM},
		{"fallback windows-1252, utf-8", cafe, "", latin1, cafe, "utf-8", Content},
		{"fallback windows-1252, ascii", "<p>plain</p>", "", latin1, "<p>plain</p>", "windows-1252", Fallback},
		{"fallback windows-1252, not utf-8", cafe1252, "", latin1, cafe, "windows-1252", Fallback},
		{"fallback utf-8", cafe, "", nil, cafe, "utf-8", Fallback},
		{"fallback shift_jis, utf-8", cafe, "", mustDecoder(t, WithFallback("shift_jis")), cafe, "utf-8", Content},
	}
	def := mustDecoder(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := c.d
			if d == nil {
				d = def
			}
			src := []byte(c.src)
			out, res, err := d.Decode(src, c.label)
			if err != nil {
				t.Fatal(err)
			}
			if c.want != "" && string(out) != c.want {
				t.Errorf("output %q, want %q", out, c.want)
			}
			if res.Encoding != c.enc || res.Source != c.source {
				t.Errorf("got %s from %v, want %s from %v", res.Encoding, res.Source, c.enc, c.source)
			}
			if res.Source == Content && (res.Replaced || len(out) == 0 || &out[0] != &src[0]) {
				t.Errorf("UTF-8 from the content was not returned as is: Replaced %v", res.Replaced)
			}
		})
	}
}

// latePage returns a page whose <meta charset=label> comes after a <style>
// and a <script> of more than 1,500 bytes in head, then body text.
func latePage(label, title, body string) string {
	return "<!DOCTYPE html>\n<html><head><title>" + title + "</title>\n<style>\n" +
		strings.Repeat("body { margin: 0; padding: 0 } /* </head> <body> */\n", 24) +
		"</style>\n<script>\nvar s = '<meta charset=big5>' + \"</head><div>\";\n" +
		strings.Repeat("var x = 1; // <div> padding\n", 24) + "</script>\n" +
		"<meta charset=\"" + label + "\">\n</head>\n<body><p>" + body + "</p></body></html>"
}

// TestDecodeHeadMeta: a <meta charset> inside head after the first 1024
// bytes is honoured when the document is not valid UTF-8.
func TestDecodeHeadMeta(t *testing.T) {
	const (
		plTitle = "Zażółć gęślą jaźń"
		plBody  = "Pchnąć w tę łódź jeża lub ośm skrzyń fig. Źdźbło, żółw, Łódź."
		frTitle = "Crème brûlée"
		frBody  = "Où est la café? Ça dépend: à l'hôtel, près de la fenêtre, «voilà»."
	)
	pl := latePage("windows-1250", plTitle, plBody)
	fr := latePage("ISO-8859-1", frTitle, frBody)
	if i := strings.Index(pl, "<meta charset=\""); i < 1500 {
		t.Fatalf("the meta is at byte %d, want it beyond 1,500", i)
	}
	frAfterHead := strings.Replace(fr, "<meta charset=\"ISO-8859-1\">\n</head>\n<body>", "</head>\n<body><meta charset=\"ISO-8859-1\">", 1)
	frAfterBody := strings.Replace(fr, "<meta charset=\"ISO-8859-1\">\n</head>\n<body>", "<body><meta charset=\"ISO-8859-1\">", 1)
	frAfterDiv := strings.Replace(fr, "<meta charset=\"ISO-8859-1\">", "<div></div><meta charset=\"ISO-8859-1\">", 1)
	frNoscript := strings.Replace(fr, "<meta charset=\"ISO-8859-1\">", "<noscript><img src=x></noscript><link rel=icon href=x><meta charset=\"ISO-8859-1\">", 1)
	frComment := strings.Replace(fr, "<meta charset=\"ISO-8859-1\">", "<!-- <meta charset=koi8-r> --><meta charset=\"ISO-8859-1\">", 1)
	frUnknown := strings.Replace(fr, "ISO-8859-1", "klingon", 1)
	frFar := strings.Replace(fr, "<script>", "<script>"+strings.Repeat("// padding\n", DefaultMaxHeadScan/11), 1)

	cases := []struct {
		name, src string
		d         *Decoder // nil for the default Decoder
		want      string   // the decoded page, "" for the source read as UTF-8 with U+FFFD
		enc       string
		source    Source
		unknown   string
	}{
		{"windows-1250 after 1500 bytes", encode(t, charmap.Windows1250, pl), nil, pl, "windows-1250", HeadMeta, ""},
		{"iso-8859-1 after 1500 bytes", encode(t, charmap.Windows1252, fr), nil, fr, "windows-1252", HeadMeta, ""},
		{"utf-8 page with a late windows-1250 meta", pl, nil, pl, "utf-8", Fallback, ""},
		{"utf-8 page with a late meta and an invalid byte", pl + "\xFF", nil, decodeWith(t, charmap.Windows1250, pl+"\xFF"), "windows-1250", HeadMeta, ""},
		{"after </head>", encode(t, charmap.Windows1252, frAfterHead), nil, "", "utf-8", Fallback, ""},
		{"after <body>", encode(t, charmap.Windows1252, frAfterBody), nil, "", "utf-8", Fallback, ""},
		{"after a div in head", encode(t, charmap.Windows1252, frAfterDiv), nil, "", "utf-8", Fallback, ""},
		{"after noscript and link", encode(t, charmap.Windows1252, frNoscript), nil, frNoscript, "windows-1252", HeadMeta, ""},
		{"after a comment", encode(t, charmap.Windows1252, frComment), nil, frComment, "windows-1252", HeadMeta, ""},
		{"unknown label", encode(t, charmap.Windows1252, frUnknown), nil, "", "utf-8", Fallback, "klingon"},
		{"beyond the head scan", encode(t, charmap.Windows1252, frFar), nil, "", "utf-8", Fallback, ""},
		{"head scan off", encode(t, charmap.Windows1252, fr), mustDecoder(t, WithMaxHeadScan(0)), "", "utf-8", Fallback, ""},
		{"prescan off", encode(t, charmap.Windows1252, fr), mustDecoder(t, WithMaxPrescan(0)), "", "utf-8", Fallback, ""},
		{"longer head scan", encode(t, charmap.Windows1252, frFar), mustDecoder(t, WithMaxHeadScan(1<<20)), frFar, "windows-1252", HeadMeta, ""},
		{"fallback windows-1250", encode(t, charmap.Windows1250, pl), mustDecoder(t, WithFallback("windows-1250"), WithMaxHeadScan(0)), pl, "windows-1250", Fallback, ""},
	}
	def := mustDecoder(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := c.d
			if d == nil {
				d = def
			}
			out, res, err := d.Decode([]byte(c.src), "")
			if err != nil {
				t.Fatal(err)
			}
			want := c.want
			if want == "" {
				want = string(appendReplacingInvalid(nil, []byte(c.src)))
			}
			if string(out) != want {
				t.Errorf("output differs:\n got %q\nwant %q", tail(out), tail([]byte(want)))
			}
			if res.Encoding != c.enc || res.Source != c.source || res.Unknown != c.unknown {
				t.Errorf("got %s from %v (unknown %q), want %s from %v (unknown %q)", res.Encoding, res.Source, res.Unknown, c.enc, c.source, c.unknown)
			}
		})
	}
}

// tail returns the last bytes of b, where the pages' texts are.
func tail(b []byte) []byte { return b[max(0, len(b)-120):] }

func TestScanHead(t *testing.T) {
	cases := []struct {
		name, src, enc, unknown string
	}{
		{"meta in head", `<html><head><title>t</title><meta charset=big5></head>`, "big5", ""},
		{"no html or head tags", `<title>t</title><link rel=x><meta charset=big5>`, "big5", ""},
		{"stops at </head>", `<head></head><meta charset=big5>`, "", ""},
		{"stops at </HEAD >", `<head></HEAD ><meta charset=big5>`, "", ""},
		{"stops at <body>", `<head><body><meta charset=big5>`, "", ""},
		{"stops at </body>", `<head></body><meta charset=big5>`, "", ""},
		{"stops at </br>", `<head></br><meta charset=big5>`, "", ""},
		{"stops at a div", `<head><div><meta charset=big5>`, "", ""},
		{"stops at an unknown tag", `<head><my-tag><meta charset=big5>`, "", ""},
		{"other end tags ignored", `<head></div></title><meta charset=big5>`, "big5", ""},
		{"script content skipped", `<script>"<meta charset=gbk></head>"</script><meta charset=big5>`, "big5", ""},
		{"script end tag any case", `<SCRIPT>x</sCrIpT ><meta charset=big5>`, "big5", ""},
		{"script end tag needs a delimiter", `<script>"</scripts><meta charset=gbk>"</script><meta charset=big5>`, "big5", ""},
		{"script with attributes", `<script type="text/javascript" src='a>b'>x</script><meta charset=big5>`, "big5", ""},
		{"self-closing script name", `<script/>x</script><meta charset=big5>`, "big5", ""},
		{"style content skipped", `<style>p{}</head><div></style><meta charset=big5>`, "big5", ""},
		{"title content skipped", `<title><body></title><meta charset=big5>`, "big5", ""},
		{"noscript content skipped", `<noscript><img src=x><meta charset=gbk></noscript><meta charset=big5>`, "big5", ""},
		{"template content skipped", `<template><div><meta charset=gbk></div></template><meta charset=big5>`, "big5", ""},
		{"unclosed script", `<script><meta charset=big5>`, "", ""},
		{"comment skipped", `<!-- <meta charset=gbk> --><meta charset=big5>`, "big5", ""},
		{"http-equiv", `<head><meta http-equiv=content-type content="text/html; charset=windows-1250">`, "windows-1250", ""},
		{"unknown then known", `<meta charset=klingon><meta charset=big5>`, "big5", "klingon"},
		{"unknown only", `<meta charset=klingon></head>`, "", "klingon"},
		{"meta without attributes", `<meta><meta charset=big5>`, "big5", ""},
		{"truncated meta", `<meta charset=big5`, "", ""},
		{"truncated tag", `<link rel=x`, "", ""},
		{"empty", ``, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			name, unknown := scanHead([]byte(c.src))
			if name != c.enc || string(unknown) != c.unknown {
				t.Errorf("scanHead(%q) = %q, unknown %q; want %q, unknown %q", c.src, name, unknown, c.enc, c.unknown)
			}
		})
	}
}

func TestClassifyUTF8(t *testing.T) {
	for _, c := range []struct {
		src  string
		want utf8Kind
	}{
		{"", utf8ASCII}, {"plain", utf8ASCII}, {strings.Repeat("a", 17), utf8ASCII},
		{"é", utf8Multi}, {strings.Repeat("a", 16) + "é", utf8Multi}, {strings.Repeat("a", 13) + "€abc", utf8Multi},
		{"\xE9", utf8Invalid}, {strings.Repeat("a", 9) + "\xC3", utf8Invalid}, {"é\xFF", utf8Invalid},
		{"\x7F\x00", utf8ASCII}, {"\xED\xA0\x80", utf8Invalid},
	} {
		if got := classifyUTF8([]byte(c.src)); got != c.want {
			t.Errorf("classifyUTF8(%+q) = %d, want %d", c.src, got, c.want)
		}
	}
}

// TestSingleByteASCII checks the premises of the single-byte shortcuts:
// isSingleByte names exactly the Encoding Standard's single-byte encodings
// whose decoders read every ASCII byte as itself.
func TestSingleByteASCII(t *testing.T) {
	var ascii [128]byte
	for i := range ascii {
		ascii[i] = byte(i)
	}
	labels := []string{
		"ibm866", "iso-8859-2", "iso-8859-3", "iso-8859-4", "iso-8859-5", "iso-8859-6", "iso-8859-7",
		"iso-8859-8", "iso-8859-8-i", "iso-8859-10", "iso-8859-13", "iso-8859-14", "iso-8859-15",
		"iso-8859-16", "koi8-r", "koi8-u", "macintosh", "windows-874", "windows-1250", "windows-1251",
		"windows-1252", "windows-1253", "windows-1254", "windows-1255", "windows-1256", "windows-1257",
		"windows-1258", "x-mac-cyrillic", "latin1", "tis-620",
		// not single-byte
		"utf-8", "gbk", "gb18030", "big5", "euc-jp", "iso-2022-jp", "shift_jis", "euc-kr", "utf-16le", "x-user-defined",
	}
	d := mustDecoder(t)
	for i, l := range labels {
		name, ok := lookup(l)
		if !ok {
			t.Fatalf("lookup(%q) failed", l)
		}
		if single := i < 30; isSingleByte(name) != single {
			t.Errorf("isSingleByte(%q) = %v", name, !single)
			continue
		}
		if !isSingleByte(name) {
			continue
		}
		out, err := d.transcode(name, ascii[:])
		if err != nil || !bytes.Equal(out, ascii[:]) {
			t.Errorf("%s does not read ASCII as ASCII: %q, %v", name, out, err)
		}
		// Decode's shortcut gives the same.
		if out, res, _ := d.Decode(ascii[:], l); !bytes.Equal(out, ascii[:]) || res.Encoding != name {
			t.Errorf("Decode(ASCII, %q) = %q as %s", l, out, res.Encoding)
		}
	}
}

func TestDecodeSniffAllocs(t *testing.T) {
	fr := encode(t, charmap.Windows1252, latePage("ISO-8859-1", "Crème", strings.Repeat("Où est la café? ", 200)))
	utf := `<meta charset=windows-1252>` + strings.Repeat("<p>Grüße, café.</p>", 200)
	d := mustDecoder(t)
	for _, src := range []string{fr, utf} {
		b := []byte(src)
		d.Decode(b, "")
		if n := testing.AllocsPerRun(20, func() { d.Decode(b, "") }); n > 0 {
			t.Errorf("%.0f allocations per warm Decode of %q...", n, src[:40])
		}
	}
}

func BenchmarkDecodeSniff(b *testing.B) {
	para := "<p>Grüße, café, naïve — “quotes”, and some plain ASCII words to go with them.</p>\n"
	utf := []byte(`<meta charset=windows-1252>` + strings.Repeat(para, (8<<20)/len(para)))
	legacy := []byte(encode(b, charmap.Windows1252, string(utf)))
	for _, c := range []struct {
		name string
		src  []byte
	}{{"utf-8 declared windows-1252", utf}, {"windows-1252", legacy}} {
		b.Run(c.name, func(b *testing.B) {
			d := mustDecoder(b)
			b.SetBytes(int64(len(c.src)))
			for b.Loop() {
				d.Decode(c.src, "")
			}
		})
	}
}
