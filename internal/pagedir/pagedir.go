// Package pagedir reads a folder of saved pages (.html and .html.gz
// files, the latter gunzipped) for the project's commands and scripts.
package pagedir

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Page is one page of a folder.
type Page struct {
	Name string // the file's name without the folder and without .gz
	HTML []byte
}

// Read returns the .html and .html.gz files of dir, in name order.
func Read(dir string) ([]Page, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.html*"))
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	pages := make([]Page, 0, len(names))
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		if strings.HasSuffix(name, ".gz") {
			zr, err := gzip.NewReader(bytes.NewReader(data))
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			if data, err = io.ReadAll(zr); err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
		}
		pages = append(pages, Page{Name: strings.TrimSuffix(filepath.Base(name), ".gz"), HTML: data})
	}
	return pages, nil
}
