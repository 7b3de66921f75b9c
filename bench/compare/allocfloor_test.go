package main

import (
	"slices"
	"strings"
	"testing"
	"unsafe"
)

type floorInner struct{ X string }

type floorSample struct {
	S    string
	B    []byte
	Sub  []byte // aliases B: no allocation of its own
	P    *int64
	V    any // a boxed float64: one allocation
	Tiny any // a boxed small integer: none
	L    []floorInner
	In   string // aliases the source bytes: none
}

func TestPlanAllocs(t *testing.T) {
	src := []byte("the encoded bytes")
	b := make([]byte, 5, 32)
	v := &floorSample{
		S: strings.Repeat("a", 20), B: b, Sub: b[2:4], P: new(int64), V: 3.5, Tiny: uint32(7),
		L: []floorInner{{strings.Repeat("x", 17)}, {strings.Repeat("y", 33)}}, In: unsafeString(src[4:11]),
	}
	p := planAllocs(v, src)
	var names []string
	for _, typ := range p.types {
		names = append(names, typ.String())
	}
	// In address order, which the walk does not fix: compare sorted. The
	// sizes keep the runtime's tiny allocator (below 16 bytes, no pointers)
	// out, which packs small objects end to end.
	slices.Sort(names)
	want := "[17]uint8 [20]uint8 [2]main.floorInner [32]uint8 [33]uint8 float64 int64 main.floorSample"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("allocations\n got %s\nwant %s", got, want)
	}
	// 144 + 20 + 32 + 8 + 8 + 32 + 17 + 33
	if want := 294; p.bytes != want {
		t.Errorf("%d bytes, want %d", p.bytes, want)
	}
}

// TestPlanAllocsMatchesDecoder checks the floor's plan against the
// allocations uabin's decoding into a new value really makes, case by case
// (it keeps everything it allocates, so the counts are equal).
func TestPlanAllocsMatchesDecoder(t *testing.T) {
	for _, c := range cases() {
		if c.workload == "W8" || c.typed.decodeNew == nil || fixedSize[c.id] {
			continue
		}
		wire, err := c.typed.encode(nil)
		if err != nil {
			t.Fatal(err)
		}
		p, ok := decodeNewPlan(&c.typed, wire)
		if !ok {
			t.Errorf("%s: no plan", c.id)
			continue
		}
		allocs := testing.AllocsPerRun(10, func() { _ = c.typed.decodeNew(wire) })
		if float64(len(p.types)) != allocs {
			t.Errorf("%s: plan of %d allocations, the decoder makes %v", c.id, len(p.types), allocs)
		}
		t.Logf("%s: plan %d allocations (%d bytes), decoder %v", c.id, len(p.types), p.bytes, allocs)
	}
}

// unsafeString returns b as a string without copying.
func unsafeString(b []byte) string { return unsafe.String(&b[0], len(b)) }
