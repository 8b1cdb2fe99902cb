// Command tablegen writes one synthetic regression table as CSV, Parquet
// and SQLite, for the measurements of the README's "Tables where analysts
// keep them": d standard normal attributes (4 decimals), y = Σ_j w_j x_j +
// noise with w_j = (−1)^j (1 + j/d), and a text column.
//
//	go run ./cmd/bench/tablegen -rows 5000000 -d 20 -csv big.csv -parquet big.parquet
//	go run ./cmd/bench/tablegen -rows 200000 -d 20 -sqlite t.db
//
// Every output is written in one pass, a batch of rows at a time (memory
// O(batch·d)); the three files hold the same rows for the same -rows, -d
// and -seed.
package main

import (
	"bufio"
	"database/sql"
	"flag"
	"fmt"
	"log"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	_ "modernc.org/sqlite"
)

const batch = 1 << 16

func main() {
	rows := flag.Int("rows", 100000, "rows")
	d := flag.Int("d", 20, "attributes")
	seed := flag.Uint64("seed", 1, "seed")
	csvPath := flag.String("csv", "", "write the CSV here")
	pqPath := flag.String("parquet", "", "write the Parquet file here")
	dbPath := flag.String("sqlite", "", "write an SQLite database here (table t)")
	flag.Parse()
	g := &gen{rng: rand.New(rand.NewPCG(*seed, 7)), d: *d}
	var outs []writer
	if *csvPath != "" {
		outs = append(outs, must(newCSV(*csvPath, *d)))
	}
	if *pqPath != "" {
		outs = append(outs, must(newParquet(*pqPath, *d)))
	}
	if *dbPath != "" {
		outs = append(outs, must(newSQLite(*dbPath, *d)))
	}
	if len(outs) == 0 {
		log.Fatal("tablegen: name an output: -csv, -parquet or -sqlite")
	}
	for done := 0; done < *rows; {
		n := min(batch, *rows-done)
		x, y := g.batch(n)
		for _, o := range outs {
			if err := o.write(done, x, y); err != nil {
				log.Fatal(err)
			}
		}
		done += n
	}
	for _, o := range outs {
		if err := o.close(); err != nil {
			log.Fatal(err)
		}
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		log.Fatal(err)
	}
	return v
}

type gen struct {
	rng *rand.Rand
	d   int
}

// batch returns n rows: x[j][i] and y[i].
func (g *gen) batch(n int) ([][]float64, []float64) {
	x := make([][]float64, g.d)
	for j := range x {
		x[j] = make([]float64, n)
	}
	y := make([]float64, n)
	for i := range n {
		var s float64
		for j := range g.d {
			v := math.Round(g.rng.NormFloat64()*1e4) / 1e4
			x[j][i] = v
			w := 1 + float64(j)/float64(g.d)
			if j%2 == 1 {
				w = -w
			}
			s += w * v
		}
		y[i] = math.Round((s+0.5*g.rng.NormFloat64())*1e4) / 1e4
	}
	return x, y
}

type writer interface {
	write(start int, x [][]float64, y []float64) error
	close() error
}

func names(d int) []string {
	out := make([]string, d)
	for j := range out {
		out[j] = fmt.Sprintf("x%d", j)
	}
	return out
}

type csvOut struct {
	f *os.File
	w *bufio.Writer
}

func newCSV(path string, d int) (*csvOut, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	fmt.Fprintf(w, "%s,name,y\n", strings.Join(names(d), ","))
	return &csvOut{f: f, w: w}, nil
}

func (c *csvOut) write(start int, x [][]float64, y []float64) error {
	var b []byte
	for i := range y {
		b = b[:0]
		for j := range x {
			b = strconv.AppendFloat(b, x[j][i], 'g', -1, 64)
			b = append(b, ',')
		}
		b = append(b, 'r')
		b = strconv.AppendInt(b, int64(start+i), 10)
		b = append(b, ',')
		b = strconv.AppendFloat(b, y[i], 'g', -1, 64)
		b = append(b, '\n')
		if _, err := c.w.Write(b); err != nil {
			return err
		}
	}
	return nil
}

func (c *csvOut) close() error {
	if err := c.w.Flush(); err != nil {
		return err
	}
	return c.f.Close()
}

type pqOut struct {
	f      *os.File
	fw     *pqarrow.FileWriter
	schema *arrow.Schema
}

func newParquet(path string, d int) (*pqOut, error) {
	var fields []arrow.Field
	for _, n := range names(d) {
		fields = append(fields, arrow.Field{Name: n, Type: arrow.PrimitiveTypes.Float64})
	}
	fields = append(fields, arrow.Field{Name: "name", Type: arrow.BinaryTypes.String}, arrow.Field{Name: "y", Type: arrow.PrimitiveTypes.Float64})
	schema := arrow.NewSchema(fields, nil)
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	props := parquet.NewWriterProperties(parquet.WithCompression(compress.Codecs.Snappy), parquet.WithMaxRowGroupLength(1<<17))
	fw, err := pqarrow.NewFileWriter(schema, f, props, pqarrow.DefaultWriterProps())
	if err != nil {
		return nil, err
	}
	return &pqOut{f: f, fw: fw, schema: schema}, nil
}

func (p *pqOut) write(start int, x [][]float64, y []float64) error {
	mem := memory.DefaultAllocator
	var cols []arrow.Array
	for j := range x {
		b := array.NewFloat64Builder(mem)
		b.AppendValues(x[j], nil)
		cols = append(cols, b.NewArray())
	}
	sb := array.NewStringBuilder(mem)
	for i := range y {
		sb.Append("r" + strconv.Itoa(start+i))
	}
	yb := array.NewFloat64Builder(mem)
	yb.AppendValues(y, nil)
	cols = append(cols, sb.NewArray(), yb.NewArray())
	rec := array.NewRecordBatch(p.schema, cols, int64(len(y)))
	defer rec.Release()
	return p.fw.WriteBuffered(rec)
}

func (p *pqOut) close() error { return p.fw.Close() } // closes the file too

type sqliteOut struct {
	db *sql.DB
	d  int
}

func newSQLite(path string, d int) (*sqliteOut, error) {
	os.Remove(path)
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		return nil, err
	}
	var cols []string
	for _, n := range names(d) {
		cols = append(cols, n+" REAL")
	}
	_, err = db.Exec("CREATE TABLE t (" + strings.Join(cols, ", ") + ", name TEXT, y REAL)")
	return &sqliteOut{db: db, d: d}, err
}

func (s *sqliteOut) write(start int, x [][]float64, y []float64) error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	ph := strings.TrimSuffix(strings.Repeat("?, ", s.d+2), ", ")
	st, err := tx.Prepare("INSERT INTO t VALUES (" + ph + ")")
	if err != nil {
		return err
	}
	args := make([]any, s.d+2)
	for i := range y {
		for j := range x {
			args[j] = x[j][i]
		}
		args[s.d], args[s.d+1] = "r"+strconv.Itoa(start+i), y[i]
		if _, err := st.Exec(args...); err != nil {
			return err
		}
	}
	return tx.Commit()
}

func (s *sqliteOut) close() error { return s.db.Close() }
