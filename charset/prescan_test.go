package charset

import (
	"strings"
	"testing"
)

func TestPrescan(t *testing.T) {
	cases := []struct {
		name    string
		src     string
		enc     string // "" when the prescan decides nothing
		unknown string
	}{
		{"meta charset", `<meta charset="windows-1252">`, "windows-1252", ""},
		{"meta charset unquoted", `<META CharSet=Shift_JIS>`, "shift_jis", ""},
		{"meta charset single quotes", `<meta charset='koi8-r'>`, "koi8-r", ""},
		{"meta charset slash", `<meta/charset=gbk/>`, "", "gbk/"},
		{"meta charset spaces", "<meta\tcharset = \"  latin1 \">", "windows-1252", ""},
		{"http-equiv content", `<meta http-equiv="Content-Type" content="text/html; charset=euc-jp">`, "euc-jp", ""},
		{"content before http-equiv", `<meta content='text/html;charset="big5"' http-equiv=content-type>`, "big5", ""},
		{"content without http-equiv", `<meta content="text/html; charset=euc-jp">`, "", ""},
		{"http-equiv without charset", `<meta http-equiv="content-type" content="text/html"><meta charset=koi8-u>`, "koi8-u", ""},
		{"http-equiv other", `<meta http-equiv="refresh" content="0; charset=big5">`, "", ""},
		{"content charset without =", `<meta http-equiv=content-type content="charset; charset=gbk">`, "gbk", ""},
		{"charset beats content", `<meta content="text/html; charset=big5" http-equiv=content-type charset=gbk>`, "gbk", ""},
		{"duplicate charset ignored", `<meta charset=gbk charset=big5>`, "gbk", ""},
		{"unknown charset, next meta", `<meta charset=klingon><meta charset=big5>`, "big5", "klingon"},
		{"unknown content label", `<meta http-equiv=content-type content="text/html; charset=klingon">`, "", "klingon"},
		{"unknown content label then charset", `<meta http-equiv=content-type content="charset=klingon" charset=big5>`, "big5", ""},
		{"failed charset blocks content", `<meta charset=klingon http-equiv=content-type content="charset=big5">`, "", "klingon"},
		{"empty charset", `<meta charset><p>`, "", ""},
		{"utf-16 declared means utf-8", `<meta charset=utf-16>`, "utf-8", ""},
		{"utf-16be declared means utf-8", `<meta charset=UTF-16BE>`, "utf-8", ""},
		{"x-user-defined means windows-1252", `<meta charset=x-user-defined>`, "windows-1252", ""},
		{"replacement label honoured", `<meta charset=iso-2022-kr>`, "replacement", ""},
		{"comment skipped", `<!-- <meta charset=big5> --><meta charset=gbk>`, "gbk", ""},
		{"short comment", `<!--><meta charset=gbk>-->`, "gbk", ""},
		{"unclosed comment", `<!-- <meta charset=big5>`, "", ""},
		{"meta in attribute value skipped", `<div title="<meta charset=big5>"><meta charset=gbk>`, "gbk", ""},
		{"meta in end tag skipped", `</div x="<meta charset=big5>"><meta charset=gbk>`, "gbk", ""},
		{"doctype and pi", `<!DOCTYPE html><?php x ?><meta charset=gbk>`, "gbk", ""},
		{"bang tag ends at first >", `<!x <meta charset=big5>`, "", ""},
		{"script not special", `<script>"<meta charset=big5>"</script>`, "big5", ""},
		{"metadata is not meta", `<metadata charset=big5>`, "", ""},
		{"meta without attributes", `<meta><meta charset=big5>`, "big5", ""},
		{"stray less-than", `a < b <3 <meta charset=big5>`, "big5", ""},
		{"truncated meta", `<meta charset=big5`, "", ""},
		{"truncated quoted value", `<meta charset="big5`, "", ""},
		{"charset then truncated", `<meta charset="big5" `, "", ""},
		{"attribute name with =", `<meta =charset=big5 charset=gbk>`, "gbk", ""},
		{"xml declaration", `<?xml version="1.0" encoding="ISO-8859-2"?><html>`, "iso-8859-2", ""},
		{"xml declaration utf-16", `<?xml version="1.0" encoding='utf-16'?>`, "utf-8", ""},
		{"xml declaration unknown", `<?xml version="1.0" encoding="klingon"?>`, "", "klingon"},
		{"xml declaration space in label", `<?xml encoding=" gbk"?>`, "", ""},
		{"xml encoding after >", `<?xml version="1.0"?><p encoding="gbk">`, "", ""},
		{"meta beats xml declaration", `<?xml encoding="gbk"?><meta charset=big5>`, "big5", ""},
		{"utf-16le xml prefix", "<\x00?\x00x\x00m\x00l\x00", "utf-16le", ""},
		{"utf-16be xml prefix", "\x00<\x00?\x00x\x00m\x00l", "utf-16be", ""},
		{"nothing", `<html><body>hello`, "", ""},
		{"empty", ``, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			name, unknown := prescan([]byte(c.src))
			if name != c.enc || string(unknown) != c.unknown {
				t.Errorf("prescan(%q) = %q, unknown %q; want %q, unknown %q", c.src, name, unknown, c.enc, c.unknown)
			}
		})
	}
}

// TestPrescanLimit checks that a declaration must end within the first
// DefaultMaxPrescan bytes to count as one the prescan found, that one beyond
// them is found by the head scan (the document is not UTF-8) unless that is
// off, and that Decode reports the step that decided.
func TestPrescanLimit(t *testing.T) {
	const meta = "<meta charset=windows-1252>"
	d, noHead := mustDecoder(t), mustDecoder(t, WithMaxHeadScan(0))
	for _, c := range []struct {
		pad    int
		d      *Decoder
		source Source
		enc    string
	}{
		{DefaultMaxPrescan - len(meta), d, Meta, "windows-1252"},         // '>' is byte 1024
		{DefaultMaxPrescan - len(meta) + 1, d, HeadMeta, "windows-1252"}, // '>' is byte 1025
		{DefaultMaxPrescan - len(meta), noHead, Meta, "windows-1252"},    // '>' is byte 1024
		{DefaultMaxPrescan - len(meta) + 1, noHead, Fallback, "utf-8"},   // '>' is byte 1025
		{DefaultMaxHeadScan - len(meta), d, HeadMeta, "windows-1252"},    // '>' is the head scan's last byte
		{DefaultMaxHeadScan - len(meta) + 1, d, Fallback, "utf-8"},       // one byte beyond
	} {
		src := strings.Repeat(" ", c.pad) + meta + "\xE9"
		_, res, err := c.d.Decode([]byte(src), "")
		if err != nil {
			t.Fatal(err)
		}
		if res.Source != c.source || res.Encoding != c.enc {
			t.Errorf("meta ending at byte %d (head scan %d): %s from %v, want %s from %v", c.pad+len(meta), c.d.maxHeadScan, res.Encoding, res.Source, c.enc, c.source)
		}
	}

	long := mustDecoder(t, WithMaxPrescan(4096))
	src := strings.Repeat(" ", 2000) + meta
	if _, res, _ := long.Decode([]byte(src), ""); res.Source != Meta {
		t.Errorf("WithMaxPrescan(4096) missed a meta at byte 2000: %+v", res)
	}
}

func TestDecodeUnknown(t *testing.T) {
	d := mustDecoder(t)
	for _, c := range []struct {
		src, label, unknown string
	}{
		{`<meta charset=klingon>`, "", "klingon"},
		{`<meta charset=klingon>`, "vulcan", "vulcan"},
		{`<meta charset=klingon>`, "utf-8", ""},
		{`<meta charset=utf-8>`, "", ""},
	} {
		if _, res, _ := d.Decode([]byte(c.src), c.label); res.Unknown != c.unknown {
			t.Errorf("Decode(%q, %q).Unknown = %q, want %q", c.src, c.label, res.Unknown, c.unknown)
		}
	}
}

func TestLookup(t *testing.T) {
	cases := []struct {
		label, want string
	}{
		{"utf-8", "utf-8"}, {"UTF8", "utf-8"}, {"unicode-1-1-utf-8", "utf-8"},
		{" \t\n\f\rus-ascii\r", "windows-1252"}, {"ISO_8859-1", "windows-1252"},
		{"x-sjis", "shift_jis"}, {"csEUCPkdFmtJapanese", "euc-jp"}, {"x-gbk", "gbk"},
		{"hz-gb-2312", "replacement"}, {"utf-16", "utf-16le"},
		{"replacement", ""}, {"", ""}, {"utf 8", ""}, {"\vutf-8", ""}, {"utf-8\u00a0", ""},
		{"\u212Aoi8-r", ""}, {strings.Repeat("a", 40), ""}, {"utf-8\x00", ""},
	}
	for _, c := range cases {
		got, ok := lookup(c.label)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("lookup(%q) = %q, %v; want %q", c.label, got, ok, c.want)
		}
	}
}
