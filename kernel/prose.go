package kernel

import (
	"html"
	"regexp"
	"strings"
)

// proseNumber matches a number written in prose: with a decimal point (0.25,
// 1.037), or of three digits or more (17,954 or 17 954 with separators).
var proseNumber = regexp.MustCompile(`\b\d{1,3}(?:[ ,]\d{3})+\b|\b\d+\.\d+\b|\b\d{3,}\b`)

// codeOrMath matches what prose numbers are not taken from: inline code,
// LaTeX, and Markdown headings and links.
var codeOrMath = regexp.MustCompile("(?s)`[^`]*`|\\$\\$.*?\\$\\$|\\$[^$]*\\$|\\([^)]*\\.(?:md|go|ipynb)[^)]*\\)")

// reference matches the numbers of a paper's theorems, sections, figures
// and equations ("Theorem 3.5's step", "Figures 1-2", "Theorems 3.6/3.12"),
// which are not outputs: a capitalised name, then numbers without a
// leading zero joined only by a dash or a slash ("Table 3 and 120 splits"
// keeps 120, "Figure 2, 0.52 of the runs" keeps 0.52).
var reference = regexp.MustCompile(`\b(?:Theorems?|Lemmas?|Corollary|Claims?|Sections?|§|Figures?|Figs?\.|Tables?|Algorithms?|Alg\.|Eqs?\.|Equations?|Appendix)\s*[A-Z]?[1-9]\d*(?:\.\d+)*(?:\s*[-–/]\s*[A-Z]?[1-9]\d*(?:\.\d+)*)*`)

// tagOrSpace strips HTML tags from outputs before numbers are looked up.
var tagOrSpace = regexp.MustCompile(`<[^>]*>`)

// UnprintedNumbers returns the numbers of the executed notebook's "What you
// should see" sections that no output of the notebook prints: prose that
// quotes a number must quote one a cell printed, or the prose goes stale
// when the code changes. A section runs from a "What you should see"
// heading to the next heading, or from a paragraph opening with "**What
// you should see" to the end of its cell. Years (1900-2099) and numbers in
// code, formulas, links and references ("Theorem 3.5", "Figures 1-2") are
// not checked; a number matches an output written with or without
// thousands separators.
func UnprintedNumbers(nb *Notebook) []string {
	out := tagOrSpace.ReplaceAllString(html.UnescapeString(nb.OutputText()), " ")
	out = strings.NewReplacer(",", "", "\u202f", "", "\u00a0", "").Replace(out)
	var missing []string
	in := false
	for _, c := range nb.Cells {
		if c.Type != "markdown" {
			continue
		}
		var section []string // the cell's lines under a "What you should see" heading, or after it in bold
		bold := false        // a paragraph opening with "**What you should see": to the cell's end
		for _, line := range strings.Split(string(c.Source), "\n") {
			if strings.HasPrefix(line, "#") {
				in, bold = strings.Contains(strings.ToLower(line), "what you should see"), false
				continue
			}
			if strings.HasPrefix(strings.ToLower(line), "**what you should see") {
				bold = true
			}
			if in || bold {
				section = append(section, line)
			}
		}
		// Formulas and code may span lines: strip them from the whole section.
		text := codeOrMath.ReplaceAllString(strings.Join(section, "\n"), " ")
		text = reference.ReplaceAllString(text, " ")
		for _, n := range proseNumber.FindAllString(text, -1) {
			plain := strings.NewReplacer(",", "", " ", "", "\n", "").Replace(n)
			if len(plain) == 4 && (strings.HasPrefix(plain, "19") || strings.HasPrefix(plain, "20")) && !strings.Contains(plain, ".") {
				continue // a year
			}
			if !strings.Contains(out, plain) {
				missing = append(missing, n)
			}
		}
	}
	return missing
}
