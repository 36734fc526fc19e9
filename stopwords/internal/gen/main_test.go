package main

import (
	"bytes"
	"go/format"
	"os"
	"path/filepath"
	"testing"
)

// TestGenerate checks that generation is deterministic, that its output is
// gofmt'd and that the committed sets_gen.go is what go generate writes
// now, so that an edited stoplist or builder cannot drift from it.
func TestGenerate(t *testing.T) {
	first, err := generate("../../data")
	if err != nil {
		t.Fatal(err)
	}
	second, err := generate("../../data")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first, second) {
		t.Fatal("two runs of generate gave different output")
	}
	formatted, err := format.Source(first)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(formatted, first) {
		t.Error("generated source is not gofmt'd")
	}
	committed, err := os.ReadFile("../../sets_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(committed, first) {
		t.Error("sets_gen.go is stale: run go generate ./stopwords")
	}
}

func TestGenerateErrors(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
	}{
		{"no stoplists", map[string]string{"README.md": "x"}},
		{"invalid UTF-8", map[string]string{"Bad.txt": "a\nb\xff\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, text := range tt.files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := generate(dir); err == nil {
				t.Error("generate succeeded")
			}
		})
	}
}
