package bulk

import (
	"bufio"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/jtextract/jt/remote"
	"github.com/klauspost/compress/gzip"
)

// ReadManifest reads a list of inputs, one a line, plain or gzip-compressed
// (as Common Crawl's warc.paths.gz); blank lines and lines starting with #
// are ignored. With a prefix, a line that is neither a URL nor an
// absolute path is taken relative to it: a URL
// (https://data.commoncrawl.org/, s3://commoncrawl/) or a directory.
func ReadManifest(r io.Reader, prefix string) ([]string, error) {
	br := bufio.NewReader(r)
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, err
		}
		defer zr.Close()
		br = bufio.NewReader(zr)
	}
	var out []string
	sc := bufio.NewScanner(br)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if strings.ContainsRune(l, 0) || !utf8.ValidString(l) {
			return nil, fmt.Errorf("line %d is not a path: is this a manifest (one input a line)?", n)
		}
		out = append(out, join(prefix, l))
	}
	return out, sc.Err()
}

// join puts a manifest line under prefix unless it stands on its own.
func join(prefix, line string) string {
	switch {
	case prefix == "" || remote.IsURL(line) || filepath.IsAbs(line):
		return line
	case remote.IsURL(prefix):
		return strings.TrimSuffix(prefix, "/") + "/" + strings.TrimPrefix(line, "/")
	}
	return filepath.Join(prefix, line)
}
