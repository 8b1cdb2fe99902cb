package lao

import (
	"cmp"
	"math"
	"slices"
)

// This file holds the priced versions of the sparse solvers' support
// choices (ours, docs/costs.md): a support within a cost budget, chosen by
// value per unit of price, and Exploration's blocks within what a training
// example may spend beyond the support.

// costThreshold keeps at most s of v's non-zero entries whose prices sum
// to at most budget and zeroes the others, and returns the kept support,
// increasing, in supp[:0]. Cost-blind, it keeps greedily by |v_j| (ties
// towards the smaller index): each entry in that order is kept if it still
// fits. Priced, it also runs the greedy rule by value per price v_j²/c_j
// and keeps whichever of the two selections holds more of Σ v_j² (the
// modified greedy rule for the knapsack max Σ_{j∈S} v_j² subject to
// Σ_{j∈S} c_j ≤ budget, |S| ≤ s: by value per price alone it may trade one
// valuable dear entry for many cheap weak ones). With every price equal to
// c and budget = s·c it is hardThreshold.
func costThreshold(v []float64, s int, costs []float64, budget float64, priced bool, order, supp []int) []int {
	byValue := func(j int) float64 { return math.Abs(v[j]) }
	keep := greedyWithin(v, s, costs, budget, byValue, order)
	if priced {
		alt := greedyWithin(v, s, costs, budget, func(j int) float64 { return v[j] * v[j] / costs[j] }, order)
		if sumSquares(v, alt) > sumSquares(v, keep) {
			keep = alt
		}
	}
	kept := make(map[int]bool, len(keep))
	for _, j := range keep {
		kept[j] = true
	}
	supp = supp[:0]
	for j := range v {
		if !kept[j] {
			v[j] = 0
		} else {
			supp = append(supp, j)
		}
	}
	return supp
}

// greedyWithin returns the non-zero entries of v taken in decreasing order
// of key (ties towards the smaller index), each if fewer than s are taken
// and its price still fits the budget. order is scratch.
func greedyWithin(v []float64, s int, costs []float64, budget float64, key func(int) float64, order []int) []int {
	order = order[:0]
	for j, x := range v {
		if x != 0 {
			order = append(order, j)
		}
	}
	slices.SortFunc(order, func(a, b int) int {
		if c := cmp.Compare(key(b), key(a)); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	var keep []int
	var spent float64
	for _, j := range order {
		if len(keep) < s && fitsBudget(spent+costs[j], budget) {
			spent += costs[j]
			keep = append(keep, j)
		}
	}
	return keep
}

// sumSquares returns Σ_{j∈idx} v_j².
func sumSquares(v []float64, idx []int) float64 {
	var t float64
	for _, j := range idx {
		t += v[j] * v[j]
	}
	return t
}

// costBlocks partitions the attributes 0..d−1 into consecutive blocks of
// at most width attributes whose prices sum to at most budget (each block
// as long as both allow) and returns the boundaries: block i is
// [bounds[i], bounds[i+1]). With every price equal to c and
// budget = width·c the blocks are Exploration's J_i. An attribute that
// alone costs more than budget is returned as bad (bounds nil).
func costBlocks(costs []float64, width int, budget float64) (bounds []int, bad int) {
	bounds = []int{0}
	for lo := 0; lo < len(costs); {
		if !fitsBudget(costs[lo], budget) {
			return nil, lo
		}
		hi, spent := lo, 0.0
		for hi < len(costs) && hi-lo < width && fitsBudget(spent+costs[hi], budget) {
			spent += costs[hi]
			hi++
		}
		bounds = append(bounds, hi)
		lo = hi
	}
	return bounds, -1
}

// maxBlockCost returns the largest total price of a block.
func maxBlockCost(costs []float64, bounds []int) float64 {
	var m float64
	for i := range len(bounds) - 1 {
		var s float64
		for _, c := range costs[bounds[i]:bounds[i+1]] {
			s += c
		}
		m = max(m, s)
	}
	return m
}
