// Package kernel connects the lao module to Jupyter through the GoNB kernel:
// installing the kernel, wiring a notebook to this module, displaying
// tables, plots (drawn by package frames/plot), progress and theorem cards
// in cells, running experiments
// once per kernel session, and executing the notebooks headless so that
// tests and CI can check them.
//
// # Installing
//
//	apt-get install -y jupyter-notebook jupyter-nbconvert jupyter-client python3-nbclient python3-ipykernel
//	go run ./kernel/cmd/install        # gonb + goimports into ~/go/bin, kernelspec "gonb"
//	jupyter notebook notebooks/        # as root: add --allow-root; headless: --no-browser
//
// GoNB is built at the version go.mod requires (v0.11.4: a cell program
// that panics or exits non-zero is reported as a cell error, so Jupyter's
// "Run All" and the notebook test stop there). Its -go_work install flag is
// not used: it fixes one absolute checkout path for every notebook the
// kernel ever opens, and GoNB's `go get` still asks the module proxy for
// versions the wiring below pins.
//
// # Wiring a notebook
//
// Every notebook's first code cell is BootstrapCell. It wires GoNB's
// temporary module to the checkout containing the notebook (or the one
// $LAO_ROOT names): kernel/cmd/wire writes a go.work and copies this
// module's requirements and checksums, and %goworkfix adds the replace
// rules. A notebook outside a checkout prints NotWiredMessage, which says
// what to do. After it, cells import github.com/laoproject/lao/..., gota and
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
//	kernel.Printf("m = %d\n", m)                            // text, in order with tables and plots
//	kernel.DisplayDataFrame(df, 10)                         // DataFrameHTML
//	kernel.DisplayTable(kernel.AssumptionsTable("Theorem 3.1", kernel.Check{Name: "max ||x||₂", Value: n, Limit: 1}))
//	kernel.Must(kernel.DisplayCoefficients(names, w, 0))    // CoefficientsHTML
//	kernel.Must(kernel.DisplayLaoTheorem("hk2012/3.1"))     // a theorem card (HTML, MathJax)
//	bar := kernel.NewProgress("seeds", n)                   // HTML bar updated in place; bar.Report follows an experiment
//
// Plots are drawn by package frames/plot (curves with roles: measured,
// bound, zero predictor, full-information reference), which the command
// line uses too; DisplayBands and DisplayPlot show them in a cell.
// Experiment results are curves already:
//
//	cs := sweep.Series()
//	all := append(cs, plot.BoundCurve("Theorem 3.1", cs[0], func(m float64) float64 { return lao.AERRBound(d, k, int(m), 1) }))
//	kernel.Must(kernel.DisplayBands(all, plot.BandsOptions{XLabel: "m", YLabel: "excess risk", LogX: true, LogY: true}))
//	kernel.Must(kernel.DisplayTable(kernel.Must1(kernel.BoundsTable("Theorem 3.1", "m", all, 1))))
//
// ScoresTable shows fitted models' test errors beside the zero predictor's,
// with a warning for a model that does worse than the mean.
//
// # Teaching
//
// A theorem check says whether it shows anything: BoundVerdicts (and
// ShowBoundVerdicts) compare every Bound curve with the Zero curve (the
// risk of predicting 0) and say from which x on the bound lies below it, or
// require a reason when it never does. CheckEnds fails an experiment whose
// curve ends above its best point by more than the noise, unless the cell
// explains the rise. Exercise is a predict-then-check exercise graded
// within a tolerance (Check for students, Solution in the collapsed
// solution cells the notebook test runs). CompareEstimator and
// CompareGenEst draw an estimator written in a cell and the library's from
// identically seeded generators, so students can edit the papers'
// pseudo-code and see whether it is still the algorithm. SliderHTML puts
// pre-rendered plots of cached runs on a slider that works without a
// kernel (in Jupyter and in exported pages); DriveSliders moves the sliders
// of a page in headless Chromium. DisplayLiveSlider shows the same plots on
// a GoNB widget slider when a Jupyter front end is connected (each move
// redraws the plot from the running cell; the cell runs until Done or an
// idle time, then leaves the HTML slider) and the HTML slider otherwise
// (nbconvert: Execute sets LAO_WIDGETS=html); DriveLiveSliders drives it in
// a Jupyter server through headless Chromium. UnprintedNumbers lists the numbers a
// "What you should see" section quotes that no output prints.
//
//	prediction := kernel.Unanswered // the student's number
//	kernel.Exercise{ID: "3.1", Question: "bound(2k) ÷ bound(k)", Measured: r, RelTol: 0.01}.Check(prediction)
//	kernel.Must(kernel.ShowBoundVerdicts(all, "m", "why the bound is vacuous here, if it is"))
//
// # Long runs
//
// GoNB runs every cell as a fresh program. Cached keeps a result (gob) in
// the kernel session's temporary directory, so that a long experiment done
// in one cell is read back by the cells that plot or tabulate it;
// RunEntries runs an experiment one entry (algorithm) per cell that way,
// with a progress bar per split.
//
// # Notebook conventions (checked by the tests in notebooks/)
//
// Notebooks live in notebooks/ and are committed clean (no outputs; `go run
// ./kernel/cmd/notebook clean FILE` strips them). `go run
// ./kernel/cmd/notebook new FILE` writes a notebook that already follows the
// conventions: BootstrapCell first, every code cell that plots tagged "plot"
// (PlotTag) so the test requires an image from it, text printed with Printf
// in cells that display, a "What you should see" paragraph, and an optional
// time budget in the notebook metadata (lao.budget_seconds, default
// DefaultBudget). `go run ./kernel/cmd/export` executes every notebook,
// prints each cell's wall time and writes HTML.
package kernel
