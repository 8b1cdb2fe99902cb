package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/laoproject/lao/lao"
)

type solverJSON struct {
	Name      string   `json:"name"`
	Paper     string   `json:"paper"`
	Algorithm string   `json:"algorithm"`
	Budget    string   `json:"budget"`
	Full      bool     `json:"full_information"`
	Tunable   []string `json:"tunable"`
}

func runSolvers(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("solvers", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print a JSON array")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var out []solverJSON
	for _, s := range lao.Solvers() {
		out = append(out, solverJSON{s.Name, s.Paper, s.Algorithm, s.Budget, s.Full, s.Tunable})
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tPAPER\tALGORITHM\tBUDGET\tTUNED BY --cv")
	for _, s := range out {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%v\n", s.Name, s.Paper, s.Algorithm, s.Budget, s.Tunable)
	}
	return tw.Flush()
}
