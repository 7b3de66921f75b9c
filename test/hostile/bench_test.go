package hostile_test

import (
	"testing"

	"github.com/uabin/uabin/test/hostile/cases"
)

// BenchmarkHostile measures what rejecting (or accepting) a few hostile
// cases costs, with the fast paths on and off: the figures behind "a
// length bomb costs nothing" and "a recursion bomb stops at MaxDepth".
func BenchmarkHostile(b *testing.B) {
	all, err := cases.Load("testdata")
	if err != nil {
		b.Fatal(err)
	}
	byName := map[string]*cases.Case{}
	for _, c := range all {
		byName[c.Name] = c
	}
	for _, name := range []string{
		"length-variant-double-array",
		"length-message-array-unlimited",
		"invalid-matrix-product-2^64",
		"recursion-variant-arrays",
		"recursion-extensionobject-variant",
		"recursion-diagnosticinfo-chain",
		"amplification-variant-datavalue-array",
	} {
		c := byName[name]
		if c == nil {
			b.Fatalf("no case %s", name)
		}
		target := cases.Targets[cases.TargetIndex(c.Target)]
		for _, noFast := range []bool{false, true} {
			mode := "fastpaths"
			if noFast {
				mode = "plans"
			}
			b.Run(name+"/"+mode, func(b *testing.B) {
				o := options(c.Limits, noFast)
				b.ReportAllocs()
				b.SetBytes(int64(len(c.Input)))
				for i := 0; i < b.N; i++ {
					_, err := decode(o, target, c.Input)
					if (err == nil) != (c.Want == "ok") {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
