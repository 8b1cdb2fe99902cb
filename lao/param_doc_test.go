package lao

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// packageDocs parses the package's non-test sources and returns the doc
// comment of every struct field (by type and field name) and of every
// Params method (by receiver type), whitespace collapsed.
func packageDocs(t *testing.T) (fields map[string]map[string]string, params map[string]string) {
	t.Helper()
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	norm := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	fields, params = map[string]map[string]string{}, map[string]string{}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.TypeSpec:
				st, ok := n.Type.(*ast.StructType)
				if !ok {
					return true
				}
				fields[n.Name.Name] = map[string]string{}
				for _, fl := range st.Fields.List {
					for _, name := range fl.Names {
						fields[n.Name.Name][name.Name] = norm(fl.Doc.Text())
					}
				}
			case *ast.FuncDecl:
				if n.Name.Name == "Params" && n.Recv != nil {
					if star, ok := n.Recv.List[0].Type.(*ast.StarExpr); ok {
						params[star.X.(*ast.Ident).Name] = norm(n.Doc.Text())
					}
				}
			}
			return true
		})
	}
	return fields, params
}

// fieldOf returns the name of the field of the struct behind s that p is
// bound to, and the name of the struct type that declares it (s's own, or
// an embedded struct's, e.g. Prices).
func fieldOf(s Solver, p Param) (field, owner string) {
	var ptr uintptr
	switch {
	case p.Int != nil:
		ptr = reflect.ValueOf(p.Int).Pointer()
	case p.Bool != nil:
		ptr = reflect.ValueOf(p.Bool).Pointer()
	default:
		ptr = reflect.ValueOf(p.Float).Pointer()
	}
	return findField(reflect.ValueOf(s).Elem(), ptr)
}

// findField searches the fields of the struct v, and of the structs it
// embeds, for the one at address ptr.
func findField(v reflect.Value, ptr uintptr) (field, owner string) {
	for i := range v.NumField() {
		f, sf := v.Field(i), v.Type().Field(i)
		if sf.Anonymous && f.Kind() == reflect.Struct {
			if name, typ := findField(f, ptr); name != "" {
				return name, typ
			}
			continue
		}
		if f.Addr().Pointer() == ptr {
			return sf.Name, v.Type().Name()
		}
	}
	return "", ""
}

// Every default is written once: the Param declaration's Default, which
// the usage text prints and the field's doc comment must state ("If Eta is
// 0, <Default> ..."). Every Params doc comment names every parameter it
// binds. A boolean's doc says what it does when on; its zero is off.
func TestParamDocsMatchDeclarations(t *testing.T) {
	fields, params := packageDocs(t)
	for _, info := range Solvers() {
		s := info.New()
		typ := reflect.TypeOf(s).Elem().Name()
		doc := params[typ]
		for _, p := range s.Params() {
			field, owner := fieldOf(s, p)
			fdoc, ok := fields[owner][field]
			if field == "" || !ok || fdoc == "" {
				t.Errorf("%s: %s is bound to no documented field of %s", info.Name, p.Name, typ)
				continue
			}
			if !regexp.MustCompile(`\b` + regexp.QuoteMeta(p.Name) + `\b`).MatchString(doc) {
				t.Errorf("%s: the doc of %s.Params does not name %s: %q", info.Name, typ, p.Name, doc)
			}
			if p.Default == "" {
				continue
			}
			if !strings.HasSuffix(p.Usage, "; 0 selects "+p.Default) {
				t.Errorf("%s: %s: usage %q does not end with its default %q", info.Name, p.Name, p.Usage, p.Default)
			}
			zero := strings.Index(fdoc, "If "+field+" is 0")
			if zero < 0 || !strings.Contains(fdoc[zero:], p.Default) {
				t.Errorf("%s: the doc of %s.%s does not say \"If %s is 0, ... %s\": %q", info.Name, typ, field, field, p.Default, fdoc)
			}
		}
	}
}

// Errors name the parameters as users type them (Param.Name), not the Go
// fields: each parameter set to −1, if refused, is named in the error.
func TestParamErrorsUseParamNames(t *testing.T) {
	d := 10
	moments := make([]float64, d)
	for i := range moments {
		moments[i] = 1
	}
	for _, info := range Solvers() {
		for _, p := range info.New().Params() {
			if p.Bool != nil {
				continue
			}
			s := info.New()
			if k, err := FindParam(s, "k"); err == nil && p.Name != "k" {
				_ = k.Set(DefaultK)
			}
			if m, ok := s.(MomentsUser); ok {
				m.SetMoments(moments)
			}
			if e, ok := s.(*Exploitation); ok {
				e.SetSupport([]int{0, 1})
			}
			q, _ := FindParam(s, p.Name)
			if err := q.Set(-1); err != nil {
				t.Fatalf("%s: %s: %v", info.Name, p.Name, err)
			}
			_, _, err := s.Start(Problem{M: 100, D: d, Rand: NewRand(1)})
			if err == nil {
				continue // −1 is a valid value (e.g. qpower)
			}
			if !errors.Is(err, ErrParam) || !strings.HasPrefix(err.Error(), info.Name+": "+p.Name+" ") {
				t.Errorf("%s: %s = −1: the error does not start with %q: %v", info.Name, p.Name, info.Name+": "+p.Name+" ", err)
			}
		}
	}
}
