package datasets

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/laoproject/lao/lao"
)

// NameSyntax describes the data set names Open accepts.
const NameSyntax = `mnist:AvB[:train|:test|:all]  digits A (label -1) vs B (+1), 0 <= A,B <= 9, A != B; default all = train+test pooled
covertype:C[:scaled]           Covertype class C (1..7) vs rest (+1 / -1); scaled divides each attribute by its max |value|
ctslice[:scaled|:std]          CT-slice regression on reference (patientId dropped); std standardises attributes, centres labels
ms2018[:N]                     Murata & Suzuki 2018's synthetic data: N rows (default 100000), d = 500, generated with seed 1
` + powerLawSyntax

// Name is a parsed data set name (see NameSyntax).
type Name struct {
	Dataset string // "mnist", "covertype", "ctslice" or "ms2018"
	Pair    Pair   // mnist: the digit pair
	Part    Part   // mnist: Train, Test or All
	Class   int    // covertype: the class labelled +1
	Scaled  bool   // covertype, ctslice: attributes divided by their max |value|
	// PowerLaw is the simulated data of Kukliansky & Shamir (Dataset
	// "powerlaw").
	PowerLaw *PowerLawSpec
	// Std (ctslice): attributes standardised, labels centred (Standardize).
	Std bool
	// Rows (ms2018): the number of examples generated.
	Rows int
}

// String returns the canonical form of n, which ParseName accepts.
func (n Name) String() string {
	if n.PowerLaw != nil {
		return n.PowerLaw.String()
	}
	s := n.Dataset
	switch n.Dataset {
	case "mnist":
		s += ":" + n.Pair.String()
		if n.Part != All {
			s += ":" + string(n.Part)
		}
	case "covertype":
		s += ":" + strconv.Itoa(n.Class)
	case "ms2018":
		if n.Rows != MS2018Rows {
			s += ":" + strconv.Itoa(n.Rows)
		}
	}
	if n.Scaled {
		s += ":scaled"
	}
	if n.Std {
		s += ":std"
	}
	return s
}

// knownNames are the first fields ParseName accepts, lower case.
var knownNames = []string{"mnist", "covertype", "covtype", "ctslice", "ct-slice", "ct_slice", "ms2018"}

// LooksLikeName reports whether s is meant as a built-in data set name
// rather than a file: its first field (before any ':'), in any case, is a
// data set ParseName knows, such as "MNIST:3v5", "covtype:1" or
// "ctslice:scaled". ParseName then says whether the rest is valid. A
// command that accepts both files and names should prefer an existing file
// of that name.
func LooksLikeName(s string) bool {
	first, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(s)), ":")
	for _, k := range knownNames {
		if first == k {
			return true
		}
	}
	return false
}

// ParseName parses a data set name such as "mnist:3v5", "covertype:1" or
// "ctslice" (see NameSyntax). Errors wrap ErrName.
func ParseName(s string) (Name, error) {
	parts := strings.Split(strings.ToLower(strings.TrimSpace(s)), ":")
	bad := func(why string) (Name, error) {
		return Name{}, fmt.Errorf("datasets: data set name %q: %s; want one of\n%s\n: %w", s, why, NameSyntax, ErrName)
	}
	n := Name{}
	switch parts[0] {
	case "mnist":
		return parseMNIST(parts, bad)
	case "covertype", "covtype":
		n.Dataset = "covertype"
		if len(parts) < 2 {
			return bad(`missing class, as in "covertype:1"`)
		}
		c, err := strconv.Atoi(parts[1])
		if err != nil || c < 1 || c > 7 {
			return bad(fmt.Sprintf("class %q, want 1..7", parts[1]))
		}
		n.Class = c
		parts = parts[2:]
	case "powerlaw":
		p, why := parsePowerLaw(parts[1:])
		if p == nil {
			return bad(why)
		}
		return Name{Dataset: "powerlaw", PowerLaw: p}, nil
	case "ctslice", "ct-slice", "ct_slice":
		n.Dataset = "ctslice"
		parts = parts[1:]
		if len(parts) == 1 && parts[0] == "std" {
			n.Std = true
			return n, nil
		}
	case "ms2018":
		return parseMS2018(parts, bad)
	default:
		return bad(fmt.Sprintf("unknown data set %q", parts[0]))
	}
	switch {
	case len(parts) == 1 && parts[0] == "scaled":
		n.Scaled = true
	case len(parts) > 0:
		return bad(fmt.Sprintf("unknown option %q", strings.Join(parts, ":")))
	}
	return n, nil
}

// parseMNIST parses "mnist:AvB[:part]" split at its colons; bad builds
// ParseName's error.
func parseMNIST(parts []string, bad func(string) (Name, error)) (Name, error) {
	n := Name{Dataset: "mnist", Part: All}
	if len(parts) < 2 {
		return bad(`missing digit pair, as in "mnist:3v5"`)
	}
	a, b, ok := strings.Cut(parts[1], "v")
	if !ok || len(a) != 1 || len(b) != 1 || a[0] < '0' || a[0] > '9' || b[0] < '0' || b[0] > '9' {
		return bad(fmt.Sprintf("digit pair %q is not of the form AvB with digits A and B", parts[1]))
	}
	n.Pair = Pair{int(a[0] - '0'), int(b[0] - '0')}
	if n.Pair.A == n.Pair.B {
		return bad("the two digits must differ")
	}
	if len(parts) > 3 {
		return bad("too many fields")
	}
	if len(parts) == 3 {
		switch p := Part(parts[2]); p {
		case Train, Test, All:
			n.Part = p
		default:
			return bad(fmt.Sprintf("MNIST part %q, want train, test or all", parts[2]))
		}
	}
	return n, nil
}

// parseMS2018 parses "ms2018[:rows]" split at its colons; bad builds
// ParseName's error.
func parseMS2018(parts []string, bad func(string) (Name, error)) (Name, error) {
	n := Name{Dataset: "ms2018", Rows: MS2018Rows}
	if len(parts) > 2 {
		return bad("too many fields")
	}
	if len(parts) == 2 {
		r, err := strconv.Atoi(parts[1])
		if err != nil || r < 1 || r > 10_000_000 {
			return bad(fmt.Sprintf("row count %q, want an integer in [1, 10000000]", parts[1]))
		}
		n.Rows = r
	}
	return n, nil
}

// Open loads a named data set with Default(); see Loader.Open.
func Open(name string) (*lao.Dataset, error) { return Default().Open(name) }

// Open loads a named data set (see NameSyntax), for example "mnist:3v5"
// (the 13,454 threes and fives of train+test, 3 → −1, 5 → +1), "covertype:1"
// or "ctslice".
func (l *Loader) Open(name string) (*lao.Dataset, error) {
	n, err := ParseName(name)
	if err != nil {
		return nil, err
	}
	var ds *lao.Dataset
	switch n.Dataset {
	case "mnist":
		m, err := l.MNIST(n.Part)
		if err != nil {
			return nil, err
		}
		return m.Pair(n.Pair.A, n.Pair.B)
	case "covertype":
		ds, err = l.Covertype(n.Class)
	case "ms2018":
		return MS2018Model().Sample(n.Rows, 1)
	case "powerlaw":
		return n.PowerLaw.Sample()
	default:
		ds, err = l.CTSlice()
	}
	if err == nil && n.Std {
		ds, _, _ = Standardize(ds)
		return ds, nil
	}
	if err != nil || !n.Scaled {
		return ds, err
	}
	ds, _ = MaxAbsScale(ds)
	return ds, nil
}

// MaxAbsScale returns a copy of ds with each attribute j divided by
// s_j = max_i |x_ij| (1 if the column is all zero), so that every attribute
// lies in [−1, 1] as the papers' theorems assume, and the divisors s. Labels
// are unchanged. Apply the same s to a stream with ScaledSource.
func MaxAbsScale(ds *lao.Dataset) (*lao.Dataset, []float64) {
	m, d := ds.Len(), ds.Dim()
	s := make([]float64, d)
	for i := range m {
		for j, v := range ds.Row(i) {
			s[j] = max(s[j], math.Abs(v))
		}
	}
	for j := range s {
		if s[j] == 0 {
			s[j] = 1
		}
	}
	x := make([]float64, 0, m*d)
	for i := range m {
		for j, v := range ds.Row(i) {
			x = append(x, v/s[j])
		}
	}
	y := append([]float64(nil), ds.Labels()...)
	out, err := lao.NewDataset(x, y, d, ds.Names())
	if err != nil {
		panic(err) // unreachable: same shape, finite values
	}
	return out, s
}

// ScaledSource returns a stream yielding src's examples with attribute j
// divided by div[j] (len Dim).
func ScaledSource(src lao.Source, div []float64) (lao.Source, error) {
	if len(div) != src.Dim() {
		return nil, fmt.Errorf("datasets: ScaledSource: %d divisors for %d attributes: %w", len(div), src.Dim(), lao.ErrShape)
	}
	return &scaledSource{Source: src, div: div}, nil
}

type scaledSource struct {
	lao.Source
	div []float64
}

func (s *scaledSource) Next(row []float64) (float64, error) {
	y, err := s.Source.Next(row)
	if err == nil {
		for j := range row {
			row[j] /= s.div[j]
		}
	}
	return y, err
}
