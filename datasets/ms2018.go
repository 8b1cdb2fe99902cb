package datasets

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/laoproject/lao/lao"
)

// GaussianSparseModel is x ~ N(0, I_d), y = θ*·x + ξ with ξ ~ N(0, Noise²)
// independent of x: the synthetic data of Murata & Suzuki (2018, Section 6)
// with MS2018Model's θ*. d is len(ThetaStar). E[xxᵀ] = I, so the risk of
// any θ is exact: L(θ) = E(θ·x − y)² = ||θ − θ*||₂² + Noise².
type GaussianSparseModel struct {
	ThetaStar []float64
	Noise     float64
}

// MS2018Dim, MS2018SStar and MS2018Rows are the sizes of Murata & Suzuki's
// synthetic experiment: d = 500, s_* = 25 non-zeros, n = 10⁵ examples.
const (
	MS2018Dim   = 500
	MS2018SStar = 25
	MS2018Rows  = 100000
)

// MS2018Model returns the model of Murata & Suzuki (2018, Section 6):
// d = 500, θ*_j = 1 for j ∈ [13], −1 for j ∈ [14, 25] (1-based), 0
// otherwise (s_* = 25), standard normal noise.
func MS2018Model() GaussianSparseModel {
	th := make([]float64, MS2018Dim)
	for j := range MS2018SStar {
		th[j] = 1
		if j >= 13 {
			th[j] = -1
		}
	}
	return GaussianSparseModel{ThetaStar: th, Noise: 1}
}

// Sample draws m examples with lao.NewRand(seed): per row x_1..x_d, then
// ξ. The same (m, seed) gives the same data, and a longer sample extends a
// shorter one.
func (p GaussianSparseModel) Sample(m int, seed uint64) (*lao.Dataset, error) {
	normal := (*rand.Rand).NormFloat64
	return sampleLinear("GaussianSparseModel", m, seed, p.ThetaStar, p.Noise, normal, normal)
}

// Excess is the exact excess risk L(θ) − L(θ*) = ||θ − θ*||₂² for the loss
// (θ·x − y)² of Murata & Suzuki (E[xxᵀ] = I).
func (p GaussianSparseModel) Excess(theta []float64) float64 { return sqDist(theta, p.ThetaStar) }

// Risk is the exact risk L(θ) = ||θ − θ*||₂² + Noise²: the expected test
// squared error of θ on fresh data.
func (p GaussianSparseModel) Risk(theta []float64) float64 {
	return p.Excess(theta) + p.Noise*p.Noise
}

// Standardize returns a copy of ds with every attribute centred and scaled
// to unit variance (over ds) and the labels centred, plus the means and
// standard deviations it used (label last). A constant attribute becomes an
// all-zero column (its standard deviation is reported as 0): a sparse
// linear model can never use it, which is the same as dropping it.
func Standardize(ds *lao.Dataset) (*lao.Dataset, []float64, []float64) {
	m, d := ds.Len(), ds.Dim()
	mean, sd := make([]float64, d+1), make([]float64, d+1)
	if m == 0 {
		return ds, mean, sd
	}
	for i := range m {
		for j, v := range ds.Row(i) {
			mean[j] += v
		}
		mean[d] += ds.Label(i)
	}
	for j := range mean {
		mean[j] /= float64(m)
	}
	for i := range m {
		for j, v := range ds.Row(i) {
			sd[j] += (v - mean[j]) * (v - mean[j])
		}
		sd[d] += (ds.Label(i) - mean[d]) * (ds.Label(i) - mean[d])
	}
	for j := range sd {
		sd[j] = math.Sqrt(sd[j] / float64(m))
		if sd[j] < 1e-12*(1+math.Abs(mean[j])) {
			sd[j] = 0
		}
	}
	x := make([]float64, 0, m*d)
	y := make([]float64, m)
	for i := range m {
		for j, v := range ds.Row(i) {
			if sd[j] == 0 {
				x = append(x, 0)
			} else {
				x = append(x, (v-mean[j])/sd[j])
			}
		}
		y[i] = ds.Label(i) - mean[d]
	}
	out, err := lao.NewDataset(x, y, d, ds.Names())
	if err != nil {
		panic(fmt.Sprintf("datasets: Standardize: %v", err)) // unreachable: same shape, finite values
	}
	return out, mean, sd
}

// ConstantColumns returns the attributes whose value is the same in every
// row of ds (in CT-slice, histogram bins that lie outside every image).
func ConstantColumns(ds *lao.Dataset) []int {
	if ds.Len() == 0 {
		return nil
	}
	first := ds.Row(0)
	var out []int
	for j := range ds.Dim() {
		same := true
		for i := 1; i < ds.Len() && same; i++ {
			same = ds.Row(i)[j] == first[j]
		}
		if same {
			out = append(out, j)
		}
	}
	return out
}
