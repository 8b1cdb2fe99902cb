// Package prefetch asks the memory system for a cache line ahead of its
// use. A budgeted step knows which coordinates it will touch (x̃'s drawn
// attributes) long before it reads or updates them; asking for their lines
// at the draw lets their cache misses overlap one another and the rest of
// the step, as a loop of independent reads overlaps its own.
//
// A prefetch is a hint: it changes no value, only when memory arrives, so
// every result is the same with or without it. On amd64 it is a call to
// a two-instruction assembly function issuing PREFETCHT0
// (prefetch_amd64.s; Go does not inline assembly, so a hint costs about
// ten instructions with the call); elsewhere, or with the purego build
// tag, it does nothing.
package prefetch
