package datasets

import (
	"math"
	"sync"
	"testing"
	"time"

	"github.com/laoproject/lao/frames"
)

// Tests on the real MNIST files in LAO_DATA_DIR; they skip (with a message
// saying how to run them) when it is not set.

var real struct {
	once        sync.Once
	all         *MNIST
	err         error
	loadSeconds float64
}

func realMNIST(t *testing.T) (*Loader, *MNIST) {
	t.Helper()
	l := &Loader{DataDir: realDataDir(t)}
	real.once.Do(func() {
		start := time.Now()
		real.all, real.err = l.MNIST(All)
		real.loadSeconds = time.Since(start).Seconds()
	})
	if real.err != nil {
		t.Fatal(real.err)
	}
	return l, real.all
}

func TestRealMNIST(t *testing.T) {
	_, all := realMNIST(t)
	t.Logf("MNIST train+test loaded and content-verified in %.2f s", real.loadSeconds)
	if all.Len() != 70000 || all.Rows != 28 || all.Cols != 28 || all.Dim() != 784 {
		t.Fatalf("MNIST: %d images of %d×%d", all.Len(), all.Rows, all.Cols)
	}
	train := &MNIST{Rows: 28, Cols: 28, Pixels: all.Pixels[:60000*784], Labels: all.Labels[:60000]}
	test := &MNIST{Rows: 28, Cols: 28, Pixels: all.Pixels[60000*784:], Labels: all.Labels[60000:]}
	wantTrain := [10]int{5923, 6742, 5958, 6131, 5842, 5421, 5918, 6265, 5851, 5949}
	wantTest := [10]int{980, 1135, 1032, 1010, 982, 892, 958, 1028, 974, 1009}
	if got := train.Counts(); got != wantTrain {
		t.Errorf("train digit counts %v, want %v", got, wantTrain)
	}
	if got := test.Counts(); got != wantTest {
		t.Errorf("test digit counts %v, want %v", got, wantTest)
	}
	// The well-known first training labels.
	if got := all.Labels[:5]; got[0] != 5 || got[1] != 0 || got[2] != 4 || got[3] != 1 || got[4] != 9 {
		t.Errorf("first train labels %v, want 5 0 4 1 9", got)
	}
	for _, c := range []struct {
		m    *MNIST
		name string
		n    int
	}{{train, "train", 11552}, {test, "test", 1902}, {all, "all", 13454}} {
		ds, err := c.m.Pair(3, 5)
		if err != nil {
			t.Fatal(err)
		}
		if ds.Len() != c.n || ds.Dim() != 784 {
			t.Errorf("%s 3v5: %d×%d, want %d×784", c.name, ds.Len(), ds.Dim(), c.n)
		}
		neg, lo, hi := 0, 1.0, 0.0
		for i := range ds.Len() {
			if ds.Label(i) == -1 {
				neg++
			} else if ds.Label(i) != 1 {
				t.Fatalf("label %v", ds.Label(i))
			}
			for _, v := range ds.Row(i) {
				lo, hi = min(lo, v), max(hi, v)
			}
		}
		wantNeg := map[string]int{"train": 6131, "test": 1010, "all": 7141}[c.name]
		if neg != wantNeg {
			t.Errorf("%s 3v5: %d threes (label −1), want %d", c.name, neg, wantNeg)
		}
		if lo != 0 || hi != 1 {
			t.Errorf("%s 3v5: pixels in [%v, %v], want [0, 1]", c.name, lo, hi)
		}
	}
}

func TestRealMNISTParts(t *testing.T) {
	l, all := realMNIST(t)
	test, err := l.MNIST(Test)
	if err != nil {
		t.Fatal(err)
	}
	if test.Len() != 10000 || string(test.Pixels) != string(all.Pixels[60000*784:]) {
		t.Errorf("Test part: %d images, differs from the tail of All", test.Len())
	}
	df, err := test.PairFrame(3, 5)
	if err != nil {
		t.Fatal(err)
	}
	if r, c := df.Dims(); r != 1902 || c != 785 {
		t.Errorf("test 3v5 frame %d×%d, want 1902×785", r, c)
	}
	if _, err := l.MNIST("validation"); err == nil {
		t.Error("unknown part accepted")
	}
}

func TestRealMNISTOpen(t *testing.T) {
	l, _ := realMNIST(t)
	ds, err := l.Open("mnist:3v5:test")
	if err != nil {
		t.Fatal(err)
	}
	if ds.Len() != 1902 {
		t.Errorf("mnist:3v5:test has %d rows", ds.Len())
	}
	// Covertype and CT-slice are not in the shared directory: a clear error, no download.
	if _, err := l.Open("covertype:1"); err == nil {
		t.Error("covertype:1 without the file: no error")
	} else {
		t.Logf("covertype:1 → %v", err)
	}
}

// The shared training images were re-compressed: their .gz bytes differ from
// the canonical download but the decompressed content matches the table.
func TestRealMNISTChecksums(t *testing.T) {
	l := &Loader{DataDir: realDataDir(t)}
	for _, f := range Files() {
		if f.Dataset != "mnist" {
			continue
		}
		p, err := l.Path(f)
		if err != nil {
			t.Fatal(err)
		}
		checked, err := VerifyFile(p, f)
		if err != nil {
			t.Fatal(err)
		}
		if len(checked) != 1 || checked[0] != "content sha256" {
			t.Errorf("%s: checked %v", f.Name, checked)
		}
	}
}

// TestRealMNISTImprovementRatios: Kukliansky & Shamir 2015 reports ρ_ridge = 0.45 and
// ρ_lasso = 0.2 for MNIST 3 vs 5. Our pixels (x/255, not centred) give
// 0.469 and 0.188; centring the pixels would give 0.523 and 0.318, further
// from the paper, which suggests the paper did not centre either. The
// values are pinned to 3 decimals so that a change in the loader shows.
func TestRealMNISTImprovementRatios(t *testing.T) {
	_, all := realMNIST(t)
	ds, err := all.Pair(3, 5)
	if err != nil {
		t.Fatal(err)
	}
	r := frames.ImprovementRatios(frames.SecondMoments(ds))
	if math.Abs(r.Ridge-0.4685) > 0.0005 || math.Abs(r.Lasso-0.1883) > 0.0005 {
		t.Errorf("MNIST 3 vs 5: rho = %+v, want ridge 0.4685, lasso 0.1883 (paper: 0.45, 0.2)", r)
	}
	t.Logf("MNIST 3 vs 5: rho_ridge %.4f (paper 0.45), rho_lasso %.4f (paper 0.2)", r.Ridge, r.Lasso)
}
