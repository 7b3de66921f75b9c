package interop

import (
	"math"
	"time"

	"github.com/uabin/uabin/types"
)

// The values server.mjs gives its variables, written out independently in
// Go: a read must decode to exactly these. Keep the two files in step.

// date is a UTC time.
func date(y int, mo time.Month, d, h, mi, s, ms int) time.Time {
	return time.Date(y, mo, d, h, mi, s, ms*int(time.Millisecond), time.UTC)
}

func mustVariant(v any) types.Variant { return types.MustVariant(v) }

func mustMatrix(flat any, dims ...int32) types.Variant {
	v, err := types.NewMatrix(flat, dims...)
	if err != nil {
		panic(err)
	}
	return v
}

func extObj(v any) types.ExtensionObject { return types.NewExtensionObject(v) }

// scalarValues are the variables ns=1;s=Scalar.<name>: every built-in type a
// Variant can hold as a scalar (1..23).
var scalarValues = []struct {
	name string
	want types.Variant
}{
	{"Boolean", mustVariant(true)},
	{"SByte", mustVariant(int8(-100))},
	{"Byte", mustVariant(uint8(200))},
	{"Int16", mustVariant(int16(-30000))},
	{"UInt16", mustVariant(uint16(60000))},
	{"Int32", mustVariant(int32(-2000000000))},
	{"UInt32", mustVariant(uint32(4000000000))},
	{"Int64", mustVariant(int64(-1234567890123456789))},
	{"UInt64", mustVariant(uint64(18000000000000000000))},
	{"Float", mustVariant(float32(3.5))},
	{"Double", mustVariant(math.Pi)},
	{"String", mustVariant("Grüße, OPC UA")},
	{"DateTime", mustVariant(date(2024, 1, 2, 3, 4, 5, 678))},
	{"Guid", mustVariant(types.MustParseGUID("72962B91-FA75-4AE6-8D28-B404DC7DAF63"))},
	{"ByteString", mustVariant([]byte{0x00, 0x01, 0x7f, 0x80, 0xfe, 0xff})},
	{"XmlElement", mustVariant(types.XmlElement(`<a b="c">d</a>`))},
	{"NodeId", mustVariant(types.MustParseNodeID("ns=1;s=Scalar.NodeId"))},
	// server.mjs sets svr=2;nsu=urn:uabin:other;i=4242, but node-opcua
	// 2.186.4 sends only the NodeId part of a scalar ExpandedNodeId
	// variable (the bytes on the wire hold no URI; the array below keeps
	// both). interop_test checks the wire for that.
	{"ExpandedNodeId", mustVariant(types.MustParseExpandedNodeID("i=4242"))},
	{"StatusCode", mustVariant(types.StatusBadNodeIDUnknown)},
	{"QualifiedName", mustVariant(types.NewQualifiedName(1, "Quality"))},
	{"LocalizedText", mustVariant(types.NewLocalizedText("de-DE", "Pumpe"))},
	{"ExtensionObject", mustVariant(extObj(&types.Range{Low: -10, High: 10.5}))},
	{"DataValue", mustVariant(types.DataValue{
		Value:           mustVariant(1.25),
		Status:          types.StatusUncertainInitialValue,
		SourceTimestamp: types.DateTimeFromTime(date(2020, 6, 15, 12, 0, 0, 0)),
	})},
}

// arrayValues are the variables ns=1;s=Array.<name>: arrays of the types
// 1..22 and of Variant.
var arrayValues = []struct {
	name string
	want types.Variant
}{
	{"Boolean", mustVariant([]bool{true, false, true})},
	{"SByte", mustVariant([]int8{-128, 0, 127})},
	{"Byte", types.VariantFromByteArray([]byte{0, 128, 255})},
	{"Int16", mustVariant([]int16{-32768, 0, 32767})},
	{"UInt16", mustVariant([]uint16{0, 1, 65535})},
	{"Int32", mustVariant([]int32{math.MinInt32, 0, math.MaxInt32})},
	{"UInt32", mustVariant([]uint32{0, 1, math.MaxUint32})},
	{"Int64", mustVariant([]int64{math.MinInt64, 0, math.MaxInt64})},
	{"UInt64", mustVariant([]uint64{0, 1, math.MaxUint64})},
	{"Float", mustVariant([]float32{-1.5, 0, 0.25})},
	{"Double", mustVariant([]float64{-1e300, 0, 2.5e-300})},
	{"String", mustVariant([]string{"alpha", "", "γ"})},
	{"DateTime", mustVariant([]time.Time{date(2000, 1, 1, 0, 0, 0, 0), date(2030, 12, 31, 23, 59, 59, 999)})},
	{"Guid", mustVariant([]types.GUID{
		types.MustParseGUID("00000000-0000-0000-0000-000000000001"),
		types.MustParseGUID("FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF"),
	})},
	{"ByteString", mustVariant([][]byte{{1, 2, 3}, {}})},
	{"XmlElement", mustVariant([]types.XmlElement{"<x/>", "<y>z</y>"})},
	{"NodeId", mustVariant([]types.NodeID{
		types.MustParseNodeID("i=85"),
		types.MustParseNodeID("ns=1;s=Text"),
		types.MustParseNodeID("ns=2;g=72962B91-FA75-4AE6-8D28-B404DC7DAF63"),
		types.NewOpaqueNodeID(1, []byte{1, 2, 3}),
	})},
	{"ExpandedNodeId", mustVariant([]types.ExpandedNodeID{
		types.MustParseExpandedNodeID("i=85"),
		types.MustParseExpandedNodeID("svr=1;nsu=urn:uabin:far;s=Far"),
	})},
	{"StatusCode", mustVariant([]types.StatusCode{types.StatusGood, types.StatusBadTimeout, types.StatusUncertainLastUsableValue})},
	{"QualifiedName", mustVariant([]types.QualifiedName{types.NewQualifiedName(0, "Zero"), types.NewQualifiedName(3, "Three")})},
	{"LocalizedText", mustVariant([]types.LocalizedText{types.NewLocalizedText("en", "pump"), types.NewLocalizedText("", "no locale")})},
	{"ExtensionObject", mustVariant([]types.ExtensionObject{
		extObj(&types.Range{Low: 0, High: 1}),
		extObj(&types.Range{Low: -1, High: 1e6}),
	})},
	{"Variant", mustVariant([]types.Variant{
		mustVariant(int32(7)),
		mustVariant("seven"),
		mustVariant([]float64{7, 7.5}),
	})},
}

// matrixValue is ns=1;s=Matrix.Int32.
var matrixValue = mustMatrix([]int32{1, 2, 3, 4, 5, 6}, 2, 3)

// largeLength is the length of ns=1;s=LargeDoubleArray, whose element i is
// i/4.
const largeLength = 20000

// bigFolderChildren and maxReferencesPerNode are BigFolderChildren and
// MaxReferencesPerNode of server.mjs.
const (
	bigFolderChildren    = 120
	maxReferencesPerNode = 25
)
