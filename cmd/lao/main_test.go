package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

func runCmd(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	err := run(args, &out)
	return out.String(), err
}

func TestDemoListsEverySolver(t *testing.T) {
	out, err := runCmd(t)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range lao.Solvers() {
		if !strings.Contains(out, " "+s.Name+" ") {
			t.Errorf("demo output lacks solver %s:\n%s", s.Name, out)
		}
	}
	var rows []demoRow
	js, err := runCmd(t, "demo", "--json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(js), &rows); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r.RelativeMSE >= 1 || r.MaxPer > r.Cap || (r.MeanBudget == 0 && r.Cap > r.K+1) {
			t.Errorf("demo row %+v: a solver learned nothing or overspent", r)
		}
	}
}

func TestSolversJSON(t *testing.T) {
	out, err := runCmd(t, "solvers", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var got []map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(lao.Solvers()) {
		t.Fatalf("%d solvers listed, registry has %d", len(got), len(lao.Solvers()))
	}
	for _, s := range got {
		for _, key := range []string{"name", "paper", "algorithm", "budget"} {
			if v, _ := s[key].(string); v == "" {
				t.Errorf("solver %v lacks %q", s["name"], key)
			}
		}
	}
}

// `lao solvers` fits a 100-column terminal and lists every solver.
func TestSolversTableWidth(t *testing.T) {
	out, err := runCmd(t, "solvers")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(out, "\n") {
		if n := utf8.RuneCountInString(line); n > solversWidth {
			t.Errorf("%d columns: %q", n, line)
		}
	}
	for _, s := range lao.Solvers() {
		if !strings.Contains(out, "\n"+s.Name+" ") && !strings.HasPrefix(out, s.Name+" ") {
			t.Errorf("%s is not listed", s.Name)
		}
	}
}

// writeCSV writes y = 3·a − 2·b + 10 + small noise, plus a text column.
func writeCSV(t *testing.T, m int) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("a,b,c,name,y\n")
	rng := lao.NewRand(3)
	for i := range m {
		a, bb, c := rng.Float64()*4, rng.Float64()*2-1, rng.Float64()
		fmt.Fprintf(&b, "%g,%g,%g,row%d,%g\n", a, bb, c, i, 3*a-2*bb+10+0.01*rng.NormFloat64())
	}
	path := filepath.Join(t.TempDir(), "data.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestFitCSVJSON(t *testing.T) {
	path := writeCSV(t, 3000)
	out, err := runCmd(t, "fit", "--data", path, "--target", "y", "--solver", "aerr", "--k", "2", "--cv", "3", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var rep map[string]any
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, key := range []string{"solver", "d", "k", "m_train", "m_test", "seed", "weights", "test_mse", "zero_predictor_mse",
		"attributes_observed", "mean_attributes_per_example", "max_attributes_per_example", "seconds", "params"} {
		if _, ok := rep[key]; !ok {
			t.Errorf("JSON lacks %q", key)
		}
	}
	if rep["d"].(float64) != 3 || rep["m_train"].(float64)+rep["m_test"].(float64) != 3000 {
		t.Errorf("d or sizes wrong: %v", rep)
	}
	if mx := rep["max_attributes_per_example"].(float64); mx > 3 {
		t.Errorf("max attributes per example %g > k+1", mx)
	}
	w := rep["weights"].(map[string]any)
	if a := w["a"].(float64); math.Abs(a-3) > 1 {
		t.Errorf("coefficient of a = %g, want near 3 (original units)", a)
	}
	if rep["test_mse"].(float64) >= rep["zero_predictor_mse"].(float64) {
		t.Errorf("test MSE %v not below zero predictor %v", rep["test_mse"], rep["zero_predictor_mse"])
	}
}

// --cv-table writes one row per grid point in full precision, the chosen
// one marked, and agrees with the parameters the fit reports.
func TestFitCVTable(t *testing.T) {
	path := writeCSV(t, 600)
	table := filepath.Join(t.TempDir(), "cv.csv")
	out, err := runCmd(t, "fit", "--data", path, "--target", "y", "--solver", "aerr", "--k", "2", "--cv", "3", "--cv-table", table, "--json")
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Params map[string]float64 `json:"params"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(table)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(rows[0], ",") != "B,eta,mean_mse,std_mse,mse_over_zero_predictor,best" || len(rows) != 1+117 {
		t.Fatalf("header %v, %d rows", rows[0], len(rows))
	}
	var chosen [][]string
	for _, r := range rows[1:] {
		if r[5] == "yes" {
			chosen = append(chosen, r)
		}
		if ratio, err := strconv.ParseFloat(r[4], 64); err != nil || !(ratio > 0) {
			t.Errorf("row %v: mse_over_zero_predictor %v", r, err)
		}
	}
	if len(chosen) != 1 {
		t.Fatalf("%d rows marked best", len(chosen))
	}
	B, _ := strconv.ParseFloat(chosen[0][0], 64)
	eta, _ := strconv.ParseFloat(chosen[0][1], 64)
	if B != rep.Params["B"] || eta != rep.Params["eta"] {
		t.Errorf("table's best (B %g, eta %g) is not the fitted %v", B, eta, rep.Params)
	}
	if _, err := runCmd(t, "fit", "--data", path, "--target", "y", "--cv", "0", "--cv-table", table); err == nil || !strings.Contains(err.Error(), "--cv-table needs --cv") {
		t.Errorf("--cv-table without --cv: %v", err)
	}
}

func TestFitErrors(t *testing.T) {
	path := writeCSV(t, 50)
	cases := map[string][]string{
		"--data is required":   {"fit"},
		"unknown solver":       {"fit", "--data", path, "--target", "y", "--solver", "nope"},
		"aerr: k = 0":          {"fit", "--data", path, "--target", "y", "--k", "0"},
		"zz":                   {"fit", "--data", path, "--target", "zz"},
		"name":                 {"fit", "--data", path, "--target", "name"},
		"--test-frac":          {"fit", "--data", path, "--target", "y", "--test-frac", "1.5"},
		"--cv":                 {"fit", "--data", path, "--target", "y", "--cv", "1"},
		"no such file":         {"fit", "--data", path + ".missing", "--target", "y"},
		"unknown command":      {"frobnicate"},
		"--target is required": {"fit", "--data", path},
	}
	for want, args := range cases {
		_, err := runCmd(t, args...)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%v: want an error mentioning %q, got %v", args, want, err)
		}
	}
}

// With the real MNIST files, `lao fit --data mnist:3v5` runs end to end.
func TestFitNamedMNIST(t *testing.T) {
	if os.Getenv("LAO_DATA_DIR") == "" {
		t.Skip("set LAO_DATA_DIR=../shared/datasets (absolute path) to run on the real MNIST files")
	}
	out, err := runCmd(t, "fit", "--data", "mnist:3v5", "--solver", "aer", "--k", "4", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var rep map[string]any
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep["d"].(float64) != 784 || rep["m_train"].(float64)+rep["m_test"].(float64) != 13454 {
		t.Errorf("3v5: d = %v, m = %v + %v", rep["d"], rep["m_train"], rep["m_test"])
	}
	if rep["max_attributes_per_example"].(float64) > 4 || rep["test_mse"].(float64) >= rep["zero_predictor_mse"].(float64) {
		t.Errorf("3v5 AER: max per example %v, test MSE %v vs zero %v", rep["max_attributes_per_example"], rep["test_mse"], rep["zero_predictor_mse"])
	}
}

func TestDescribe(t *testing.T) {
	path := writeCSV(t, 200)
	out, err := runCmd(t, "describe", "--data", path, "--target", "y", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var rep map[string]float64
	dec := json.NewDecoder(strings.NewReader(out))
	var raw map[string]any
	if err := dec.Decode(&raw); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	rep = map[string]float64{}
	for k, v := range raw {
		if f, ok := v.(float64); ok {
			rep[k] = f
		}
	}
	if rep["m"] != 200 || rep["d"] != 3 || !(rep["rho_ridge"] > 0 && rep["rho_ridge"] <= 1) || !(rep["rho_lasso"] > 0 && rep["rho_lasso"] <= 1) {
		t.Errorf("describe: %v", raw)
	}
	text, err := runCmd(t, "describe", "--data", path, "--target", "y", "--columns", "2")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"m = 200 examples, d = 3 attributes", "rho_ridge", "columns in file order (as the solver sees them, their second moments E[x_j²] are equal) (2 of 3)", "second_moment", "(not listed: ", "; --columns -1 lists every column)"} {
		if !strings.Contains(text, want) {
			t.Errorf("describe output lacks %q:\n%s", want, text)
		}
	}
	for want, args := range map[string][]string{
		"--data is required":   {"describe"},
		"--target is required": {"describe", "--data", path},
		"zz":                   {"describe", "--data", path, "--target", "zz"},
	} {
		if _, err := runCmd(t, args...); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%v: want an error mentioning %q, got %v", args, want, err)
		}
	}
}

// writeSparseCSV writes m rows of 12 standard normal columns x0…x11 and
// y = 3·x1 − 2·x4 + 0.1·noise.
func writeSparseCSV(t *testing.T, m int) string {
	t.Helper()
	var b strings.Builder
	for j := range 12 {
		fmt.Fprintf(&b, "x%d,", j)
	}
	b.WriteString("y\n")
	rng := lao.NewRand(4)
	for range m {
		x := make([]float64, 12)
		for j := range x {
			x[j] = rng.NormFloat64()
			fmt.Fprintf(&b, "%g,", x[j])
		}
		fmt.Fprintf(&b, "%g\n", 3*x[1]-2*x[4]+0.1*rng.NormFloat64())
	}
	path := filepath.Join(t.TempDir(), "sparse.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// lao fit --solver hybrid --k S' --s S: the JSON reports s, the support by
// column name, the prediction budget and what each test example revealed.
func TestFitSparseJSON(t *testing.T) {
	path := writeSparseCSV(t, 20000)
	for _, args := range [][]string{
		{"--solver", "hybrid", "--k", "6", "--s", "3"},
		{"--solver", "exploration", "--k", "6", "--s", "3", "--cv", "3"},
		{"--solver", "exploitation", "--support", "x1,x4,x7"},
		{"--solver", "rda", "--k", "6", "--s", "2"},
		{"--solver", "dantzig", "--k", "6", "--s", "2"},
	} {
		out, err := runCmd(t, append([]string{"fit", "--data", path, "--target", "y", "--json"}, args...)...)
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		var rep struct {
			S          int      `json:"s"`
			Support    []string `json:"support"`
			Predict    int      `json:"prediction_budget"`
			TestPer    float64  `json:"test_attributes_per_example"`
			MaxPer     int      `json:"max_attributes_per_example"`
			TestMSE    float64  `json:"test_mse"`
			ZeroMSE    float64  `json:"zero_predictor_mse"`
			Weights    map[string]float64
			Parameters map[string]float64 `json:"params"`
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
		sp, s := 6, rep.S
		if args[1] == "exploitation" {
			sp, s = 3, 3
		}
		if rep.Predict != sp || rep.MaxPer > sp || len(rep.Support) > s || rep.TestPer > float64(len(rep.Support)) {
			t.Errorf("%v: prediction budget %d, max %d per training example, support %v (s = %d), %.2f attributes per test example",
				args, rep.Predict, rep.MaxPer, rep.Support, rep.S, rep.TestPer)
		}
		if !slices.Contains(rep.Support, "x1") || rep.TestMSE >= rep.ZeroMSE/2 {
			t.Errorf("%v: support %v lacks x1 or test MSE %g not well below %g", args, rep.Support, rep.TestMSE, rep.ZeroMSE)
		}
		for n, w := range rep.Weights {
			if w != 0 && !slices.Contains(rep.Support, n) {
				t.Errorf("%v: %s has weight %g but is not in the support", args, n, w)
			}
		}
	}
	if _, err := runCmd(t, "fit", "--data", path, "--target", "y", "--solver", "hybrid", "--support", "x1"); err == nil {
		t.Error("--support accepted for hybrid")
	}
	if _, err := runCmd(t, "fit", "--data", path, "--target", "y", "--solver", "exploitation", "--support", "x1,y"); err == nil ||
		!strings.Contains(err.Error(), `"y" is the target, not an attribute`) {
		t.Errorf("--support naming the target: %v", err)
	}
	if _, err := runCmd(t, "fit", "--data", path, "--target", "y", "--solver", "hybrid", "--k", "3", "--s", "3"); err == nil ||
		!strings.Contains(err.Error(), "hybrid: s = 3") {
		t.Errorf("s' = s: %v", err)
	}
}

func TestIsNamed(t *testing.T) {
	for s, want := range map[string]bool{"mnist:3v5": true, "ctslice": true, "ctslice:std": true, "ms2018:500": true,
		"covertype:2:scaled": true, "house.csv": false, "data.csv.gz": false, "ms2018.csv": false, "x.svm": false} {
		if got := isNamed(s); got != want {
			t.Errorf("isNamed(%q) = %v, want %v", s, got, want)
		}
	}
	out, err := runCmd(t, "fit", "--data", "ms2018:3000", "--solver", "exploration", "--k", "50", "--s", "25", "--json")
	if err != nil || !strings.Contains(out, `"prediction_budget": 50`) {
		t.Errorf("fit on ms2018:3000: %v\n%s", err, out)
	}
	// A named data set is used as the papers use it, not centred: the zero
	// predictor then predicts 0, not the training mean, and fit says so.
	if out, err := runCmd(t, "fit", "--data", "ms2018:500", "--solver", "aerr", "--k", "4", "--cv", "0"); err != nil || !strings.Contains(out, ": it predicts 0, the data were not centred, ratio") {
		t.Errorf("fit on ms2018:500: %v\n%s", err, out)
	}
}

// userMessage drops main's own prefix and the classifying sentinel texts,
// keeping the rest of the message and errors.Is for programs.
func TestUserMessage(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{fmt.Errorf("fit: --cv 5 needs at least 5 training rows: %w", lao.ErrParam), "fit: --cv 5 needs at least 5 training rows"},
		{fmt.Errorf("lao: aerr: k = 9 exceeds d: %w", lao.ErrParam), "aerr: k = 9 exceeds d"},
		{fmt.Errorf("frames: target column %q is not a column of the table (its columns: a, b): %w", "y", frames.ErrUnknownColumn), `target column "y" is not a column of the table (its columns: a, b)`},
		{fmt.Errorf("compare: frames: t.csv: no data rows after the header: %w", lao.ErrEmpty), "compare: t.csv: no data rows after the header"},
		// a path with a package's name in it is the user's, and left alone
		{fmt.Errorf("describe: open d: lao: x/w.csv: no such file"), "describe: open d: lao: x/w.csv: no such file"},
		{fmt.Errorf("fit: %w ('lao fit -h' lists its flags)", fmt.Errorf("bad --grid: %w", lao.ErrParam)), "fit: bad --grid ('lao fit -h' lists its flags)"},
		{lao.ErrParam, "invalid parameter"},
		{fmt.Errorf("read: %w", lao.ErrNotFinite), "read: value is NaN or Inf"},
		// The cost budgets are named by their flags, in the name and in the
		// advice, when the flags were typed (cliArgs, set below).
		{fmt.Errorf("split 1: %w", &lao.ParamError{Solver: "hybrid", Param: "costbudget", Msg: "= 30 leaves 5; raise costbudget to at least 525 (or lower predictcostbudget)"}),
			"split 1: hybrid: --cost-budget 30 leaves 5; raise --cost-budget to at least 525 (or lower --predict-cost-budget)"},
		// Other parameters keep the names --param takes, unless typed as a
		// flag of the same name (--k here).
		{&lao.ParamError{Solver: "aerr", Param: "eta", Msg: "= -1 must be positive"}, "aerr: eta = -1 must be positive"},
		{fmt.Errorf("fit: %w", &lao.ParamError{Solver: "aerr", Param: "k", Msg: "= 0 must be at least 1"}), "fit: aerr: --k 0 must be at least 1"},
		{fmt.Errorf("frames: target column \"c\" is constant on the training rows (every value is 7): there is nothing to learn, every prediction would be 7: %w", frames.ErrConstantColumn),
			`target column "c" is constant on the training rows (every value is 7): there is nothing to learn, every prediction would be 7`},
	} {
		cliArgs = []string{"fit", "--cost-budget", "30", "--k", "0"}
		if got := userMessage(tc.err); got != tc.want {
			t.Errorf("userMessage(%q) = %q, want %q", tc.err, got, tc.want)
		}
	}
	// Given as --param costbudget=5, the budget keeps the name typed.
	cliArgs = []string{"fit", "--param", "costbudget=5"}
	pe := &lao.ParamError{Solver: "hybrid", Param: "costbudget", Msg: "= 5 leaves 0; raise costbudget to at least 5.5"}
	if got, want := userMessage(pe), "hybrid: costbudget = 5 leaves 0; raise costbudget to at least 5.5"; got != want {
		t.Errorf("--param costbudget=5: %q, want %q", got, want)
	}
	// --param k=0 (or a column named k) does not type --k.
	for _, args := range [][]string{{"fit", "--param", "k=0"}, {"fit", "--target", "k", "--param=k=0"}} {
		cliArgs = args
		pe := &lao.ParamError{Solver: "aerr", Param: "k", Msg: "= 0 must be at least 1"}
		if got, want := userMessage(pe), "aerr: k = 0 must be at least 1"; got != want {
			t.Errorf("%q: %q, want %q", args, got, want)
		}
	}
	cliArgs = nil
}

// A budgeted fit whose cap reaches d (AERR reads k + 1) says nothing was
// hidden; one below d and a full-information reference say nothing of
// the kind; compare marks k = d in its verdict.
func TestNoBudgetNote(t *testing.T) {
	path := writeCSV(t, 300) // d = 3 (a, b, c)
	for _, c := range []struct {
		args []string
		want bool
	}{{[]string{"--solver", "aerr", "--k", "2"}, true}, {[]string{"--solver", "aerr", "--k", "1"}, false}, {[]string{"--solver", "ridge"}, false}} {
		out, err := runCmd(t, append([]string{"fit", "--data", path, "--target", "y", "--cv", "0"}, c.args...)...)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(out, "no budget: each training example could reveal all d = 3 attributes"); got != c.want {
			t.Errorf("%v: note %v, want %v:\n%s", c.args, got, c.want, out)
		}
	}
	out, err := runCmd(t, "compare", "--data", path, "--target", "y", "--solvers", "aerr,ridge", "--k", "2,3", "--repeat", "2", "--cv", "0")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "k = 3 (every attribute: no budget): lowest mean ratio ") || !strings.Contains(out, "k = 3, all d = 3 attributes (no budget") || !strings.Contains(out, "k = 2: lowest mean ratio ") {
		t.Errorf("compare:\n%s", out)
	}
	// With no budget the full-information references are as fair, and the
	// line says its method is the lowest of the budgeted ones only (at
	// k = 2 there is a budget, and nothing to say).
	if strings.Count(out, "(of the budgeted methods; the full-information references, which read every attribute too, are not among them)") != 1 {
		t.Errorf("compare: the no-budget verdict line does not say it ranks the budgeted methods only:\n%s", out)
	}
}

// A flag that holds one value is refused when given twice (the flag
// package would keep the last without a word); --ignore and --cost add up.
func TestRepeatedFlags(t *testing.T) {
	path := writeCSV(t, 60)
	out, err := runCmd(t, "describe", "--data", path, "--target", "y", "--ignore", "a", "--ignore", "b")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []string{"a", "b"} {
		if !strings.Contains(out, "unused column "+c+": ignored as requested") {
			t.Errorf("--ignore %s dropped by a second --ignore:\n%s", c, out)
		}
	}
	_, err = runCmd(t, "fit", "--data", path, "--target", "y", "--k", "1", "--k", "2")
	if err == nil || !strings.Contains(err.Error(), `given twice (first "1", then "2")`) {
		t.Errorf("--k twice: %v", err)
	}
	_, err = runCmd(t, "compare", "--data", path, "--target", "y", "--costs", "p.csv", "--costs", "q.csv")
	if err == nil || !strings.Contains(err.Error(), "given twice") {
		t.Errorf("--costs twice: %v", err)
	}
	if _, err := runCmd(t, "fit", "--data", path, "--target", "y", "--k", "1", "--cv", "0", "--param", "B=2", "--param", "eta=0.1"); err != nil {
		t.Errorf("--param twice: %v", err)
	}
	// experiment's --set is repeatable as its help says (it was refused as
	// "given twice"); one name with two values is not
	var set paramSet
	for _, v := range []string{"B=16", "eta=0.06", "B=16"} {
		if err := set.Set(v); err != nil {
			t.Errorf("--set %s: %v", v, err)
		}
	}
	if _, ok := flag.Value(&set).(repeatable); !ok || len(set) != 2 || set["B"] != 16 || set["eta"] != 0.06 {
		t.Errorf("--set twice: %v", set)
	}
	if err := set.Set("B=2"); err == nil || !strings.Contains(err.Error(), "--set B given twice (16, then 2)") {
		t.Errorf("--set B twice: %v", err)
	}
	for _, args := range [][]string{{"--k", "2", "--param", "k=3"}, {"--param", "k=3", "--k", "2"}, {"--eta", "0.1", "--param", "eta=0.2"}} {
		_, err = runCmd(t, append([]string{"fit", "--data", path, "--target", "y", "--cv", "0"}, args...)...)
		if err == nil || !strings.Contains(err.Error(), "given twice") {
			t.Errorf("one parameter by a shorthand and by --param (%v): %v, want refused (the last one won silently)", args, err)
		}
	}
	if _, err := runCmd(t, "fit", "--data", path, "--target", "y", "--cv", "0", "--k", "2", "--param", "k=2"); err != nil {
		t.Errorf("the same k twice: %v", err)
	}
	// a parameter whose 0 selects its default is refused at 0 (it quietly
	// fitted the default, tuned by CV: an analyst asking for --lambda 0
	// expected no penalty), by a shorthand or by --param
	for _, args := range [][]string{{"--solver", "aerr", "--eta", "0"}, {"--solver", "ridge", "--lambda", "0"}, {"--solver", "aerr", "--param", "B=0"}} {
		_, err = runCmd(t, append([]string{"fit", "--data", path, "--target", "y", "--cv", "2"}, args...)...)
		if !errors.Is(err, lao.ErrParam) || !strings.Contains(err.Error(), "0 stands for its default") || !strings.Contains(err.Error(), "is not a setting of") {
			t.Errorf("%v: %v, want refused naming the default", args, err)
		}
	}
	// where 0 is a setting (no default behind it), it is accepted
	if _, err = runCmd(t, "fit", "--data", path, "--target", "y", "--k", "1", "--solver", "ddaerr", "--param", "split=0"); err != nil {
		t.Errorf("--param split=0: %v", err)
	}
	// a tuned parameter whose 0 has no default (rda's lambda) given as 0 is
	// CV's to choose, and reported as chosen, not as set
	out, err = runCmd(t, "fit", "--data", path, "--target", "y", "--solver", "rda", "--k", "3", "--s", "1", "--lambda", "0", "--cv", "2")
	if err != nil || !strings.Contains(out, "parameters chosen by 2-fold CV") || strings.Contains(out, "set on the command line: k=3 lambda") ||
		!strings.Contains(out, "lambda=") {
		t.Errorf("rda --lambda 0: %v\n%s", err, out)
	}
	// the same value twice is harmless (a boolean flag too), and an empty
	// --ignore adds nothing (it cleared the list before)
	out, err = runCmd(t, "describe", "--data", path, "--target", "y", "--json", "--json", "--ignore", "a", "--ignore", "")
	if err != nil || !strings.Contains(out, "ignored as requested") {
		t.Errorf("--json twice, --ignore a then empty: %v\n%s", err, out)
	}
	// the usage still prints each flag's type and default (the guard is
	// lifted after the parse: PrintDefaults makes zero values of the
	// flags' types, and a wrapper's zero value panicked in String)
	fs := flag.NewFlagSet("fit", flag.ContinueOnError)
	var k int
	fs.IntVar(&k, "k", 5, "k")
	var usage strings.Builder
	fs.SetOutput(&usage)
	if err := parseFlags(fs, []string{"-k", "3"}); err != nil || k != 3 {
		t.Fatal(err, k)
	}
	fs.PrintDefaults()
	if u := usage.String(); strings.Contains(u, "panic") || !strings.Contains(u, "-k int") || !strings.Contains(u, "(default 5)") {
		t.Errorf("usage after a parse:\n%s", u)
	}
}

// Every report's lists are in its JSON when empty ([], not left out), so
// that a reader finds the keys (an analyst's script failed on a missing
// "warnings" key).
func TestJSONListsAlwaysPresent(t *testing.T) {
	path := writeCSV(t, 400)
	for _, c := range []struct {
		args []string
		keys []string
	}{
		{[]string{"fit", "--solver", "ridge", "--cv", "0"}, []string{"warnings", "notes", "refits"}},
		{[]string{"describe"}, []string{"warnings", "notes"}},
		{[]string{"compare", "--solvers", "ridge", "--k", "2", "--repeat", "2", "--cv", "0", "--quiet"}, []string{"warnings", "notes", "refits", "not_run"}},
	} {
		out, err := runCmd(t, append(c.args, "--data", path, "--target", "y", "--ignore", "name", "--json")...)
		if err != nil {
			t.Fatal(c.args[0], err)
		}
		var rep map[string]json.RawMessage
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(c.args[0], err)
		}
		for _, k := range c.keys {
			if v, ok := rep[k]; !ok || v[0] != '[' {
				t.Errorf("%s --json: %q is %s, want a list", c.args[0], k, v)
			}
		}
	}
}
