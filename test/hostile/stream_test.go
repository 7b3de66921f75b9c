package hostile_test

import (
	"bytes"
	"reflect"
	"testing"
	"testing/iotest"

	"github.com/uabin/uabin/test/hostile/cases"
	"github.com/uabin/uabin/uabin"
)

// TestDecoderTrickle feeds uabin.Decoder the W1-W7 goldens one byte per
// Read, as a peer that sends one byte per TCP segment does, and checks the
// heap bound of the promise: a Decoder that re-decodes its whole buffer
// after every short read does quadratic work.
func TestDecoderTrickle(t *testing.T) {
	gs, err := cases.Goldens()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range gs {
		if g.Target == cases.MessageTarget {
			continue // a Decoder decodes Go values, not service messages
		}
		target := cases.Targets[cases.TargetIndex(g.Target)]
		t.Run(g.Name, func(t *testing.T) {
			if why, ok := knownBugs["trickle/"+g.Name]; ok {
				t.Skipf("known bug, see %s", why)
			}
			run := func(in []byte) error {
				d := uabin.NewDecoder(iotest.OneByteReader(bytes.NewReader(in)))
				return d.Decode(reflect.New(target.Type).Interface())
			}
			if err := run(g.Wire); err != nil {
				t.Fatal(err)
			}
			used := heap(func() { err = run(g.Wire) })
			bound := uint64(heapPerByte*len(g.Wire) + heapConst)
			if used > bound {
				t.Errorf("%d bytes of heap for %d bytes of input read one byte at a time, bound %d", used, len(g.Wire), bound)
			}
			t.Logf("heap %d B for %d B", used, len(g.Wire))
		})
	}
}
