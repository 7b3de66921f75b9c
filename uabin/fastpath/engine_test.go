package fastpath

import (
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/internal/hook"
	"github.com/uabin/uabin/uabin/wire"
)

// A small ExtensionObject body codec for the package's own tests, standing
// in for the uabin type registry: it knows three structures with encoding ids of
// three NodeId sizes, so that the ExtensionObject header is written in
// front of the body with every offset.

// point is registered as ns=1;i=5001 (FourByte, the room reserved).
type point struct{ X, Y float64 }

// tiny is registered as i=22 (TwoByte, one byte less than reserved).
type tiny struct{ B byte }

// named is registered as ns=2;s=Named (String form, more than reserved).
type named struct {
	Name string
	V    types.Variant
}

var (
	pointID = types.NewNumericNodeID(1, 5001)
	tinyID  = types.NewNumericNodeID(0, 22)
	namedID = types.NewStringNodeID(2, "Named")
)

// testBodies is installed in one Writer (w) or Reader (r) with
// withBodies, as the uabin engine installs its call state.
type testBodies struct {
	w *wire.Writer
	r *wire.Reader
}

// withBodies installs the test body codec in w and returns w.
func withBodies(w *wire.Writer) *wire.Writer {
	*hook.WriterBodies(w) = testBodies{w: w}
	return w
}

// withBodiesR installs the test body codec in r and returns r.
func withBodiesR(r *wire.Reader) *wire.Reader {
	*hook.ReaderBodies(r) = testBodies{r: r}
	return r
}

func (b testBodies) AppendBody(v any) (types.NodeID, bool) {
	w := b.w
	switch v := v.(type) {
	case *point:
		w.Float64(v.X)
		w.Float64(v.Y)
		return pointID, true
	case *tiny:
		w.Uint8(v.B)
		return tinyID, true
	case *named:
		w.Str(v.Name)
		appendVariant(w, &v.V)
		return namedID, true
	}
	return types.NodeID{}, false
}

func (b testBodies) ConsumeBody(id types.NodeID, _ any) (any, bool) {
	r := b.r
	var out any
	switch id {
	case pointID:
		out = new(point)
	case tinyID:
		out = new(tiny)
	case namedID:
		out = new(named)
	default:
		return nil, false
	}
	if !r.Enter() {
		return out, true
	}
	defer r.Leave()
	switch v := out.(type) {
	case *point:
		v.X = r.Float64()
		v.Y = r.Float64()
	case *tiny:
		v.B = r.Uint8()
	case *named:
		v.Name = r.Str()
		consumeVariant(r, &v.V)
	}
	return out, true
}
