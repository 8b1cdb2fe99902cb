package frames

import (
	"errors"
	"os/exec"
	"strings"
	"testing"
)

// ShellWord's words read back by a POSIX shell as the names they quote.
func TestShellWord(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	for _, tc := range []struct{ in, want string }{
		{"GRADE", "GRADE"},
		{"a,b_c.d", "a,b_c.d"},
		{"'OBS'", `"'OBS'"`},
		{"two words", `"two words"`},
		{"", `""`},
		{`price $ "net"`, `'price $ "net"'`},
		{`it's $5`, `'it'\''s $5'`},
		{"wow!", "'wow!'"},
		{"=x", `"=x"`},
	} {
		got := ShellWord(tc.in)
		if got != tc.want {
			t.Errorf("ShellWord(%q) = %s, want %s", tc.in, got, tc.want)
		}
		out, err := exec.Command(sh, "-c", "printf '%s' "+got).Output()
		if err != nil || string(out) != tc.in {
			t.Errorf("sh reads %s as %q (%v), want %q", got, out, err, tc.in)
		}
	}
}

// An unknown column that differs from one of the table's only by case or
// by quotes around it, or by a typing slip (typoColumn), is named in the
// error, typed for a shell.
func TestUnknownColumnNear(t *testing.T) {
	for _, tc := range []struct {
		name string
		have []string
		hint string
	}{
		{"GRADE", []string{"'OBS'", "'GRADE'"}, `did you mean 'GRADE' (on a command line: "'GRADE'")?`},
		{"Invest", []string{"invest", "value"}, "did you mean invest?"},
		{"x", []string{"X", "'x'"}, ""}, // two candidates: no guess
		{"price", []string{"cost"}, ""},
		// typing slips: a swap, a letter short, two letters short of nine
		{"pirce", []string{"rooms", "price"}, "did you mean price?"},
		{"MATHTOTAL", []string{"MATHTOT", "READTOT"}, "did you mean MATHTOT?"},
		{"ag", []string{"age", "area"}, "did you mean age?"},
		{"ab", []string{"a", "b"}, ""}, // two at distance 1: no guess
		{"xyz", []string{"age", "area"}, ""},
	} {
		err := unknownColumn(tc.name, "target", tc.have)
		if !errors.Is(err, ErrUnknownColumn) {
			t.Fatalf("%v does not wrap ErrUnknownColumn", err)
		}
		if got := strings.Contains(err.Error(), "did you mean"); got != (tc.hint != "") || tc.hint != "" && !strings.Contains(err.Error(), tc.hint) {
			t.Errorf("%q among %q: %v, want the hint %q", tc.name, tc.have, err, tc.hint)
		}
	}
}
