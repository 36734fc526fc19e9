package bulk

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/jtextract/jt/remote"
	"github.com/klauspost/compress/zstd"
)

// ErrOutput marks a failure to write output. It ends a task: unlike a
// damaged record, nothing after it can be trusted to be complete.
var ErrOutput = errors.New("bulk: writing output")

// Shard returns the inputs of task rank among world tasks: those whose
// index i in inputs has i % world == rank. Every task must be given the
// same list, in the same order.
func Shard(inputs []string, rank, world int) ([]string, error) {
	if world < 1 || rank < 0 || rank >= world {
		return nil, fmt.Errorf("bulk: rank %d of world size %d: want 0 <= rank < world size", rank, world)
	}
	var mine []string
	for i, in := range inputs {
		if i%world == rank {
			mine = append(mine, in)
		}
	}
	return mine, nil
}

// OutputName is the base name of an input's output files: its file name
// (of a URL, the last element of its path) without the .gz, .zst and
// .warc extensions.
func OutputName(input string) string {
	base := filepath.Base(input)
	if remote.IsURL(input) {
		if u, err := url.Parse(input); err == nil {
			base = path.Base(u.Path)
		}
	}
	for _, ext := range []string{".gz", ".zst", ".warc"} {
		base = strings.TrimSuffix(base, ext)
	}
	return base
}

// CheckOutputNames fails when two inputs would write the same output
// file, which would make one overwrite the other (or count as done).
func CheckOutputNames(inputs []string) error {
	seen := map[string]string{}
	for _, in := range inputs {
		name := OutputName(in)
		if prev, ok := seen[name]; ok {
			return fmt.Errorf("bulk: inputs %s and %s would both write %s: give them different file names", prev, in, name)
		}
		seen[name] = in
	}
	return nil
}

// Paths of the files RunFile writes for one input under dir.
func (p *Processor) outputPath(dir, input string) string {
	ext := ".jsonl"
	if p.cfg.Zstd {
		ext += ".zst"
	}
	return filepath.Join(dir, OutputName(input)+ext)
}

func markerPath(dir, input string) string { return filepath.Join(dir, OutputName(input)+".done") }

// RunFile processes the WARC file input into dir: the documents go to
// <name>.jsonl (or .jsonl.zst with Config.Zstd), first written under a
// temporary name and renamed when complete, then a marker <name>.done
// holds the input's Stats as JSON. When the marker exists, the input was
// completed by an earlier run: RunFile does not read it again and returns
// the recorded Stats, with InputsDoneEarlier 1 and done true, so a killed
// task can be restarted and ends with the same outputs as an
// uninterrupted one.
//
// Several tasks may share dir, even with overlapping inputs (a retried
// task beside the original, two jobs over one manifest): RunFile first
// claims the input by creating <name>.claim.N exclusively, and returns
// ErrClaimed, having done nothing, when a live task holds it. A dead task's claim is
// taken over, once its pid is dead on this host or it has not been
// refreshed for Config.ClaimStale. Each claim writes temporary files of
// its own, so no task renames or removes another's.
func (p *Processor) RunFile(ctx context.Context, input, dir string) (st Stats, done bool, err error) {
	final, marker := p.outputPath(dir, input), markerPath(dir, input)
	if st, ok, err := p.doneEarlier(final, marker); ok || err != nil {
		return st, ok, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return st, false, fmt.Errorf("%w: %w", ErrOutput, err)
	}
	c, err := p.acquire(dir, input)
	if err != nil {
		return st, false, err
	}
	completed := false
	defer func() { c.release(completed) }()
	// Another task may have completed the input since the first look.
	if st, ok, err := p.doneEarlier(final, marker); ok || err != nil {
		return st, ok, err
	}
	c.clean(final, marker)
	in, err := p.cfg.Open(ctx, input)
	if err != nil {
		return st, false, err
	}
	defer in.Close()
	tmp := c.tmp(final)
	f, err := os.Create(tmp)
	if err != nil {
		return st, false, fmt.Errorf("%w: %w", ErrOutput, err)
	}
	defer os.Remove(tmp) // no-op once renamed
	out, closeOut := p.newOutput(f)
	st, err = p.Run(ctx, input, in, out)
	if cerr := closeOut(); err == nil && cerr != nil {
		err = cerr
	}
	if cerr := f.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("%w: %w", ErrOutput, cerr)
	}
	if err != nil {
		return st, false, err
	}
	if err := os.Rename(tmp, final); err != nil {
		return st, false, c.publishErr(err)
	}
	data, _ := json.Marshal(st) // Stats always marshals
	if err := writeFileSync(marker, c.tmp(marker), append(data, '\n')); err != nil {
		return st, false, c.publishErr(err)
	}
	completed = true
	return st, false, nil
}

// doneEarlier returns the Stats recorded by the marker of a completed
// input, with ok true, after feeding its output to the dedup set.
func (p *Processor) doneEarlier(final, marker string) (st Stats, ok bool, err error) {
	data, err := os.ReadFile(marker)
	if err != nil {
		return st, false, nil
	}
	if err := json.Unmarshal(data, &st); err != nil {
		return Stats{}, false, fmt.Errorf("bulk: completion marker %s: %w", marker, err)
	}
	st.InputsDoneEarlier = 1
	return st, true, p.relearnFile(final)
}

// newOutput buffers (and with Config.Zstd compresses) writes to f. The
// returned function flushes everything to f and syncs it, so that the
// rename that follows publishes complete data.
func (p *Processor) newOutput(f *os.File) (io.Writer, func() error) {
	bw := bufio.NewWriterSize(f, 1<<16)
	var zw *zstd.Encoder
	if p.cfg.Zstd {
		// Only invalid options make NewWriter fail, and there are none.
		zw, _ = zstd.NewWriter(bw, zstd.WithEncoderConcurrency(1))
	}
	closeOut := func() error {
		var err error
		if zw != nil {
			err = zw.Close()
		}
		if err == nil {
			err = bw.Flush()
		}
		if err == nil {
			err = f.Sync()
		}
		if err != nil {
			return fmt.Errorf("%w: %w", ErrOutput, err)
		}
		return nil
	}
	if zw != nil {
		return zw, closeOut
	}
	return bw, closeOut
}

// relearnFile feeds a completed output to the dedup set.
func (p *Processor) relearnFile(name string) error {
	if p.cfg.Dedup == DedupNone {
		return nil
	}
	f, err := os.Open(name)
	if err != nil {
		return fmt.Errorf("bulk: completed output: %w", err)
	}
	defer f.Close()
	var r io.Reader = f
	if p.cfg.Zstd {
		zr, err := zstd.NewReader(f, zstd.WithDecoderConcurrency(1))
		if err != nil {
			return fmt.Errorf("bulk: completed output %s: %w", name, err)
		}
		defer zr.Close()
		r = zr
	}
	if err := p.seen.relearn(p.cfg.Dedup, r); err != nil {
		return fmt.Errorf("bulk: completed output %s: %w", name, err)
	}
	return nil
}

// writeFileSync writes a small file through the temporary name tmp, so
// that a task killed meanwhile leaves no partial file behind.
func writeFileSync(name, tmp string, data []byte) error {
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, name)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}
