package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jtextract/jt/bulk"
)

// germanPage is a small news page in German, under a menu, to check that
// the guessed language reaches the outputs.
const germanPage = `<html><head><title>Nachrichten</title></head><body><nav><ul><li><a href="/">Startseite</a></li>
<li><a href="/politik">Politik</a></li><li><a href="/sport">Sport</a></li></ul></nav>
<p>Die Regierung hat am Montag angekündigt, dass die neue Brücke über den Fluss im nächsten Jahr
gebaut werden soll, nachdem die Pläne wegen der hohen Kosten und der Einwände der Anwohner lange
Zeit auf Eis gelegen hatten.</p>
<p>Die Bauarbeiten sollen nach Angaben des Ministeriums etwa zwei Jahre dauern, und in dieser Zeit
wird der Verkehr über eine Umleitung geführt, die für die Anwohner aber mit längeren Wegen verbunden
ist, wie der Sprecher sagte.</p>
</body></html>`

// TestAutoDefault checks that extract uses auto without --algo and
// reports the guessed language in its JSON output, and that an explicit
// --lang turns the guess off.
func TestAutoDefault(t *testing.T) {
	for _, tc := range []struct {
		args       []string
		algo, lang string
	}{
		{nil, "auto", "German"},
		{[]string{"--lang", "auto"}, "auto", "German"},
		{[]string{"--lang", "German"}, "auto", ""},
		{[]string{"--lang", "none"}, "auto", ""},
		{[]string{"--algo", "justext"}, "justext", ""},
		{[]string{"--algo", "auto", "--favor", "precision"}, "auto", "German"},
		{[]string{"--favor", "recall"}, "auto", "German"},
	} {
		args := append([]string{"extract", "--format", "json"}, tc.args...)
		code, out, errs := runJT(t, germanPage, args...)
		if code != 0 {
			t.Errorf("%v: exit %d: %s", tc.args, code, errs)
			continue
		}
		var doc struct {
			Algo string `json:"algo"`
			Lang string `json:"lang"`
			Text string `json:"text"`
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		if doc.Algo != tc.algo || doc.Lang != tc.lang {
			t.Errorf("%v: algo %q lang %q, want %q %q", tc.args, doc.Algo, doc.Lang, tc.algo, tc.lang)
		}
		// jusText with its English stoplist keeps nothing of German.
		if tc.algo == "auto" && (!strings.Contains(doc.Text, "Brücke") || strings.Contains(doc.Text, "Startseite")) {
			t.Errorf("%v: text %q", tc.args, doc.Text)
		}
	}
}

// TestFavorFlag checks that --favor rejects unknown trade-offs and that
// precision keeps no more than recall.
func TestFavorFlag(t *testing.T) {
	if code, _, errs := runJT(t, page, "extract", "--favor", "speed"); code != 2 || !strings.Contains(errs, "favor") {
		t.Errorf("--favor speed: exit %d, stderr %q; want 2 and a message", code, errs)
	}
	var kept [2]int
	for i, f := range []string{"precision", "recall"} {
		code, out, errs := runJT(t, page, "extract", "--favor", f)
		if code != 0 {
			t.Fatalf("--favor %s: exit %d: %s", f, code, errs)
		}
		kept[i] = len(out)
	}
	if kept[0] > kept[1] {
		t.Errorf("--favor precision kept %d bytes, recall %d", kept[0], kept[1])
	}
}

// TestWARCLanguage checks that jt warc's JSON lines carry the guessed
// language.
func TestWARCLanguage(t *testing.T) {
	name := filepath.Join(t.TempDir(), "news.warc.zst")
	writeTestWARC(t, name, 3)
	code, out, errs := runJT(t, "", "warc", "-j", "1", name)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines, want 3:\n%s", len(lines), out)
	}
	for _, l := range lines {
		var d bulk.Document
		if err := json.Unmarshal([]byte(l), &d); err != nil {
			t.Fatal(err)
		}
		if d.Algo != "auto" || d.Lang != "English" {
			t.Errorf("algo %q lang %q, want auto English: %s", d.Algo, d.Lang, l)
		}
	}
}
