package frames

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// A Frame's whole-frame findings are those of the checks run on each
// split's own features, as PrepareFrameRows ran them before the Frame kept
// them: an identifier, a date column, dates written as text, a time column
// the label trends along, zeros that stand apart, and a column constant on
// the training rows of some splits, so that the splits' features differ
// and the Frame must check a column it has not seen.
func TestFrameMatchesPerSplitChecks(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	_, test0, err := Split(80, 0.25, 0)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("id,day,when,year,bp,rare,x,y\n")
	for i := range 80 {
		bp := 60 + rng.IntN(41)
		if i%9 == 4 {
			bp = 0
		}
		rare := 0
		if i == test0[0] { // constant on seed 0's training rows
			rare = 1
		}
		fmt.Fprintf(&b, "%d,%d,2020-%02d-%02d,%.3f,%d,%d,%.4f,%.4f\n", i+1, 20200101+i/28*100+i%28, 1+i/28, 1+i%28,
			2000+float64(i)/12, bp, rare, rng.NormFloat64(), float64(i)/10+rng.NormFloat64())
	}
	tab, err := ReadCSV(strings.NewReader(b.String()), CSVOptions{Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	df, f := tab.DataFrame, NewFrame(tab.DataFrame, "y")
	seenRareDropped, seenRareKept := false, false
	for seed := range uint64(8) {
		train, test, err := Split(df.Nrow(), 0.25, seed)
		if err != nil {
			t.Fatal(err)
		}
		got, err := f.PrepareRows(Options{Center: true, Scaling: StandardL2, DropConstant: true}, train, test)
		if err != nil {
			t.Fatal(err)
		}
		names := got.Train.Names()
		want := append(IDLikeColumns(df, names), TextDateColumns(df, "y", names)...)
		want = append(want, TrendColumns(df, "y", names, want)...)
		if !reflect.DeepEqual(got.IDLike, want) {
			t.Errorf("seed %d: IDLike %+v, per split %+v", seed, got.IDLike, want)
		}
		if gaps := ZeroGapColumns(df, names); !reflect.DeepEqual(got.ZeroGaps, gaps) {
			t.Errorf("seed %d: ZeroGaps %+v, per split %+v", seed, got.ZeroGaps, gaps)
		}
		if got.LabelTrend != LabelTrend(df, "y") || got.labelSorted != LabelSorted(df, "y") {
			t.Errorf("seed %d: label trend %g sorted %v, want %g %v", seed, got.LabelTrend, got.labelSorted, LabelTrend(df, "y"), LabelSorted(df, "y"))
		}
		if len(want) < 4 || len(got.ZeroGaps) != 1 {
			t.Fatalf("seed %d: the table should flag id, day, when and year and the zeros of bp: %+v %+v", seed, want, got.ZeroGaps)
		}
		if slicesHas(names, "rare") {
			seenRareKept = true
		} else {
			seenRareDropped = true
		}
	}
	if !seenRareDropped || !seenRareKept {
		t.Fatalf("the splits should both keep and drop the column rare (kept %v, dropped %v)", seenRareKept, seenRareDropped)
	}
}

func slicesHas(s []string, x string) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}
