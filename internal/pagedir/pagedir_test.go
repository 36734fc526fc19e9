package pagedir

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"testing"
)

func TestRead(t *testing.T) {
	dir := t.TempDir()
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("<p>b</p>"))
	zw.Close()
	for name, data := range map[string][]byte{
		"b.html.gz": gz.Bytes(),
		"a.html":    []byte("<p>a</p>"),
		"c.txt":     []byte("not a page"),
		"d.html.gz": []byte("not gzip"),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Read(dir); err == nil {
		t.Fatal("Read accepted a .gz file that is not gzip")
	}
	os.Remove(filepath.Join(dir, "d.html.gz"))
	pages, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) != 2 || pages[0].Name != "a.html" || string(pages[0].HTML) != "<p>a</p>" ||
		pages[1].Name != "b.html" || string(pages[1].HTML) != "<p>b</p>" {
		t.Errorf("Read = %+v", pages)
	}
}
