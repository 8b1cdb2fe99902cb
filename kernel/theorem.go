package kernel

import (
	"fmt"
	"html"
	"regexp"
	"strconv"
	"strings"

	"github.com/laoproject/lao/lao/theory"
)

// Theorem is what a theorem card shows. Text fields are plain text in which
// $...$ is inline LaTeX (the cards escape everything else, so underscores
// and asterisks show as typed); Bound is display LaTeX without delimiters.
// Only Number and Statement are required.
//
// The theorem registry of package lao will be adapted to this struct (lao
// cannot import kernel), so the card stays a plain value.
type Theorem struct {
	Paper       string   // e.g. "Hazan & Koren, ICML 2012"
	Number      string   // e.g. "Theorem 3.1"
	Name        string   // short title, e.g. "AERR excess risk"
	Statement   string   // one-paragraph statement in plain words
	Bound       string   // e.g. `\mathbb{E}[L(\bar w)] - L(w^\star) \le 4B^2\sqrt{2d/(km)}`
	Assumptions []string // e.g. "$\|x\|_\infty \le 1$, $|y| \le B$"
	Solver      string   // the solver or generator that exhibits it, e.g. "lao.AERR"
}

func (t Theorem) check() error {
	if t.Number == "" || t.Statement == "" {
		return fmt.Errorf("kernel: theorem card needs Number and Statement (got %q, %q)", t.Number, t.Statement)
	}
	return nil
}

// title returns "Theorem 3.1 (Paper) — Name" parts.
func (t Theorem) title() (num, rest string) {
	if t.Paper != "" {
		rest = " (" + t.Paper + ")"
	}
	if t.Name != "" {
		rest += " — " + t.Name
	}
	return t.Number, rest
}

// TheoremMarkdown renders t as a Markdown card with LaTeX, for Jupyter's
// Markdown renderer (MathJax). Text outside $...$ is escaped for Markdown.
func TheoremMarkdown(t Theorem) (string, error) {
	if err := t.check(); err != nil {
		return "", err
	}
	num, rest := t.title()
	var b strings.Builder
	fmt.Fprintf(&b, "> **%s**%s\n>\n", escapeMarkdown(num), escapeMarkdown(rest))
	for _, line := range strings.Split(strings.TrimSpace(t.Statement), "\n") {
		fmt.Fprintf(&b, "> %s\n", escapeMarkdown(line))
	}
	if t.Bound != "" {
		fmt.Fprintf(&b, ">\n> $$%s$$\n", strings.TrimSpace(t.Bound))
	}
	if len(t.Assumptions) > 0 {
		fmt.Fprintf(&b, ">\n> *Assumptions:* %s.\n", escapeMarkdown(strings.Join(t.Assumptions, "; ")))
	}
	if t.Solver != "" {
		fmt.Fprintf(&b, ">\n> *Shown by:* `%s`\n", strings.ReplaceAll(t.Solver, "`", "'"))
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
func TheoremHTML(t Theorem) (string, error) {
	if err := t.check(); err != nil {
		return "", err
	}
	num, rest := t.title()
	e := html.EscapeString
	var b strings.Builder
	b.WriteString(`<div class="lao-theorem" style="border-left:4px solid #1f77b4;background:#f5f8fc;padding:6px 12px;margin:6px 0;font-family:serif">`)
	fmt.Fprintf(&b, `<div><b>%s</b>%s</div>`, e(num), e(rest))
	fmt.Fprintf(&b, `<p style="margin:4px 0">%s</p>`, e(t.Statement))
	if t.Bound != "" {
		fmt.Fprintf(&b, `<div style="text-align:center;margin:6px 0">$$%s$$</div>`, e(t.Bound))
	}
	if len(t.Assumptions) > 0 {
		fmt.Fprintf(&b, `<div><i>Assumptions:</i> %s.</div>`, e(strings.Join(t.Assumptions, "; ")))
	}
	if t.Solver != "" {
		fmt.Fprintf(&b, `<div><i>Shown by:</i> <code>%s</code></div>`, e(t.Solver))
	}
	b.WriteString(`</div>`)
	return b.String(), nil
}

// DisplayTheorem shows t as an HTML card (TheoremHTML): Jupyter and the
// HTML export typeset its LaTeX with MathJax, and no Markdown parser sees
// its text.
func DisplayTheorem(t Theorem) error {
	h, err := TheoremHTML(t)
	if err != nil {
		return err
	}
	DisplayHTML(h)
	return nil
}

// FromLao converts an entry of lao's theorem registry into a card.
func FromLao(t theory.Theorem) Theorem {
	c := Theorem{Paper: t.Paper, Number: t.Number, Statement: t.Statement, Bound: t.BoundTeX}
	if t.Assumptions != "" {
		c.Assumptions = []string{t.Assumptions}
	}
	if t.Solver != "" {
		c.Solver = "lao solver " + strconv.Quote(t.Solver)
	}
	return c
}

// DisplayLaoTheorem shows the card of the registry theorem with the given
// ID (e.g. "hk2012/3.1", see theory.Theorems).
func DisplayLaoTheorem(id string) error {
	t, ok := theory.TheoremByID(id)
	if !ok {
		return fmt.Errorf("kernel: no theorem %q in theory.Theorems()", id)
	}
	return DisplayTheorem(FromLao(t))
}
