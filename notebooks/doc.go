// Package notebooks holds the GoNB notebooks of the lao module (*.ipynb) and
// the tests that check them. It has no Go API.
//
// Notebooks are committed clean (no outputs); TestNotebooksCommittedClean
// enforces that and the conventions of package kernel (bootstrap cell first,
// plotting cells tagged "plot", a "What you should see" paragraph).
// TestNotebooksExecute runs every notebook headless through the real GoNB
// kernel (the tutorial twice: also on a CSV of another shape) and checks that
// no cell failed, that every plotting cell produced an image, and that each
// notebook finished within its time budget; it logs every cell's wall time.
// Cells take under 30 s each on an idle 2-core machine and time out after
// 300 s, so a machine busy with other work does not fail the test. It skips
// when Jupyter or the GoNB kernel is missing, unless LAO_NOTEBOOKS=1:
//
//	apt-get install -y jupyter-notebook jupyter-nbconvert jupyter-client python3-nbclient python3-ipykernel
//	go run ./kernel/cmd/install
//	LAO_NOTEBOOKS=1 go test -timeout 60m ./notebooks/
//
// To add a notebook: go run ./kernel/cmd/notebook new -title "…" notebooks/NN_topic.ipynb,
// edit it in Jupyter, then go run ./kernel/cmd/notebook clean notebooks/NN_topic.ipynb.
// To read them rendered: go run ./kernel/cmd/export -o build/notebooks.
package notebooks
