package lao

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// Every registered solver: its parameters are bound to its fields (Set then
// Get round-trips and changes the struct), it describes itself, and New
// finds it by name in any case.
func TestRegistryParamsBound(t *testing.T) {
	for _, info := range Solvers() {
		s := info.New()
		if s.Name() != info.Name || info.Paper == "" || info.Budget == "" || (info.Ball != "l1" && info.Ball != "l2" && info.Ball != "l0") {
			t.Errorf("%s: incomplete description %+v", info.Name, info.About)
		}
		for _, p := range s.Params() {
			if p.Get() != 0 {
				t.Errorf("%s: %s = %v in a fresh solver, want 0 (the default)", info.Name, p.Name, p.Get())
			}
			v := 3.0 // any value an int or float parameter takes; a bool takes only 1 and 0
			if p.Bool != nil {
				v = 1
				if err := p.Set(3); !errors.Is(err, ErrParam) || p.Get() != 0 {
					t.Errorf("%s: %s: Set(3) gave %v, %v; want ErrParam", info.Name, p.Name, p.Get(), err)
				}
			}
			if err := p.Set(v); err != nil || p.Get() != v {
				t.Errorf("%s: %s: Set(%g) gave %v, %v", info.Name, p.Name, v, p.Get(), err)
			}
			if p.Usage == "" {
				t.Errorf("%s: %s has no usage", info.Name, p.Name)
			}
		}
		if s2, err := New(" " + info.Name); err != nil || s2.Name() != info.Name {
			t.Errorf("New(%q): %v, %v", info.Name, s2, err)
		}
	}
	if _, err := New("nope"); !errors.Is(err, ErrParam) {
		t.Errorf("New(nope): %v", err)
	}
}

func TestSetParamsErrors(t *testing.T) {
	s := &AERR{}
	if err := SetParams(s, map[string]float64{"k": 4, "eta": 0.5}); err != nil || s.K != 4 || s.Eta != 0.5 {
		t.Fatalf("SetParams: %v %+v", err, s)
	}
	for _, bad := range []map[string]float64{{"lambda": 1}, {"k": 2.5}, {"eta": math.NaN()}, {"B": math.Inf(1)}} {
		if err := SetParams(&AERR{}, bad); !errors.Is(err, ErrParam) {
			t.Errorf("SetParams(%v) = %v, want ErrParam", bad, err)
		}
	}
	p, err := FindParam(s, "ETA") // case-insensitive when unambiguous
	if err != nil || p.Get() != 0.5 {
		t.Errorf("FindParam(ETA) = %v, %v", p.Get(), err)
	}
	if err := p.SetString("x"); !errors.Is(err, ErrParam) {
		t.Errorf("SetString(x) = %v", err)
	}
}

// Grid: the product of the tuned ranges, centred per B; fixed parameters
// are left out; the solver is unchanged afterwards.
func TestGrid(t *testing.T) {
	s := &AELR{K: 4}
	g := Grid(s, Problem{M: 1000, D: 50})
	if len(g) != len(radiusValues)*len(stepFactors) {
		t.Fatalf("%d grid points, want %d", len(g), len(radiusValues)*len(stepFactors))
	}
	for _, p := range g {
		want := AELRDefaultEta(50, 4, 1000, max(p["B"], 1))
		if r := p["eta"] / want; !slices.ContainsFunc(stepFactors, func(f float64) bool { return math.Abs(f-r) < 1e-9*f }) {
			t.Fatalf("point %v: eta/centre = %g not a step factor", p, r)
		}
	}
	if s.B != 0 || s.Eta != 0 || s.K != 4 {
		t.Errorf("Grid changed the solver: %+v", s)
	}
	s.B = 2
	if g := Grid(s, Problem{M: 1000, D: 50}); len(g) != len(stepFactors) || g[0]["B"] != 0 {
		t.Errorf("fixed B: %d points, first %v", len(g), g[0])
	}
	if g := Grid(&AERR{K: 1, B: 1, Eta: 1}, Problem{M: 10, D: 5}); len(g) != 1 || len(g[0]) != 0 {
		t.Errorf("nothing to tune: %v", g)
	}
	c, err := Clone(s)
	if err != nil {
		t.Fatal(err)
	}
	c.(*AELR).B = 7
	if s.B != 2 {
		t.Error("Clone shares the struct")
	}
	for _, bad := range []Solver{notPointer{}, (*AELR)(nil), nil} {
		if c, err := Clone(bad); !errors.Is(err, ErrNotPointer) || c != nil {
			t.Errorf("Clone(%#v) = %v, %v; want ErrNotPointer", bad, c, err)
		}
	}
}

// notPointer is a solver that is not a pointer: Clone cannot copy it.
type notPointer struct{}

func (notPointer) Name() string                           { return "not-pointer" }
func (notPointer) Params() []Param                        { return nil }
func (notPointer) Start(Problem) (Learner, Budget, error) { return nil, Budget{}, nil }

// An unknown solver name is an error that suggests the closest names (a
// typo of one or two characters) and lists them all.
func TestNewSuggestsNames(t *testing.T) {
	for name, want := range map[string]string{
		"ddaer": "did you mean ddaerr or ddaelr?", "rige": "did you mean ridge?", " Screen-Rige ": "did you mean screen-ridge?", "zzzzzz": `"zzzzzz" (known: baseline`,
	} {
		_, err := New(name)
		if err == nil || !strings.Contains(err.Error(), want) || !errors.Is(err, ErrParam) {
			t.Errorf("New(%q): %v, want %q", name, err, want)
		}
	}
	if _, err := New("zzzzzz"); strings.Contains(err.Error(), "did you mean") {
		t.Errorf("a name far from every solver got a suggestion: %v", err)
	}
}

// TestRegistryComplete: every type of the package with a Solver's Start
// method, Start(Problem) (Learner, Budget, error), is registered (the
// registry is also the compile-time check that each implements Solver),
// so none is unreachable by name. It reads declarations: a type that gets
// Start by embedding a solver is not seen (none does).
func TestRegistryComplete(t *testing.T) {
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	registered := map[string]bool{}
	for _, c := range constructors {
		registered[reflect.TypeOf(c()).Elem().Name()] = true
	}
	n := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || fn.Name.Name != "Start" || !solverStart(fn) {
				continue
			}
			switch recv := recvType(fn); {
			case recv == "":
				t.Errorf("%s: Start of a receiver the test cannot name (%s)", name, types(fn.Recv.List[0].Type))
				continue
			case !ast.IsExported(recv): // the package's own (momentsReader, the plain references)
				continue
			}
			n++
			if !registered[recvType(fn)] {
				t.Errorf("%s: %s has a Start method and is not in the registry", name, recvType(fn))
			}
		}
	}
	if n != len(constructors) {
		t.Errorf("%d exported types with Start, %d registered", n, len(constructors))
	}
}

// solverStart reports whether fn has Solver.Start's signature, by the
// names of its parameter and result types.
func solverStart(fn *ast.FuncDecl) bool {
	p, r := fn.Type.Params.List, fn.Type.Results
	return len(p) == 1 && len(p[0].Names) <= 1 && types(p[0].Type) == "Problem" &&
		r != nil && len(r.List) == 3 && types(r.List[0].Type) == "Learner" && types(r.List[1].Type) == "Budget" && types(r.List[2].Type) == "error"
}

// types prints a type expression's identifier ("" for anything else).
func types(e ast.Expr) string {
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return fmt.Sprintf("%T", e)
}

// recvType is the name of a method's receiver type (*T or T).
func recvType(fn *ast.FuncDecl) string {
	e := fn.Recv.List[0].Type
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	switch g := e.(type) { // a generic receiver T[P] or T[P, Q]
	case *ast.IndexExpr:
		e = g.X
	case *ast.IndexListExpr:
		e = g.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}
