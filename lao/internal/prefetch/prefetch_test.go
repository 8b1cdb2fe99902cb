package prefetch

import (
	"fmt"
	"testing"
)

// TestAtChangesNothing asks for every element of slices of several element
// types: nothing may change and nothing may fault.
func TestAtChangesNothing(t *testing.T) {
	f := []float64{1, 2, 3}
	type rec struct{ a, b float64 }
	r := make([]rec, 1000)
	r[999].a = 7
	for i := range f {
		At(f, i)
	}
	for i := range r {
		At(r, i)
	}
	if f[0] != 1 || f[1] != 2 || f[2] != 3 || r[999].a != 7 {
		t.Fatalf("a prefetch changed a value: %v %v", f, r[999])
	}
}

// TestAtChecksTheIndex: an index out of range panics like s[i] would,
// rather than asking for memory the slice does not own.
func TestAtChecksTheIndex(t *testing.T) {
	for _, i := range []int{-1, 3} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("At(s, %d) on a slice of 3 did not panic", i)
				}
			}()
			At([]float64{1, 2, 3}, i)
		}()
	}
}

// ExampleAt asks for the line holding w[i] before the loop that updates it.
func ExampleAt() {
	w := make([]float64, 1<<16)
	picks := []int{12345, 40000, 7}
	for _, i := range picks {
		At(w, i) // the misses overlap
	}
	for _, i := range picks {
		w[i] += 1
	}
	fmt.Println(w[12345] + w[40000] + w[7])
	// Output: 3
}

// TestFar: hints start at 2¹³ coordinates.
func TestFar(t *testing.T) {
	for _, c := range []struct {
		n    int
		want bool
	}{{0, false}, {784, false}, {farLen - 1, false}, {farLen, true}, {100000, true}} {
		if got := Far(c.n); got != c.want {
			t.Errorf("Far(%d) = %v, want %v", c.n, got, c.want)
		}
	}
}
