// Package sharedtest gives tests access to the shared data set that lives
// beside the project root (../shared): the 181 annotated pages and the
// reference outputs. Tests that use it skip, saying why, when it is absent.
package sharedtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/jtextract/jt/internal/pagedir"
)

// Page is one page of the shared data set, gunzipped.
type Page struct {
	ID   string
	HTML []byte
}

// Dir returns the path of the shared folder, or skips tb when it is
// absent; under CI=true (as .ci/run is run) a missing folder fails tb
// instead, so that no parity or quality test is skipped unseen.
func Dir(tb testing.TB) string {
	tb.Helper()
	d, err := find()
	if err != nil {
		msg := fmt.Sprintf("shared data set not available (%v): parity and quality tests need ../shared beside the project root", err)
		if os.Getenv("CI") == "true" {
			tb.Fatal(msg)
		}
		tb.Skip(msg)
	}
	return d
}

func find() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	// The shared folder is beside the root of the project, whose go.mod
	// may be above the module's own (the bench module's).
	err = os.ErrNotExist
	for d := wd; ; d = filepath.Dir(d) {
		if _, serr := os.Stat(filepath.Join(d, "go.mod")); serr == nil {
			s := filepath.Join(d, "..", "shared")
			if _, err = os.Stat(filepath.Join(s, "datasets", "scrapinghub")); err == nil {
				return s, nil
			}
		}
		if filepath.Dir(d) == d {
			return "", err
		}
	}
}

var (
	pagesOnce sync.Once
	pages     []Page
	pagesErr  error
)

// Pages returns the 181 pages of datasets/scrapinghub sorted by id, loaded
// once per test binary. It skips tb when the data set is absent.
func Pages(tb testing.TB) []Page {
	tb.Helper()
	dir := Dir(tb)
	pagesOnce.Do(func() { pages, pagesErr = load(filepath.Join(dir, "datasets", "scrapinghub", "html")) })
	if pagesErr != nil {
		tb.Fatalf("loading shared pages: %v", pagesErr)
	}
	return pages
}

func load(dir string) ([]Page, error) {
	files, err := pagedir.Read(dir)
	if err != nil {
		return nil, err
	}
	out := make([]Page, 0, len(files))
	for _, f := range files {
		out = append(out, Page{ID: strings.TrimSuffix(f.Name, ".html"), HTML: f.HTML})
	}
	return out, nil
}

// JSONLines returns the lines of a JSON Lines file, failing tb when it
// cannot be read.
func JSONLines(tb testing.TB, name string) [][]byte {
	tb.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		tb.Fatal(err)
	}
	var lines [][]byte
	for _, l := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(l)) > 0 {
			lines = append(lines, l)
		}
	}
	return lines
}

// Unmarshal decodes one JSON line of file name into v, failing tb with the
// file name when it is not valid.
func Unmarshal(tb testing.TB, name string, line []byte, v any) {
	tb.Helper()
	if err := json.Unmarshal(line, v); err != nil {
		tb.Fatalf("%s: %v", name, err)
	}
}
