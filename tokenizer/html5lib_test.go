package tokenizer

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// html5libCase is one test of the html5lib tokenizer suite
// (https://github.com/html5lib/html5lib-tests/tree/master/tokenizer).
type html5libCase struct {
	Description   string            `json:"description"`
	Input         string            `json:"input"`
	Output        []json.RawMessage `json:"output"`
	InitialStates []string          `json:"initialStates"`
	LastStartTag  string            `json:"lastStartTag"`
	DoubleEscaped bool              `json:"doubleEscaped"`
}

// html5libDir finds the html5lib tokenizer tests that golang.org/x/net
// carries in its module: by `go list -m`, else in the module cache at the
// version the test binary was built with. It skips tb, saying why, when
// neither finds them.
func html5libDir(tb testing.TB) string {
	tb.Helper()
	var dirs []string
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "golang.org/x/net").Output()
	if d := strings.TrimSpace(string(out)); err == nil && d != "" {
		dirs = append(dirs, d)
	}
	cache := os.Getenv("GOMODCACHE")
	if cache == "" {
		if home, err := os.UserHomeDir(); err == nil {
			cache = filepath.Join(home, "go", "pkg", "mod")
		}
	}
	var versions []string
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, m := range bi.Deps {
			if m.Path == "golang.org/x/net" {
				versions = append(versions, m.Version)
			}
		}
	}
	// Test binaries often carry no dependency list: read go.mod.
	if mod, err := os.ReadFile(filepath.Join("..", "go.mod")); err == nil {
		if m := regexp.MustCompile(`golang\.org/x/net (v\S+)`).FindSubmatch(mod); m != nil {
			versions = append(versions, string(m[1]))
		}
	}
	for _, v := range versions {
		if cache != "" {
			dirs = append(dirs, filepath.Join(cache, "golang.org", "x", "net@"+v))
		}
	}
	for _, dir := range dirs {
		d := filepath.Join(dir, "html", "testdata", "html5lib-tests", "tokenizer")
		if _, err := os.Stat(d); err == nil {
			return d
		}
	}
	tb.Skipf("html5lib tokenizer tests not found: golang.org/x/net is not in the module cache (looked in %q; go list: %v)", dirs, err)
	return ""
}

// Reasons for the deliberate deviations listed in html5libDeviations.
const (
	devNULData = "U+0000 in data is dropped by Text, as a tree builder drops it there; " +
		"the standard's tokenizer emits it and leaves the dropping to tree construction"
	devNULTag = "U+0000 in tag names, attribute names and attribute values is kept as " +
		"written; the standard turns it into U+FFFD. Only parse-error input has it, the " +
		"names then match no known element or attribute, and attribute values never reach " +
		"extracted text"
	devCommentEOF = "a comment cut off by the end of input keeps its trailing \"-\", \"--\" " +
		"or \"--!\"; the standard's comment-end states swallow them. Comment text never " +
		"reaches extracted text"
)

// html5libDeviations lists the html5lib cases ("file: description") on
// which jt's tokenizer deliberately differs from the standard, with the
// reason. A failing case that is listed neither here nor in
// html5libKnownBugs fails the test; a listed case that passes fails it
// too, so that the table stays exact.
var html5libDeviations = map[string]string{
	"test2.test: Null Byte Replacement": devNULData,
	`test3.test: <\u0000`:               devNULData,
	"test4.test: U+0000 in lookahead region after non-matching character": devNULData,
	"unicodeCharsProblematic.test: CR followed by U+0000":                 devNULData,
	`test3.test: <a\u0000>`:                                        devNULTag,
	`test3.test: <a \u0000>`:                                       devNULTag,
	`test3.test: <a a\u0000>`:                                      devNULTag,
	`test3.test: <a a \u0000>`:                                     devNULTag,
	`test3.test: <a a=\u0000>`:                                     devNULTag,
	`test3.test: <a a="\u0000">`:                                   devNULTag,
	`test3.test: <a a='\u0000'>`:                                   devNULTag,
	`test3.test: <a a=''\u0000>`:                                   devNULTag,
	`test3.test: <a a=a\u0000>`:                                    devNULTag,
	`test3.test: <a/\u0000>`:                                       devNULTag,
	"test1.test: Unfinished comment after start of nested comment": devCommentEOF,
	"test3.test: <!-- -":                                           devCommentEOF,
	"test3.test: <!-- --":                                          devCommentEOF,
	"test3.test: <!---":                                            devCommentEOF,
	"test3.test: <!----":                                           devCommentEOF,
	"test3.test: <!---- -":                                         devCommentEOF,
	"test3.test: <!---- --":                                        devCommentEOF,
	"test3.test: <!----!":                                          devCommentEOF,
	"test3.test: <!----!a-":                                        devCommentEOF,
	"test3.test: <!----!a--":                                       devCommentEOF,
	"test3.test: <!----!-":                                         devCommentEOF,
	"test3.test: <!----!--":                                        devCommentEOF,
	"test3.test: <!-----":                                          devCommentEOF,
}

// Normalisations applied to both token streams before comparing them, for
// differences that matter to no extractor:
//   - DOCTYPE tokens are compared by kind only: jt does not split the
//     doctype into name, public and system identifiers, or compute the
//     force-quirks flag (it only needs to skip doctypes);
//   - parse errors ("errors" in the tests) are not compared: jt reports
//     none;
//   - adjacent Character tokens are coalesced, and duplicate attributes
//     after the first are dropped, as the spec does.

// html5libToken renders one expected token of the suite in the form
// jtTokens produces.
func html5libToken(raw json.RawMessage, unescape func(string) string) (string, error) {
	var parts []json.RawMessage
	if err := json.Unmarshal(raw, &parts); err != nil {
		return "", err
	}
	var kind string
	if err := json.Unmarshal(parts[0], &kind); err != nil {
		return "", err
	}
	str := func(i int) string {
		var s string
		if i < len(parts) {
			_ = json.Unmarshal(parts[i], &s)
		}
		return unescape(s)
	}
	switch kind {
	case "DOCTYPE":
		return "Doctype", nil
	case "Character":
		return "Character " + strconv.Quote(str(1)), nil
	case "Comment":
		return "Comment " + strconv.Quote(str(1)), nil
	case "EndTag":
		return "EndTag " + strconv.Quote(str(1)), nil
	case "StartTag":
		var attrs map[string]string
		if err := json.Unmarshal(parts[2], &attrs); err != nil {
			return "", err
		}
		var kv []string
		for k, v := range attrs {
			kv = append(kv, strconv.Quote(unescape(k))+"="+strconv.Quote(unescape(v)))
		}
		sort.Strings(kv)
		self := false
		if len(parts) > 3 {
			_ = json.Unmarshal(parts[3], &self)
		}
		return fmt.Sprintf("StartTag %q [%s] self=%v", str(1), strings.Join(kv, " "), self), nil
	}
	return "", fmt.Errorf("unknown token kind %q", kind)
}

// jtTokens tokenizes src with jt's tokenizer and renders the tokens as
// html5libToken does, coalescing text. skip leading tokens are dropped (the
// start tag that put the tokenizer in the state a case asks for).
func jtTokens(tb testing.TB, src string, skip int) []string {
	z, err := New()
	if err != nil {
		tb.Fatal(err)
	}
	z.ResetBytes([]byte(src))
	var out []string
	var text strings.Builder
	flush := func() {
		if text.Len() > 0 {
			out = append(out, "Character "+strconv.Quote(text.String()))
			text.Reset()
		}
	}
	for n := 0; ; n++ {
		k := z.Next()
		if n < skip {
			if k != StartTagToken {
				tb.Fatalf("prefix token %d is %v, want StartTag", n, k)
			}
			continue
		}
		switch k {
		case ErrorToken:
			if !errors.Is(z.Err(), io.EOF) {
				tb.Fatalf("Err() = %v, want io.EOF", z.Err())
			}
			flush()
			return out
		case TextToken:
			text.Write(z.Text())
			continue
		}
		flush()
		switch k {
		case StartTagToken, SelfClosingTagToken:
			seen := map[string]bool{}
			var kv []string
			for more := true; more; {
				var key, val []byte
				key, val, more = z.TagAttr()
				if key == nil || seen[string(key)] {
					continue
				}
				seen[string(key)] = true
				kv = append(kv, strconv.Quote(string(key))+"="+strconv.Quote(string(val)))
			}
			sort.Strings(kv)
			out = append(out, fmt.Sprintf("StartTag %q [%s] self=%v", z.TagName(), strings.Join(kv, " "), k == SelfClosingTagToken))
		case EndTagToken:
			out = append(out, "EndTag "+strconv.Quote(string(z.TagName())))
		case CommentToken:
			out = append(out, "Comment "+strconv.Quote(string(z.Text())))
		case DoctypeToken:
			out = append(out, "Doctype")
		}
	}
}

// coalesce merges adjacent Character tokens of an expected stream.
func coalesce(toks []string) []string {
	var out []string
	for _, t := range toks {
		if n := len(out); n > 0 && strings.HasPrefix(t, "Character ") && strings.HasPrefix(out[n-1], "Character ") {
			a, _ := strconv.Unquote(strings.TrimPrefix(out[n-1], "Character "))
			b, _ := strconv.Unquote(strings.TrimPrefix(t, "Character "))
			out[n-1] = "Character " + strconv.Quote(a+b)
			continue
		}
		out = append(out, t)
	}
	return out
}

var escapedRune = regexp.MustCompile(`\\u[0-9A-Fa-f]{4}`)

// unescapeDouble undoes the suite's doubleEscaped encoding ("\\uXXXX" in
// the JSON), reporting false when the result holds a lone surrogate, which
// UTF-8 input cannot carry.
func unescapeDouble(s string) (string, bool) {
	ok := true
	var pending rune
	out := escapedRune.ReplaceAllStringFunc(s, func(m string) string {
		v, _ := strconv.ParseUint(m[2:], 16, 32)
		r := rune(v)
		switch {
		case 0xD800 <= r && r <= 0xDBFF:
			pending = r
			return ""
		case 0xDC00 <= r && r <= 0xDFFF && pending != 0:
			c := (pending-0xD800)<<10 | (r - 0xDC00) + 0x10000
			pending = 0
			return string(c)
		case 0xDC00 <= r && r <= 0xDFFF:
			ok = false
			return ""
		}
		if pending != 0 {
			ok = false
		}
		return string(r)
	})
	if pending != 0 {
		ok = false
	}
	return out, ok
}

// stateTag gives, for an initial state of the suite, the start tag that
// puts jt's tokenizer in that state ("" for the data state, "-" for a state
// jt has no element for: the CDATA section state, which only exists in
// foreign content), and the name the case's lastStartTag must be renamed to
// when jt does not treat that element so (the suite names states, not
// elements: "RCDATA state" with lastStartTag "xmp" is run as title).
func stateTag(state, lastStartTag string) (tag, rename string) {
	pick := func(def string, ok ...string) (string, string) {
		if lastStartTag == "" {
			return def, ""
		}
		if slices.Contains(ok, lastStartTag) {
			return lastStartTag, ""
		}
		return def, def
	}
	switch state {
	case "Data state":
		return "", ""
	case "PLAINTEXT state":
		return "plaintext", ""
	case "Script data state":
		return pick("script", "script")
	case "RCDATA state":
		return pick("title", "title", "textarea")
	case "RAWTEXT state":
		return pick("style", "style", "xmp", "iframe", "noembed", "noframes")
	}
	return "-", ""
}

// renameTag replaces every ASCII-case-insensitive occurrence of old in s by
// the lower-case name new.
func renameTag(s, old, new string) string {
	if old == "" || new == "" {
		return s
	}
	return regexp.MustCompile("(?i)"+regexp.QuoteMeta(old)).ReplaceAllLiteralString(s, new)
}

// TestHTML5LibTokenizer runs jt's tokenizer on the html5lib tokenizer
// suite that golang.org/x/net carries. It proves that, apart from the
// normalisations above and the deviations listed in html5libDeviations
// (each with its reason), jt's tokens are the standard's: every other
// failing case fails the test. Cases jt cannot be put in the state of (the
// CDATA section state; RCDATA or RAWTEXT for an element jt does not treat
// as such; inputs with lone surrogates) are counted as skipped.
func TestHTML5LibTokenizer(t *testing.T) {
	dir := html5libDir(t)
	files, err := filepath.Glob(filepath.Join(dir, "*.test"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no .test files in %s (%v)", dir, err)
	}
	seenDeviation := map[string]bool{}
	skipWhy := map[string]int{}
	var total, totalPass, totalDev, totalSkip int
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var suite struct {
			Tests []html5libCase `json:"tests"`
		}
		if err := json.Unmarshal(data, &suite); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		base := filepath.Base(file)
		if len(suite.Tests) == 0 {
			// xmlViolation.test keeps its cases under "xmlViolationTests":
			// they are for a tokenizer that coerces its output to XML.
			t.Logf("%-28s no \"tests\" (XML coercion mode only)", base)
			continue
		}
		var pass, fail, dev, skip int
		for _, tc := range suite.Tests {
			name := base + ": " + tc.Description
			input := tc.Input
			unescape := func(s string) string { return s }
			if tc.DoubleEscaped {
				var ok bool
				if input, ok = unescapeDouble(input); !ok {
					skip++
					skipWhy["lone surrogate in the input"]++
					continue
				}
				unescape = func(s string) string { r, _ := unescapeDouble(s); return r }
			}
			var want []string
			for _, raw := range tc.Output {
				tok, err := html5libToken(raw, unescape)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				want = append(want, tok)
			}
			want = coalesce(want)
			states := tc.InitialStates
			if len(states) == 0 {
				states = []string{"Data state"}
			}
			for _, state := range states {
				tag, rename := stateTag(state, tc.LastStartTag)
				if tag == "-" {
					skip++
					skipWhy[state+" (lastStartTag "+strconv.Quote(tc.LastStartTag)+")"]++
					continue
				}
				src, prefix := renameTag(input, tc.LastStartTag, rename), 0
				if tag != "" {
					src, prefix = "<"+tag+">"+src, 1
				}
				got := jtTokens(t, src, prefix)
				want := want
				if rename != "" {
					want = slices.Clone(want)
					for i := range want {
						want[i] = renameTag(want[i], tc.LastStartTag, rename)
					}
				}
				key := name
				if len(states) > 1 {
					key += " [" + state + "]"
				}
				reason, listed := html5libDeviations[key]
				if !listed {
					reason, listed = html5libDeviations[name]
				}
				switch {
				case slices.Equal(got, want):
					pass++
					if listed {
						t.Errorf("%s passes but is listed as a deviation (%s): remove the entry", key, reason)
					}
				case listed:
					dev++
					seenDeviation[key] = true
					seenDeviation[name] = true
				default:
					fail++
					t.Errorf("%s\n input %q\n  got %q\n want %q", key, tc.Input, got, want)
				}
			}
		}
		t.Logf("%-28s %4d passed, %3d deliberate deviations, %3d failed, %3d skipped", base, pass, dev, fail, skip)
		total += pass + dev + fail
		totalPass += pass
		totalDev += dev
		totalSkip += skip
	}
	t.Logf("all files: %d of %d run cases pass, %d deliberate deviations, %d skipped", totalPass, total, totalDev, totalSkip)
	for why, n := range skipWhy {
		t.Logf("skipped %3d: %s", n, why)
	}
	for k := range html5libDeviations {
		if !seenDeviation[k] {
			t.Errorf("table entry %q names no failing case", k)
		}
	}
	if totalPass+totalDev+totalSkip == 0 {
		t.Fatal("no case ran")
	}
}

// TestRawTextEndTagAtEOF proves that "</name" cut off by the end of input
// inside raw text or escapable raw text stays text, as the standard's end
// tag name states say (they emit "</" and the buffer on anything but
// whitespace, '/' or '>').
func TestRawTextEndTagAtEOF(t *testing.T) {
	for _, el := range []string{"title", "textarea", "style", "xmp", "script", "iframe"} {
		in := "<" + el + ">foo</" + el
		got := jtTokens(t, in, 1)
		want := []string{"Character " + strconv.Quote("foo</"+el)}
		if !slices.Equal(got, want) {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
	}
}
