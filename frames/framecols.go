package frames

import (
	"fmt"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// frameColumns gives O(1) access to the columns of a DataFrame by name.
// gota's Col lists every column name at each call, so reading the d
// columns of a wide frame one by one costs O(d²) time and allocation (a
// 100,000-column table took minutes); columnsOf visits them once.
type frameColumns struct {
	df     dataframe.DataFrame
	byName map[string]series.Series
}

// columnsOf indexes the columns of df (shared with df, not copied).
func columnsOf(df dataframe.DataFrame) (c *frameColumns, err error) {
	defer func() {
		if r := recover(); r != nil {
			c, err = nil, fmt.Errorf("frames: gota panicked while listing the columns: %v: %w", r, ErrFrame)
		}
	}()
	c = &frameColumns{df: df, byName: make(map[string]series.Series, df.Ncol())}
	one := series.New([]float64{0}, series.Float, "")
	first, j, dup := map[string]int{}, 0, ""
	df.Capply(func(s series.Series) series.Series {
		if k, ok := first[s.Name]; ok && dup == "" {
			dup = duplicateColumns(k, j, s.Name)
		}
		first[s.Name] = j
		c.byName[s.Name] = s
		j++
		return one
	})
	if dup != "" { // one name, two columns: which one a name reads would be a guess
		return nil, fmt.Errorf("frames: %s: %w", dup, ErrFrame)
	}
	return c, nil
}

// read returns the values of a numeric column, as readColumn.
func (c *frameColumns) read(name, role string, allowNaN bool) ([]float64, error) {
	s, ok := c.byName[name]
	if !ok {
		return nil, unknownColumn(name, role, c.df.Names())
	}
	return readSeries(s, name, role, allowNaN)
}
