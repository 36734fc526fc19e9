package tree

import (
	"math/rand/v2"
	"testing"
)

// parents is an Ancestry over a parent array.
type parents []int32

func (p parents) Parent(id int32) int32 {
	if id < 0 || int(id) >= len(p) {
		return -1
	}
	return p[id]
}

func TestNewValidates(t *testing.T) {
	for _, d := range []int{-1, 0, MaxDepth + 1} {
		if _, err := New(d); err == nil {
			t.Errorf("New(%d) accepted a depth outside 1..%d", d, MaxDepth)
		}
	}
}

func TestApply(t *testing.T) {
	// 0 body
	// ├─ 1 div (nav)        ─ 2 ul ─ 3 li
	// └─ 4 div (main)       ─ 5 article ─ 6 p, 7 p
	//                        └─ 8 div (related) ─ 9 p
	tree := parents{-1, 0, 1, 2, 0, 4, 5, 5, 4, 8}
	for _, tc := range []struct {
		name   string
		depth  int
		blocks []Block
		keep   []bool
		want   []bool
	}{
		{"grandparent keeps the article", 2,
			[]Block{{3, 40}, {6, 300}, {7, 200}, {9, 100}},
			[]bool{true, true, true, true},
			[]bool{false, true, true, true}},
		{"parent splits article from related", 1,
			[]Block{{3, 40}, {6, 300}, {7, 200}, {9, 100}},
			[]bool{true, true, true, true},
			[]bool{false, true, true, false}},
		{"unselected blocks stay unselected", 1,
			[]Block{{6, 300}, {7, 200}},
			[]bool{false, true},
			[]bool{false, true}},
		{"tie goes to the first group", 1,
			[]Block{{9, 100}, {6, 100}},
			[]bool{true, true},
			[]bool{true, false}},
		{"chain shorter than depth stops at the root", 5,
			[]Block{{3, 1}, {9, 1}},
			[]bool{true, true},
			[]bool{true, true}},
		{"blocks without element group together", 1,
			[]Block{{-1, 10}, {-1, 10}, {6, 15}},
			[]bool{true, true, true},
			[]bool{true, true, false}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := New(tc.depth)
			if err != nil {
				t.Fatal(err)
			}
			keep := append([]bool(nil), tc.keep...)
			f.Apply(tc.blocks, keep, tree)
			for i := range keep {
				if keep[i] != tc.want[i] {
					t.Errorf("keep = %v, want %v", keep, tc.want)
					break
				}
			}
		})
	}
}

// TestApplyProperties checks on random trees that exactly one group
// survives, that it has the most text, and that unselected blocks never
// come back.
func TestApplyProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		n := 1 + r.IntN(60)
		tree := make(parents, n)
		tree[0] = -1
		for i := 1; i < n; i++ {
			tree[i] = int32(r.IntN(i))
		}
		blocks := make([]Block, r.IntN(30))
		keep := make([]bool, len(blocks))
		for i := range blocks {
			blocks[i] = Block{Node: int32(r.IntN(n)), Chars: r.IntN(200)}
			keep[i] = r.IntN(3) > 0
		}
		depth := 1 + r.IntN(MaxDepth)
		f, _ := New(depth)
		before := append([]bool(nil), keep...)
		f.Apply(blocks, keep, tree)
		totals := map[int32]int{}
		var kept int32 = -2
		for i, b := range blocks {
			if !before[i] {
				if keep[i] {
					t.Fatal("an unselected block was kept")
				}
				continue
			}
			g := Ancestor(tree, b.Node, depth)
			totals[g] += b.Chars
			if keep[i] {
				if kept != -2 && kept != g {
					t.Fatal("blocks of two groups were kept")
				}
				kept = g
			}
		}
		for g, total := range totals {
			if kept != -2 && total > totals[kept] {
				t.Fatalf("group %d has %d chars, more than the kept group's %d", g, total, totals[kept])
			}
		}
	}
}

func TestApplyAllocs(t *testing.T) {
	var tree Ancestry = parents{-1, 0, 1, 2, 0, 4, 5, 5, 4, 8}
	blocks := []Block{{3, 40}, {6, 300}, {7, 200}, {9, 100}}
	keep := make([]bool, len(blocks))
	f, _ := New(2)
	f.Apply(blocks, []bool{true, true, true, true}, tree)
	n := testing.AllocsPerRun(100, func() {
		for i := range keep {
			keep[i] = true
		}
		f.Apply(blocks, keep, tree)
	})
	if n != 0 {
		t.Errorf("%.0f allocations per warm Apply, want 0", n)
	}
}
