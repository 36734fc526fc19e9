package bte

import (
	"math"
	"math/rand/v2"
	"testing"
)

// bruteForce checks every (begin, end) pair with prefix sums, visiting
// begins in ascending order and, for each, ends in ascending order, and
// keeps a pair only if it is strictly better: that is the documented
// tie-break (earliest begin, then shortest) by construction.
func bruteForce(runs []int32) (begin, end int, sum int64) {
	if len(runs) == 0 {
		return 0, 0, 0
	}
	prefix := make([]int64, len(runs)+1)
	for i, r := range runs {
		prefix[i+1] = prefix[i] + int64(r)
	}
	sum = math.MinInt64
	for b := range runs {
		for e := b + 1; e <= len(runs); e++ {
			if s := prefix[e] - prefix[b]; s > sum {
				begin, end, sum = b, e, s
			}
		}
	}
	return begin, end, sum
}

func checkKadane(t *testing.T, runs []int32) {
	t.Helper()
	b, e, s := Kadane(runs)
	wb, we, ws := bruteForce(runs)
	if b != wb || e != we || s != ws {
		t.Fatalf("Kadane(%v) = (%d, %d, %d), brute force = (%d, %d, %d)", runs, b, e, s, wb, we, ws)
	}
}

func TestKadaneTable(t *testing.T) {
	tests := []struct {
		name       string
		runs       []int32
		begin, end int
		sum        int64
	}{
		{"empty", nil, 0, 0, 0},
		{"single positive", []int32{4}, 0, 1, 4},
		{"single negative", []int32{-4}, 0, 1, -4},
		{"all negative picks earliest largest", []int32{-3, -1, -2, -1}, 1, 2, -1},
		{"compact", []int32{2, -5, 3, -1, 4, -6, 1}, 2, 5, 6},
		{"zero-sum tail left out", []int32{3, -2, 2}, 0, 1, 3},
		{"zero-sum head kept for earliest start", []int32{2, -2, 3}, 0, 3, 3},
		{"equal islands pick the first", []int32{5, -9, 5}, 0, 1, 5},
		{"zeros", []int32{0, 0, 0}, 0, 1, 0},
		{"leading zero", []int32{0, 1}, 0, 2, 1},
		{"no overflow", []int32{math.MaxInt32, math.MaxInt32}, 0, 2, 2 * math.MaxInt32},
		{"min values", []int32{math.MinInt32, math.MinInt32}, 0, 1, math.MinInt32},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, e, s := Kadane(tt.runs)
			if b != tt.begin || e != tt.end || s != tt.sum {
				t.Errorf("Kadane(%v) = (%d, %d, %d), want (%d, %d, %d)", tt.runs, b, e, s, tt.begin, tt.end, tt.sum)
			}
			checkKadane(t, tt.runs)
		})
	}
}

// TestKadaneRandom compares Kadane with the brute force on arrays from
// several families, each chosen to stress one part of the tie-break or
// the arithmetic.
func TestKadaneRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	families := []struct {
		name string
		gen  func(n int) int32 // value at index n
	}{
		{"small mixed", func(int) int32 { return rng.Int32N(11) - 5 }},
		{"ties", func(int) int32 { return rng.Int32N(3) - 1 }},
		{"all negative", func(int) int32 { return -1 - rng.Int32N(4) }},
		{"compact", func(n int) int32 { // alternating word and tag runs
			if n%2 == 0 {
				return 1 + rng.Int32N(6)
			}
			return -1 - rng.Int32N(6)
		}},
		{"compact ties", func(n int) int32 { // few distinct values: many equal maxima
			if n%2 == 0 {
				return 2
			}
			return -2 * (1 + rng.Int32N(2))
		}},
		{"extremes", func(int) int32 {
			return [...]int32{math.MinInt32, math.MaxInt32, -1, 0, 1}[rng.IntN(5)]
		}},
	}
	const perFamily = 2000 // 12,000 arrays in all
	runs := make([]int32, 0, 40)
	for _, f := range families {
		t.Run(f.name, func(t *testing.T) {
			for range perFamily {
				runs = runs[:0]
				for n := range 1 + rng.IntN(40) { // includes single-element arrays
					runs = append(runs, f.gen(n))
				}
				checkKadane(t, runs)
			}
		})
	}
}

// FuzzKadane reads the input as signed bytes, which makes equal maxima
// common, and holds Kadane to the brute force.
func FuzzKadane(f *testing.F) {
	for _, seed := range []string{"", "\x05", "\xff\xfe", "\x03\xfe\x02", "\x02\xfe\x03", "\x00\x00", "\x05\xf7\x05", "\x80\x7f\x80\x7f"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 512 { // keep the quadratic oracle fast
			data = data[:512]
		}
		runs := make([]int32, len(data))
		for i, b := range data {
			runs[i] = int32(int8(b))
		}
		checkKadane(t, runs)
	})
}

func BenchmarkKadane(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	runs := make([]int32, 10000)
	for i := range runs {
		if i%2 == 0 {
			runs[i] = 1 + rng.Int32N(20)
		} else {
			runs[i] = -1 - rng.Int32N(20)
		}
	}
	b.ReportAllocs()
	b.SetBytes(int64(4 * len(runs)))
	for b.Loop() {
		Kadane(runs)
	}
}
