package render

import "testing"

// TestPlainEnd checks plainEnd against a byte-by-byte scan, with each
// byte mdSpecial marks at every offset of a text longer than two words.
func TestPlainEnd(t *testing.T) {
	for c := range 256 {
		for at := range 20 {
			text := []byte("abcdefghijklmnopqrstu")
			text[at] = byte(c)
			for from := range len(text) + 1 {
				want := from
				for want < len(text) && mdSpecial[text[want]] == 0 {
					want++
				}
				if got := plainEnd(text, from); got != want {
					t.Fatalf("plainEnd(%q, %d) = %d, want %d", text, from, got, want)
				}
			}
		}
	}
}
