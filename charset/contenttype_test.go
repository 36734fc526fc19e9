package charset

import "testing"

func TestLabelFromContentType(t *testing.T) {
	cases := []struct {
		ct, want string
	}{
		{"text/html; charset=utf-8", "utf-8"},
		{"text/html;charset=Shift_JIS", "Shift_JIS"},
		{`text/html; charset="ISO-8859-1"`, "ISO-8859-1"},
		{`text/html; CHARSET="gbk"; foo=bar`, "gbk"},
		{"TEXT/HTML ; Charset = utf-8", ""}, // spaces around = make a different name
		{"text/html; charset=utf-8  ", "utf-8"},
		{"text/html; charset=utf-8 ; x=y", "utf-8"},
		{"  text/html; foo=bar; charset=big5", "big5"},
		{"text/html; foo=\"a;b\"; charset=big5", "big5"},
		{`text/html; charset="big\5"`, "big5"},
		{`text/html; charset="gbk\"x"`, `gbk"x`},
		{`text/html; charset="gbk\`, `gbk\`},
		{`text/html; charset="gbk" junk; charset=big5`, "gbk"},
		{`text/html; charset="gbk`, "gbk"},
		{`text/html; charset=""; charset=big5`, ""},   // the empty quoted value counts
		{"text/html; charset=; charset=big5", "big5"}, // the empty unquoted value does not
		{"text/html; charset=a\x01b; charset=big5", "big5"},
		{"text/html; charset=utf-8; charset=big5", "utf-8"},
		{"text/html; charset", ""},
		{"text/html; charset=", ""},
		{"text/html;;;charset=koi8-r", "koi8-r"},
		{"text/html", ""},
		{"", ""},
		{"garbage", ""},
		{"charset=utf-8", ""},
		{"; charset=utf-8", ""},
		{"text/; charset=utf-8", ""},
		{"/html; charset=utf-8", ""},
		{"te xt/html; charset=utf-8", ""},
		{"text/ht(ml; charset=utf-8", ""},
		{"text/html ; charset=utf-8", "utf-8"},
	}
	for _, c := range cases {
		if got := LabelFromContentType(c.ct); got != c.want {
			t.Errorf("LabelFromContentType(%q) = %q, want %q", c.ct, got, c.want)
		}
	}
}
