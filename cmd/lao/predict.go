package main

import (
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"

	"github.com/laoproject/lao/frames"
)

// runPredict applies a saved model (lao fit --save-model) to the rows of a
// CSV file and writes one prediction per row as CSV: the row's file line,
// the prediction, the predicted class (the sign) when the model was fitted
// on ±1 labels, and the label when the file has the target column.
func runPredict(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("predict", flag.ContinueOnError)
	modelPath := fs.String("model", "", "model file written by 'lao fit --save-model'")
	var tf tableFlags
	tf.define(fs, "CSV file with the model's columns (gzip detected by content)")
	budget := fs.Int("budget", 0, "read at most this many attributes per row (prediction on a budget); a model needing more is refused (0: no limit)")
	out := fs.String("out", "", "write the predictions to this file instead of standard output")
	if err := parseArgs(fs, args); err != nil {
		return err
	}
	switch {
	case *modelPath == "":
		return errors.New("predict: --model is required")
	case tf.data == "":
		return errors.New("predict: --data is required")
	case *budget < 0:
		return fmt.Errorf("predict: --budget %d must be positive (or 0: no limit)", *budget)
	case tf.target != "":
		return errors.New("predict: --target is taken from the model file")
	}
	fh, err := os.Open(*modelPath)
	if err != nil {
		return fmt.Errorf("predict: %w", err)
	}
	m, err := frames.ReadModel(fh)
	fh.Close()
	if err != nil {
		return fmt.Errorf("predict: %s: %w", *modelPath, err)
	}
	tab, err := tf.readTable("predict")
	if err != nil {
		return err
	}
	if tab.Missing == frames.MissingMean && m.Fill == nil && m.Transform != nil && m.Transform.Center {
		m.Fill = m.Transform.Offset // the training means
	}
	var pred []float64
	if *budget > 0 {
		pred, err = m.PredictOnBudget(tab.DataFrame, *budget)
	} else {
		pred, err = m.Predict(tab.DataFrame)
	}
	if err != nil {
		return err
	}
	var y []float64
	if _, ok := tab.Column(m.Target); ok && m.Target != "" {
		y = tab.Col(m.Target).Float()
	}
	w := stdout
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			return fmt.Errorf("predict: %w", err)
		}
		defer f.Close()
		w = f
	}
	if err := writePredictions(w, tab.Lines, pred, y, m); err != nil {
		return err
	}
	if y != nil {
		sc, err := m.Score(tab.DataFrame, m.Target)
		if err == nil {
			fmt.Fprintf(os.Stderr, "predict: %d rows with labels: MSE %.6g (zero predictor %.6g, ratio %.4f)", len(y), sc.MSE, sc.ZeroMSE, sc.Ratio())
			if sc.Binary {
				fmt.Fprintf(os.Stderr, ", classification error %.4f", sc.ClassificationError)
			}
			fmt.Fprintln(os.Stderr)
			if w := sc.Warning("labelled rows'"); w != "" {
				fmt.Fprintln(os.Stderr, "predict: warning:", w)
			}
		}
	}
	return nil
}

func writePredictions(w io.Writer, lines []int, pred, y []float64, m *frames.Model) error {
	cw := csv.NewWriter(w)
	head := []string{"line", "prediction"}
	if m.Binary {
		head = append(head, "class")
	}
	if y != nil {
		head = append(head, m.Target)
	}
	if err := cw.Write(head); err != nil {
		return err
	}
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	for i, p := range pred {
		rec := []string{strconv.Itoa(lines[i]), f(p)}
		if m.Binary {
			rec = append(rec, f(math.Copysign(1, p)))
		}
		if y != nil {
			rec = append(rec, f(y[i]))
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
