package main

import (
	"math"
	"runtime"
	"slices"
	"sync"

	"github.com/jtextract/jt/classify/auto"
)

// maxBins bounds the distinct thresholds tried per feature.
const maxBins = 64

// matrix is a training set cut into bins: bin[j][r] is the bin of
// feature j in row r, the number of cuts[j] below the row's value, so that
// value > cuts[j][b] exactly when bin > b.
type matrix struct {
	rows int
	bin  [][]uint8
	cuts [][]float32
}

// newMatrix bins the first nf features of xs (one row per example).
func newMatrix(xs [][]float32, nf int) *matrix {
	m := &matrix{rows: len(xs), bin: make([][]uint8, nf), cuts: make([][]float32, nf)}
	parallel(nf, func() func(j int) {
		vals := make([]float32, 0, len(xs))
		return func(j int) {
			vals = vals[:0]
			for _, x := range xs {
				vals = append(vals, x[j])
			}
			m.cuts[j] = cutsOf(vals)
			b := make([]uint8, len(xs))
			for r, x := range xs {
				b[r] = uint8(binOf(m.cuts[j], x[j]))
			}
			m.bin[j] = b
		}
	})
	return m
}

// parallel calls a function made by newWorker, one per GOMAXPROCS
// goroutine, for every k in [0, n).
func parallel(n int, newWorker func() func(k int)) {
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		work := newWorker()
		go func() {
			defer wg.Done()
			for k := range next {
				work(k)
			}
		}()
	}
	for k := range n {
		next <- k
	}
	close(next)
	wg.Wait()
}

// cutsOf returns up to maxBins-1 thresholds between the distinct values
// of vals (which it sorts), at quantiles when there are more.
func cutsOf(vals []float32) []float32 {
	slices.Sort(vals)
	distinct := slices.Compact(slices.Clone(vals))
	if len(distinct) <= 1 {
		return nil
	}
	var cuts []float32
	if len(distinct) <= maxBins {
		for i := 1; i < len(distinct); i++ {
			cuts = append(cuts, mid(distinct[i-1], distinct[i]))
		}
		return cuts
	}
	for q := 1; q < maxBins; q++ {
		i := q * len(vals) / maxBins
		if i == 0 || vals[i-1] == vals[i] {
			// A run of equal values: cut after it, at the next distinct one.
			j, _ := slices.BinarySearch(vals, math.Nextafter32(vals[i], float32(math.Inf(1))))
			if j >= len(vals) {
				continue
			}
			i = j
		}
		c := mid(vals[i-1], vals[i])
		if len(cuts) == 0 || c > cuts[len(cuts)-1] {
			cuts = append(cuts, c)
		}
	}
	return cuts
}

// mid returns a threshold between a < b that float32 comparisons keep
// between them.
func mid(a, b float32) float32 {
	c := a + (b-a)/2
	if c <= a || c >= b {
		c = a
	}
	if c == 0 {
		return 0 // not -0, which Tree's sign test would read as below a zero feature
	}
	return c
}

// binOf returns the number of cuts below v.
func binOf(cuts []float32, v float32) int {
	i, _ := slices.BinarySearchFunc(cuts, v, func(c, v float32) int {
		if c < v {
			return -1
		}
		return 1
	})
	return i
}

// boostParams are the settings of gradient boosting.
type boostParams struct {
	trees   int
	rate    float64 // shrinkage of each tree's leaves
	lambda  float64 // L2 penalty on leaf values, against the hessian sums
	rowFrac float64 // share of the rows each tree is fitted on
	colFrac float64 // share of the features each tree may split on
}

// boost fits an ensemble of oblivious trees to labels y with example
// weights w by Newton boosting of the log loss. Only features in use are
// split on. With base, each row's log-odds start from base (the
// ensemble's Bias is then 0 and its trees add to what gave base) instead
// of the labels' mean. It is deterministic: the rows of each tree are
// drawn by a hash of the row and tree numbers.
func boost(m *matrix, y, w []float64, use []int, p boostParams, base []float64) auto.Ensemble {
	var sw, swy float64
	for r := range m.rows {
		sw += w[r]
		swy += w[r] * y[r]
	}
	bias := math.Log(max(swy, 1e-9) / max(sw-swy, 1e-9))
	e := auto.Ensemble{Bias: float32(bias)}
	score := make([]float64, m.rows)
	for r := range score {
		score[r] = float64(e.Bias)
	}
	if base != nil {
		e.Bias = 0
		copy(score, base)
	}
	g := make([]float64, m.rows)
	h := make([]float64, m.rows)
	node := make([]uint8, m.rows)
	rows := make([]int32, 0, m.rows)
	cols := make([]int, 0, len(use))
	const nodes = 1 << auto.TreeDepth
	hist := make([][]float64, len(m.bin)) // per feature: nodes × maxBins × (G, H)
	for _, j := range use {
		hist[j] = make([]float64, nodes*maxBins*2)
	}
	for t := range p.trees {
		rows = rows[:0]
		for r := range m.rows {
			pr := 1 / (1 + math.Exp(-score[r]))
			g[r] = w[r] * (pr - y[r])
			h[r] = w[r] * pr * (1 - pr)
			if p.rowFrac >= 1 || float64(mix(uint64(r), uint64(t))>>11)/(1<<53) < p.rowFrac {
				rows = append(rows, int32(r))
				node[r] = 0
			}
		}
		treeUse := use
		if p.colFrac < 1 {
			treeUse = cols[:0]
			for _, j := range use {
				if float64(mix(uint64(j)+1<<32, uint64(t))>>11)/(1<<53) < p.colFrac {
					treeUse = append(treeUse, j)
				}
			}
		}
		var tree auto.Tree
		var split [auto.TreeDepth]int // the bin each level splits after, -1 for none
		for l := range auto.TreeDepth {
			j, b := bestSplit(m, hist, treeUse, rows, node, g, h, 1<<l, p.lambda)
			split[l] = b
			tree.Feature[l] = uint8(j)
			// Without a useful split, a threshold no feature exceeds.
			tree.Threshold[l] = math.MaxFloat32
			if b < 0 {
				continue
			}
			tree.Threshold[l] = m.cuts[j][b]
			for _, r := range rows {
				if int(m.bin[j][r]) > b {
					node[r] |= 1 << l
				}
			}
		}
		var gs, hs [nodes]float64
		for _, r := range rows {
			gs[node[r]] += g[r]
			hs[node[r]] += h[r]
		}
		for k := range nodes {
			tree.Leaf[k] = float32(-p.rate * gs[k] / (hs[k] + p.lambda))
		}
		for r := range m.rows {
			k := 0
			for l, b := range split {
				if b >= 0 && int(m.bin[tree.Feature[l]][r]) > b {
					k |= 1 << l
				}
			}
			score[r] += float64(tree.Leaf[k])
		}
		e.Trees = append(e.Trees, tree)
	}
	return e
}

// mix hashes two numbers (SplitMix64's finaliser over their combination).
func mix(a, b uint64) uint64 {
	z := a*0x9e3779b97f4a7c15 ^ (b+1)*0xbf58476d1ce4e5b9
	z ^= z >> 30
	z *= 0xbf58476d1ce4e5b9
	z ^= z >> 27
	z *= 0x94d049bb133111eb
	return z ^ z>>31
}

// bestSplit returns the feature and bin of the split that most reduces
// the loss summed over the level's nodes (a bin of -1: no split helps).
// hist[j] holds feature j's gradient and hessian sums per node and bin at
// the previous level; it is updated to this level's. Below the root only
// the nodes of the rows the previous split sent right are summed: the
// others' sums are their parent's less their sibling's.
func bestSplit(m *matrix, hist [][]float64, use []int, rows []int32, node []uint8, g, h []float64, nodes int, lambda float64) (int, int) {
	type cand struct {
		gain float64
		j, b int
	}
	const stride = maxBins * 2
	half := nodes / 2
	results := make([]cand, len(use))
	parallel(len(use), func() func(k int) {
		cum := make([]float64, stride)
		return func(k int) {
			j := use[k]
			hj := hist[j][:nodes*stride]
			bj := m.bin[j]
			if nodes == 1 {
				clear(hj)
				for _, r := range rows {
					i := int(bj[r]) * 2
					hj[i] += g[r]
					hj[i+1] += h[r]
				}
			} else {
				right := hj[half*stride:]
				clear(right)
				for _, r := range rows {
					if n := int(node[r]); n >= half {
						i := ((n-half)*maxBins + int(bj[r])) * 2
						right[i] += g[r]
						right[i+1] += h[r]
					}
				}
				for i := range half * stride {
					hj[i] -= right[i]
				}
			}
			best := cand{0, j, -1}
			nb := len(m.cuts[j])
			var gains [maxBins]float64
			for n := range nodes {
				// Running sums over bins turn every candidate split
				// into two subtractions.
				raw := hj[n*stride : (n+1)*stride]
				cum[0], cum[1] = raw[0], raw[1]
				for c := 1; c <= nb; c++ {
					cum[2*c] = cum[2*c-2] + raw[2*c]
					cum[2*c+1] = cum[2*c-1] + raw[2*c+1]
				}
				gt, ht := cum[2*nb], cum[2*nb+1]
				for b := 0; b < nb; b++ {
					gl, hl := cum[2*b], cum[2*b+1]
					gr, hr := gt-gl, ht-hl
					gains[b] += gl*gl/(hl+lambda) + gr*gr/(hr+lambda) - gt*gt/(ht+lambda)
				}
			}
			for b := 0; b < nb; b++ {
				if gains[b] > best.gain {
					best = cand{gains[b], j, b}
				}
			}
			results[k] = best
		}
	})
	best := cand{0, use[0], -1}
	for _, c := range results {
		if c.gain > best.gain {
			best = c
		}
	}
	return best.j, best.b
}
