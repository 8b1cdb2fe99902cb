package kernel

import (
	"fmt"
	"html"
	"regexp"
	"strconv"
	"strings"

	"github.com/laoproject/lao/lao/theory"
)

// A theorem card shows an entry of the theorem registry (lao/theory): its
// number, paper, statement, bound (display LaTeX), assumptions and the
// solver or generator that exhibits it. Text fields are plain text in which
// $...$ is inline LaTeX; the cards escape everything else, so underscores
// and asterisks show as typed.

func checkCard(t theory.Theorem) error {
	if t.Number == "" || t.Statement == "" {
		return fmt.Errorf("kernel: theorem card needs Number and Statement (got %q, %q)", t.Number, t.Statement)
	}
	return nil
}

// cardTitle returns "Theorem 3.1" and " (Paper)".
func cardTitle(t theory.Theorem) (num, rest string) {
	if t.Paper != "" {
		rest = " (" + t.Paper + ")"
	}
	return t.Number, rest
}

// shownBy names what exhibits t: its solver, else its generator.
func shownBy(t theory.Theorem) string {
	switch {
	case t.Solver != "":
		return "lao solver " + strconv.Quote(t.Solver)
	case t.Generator != "":
		return t.Generator
	}
	return ""
}

// TheoremMarkdown renders t as a Markdown card with LaTeX, for Jupyter's
// Markdown renderer (MathJax). Text outside $...$ is escaped for Markdown.
func TheoremMarkdown(t theory.Theorem) (string, error) {
	if err := checkCard(t); err != nil {
		return "", err
	}
	num, rest := cardTitle(t)
	var b strings.Builder
	fmt.Fprintf(&b, "> **%s**%s\n>\n", escapeMarkdown(num), escapeMarkdown(rest))
	for _, line := range strings.Split(strings.TrimSpace(t.Statement), "\n") {
		fmt.Fprintf(&b, "> %s\n", escapeMarkdown(line))
	}
	if t.BoundTeX != "" {
		fmt.Fprintf(&b, ">\n> $$%s$$\n", strings.TrimSpace(t.BoundTeX))
	}
	if t.Assumptions != "" {
		fmt.Fprintf(&b, ">\n> *Assumptions:* %s.\n", escapeMarkdown(t.Assumptions))
	}
	if by := shownBy(t); by != "" {
		fmt.Fprintf(&b, ">\n> *Shown by:* `%s`\n", strings.ReplaceAll(by, "`", "'"))
	}
	if t.Note != "" {
		fmt.Fprintf(&b, ">\n> *Note:* %s\n", escapeMarkdown(t.Note))
	}
	return b.String(), nil
}

// mathSpan matches $...$ and $$...$$ (LaTeX that Markdown must leave alone).
var mathSpan = regexp.MustCompile(`\$\$[^$]*\$\$|\$[^$]*\$`)

// markdownSpecial matches the characters Markdown gives a meaning inline.
var markdownSpecial = regexp.MustCompile("[\\\\`*_{}\\[\\]<>#|~]")

// escapeMarkdown backslash-escapes Markdown's inline syntax outside $...$,
// so that "||w*||_2" shows as typed instead of turning into italics.
func escapeMarkdown(s string) string {
	var b strings.Builder
	last := 0
	for _, m := range mathSpan.FindAllStringIndex(s, -1) {
		b.WriteString(markdownSpecial.ReplaceAllString(s[last:m[0]], `\$0`))
		b.WriteString(s[m[0]:m[1]])
		last = m[1]
	}
	b.WriteString(markdownSpecial.ReplaceAllString(s[last:], `\$0`))
	return b.String()
}

// TheoremHTML renders t as an HTML card. Text is escaped; the $...$ and
// $$...$$ delimiters are kept, so MathJax typesets them where it is loaded
// (Jupyter, the HTML export) and the LaTeX source stays readable elsewhere.
func TheoremHTML(t theory.Theorem) (string, error) {
	if err := checkCard(t); err != nil {
		return "", err
	}
	num, rest := cardTitle(t)
	e := html.EscapeString
	var b strings.Builder
	b.WriteString(`<div class="lao-theorem" style="border-left:4px solid #1f77b4;background:#f5f8fc;padding:6px 12px;margin:6px 0;font-family:serif">`)
	fmt.Fprintf(&b, `<div><b>%s</b>%s</div>`, e(num), e(rest))
	fmt.Fprintf(&b, `<p style="margin:4px 0">%s</p>`, e(t.Statement))
	if t.BoundTeX != "" {
		fmt.Fprintf(&b, `<div style="text-align:center;margin:6px 0">$$%s$$</div>`, e(t.BoundTeX))
	}
	if t.Assumptions != "" {
		fmt.Fprintf(&b, `<div><i>Assumptions:</i> %s.</div>`, e(t.Assumptions))
	}
	if by := shownBy(t); by != "" {
		fmt.Fprintf(&b, `<div><i>Shown by:</i> <code>%s</code></div>`, e(by))
	}
	if t.Note != "" { // a restatement, a correction, or where what shows it falls short
		fmt.Fprintf(&b, `<div style="font-size:90%%;margin-top:4px"><i>Note:</i> %s</div>`, e(t.Note))
	}
	b.WriteString(`</div>`)
	return b.String(), nil
}

// DisplayTheorem shows t as an HTML card (TheoremHTML): Jupyter and the
// HTML export typeset its LaTeX with MathJax, and no Markdown parser sees
// its text.
func DisplayTheorem(t theory.Theorem) error {
	h, err := TheoremHTML(t)
	if err != nil {
		return err
	}
	DisplayHTML(h)
	return nil
}

// DisplayLaoTheorem shows the card of the registry theorem with the given
// ID (e.g. "hk2012/3.1", see theory.Theorems).
func DisplayLaoTheorem(id string) error {
	t, ok := theory.TheoremByID(id)
	if !ok {
		return fmt.Errorf("kernel: no theorem %q in theory.Theorems()", id)
	}
	return DisplayTheorem(t)
}
