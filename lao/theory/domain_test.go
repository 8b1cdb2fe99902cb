package theory

import (
	"errors"
	"strings"
	"testing"

	"github.com/laoproject/lao/lao"
)

// Every condition's phrase appears in some result's Assumptions: a
// reworded assumption must not drop its check silently.
func TestConditionsPhrases(t *testing.T) {
	for _, c := range conditions {
		used := false
		for _, th := range Theorems() {
			used = used || strings.Contains(th.Assumptions, c.phrase)
		}
		if !used {
			t.Errorf("no result states %q", c.phrase)
		}
	}
}

func TestCheckParams(t *testing.T) {
	hk31, _ := TheoremByID("hk2012/3.1")
	hk34, _ := TheoremByID("hk2012/3.4")
	ok := BoundParams{D: 784, K: 4, M: 10000, B: 1}
	for _, th := range []Theorem{hk31, hk34} {
		if err := th.CheckParams(ok); err != nil {
			t.Errorf("%s: %v", th.ID, err)
		}
	}
	cases := []struct {
		th   Theorem
		p    BoundParams
		want string
	}{
		{hk31, BoundParams{D: 2, K: 4, M: 100, B: 1}, "k = 4 > d = 2"},
		{hk31, BoundParams{D: 2, K: 1, M: -3, B: 1}, "m = -3"},
		{hk31, BoundParams{D: 2, K: 1, M: 3, B: -1}, "B = -1"},
		{hk34, BoundParams{D: 1000, K: 4, M: 3, B: 1}, "m = 3 < log 2d"},
	}
	for _, c := range cases {
		err := c.th.CheckParams(c.p)
		if !errors.Is(err, lao.ErrParam) || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.th.ID) {
			t.Errorf("%s %+v: %v, want %q", c.th.ID, c.p, err, c.want)
		}
	}
	for _, th := range Theorems() {
		if strings.Contains(th.Assumptions, "ε ∈ (0, 1/16)") {
			if err := th.CheckParams(BoundParams{D: 100, K: 2, Eps: 0.5}); err == nil || !strings.Contains(err.Error(), "ε < 1/16") {
				t.Errorf("%s with eps = 0.5: %v", th.ID, err)
			}
		}
	}
}
