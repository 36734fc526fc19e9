package jsonld

import (
	"strings"
	"testing"
)

func TestAdd(t *testing.T) {
	for _, tt := range []struct {
		in    string
		ok    bool
		roots int
	}{
		{`{"a": 1}`, true, 1},
		{`[{"a": "x"}, {"b": [1, 2, ]},]`, true, 1},                     // trailing commas
		{"<!--\n{\"a\": \"line\nbreak\"}\n-->", true, 1},                // comment markers, raw newline in a string
		{"//<![CDATA[\n{\"a\": 1}\n//]]>", true, 1},                     // CDATA wrapper
		{`{"a": 1} {"b": 2}`, true, 2},                                  // two values
		{`{"a": tru}`, false, 0},                                        // bad literal
		{`{"a": "unterminated}`, false, 0},                              // unterminated string
		{strings.Repeat("[", 100) + strings.Repeat("]", 100), false, 0}, // too deep
		{`  `, false, 0},
	} {
		var d Doc
		if ok := d.Add([]byte(tt.in)); ok != tt.ok || len(d.Roots) != tt.roots {
			t.Errorf("Add(%q) = %v with %d roots, want %v with %d", tt.in, ok, len(d.Roots), tt.ok, tt.roots)
		}
		if !tt.ok && (len(d.Nodes) != 0 || len(d.arena) != 0) {
			t.Errorf("Add(%q) failed but kept %d nodes", tt.in, len(d.Nodes))
		}
	}
}

func TestValues(t *testing.T) {
	var d Doc
	d.Add([]byte(`{"@graph": [{"@id": "#p", "name": "Jos\u00e9 \ud83d\ude00 \"Q\""}, {"author": {"@id": "#p"}}], "n": -1.5e3, "t": true, "z": null}`))
	root := d.Roots[0]
	if v := d.GetString(d.Get(root, "@graph"), "x"); v != nil {
		t.Errorf("GetString on an array = %q", v)
	}
	graph := d.Get(root, "@graph")
	person := d.Nodes[graph].First
	if got := string(d.GetString(person, "name")); got != "José 😀 \"Q\"" {
		t.Errorf("name = %q", got)
	}
	ref := d.Get(d.Nodes[person].Next, "author")
	if o := d.ByID(d.GetString(ref, "@id"), ref); o != person {
		t.Errorf("ByID = %d, want %d", o, person)
	}
	if got := string(d.Value(d.Get(root, "n"))); got != "-1.5e3" || d.Nodes[d.Get(root, "t")].Kind != Bool || d.Nodes[d.Get(root, "z")].Kind != Null {
		t.Errorf("literals: n=%q", got)
	}
}

func TestLimits(t *testing.T) {
	d := Doc{MaxNodes: 10}
	if d.Add([]byte(`[1,2,3,4,5,6,7,8,9,10,11]`)) {
		t.Error("a script past MaxNodes was kept")
	}
	if !d.Add([]byte(`[1,2,3]`)) || len(d.Nodes) != 4 {
		t.Errorf("a small script after a dropped one: %d nodes", len(d.Nodes))
	}
}

func TestAllocs(t *testing.T) {
	src := []byte(`{"@graph":[{"@type":"Article","headline":"H","author":{"@id":"#a"}},{"@id":"#a","name":"N"}]}`)
	var d Doc
	d.Add(src)
	if n := testing.AllocsPerRun(100, func() { d.Reset(); d.Add(src) }); n != 0 {
		t.Errorf("%.0f allocations parsing warm", n)
	}
}
