package frames

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/go-gota/gota/dataframe"

	"github.com/laoproject/lao/lao"
)

// Permutation returns a uniformly random permutation of 0..m-1 drawn from
// lao.NewRand(seed): the same seed gives the same permutation.
func Permutation(m int, seed uint64) []int {
	if m <= 0 {
		return []int{}
	}
	return lao.NewRand(seed).Perm(m)
}

// Shuffle returns a copy of ds with its examples in the order of
// Permutation(ds.Len(), lao.SeedFor(seed, "shuffle")). Online solvers see
// examples in order, so shuffle a sorted table before fitting.
func Shuffle(ds *lao.Dataset, seed uint64) *lao.Dataset {
	return ds.Subset(Permutation(ds.Len(), lao.SeedFor(seed, "shuffle")))
}

// Split draws a random train/test split of m examples: test holds
// round(testFrac·m) indices, train the rest, both in random order (the
// order of Permutation(m, lao.SeedFor(seed, "split"))). Both parts must be
// non-empty. The split's stream is independent of the folds' and the
// solver's drawn from the same seed.
func Split(m int, testFrac float64, seed uint64) (train, test []int, err error) {
	n, err := testCount(m, testFrac, "Split")
	if err != nil {
		return nil, nil, err
	}
	p := Permutation(m, lao.SeedFor(seed, "split"))
	return p[n:], p[:n], nil
}

// SplitLast holds out the last round(testFrac·m) of m rows, in their
// order, and returns the rows before them as the training part, in the
// random order of Permutation(m − n, lao.SeedFor(seed, "split")): every
// test row comes after every training row. For rows in time order (a time
// series, oldest first) the test error then measures forecasting, where
// Split's random test rows, each between training neighbours, measure
// interpolation. The training part's order is drawn as Split's is, since
// the online solvers assume their examples come in random order. Both parts
// must be non-empty, as for Split.
func SplitLast(m int, testFrac float64, seed uint64) (train, test []int, err error) {
	n, err := testCount(m, testFrac, "SplitLast")
	if err != nil {
		return nil, nil, err
	}
	test = make([]int, n)
	for i := range test {
		test[i] = m - n + i
	}
	return Permutation(m-n, lao.SeedFor(seed, "split")), test, nil
}

// testCount is the number of test rows of a split of m rows, round(testFrac·m),
// or an error (named by op) when either part would be empty.
func testCount(m int, testFrac float64, op string) (int, error) {
	if m <= 0 {
		return 0, fmt.Errorf("frames: %s: %w", op, lao.ErrEmpty)
	}
	if !(testFrac > 0 && testFrac < 1) {
		return 0, fmt.Errorf("frames: %s: test fraction %g not in (0, 1): %w", op, testFrac, lao.ErrParam)
	}
	n := int(math.Round(testFrac * float64(m)))
	if n < 1 || n > m-1 {
		// 1/m gives the test part one row, (m−1)/m the training part one;
		// printed rounded towards the inside so that the value given works.
		part, fix := "test", fmt.Sprintf("a test fraction of at least %.3g", round3(1/float64(m), math.Ceil))
		if n > m-1 {
			part, fix = "training", fmt.Sprintf("a test fraction of at most %.3g", round3(float64(m-1)/float64(m), math.Floor))
		}
		if m < 2 {
			fix = "at least 2 rows"
		}
		return 0, fmt.Errorf("frames: %s: test fraction %g of m = %d examples leaves the %s part empty: it needs %s: %w", op, testFrac, m, part, fix, lao.ErrParam)
	}
	return n, nil
}

// TestAfterTrain reports whether every test row index is above every
// training row index (SplitLast's parts, or any split that holds out the
// table's last rows), both parts non-empty.
func TestAfterTrain(train, test []int) bool {
	if len(train) == 0 || len(test) == 0 {
		return false
	}
	return slices.Min(test) > slices.Max(train)
}

// SplitDataset splits ds into training and test examples with Split.
func SplitDataset(ds *lao.Dataset, testFrac float64, seed uint64) (train, test *lao.Dataset, err error) {
	tr, te, err := Split(ds.Len(), testFrac, seed)
	if err != nil {
		return nil, nil, err
	}
	return ds.Subset(tr), ds.Subset(te), nil
}

// SplitTable is SplitDataset for any lao.Table (dense or sparse rows).
func SplitTable(t lao.Table, testFrac float64, seed uint64) (train, test lao.Table, err error) {
	if isNil(t) {
		return nil, nil, fmt.Errorf("frames: SplitTable: the table is nil: %w", lao.ErrEmpty)
	}
	tr, te, err := Split(t.Len(), testFrac, seed)
	if err != nil {
		return nil, nil, err
	}
	return lao.Subset(t, tr), lao.Subset(t, te), nil
}

// SplitFrame splits the rows of df with Split. Splitting the frame before
// FromDataFrame keeps the test rows out of the fitted centring and scaling;
// convert the test part with Data.Apply.
func SplitFrame(df dataframe.DataFrame, testFrac float64, seed uint64) (train, test dataframe.DataFrame, err error) {
	if df.Err != nil {
		return df, df, fmt.Errorf("%w: %w", ErrFrame, df.Err)
	}
	tr, te, err := Split(df.Nrow(), testFrac, seed)
	if err != nil {
		return df, df, err
	}
	train, test = df.Subset(tr), df.Subset(te)
	if train.Err != nil || test.Err != nil {
		return df, df, fmt.Errorf("frames: SplitFrame: %w: %w", ErrFrame, cmpErr(train.Err, test.Err))
	}
	return train, test, nil
}

func cmpErr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// Folds partitions 0..m-1 into k folds for k-fold cross-validation: the
// indices of Permutation(m, lao.SeedFor(seed, "folds")) cut into k
// consecutive blocks whose sizes
// differ by at most one. Every index is in exactly one fold. It requires
// 2 ≤ k ≤ m.
func Folds(m, k int, seed uint64) ([][]int, error) {
	if m <= 0 {
		return nil, fmt.Errorf("frames: Folds: %w", lao.ErrEmpty)
	}
	if k < 2 || k > m {
		return nil, fmt.Errorf("frames: Folds: k = %d folds for m = %d examples, want 2 ≤ k ≤ m: %w", k, m, lao.ErrParam)
	}
	p := Permutation(m, lao.SeedFor(seed, "folds"))
	folds := make([][]int, k)
	for f := range folds {
		folds[f] = p[f*m/k : (f+1)*m/k : (f+1)*m/k]
	}
	return folds, nil
}

// BlockedFolds partitions 0..len(order)-1 into k folds of consecutive
// rows in time, for blocked cross-validation (Bergmeir & Benítez 2012): row
// i's place in time is order[i] (distinct keys that sort the rows in time,
// such as their rows in the table), and fold f holds the rows of the f-th
// of k consecutive stretches of places, sizes differing by at most one,
// each fold's rows in increasing i. A random fold's validation rows have
// their neighbours in time among the training rows, so a series tested on
// its last rows (SplitLast) would be tuned to interpolate; a block's
// neighbours are its own rows, except at its two ends. An interior block
// is still fitted on rows before and after it (no gap is left between
// blocks): blocked folds lessen interpolation, they do not make each fold
// a forecast. It requires
// 2 ≤ k ≤ len(order) and distinct keys.
func BlockedFolds(order []int, k int) ([][]int, error) {
	m := len(order)
	if m == 0 {
		return nil, fmt.Errorf("frames: BlockedFolds: %w", lao.ErrEmpty)
	}
	if k < 2 || k > m {
		return nil, fmt.Errorf("frames: BlockedFolds: k = %d folds for m = %d examples, want 2 ≤ k ≤ m: %w", k, m, lao.ErrParam)
	}
	byTime := make([]int, m) // rows sorted by their place in time
	for i := range byTime {
		byTime[i] = i
	}
	slices.SortFunc(byTime, func(a, b int) int { return cmp.Compare(order[a], order[b]) })
	for i := 1; i < m; i++ {
		if order[byTime[i]] == order[byTime[i-1]] {
			return nil, fmt.Errorf("frames: BlockedFolds: rows %d and %d have the same place in time (%d): %w", byTime[i-1], byTime[i], order[byTime[i]], lao.ErrParam)
		}
	}
	folds := make([][]int, k)
	for f := range folds {
		block := slices.Clone(byTime[f*m/k : (f+1)*m/k])
		slices.Sort(block)
		folds[f] = block
	}
	return folds, nil
}

// round3 rounds x > 0 to three significant digits with round (math.Ceil
// or math.Floor).
func round3(x float64, round func(float64) float64) float64 {
	unit := math.Pow(10, math.Floor(math.Log10(x))-2)
	return round(x/unit) * unit
}
