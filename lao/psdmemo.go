package lao

import (
	"container/list"
	"encoding/binary"
	"hash/maphash"
	"sync"
	"unsafe"
)

// psdMemo remembers the last positive-semidefinite clips of Baseline's
// estimated second-moment matrix, keyed by a 128-bit hash of the matrix's
// bits (psdKey). Cross-validation fits Baseline once per grid point on each fold
// with the fold's generator (common random numbers), so every radius B of
// the grid sees the same sampled pairs and the same matrix Ā: only the l1
// minimisation depends on B. The O(d³) eigendecomposition, which is
// nearly all of a fit's cost at d = 784, is then done once per fold
// instead of once per grid point and fold. The memo returns bit-identical
// results (the clip is a deterministic function of the matrix); it holds
// at most max bytes of clipped matrices, least recently used first out.
type psdMemo struct {
	mu         sync.Mutex
	bytes, max int        // bytes held, and at most
	order      *list.List // of *psdEntry, most recently used first
	index      map[memoKey]*list.Element
}

type psdEntry struct {
	key          memoKey
	clipped      []float64 // the clip, or (gramEigen) the eigenvectors Q
	ev           []float64 // (gramEigen) the eigenvalues
	minEig, dist float64
}

// psdMemoBytes bounds the memo: 256 MiB holds 42 clips at d = 784 (a
// 10-fold CV over two cores needs at most 11 at a time).
const psdMemoBytes = 256 << 20

var baselinePSD = newPSDMemo(psdMemoBytes)

// gramEigen remembers the eigendecompositions of the Gram matrices behind
// Ridge's constrained form and the corrected ridge of revealed cells
// (eigenMoments), keyed likewise: cross-validation solves each fold once
// per radius B or penalty λ of the grid, and every grid point needs the
// same C = Q diag(ev) Qᵀ (on the simulated data of Kukliansky & Shamir 2015,
// d = 500, the eigendecomposition was most of Ridge's CV). Only β = Qᵀb
// and the secular equation are then computed per grid point.
var gramEigen = newPSDMemo(psdMemoBytes)

func newPSDMemo(maxBytes int) *psdMemo {
	return &psdMemo{max: maxBytes, order: list.New(), index: map[memoKey]*list.Element{}}
}

// reset empties the memo.
func (m *psdMemo) reset() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.bytes, m.order, m.index = 0, list.New(), map[memoKey]*list.Element{}
}

// clip replaces the d×d matrix a by its clip (see clipPSD), from the memo
// when a was clipped before.
func (m *psdMemo) clip(a []float64, d int) (minEig, dist float64, err error) {
	key := psdKey(a, d)
	m.mu.Lock()
	if el, ok := m.index[key]; ok {
		m.order.MoveToFront(el)
		e := el.Value.(*psdEntry)
		copy(a, e.clipped)
		m.mu.Unlock()
		return e.minEig, e.dist, nil
	}
	m.mu.Unlock()
	if minEig, dist, err = clipPSD(a, d); err != nil {
		return 0, 0, err
	}
	m.store(&psdEntry{key: key, clipped: append([]float64(nil), a...), minEig: minEig, dist: dist})
	return minEig, dist, nil
}

// eigen returns eigenGram(C, d), from the memo when C was decomposed
// before. Q and ev are shared with the memo: the caller must not modify
// them.
func (m *psdMemo) eigen(C []float64, d int) (Q, ev []float64, err error) {
	key := psdKey(C, d)
	m.mu.Lock()
	if el, ok := m.index[key]; ok {
		m.order.MoveToFront(el)
		e := el.Value.(*psdEntry)
		m.mu.Unlock()
		return e.clipped, e.ev, nil
	}
	m.mu.Unlock()
	if Q, ev, err = eigenGram(C, d); err != nil {
		return nil, nil, err
	}
	m.store(&psdEntry{key: key, clipped: Q, ev: ev})
	return Q, ev, nil
}

func (e *psdEntry) size() int { return 8 * (len(e.clipped) + len(e.ev)) }

func (m *psdMemo) store(e *psdEntry) {
	size := e.size()
	if size > m.max {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.index[e.key]; ok {
		return // another goroutine clipped the same matrix meanwhile
	}
	for m.bytes+size > m.max {
		last := m.order.Back()
		old := m.order.Remove(last).(*psdEntry)
		delete(m.index, old.key)
		m.bytes -= old.size()
	}
	m.index[e.key] = m.order.PushFront(e)
	m.bytes += size
}

// memoKey is psdKey's hash: two 64-bit hashes with independent seeds.
type memoKey [2]uint64

// memoSeeds are psdKey's seeds, random for each process: the memo lives
// in one process, and no table can be made to collide without them.
var memoSeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

// psdKey hashes d and the bits of a (128 bits: two matrices of a run
// collide with probability about n²/2¹²⁸ over its n keys). It was the
// SHA-256 of the same bits until 2026-12-02, which took 0.8 s of the
// 1.8 s of Baseline's 10-fold CV on MNIST 3 vs 5; maphash reads the
// matrix at memory speed.
func psdKey(a []float64, d int) memoKey {
	var head [8]byte
	binary.LittleEndian.PutUint64(head[:], uint64(d))
	bits := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(a))), 8*len(a))
	var key memoKey
	for i, seed := range memoSeeds {
		var h maphash.Hash
		h.SetSeed(seed)
		h.Write(head[:])
		h.Write(bits)
		key[i] = h.Sum64()
	}
	return key
}
