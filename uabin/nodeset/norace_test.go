//go:build !race

package nodeset_test

// raceEnabled: the tests run under the race detector (see skipHeavy).
const raceEnabled = false
