package frames

import (
	"sync"

	"github.com/laoproject/lao/lao"
)

// CVShare lets cross-validations of one table with the same folds share
// their work: the rows copied in fold order, the validation parts, and
// each training part's moments (Ridge, Lasso) and passes (Baseline). An
// experiment tunes several curves on each split's training part with the
// same folds; with one CVShare per split the rows are copied, and XᵀX
// summed, once per split instead of once per curve. Results are the same,
// bit for bit, with or without it.
//
// A CVShare recognises a table by its identity (the same lao.Table value,
// e.g. the same *lao.Dataset), so the table must not change while the
// CVShare is in use; it holds the tables and everything made from them
// until it is dropped. Only a *lao.Dataset or *lao.SparseDataset is
// shared (a view is copied by each cross-validation), and blocked folds
// (CVOptions.Order) are not.
// It is safe for concurrent use.
type CVShare struct {
	mu    sync.Mutex
	byKey map[shareKey]*sharedFolds
}

// NewCVShare returns an empty CVShare.
func NewCVShare() *CVShare { return &CVShare{byKey: map[shareKey]*sharedFolds{}} }

// shareKey is what makes two cross-validations' folds the same.
type shareKey struct {
	ds             lao.Table
	folds, repeats int
	seed           uint64
}

type sharedFolds struct {
	once sync.Once
	f    *cvFolds
	err  error
}

// folds returns the folds of o on ds: made once per table and options
// when sh is not nil, made anew otherwise.
func (sh *CVShare) folds(ds lao.Table, o CVOptions) (*cvFolds, error) {
	switch ds.(type) {
	case *lao.Dataset, *lao.SparseDataset: // comparable, and known by their pointer
	default:
		return newCVFolds(ds, o)
	}
	if sh == nil || o.Order != nil {
		return newCVFolds(ds, o)
	}
	key := shareKey{ds: ds, folds: o.Folds, repeats: max(o.Repeats, 1), seed: o.Seed}
	sh.mu.Lock()
	if sh.byKey == nil {
		sh.byKey = map[shareKey]*sharedFolds{}
	}
	sf := sh.byKey[key]
	if sf == nil {
		sf = new(sharedFolds)
		sh.byKey[key] = sf
	}
	sh.mu.Unlock()
	sf.once.Do(func() { sf.f, sf.err = newCVFolds(ds, o) })
	return sf.f, sf.err
}
