package main

import (
	"cmp"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/go-gota/gota/series"

	"github.com/laoproject/lao/datasets"
	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/frames/ingest"
	"github.com/laoproject/lao/lao"
)

// predictions are a model's predictions for the rows of a file, with
// their file lines and labels (NaN where a row has none).
type predictions struct {
	lines []int
	pred  []float64
	y     []float64 // nil when the file has no label column
	text  []string  // the label cells as written, where y is NaN (nil: none kept)
	notes []string  // what happened on the way (rows dropped, cells filled, ...)
	warns []string  // what the user should check (rows far outside the training range)
	flags []string  // each row's frames.Model.RowFlags (nil: no row has one)
	sep   rune      // a CSV file's field separator
	// the model's sampled training rows found among the labelled rows
	// (frames.Model.TrainingRowsFound; Sample 0: not checked)
	matches frames.RowMatches
}

// runPredict applies a saved model (lao fit --save-model) to the rows of a
// CSV or libsvm/svmlight file and writes one prediction per row as CSV: the
// row's file line, the prediction, the predicted class (the sign) when the
// model was fitted on ±1 labels, the label when the file has one, and
// flags when a row has one (frames.Model.RowFlags: a cell filled, a value
// far outside the training range). What the missing-value policy did and the test errors go to standard
// error; a prediction that is not finite is an error naming its row.
func runPredict(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("predict", flag.ContinueOnError)
	modelPath := fs.String("model", "", "model file written by 'lao fit --save-model'")
	var tf tableFlags
	tf.define(fs, "CSV file with the model's columns (gzip or bzip2 detected by content) or libsvm/svmlight file (.svm, .libsvm, .svmlight, for a model fitted on one)")
	fs.Lookup("target").Usage = "the label column is the model's (the --target of lao fit; this flag may only repeat it): rows with it are scored, the others only predicted"
	budget := fs.Int("budget", 0, "read at most this many attributes per row (prediction on a budget); a model needing more is refused (0: no limit)")
	costBudget := fs.Float64("predict-cost-budget", 0, "C': with a model fitted with prices, refuse it if the prices of the columns it reads add up to more (leave it out for no limit: 0 is refused, as in fit)")
	out := fs.String("out", "", "write the predictions to this file instead of standard output")
	if err := parseArgs(fs, args); err != nil {
		return err
	}
	if err := checkPredictFlags(*modelPath, &tf, *budget, *costBudget, flagGiven(fs, "predict-cost-budget")); err != nil {
		return err
	}
	if err := notAnInput("predict", []fileFlag{{"out", *out}}, []fileFlag{{"data", tf.data}, {"model", *modelPath}}); err != nil {
		return err
	}
	m, err := readModelFile(*modelPath)
	if err != nil {
		return err
	}
	if err := modelTarget(&tf, m); err != nil {
		return err
	}
	costNote, err := predictionCost(m, *costBudget)
	if err != nil {
		return err
	}
	if _, _, err := tf.numberMarks(); err != nil && !tf.isCSV() { // a CSV file's marks may come from the model (modelNumberMarks)
		return fmt.Errorf("predict: %w", err)
	}
	marksNote, fromModel := modelNumberMarks(&tf, m, flagGiven(fs, "decimal"), flagGiven(fs, "thousands"))
	if note := modelNoHeader(&tf, m, flagGiven(fs, "no-header")); note != "" {
		marksNote = strings.TrimPrefix(marksNote+"; "+note, "; ")
	}
	modelMissing(&tf, m, flagGiven(fs, "missing"))
	p, err := predictFile(&tf, m, *budget, marksNote, fromModel)
	if err != nil {
		return err
	}
	p.report(marksNote, costNote)
	if err := writeOut(*out, stdout, func(w io.Writer) error { return writePredictions(w, p, m) }); err != nil {
		return err
	}
	if p.y != nil {
		reportScores(m, tf.data, p)
	} else {
		fmt.Fprintf(os.Stderr, "predict: %s predicted; the file has no label column%s, so none is scored\n",
			count(len(p.pred), "row"), map[bool]string{true: fmt.Sprintf(" %q", m.Target)}[m.Target != ""])
	}
	return nonFinitePrediction(tf.data, p, m)
}

// reportScores writes to standard error the labelled rows' errors, a
// warning when they are no better than the zero predictor's, and whether
// training rows are among them (trainingRowsWarning).
func reportScores(m *frames.Model, data string, p *predictions) {
	text, sc := scoreText(p, m)
	fmt.Fprintln(os.Stderr, "predict:", text)
	if w := sc.Warning("labelled rows'"); w != "" {
		fmt.Fprintln(os.Stderr, "predict: warning:", w)
	}
	if w := trainingRowsWarning(m, data, p); w != "" {
		fmt.Fprintln(os.Stderr, "predict: warning:", w)
	} else if p.matches.Sample == 0 {
		fmt.Fprintln(os.Stderr, "predict: note: the model file keeps no sample of its training rows (a streaming or lazy fit, a libsvm table, "+
			"every coefficient 0, no training row that appears once, or a file saved before lao kept one), so training rows among these "+
			"rows are recognised only in a file of the name and size it was fitted on")
	}
}

// modelNumberMarks reads a CSV file with the number marks of the model's
// training table (fit --decimal, --thousands) where predict was not given
// the flag (gotDecimal, gotThousands), unless it would clash with the
// other flag given, and says so (fromModel: a mark came from the model);
// the note also says where the marks read differ from the model's. A
// point-decimal file read with the model's --decimal , is refused cell by
// cell, never misread (frames.CSVOptions.DecimalComma).
func modelNumberMarks(tf *tableFlags, m *frames.Model, gotDecimal, gotThousands bool) (note string, fromModel bool) {
	if m.Fit == nil || !tf.isCSV() {
		return "", false
	}
	comma, thousands, recorded, err := m.Fit.NumberMarks()
	if err != nil || !recorded { // ReadModel checked the marks; a model saved before they were recorded says nothing of them
		return "", false
	}
	var from []string // the flags taken from the model
	if !gotDecimal && comma && !(gotThousands && tf.thousands == ",") {
		tf.decimal, from = ",", append(from, "--decimal ,")
	}
	if dec := map[bool]string{true: ",", false: "."}[tf.decimal == ","]; !gotThousands && thousands != 0 && string(thousands) != dec {
		tf.thousands, from = string(thousands), append(from, strings.TrimPrefix(marksText(false, thousands), "--decimal . "))
	}
	fc, ft, err := tf.numberMarks()
	model := marksText(comma, thousands)
	switch {
	case err != nil: // the flags' own error, reported when the file is read
	case len(from) > 0 && fc == comma && ft == thousands:
		note = fmt.Sprintf("numbers read with the model's marks, %s, as its training table was", model)
		if comma && !gotDecimal {
			note += "; give --decimal . to read decimal points"
		}
	case len(from) > 0:
		note = fmt.Sprintf("numbers read with %s (%s from the model, whose training table was read with %s)", marksText(fc, ft), strings.Join(from, " "), model)
	case fc != comma || ft != thousands:
		note = fmt.Sprintf("this file is read with %s; the model's training table with %s", marksText(fc, ft), model)
	}
	return note, len(from) > 0
}

// modelNoHeader reads a CSV file without a header line, as the model's
// training table was (fit --no-header), where predict was not given the
// flag, and says so.
func modelNoHeader(tf *tableFlags, m *frames.Model, given bool) (note string) {
	if given || m.Fit == nil || !m.Fit.NoHeader || !tf.isCSV() {
		return ""
	}
	tf.noHeader = true
	return "read without a header line, as the model's training table was: its columns are matched by place, so they must be the training file's in the same order " +
		"(the label may be left out when it was the last); give --no-header=false if this file names its columns"
}

// modelMissing handles a file's missing cells with the model's policy
// (fit --missing mean or drop-rows) where predict was not given --missing;
// the missing-value report says so (modelPolicyNote).
func modelMissing(tf *tableFlags, m *frames.Model, given bool) {
	if !given && m.Fit != nil && m.Fit.Missing != "" {
		tf.missing, tf.missingFromModel = m.Fit.Missing, true
	}
}

// modelPolicyNote is what the missing-value report adds when the policy
// came from the model.
func modelPolicyNote(policy string) string {
	return fmt.Sprintf(" (--missing %s is the model's: its training table was read so; give --missing error to refuse such cells)", policy)
}

// headerlessWidth checks that a file read without a header line, whose
// columns are named by their place, has the columns of the model's
// training file (width of them), or all but the label when the label was
// the last: one more or fewer elsewhere would shift every name, and the
// model would read the wrong columns without a word.
func headerlessWidth(tf *tableFlags, m *frames.Model, width int) error {
	if !tf.noHeader || m.Fit == nil || m.Fit.FileColumns == 0 {
		return nil
	}
	n := m.Fit.FileColumns
	if width == n || (width == n-1 && m.Target == fmt.Sprintf("column%d", n)) {
		return nil
	}
	return fmt.Errorf("predict: %s has %d columns and the model's training file had %d (the label %s): read without a header line, the columns are named by their place, "+
		"so a column more or fewer shifts every name; give the file the training file's columns in the same order (the label may be left out only when it was the last)",
		tf.data, width, n, m.Target)
}

// marksText writes number marks as the flags that give them.
func marksText(comma bool, thousands rune) string {
	s := "--decimal ."
	if comma {
		s = "--decimal ,"
	}
	switch thousands {
	case 0:
	case ' ', '\'':
		s += fmt.Sprintf(" --thousands \"%c\"", thousands)
	default:
		s += fmt.Sprintf(" --thousands %c", thousands)
	}
	return s
}

// predictFile predicts the rows of a libsvm/svmlight or CSV file. An error
// says with which number marks the file was read, and the model's
// (marksNote); with the model's decimal comma (fromModel) a file whose
// fields are separated by commas is warned of.
func predictFile(tf *tableFlags, m *frames.Model, budget int, marksNote string, fromModel bool) (*predictions, error) {
	if datasets.IsSVMLightPath(tf.data) {
		return predictSVMLight(tf, m, budget)
	}
	p, err := predictCSV(tf, m, budget)
	if err != nil && marksNote != "" {
		return nil, fmt.Errorf("%w\n(%s)", err, marksNote)
	} else if err != nil {
		return nil, err
	}
	if fromModel && tf.decimal == "," && p.sep == ',' {
		p.warns = append(p.warns, "this file separates its fields with commas, where a decimal comma must be quoted, and it was read with the model's --decimal ,: "+
			"if its points are decimal points, its numbers were misread; give --decimal .")
	}
	return p, nil
}

// report writes to standard error how the rows were read and what to
// check, between the number marks' note and the cost note.
func (p *predictions) report(marksNote, costNote string) {
	for _, n := range append([]string{marksNote}, append(p.notes, costNote)...) {
		if n != "" {
			fmt.Fprintln(os.Stderr, "predict:", n)
		}
	}
	for _, w := range p.warns {
		fmt.Fprintln(os.Stderr, "predict: warning:", w)
	}
}

// predictionCost says what a row costs to predict with a model fitted with
// prices (the prices of the columns with a non-zero coefficient: what an
// observation handle would charge), and refuses the model when that is
// above budget (0: none). Without prices it returns "" (or an error if a
// budget was asked for).
func predictionCost(m *frames.Model, budget float64) (string, error) {
	if m.Fit == nil || m.Fit.Costs == nil {
		if budget > 0 {
			return "", fmt.Errorf("predict: --predict-cost-budget %g: the model was fitted without prices (lao fit --costs), so what its columns cost is not known", budget)
		}
		return "", nil
	}
	cost, n := lao.SupportCost(m.Coef, m.Fit.Costs), m.NonZero()
	if budget > 0 && cost > budget*(1+1e-9) {
		return "", fmt.Errorf("predict: the model reads %d columns, whose prices add up to %g per row, more than --predict-cost-budget %g (fit with --predict-cost-budget to choose the columns within it: screen-ridge, hybrid)", n, cost, budget)
	}
	return fmt.Sprintf("each row costs %.4g to predict (the prices of the %d columns the model reads)", cost, n), nil
}

// modelTarget accepts a --target that repeats the model's label column
// (and clears it: predict reads the label by the model's name), and refuses
// any other.
func modelTarget(tf *tableFlags, m *frames.Model) error {
	if tf.target != "" && tf.target != m.Target {
		return fmt.Errorf("predict: --target %q is not the label column the model was fitted on (%q): predict scores the rows by the model's label column; give that column the same name in --data, or leave --target out", tf.target, m.Target)
	}
	tf.target = ""
	return nil
}

// checkPredictFlags refuses predict's flags that cannot work together;
// costGiven says whether --predict-cost-budget was typed (0 then pays for
// nothing).
func checkPredictFlags(modelPath string, tf *tableFlags, budget int, costBudget float64, costGiven bool) error {
	switch {
	case costBudget == 0 && costGiven:
		return errors.New("predict: --predict-cost-budget 0 pays for nothing: give a positive budget, or leave the flag out for none")
	case modelPath == "":
		return errors.New("predict: --model is required")
	case tf.data == "":
		return errors.New("predict: --data is required")
	case budget < 0:
		return fmt.Errorf("predict: --budget %d must be positive (or 0: no limit)", budget)
	case costBudget < 0 || math.IsNaN(costBudget) || math.IsInf(costBudget, 0):
		return fmt.Errorf("predict: --predict-cost-budget %g must be positive and finite", costBudget)
	case isNamed(tf.data):
		return fmt.Errorf("predict: --data %s names a built-in data set; predict reads CSV and libsvm/svmlight files", tf.data)
	}
	return nil
}

func readModelFile(path string) (*frames.Model, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("predict: %w", err)
	}
	defer fh.Close()
	m, err := frames.ReadModel(fh)
	if err != nil {
		return nil, fmt.Errorf("predict: %s: %w", path, err)
	}
	return m, nil
}

// predictCSV predicts the rows of a CSV file by column name, reporting
// the rows dropped and cells filled as fit does. A missing or unparsable
// cell outside the columns the model reads (a non-zero coefficient: a
// priced model's zero-weight columns need not be measured), in the label
// column too (its row is predicted and not scored), is not the
// prediction's business: the file is read with only those columns as
// numbers (frames.CSVOptions.Only), so --missing drops or fills rows for
// them alone.
func predictCSV(tf *tableFlags, m *frames.Model, budget int) (*predictions, error) {
	used := []string{} // the columns the model reads (none: no column is read as a number)
	for j, n := range m.Features {
		if m.Coef[j] != 0 {
			used = append(used, n)
		}
	}
	tab, err := tf.readTableOnly("predict", slices.Clone(used))
	if err != nil {
		return nil, err
	}
	if err := modelColumnsPresent(tf.data, tab, used); err != nil {
		if m.Fit != nil && m.Fit.NoHeader && !tf.noHeader {
			err = fmt.Errorf("%w\n(the model was fitted on a file without a header line, fit --no-header: its columns are named column1 … columnN by their place)", err)
		}
		return nil, err
	}
	if err := headerlessWidth(tf, m, len(tab.Columns)); err != nil {
		return nil, err
	}
	if tab.Missing == frames.MissingMean && m.Fill == nil && m.Transform != nil && m.Transform.Center {
		m.Fill = m.Transform.Offset // the training means
	}
	if err := modelColumnsUsable(tf.data, tab, used, tab.Missing == frames.MissingMean && m.Fill != nil); err != nil {
		return nil, err
	}
	p := &predictions{lines: tab.Lines, sep: tab.Separator()}
	if budget > 0 {
		p.pred, err = m.PredictOnBudget(tab.DataFrame, budget)
	} else {
		p.pred, err = m.Predict(tab.DataFrame)
	}
	if err != nil {
		return nil, err
	}
	if _, ok := tab.Column(m.Target); ok && m.Target != "" {
		var note string
		p.y, p.text, note = predictLabels(tab, m.Target)
		p.notes = append(p.notes, note)
		if p.matches, err = m.TrainingRowsFound(tab.DataFrame, p.y); err != nil {
			return nil, err
		}
	}
	if t := newMissingReport(tab, used).text(); t != "" {
		if tf.missingFromModel {
			t += modelPolicyNote(tf.missing)
		}
		p.notes = append(p.notes, t)
	}
	p.notes = append(p.notes, nonEmpty(notInModelNote(tf.data, tab.DataFrame.Names(), m))...)
	p.notes = append(p.notes, nonEmpty(tab.ThousandsNote())...)                   // 7225 read as 7.225 changes every prediction
	rangeWarning, flags := m.RangeReport(tab.DataFrame, tab.Lines, tab.PosName()) // one scan for both
	p.warns, p.flags = nonEmpty(rangeWarning, emptyColumnsWarning(tab, used)), flags
	if t := m.Transform; t == nil || t.Min == nil {
		p.notes = append(p.notes, "the model file records no training ranges (scaling.min and scaling.max: saved by an older lao, "+
			"or written by hand), so rows far outside the data it was fitted on are not looked for: fit it again to have them checked")
	}
	return p, nil
}

// notInModelNote names the columns of the table file that are neither
// features of model m nor its target: predict reads none of them (a column
// renamed since the fit shows up here, beside the error for the missing
// one). "" when there are none.
func notInModelNote(file string, names []string, m *frames.Model) string {
	var extra []string
	for _, n := range names {
		if n != m.Target && !slices.Contains(m.Features, n) {
			extra = append(extra, n)
		}
	}
	n := len(extra)
	if n == 0 {
		return ""
	}
	if n > 8 {
		extra = append(extra[:8:8], fmt.Sprintf("and %d more", n-8))
	}
	return fmt.Sprintf("%s: not features of the model, not read (%s): %s", file, count(n, "column"), strings.Join(extra, ", "))
}

// predictLabels parses the label column (read as text from a CSV file) as fit reads
// cells: its cells that the file's number marks read are numbers (the
// table writes them in one convention, frames.Table.NotNumbers), and the
// others, missing ("", "n/a", ...: ingest.MissingTokens) or text (3.14 in
// a file read with decimal commas), are NaN, and their rows predicted, not
// scored. Text in a label column is named in the note returned: it is a
// label predict could not read, not an absent one; text returns the cells
// as written, for the output to keep them.
func predictLabels(tab *frames.Table, target string) (y []float64, text []string, note string) {
	col := tab.Col(target)
	if col.Type() != series.String { // a typed column (Parquet, a database): its numbers as stored
		return col.Float(), nil, ""
	}
	cells := col.Records()
	bad, _ := tab.NotNumbers(target)
	y = make([]float64, len(cells))
	for i, c := range cells {
		y[i], _ = ingest.ParseCell(c)
	}
	nText, first := 0, -1
	for _, i := range bad {
		if _, kind := ingest.ParseCell(cells[i]); kind != ingest.Missing {
			if nText++; first < 0 {
				first = i
			}
		}
		y[i] = math.NaN()
	}
	if nText > 0 {
		rows := "its row is"
		if nText > 1 {
			rows = "their rows are"
		}
		note = fmt.Sprintf("label column %q: not a number as the file is read, in %s (%q on line %d): %s predicted, not scored (the output keeps the text)",
			target, count(nText, "cell"), cells[first], tab.Lines[first], rows)
	}
	return y, cells, note
}

// modelColumnsPresent checks that the file has every column the model
// reads (used), saying which lack and whether the file is the model's at
// all.
func modelColumnsPresent(file string, tab *frames.Table, used []string) error {
	var lack, renamed []string
	for _, u := range used {
		if _, ok := tab.Column(u); !ok {
			lack = append(lack, strconv.Quote(u))
			if near := frames.NearColumn(u, tab.Names()); near != "" && !slices.Contains(used, near) {
				renamed = append(renamed, fmt.Sprintf("%q for %q", near, u))
			}
		}
	}
	if len(renamed) > 0 { // the same name written another way: say so first
		return fmt.Errorf("predict: %s lacks %s, which the model reads; it has %s: the same names written another way? rename them in the file (the model reads them by name)",
			file, strings.Join(lack, ", "), strings.Join(renamed, ", "))
	}
	switch {
	case len(lack) == 0:
		return nil
	case len(lack) == len(used):
		hint := fmt.Sprintf("its columns are %s: is this the table the model is for? If the model's column names are on a later line of the file, "+
			"skip the lines above them with --skip-lines (a model does not keep fit's --skip-lines)", frames.QuoteFew(tab.Names(), 4))
		if frames.NumericHeader(tab.Names()) != nil {
			hint = fmt.Sprintf("its header looks like data (%s): if --skip-lines skipped the line of names, skip fewer lines; if the file has no header line, "+
				"the model must have been fitted with --no-header", frames.QuoteFew(tab.Names(), 4))
		}
		if r, f, ok := frames.CountLine(tab.Names()); ok {
			hint = fmt.Sprintf("its header looks like the line of counts scikit-learn's bundled files start with (%d rows, %d features): "+
				"skip that line with --skip-lines, as for fit (a model does not keep fit's --skip-lines)", r, f)
		}
		return fmt.Errorf("predict: %s has none of the columns the model reads (%s); %s", file, strings.Join(lack, ", "), hint)
	}
	them, it := "that column", "it"
	if len(lack) > 1 {
		them, it = "those columns", "them"
	}
	return fmt.Errorf("predict: %s lacks %s, which the model reads (it reads %s); give the file %s, or fit a model without %s (lao fit --ignore)",
		file, strings.Join(lack, ", "), count(len(used), "column"), them, it)
}

// modelColumnsUsable checks that no column the model reads (used: a
// non-zero coefficient) is unusable in the file: text, or empty in every
// row, whose rows cannot be dropped (all of them). With fill (--missing
// mean and the training means at hand) an empty column is filled in every
// row, as a single new row with an empty cell is: predictCSV warns, since
// no row then tells the model anything of that column.
func modelColumnsUsable(file string, tab *frames.Table, used []string, fill bool) error {
	for _, u := range tab.Unused() {
		if c, _ := tab.Column(u.Column); fill && c.Kind == frames.Empty {
			continue // every cell missing, every one filled (a single new row with an empty cell)
		}
		if slices.Contains(used, u.Column) {
			hint := ""
			if c, _ := tab.Column(u.Column); c.Kind == frames.Empty {
				hint = " (or --missing mean: every row then takes the training mean)"
			}
			return fmt.Errorf("predict: %s: column %q, which the model reads, is not a numeric column in this file: %s; the model needs a number in that column on every row to predict%s",
				file, u.Column, u.Reason, hint)
		}
	}
	return nil
}

// emptyColumnsWarning names the columns the model reads (used) that are
// empty in every row of the file, filled with their training mean
// (modelColumnsUsable), or "".
func emptyColumnsWarning(tab *frames.Table, used []string) string {
	var empty []string
	for _, c := range tab.Columns {
		if c.Kind == frames.Empty && slices.Contains(used, c.Name) {
			empty = append(empty, fmt.Sprintf("%q", c.Name))
		}
	}
	if len(empty) == 0 {
		return ""
	}
	return fmt.Sprintf("%s, which the model reads, %s no value in any row: every row was given the training mean (--missing mean), so the predictions use nothing of %s",
		strings.Join(empty, ", "), map[bool]string{true: "has", false: "have"}[len(empty) == 1], map[bool]string{true: "it", false: "them"}[len(empty) == 1])
}

// predictSVMLight predicts the rows of a libsvm/svmlight file, one line in
// memory, for a model whose columns are the file's attribute indices (a
// model fitted on such a file).
func predictSVMLight(tf *tableFlags, m *frames.Model, budget int) (*predictions, error) {
	col := make(map[int]int, len(m.Features)) // file index → model column
	for j, n := range m.Features {
		i, err := strconv.Atoi(n)
		if err != nil {
			return nil, fmt.Errorf("predict: %s is a libsvm/svmlight file, but the model's column %q is not an attribute index (the model was fitted on a CSV file)", tf.data, n)
		}
		col[i] = j
	}
	if nz := m.NonZero(); budget > 0 && nz > budget {
		return nil, fmt.Errorf("predict: the model reads %d attributes per row (non-zero coefficients), more than the budget of %d", nz, budget)
	}
	fh, err := ingest.OpenPath(tf.data)
	if err != nil {
		return nil, fmt.Errorf("predict: %w", err)
	}
	defer fh.Close()
	rows, err := datasets.NewSVMLightRows(fh, datasets.SVMLightOptions{Name: tf.data, Limits: tf.lim.limits("predict", true)})
	if err != nil {
		return nil, err
	}
	p := &predictions{y: []float64{}}
	unknown, unknownRows := 0, 0
	for {
		y, idx, val, line, err := rows.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		pred, missed := m.Intercept, 0
		for k, i := range idx {
			if j, ok := col[i]; ok {
				pred += m.Coef[j] * val[k]
			} else if val[k] != 0 {
				missed++
			}
		}
		if missed > 0 {
			unknown, unknownRows = unknown+missed, unknownRows+1
		}
		p.lines, p.pred, p.y = append(p.lines, line), append(p.pred, pred), append(p.y, y)
	}
	if len(p.pred) == 0 {
		return nil, fmt.Errorf("predict: %s: no examples", tf.data)
	}
	if unknown > 0 {
		p.notes = append(p.notes, fmt.Sprintf("%d non-zero values on %d rows are at attribute indices the model does not have (it has %d columns); they were not used",
			unknown, unknownRows, len(m.Features)))
	}
	return p, nil
}

// scoreText describes the errors of the predictions on the rows with a
// label, beside the zero predictor's.
func scoreText(p *predictions, m *frames.Model) (string, frames.Scores) {
	sc := frames.Scores{Binary: true}
	wrong, zeros, ones := 0, 0, 0 // 0/1 labels for a ±1 model
	for i, y := range p.y {
		if math.IsNaN(y) {
			continue
		}
		sc.N++
		zeros, ones = zeros+b2i(y == 0), ones+b2i(y == 1)
		sc.MSE += (p.pred[i] - y) * (p.pred[i] - y)
		sc.ZeroMSE += (m.Zero - y) * (m.Zero - y)
		sc.Binary = sc.Binary && (y == 1 || y == -1)
		if p.pred[i] == 0 || (p.pred[i] > 0) != (y > 0) {
			wrong++
		}
	}
	if sc.N == 0 {
		return fmt.Sprintf("the %s column has no label to score against", m.Target), sc
	}
	n := float64(sc.N)
	sc.MSE, sc.ZeroMSE, sc.ClassificationError = sc.MSE/n, sc.ZeroMSE/n, float64(wrong)/n
	s := fmt.Sprintf("%s with labels: MSE %.6g (zero predictor %.6g, ratio %s)", count(sc.N, "row"), sc.MSE, sc.ZeroMSE, ratioText(sc.Ratio()))
	if skipped := len(p.y) - sc.N; skipped > 0 {
		s += fmt.Sprintf("; %s without a label not scored", count(skipped, "row"))
	}
	if sc.Binary {
		s += fmt.Sprintf(", classification error %.4f", sc.ClassificationError)
	}
	if m.Binary && zeros > 0 && ones > 0 && zeros+ones == sc.N {
		s += fmt.Sprintf("\npredict: warning: the model was fitted on labels −1/+1 and the %s column holds 0/1: the MSE above compares "+
			"±1 predictions with 0/1 labels; recode them as 2y − 1 to score them (and to get the classification error)", m.Target)
	}
	return s, sc
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// writeOut writes with write to the file path, or to stdout if path is "".
func writeOut(path string, stdout io.Writer, write func(io.Writer) error) error {
	if path == "" {
		return write(stdout)
	}
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("predict: %w", err)
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func writePredictions(w io.Writer, p *predictions, m *frames.Model) error {
	cw := csv.NewWriter(w)
	head := []string{"line", "prediction"}
	if m.Binary {
		head = append(head, "class")
	}
	if p.y != nil {
		head = append(head, cmp.Or(m.Target, "label"))
	}
	if p.flags != nil {
		head = append(head, "flags")
	}
	if err := cw.Write(head); err != nil {
		return err
	}
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	for i, v := range p.pred {
		rec := []string{strconv.Itoa(p.lines[i]), f(v)}
		if m.Binary {
			rec = append(rec, f(math.Copysign(1, v)))
		}
		if p.y != nil {
			y := ""
			switch {
			case !math.IsNaN(p.y[i]):
				y = f(p.y[i])
			case p.text != nil: // a label that is not a number, as written ("" or "n/a" too)
				y = p.text[i]
			}
			rec = append(rec, y) // an unlabelled row's label stays as it was
		}
		if p.flags != nil {
			rec = append(rec, p.flags[i])
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// trainingRowsWarning says when the rows scored hold training rows, so
// that their MSE does not estimate the error on new rows: by the model's
// sample of training rows where it has one and finds more than chance
// (sampledRowsWarning), else when they look like the table the model was
// fitted on (the same file name and size, or the same number of rows for a
// model saved without the size).
func trainingRowsWarning(m *frames.Model, data string, p *predictions) string {
	if w := sampledRowsWarning(m, data, p.matches); w != "" {
		return w
	} // too few found to tell from chance (a table of few distinct rows): the file's name and size still can
	if m.Fit == nil || m.Fit.Data == "" || filepath.Base(m.Fit.Data) != filepath.Base(data) {
		return ""
	}
	rows := len(p.pred)
	same := fmt.Sprintf("the same file name and %d rows", rows)
	if m.Fit.DataBytes > 0 { // rows dropped for missing cells may differ between fit and predict
		st, err := os.Stat(data)
		if err != nil || st.Size() != m.Fit.DataBytes {
			return ""
		}
		same = fmt.Sprintf("the same file name and size, %d bytes", st.Size())
	} else if rows != m.Fit.Rows {
		return ""
	}
	return fmt.Sprintf("%s looks like the table the model was fitted on (%s): %d of its rows were training rows, so %s",
		data, same, m.Fit.Examples, notAnEstimate)
}

// notAnEstimate ends the warnings of trainingRowsWarning.
const notAnEstimate = "this MSE is not an estimate of the error on new rows (usually lower, as the model has seen them; not always, for a budgeted online solver); the test MSE that lao fit reported is that estimate"

// sampledRowsWarning says how many of the rows scored were, by the model's
// sample of its training rows, training rows: when the sampled rows found
// are more than rows without any would hold by chance (Significant). The
// share of the sample found estimates the share of the training part among
// them.
func sampledRowsWarning(m *frames.Model, data string, r frames.RowMatches) string {
	if r.Sample == 0 || !r.Significant() {
		return ""
	}
	if data == ingest.Stdin {
		data = "standard input"
	}
	found := fmt.Sprintf("%d of the %d training rows sampled in the model file are", r.Found, r.Sample)
	if r.Found == r.Sample {
		found = fmt.Sprintf("all %d training rows sampled in the model file are", r.Sample)
	}
	return fmt.Sprintf("about %d of the %d labelled rows of %s were training rows of the model, so %s. "+
		"(Found: %s among them, equal in the label and the columns the model reads, where rows that are not training rows would hold about %.2g by chance; "+
		"that share of the sample puts %.0f%% of the %d rows it was fitted on in the file.)",
		min(int(math.Round(r.Share()*float64(m.Fit.Examples))), r.Labelled), r.Labelled, data, notAnEstimate,
		found, r.Chance, 100*r.Share(), m.Fit.Examples)
}
