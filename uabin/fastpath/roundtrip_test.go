package fastpath

import (
	"github.com/uabin/uabin/uabin/internal/bulk"
	"math"
	"math/rand"
	"reflect"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// equalOpts compare values field by field, unexported fields included,
// with NaN equal to NaN.
var equalOpts = cmp.Options{cmp.Exporter(func(reflect.Type) bool { return true }), cmpopts.EquateNaNs()}

func variantsEqual(a, b types.Variant) bool { return cmp.Equal(a, b, equalOpts) }

// gen makes random values of the built-in types. Values are canonical:
// they decode back to themselves (no NaN scalars, whose bits the encoder
// canonicalises; no namespace index beside a namespace URI).
type gen struct {
	r     *rand.Rand
	depth int
}

func (g *gen) str() string {
	if g.r.Intn(4) == 0 {
		return ""
	}
	b := make([]byte, g.r.Intn(12))
	for i := range b {
		b[i] = byte('a' + g.r.Intn(26))
	}
	if g.r.Intn(8) == 0 {
		return string(b) + "水"
	}
	return string(b)
}

func (g *gen) bytes() []byte {
	switch g.r.Intn(4) {
	case 0:
		return nil
	case 1:
		return []byte{}
	}
	b := make([]byte, 1+g.r.Intn(20))
	g.r.Read(b)
	return b
}

func (g *gen) u32() uint32 {
	switch g.r.Intn(4) {
	case 0:
		return uint32(g.r.Intn(256))
	case 1:
		return uint32(g.r.Intn(65536))
	}
	return g.r.Uint32()
}

func (g *gen) u16() uint16 {
	if g.r.Intn(2) == 0 {
		return uint16(g.r.Intn(256))
	}
	return uint16(g.r.Uint32())
}

func (g *gen) guid() types.GUID {
	var x types.GUID
	if g.r.Intn(5) == 0 {
		return x
	}
	x.Data1, x.Data2, x.Data3 = g.r.Uint32(), uint16(g.r.Uint32()), uint16(g.r.Uint32())
	g.r.Read(x.Data4[:])
	return x
}

func (g *gen) nodeID() types.NodeID {
	ns := g.u16()
	if g.r.Intn(3) == 0 {
		ns = 0
	}
	switch g.r.Intn(5) {
	case 0:
		return types.NewStringNodeID(ns, g.str())
	case 1:
		return types.NewGUIDNodeID(ns, g.guid())
	case 2:
		return types.NewOpaqueNodeID(ns, g.bytes())
	}
	return types.NewNumericNodeID(ns, g.u32())
}

func (g *gen) expandedNodeID() types.ExpandedNodeID {
	e := types.ExpandedNodeID{NodeID: g.nodeID()}
	if g.r.Intn(2) == 0 {
		e.NamespaceURI = g.str()
		if e.NamespaceURI != "" {
			e.NodeID = e.NodeID.WithNamespace(0)
		}
	}
	if g.r.Intn(3) == 0 {
		e.ServerIndex = g.u32()
	}
	return e
}

func (g *gen) dateTime() types.DateTime {
	if g.r.Intn(4) == 0 {
		return 0
	}
	return types.DateTime(g.r.Int63())
}

func (g *gen) time() time.Time {
	if g.r.Intn(5) == 0 {
		return time.Time{}
	}
	// Inside 1601..9999, at 100 ns resolution, so that it comes back equal.
	return types.DateTime(1 + g.r.Int63n(int64(types.DateTimeFromTime(time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC))))).Time()
}

func (g *gen) qualifiedName() types.QualifiedName {
	return types.QualifiedName{NamespaceIndex: g.u16(), Name: g.str()}
}

func (g *gen) localizedText() types.LocalizedText {
	return types.LocalizedText{Locale: g.str(), Text: g.str()}
}

func (g *gen) diagnosticInfo() types.DiagnosticInfo {
	d := types.DiagnosticInfo{Mask: types.DiagnosticInfoMask(g.r.Intn(0x80))}
	if g.depth > 3 {
		d.Mask &^= types.DiagnosticInfoInnerDiagnosticInfo
	}
	if d.Mask&types.DiagnosticInfoSymbolicID != 0 {
		d.SymbolicID = int32(g.r.Uint32())
	}
	if d.Mask&types.DiagnosticInfoNamespaceURI != 0 {
		d.NamespaceURI = int32(g.r.Uint32())
	}
	if d.Mask&types.DiagnosticInfoLocale != 0 {
		d.Locale = -1
	}
	if d.Mask&types.DiagnosticInfoLocalizedText != 0 {
		d.LocalizedText = int32(g.r.Intn(10))
	}
	if d.Mask&types.DiagnosticInfoAdditionalInfo != 0 {
		d.AdditionalInfo = g.str()
	}
	if d.Mask&types.DiagnosticInfoInnerStatusCode != 0 {
		d.InnerStatusCode = types.StatusCode(g.r.Uint32())
	}
	if d.Mask&types.DiagnosticInfoInnerDiagnosticInfo != 0 {
		g.depth++
		inner := g.diagnosticInfo()
		g.depth--
		d.InnerDiagnosticInfo = &inner
	}
	return d
}

func (g *gen) extensionObject() types.ExtensionObject {
	switch g.r.Intn(4) {
	case 0:
		return types.ExtensionObject{TypeID: g.nodeID()}
	case 1:
		if g.depth < 3 {
			return types.ExtensionObject{TypeID: pointID, Encoding: types.ExtensionObjectBinary,
				Value: &point{float64(g.r.Intn(100)), g.r.NormFloat64()}}
		}
	}
	// A raw body of an id the test engine does not know.
	x := types.ExtensionObject{TypeID: types.NewNumericNodeID(1, 298+g.u32()%2), Encoding: types.ExtensionObjectEncoding(1 + g.r.Intn(2)), Body: g.bytes()}
	if x.Body == nil {
		x.Body = []byte{}
	}
	return x
}

func (g *gen) dataValue() types.DataValue {
	var d types.DataValue
	if g.r.Intn(3) > 0 {
		d.Value = g.variant()
	}
	if g.r.Intn(2) == 0 {
		d.Status = types.StatusCode(g.r.Uint32())
	}
	d.SourceTimestamp = g.dateTime()
	d.ServerTimestamp = g.dateTime()
	if g.r.Intn(2) == 0 {
		d.SourcePicoseconds = uint16(g.r.Intn(10000))
	}
	if g.r.Intn(2) == 0 {
		d.ServerPicoseconds = uint16(g.r.Intn(10000))
	}
	return d
}

func (g *gen) float64() float64 {
	switch g.r.Intn(6) {
	case 0:
		return math.Inf(1 - 2*g.r.Intn(2))
	case 1:
		return math.Copysign(0, -1)
	}
	return g.r.NormFloat64() * 1e6
}

// variant returns a random Variant: null, a scalar of types 1..23, or an
// array or matrix of types 1..24.
func (g *gen) variant() types.Variant {
	if g.depth > 3 {
		return types.Variant{}
	}
	g.depth++
	defer func() { g.depth-- }()
	t := types.BuiltinType(g.r.Intn(25))
	if t == types.TypeNull {
		return types.Variant{}
	}
	if t == types.TypeVariant || g.r.Intn(2) == 0 {
		return g.array(t)
	}
	var v types.Variant
	switch t {
	case types.TypeBoolean:
		v.SetBits(t, uint64(g.r.Intn(2)))
	case types.TypeSByte:
		v.SetBits(t, uint64(int64(int8(g.r.Uint32()))))
	case types.TypeByte:
		v.SetBits(t, uint64(uint8(g.r.Uint32())))
	case types.TypeInt16:
		v.SetBits(t, uint64(int64(int16(g.r.Uint32()))))
	case types.TypeUInt16:
		v.SetBits(t, uint64(uint16(g.r.Uint32())))
	case types.TypeInt32:
		v.SetBits(t, uint64(int64(int32(g.r.Uint32()))))
	case types.TypeUInt32, types.TypeStatusCode:
		v.SetBits(t, uint64(g.r.Uint32()))
	case types.TypeInt64, types.TypeUInt64, types.TypeDateTime:
		v.SetBits(t, g.r.Uint64())
	case types.TypeFloat:
		v.SetBits(t, uint64(math.Float32bits(float32(g.float64()))))
	case types.TypeDouble:
		v.SetBits(t, math.Float64bits(g.float64()))
	case types.TypeString, types.TypeXmlElement:
		v.SetString(t, g.str())
	case types.TypeGUID:
		v.SetRaw(t, false, g.guid(), nil)
	case types.TypeByteString:
		v.SetRaw(t, false, g.bytes(), nil)
	case types.TypeNodeID:
		v.SetRaw(t, false, g.nodeID(), nil)
	case types.TypeExpandedNodeID:
		v.SetRaw(t, false, g.expandedNodeID(), nil)
	case types.TypeQualifiedName:
		v.SetRaw(t, false, g.qualifiedName(), nil)
	case types.TypeLocalizedText:
		v.SetRaw(t, false, g.localizedText(), nil)
	case types.TypeExtensionObject:
		v.SetRaw(t, false, g.extensionObject(), nil)
	case types.TypeDataValue:
		v.SetRaw(t, false, g.dataValue(), nil)
	}
	return v
}

func fill[E any](g *gen, n int, f func() E) []E {
	if n < 0 {
		return nil
	}
	s := make([]E, n)
	for i := range s {
		s[i] = f()
	}
	return s
}

func (g *gen) array(t types.BuiltinType) types.Variant {
	n := g.r.Intn(7) - 1
	var dims []int32
	if n >= 4 && g.r.Intn(2) == 0 {
		n = 6
		dims = []int32{2, 3}
		if g.r.Intn(2) == 0 {
			dims = []int32{1, 3, 2}
		}
	}
	var val any
	switch t {
	case types.TypeBoolean:
		val = fill(g, n, func() bool { return g.r.Intn(2) == 0 })
	case types.TypeSByte:
		val = fill(g, n, func() int8 { return int8(g.r.Uint32()) })
	case types.TypeByte:
		val = fill(g, n, func() uint8 { return uint8(g.r.Uint32()) })
	case types.TypeInt16:
		val = fill(g, n, func() int16 { return int16(g.r.Uint32()) })
	case types.TypeUInt16:
		val = fill(g, n, func() uint16 { return uint16(g.r.Uint32()) })
	case types.TypeInt32:
		val = fill(g, n, func() int32 { return int32(g.r.Uint32()) })
	case types.TypeUInt32:
		val = fill(g, n, g.r.Uint32)
	case types.TypeInt64:
		val = fill(g, n, g.r.Int63)
	case types.TypeUInt64:
		val = fill(g, n, g.r.Uint64)
	case types.TypeFloat:
		val = fill(g, n, func() float32 { return float32(g.float64()) })
	case types.TypeDouble:
		val = fill(g, n, g.float64)
	case types.TypeString:
		val = fill(g, n, g.str)
	case types.TypeDateTime:
		val = fill(g, n, g.dateTime)
	case types.TypeGUID:
		val = fill(g, n, g.guid)
	case types.TypeByteString:
		val = fill(g, n, g.bytes)
	case types.TypeXmlElement:
		val = fill(g, n, func() types.XmlElement { return types.XmlElement(g.str()) })
	case types.TypeNodeID:
		val = fill(g, n, g.nodeID)
	case types.TypeExpandedNodeID:
		val = fill(g, n, g.expandedNodeID)
	case types.TypeStatusCode:
		val = fill(g, n, func() types.StatusCode { return types.StatusCode(g.r.Uint32()) })
	case types.TypeQualifiedName:
		val = fill(g, n, g.qualifiedName)
	case types.TypeLocalizedText:
		val = fill(g, n, g.localizedText)
	case types.TypeExtensionObject:
		val = fill(g, n, g.extensionObject)
	case types.TypeDataValue:
		val = fill(g, n, g.dataValue)
	case types.TypeVariant:
		val = fill(g, n, g.variant)
	}
	var v types.Variant
	v.SetRaw(t, true, val, dims)
	return v
}

// roundTrip checks, for n random values: encoding succeeds, Size is the
// encoded length (or -1 only where the engine holds the body size),
// decoding gives an equal value and re-encoding the same bytes, and
// decoding into the value the previous round left (reusing its memory)
// gives the same value as decoding into a new one.
func roundTrip[T any](t *testing.T, f fns[T], n int, make func(g *gen) T) {
	t.Helper()
	g := &gen{r: rand.New(rand.NewSource(1))}
	var reused T // decoded into again and again
	for i := 0; i < n; i++ {
		v := make(g)
		b, err := f.encode(v)
		if err != nil {
			t.Fatalf("value %d %#v: encode: %v", i, v, err)
		}
		back, err := f.decode(b)
		if err != nil {
			t.Fatalf("value %d %#v: decode % x: %v", i, v, b, err)
		}
		if !cmp.Equal(back, v, equalOpts) {
			t.Fatalf("value %d: decoded differently:\n%s", i, cmp.Diff(v, back, equalOpts))
		}
		again, err := f.encode(back)
		if err != nil || string(again) != string(b) {
			t.Fatalf("value %d: re-encoded % x (%v), first % x", i, again, err, b)
		}
		r := wire.NewReader(b, wire.Limits{})
		withBodiesR(r)
		f.consume(r, &reused)
		if r.Err() != nil || r.Remaining() != 0 || !cmp.Equal(reused, v, equalOpts) {
			t.Fatalf("value %d: decoded into a reused value differently (%v):\n%s", i, r.Err(), cmp.Diff(v, reused, equalOpts))
		}
	}
}

func TestRoundTrip(t *testing.T) {
	t.Run("NodeId", func(t *testing.T) { roundTrip(t, nodeIDFns, 2000, (*gen).nodeID) })
	t.Run("ExpandedNodeId", func(t *testing.T) { roundTrip(t, expandedNodeIDFns, 2000, (*gen).expandedNodeID) })
	t.Run("Guid", func(t *testing.T) { roundTrip(t, guidFns, 500, (*gen).guid) })
	t.Run("time.Time", func(t *testing.T) { roundTrip(t, timeFns, 2000, (*gen).time) })
	t.Run("QualifiedName", func(t *testing.T) { roundTrip(t, qualifiedNameFns, 1000, (*gen).qualifiedName) })
	t.Run("LocalizedText", func(t *testing.T) { roundTrip(t, localizedTextFns, 1000, (*gen).localizedText) })
	t.Run("Variant", func(t *testing.T) { roundTrip(t, variantFns, 5000, (*gen).variant) })
	t.Run("DataValue", func(t *testing.T) { roundTrip(t, dataValueFns, 3000, (*gen).dataValue) })
	t.Run("DiagnosticInfo", func(t *testing.T) { roundTrip(t, diagnosticInfoFns, 2000, (*gen).diagnosticInfo) })
	t.Run("ExtensionObject", func(t *testing.T) { roundTrip(t, extensionObjectFns, 2000, (*gen).extensionObject) })
	t.Run("Portable", func(t *testing.T) {
		useBulk = false
		defer func() { useBulk = bulk.LittleEndian }()
		roundTrip(t, variantFns, 3000, (*gen).variant)
	})
}
