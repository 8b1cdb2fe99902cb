package kernel

import (
	"fmt"

	"github.com/laoproject/lao/frames"
)

// ScoresTable tabulates fitted models' test errors (frames.Fitted.Test,
// frames.Score) beside the zero predictor's, in the target's units: one row
// per name. A model whose error is above the zero predictor's carries a
// warning in its row (frames.Scores.Warning): a model worse than predicting
// the training mean is never shown without one.
func ScoresTable(caption string, names []string, scores []frames.Scores) (Table, error) {
	if len(names) != len(scores) {
		return Table{}, fmt.Errorf("kernel: ScoresTable: %d names for %d scores", len(names), len(scores))
	}
	t := Table{Caption: caption, Header: []string{"model", "test MSE", "zero predictor", "ratio", "warning"},
		Numeric: []bool{false, true, true, true, false},
		Footer:  "zero predictor: w = 0, the training mean; ratio = test MSE / the zero predictor's (below 1: the model beats the mean)"}
	for i, sc := range scores {
		t.Rows = append(t.Rows, []string{names[i], fmt.Sprintf("%.4g", sc.MSE), fmt.Sprintf("%.4g", sc.ZeroMSE), fmt.Sprintf("%.3f", sc.Ratio()), sc.Warning("test")})
	}
	return t, nil
}
