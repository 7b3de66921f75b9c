//go:build race

package fastpath_test

const raceEnabled = true
