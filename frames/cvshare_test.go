package frames

import (
	"reflect"
	"testing"

	"github.com/laoproject/lao/lao"
)

// Tunings on one table with one CVShare use the same folds' parts (made
// once), fresh ones for other folds, seeds or tables, and give the
// results they give without it, for Ridge and Lasso (moments), Baseline
// (passes) and AER (rows read through the shared copy).
func TestCVShareSameResults(t *testing.T) {
	const m, d = 600, 10
	ds, x := twoAttributeTable(8, m, d, -1, 0.3)
	other, _ := lao.NewDataset(x, ds.Labels(), d, nil)
	share := NewCVShare()
	for _, name := range []string{"ridge", "lasso", "baseline", "aer", "ridge"} {
		s, _ := lao.New(name)
		if name == "baseline" || name == "aer" {
			_ = lao.SetParams(s, map[string]float64{"k": 4})
		}
		o := TuneOptions{Folds: 4, Seed: 3, Halving: "off", Rule: RuleMin, NoWiden: true}
		_, alone, err := Tune(s, ds, o)
		if err != nil {
			t.Fatal(err)
		}
		o.Share = share
		_, shared, err := Tune(s, ds, o)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(alone.Settings, shared.Settings) || !reflect.DeepEqual(alone.Zero, shared.Zero) {
			t.Errorf("%s: shared folds score\n%+v\nwithout\n%+v", name, shared.Settings, alone.Settings)
		}
	}
	if len(share.byKey) != 1 {
		t.Errorf("five tunings of one table with the same folds made %d sets of folds, want 1", len(share.byKey))
	}
	same := CVOptions{Folds: 4, Seed: 3, Share: share}
	a, _ := newCVRun(ds, nil, same)
	b, _ := newCVRun(ds, nil, same)
	if a.cvFolds != b.cvFolds {
		t.Error("two runs with the same table and folds do not share them")
	}
	for _, o := range []CVOptions{{Folds: 5, Seed: 3, Share: share}, {Folds: 4, Seed: 4, Share: share}, {Folds: 4, Seed: 3, Repeats: 2, Share: share}} {
		if c, _ := newCVRun(ds, nil, o); c.cvFolds == a.cvFolds {
			t.Errorf("%+v shares the folds of %+v", o, same)
		}
	}
	if c, _ := newCVRun(other, nil, same); c.cvFolds == a.cvFolds {
		t.Error("another table with the same values shares the folds: tables are known by identity")
	}
	if c, _ := newCVRun(lao.View(ds, []int{0, 1, 2, 3, 4, 5, 6, 7}), nil, same); c.cvFolds == a.cvFolds {
		t.Error("a view shares the folds")
	}
	// A prefix's parts are its own and leave the shared ones whole.
	p := a.prefix(100)
	if p.cvFolds == a.cvFolds || a.trains[0].Len() != len(a.trainPos[0]) {
		t.Errorf("prefix changed the shared parts: %d rows in the first training part", a.trains[0].Len())
	}
}
