package ingest_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/laoproject/lao/frames/ingest"
	"github.com/laoproject/lao/lao"
)

// SkipLines drops the lines before the header whatever they hold (a stray
// quote, another separator, a line longer than the reader's buffer), the
// separator is detected on the header, and the file lines reported (rows,
// a ragged row, a quote error) count the skipped lines.
func TestSkipLines(t *testing.T) {
	preamble := "Survey of 2024; \"draft\n" + strings.Repeat("x;", 5000) + "\n\n"
	in, err := ingest.Open(strings.NewReader(preamble+"a,b\n1,2\n3,4\n5,6,7\n"), "t.csv", ingest.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	rec, err := ingest.NewRecords(in, ingest.CSVOptions{SkipLines: 3})
	if err != nil {
		t.Fatal(err)
	}
	if h := strings.Join(rec.Header(), "|"); h != "a|b" || rec.Comma() != ',' || rec.FirstLine() != 4 {
		t.Fatalf("header %q, separator %q, first line %d; want a|b, ',' and 4", h, rec.Comma(), rec.FirstLine())
	}
	for _, want := range []int{5, 6} {
		if _, line, err := rec.Read(); err != nil || line != want {
			t.Fatalf("row on line %d (%v), want line %d", line, err, want)
		}
	}
	var ragged *ingest.RaggedError
	if _, _, err := rec.Read(); !errors.As(err, &ragged) || ragged.Line != 7 {
		t.Fatalf("ragged row: %v, want a RaggedError on line 7", err)
	}

	in, _ = ingest.Open(strings.NewReader("note\nnote\n1,2\n\"3,4\n"), "q.csv", ingest.Limits{})
	rec, err = ingest.NewRecords(in, ingest.CSVOptions{SkipLines: 2, NoHeader: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, line, err := rec.Read(); err != nil || line != 3 {
		t.Fatalf("first row on line %d (%v), want 3", line, err)
	}
	if _, _, err := rec.Read(); err == nil || !strings.Contains(err.Error(), "line 4:") {
		t.Fatalf("unterminated quote: %v, want it named on line 4", err)
	}

	for _, c := range []struct {
		text string
		skip int
		want string
	}{
		{"a\nb\n", 2, "no header row after the 2 lines skipped"},
		{"a\nb", 3, "the table was to start after line 3, and the input has 2 lines"},
		{"", 1, "the table was to start after line 1, and the input has 0 lines"},
	} {
		in, _ := ingest.Open(strings.NewReader(c.text), "e.csv", ingest.Limits{})
		if _, err := ingest.NewRecords(in, ingest.CSVOptions{SkipLines: c.skip}); !errors.Is(err, lao.ErrEmpty) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q skipping %d: %v, want ErrEmpty saying %q", c.text, c.skip, err, c.want)
		}
	}
}
