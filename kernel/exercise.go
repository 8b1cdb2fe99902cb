package kernel

import (
	"fmt"
	"html"
	"math"
	"strings"
)

// Unanswered is the value of a prediction a student has not made yet
// (NaN): Exercise.Check then says how to answer instead of grading.
var Unanswered = math.NaN()

// SolutionTag is the cell tag of a worked solution. Solution cells sit
// under a "Solutions" heading at the end of a notebook, collapsed
// (jupyter.source_hidden), and are executed by the notebook test, so a
// solution that no longer matches the library fails CI.
const SolutionTag = "solution"

// Exercise is a predict-then-check exercise: the student writes a number
// before running the cell; the cell computes the measured value through
// the library and Check grades the prediction within the tolerance.
type Exercise struct {
	ID       string  // e.g. "3.1"; solutions refer to it
	Question string  // what to predict, in one sentence
	Measured float64 // the value the cell computed
	// The prediction passes when |prediction − Measured| ≤
	// max(AbsTol, RelTol·|Measured|). A statistical measurement should
	// set AbsTol from its standard error (e.g. 5 SE, see Tolerance).
	RelTol, AbsTol float64
}

// Tolerance returns the absolute tolerance of a measurement with standard
// error se: 5 standard errors, so that a correct prediction fails by chance
// with probability below 1e-6.
func Tolerance(se float64) float64 { return 5 * se }

// within reports whether p passes.
func (e Exercise) within(p float64) bool {
	return math.Abs(p-e.Measured) <= math.Max(e.AbsTol, e.RelTol*math.Abs(e.Measured))
}

func (e Exercise) tol() string {
	t := math.Max(e.AbsTol, e.RelTol*math.Abs(e.Measured))
	return fmt.Sprintf("± %.3g", t)
}

// exNum prints an exercise's number: a whole number in full (48000, not
// 4.8e+04, where the tolerance is 0), any other to four significant digits.
func exNum(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.4g", v)
}

// Verdict returns the text Check shows for prediction p.
func (e Exercise) Verdict(p float64) string {
	head := fmt.Sprintf("Exercise %s — %s", e.ID, e.Question)
	switch {
	case math.IsNaN(p):
		return head + "\n  not answered yet: replace kernel.Unanswered by your prediction and run the cell again."
	case e.within(p):
		return fmt.Sprintf("%s\n  ✓ your prediction %s; measured %s (tolerance %s)", head, exNum(p), exNum(e.Measured), e.tol())
	default:
		return fmt.Sprintf("%s\n  ✗ your prediction %s; measured %s (tolerance %s): reread the cells above, or open the solution at the end",
			head, exNum(p), exNum(e.Measured), e.tol())
	}
}

// Check shows the verdict on prediction p in the cell's output and
// reports whether p is within the tolerance. It never fails the cell: a
// student's wrong answer is not an error.
func (e Exercise) Check(p float64) bool {
	showVerdict(e.Verdict(p), e.within(p) && !math.IsNaN(p))
	return e.within(p)
}

// Solution checks a worked solution's prediction p: it shows the verdict
// and returns an error when p misses (or is NaN), so that a solution cell
// run through Must fails the notebook test.
func (e Exercise) Solution(p float64) error {
	ok := !math.IsNaN(p) && e.within(p)
	showVerdict(strings.Replace(e.Verdict(p), "your prediction", "the solution's prediction", 1), ok)
	if !ok {
		return fmt.Errorf("kernel: solution of exercise %s: prediction %g, measured %g (tolerance %s)", e.ID, p, e.Measured, e.tol())
	}
	return nil
}

func showVerdict(text string, ok bool) {
	if !IsNotebook() {
		fmt.Println(text)
		return
	}
	color := "#b35900"
	if ok {
		color = "#2c7a2c"
	}
	DisplayHTML(fmt.Sprintf(`<pre class="lao-exercise" style="border-left:4px solid %s;padding:4px 8px;white-space:pre-wrap">%s</pre>`,
		color, html.EscapeString(text)))
}
