package auto

import (
	"testing"
	"unicode/utf8"

	"github.com/jtextract/jt/blocks"
)

// TestUnspacedWords checks the words estimated for text without spaces:
// half its CJK characters, and none for a spaced text.
func TestUnspacedWords(t *testing.T) {
	for _, tc := range []struct {
		text  string
		words int // as the ParagraphMaker counts them: split at spaces
		want  int
	}{
		{"The council said on Tuesday that it would not open the library.", 12, 0},
		{"先日、不正に改造したiPhoneを販売したとして、商標法違反の疑いで逮捕されました。", 1, 18}, // 36 CJK characters (kana, kanji, 、 and 。)
		{"市议会星期二表示新图书馆无法在年底前开放", 1, 10},
		{"ブログ", 1, 0}, // 3 code points: a word of a spaced text, as far as anyone can tell
		{"", 0, 0},
	} {
		p := &blocks.Paragraph{Length: utf8.RuneCountInString(tc.text), Words: tc.words}
		if got := unspacedWords([]byte(tc.text), p); got != tc.want {
			t.Errorf("unspacedWords(%q) = %d, want %d", tc.text, got, tc.want)
		}
	}
}
