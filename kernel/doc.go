// Package kernel connects the lao module to Jupyter through the GoNB kernel:
// installing the kernel, wiring a notebook to this module, displaying
// tables, plots, progress and theorem cards in cells, and executing the
// notebooks headless so that tests and CI can check them.
//
// # Installing
//
//	apt-get install -y jupyter-notebook jupyter-nbconvert jupyter-client python3-nbclient python3-ipykernel
//	go run ./kernel/cmd/install        # gonb + goimports into ~/go/bin, kernelspec "gonb"
//	jupyter notebook notebooks/
//
// # Wiring a notebook
//
// Every notebook's first code cell is BootstrapCell:
//
//	!*go -C "$GONB_DIR" run github.com/laoproject/lao/kernel/cmd/wire "$PWD"
//	%goworkfix
//
// After it, cells import github.com/laoproject/lao/lao, .../kernel, gota and
// gonum packages directly; no go.mod is edited. Cells should display through
// this package rather than import gonbui: GoNB runs `go get` for every new
// import path and the wiring only covers modules this module requires.
//
// # Displaying
//
// Every display helper has a pure form that returns HTML or SVG bytes, so it
// works (and is tested) outside a notebook, and a Display form that sends it
// to the cell's output (a no-op outside GoNB):
//
//	kernel.DisplayDataFrame(df, 10)                         // DataFrameHTML
//	kernel.Must(kernel.DisplayCoefficients(names, res.W, 0)) // CoefficientsHTML
//	kernel.Must(kernel.DisplayPlot(p))                       // PlotSVG, PNG fallback
//	kernel.Must(kernel.DisplayBands([]kernel.Curve{{Name: "AERR", X: x, Mean: m, Std: s}},
//		kernel.BandsOptions{Title: "AERR", XLabel: "attributes seen", YLabel: "test MSE", LogX: true}))
//	bar := kernel.NewProgress("seeds", n) // HTML bar updated in place; text on stderr elsewhere
//	kernel.Must(kernel.DisplayTheorem(kernel.Theorem{Number: "Theorem 3.1", Statement: "…", Bound: `…`}))
//
// # Notebook conventions (checked by the tests in notebooks/)
//
// Notebooks live in notebooks/ and are committed clean (no outputs; `go run
// ./kernel/cmd/notebook clean FILE` strips them). `go run
// ./kernel/cmd/notebook new FILE` writes a notebook that already follows the
// conventions: BootstrapCell first, every code cell that plots tagged "plot"
// (PlotTag) so the test requires an image from it, a "What you should see"
// paragraph, and an optional time budget in the notebook metadata
// (lao.budget_seconds, default DefaultBudget). `go run ./kernel/cmd/export`
// executes every notebook and writes HTML.
package kernel
