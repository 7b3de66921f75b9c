//go:build race

package nodeset_test

// raceEnabled: the tests run under the race detector, which makes the
// largest inputs of the limit tests take minutes and changes what Parse
// allocates.
const raceEnabled = true
