package bulk

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// DefaultClaimStale is the default of Config.ClaimStale: well above the
// refresh interval (a quarter of it) of a live task, however loaded.
const DefaultClaimStale = 10 * time.Minute

// ErrClaimed is the error of RunFile for an input that another live task
// has claimed: that task processes it, so it is not a failure.
var ErrClaimed = errors.New("claimed by another task")

// claimant identifies this process in its claims. The nonce tells a
// process that reuses a dead one's pid on the same host (a restarted
// container's pid 1) from that process.
type claimant struct {
	Host  string    `json:"host"`
	PID   int       `json:"pid"`
	Nonce string    `json:"nonce"`
	Time  time.Time `json:"time"`
}

var self = sync.OnceValue(func() claimant {
	host, _ := os.Hostname()
	var b [8]byte
	rand.Read(b[:])
	return claimant{Host: host, PID: os.Getpid(), Nonce: hex.EncodeToString(b[:])}
})

// A claim is the right to process one input into a shared directory: the
// file <name>.claim.<gen>, created with O_EXCL so that one task alone gets
// each generation. A claim whose holder is gone (its pid dead on this
// host, or no refresh for Config.ClaimStale) is taken over by creating the
// next generation, which again one task alone can do; so at most one live
// task holds an input, and a dead one never blocks it.
type claim struct {
	dir, name string // the output directory and the input's output name
	gen       int
	stop      chan struct{}
	stopped   sync.WaitGroup
}

func claimPath(dir, name string, gen int) string {
	return filepath.Join(dir, fmt.Sprintf("%s.claim.%d", name, gen))
}

// acquire claims input in dir, or fails with ErrClaimed when a live task
// holds it.
func (p *Processor) acquire(dir, input string) (*claim, error) {
	name := OutputName(input)
	for gen := 0; ; {
		path := claimPath(dir, name, gen)
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			me := self()
			me.Time = time.Now().UTC()
			data, _ := json.Marshal(me) // a claimant always marshals
			_, err = f.Write(append(data, '\n'))
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				os.Remove(path)
				return nil, fmt.Errorf("%w: claiming %s: %w", ErrOutput, input, err)
			}
			c := &claim{dir: dir, name: name, gen: gen, stop: make(chan struct{})}
			c.heartbeat(path, p.cfg.ClaimStale/4)
			return c, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("%w: claiming %s: %w", ErrOutput, input, err)
		}
		holder, state := p.holder(path)
		switch state {
		case live:
			return nil, fmt.Errorf("%w (%s)", ErrClaimed, holder)
		case stale:
			gen++
		}
		// gone: its holder released it; try the same generation again.
	}
}

type claimState int

const (
	live claimState = iota
	stale
	gone
)

// holder reads the claim at path and judges it.
func (p *Processor) holder(path string) (string, claimState) {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return "", gone
	}
	if err != nil {
		return "", live // cannot tell: leave it to its holder
	}
	age := time.Since(fi.ModTime())
	var c claimant
	data, _ := os.ReadFile(path)
	if json.Unmarshal(data, &c) != nil {
		// Its holder died between creating and writing it, or is writing it.
		if age > p.cfg.ClaimStale {
			return "a torn claim", stale
		}
		return "a claim being written", live
	}
	who := fmt.Sprintf("host %s, pid %d, claimed %s ago", c.Host, c.PID, age.Round(time.Second))
	me := self()
	switch {
	case age > p.cfg.ClaimStale:
		return who, stale
	case c.Host != me.Host:
		return who, live
	case c.PID == me.PID:
		if c.Nonce == me.Nonce {
			return who, live // another Processor of this process
		}
		return who, stale // an earlier process with this pid
	case pidDead(c.PID):
		return who, stale
	}
	return who, live
}

// heartbeat refreshes the claim's time every interval, so that a live
// holder's claim never looks stale, until release.
func (c *claim) heartbeat(path string, interval time.Duration) {
	c.stopped.Add(1)
	go func() {
		defer c.stopped.Done()
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-c.stop:
				return
			case now := <-t.C:
				os.Chtimes(path, now, now)
			}
		}
	}()
}

// tmp returns the temporary name of an output file under this claim: of
// its own, so that a task that took over a stale claim never writes or
// renames another's file.
func (c *claim) tmp(final string) string { return fmt.Sprintf("%s.%d.tmp", final, c.gen) }

// clean removes what the holders of earlier generations left: they are
// gone, and their temporary files are incomplete.
func (c *claim) clean(finals ...string) {
	for gen := range c.gen {
		for _, f := range finals {
			os.Remove(fmt.Sprintf("%s.%d.tmp", f, gen))
		}
	}
}

// release gives the claim up, so that another task may process the
// input. With done, the input's marker is written: the claims of earlier
// generations go too, so that a completed output directory holds no
// claim. A task that claims an input finds its marker before it works.
func (c *claim) release(done bool) {
	close(c.stop)
	c.stopped.Wait()
	os.Remove(claimPath(c.dir, c.name, c.gen))
	if done {
		for gen := c.gen - 1; gen >= 0; gen-- {
			os.Remove(claimPath(c.dir, c.name, gen))
		}
	}
}

// lost reports whether another task took the claim over (and may have
// removed this one's temporary files, as clean does).
func (c *claim) lost() bool {
	_, err := os.Stat(claimPath(c.dir, c.name, c.gen+1))
	return err == nil
}

// publishErr is the error of a failed write or rename of an output: when
// another task took the claim over (having judged it stale) and removed
// this one's temporary file, the input is that task's, which is no
// failure.
func (c *claim) publishErr(err error) error {
	if errors.Is(err, fs.ErrNotExist) && c.lost() {
		return fmt.Errorf("%w (it took the claim over): %w", ErrClaimed, err)
	}
	return fmt.Errorf("%w: %w", ErrOutput, err)
}
