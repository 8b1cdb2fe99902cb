package kernel

import (
	"encoding/xml"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/laoproject/lao/frames/plot"
	"github.com/laoproject/lao/lao/theory"
)

func TestTableEscapes(t *testing.T) {
	h := Table{Caption: "a<b", Header: []string{"<script>"}, Rows: [][]string{{`"&'`}}, Footer: "<i>"}.HTML()
	for _, bad := range []string{"<script>", "a<b", `"&'`, "<i>"} {
		if strings.Contains(h, bad) {
			t.Errorf("HTML contains unescaped %q:\n%s", bad, h)
		}
	}
	for _, good := range []string{"&lt;script&gt;", "a&lt;b", "&#34;&amp;&#39;", "&lt;i&gt;"} {
		if !strings.Contains(h, good) {
			t.Errorf("HTML lacks escaped %q:\n%s", good, h)
		}
	}
	assertWellFormed(t, h)
}

func TestDataFrameHTML(t *testing.T) {
	n := 30
	names, xs := make([]string, n), make([]float64, n)
	for i := range n {
		names[i] = "row<" + string(rune('a'+i%26)) + ">"
		xs[i] = float64(i) / 2
	}
	df := dataframe.New(series.New(names, series.String, "name&"), series.New(xs, series.Float, "x"))
	h := DataFrameHTML(df, 5)
	if got := strings.Count(h, "<tr>"); got != 5+1 { // 5 rows + the footer row
		t.Errorf("%d body rows, want 6", got)
	}
	for _, want := range []string{"30 rows × 2 columns", "name&amp; (string)", "x (float)", "row&lt;a&gt;", "… 25 more rows", "text-align:right"} {
		if !strings.Contains(h, want) {
			t.Errorf("missing %q in\n%s", want, h)
		}
	}
	if strings.Contains(h, "row<") {
		t.Error("cell content not escaped")
	}
	assertWellFormed(t, h)
	if all := DataFrameHTML(df, -1); strings.Count(all, "<tr>") != n || strings.Contains(all, "more rows") {
		t.Errorf("maxRows < 0 should show all %d rows", n)
	}
	if e := DataFrameHTML(dataframe.DataFrame{Err: io.EOF}, 0); !strings.Contains(e, "dataframe error: EOF") {
		t.Errorf("error frame: %s", e)
	}
}

func TestCoefficientsHTML(t *testing.T) {
	w := []float64{0.1, -2, 0, 1}
	h, err := CoefficientsHTML([]string{"a", "<b>", "c", "d"}, w, 3)
	if err != nil {
		t.Fatal(err)
	}
	// Sorted by |w|: <b> (-2), d (1), a (0.1); c (0) is cut.
	ib, id, ia := strings.Index(h, "&lt;b&gt;"), strings.Index(h, ">d<"), strings.Index(h, ">a<")
	if ib < 0 || id < ib || ia < id {
		t.Errorf("rows not sorted by |w| (positions %d %d %d):\n%s", ib, id, ia, h)
	}
	for _, want := range []string{"d = 4, non-zero = 3", "‖w‖₁ = 3.1", "… 1 smaller weights", "-2", "#d62728"} {
		if !strings.Contains(h, want) {
			t.Errorf("missing %q", want)
		}
	}
	assertWellFormed(t, h)
	if _, err := CoefficientsHTML([]string{"a"}, w, 0); err == nil {
		t.Error("length mismatch accepted")
	}
	if h, _ := CoefficientsHTML(nil, []float64{0, 0}, 0); !strings.Contains(h, ">x1<") {
		t.Error("default names x<j> missing")
	}
}

func TestTheoremCard(t *testing.T) {
	th := theory.Theorem{Paper: "Hazan & Koren, ICML 2012", Number: "Theorem 3.1",
		Statement: "AERR's averaged iterate has excess risk\nat most the bound.", BoundTeX: `\le 4B^2\sqrt{2d/(km)}`,
		Assumptions: `$\|x\|_\infty \le 1$; $|y| \le B$`, Solver: "aerr"}
	md, err := TheoremMarkdown(th)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"> **Theorem 3.1** (Hazan & Koren, ICML 2012)", "> at most the bound.", `> $$\le 4B^2\sqrt{2d/(km)}$$`, "*Assumptions:* $\\|x\\|_\\infty \\le 1$; $|y| \\le B$.", "`lao solver \"aerr\"`"} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md)
		}
	}
	h, err := TheoremHTML(th)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(h, "Hazan &amp; Koren") || !strings.Contains(h, `$$\le 4B^2\sqrt{2d/(km)}$$`) {
		t.Errorf("HTML card:\n%s", h)
	}
	assertWellFormed(t, h)
	if _, err := TheoremMarkdown(theory.Theorem{Number: "1"}); err == nil {
		t.Error("card without statement accepted")
	}
	if err := DisplayTheorem(th); err != nil { // no-op outside a notebook
		t.Error(err)
	}
	if err := DisplayLaoTheorem("no such id"); err == nil {
		t.Error("unknown registry id accepted")
	}
	for _, lt := range theory.Theorems() {
		md, err := TheoremMarkdown(lt)
		if err != nil || !strings.Contains(md, lt.Number) || (lt.BoundTeX != "" && !strings.Contains(md, "$$"+lt.BoundTeX+"$$")) {
			t.Errorf("registry theorem %s: %v\n%s", lt.ID, err, md)
		}
		h, _ := TheoremHTML(lt)
		if lt.Note != "" && (!strings.Contains(md, "*Note:*") || !strings.Contains(h, "<i>Note:</i>")) { // corrections and caveats are on the card
			t.Errorf("registry theorem %s: its note is not on the card:\n%s", lt.ID, h)
		}
		cited := regexp.MustCompile(`(ICML|NeurIPS|JMLR|COLT) 20[0-9][0-9]`).MatchString(h)
		if lt.Paper == theory.PaperOurs { // this project's results are marked as ours instead
			cited = strings.Contains(h, "(ours)")
		}
		if strings.Contains(md+h, "seed") || !cited {
			t.Errorf("registry theorem %s: not cited by authors, venue and year:\n%s", lt.ID, h)
		}
	}
}

// TestTheoremEscaping: plain text outside $...$ cannot turn into Markdown
// emphasis or code, while the LaTeX inside is passed through untouched.
func TestTheoremEscaping(t *testing.T) {
	th := theory.Theorem{Number: "Theorem 3.5", Statement: "replaces d by ||E[x²]||_{1/2} and w_t by w*_t; $\\|x\\|_2 \\le 1$ stays",
		Assumptions: "E[x_i²] known; $w_{t,j}$"}
	md, err := TheoremMarkdown(th)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`\|\|E\[x²\]\|\|\_\{1/2\}`, `w\_t by w\*\_t`, `$\|x\|_2 \le 1$ stays`, `E\[x\_i²\] known; $w_{t,j}$`} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md)
		}
	}
}

// assertWellFormed checks that h parses as XML (balanced, escaped).
func assertWellFormed(t *testing.T, h string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader("<root>" + h + "</root>"))
	for {
		_, err := d.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("not well-formed: %v\n%s", err, h)
		}
	}
}

func TestPlotHTML(t *testing.T) {
	p := gplot.New()
	l, _ := plotter.NewLine(plotter.XYs{{X: 1, Y: 2}, {X: 3, Y: 1}})
	p.Add(l)
	svg, err := plot.SVG(p, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if h := SVGHTML(svg); !strings.HasPrefix(h, `<div class="lao-plot"`) || strings.Contains(h, "<?xml") {
		t.Errorf("SVGHTML: %.80s", h)
	}
	png, err := plot.PNG(p, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if h := PNGHTML(png, `a"b`); !strings.Contains(h, `alt="a&#34;b"`) || !strings.Contains(h, "data:image/png;base64,iVBOR") {
		t.Errorf("PNGHTML: %.100s", h)
	}
	if err := DisplayPlot(p); err != nil { // a no-op outside a notebook
		t.Error(err)
	}
}
