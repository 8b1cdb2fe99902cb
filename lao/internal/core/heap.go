package core

import "unsafe"

// minHeap is a 4-ary min-heap of (key, index) pairs ordered by key, ties
// by index, with the position of every index kept for updates and
// removals in O(log₄ n). The four children of a node share one 64-byte
// cache line (entries are 16 bytes, and the array is laid out so that
// every group of siblings starts a line), so a sift step reads one line.
// L1Ball keeps lower bounds of the active magnitudes in it (lower,
// raiseTop): the projection onto the l1 ball pops the smallest.
type minHeap struct {
	e   []heapEntry
	pos []int32 // pos[i]: the position of index i, −1 if absent
}

type heapEntry struct {
	m float64
	i int32
}

func newMinHeap(d int) minHeap {
	h := minHeap{pos: make([]int32, d)}
	for i := range h.pos {
		h.pos[i] = -1
	}
	// Children of position p are 4p+1 … 4p+4: aligning entry 1 to 64 bytes
	// puts every sibling group on one line.
	buf := make([]heapEntry, d+4)
	skip := 0
	for uintptr(unsafe.Pointer(&buf[skip+1]))%64 != 0 && skip < 3 {
		skip++
	}
	h.e = buf[skip:skip:len(buf)]
	return h
}

func (h *minHeap) len() int { return len(h.e) }

// min returns the smallest entry (the heap must not be empty).
func (h *minHeap) min() heapEntry { return h.e[0] }

func (a heapEntry) less(b heapEntry) bool { return a.m < b.m || (a.m == b.m && a.i < b.i) }

// push adds index i with key m (i must be absent).
func (h *minHeap) push(i int, m float64) {
	h.e = append(h.e, heapEntry{m, int32(i)})
	h.up(len(h.e) - 1)
}

// lower sets the key of index i (present) to m if m is smaller: a key
// that would grow keeps its value, a lower bound (L1Ball.minAtMost).
func (h *minHeap) lower(i int, m float64) {
	p := int(h.pos[i])
	if m < h.e[p].m {
		h.e[p].m = m
		h.up(p)
	}
}

// raiseTop sets the smallest entry's key to m, at least its key, and
// restores the order.
func (h *minHeap) raiseTop(m float64) {
	h.e[0].m = m
	h.down(0)
}

// remove deletes index i (present).
func (h *minHeap) remove(i int) {
	p := int(h.pos[i])
	h.pos[i] = -1
	last := len(h.e) - 1
	x := h.e[last]
	h.e = h.e[:last]
	if p == last {
		return
	}
	h.set(p, x)
	if !h.up(p) {
		h.down(p)
	}
}

// up moves the entry at p towards the root while it is smaller than its
// parent and reports whether it moved.
func (h *minHeap) up(p int) bool {
	x := h.e[p]
	start := p
	for p > 0 {
		q := (p - 1) / 4
		if !x.less(h.e[q]) {
			break
		}
		h.set(p, h.e[q])
		p = q
	}
	h.set(p, x)
	return p != start
}

// down moves the entry at p towards the leaves while a child is smaller.
func (h *minHeap) down(p int) {
	x := h.e[p]
	n := len(h.e)
	for {
		c := 4*p + 1
		if c >= n {
			break
		}
		best := c
		for k := c + 1; k < min(c+4, n); k++ {
			if h.e[k].less(h.e[best]) {
				best = k
			}
		}
		if !h.e[best].less(x) {
			break
		}
		h.set(p, h.e[best])
		p = best
	}
	h.set(p, x)
}

// set puts x at position p and records its position.
func (h *minHeap) set(p int, x heapEntry) {
	h.e[p] = x
	h.pos[x.i] = int32(p)
}

// rebuild restores the heap order after every key changed (O(n)).
func (h *minHeap) rebuild() {
	for p := (len(h.e) - 2) / 4; p >= 0; p-- {
		h.down(p)
	}
}
