package fastpath

import (
	"github.com/uabin/uabin/uabin/internal/bulk"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/uabin/uabin/uabin/wire"
)

// fuzzCodec decodes data with one codec; when that succeeds, encoding must
// succeed, decoding the result
// must give an equal value, and re-encoding the same bytes.
type fuzzCodec func(t *testing.T, data []byte, engine bool)

func fuzzWith[T any](f fns[T]) fuzzCodec {
	return func(t *testing.T, data []byte, engine bool) {
		var v T
		r := wire.NewReader(data, wire.Limits{MaxDepth: 40})
		if engine {
			withBodiesR(r)
		}
		f.consume(r, &v)
		if r.Depth() != 0 {
			t.Fatalf("depth %d after decoding", r.Depth())
		}
		if r.Err() != nil {
			return
		}
		var w wire.Writer
		if engine {
			withBodies(&w)
		}
		f.append(&w, &v)
		if w.Err() != nil {
			t.Fatalf("decoded %#v, which does not encode: %v", v, w.Err())
		}
		var back T
		r = wire.NewReader(w.Buf, wire.Limits{MaxDepth: 40})
		if engine {
			withBodiesR(r)
		}
		f.consume(r, &back)
		if r.Err() != nil || r.Remaining() != 0 {
			t.Fatalf("re-decoding % x: %v (%d bytes left)", w.Buf, r.Err(), r.Remaining())
		}
		if !cmp.Equal(back, v, equalOpts) {
			t.Fatalf("re-decoded differently:\n%s", cmp.Diff(v, back, equalOpts))
		}
		var w2 wire.Writer
		if engine {
			withBodies(&w2)
		}
		f.append(&w2, &back)
		if string(w2.Buf) != string(w.Buf) {
			t.Fatalf("re-encoded % x, first % x", w2.Buf, w.Buf)
		}
	}
}

var fuzzCodecs = []fuzzCodec{
	fuzzWith(nodeIDFns), fuzzWith(expandedNodeIDFns), fuzzWith(guidFns),
	fuzzWith(timeFns), fuzzWith(qualifiedNameFns), fuzzWith(localizedTextFns),
	fuzzWith(variantFns), fuzzWith(dataValueFns), fuzzWith(diagnosticInfoFns), fuzzWith(extensionObjectFns),
}

// FuzzCodecs runs every codec of the package on fuzzed bytes, with and
// without an Engine and with and without bulk copies. The first byte picks
// the codec (low 4 bits), the Engine (bit 4) and the portable loops
// (bit 5).
func FuzzCodecs(f *testing.F) {
	for _, g := range goldens() {
		for i := range fuzzCodecs {
			f.Add(append([]byte{byte(i)}, unhex(g.wire)...))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		sel := data[0]
		engine := sel&0x10 == 0
		if sel&0x20 != 0 {
			useBulk = false
			defer func() { useBulk = bulk.LittleEndian }()
		}
		fuzzCodecs[int(sel&0x0f)%len(fuzzCodecs)](t, data[1:], engine)
	})
}
