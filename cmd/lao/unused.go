package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/laoproject/lao/frames"
)

// unusedListed is how many unused columns fit, describe and compare name
// one per line; a wide table's others are counted by reason
// (--json lists every one).
const unusedListed = 20

// printUnused prints a report's unused columns with their reasons: every
// one up to unusedListed, else the first unusedListed/2 and a count of the
// rest by the kind of reason (the words before its first ':' or '(').
func printUnused(w io.Writer, unused []frames.Unused) {
	shown := unused
	if len(unused) > unusedListed {
		shown = unused[:unusedListed/2]
	}
	for _, u := range shown {
		fmt.Fprintf(w, "unused column %s: %s\n", u.Column, u.Reason)
	}
	rest := unused[len(shown):]
	if len(rest) == 0 {
		return
	}
	var kinds []string
	count := map[string]int{}
	for _, u := range rest {
		kind := u.Reason
		if i := strings.IndexAny(kind, ":("); i > 0 {
			kind = strings.TrimSpace(kind[:i])
		}
		if strings.Contains(u.Reason, "not on the test rows") { // frames.Shifted: not the plain constant kind
			kind += ", not on the test rows"
		}
		if count[kind] == 0 {
			kinds = append(kinds, kind)
		}
		count[kind]++
	}
	parts := make([]string, len(kinds))
	for i, k := range kinds {
		parts[i] = fmt.Sprintf("%d %s", count[k], k)
	}
	fmt.Fprintf(w, "unused columns: %d more (--json lists each with its reason): %s\n", len(rest), strings.Join(parts, "; "))
}
