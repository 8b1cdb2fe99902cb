package kernel

import (
	"slices"
	"testing"
)

func TestUnprintedNumbers(t *testing.T) {
	nb := parseNB(t, []byte(`{"cells": [
		{"cell_type": "markdown", "source": "## Setup\n\nIgnored 0.123 before the section.", "metadata": {}},
		{"cell_type": "code", "source": "", "metadata": {}, "execution_count": 1, "outputs": [
			{"output_type": "stream", "name": "stdout", "text": "test MSE 1.037, examples 17954\n"},
			{"output_type": "display_data", "data": {"text/html": "<td>0.2263</td>"}, "metadata": {}}]},
		{"cell_type": "markdown", "source": "## What you should see\n\nMSE 1.037 after 17,954 examples, zero 0.2263 (2012, `+"`0.5`"+`, $0.75$);\nbut 1.04 and 0.31 were never printed.", "metadata": {}}]}`))
	if got := UnprintedNumbers(nb); !slices.Equal(got, []string{"1.04", "0.31"}) {
		t.Errorf("UnprintedNumbers = %q, want [1.04 0.31]", got)
	}
	// A bold "What you should see" paragraph is checked to its cell's end;
	// a theorem's or figure's number is a reference, not an output.
	nb = parseNB(t, []byte(`{"cells": [
		{"cell_type": "code", "source": "", "metadata": {}, "execution_count": 1, "outputs": [
			{"output_type": "stream", "name": "stdout", "text": "ratio 2.65\n"}]},
		{"cell_type": "markdown", "source": "Before: 9.99 is not checked.\n\n**What you should see.** Theorem 3.5's step and Figures 1-2 give 2.65,\nnot 7.5; Table 3 and 120 splits, the table 0.31.", "metadata": {}},
		{"cell_type": "markdown", "source": "Another cell: 8.88 is not checked.", "metadata": {}}]}`))
	if got := UnprintedNumbers(nb); !slices.Equal(got, []string{"7.5", "120", "0.31"}) {
		t.Errorf("bold section: UnprintedNumbers = %q, want [7.5 120 0.31]", got)
	}
}
