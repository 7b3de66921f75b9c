package main

import "slices"

// A peerDiff is a known difference between gopcua's bytes and Part 6 (which
// uabin's bytes equal), found by the verification and explained here. The
// verification accepts gopcua's bytes only if these rewrites turn them into
// uabin's exactly, and fails if a listed difference is no longer seen.
type peerDiff struct {
	// cases are the ids of the cases the difference shows in.
	cases []string
	// what says what gopcua writes.
	what string
	// spec says what Part 6 asks for instead, with its section.
	spec string
	// impact says what it means for a reader of the bytes.
	impact string
	// normalize rewrites gopcua's bytes into Part 6's.
	normalize func([]byte) []byte
}

// peerDiffs lists every known gopcua difference. It is empty: on every
// workload gopcua v0.8.0 writes exactly the bytes Part 6 asks for (and
// uabin writes). An earlier suspicion, that gopcua writes the Argument
// TypeId of W7 in the 7-byte Numeric form because it registers it with
// ua.NewNumericNodeID, was refuted by the verification: its registry
// returns the id re-parsed from text, which picks the FourByte form.
var peerDiffs []*peerDiff

// peerDiffsFor returns the known differences of the case named id.
func peerDiffsFor(id string) []*peerDiff {
	var out []*peerDiff
	for _, d := range peerDiffs {
		if slices.Contains(d.cases, id) {
			out = append(out, d)
		}
	}
	return out
}
