//go:build !race

package nodeset_test

// raceEnabled: the tests run under the race detector (see race_test.go).
const raceEnabled = false
