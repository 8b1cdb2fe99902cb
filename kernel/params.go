package kernel

import (
	"fmt"
	"os"
	"strconv"
)

// ParamEnvPrefix starts the environment variables that override a
// notebook's parameters (LAO_NB_K for k): the notebook test re-runs a
// notebook with other parameters this way and checks that no label still
// shows the defaults.
const ParamEnvPrefix = "LAO_NB_"

// IntParam returns the integer parameter name of a notebook's parameter
// cell: def, unless the environment variable LAO_NB_<NAME> holds another
// value. A value that is not an integer panics (the cell fails, naming it).
func IntParam(name string, def int) int {
	v, ok := os.LookupEnv(ParamEnvPrefix + name)
	if !ok || v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		panic(fmt.Errorf("kernel: %s%s = %q: not an integer", ParamEnvPrefix, name, v))
	}
	return n
}
