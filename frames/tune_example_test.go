package frames_test

import (
	"fmt"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// Tune cross-validates a solver over its own grid, widening a range while
// its best value sits on the edge. On a table whose label is noise, no
// setting predicts better than the training mean by more than one standard
// error, so Tune returns the zero predictor and says so.
func ExampleTune() {
	noise := linearData(60, 8, 0, 1) // y independent of x
	tuned, cv, err := frames.Tune(&lao.Ridge{}, noise, frames.TuneOptions{Folds: 5, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(tuned.Name(), cv.ZeroChosen, cv.Repeats)
	signal := linearData(300, 8, 1, 1)
	tuned, cv, _ = frames.Tune(&lao.Ridge{}, signal, frames.TuneOptions{Folds: 5, Seed: 1})
	fmt.Println(tuned.Name(), cv.ZeroChosen, cv.Repeats)
	// Output:
	// zero (for ridge) true 5
	// ridge false 4
}
