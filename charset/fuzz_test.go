package charset_test

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	xcharset "golang.org/x/net/html/charset"

	"github.com/jtextract/jt/charset"
)

// FuzzDecode checks Decode's promises on any input: no error, valid UTF-8
// no longer than MaxDecodedLen, valid UTF-8 returned unchanged, the same
// result from a reused Decoder as from a fresh one; and, where a BOM, the
// label or a <meta> decides, the same encoding as x/net/html/charset.
func FuzzDecode(f *testing.F) {
	for _, s := range []struct{ src, label string }{
		{"<p>hello</p>", ""},
		{"\xEF\xBB\xBFcaf\xC3\xA9", ""},
		{"\xFF\xFEh\x00i", ""},
		{"\xFE\xFF\x00h\x00\xD8", "gbk"},
		{`<meta charset="windows-1251"><p>Привет</p>`, ""},
		{`<meta http-equiv=Content-Type content="text/html; charset=Shift_JIS">` + "\x82\xB1\x82", ""},
		{`<meta content="charset=euc-kr" http-equiv="content-type">` + "\xC7", ""},
		{`<!-- <meta charset=big5> --><meta charset=gbk>` + "\x81\x40\xFF", ""},
		{`<meta charset=x-user-defined>` + "\x80", ""},
		{`<meta charset=utf-16le>` + "\x00\xD8", ""},
		{`<meta charset=iso-2022-jp>` + "\x1B$B\x30\x21\x1B(B", ""},
		{`<?xml version="1.0" encoding="ISO-8859-2"?>` + "\xB1", ""},
		{"<\x00?\x00x\x00m\x00l\x00", ""},
		{`<meta http-equiv=content-type content="text/html;charset=koi8-r">plain text`, ""},
		{`<META charset=" Latin1 " charset=big5><meta charset=gbk>`, ""},
		{`<meta charset=utf-16be>`, ""},
		{"\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64", ""},
		{"\xED\xA0\x80\xF4\x90\x80\x80", "utf-8"},
		{"any bytes \x80\x81", "iso-2022-kr"},
		{"binary\x00\x01\x02\xFF\xFE\x00", "latin1"},
		{"\x81\x30\x81\x30\x84\x31\xA4\x39", "gb18030"},
		{"\xA4\x40\x88\x62", "big5"},
		{"\xF0\x80\x80", "euc-jp"},
		// Valid UTF-8 over a single-byte declaration, and the cases that keep it.
		{`<meta charset=windows-1252><p>café</p>`, ""},
		{`<meta http-equiv=content-type content="text/html; charset=iso-8859-2">` + "\xC5\xBC\xC3\xB3\xC5\x82w", ""},
		{`<meta charset=windows-1252><p>café</p>` + "\xE9", ""},
		{`<meta charset=koi8-r><p>plain ascii</p>`, ""},
		{`<meta charset=shift_jis><p>café</p>`, ""},
		{`<p>café</p>`, "windows-1252"},
		// A late declaration in head.
		{"<head><script>" + strings.Repeat("x", 1100) + "</script><meta charset=windows-1250>\xB9\x9C", ""},
		{"<title>" + strings.Repeat("t", 1100) + "</title><noscript><img></noscript><meta charset=iso-8859-1>caf\xE9", ""},
		{strings.Repeat(" ", 1100) + "</head><meta charset=koi8-r>\xF0", ""},
		{"<style>" + strings.Repeat("p{}", 400) + "</style><div><meta charset=big5>\xA4\x40", ""},
		{"<script>'</head>" + strings.Repeat("y", 1100) + "'</script><meta charset=klingon><meta charset=gbk>\x81\x40", ""},
		{"<template><meta charset=big5>" + strings.Repeat("z", 1100) + "</template><meta charset=euc-kr>\xC7\xD1", ""},
	} {
		f.Add([]byte(s.src), s.label)
	}
	reused, err := charset.NewDecoder()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src []byte, label string) {
		ct := "text/html; charset=" + label
		if label == "" {
			ct = ""
		}
		lbl := charset.LabelFromContentType(ct)
		out, res, err := reused.Decode(src, lbl)
		if err != nil {
			t.Fatalf("Decode: %v", err)
		}
		if !utf8.Valid(out) {
			t.Fatalf("output %q is not valid UTF-8", out)
		}
		if len(out) > charset.MaxDecodedLen(len(src)) {
			t.Fatalf("output of %d bytes for %d input bytes", len(out), len(src))
		}
		if res.Encoding == "utf-8" && !res.Replaced {
			body := src
			if res.Source == charset.BOM {
				body = src[3:]
			}
			if !bytes.Equal(out, body) {
				t.Fatalf("valid UTF-8 changed: %q became %q", body, out)
			}
		}
		nonASCII := bytes.ContainsFunc(src, func(r rune) bool { return r >= utf8.RuneSelf })
		switch res.Source {
		case charset.Content:
			// Only valid UTF-8 with non-ASCII characters, returned as is.
			if !utf8.Valid(src) || !nonASCII || res.Encoding != "utf-8" || !bytes.Equal(out, src) {
				t.Fatalf("UTF-8 from the content of %q: %q %+v", src, out, res)
			}
		case charset.HeadMeta:
			// Only for what is not valid UTF-8, and beyond the prescan.
			if utf8.Valid(src) {
				t.Fatalf("a late declaration decided valid UTF-8 %q: %+v", src, res)
			}
		case charset.Meta, charset.Fallback:
			// A single-byte encoding never reads valid UTF-8 with non-ASCII characters.
			if charset.IsSingleByte(res.Encoding) && utf8.Valid(src) && nonASCII {
				t.Fatalf("valid UTF-8 %q read as %s from %v", src, res.Encoding, res.Source)
			}
		}
		got := string(out)
		fresh, err := charset.NewDecoder()
		if err != nil {
			t.Fatal(err)
		}
		out2, res2, _ := fresh.Decode(src, lbl)
		if string(out2) != got || res2 != res {
			t.Fatalf("a fresh Decoder gave %q %+v, the reused one %q %+v", out2, res2, got, res)
		}
		compareXNet(t, src, ct, lbl, res)
	})
}

// compareXNet compares the encoding res names with the one x/net's
// DetermineEncoding picks, in the cases where both follow the same rule.
func compareXNet(t *testing.T, src []byte, ct, label string, res charset.Result) {
	xenc, xname, certain := xcharset.DetermineEncoding(src, ct)
	if xenc == nil {
		return
	}
	switch res.Source {
	case charset.BOM:
	case charset.Caller:
		// x/net parses the header with mime.ParseMediaType; compare only
		// plain labels, which both parsers read the same way.
		if !plainLabel(label) || !certain {
			return
		}
	case charset.Meta:
		// x/net runs its HTML tokenizer instead of the prescan, skips XML
		// declarations and does not map x-user-defined; compare only where
		// no tag other than <meta> and no character reference could differ.
		if label != "" || !onlyMetaTags(src[:min(len(src), charset.DefaultMaxPrescan)]) {
			return
		}
		if xname == "x-user-defined" {
			xname = "windows-1252"
		}
	default:
		return
	}
	if xname != res.Encoding {
		t.Fatalf("x/net chose %s, Decode %s from %v", xname, res.Encoding, res.Source)
	}
}

// plainLabel reports whether s is a non-empty run of ASCII letters, digits
// and "-_.:", which every Content-Type parser reads alike.
func plainLabel(s string) bool {
	return s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.:") == ""
}

// onlyMetaTags reports whether b is printable ASCII (and ASCII
// whitespace), holds no '&' nor the non-label "replacement", and every '<'
// in it opens a <meta> tag.
func onlyMetaTags(b []byte) bool {
	for i, c := range b {
		switch {
		case c == '&', c == 0x7F, c < ' ' && !strings.ContainsRune("\t\n\f\r", rune(c)), c >= 0x80:
			return false
		case c == '<':
			rest := b[i:]
			if len(rest) < 6 || !strings.EqualFold(string(rest[1:5]), "meta") || !strings.ContainsRune("\t\n\f\r /", rune(rest[5])) {
				return false
			}
		}
	}
	return !bytes.Contains(bytes.ToLower(b), []byte("replacement"))
}
