package fastpath

import (
	"math"
	"math/rand"

	"github.com/uabin/uabin/types"
)

// Exports for the differential tests of package fastpath_test, which run
// the golden cases through the uabin engine with fast paths on and off.

// GoldenCase is one golden value (a pointer to it) and its wire bytes.
type GoldenCase struct {
	Name  string
	Value any
	Wire  []byte
}

// GoldenCases returns every golden case of the package's tests.
func GoldenCases() []GoldenCase {
	var out []GoldenCase
	for _, g := range goldens() {
		out = append(out, GoldenCase{Name: g.name, Value: g.value, Wire: unhex(g.wire)})
	}
	return out
}

// The structures the test Engine knows, and their encoding ids, for
// registering them in a uabin.Registry.
type (
	Point = point
	Tiny  = tiny
	Named = named
)

// Encoding ids of Point, Tiny and Named.
var (
	PointID types.NodeID = pointID
	TinyID  types.NodeID = tinyID
	NamedID types.NodeID = namedID
)

// RandomValues returns n random values (pointers) of each type with a fast
// path, from the generator of the round-trip tests.
func RandomValues(seed int64, n int) []any {
	g := &gen{r: rand.New(rand.NewSource(seed))}
	var out []any
	for i := 0; i < n; i++ {
		out = append(out,
			ptr(g.nodeID()), ptr(g.expandedNodeID()), ptr(g.guid()), ptr(g.dateTime()), ptr(g.time()),
			ptr(types.StatusCode(g.r.Uint32())), ptr(g.qualifiedName()), ptr(g.localizedText()),
			ptr(g.variant()), ptr(g.dataValue()), ptr(g.diagnosticInfo()), ptr(g.extensionObject()))
	}
	return out
}

func ptr[T any](v T) any { return &v }

// InvalidValues returns values (pointers) that cannot be encoded.
func InvalidValues() []any {
	cyclic := &types.DiagnosticInfo{Mask: types.DiagnosticInfoInnerDiagnosticInfo}
	cyclic.InnerDiagnosticInfo = cyclic
	return []any{
		ptr(variantRaw(types.TypeVariant, false, types.Variant{})),
		ptr(variantRaw(types.TypeDiagnosticInfo, false, types.DiagnosticInfo{})),
		ptr(variantRaw(types.TypeDiagnosticInfo, true, []types.DiagnosticInfo{})),
		ptr(variantOf(30, 0)),
		ptr(variantRaw(types.TypeGUID, false, "x")),
		ptr(variantRaw(types.TypeByteString, false, types.ByteString{1})),
		ptr(variantRaw(types.TypeInt32, true, []int64{1})),
		ptr(variantRaw(types.TypeDouble, true, nil, 1, 1)),
		ptr(variantRaw(types.TypeInt32, true, []int32{1, 2}, 2)),
		ptr(variantRaw(types.TypeInt32, true, []int32{1, 2, 3}, 2, 2)),
		ptr(variantRaw(types.TypeInt32, true, []int32{}, 0, 5)),
		ptr(variantRaw(types.TypeInt32, true, []int32(nil), 1, 1)),
		ptr(variantRaw(types.TypeVariant, true, []types.Variant{variantOf(25, 0)})),
		ptr(types.DataValue{Value: variantOf(24, 0)}),
		ptr(types.DiagnosticInfo{Mask: 0x80}),
		ptr(types.DiagnosticInfo{Mask: 0x40, InnerDiagnosticInfo: &types.DiagnosticInfo{Mask: 0x81}}),
		cyclic,
		ptr(types.ExtensionObject{Encoding: 3}),
		ptr(types.ExtensionObject{Value: struct{}{}}),
	}
}

// OddValues returns values that encode, but not to themselves: NaN
// payloads, Boolean bits other than 1, an array with no slice.
func OddValues() []any {
	return []any{
		ptr(variantOf(types.TypeDouble, 0x7ff0000000000123)),
		ptr(variantOf(types.TypeFloat, 0x7fc00042)),
		ptr(variantRaw(types.TypeDouble, true, []float64{1, math.NaN()})),
		ptr(variantOf(types.TypeBoolean, 7)),
		ptr(variantRaw(types.TypeDouble, true, nil)),
		ptr(variantRaw(types.TypeInt32, true, []int32{1}, []int32{}...)),
		ptr(types.DataValue{SourcePicoseconds: 20000}),
		ptr(types.ExpandedNodeID{NodeID: types.NewNumericNodeID(5, 1), NamespaceURI: "u"}),
		ptr(types.DiagnosticInfo{Mask: 0x40}),
		ptr(types.ExtensionObject{Body: []byte{1}}),
		ptr(types.NewOpaqueNodeID(1, []byte{})),
	}
}
