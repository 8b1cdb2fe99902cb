package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/laoproject/lao/lao"
)

type solverJSON struct {
	Name      string      `json:"name"`
	Paper     string      `json:"paper"`
	Algorithm string      `json:"algorithm"`
	Budget    string      `json:"budget"`
	Full      bool        `json:"full_information"`
	Tunable   []string    `json:"tunable"`
	Params    []paramJSON `json:"params"`
}

type paramJSON struct {
	Name  string `json:"name"`
	Usage string `json:"usage"`
	Tuned bool   `json:"tuned_by_cv"`
}

func runSolvers(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("solvers", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print a JSON array")
	if err := parseArgs(fs, args); err != nil {
		return err
	}
	var out []solverJSON
	for _, s := range lao.Solvers() {
		j := solverJSON{Name: s.Name, Paper: s.Paper, Algorithm: s.Algorithm, Budget: s.Budget, Full: s.Full, Tunable: []string{}}
		for _, p := range s.Params {
			j.Params = append(j.Params, paramJSON{p.Name, p.Usage, p.Tune != nil})
			if p.Tune != nil {
				j.Tunable = append(j.Tunable, p.Name)
			}
		}
		out = append(out, j)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tPAPER\tALGORITHM\tBUDGET\tPARAMETERS (* tuned by --cv)")
	for _, s := range out {
		var ps []string
		for _, p := range s.Params {
			n := p.Name
			if p.Tuned {
				n += "*"
			}
			ps = append(ps, n)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", s.Name, s.Paper, s.Algorithm, s.Budget, strings.Join(ps, " "))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "\nSet any parameter with `lao fit --param name=value`; `lao solvers --json` prints what each means.")
	return nil
}
