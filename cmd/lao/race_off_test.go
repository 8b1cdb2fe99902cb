//go:build !race

package main

// raceEnabled: the race detector multiplies memory, so memory tests skip.
const raceEnabled = false
