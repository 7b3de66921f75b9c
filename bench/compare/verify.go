package main

import (
	"bytes"
	"fmt"
)

// verdict is the outcome of verifying one case before anything is timed.
type verdict struct {
	c *testCase
	// passed lists the checks that held, in order.
	passed []string
	// peerDiffs are the known gopcua differences seen in this case.
	peerDiffs []*peerDiff
	// failures lists the checks that did not hold; any failure stops the
	// run.
	failures []string
}

func (v *verdict) pass(format string, args ...any) {
	v.passed = append(v.passed, fmt.Sprintf(format, args...))
}

func (v *verdict) fail(format string, args ...any) {
	v.failures = append(v.failures, fmt.Sprintf(format, args...))
}

// ok reports whether every check held.
func (v *verdict) ok() bool { return len(v.failures) == 0 }

// verifyCase runs every check of one case:
//
//   - each uabin mode encodes without error, twice into a reused buffer
//     with the same result, and its bytes decode (twice, into its reused
//     value) to a value equal to the original;
//   - both uabin modes give identical bytes;
//   - uabin's bytes equal the bytes worked out by hand from Part 6;
//   - gopcua's bytes equal uabin's, or differ only by the known
//     differences of peerDiffs (each of which must still be seen);
//   - gopcua decodes uabin's bytes, and its own bytes to a value that
//     encodes the same again.
func verifyCase(c *testCase) *verdict {
	v := &verdict{c: c}
	var wire [numImpls][]byte
	for impl := 0; impl < numImpls; impl++ {
		cd := &c.codecs[impl]
		if cd.na != "" {
			continue
		}
		name := implNames[impl]
		if cd.reset != nil {
			cd.reset()
		}
		b, err := cd.encode(nil)
		if err != nil {
			v.fail("%s: %s: %v", name, c.dirs[0], err)
			continue
		}
		if cd.reset != nil {
			cd.reset()
		}
		again, err := cd.encode(make([]byte, 0, len(b)))
		if err != nil || !bytes.Equal(again, b) {
			v.fail("%s: %s into a reused buffer gives other bytes (%v): %s", name, c.dirs[0], err, firstDifference(b, again))
			continue
		}
		wire[impl] = b
		if impl == implGopcua {
			continue // gopcua is checked against uabin below
		}
		for round := 1; round <= 2; round++ {
			if err := cd.decode(b); err != nil {
				v.fail("%s: %s (round %d): %v", name, c.dirs[1], round, err)
				break
			}
			if err := cd.check(); err != nil {
				v.fail("%s: %s (round %d): %v", name, c.dirs[1], round, err)
				break
			}
		}
		if v.ok() {
			v.pass("%s: %d bytes, %s to an equal value (twice, reusing the value)", name, len(b), c.dirs[1])
		}
		verifyDecodeNew(v, impl, b)
	}
	fast, plans := wire[implFast], wire[implPlans]
	verifyTyped(v, fast)
	if fast != nil && plans != nil {
		if bytes.Equal(fast, plans) {
			v.pass("uabin-fast and uabin-plans give identical bytes")
		} else {
			v.fail("uabin-fast and uabin-plans differ: %s", firstDifference(fast, plans))
		}
	}
	uabinWire := fast
	if uabinWire == nil {
		uabinWire = plans
	}
	if c.expected != nil && uabinWire != nil {
		if bytes.Equal(uabinWire, c.expected) {
			v.pass("uabin equals the %d bytes worked out from Part 6", len(c.expected))
		} else {
			v.fail("uabin differs from the bytes worked out from Part 6 (want, got): %s", firstDifference(c.expected, uabinWire))
		}
	}
	if g := wire[implGopcua]; g != nil {
		verifyGopcua(v, g, uabinWire)
	}
	return v
}

// verifyGopcua compares gopcua's bytes g with the reference (uabin's bytes,
// or the expected bytes when uabin is not available) and checks gopcua's
// decoder.
func verifyGopcua(v *verdict, g, reference []byte) {
	c := v.c
	if reference == nil {
		reference = c.expected
	}
	cd := &c.codecs[implGopcua]
	if reference != nil {
		known := peerDiffsFor(c.id)
		switch {
		case bytes.Equal(g, reference) && len(known) == 0:
			v.pass("gopcua gives the same bytes")
		case bytes.Equal(g, reference):
			v.fail("gopcua gives the same bytes, but peerDiffs still lists a difference for %s: remove it", c.id)
		default:
			normal := g
			for _, d := range known {
				normal = d.normalize(normal)
			}
			if bytes.Equal(normal, reference) && len(known) > 0 {
				v.peerDiffs = known
				v.pass("gopcua differs only by %d known difference(s)", len(known))
			} else {
				v.fail("gopcua differs from uabin and Part 6 (uabin, gopcua): %s", firstDifference(reference, normal))
			}
		}
		if err := cd.decode(reference); err != nil {
			v.fail("gopcua cannot %s uabin's bytes: %v", c.dirs[1], err)
		} else {
			v.pass("gopcua can %s uabin's bytes", c.dirs[1])
		}
	}
	verifyDecodeNew(v, implGopcua, g)
	if err := cd.decode(g); err != nil {
		v.fail("gopcua: %s of its own bytes: %v", c.dirs[1], err)
	} else if err := cd.check(); err != nil {
		v.fail("gopcua: %s of its own bytes: %v", c.dirs[1], err)
	} else {
		v.pass("gopcua: %s of its own bytes round-trips", c.dirs[1])
	}
}

// verifyDecodeNew checks that decoding b into a new value gives a value equal
// to the case's, for codecs that measure it.
func verifyDecodeNew(v *verdict, impl int, b []byte) {
	cd := &v.c.codecs[impl]
	if !v.c.measureNew || cd.decodeNew == nil {
		return
	}
	if err := cd.decodeNew(b); err != nil {
		v.fail("%s: decode into a new value: %v", implNames[impl], err)
	} else if err := cd.checkNew(); err != nil {
		v.fail("%s: decode into a new value: %v", implNames[impl], err)
	} else {
		v.pass("%s: decode into a new value gives an equal value", implNames[impl])
	}
}

// verifyTyped checks the codec that the open62541 comparison times
// (testCase.typed): the bytes of uabin-fast, decoded (twice, into its
// reused value, and into a new one) to an equal value.
func verifyTyped(v *verdict, fast []byte) {
	cd := &v.c.typed
	if cd.encode == nil || cd.na != "" || fast == nil {
		return
	}
	b, err := cd.encode(make([]byte, 0, len(fast)))
	if err != nil || !bytes.Equal(b, fast) {
		v.fail("uabin Codec[T]: %s gives other bytes than uabin-fast (%v): %s", v.c.dirs[0], err, firstDifference(fast, b))
		return
	}
	for round := 1; round <= 2; round++ {
		if err := cd.decode(b); err != nil {
			v.fail("uabin Codec[T]: %s (round %d): %v", v.c.dirs[1], round, err)
			return
		}
		if err := cd.check(); err != nil {
			v.fail("uabin Codec[T]: %s (round %d): %v", v.c.dirs[1], round, err)
			return
		}
	}
	if v.c.measureNew && cd.decodeNew != nil {
		if err := cd.decodeNew(b); err != nil {
			v.fail("uabin Codec[T]: decode into a new value: %v", err)
			return
		} else if err := cd.checkNew(); err != nil {
			v.fail("uabin Codec[T]: decode into a new value: %v", err)
			return
		}
	}
	v.pass("uabin Codec[T]: the bytes of uabin-fast, %s to an equal value", v.c.dirs[1])
}
