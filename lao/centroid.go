package lao

// Centroid is the budgeted "naive approach" of Cesa-Bianchi,
// Shalev-Shwartz & Shamir (ICML 2010, Section 2.1): assume the correlation
// matrix is the identity, so the loss minimiser is the averaged vector
// Σ y·x, and replace x by its unbiased estimate from k attributes drawn
// uniformly without replacement, v_j = (d/k)x_j (their eq. (3), repeated
// without replacement and averaged). It runs as AER (Algorithm 2) with the
// inner-product estimate dropped, ŷ = 0: w ← (1 − 1/t)w + (2/(λt))·y·v,
// projected onto the l1 ball of radius B, averaged. Without the projection
// w_t = (2/λ)·(1/t)Σ_{s≤t} y_s v_s, a scaled estimate of the class-centroid
// direction E[yx]; λ sets the scale (the squared loss depends on it) and
// B caps it. All k attributes go to v.
//
// Budget: k per example (hard), enforced by the handle like every solver.
//
// The paper reports that this approach "performed poorly" on MNIST; it is
// here as a diagnostic for the MNIST figures (docs/results.md): with
// centred pixels and an intercept (experiments' Preprocess) it is a strong
// budgeted baseline. It has no theorem of its own.
type Centroid struct {
	// K is k, the attributes per example; K must be in [1, d].
	K int
	// B is the l1 radius of the projection. If B is 0, B = 1.
	B float64
	// Lambda sets the scale 2/λ of the averaged estimate. If Lambda is 0,
	// AER's Theorem 2 value, ((B+1)d/B)√(log(m)/(mk)), is used (no theorem
	// backs it here; cross-validate it).
	Lambda float64
}

// Name returns "centroid".
func (s *Centroid) Name() string { return "centroid" }

// Params binds k, B and lambda to the struct's fields (AER's CV ranges).
func (s *Centroid) Params() []Param {
	return []Param{
		IntParam("k", &s.K, "attributes per example, all used to estimate x; in [1, d]"),
		radiusParam(&s.B, "l1"),
		aerLambdaParam(&s.Lambda, &s.K, &s.B, "scale 2/λ of the averaged y·v", "AER's Theorem 2 value"),
	}
}

// About cites the paper.
func (s *Centroid) About() About {
	return About{Paper: paperCSS, Algorithm: "Section 2.1's naive approach (averaged y·x with x estimated), run as Algorithm 2 with ŷ = 0",
		Budget: "k per example", Ball: "l1"}
}

// Start validates the parameters and returns a learner at w = 0 with the
// budget k per example.
func (s *Centroid) Start(p Problem) (Learner, Budget, error) {
	k := s.K
	if err := checkK("centroid", k, p.D); err != nil {
		return nil, Budget{}, err
	}
	B, err := positiveOr("centroid", "B", s.B, defaultRadius)
	if err != nil {
		return nil, Budget{}, err
	}
	lambda, err := positiveOr("centroid", "lambda", s.Lambda, AERDefaultLambda(p.D, k, max(p.M, 2), B, B))
	if err != nil {
		return nil, Budget{}, err
	}
	return newAERLearner(k, 0, B, lambda, p), Budget{PerExample: k, Rule: "k per example"}, nil
}
