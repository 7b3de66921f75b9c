//go:build race

package fastpath

// raceEnabled: the race detector adds allocations, so TestAllocs is skipped.
const raceEnabled = true
