package frames

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/laoproject/lao/lao"
)

// Sentinel errors. Errors returned by this package wrap one of these (or
// lao.ErrEmpty, lao.ErrParam, lao.ErrNotFinite, lao.ErrShape) and name the
// offending column, so callers can branch with errors.Is and users can read
// what went wrong.
var (
	// ErrUnknownColumn: a named column is not in the table (DataFrame).
	ErrUnknownColumn = errors.New("frames: unknown column")
	// ErrNonNumeric: a feature or target column is not Int, Float or Bool.
	ErrNonNumeric = errors.New("frames: column is not numeric")
	// ErrMissing: a cell is missing (gota NA). gota stores missing values
	// and NaN the same way, so a NaN cell is reported as missing; such
	// errors also wrap lao.ErrNotFinite.
	ErrMissing = errors.New("frames: missing value")
	// ErrConstantColumn: a column has no spread where the requested
	// centring or scaling needs one (see Options.DropConstant).
	ErrConstantColumn = errors.New("frames: constant column")
	// ErrFrame: the DataFrame itself carries an error (its Err field), or
	// gota panicked while it was read.
	ErrFrame = errors.New("frames: invalid DataFrame")
	// ErrSolverPanic: a solver panicked during cross-validation (a bug);
	// CrossValidate returns the panic as an error naming the grid point.
	ErrSolverPanic = errors.New("frames: solver panicked")
	// ErrNilModel: a method that needs a model was called on a nil *Model
	// (fit one with Prepared.Fit, or read one with ReadModel).
	ErrNilModel = errors.New("frames: nil model")
	// ErrNoFeatures: no column of the table is a numeric feature besides
	// the target (every other column text, empty, constant or ignored);
	// such errors also wrap lao.ErrEmpty.
	ErrNoFeatures = errors.New("no numeric feature columns")
)

// InterceptName is the coefficient name of the intercept in Model.Frame.
const InterceptName = "(intercept)"

// Options control how FromDataFrame turns a DataFrame into examples. The
// zero value selects every numeric column except the target as a feature and
// leaves the values unchanged.
type Options struct {
	// Features lists the feature columns, in order. If nil, every Int,
	// Float and Bool column other than the target is a feature, in frame
	// order; String columns are skipped and listed in Data.Skipped. A
	// listed column that is not numeric is an error (ErrNonNumeric).
	Features []string
	// Center subtracts the mean of every feature column and of the target,
	// so that the fitted model gets an intercept (Model.Intercept).
	Center bool
	// Intercept centres the target alone (when Center is not set): the
	// features stay as they are, and the model gets an intercept all the
	// same. It is how a sparse table's labels are centred, whose rows
	// would become dense if centred.
	Intercept bool
	// Scaling rescales the feature columns, after centring, so that the
	// examples meet a theorem's norm assumption. The zero value is NoScaling.
	Scaling Scaling
	// KeepUnits, with a standardising Scaling (StandardL2 or StandardLinf),
	// keeps the columns' own scales instead — one common factor, ScaleL2
	// or CommonLinf — when they are commensurate, and standardises
	// otherwise. The columns are commensurate when Kukliansky & Shamir's
	// ρ_ridge of their centred training values is at least three quarters
	// of ρ_ridge with each column divided by its largest |x − mean|: that
	// division removes each column's unit but keeps how its values spread
	// within their range (a rare 0/1 column stays rare, a faint pixel
	// faint), so when it raises ρ by more than a third the unevenness of
	// the second moments came from the units, not from the data. MNIST
	// pixels (0.65 and 0.65), power-law 0/1 columns (equal) keep their
	// scales; a survey with one column in the hundreds of thousands and the
	// rest 0-7 (0.20 and 0.90), and a students' survey of hand spans in cm,
	// pulse and age (0.39 and 0.72), are standardised. OptionsFor sets it for the data-dependent solvers;
	// Data.ScalingChoice records the decision and its reason.
	KeepUnits bool

	// keepConstant keeps constant columns (zero once centred, scale 1)
	// instead of dropping them or failing: PrepareParts keeps a data set's
	// d attributes.
	keepConstant bool
	// LabelBound, if positive, is B: labels are divided (after centring) by
	// max|y|/B so that max|y| = B, as the theorems assume |y| ≤ B. If 0,
	// labels are not scaled.
	LabelBound float64
	// DropConstant drops feature columns with zero spread that would break
	// centring or scaling (listing them in Data.Dropped) instead of
	// returning an error wrapping ErrConstantColumn.
	DropConstant bool
	// FillMissing replaces a missing (NaN) feature cell by the column's
	// training mean (recorded in Transform.Fill and used again by Apply and
	// Model.Predict). If false, a missing cell is an error wrapping
	// ErrMissing. A missing label is always an error.
	FillMissing bool
}

// Data is a DataFrame converted once into a budgeted data set: the
// (possibly centred and scaled) examples as a contiguous *lao.Dataset, ready
// for lao.Fit, together with the column names and the Transform that maps
// coefficients back to the DataFrame's units.
type Data struct {
	// Dataset holds the transformed examples; its Names are the feature
	// columns. Pass Data.Stream() to lao.Fit.
	*lao.Dataset
	// Target is the name of the label column.
	Target string
	// Transform records the centring and scaling applied to features and
	// labels.
	Transform Transform
	// Skipped lists the non-numeric columns left out of the default
	// feature set (empty when Options.Features was given).
	Skipped []string
	// Dropped lists the constant columns removed under Options.DropConstant.
	Dropped []string
	// Unused lists every column of the frame that is neither a feature nor
	// the target, with the reason: text (the Skipped columns), empty (every
	// cell missing) or constant (the Dropped columns).
	Unused []Unused
	// Filled counts, per feature, the missing cells of the training frame
	// filled with the training mean (Options.FillMissing); nil if none.
	Filled []int
	// ScalingChoice is the scaling the features got and why (Options.KeepUnits).
	ScalingChoice ScalingChoice
	// Stats are the training statistics of the features (in attribute
	// order), from which Transform was fitted.
	Stats []ColumnStats
}

// Features returns the feature column names, in attribute order.
func (d *Data) Features() []string { return d.Names() }

// FromDataFrame converts df into a budgeted data set with label column
// target. The DataFrame is read once, column by column, into contiguous
// float64 storage. Bool columns count as numeric (true = 1, false = 0).
// Every cell of the features and the target must be present and finite
// (missing feature cells may be filled: Options.FillMissing). Row numbers
// in errors are 0-based, as in gota.
func FromDataFrame(df dataframe.DataFrame, target string, opt Options) (*Data, error) {
	if err := checkFrame(df); err != nil {
		return nil, err
	}
	if err := opt.check(); err != nil {
		return nil, err
	}
	names, skipped, err := featureNames(df, target, opt.Features)
	if err != nil {
		return nil, err
	}
	y, err := readColumn(df, target, "target", false)
	if err != nil {
		return nil, err
	}
	byName, err := columnsOf(df)
	if err != nil {
		return nil, err
	}
	cols := make([][]float64, len(names))
	for j, name := range names {
		if cols[j], err = byName.read(name, "feature", true); err != nil {
			return nil, err
		}
		if st := columnStats(cols[j]); st.Missing > 0 && st.N > 0 && !opt.FillMissing {
			i := slices.IndexFunc(cols[j], math.IsNaN)
			return nil, fmt.Errorf("frames: feature column %q, row %d (0-based): missing or NaN value (%d of %d cells missing; set Options.FillMissing to fill them with the training mean): %w (%w)",
				name, i, st.Missing, len(cols[j]), ErrMissing, lao.ErrNotFinite)
		}
	}
	data, err := fromColumns(cols, y, names, target, opt)
	if err != nil {
		return nil, err
	}
	data.Skipped = skipped
	text := make([]Unused, len(skipped))
	for i, n := range skipped {
		text[i] = Unused{n, "text: not a numeric column"}
	}
	data.Unused = append(text, data.Unused...)
	return data, nil
}

// fromColumns fits the transform of opt on training columns (NaN: a
// missing cell) and labels and converts them: FromDataFrame and the dense
// tables of PrepareTable share it.
func fromColumns(cols [][]float64, y []float64, names []string, target string, opt Options) (*Data, error) {
	stats := make([]ColumnStats, len(cols))
	for j, col := range cols {
		stats[j] = columnStats(col)
	}
	f, err := fitTransform(stats, columnStats(y), names, target, opt, columnsRowNorm(cols))
	if err != nil {
		return nil, err
	}
	data := &Data{Target: target, Transform: f.t, ScalingChoice: f.choice}
	for _, empty := range []bool{true, false} { // the empty columns, then the constant ones
		for _, u := range f.unused {
			if strings.HasPrefix(u.Reason, "empty") == empty {
				data.Unused = append(data.Unused, u)
			}
		}
	}
	for _, u := range f.unused {
		if strings.HasPrefix(u.Reason, "constant") {
			data.Dropped = append(data.Dropped, u.Column)
		}
	}
	kept, keptCols, filled := make([]string, len(f.keep)), make([][]float64, len(f.keep)), make([]int, len(f.keep))
	for jj, j := range f.keep {
		kept[jj], keptCols[jj], filled[jj] = names[j], cols[j], stats[j].Missing
		data.Stats = append(data.Stats, stats[j])
	}
	if slices.ContainsFunc(filled, func(n int) bool { return n > 0 }) {
		data.Filled = filled
	}
	if data.Dataset, err = f.t.dataset(keptCols, y, kept); err != nil {
		return nil, fmt.Errorf("frames: %w", err)
	}
	return data, nil
}

// columnsRowNorm is the rowNormFunc of in-memory columns: the largest
// Euclidean norm of a transformed row, computed on z/max|z| so that it
// does not overflow.
func columnsRowNorm(cols [][]float64) rowNormFunc {
	return func(keep []int, offset, scale, fill []float64) (float64, error) {
		t := Transform{Offset: offset, Scale: scale, Fill: fill}
		m := len(cols[keep[0]])
		var a float64 // largest |z|
		for jj, j := range keep {
			for _, v := range cols[j] {
				a = max(a, math.Abs(t.feature(jj, v)))
			}
		}
		if a == 0 || math.IsInf(a, 0) || math.IsNaN(a) {
			return a, nil
		}
		norm2 := make([]float64, m)
		for jj, j := range keep {
			for i, v := range cols[j] {
				r := t.feature(jj, v) / a
				norm2[i] += r * r
			}
		}
		return math.Sqrt(slices.Max(norm2)) * a, nil
	}
}

// Apply converts another DataFrame with the same feature and target
// columns (a test set, a validation fold) with the same Transform, so that
// a model fitted on d can be evaluated on it with lao.MSE. The scaled rows of
// a new frame may exceed the norm bounds that hold on d.
func (d *Data) Apply(df dataframe.DataFrame) (*lao.Dataset, error) {
	if err := checkFrame(df); err != nil {
		return nil, err
	}
	y, err := readColumn(df, d.Target, "target", false)
	if err != nil {
		return nil, err
	}
	names := d.Names()
	byName, err := columnsOf(df)
	if err != nil {
		return nil, err
	}
	cols := make([][]float64, len(names))
	for j, name := range names {
		if cols[j], err = byName.read(name, "feature", d.Transform.Fill != nil); err != nil {
			return nil, err
		}
	}
	ds, err := d.Transform.dataset(cols, y, names)
	if err != nil {
		return nil, fmt.Errorf("frames: %w", err)
	}
	return ds, nil
}

// Model maps weights w fitted on d (for example lao.Result.W) back to the
// DataFrame's original units.
func (d *Data) Model(w []float64) (*Model, error) {
	return NewModel(w, d.Names(), d.Target, &d.Transform, binaryTarget(d.Labels(), d.Transform))
}

// binaryTarget reports whether every label, in original units, is −1 or +1.
func binaryTarget(y []float64, t Transform) bool {
	neg, pos := false, false
	for _, v := range y {
		switch o := t.UnscaleLabel(v); {
		case math.Abs(o+1) < 1e-9:
			neg = true
		case math.Abs(o-1) < 1e-9:
			pos = true
		default:
			return false
		}
	}
	return neg && pos
}

func (o *Options) check() error {
	if !(o.LabelBound >= 0) || math.IsInf(o.LabelBound, 0) {
		return fmt.Errorf("frames: Options.LabelBound = %g, want a finite B ≥ 0: %w", o.LabelBound, lao.ErrParam)
	}
	switch o.Scaling {
	case NoScaling, ScaleL2, ScaleLinf, CommonLinf:
	case StandardL2, StandardLinf:
		if !o.Center {
			return fmt.Errorf("frames: Options.Scaling = %v standardises the columns and needs Options.Center = true: %w", o.Scaling, lao.ErrParam)
		}
	default:
		return fmt.Errorf("frames: Options.Scaling = %d is not a known scaling: %w", int(o.Scaling), lao.ErrParam)
	}
	return nil
}

// checkFrame reports a DataFrame that carries an error or has no rows.
func checkFrame(df dataframe.DataFrame) error {
	if df.Err != nil {
		if strings.Contains(df.Err.Error(), "empty") {
			return fmt.Errorf("%w: %w (%w)", ErrFrame, df.Err, lao.ErrEmpty)
		}
		return fmt.Errorf("%w: %w", ErrFrame, df.Err)
	}
	if df.Nrow() == 0 {
		return fmt.Errorf("frames: the DataFrame has no rows: %w", lao.ErrEmpty)
	}
	return nil
}

// featureNames resolves the feature columns: the explicit list, checked, or
// every numeric column but the target.
func featureNames(df dataframe.DataFrame, target string, explicit []string) (names, skipped []string, err error) {
	all := df.Names()
	if !slices.Contains(all, target) {
		return nil, nil, unknownColumn(target, "target", all)
	}
	if explicit != nil {
		seen := make(map[string]bool, len(explicit))
		have := make(map[string]bool, len(all)) // a set: a wide frame would make contains O(d²)
		for _, name := range all {
			have[name] = true
		}
		for _, name := range explicit {
			switch {
			case name == target:
				return nil, nil, fmt.Errorf("frames: column %q is the target and cannot also be a feature: %w", name, lao.ErrParam)
			case seen[name]:
				return nil, nil, fmt.Errorf("frames: feature column %q is listed twice: %w", name, lao.ErrParam)
			case !have[name]:
				return nil, nil, unknownColumn(name, "feature", all)
			}
			seen[name] = true
		}
		names = append([]string(nil), explicit...)
	} else {
		for j, typ := range df.Types() {
			switch {
			case all[j] == target:
			case isNumeric(typ):
				names = append(names, all[j])
			default:
				skipped = append(skipped, all[j])
			}
		}
	}
	if len(names) == 0 {
		return nil, nil, fmt.Errorf("frames: %w besides the target %q: %w", ErrNoFeatures, target, lao.ErrEmpty)
	}
	for _, name := range names {
		if name == InterceptName {
			return nil, nil, fmt.Errorf("frames: feature column %q clashes with the intercept's name: %w", name, lao.ErrParam)
		}
	}
	return names, skipped, nil
}

func isNumeric(t series.Type) bool {
	return t == series.Int || t == series.Float || t == series.Bool
}

func unknownColumn(name, role string, have []string) error {
	list := have
	if len(list) > 12 {
		list = append(list[:12:12], "...")
	}
	hint := ""
	near := NearColumn(name, have)
	if near == "" {
		near = typoColumn(name, have)
	}
	if near != "" {
		hint = fmt.Sprintf("; did you mean %s?", near)
		if w := ShellWord(near); w != near {
			hint = fmt.Sprintf("; did you mean %s (on a command line: %s)?", near, w)
		}
	}
	return fmt.Errorf("frames: %s column %q is not a column of the table (its columns: %s)%s: %w",
		role, name, strings.Join(list, ", "), hint, ErrUnknownColumn)
}

// typoColumn returns the one column of have closest to name by edit
// distance (insertions, deletions, substitutions and swaps of neighbours,
// ignoring case), when that distance is at most a quarter of name's length
// (at least 1), or "" if there is none or several at that distance. A
// column equal but for case is NearColumn's to find.
func typoColumn(name string, have []string) string {
	limit := max(1, utf8.RuneCountInString(name)/4)
	best, bestD, ties := "", limit+1, 0
	for _, h := range have {
		switch d := editDistance(strings.ToLower(name), strings.ToLower(h)); {
		case d == 0: // a difference of case only: NearColumn's, which found it ambiguous
		case d < bestD:
			best, bestD, ties = h, d, 1
		case d == bestD:
			ties++
		}
	}
	if ties != 1 {
		return ""
	}
	return best
}

// editDistance is the optimal string alignment distance of a and b, in
// runes: the fewest insertions, deletions, substitutions and swaps of
// neighbouring runes that turn a into b.
func editDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}

// NearColumn returns the one column of have that name matches but for
// case, quotes around it (a header written 'GRADE' in a file whose quote
// character is not ") or punctuation and spaces ("Wr.Hnd" written
// "Wr_Hnd" or "wr hnd"), or "" if there is none or several.
func NearColumn(name string, have []string) string {
	key := func(s string) string {
		return strings.Map(func(r rune) rune {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				return unicode.ToLower(r)
			}
			return -1
		}, s)
	}
	near := ""
	for _, h := range have {
		if h != name && key(h) == key(name) && key(name) != "" {
			if near != "" {
				return ""
			}
			near = h
		}
	}
	return near
}

// ShellWord returns s as one word a POSIX shell reads back as s, for the
// hints that tell a user which flag to type: s itself when it holds only
// letters, digits and _ . , / : + = @ - and does not start with = (zsh
// expands =word); else s in double quotes if it
// has none of " $ ` \ !; else s in single quotes, each ' in s closing the
// quotes, escaped, and reopening them. (No shell word holds a NUL byte.)
func ShellWord(s string) string {
	plain := s != "" && s[0] != '='
	for _, r := range s {
		plain = plain && (r == '_' || r == '.' || r == ',' || r == '/' || r == ':' || r == '+' || r == '=' || r == '@' || r == '-' ||
			r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}
	switch {
	case plain:
		return s
	case !strings.ContainsAny(s, "\"$`\\!"):
		return `"` + s + `"`
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// readColumn returns the values of a numeric column as float64 (one
// conversion per column, never per example). It fails on unknown or
// non-numeric columns and on infinite cells, and on missing (NaN) cells
// unless allowNaN. gota panics are turned into errors wrapping ErrFrame.
func readColumn(df dataframe.DataFrame, name, role string, allowNaN bool) (vals []float64, err error) {
	defer func() {
		if r := recover(); r != nil {
			vals, err = nil, fmt.Errorf("frames: %s column %q: gota panicked: %v: %w", role, name, r, ErrFrame)
		}
	}()
	s := df.Col(name)
	if s.Err != nil {
		if !slices.Contains(df.Names(), name) {
			return nil, unknownColumn(name, role, df.Names())
		}
		return nil, fmt.Errorf("frames: %s column %q: %w: %w", role, name, ErrFrame, s.Err)
	}
	return readSeries(s, name, role, allowNaN)
}

// readSeries is readColumn for a series at hand.
func readSeries(s series.Series, name, role string, allowNaN bool) (vals []float64, err error) {
	defer func() {
		if r := recover(); r != nil {
			vals, err = nil, fmt.Errorf("frames: %s column %q: gota panicked: %v: %w", role, name, r, ErrFrame)
		}
	}()
	if s.Err != nil {
		return nil, fmt.Errorf("frames: %s column %q: %w: %w", role, name, ErrFrame, s.Err)
	}
	if !isNumeric(s.Type()) {
		return nil, fmt.Errorf("frames: %s column %q has type %s, want int, float or bool: %w", role, name, s.Type(), ErrNonNumeric)
	}
	vals = s.Float()
	for i, v := range vals {
		if math.IsNaN(v) && !allowNaN {
			return nil, fmt.Errorf("frames: %s column %q, row %d (0-based): missing or NaN value: %w (%w)", role, name, i, ErrMissing, lao.ErrNotFinite)
		}
		if math.IsInf(v, 0) {
			return nil, fmt.Errorf("frames: %s column %q, row %d (0-based): value %g: %w", role, name, i, v, lao.ErrNotFinite)
		}
	}
	return vals, nil
}

// isNil reports an argument a caller left nil: a nil interface, or one
// holding a nil pointer (a *lao.Dataset declared and never set).
func isNil(v any) bool {
	r := reflect.ValueOf(v)
	return v == nil || r.Kind() == reflect.Pointer && r.IsNil()
}
