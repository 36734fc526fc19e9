package stoplist

import (
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

func TestRead(t *testing.T) {
	tests := []struct {
		in   string
		want []string // as Python's bytes.splitlines gives them
	}{
		{"", nil},
		{"a", []string{"a"}},
		{"a\n", []string{"a"}},
		{"a\n\n", []string{"a", ""}},
		{"\r", []string{""}},
		{"a\r\r\nb", []string{"a", "", "b"}},
		{"a\n\rb\r\n", []string{"a", "", "b"}},
		{"a\x0bb\x0c\x1c\u0085\u2028", []string{"a\x0bb\x0c\x1c\u0085\u2028"}},
	}
	for _, tt := range tests {
		for _, r := range []io.Reader{strings.NewReader(tt.in), iotest.OneByteReader(strings.NewReader(tt.in))} {
			got, _, err := Read(r)
			if err != nil || !slices.Equal(got, tt.want) {
				t.Errorf("Read(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
			}
		}
	}
}

func TestReadErrors(t *testing.T) {
	boom := errors.New("boom")
	tests := []struct {
		name string
		r    io.Reader
		line int
		err  error
	}{
		{"invalid first line", strings.NewReader("\xc3"), 1, ErrInvalidUTF8},
		{"invalid after blank", strings.NewReader("a\n\n\xffb\n"), 3, ErrInvalidUTF8},
		{"reader fails mid-line", io.MultiReader(strings.NewReader("a\r\nb"), iotest.ErrReader(boom)), 2, boom},
		{"reader fails after break", io.MultiReader(strings.NewReader("a\nb\n"), iotest.ErrReader(boom)), 3, boom},
	}
	for _, tt := range tests {
		lines, line, err := Read(tt.r)
		if lines != nil || line != tt.line || !errors.Is(err, tt.err) {
			t.Errorf("%s: Read = %q, %d, %v; want nil, %d, %v", tt.name, lines, line, err, tt.line, tt.err)
		}
	}
}

func TestNormalize(t *testing.T) {
	got := Normalize([]string{"The", "the", "", "İ", "ΟΔΟΣ", "b", " a", "a"})
	want := []string{"", " a", "a", "b", "i\u0307", "the", "οδος"}
	if !slices.Equal(got, want) {
		t.Errorf("Normalize = %q, want %q", got, want)
	}
}
