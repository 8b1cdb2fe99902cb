package kernel

import (
	"fmt"
	"html"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/janpfeifer/gonb/gonbui"
)

// DefaultMaxRows is the number of rows DataFrameHTML and CoefficientsHTML
// show when maxRows is 0.
const DefaultMaxRows = 20

// tableStyle is inlined in every table so that it renders the same in
// Jupyter, in the HTML export and in a plain browser.
const tableStyle = `border-collapse:collapse;font-family:sans-serif;font-size:13px;margin:4px 0`

// Table is a plain table of strings; HTML escapes every cell.
type Table struct {
	Caption string     // shown above the table; may be empty
	Header  []string   // column names
	Rows    [][]string // cells, row by row
	Numeric []bool     // columns to right-align (optional, by column index)
	Footer  string     // shown below the last row, e.g. "… 80 more rows"
}

// HTML renders t as a self-contained HTML table. All text is escaped.
func (t Table) HTML() string {
	var b strings.Builder
	fmt.Fprintf(&b, `<table class="lao-table" style="%s">`, tableStyle)
	if t.Caption != "" {
		fmt.Fprintf(&b, `<caption style="caption-side:top;text-align:left;font-weight:bold;padding:2px 0">%s</caption>`, html.EscapeString(t.Caption))
	}
	cell := func(tag string, col int, s string) {
		align := "left"
		if col < len(t.Numeric) && t.Numeric[col] {
			align = "right"
		}
		fmt.Fprintf(&b, `<%s style="border:1px solid #ccc;padding:2px 8px;text-align:%s">%s</%s>`, tag, align, html.EscapeString(s), tag)
	}
	if len(t.Header) > 0 {
		b.WriteString(`<thead><tr style="background:#f0f0f0">`)
		for j, h := range t.Header {
			cell("th", j, h)
		}
		b.WriteString("</tr></thead>")
	}
	b.WriteString("<tbody>")
	for _, row := range t.Rows {
		b.WriteString("<tr>")
		for j, c := range row {
			cell("td", j, c)
		}
		b.WriteString("</tr>")
	}
	if t.Footer != "" {
		fmt.Fprintf(&b, `<tr><td colspan="%d" style="padding:2px 8px;color:#666;font-style:italic">%s</td></tr>`, max(len(t.Header), 1), html.EscapeString(t.Footer))
	}
	b.WriteString("</tbody></table>")
	return b.String()
}

// DataFrameHTML renders df as an HTML table: a caption with its shape, a
// header with column names and types, and at most maxRows rows (0 means
// DefaultMaxRows, negative means all). Missing values show as "NaN". All
// content is escaped.
func DataFrameHTML(df dataframe.DataFrame, maxRows int) string {
	if df.Err != nil {
		return `<pre style="color:#b00">` + html.EscapeString("dataframe error: "+df.Err.Error()) + "</pre>"
	}
	if maxRows == 0 {
		maxRows = DefaultMaxRows
	}
	nrow, names, types := df.Nrow(), df.Names(), df.Types()
	shown := nrow
	if maxRows > 0 && shown > maxRows {
		shown = maxRows
	}
	t := Table{
		Caption: fmt.Sprintf("DataFrame: %d rows × %d columns", nrow, len(names)),
		Header:  make([]string, len(names)),
		Numeric: make([]bool, len(names)),
		Rows:    make([][]string, shown),
	}
	for j, n := range names {
		t.Header[j] = fmt.Sprintf("%s (%s)", n, types[j])
		t.Numeric[j] = types[j] == series.Float || types[j] == series.Int
	}
	for i := range shown {
		row := make([]string, len(names))
		for j := range names {
			row[j] = cellString(df.Elem(i, j), types[j])
		}
		t.Rows[i] = row
	}
	if shown < nrow {
		t.Footer = fmt.Sprintf("… %d more rows", nrow-shown)
	}
	return t.HTML()
}

// cellString formats a DataFrame cell; floats get up to 6 significant digits
// instead of gota's fixed six decimals.
func cellString(e series.Element, t series.Type) string {
	if t == series.Float && !e.IsNA() {
		return strconv.FormatFloat(e.Float(), 'g', 6, 64)
	}
	return e.String()
}

// CoefficientsHTML renders a linear model's weights w as an HTML table
// sorted by |w_j| (largest first), with the attribute index, its name, the
// weight and a bar proportional to |w_j|. names may be nil (then "x<j>" is
// used); otherwise it must have len(w) entries. At most maxRows rows are
// shown (0 means DefaultMaxRows, negative means all); the caption reports
// ||w||_1, ||w||_2 and the number of non-zero weights.
func CoefficientsHTML(names []string, w []float64, maxRows int) (string, error) {
	if names != nil && len(names) != len(w) {
		return "", fmt.Errorf("kernel: CoefficientsHTML: %d names for %d weights", len(names), len(w))
	}
	if maxRows == 0 {
		maxRows = DefaultMaxRows
	}
	idx := make([]int, len(w))
	var l1, l2, wmax float64
	nz := 0
	for j, v := range w {
		idx[j] = j
		l1 += math.Abs(v)
		l2 += v * v
		wmax = math.Max(wmax, math.Abs(v))
		if v != 0 {
			nz++
		}
	}
	sort.SliceStable(idx, func(a, b int) bool { return math.Abs(w[idx[a]]) > math.Abs(w[idx[b]]) })
	shown := len(w)
	if maxRows > 0 && shown > maxRows {
		shown = maxRows
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<table class="lao-coef" style="%s">`, tableStyle)
	fmt.Fprintf(&b, `<caption style="caption-side:top;text-align:left;font-weight:bold;padding:2px 0">%s</caption>`,
		html.EscapeString(fmt.Sprintf("Coefficients: d = %d, non-zero = %d, ‖w‖₁ = %.4g, ‖w‖₂ = %.4g", len(w), nz, l1, math.Sqrt(l2))))
	b.WriteString(`<thead><tr style="background:#f0f0f0">`)
	for _, h := range []string{"j", "attribute", "w_j", "|w_j|"} {
		fmt.Fprintf(&b, `<th style="border:1px solid #ccc;padding:2px 8px">%s</th>`, h)
	}
	b.WriteString("</tr></thead><tbody>")
	td := `<td style="border:1px solid #ccc;padding:2px 8px;text-align:%s">%s</td>`
	for _, j := range idx[:shown] {
		name := fmt.Sprintf("x%d", j)
		if names != nil {
			name = names[j]
		}
		pct := 0.0
		if wmax > 0 {
			pct = 100 * math.Abs(w[j]) / wmax
		}
		color := "#1f77b4"
		if w[j] < 0 {
			color = "#d62728"
		}
		b.WriteString("<tr>")
		fmt.Fprintf(&b, td, "right", strconv.Itoa(j))
		fmt.Fprintf(&b, td, "left", html.EscapeString(name))
		fmt.Fprintf(&b, td, "right", strconv.FormatFloat(w[j], 'g', 5, 64))
		fmt.Fprintf(&b, td, "left", fmt.Sprintf(`<div style="background:%s;height:10px;width:%.1fpx"></div>`, color, pct))
		b.WriteString("</tr>")
	}
	if shown < len(w) {
		fmt.Fprintf(&b, `<tr><td colspan="4" style="padding:2px 8px;color:#666;font-style:italic">… %d smaller weights</td></tr>`, len(w)-shown)
	}
	b.WriteString("</tbody></table>")
	return b.String(), nil
}

// IsNotebook reports whether the program runs inside a GoNB cell. Outside a
// notebook the Display* functions do nothing (Progress prints text instead).
func IsNotebook() bool { return gonbui.IsNotebook }

// DisplayHTML shows html in the cell's output (no-op outside a notebook).
// Cells should call kernel's Display* functions rather than import gonbui
// directly (see the package documentation for why). Like every Display
// function of this package it returns once GoNB has received the output
// (see flushDisplay), so nothing is lost when the cell program ends right after.
func DisplayHTML(html string) {
	gonbui.DisplayHTML(html)
	flushDisplay()
}

// DisplayMarkdown shows Markdown (with $...$ LaTeX) in the cell's output.
func DisplayMarkdown(md string) {
	gonbui.DisplayMarkdown(md)
	flushDisplay()
}

// flushDisplay waits until GoNB has taken every output sent so far. Displays travel
// through a pipe that GoNB reads concurrently with the cell program; a
// program that exits right after displaying (the usual end of a plotting
// cell) could otherwise end before GoNB read its last outputs, and on a busy
// machine they were lost. A no-op outside a notebook.
func flushDisplay() { gonbui.Sync() }

// UpdateHTML replaces the content of the output block id (created on first
// use); see NewID.
func UpdateHTML(id, html string) { gonbui.UpdateHTML(id, html) }

// NewID returns a fresh id for UpdateHTML.
func NewID() string { return "lao_" + gonbui.UniqueId() }

// DisplayTable shows t as an HTML table.
func DisplayTable(t Table) { DisplayHTML(t.HTML()) }

// DisplayDataFrame shows df as an HTML table (see DataFrameHTML).
func DisplayDataFrame(df dataframe.DataFrame, maxRows int) { DisplayHTML(DataFrameHTML(df, maxRows)) }

// DisplayCoefficients shows a model's weights as an HTML table (see
// CoefficientsHTML).
func DisplayCoefficients(names []string, w []float64, maxRows int) error {
	s, err := CoefficientsHTML(names, w, maxRows)
	if err != nil {
		return err
	}
	DisplayHTML(s)
	return nil
}

// Must panics if err is not nil. In a notebook cell a panic is reported with
// the cell's line and fails the notebook test, so cells use Must instead of
// ignoring errors.
func Must(err error) {
	if err != nil {
		panic(err)
	}
}

// Must1 returns v, or panics if err is not nil (see Must).
func Must1[T any](v T, err error) T {
	Must(err)
	return v
}

// Must2 returns a and b, or panics if err is not nil (see Must).
func Must2[A, B any](a A, b B, err error) (A, B) {
	Must(err)
	return a, b
}
