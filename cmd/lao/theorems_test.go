package main

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/laoproject/lao/lao/theory"
)

func TestTheoremsCommand(t *testing.T) {
	out, err := runCmd(t, "theorems")
	if err != nil {
		t.Fatal(err)
	}
	for _, th := range theory.Theorems() {
		if !strings.Contains(out, th.ID+" ") || !strings.Contains(out, th.Statement) {
			t.Errorf("listing lacks %s", th.ID)
		}
	}
	js, err := runCmd(t, "theorems", "--json", "--eval", "d=784,k=4,m=10000,B=1")
	if err != nil {
		t.Fatal(err)
	}
	var got []theoremJSON
	if err := json.Unmarshal([]byte(js), &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(theory.Theorems()) {
		t.Fatalf("%d entries in JSON, registry has %d", len(got), len(theory.Theorems()))
	}
	for _, g := range got {
		if g.ID == "hk2012/3.1" {
			want := 4 * math.Sqrt(2*784/(4*10000.0)) // 4B²√(2d/(km))
			if g.Value == nil || *g.Value < want*0.99 || *g.Value > want*1.01 || g.Solver != "aerr" {
				t.Errorf("hk2012/3.1: %+v", g)
			}
		}
	}
	one, err := runCmd(t, "theorems", "--id", "hk2012/4.1")
	if err != nil || !strings.Contains(one, "note:") || !strings.Contains(one, "tests lao.TestGenEstUnbiasedLemma41") {
		t.Errorf("--id: %v\n%s", err, one)
	}
	ks, err := runCmd(t, "theorems", "--paper", "ks2015")
	if err != nil || strings.Contains(ks, "hk2012/") || !strings.Contains(ks, "ks2015/B.9") {
		t.Errorf("--paper ks2015: %v\n%s", err, ks)
	}
	for _, bad := range [][]string{{"theorems", "--id", "nope"}, {"theorems", "--eval", "d=x"}, {"theorems", "--eval", "q=1"},
		{"theorems", "--paper", "zz9999"}, {"theorems", "--eval", "k=1.5"}} {
		if _, err := runCmd(t, bad...); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}
