package kernel

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

// encodeNotebook writes v the way Jupyter does (sorted keys, one-space
// indent, no HTML escaping, final newline), so a cleaned notebook diffs
// minimally against one saved by Jupyter.
func encodeNotebook(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// CleanNotebook removes outputs, execution counts and execution metadata
// from every code cell of the .ipynb JSON b (the committed form of
// notebooks), and the outputs' collapsed state (collapsed,
// jupyter.outputs_hidden), except in cells whose source is hidden (the
// solutions, whose outputs are the answers): those are set collapsed.
// Everything else is kept.
func CleanNotebook(b []byte) ([]byte, error) {
	var nb map[string]any
	if err := json.Unmarshal(b, &nb); err != nil {
		return nil, fmt.Errorf("kernel: CleanNotebook: %w", err)
	}
	cells, _ := nb["cells"].([]any)
	for _, c := range cells {
		cell, ok := c.(map[string]any)
		if !ok || cell["cell_type"] != "code" {
			continue
		}
		cell["outputs"] = []any{}
		cell["execution_count"] = nil
		if md, ok := cell["metadata"].(map[string]any); ok {
			delete(md, "execution")
			delete(md, "scrolled")
			j, _ := md["jupyter"].(map[string]any)
			switch {
			case j["source_hidden"] == true: // a solution: collapsed, whatever the last view left
				j["outputs_hidden"], md["collapsed"] = true, true
			case j != nil: // a view state elsewhere
				delete(md, "collapsed")
				delete(j, "outputs_hidden")
			default:
				delete(md, "collapsed")
			}
		}
	}
	return encodeNotebook(nb)
}

// CleanNotebookFile rewrites the notebook at path in clean form; it reports
// whether the file changed.
func CleanNotebookFile(path string) (bool, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return false, err
	}
	c, err := CleanNotebook(b)
	if err != nil {
		return false, fmt.Errorf("%s: %w", path, err)
	}
	if bytes.Equal(b, c) {
		return false, nil
	}
	return true, os.WriteFile(path, c, 0o644)
}

// NotebookCell is a cell for NewNotebook.
type NotebookCell struct {
	Markdown bool     // a Markdown cell; otherwise Go code
	Source   string   // cell text
	Tags     []string // e.g. PlotTag, SolutionTag
	Hidden   bool     // source and outputs collapsed (metadata jupyter.source_hidden, outputs_hidden, collapsed), as solutions are
}

// NewNotebook returns a clean GoNB notebook (nbformat 4.5) whose first code
// cell is BootstrapCell followed by cells. budgetSeconds, if positive, sets
// the notebook's time budget (metadata lao.budget_seconds).
func NewNotebook(cells []NotebookCell, budgetSeconds float64) ([]byte, error) {
	all := []NotebookCell{{Source: BootstrapCell}}
	if len(cells) > 0 && cells[0].Markdown { // keep a leading title cell first
		all = []NotebookCell{cells[0], all[0]}
		cells = cells[1:]
	}
	all = append(all, cells...)
	var out []any
	for i, c := range all {
		md := map[string]any{}
		if len(c.Tags) > 0 {
			md["tags"] = c.Tags
		}
		if c.Hidden { // collapsed source and outputs: a solution shows nothing until opened
			md["jupyter"] = map[string]any{"source_hidden": true, "outputs_hidden": true}
			md["collapsed"] = true
		}
		cell := map[string]any{"cell_type": "code", "metadata": md, "source": splitLines(c.Source),
			"id": fmt.Sprintf("cell-%02d", i), "outputs": []any{}, "execution_count": nil}
		if c.Markdown {
			cell = map[string]any{"cell_type": "markdown", "metadata": md, "source": splitLines(c.Source),
				"id": fmt.Sprintf("cell-%02d", i)}
		}
		out = append(out, cell)
	}
	meta := map[string]any{
		"kernelspec":    map[string]any{"display_name": "Go (gonb)", "language": "go", "name": "gonb"},
		"language_info": map[string]any{"name": "go"},
	}
	if budgetSeconds > 0 {
		meta["lao"] = map[string]any{"budget_seconds": budgetSeconds}
	}
	return encodeNotebook(map[string]any{"cells": out, "metadata": meta, "nbformat": 4, "nbformat_minor": 5})
}

// splitLines splits s into Jupyter's list-of-lines form (each line but the
// last keeps its newline).
func splitLines(s string) []string {
	s = strings.TrimRight(s, "\n")
	lines := strings.SplitAfter(s, "\n")
	if len(lines) == 1 && lines[0] == "" {
		return []string{}
	}
	return lines
}
