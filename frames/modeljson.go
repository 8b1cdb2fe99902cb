package frames

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// MaxModelBytes is the size of the largest model file ReadModel reads.
const MaxModelBytes = 1 << 30

// readModelJSON reads one JSON object from r strictly: encoding/json alone
// would read null as 0, keep the last of two equal keys and ignore what
// follows the first object. Errors name the field by its path
// ("coefficients[3]", "fit.params.eta") and wrap ErrModelFile.
func readModelJSON(r io.Reader) ([]byte, error) {
	b, keys, err := strictJSON(r)
	if err != nil {
		return nil, err
	}
	for obj, want := range requiredFields {
		have, present := keys[obj]
		if !present {
			continue // an optional object left out
		}
		for _, k := range want {
			if !have[k] {
				field := k
				if obj != "" {
					field = obj + "." + k
				}
				return nil, fmt.Errorf("%w: field %q is missing", ErrModelFile, field)
			}
		}
	}
	return b, nil
}

// requiredFields are the fields a model file must have, per object ("" is
// the model; "scaling" and "fit" are optional, but complete when present).
var requiredFields = map[string][]string{
	"":        {"format", "columns", "coefficients", "intercept", "has_intercept", "zero_prediction", "labels_plus_minus_one"},
	"scaling": {"center", "scaling", "offset", "scale", "y_offset", "y_scale"},
	"fit":     {"solver", "solver_weights"},
}

// knownFields are the fields of each object of a model file, by path, from
// the json tags of modelFile, Transform and FitInfo: encoding/json matches
// names in any case, which would let "Intercept" stand for "intercept".
var knownFields = map[string][]string{
	"": jsonFields(modelFile{}), "scaling": jsonFields(Transform{}), "fit": jsonFields(FitInfo{}),
}

func jsonFields(v any) []string {
	var out []string
	t := reflect.TypeOf(v)
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		out = append(out, name)
	}
	return out
}

// strictJSON reads one JSON object and returns its bytes and the keys of
// every object in it, by path.
func strictJSON(r io.Reader) ([]byte, map[string]map[string]bool, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxModelBytes+1))
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrModelFile, err)
	}
	if len(b) > MaxModelBytes {
		return nil, nil, fmt.Errorf("%w: larger than %d bytes, the largest model file read", ErrModelFile, MaxModelBytes)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	w := &jsonWalker{dec: dec, keys: map[string]map[string]bool{}}
	tok, err := dec.Token()
	if err != nil || tok != json.Delim('{') { // a table, a script, an empty file...
		what := "is not valid JSON"
		if err == nil {
			what = "holds " + describeToken(tok) + ", not a model object"
		}
		return nil, nil, fmt.Errorf("%w: the file %s: it begins %s; a model file is the JSON object lao fit --save-model (Model.WriteJSON) writes",
			ErrModelFile, what, firstLine(b))
	}
	if err := w.object(""); err != nil {
		return nil, nil, err
	}
	if tok, err := dec.Token(); err != io.EOF {
		what := "more data"
		if err == nil {
			what = describeToken(tok)
		}
		return nil, nil, fmt.Errorf("%w: %s after the model object at byte %d (two models in one file? save one model per file)", ErrModelFile, what, dec.InputOffset())
	}
	return b, w.keys, nil
}

// jsonWalker checks a JSON value token by token.
type jsonWalker struct {
	dec  *json.Decoder
	keys map[string]map[string]bool // the keys of each object, by path
}

func (w *jsonWalker) syntax(err error) error {
	if errors.Is(err, io.EOF) {
		err = io.ErrUnexpectedEOF
	}
	return fmt.Errorf("%w: not valid JSON near byte %d: %v", ErrModelFile, w.dec.InputOffset(), err)
}

// object checks the members of an object whose '{' was read.
func (w *jsonWalker) object(path string) error {
	seen := map[string]bool{}
	w.keys[path] = seen
	for w.dec.More() {
		tok, err := w.dec.Token()
		if err != nil {
			return w.syntax(err)
		}
		key := tok.(string) // the decoder only gives strings as keys
		field := key
		if path != "" {
			field = path + "." + key
		}
		if seen[key] {
			return fmt.Errorf("%w: field %q appears twice", ErrModelFile, field)
		}
		if known, ok := knownFields[path]; ok && !slices.Contains(known, key) {
			hint := ""
			if i := slices.IndexFunc(known, func(k string) bool { return strings.EqualFold(k, key) }); i >= 0 {
				hint = fmt.Sprintf(" (field names are case-sensitive: %q)", known[i])
			}
			return fmt.Errorf("%w: unknown field %q%s", ErrModelFile, field, hint)
		}
		seen[key] = true
		if err := w.value(field); err != nil {
			return err
		}
	}
	if _, err := w.dec.Token(); err != nil { // '}'
		return w.syntax(err)
	}
	return nil
}

// value checks one value: no null, finite numbers, and the same inside.
func (w *jsonWalker) value(path string) error {
	tok, err := w.dec.Token()
	if err != nil {
		return w.syntax(err)
	}
	switch t := tok.(type) {
	case nil:
		return fmt.Errorf("%w: field %q is null (a number, string or list is needed; leave an optional field out rather than null)", ErrModelFile, path)
	case json.Number:
		if _, err := strconv.ParseFloat(t.String(), 64); err != nil {
			return fmt.Errorf("%w: field %q is %s, not a finite float64", ErrModelFile, path, t)
		}
	case json.Delim:
		if t == '{' {
			return w.object(path)
		}
		for i := 0; w.dec.More(); i++ {
			if err := w.value(fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		if _, err := w.dec.Token(); err != nil { // ']'
			return w.syntax(err)
		}
	}
	return nil
}

func describeToken(tok json.Token) string {
	switch t := tok.(type) {
	case json.Delim:
		if t == '[' {
			return "a list"
		}
		return "an object"
	case nil:
		return "null"
	case string:
		return "a string"
	}
	return strings.TrimSpace(fmt.Sprintf("the value %v", tok))
}

// firstLine quotes the start of b's first line (at most 60 bytes), or says
// the file is empty.
func firstLine(b []byte) string {
	line, _, _ := bytes.Cut(bytes.TrimLeft(b, " \t\r\n\ufeff"), []byte("\n"))
	if len(line) == 0 {
		return "with nothing (the file is empty)"
	}
	if len(line) > 60 {
		return fmt.Sprintf("%q...", line[:60])
	}
	return fmt.Sprintf("%q", bytes.TrimRight(line, "\r"))
}
