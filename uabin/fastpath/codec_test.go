package fastpath

import (
	"encoding/hex"
	"errors"
	"github.com/uabin/uabin/uabin/internal/bulk"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/internal/erased"
	"github.com/uabin/uabin/uabin/wire"
)

// fns are the typed functions of one codec, as the tests drive them.
type fns[T any] struct {
	append  func(*wire.Writer, *T)
	consume func(*wire.Reader, *T)
}

var (
	nodeIDFns          = fns[types.NodeID]{appendNodeID, consumeNodeID}
	expandedNodeIDFns  = fns[types.ExpandedNodeID]{appendExpandedNodeID, consumeExpandedNodeID}
	guidFns            = fns[types.GUID]{appendGUID, consumeGUID}
	timeFns            = fns[time.Time]{appendTime, consumeTime}
	qualifiedNameFns   = fns[types.QualifiedName]{appendQualifiedName, consumeQualifiedName}
	localizedTextFns   = fns[types.LocalizedText]{appendLocalizedText, consumeLocalizedText}
	variantFns         = fns[types.Variant]{appendVariant, consumeVariant}
	dataValueFns       = fns[types.DataValue]{appendDataValue, consumeDataValue}
	diagnosticInfoFns  = fns[types.DiagnosticInfo]{appendDiagnosticInfo, consumeDiagnosticInfo}
	extensionObjectFns = fns[types.ExtensionObject]{appendExtensionObject, consumeExtensionObject}
)

func (f fns[T]) encode(v T) ([]byte, error) {
	var w wire.Writer
	withBodies(&w)
	f.append(&w, &v)
	return w.Buf, w.Err()
}

// decode decodes the whole of b into a new T; bytes left over are an error.
func (f fns[T]) decode(b []byte) (T, error) {
	var v T
	r := wire.NewReader(b, wire.Limits{})
	withBodiesR(r)
	f.consume(r, &v)
	if r.Err() == nil && r.Remaining() != 0 {
		return v, errors.New("bytes left over")
	}
	return v, r.Err()
}

// unhex turns "01 02 d2 04" (spaces and | for readability) into bytes.
func unhex(s string) []byte {
	s = strings.NewReplacer(" ", "", "|", "", "\n", "", "\t", "").Replace(s)
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

// str returns the String encoding of s in hex.
func str(s string) string {
	b := []byte{byte(len(s)), byte(len(s) >> 8), 0, 0}
	return hex.EncodeToString(b) + hex.EncodeToString([]byte(s))
}

// golden is one value with its exact wire bytes.
type golden struct {
	name  string
	wire  string
	value any // a pointer to the value
	run   func(t *testing.T, wire []byte)
}

// gold checks that v encodes to wire and that wire
// decodes to v.
func gold[T any](name string, f fns[T], v T, wire string) golden {
	return golden{name: name, wire: wire, value: &v, run: func(t *testing.T, want []byte) {
		got, err := f.encode(v)
		if err != nil {
			t.Fatalf("encode: %v", err)
		}
		if string(got) != string(want) {
			t.Fatalf("encode:\n got % x\nwant % x", got, want)
		}
		back, err := f.decode(want)
		if err != nil {
			t.Fatalf("decode: %v", err)
		}
		if !reflect.DeepEqual(back, v) {
			t.Fatalf("decode:\n got %#v\nwant %#v", back, v)
		}
	}}
}

var (
	guidW1 = types.GUID{Data1: 0x72962B91, Data2: 0xFA75, Data3: 0x4AE6, Data4: [8]byte{0x8D, 0x28, 0xB4, 0x04, 0xDC, 0x7D, 0xAF, 0x63}}
	t0     = time.Date(2024, 1, 2, 3, 4, 5, 123456700, time.UTC)
	t0DT   = types.DateTime(133486382451234567)
)

func seq(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i)
	}
	return b
}

func variantOf(t types.BuiltinType, bits uint64) types.Variant {
	var v types.Variant
	v.SetBits(t, bits)
	return v
}

func variantRaw(t types.BuiltinType, array bool, val any, dims ...int32) types.Variant {
	var v types.Variant
	if len(dims) == 0 {
		dims = nil
	}
	v.SetRaw(t, array, val, dims)
	return v
}

func variantStr(t types.BuiltinType, s string) types.Variant {
	var v types.Variant
	v.SetString(t, s)
	return v
}

// w3 is the DataValue.Full workload (bench-workloads.md W3).
func w3() types.DataValue {
	return types.DataValue{
		Value:             variantOf(types.TypeDouble, math.Float64bits(42.5)),
		Status:            0x40000000,
		SourceTimestamp:   t0DT,
		SourcePicoseconds: 10,
		ServerTimestamp:   t0DT + 10000,
		ServerPicoseconds: 20,
	}
}

func goldens() []golden {
	double1000 := make([]float64, 1000)
	for i := range double1000 {
		double1000[i] = float64(i) * 0.5
	}
	return []golden{
		// NodeId, Part 6 §5.2.2.9 examples (encoding-rules.md §3).
		gold("NodeId/TwoByte", nodeIDFns, types.NewNumericNodeID(0, 85), "00 55"),
		gold("NodeId/Null", nodeIDFns, types.NodeID{}, "00 00"),
		gold("NodeId/FourByte", nodeIDFns, types.NewNumericNodeID(2, 1234), "01 02 d2 04"),
		gold("NodeId/FourByteNs0", nodeIDFns, types.NewNumericNodeID(0, 631), "01 00 77 02"),
		gold("NodeId/Numeric", nodeIDFns, types.NewNumericNodeID(3, 70000), "02 03 00 70 11 01 00"),
		gold("NodeId/NumericNs256", nodeIDFns, types.NewNumericNodeID(256, 1), "02 00 01 01 00 00 00"),
		gold("NodeId/String", nodeIDFns, types.NewStringNodeID(1, "Hot水"), "03 01 00 06 00 00 00 48 6f 74 e6 b0 b4"),
		gold("NodeId/StringNull", nodeIDFns, types.NewStringNodeID(1, ""), "03 01 00 ff ff ff ff"),
		gold("NodeId/GUID", nodeIDFns, types.NewGUIDNodeID(4, guidW1), "04 04 00 91 2b 96 72 75 fa e6 4a 8d 28 b4 04 dc 7d af 63"),
		gold("NodeId/Opaque", nodeIDFns, types.NewOpaqueNodeID(0, seq(16)), "05 00 00 10 00 00 00"+hex.EncodeToString(seq(16))),
		gold("NodeId/OpaqueEmpty", nodeIDFns, types.NewOpaqueNodeID(7, nil), "05 07 00 ff ff ff ff"),

		// ExpandedNodeId (encoding-rules.md §4, W1).
		gold("ExpandedNodeId/W1", expandedNodeIDFns,
			types.ExpandedNodeID{NodeID: types.NewStringNodeID(0, "Pump.Speed"), NamespaceURI: "http://example.org/UA/"},
			"83 00 00"+str("Pump.Speed")+str("http://example.org/UA/")),
		gold("ExpandedNodeId/Plain", expandedNodeIDFns,
			types.ExpandedNodeID{NodeID: types.NewNumericNodeID(2, 1234)}, "01 02 d2 04"),
		gold("ExpandedNodeId/ServerIndex", expandedNodeIDFns,
			types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, 85), ServerIndex: 3}, "40 55 03 00 00 00"),
		gold("ExpandedNodeId/Both", expandedNodeIDFns,
			types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, 70000), NamespaceURI: "urn:a", ServerIndex: 1},
			"c2 00 00 70 11 01 00"+str("urn:a")+"01 00 00 00"),

		// Guid (Part 6 Figure 5).
		gold("Guid", guidFns, guidW1, "91 2b 96 72 75 fa e6 4a 8d 28 b4 04 dc 7d af 63"),
		gold("Guid/Null", guidFns, types.GUID{}, strings.Repeat("00", 16)),

		// DateTime, both Go forms (encoding-rules.md §2).
		gold("time.Time/T0", timeFns, t0, "07 97 5b 58 28 3d da 01"),
		gold("time.Time/Zero", timeFns, time.Time{}, "00 00 00 00 00 00 00 00"),

		gold("QualifiedName/Null", qualifiedNameFns, types.QualifiedName{}, "00 00 ff ff ff ff"),
		gold("QualifiedName", qualifiedNameFns, types.QualifiedName{NamespaceIndex: 2, Name: "Node1"}, "02 00"+str("Node1")),

		gold("LocalizedText/Empty", localizedTextFns, types.LocalizedText{}, "00"),
		gold("LocalizedText/Both", localizedTextFns, types.LocalizedText{Locale: "en", Text: "Node 1"}, "03"+str("en")+str("Node 1")),
		gold("LocalizedText/Text", localizedTextFns, types.LocalizedText{Text: "x"}, "02"+str("x")),
		gold("LocalizedText/Locale", localizedTextFns, types.LocalizedText{Locale: "de"}, "01"+str("de")),

		// Variant (encoding-rules.md §8, W2).
		gold("Variant/Null", variantFns, types.Variant{}, "00"),
		gold("Variant/Double", variantFns, variantOf(types.TypeDouble, math.Float64bits(3.14)), "0b 1f 85 eb 51 b8 1e 09 40"),
		gold("Variant/UInt32", variantFns, variantOf(types.TypeUInt32, 42), "07 2a 00 00 00"),
		gold("Variant/String", variantFns, variantStr(types.TypeString, "temperature"), "0c"+str("temperature")),
		gold("Variant/Boolean", variantFns, variantOf(types.TypeBoolean, 1), "01 01"),
		gold("Variant/SByte", variantFns, variantOf(types.TypeSByte, uint64(math.MaxUint64)), "02 ff"),
		gold("Variant/Int16", variantFns, variantOf(types.TypeInt16, uint64(1<<64-2)), "04 fe ff"),
		gold("Variant/Float", variantFns, variantOf(types.TypeFloat, uint64(math.Float32bits(-6.5))), "0a 00 00 d0 c0"),
		gold("Variant/DateTime", variantFns, variantOf(types.TypeDateTime, uint64(t0DT)), "0d 07 97 5b 58 28 3d da 01"),
		gold("Variant/XmlElement", variantFns, variantStr(types.TypeXmlElement, "<A>Hot水</A>"), "10 0d 00 00 00 3c 41 3e 48 6f 74 e6 b0 b4 3c 2f 41 3e"),
		gold("Variant/Guid", variantFns, variantRaw(types.TypeGUID, false, guidW1), "0e 91 2b 96 72 75 fa e6 4a 8d 28 b4 04 dc 7d af 63"),
		gold("Variant/ByteString", variantFns, variantRaw(types.TypeByteString, false, []byte{1, 2}), "0f 02 00 00 00 01 02"),
		gold("Variant/ByteStringNull", variantFns, variantRaw(types.TypeByteString, false, []byte(nil)), "0f ff ff ff ff"),
		gold("Variant/NodeId", variantFns, variantRaw(types.TypeNodeID, false, types.NewNumericNodeID(2, 1234)), "11 01 02 d2 04"),
		gold("Variant/QualifiedName", variantFns, variantRaw(types.TypeQualifiedName, false, types.QualifiedName{NamespaceIndex: 1, Name: "a"}), "14 01 00"+str("a")),
		gold("Variant/LocalizedText", variantFns, variantRaw(types.TypeLocalizedText, false, types.LocalizedText{Text: "a"}), "15 02"+str("a")),
		gold("Variant/ExtensionObject", variantFns, variantRaw(types.TypeExtensionObject, false, types.ExtensionObject{}), "16 00 00 00"),
		gold("Variant/DataValue", variantFns, variantRaw(types.TypeDataValue, false, types.DataValue{Status: 1}), "17 02 01 00 00 00"),
		gold("Variant/Int32Matrix", variantFns, variantRaw(types.TypeInt32, true, []int32{1, 2, 3, 4, 5, 6}, 2, 3),
			"c6 06 00 00 00 01 00 00 00 02 00 00 00 03 00 00 00 04 00 00 00 05 00 00 00 06 00 00 00 02 00 00 00 02 00 00 00 03 00 00 00"),
		gold("Variant/Double[1000]", variantFns, variantRaw(types.TypeDouble, true, double1000), doubleArrayHex(double1000)),
		gold("Variant/NullArray", variantFns, variantRaw(types.TypeInt32, true, []int32(nil)), "86 ff ff ff ff"),
		gold("Variant/EmptyArray", variantFns, variantRaw(types.TypeString, true, []string{}), "8c 00 00 00 00"),
		gold("Variant/BooleanArray", variantFns, variantRaw(types.TypeBoolean, true, []bool{true, false}), "81 02 00 00 00 01 00"),
		gold("Variant/StringArray", variantFns, variantRaw(types.TypeString, true, []string{"a", ""}), "8c 02 00 00 00"+str("a")+"ff ff ff ff"),
		gold("Variant/VariantArray", variantFns, variantRaw(types.TypeVariant, true, []types.Variant{variantOf(types.TypeByte, 7), {}}), "98 02 00 00 00 03 07 00"),
		gold("Variant/StatusCodeArray", variantFns, variantRaw(types.TypeStatusCode, true, []types.StatusCode{0x80000000}), "93 01 00 00 00 00 00 00 80"),
		gold("Variant/DateTimeArray", variantFns, variantRaw(types.TypeDateTime, true, []types.DateTime{t0DT}), "8d 01 00 00 00 07 97 5b 58 28 3d da 01"),
		gold("Variant/ByteStringArray", variantFns, variantRaw(types.TypeByteString, true, [][]byte{nil, {}}), "8f 02 00 00 00 ff ff ff ff 00 00 00 00"),

		// DataValue (encoding-rules.md §9, W3: 34 bytes).
		gold("DataValue/Empty", dataValueFns, types.DataValue{}, "00"),
		gold("DataValue/W3", dataValueFns, w3(),
			"3f 0b 00 00 00 00 00 40 45 40 00 00 00 40 07 97 5b 58 28 3d da 01 0a 00 17 be 5b 58 28 3d da 01 14 00"),
		gold("DataValue/W5", dataValueFns, types.DataValue{Value: variantOf(types.TypeInt32, 1), SourceTimestamp: t0DT, ServerTimestamp: t0DT},
			"0d 06 01 00 00 00 07 97 5b 58 28 3d da 01 07 97 5b 58 28 3d da 01"),

		// DiagnosticInfo: Locale (0x08) is written before LocalizedText (0x04).
		gold("DiagnosticInfo/Empty", diagnosticInfoFns, types.DiagnosticInfo{}, "00"),
		gold("DiagnosticInfo/LocaleFirst", diagnosticInfoFns,
			types.DiagnosticInfo{Mask: types.DiagnosticInfoLocale | types.DiagnosticInfoLocalizedText, Locale: 1, LocalizedText: 2},
			"0c 01 00 00 00 02 00 00 00"),
		gold("DiagnosticInfo/All", diagnosticInfoFns,
			types.DiagnosticInfo{Mask: 0x7f, SymbolicID: 1, NamespaceURI: 2, Locale: 3, LocalizedText: 4, AdditionalInfo: "x",
				InnerStatusCode: 0x80000000, InnerDiagnosticInfo: &types.DiagnosticInfo{Mask: types.DiagnosticInfoSymbolicID, SymbolicID: -1}},
			"7f 01 00 00 00 02 00 00 00 03 00 00 00 04 00 00 00"+str("x")+"00 00 00 80 01 ff ff ff ff"),

		// ExtensionObject (encoding-rules.md §7).
		gold("ExtensionObject/Null", extensionObjectFns, types.ExtensionObject{}, "00 00 00"),
		gold("ExtensionObject/RawBinary", extensionObjectFns,
			types.ExtensionObject{TypeID: types.NewNumericNodeID(1, 298), Encoding: types.ExtensionObjectBinary, Body: []byte{1, 2, 3}},
			"01 01 2a 01 01 03 00 00 00 01 02 03"),
		gold("ExtensionObject/RawEmptyBody", extensionObjectFns,
			types.ExtensionObject{TypeID: types.NewNumericNodeID(1, 298), Encoding: types.ExtensionObjectBinary, Body: []byte{}},
			"01 01 2a 01 01 00 00 00 00"),
		gold("ExtensionObject/XML", extensionObjectFns,
			types.ExtensionObject{TypeID: types.NewNumericNodeID(0, 299), Encoding: types.ExtensionObjectXML, Body: []byte("<a/>")},
			"01 00 2b 01 02 04 00 00 00 3c 61 2f 3e"),
		gold("ExtensionObject/FourByteID", extensionObjectFns,
			types.ExtensionObject{TypeID: pointID, Encoding: types.ExtensionObjectBinary, Value: &point{1, 2}},
			"01 01 89 13 01 10 00 00 00 00 00 00 00 00 00 f0 3f 00 00 00 00 00 00 00 40"),
		gold("ExtensionObject/TwoByteID", extensionObjectFns,
			types.ExtensionObject{TypeID: tinyID, Encoding: types.ExtensionObjectBinary, Value: &tiny{9}},
			"00 16 01 01 00 00 00 09"),
		gold("ExtensionObject/StringID", extensionObjectFns,
			types.ExtensionObject{TypeID: namedID, Encoding: types.ExtensionObjectBinary, Value: &named{Name: "n", V: variantOf(types.TypeByte, 5)}},
			"03 02 00"+str("Named")+"01 07 00 00 00"+str("n")+"03 05"),
	}
}

func doubleArrayHex(s []float64) string {
	var sb strings.Builder
	sb.WriteString("8b")
	sb.WriteString(hex.EncodeToString([]byte{byte(len(s)), byte(len(s) >> 8), 0, 0}))
	for _, x := range s {
		b := math.Float64bits(x)
		for i := 0; i < 8; i++ {
			sb.WriteString(hex.EncodeToString([]byte{byte(b >> (8 * i))}))
		}
	}
	return sb.String()
}

func TestGolden(t *testing.T) {
	for _, g := range goldens() {
		t.Run(g.name, func(t *testing.T) { g.run(t, unhex(g.wire)) })
	}
}

// TestGoldenPortable runs the golden cases with the bulk copies switched
// off, as on a big-endian host.
func TestGoldenPortable(t *testing.T) {
	useBulk = false
	defer func() { useBulk = bulk.LittleEndian }()
	for _, g := range goldens() {
		t.Run(g.name, func(t *testing.T) { g.run(t, unhex(g.wire)) })
	}
}

func TestBuiltinsRegistered(t *testing.T) {
	builtin := []reflect.Type{
		reflect.TypeFor[types.NodeID](), reflect.TypeFor[types.ExpandedNodeID](), reflect.TypeFor[time.Time](),
		reflect.TypeFor[types.Variant](), reflect.TypeFor[types.ExtensionObject](),
	}
	for _, typ := range builtin {
		c := builtinCodecs[typ]
		if c == nil || c.Type != typ || c.Append == nil || c.Consume == nil || c.IsZero == nil || c.MinSize == 0 {
			t.Errorf("no complete built-in codec for %v", typ)
		}
		if err := Register(NewSet(), Funcs[struct{}]{}); !errors.Is(err, ErrNilFunc) {
			t.Errorf("Register with nil functions: %v", err)
		}
	}
	if len(builtinCodecs) != len(builtin) {
		t.Errorf("%d built-in codecs, want %d", len(builtinCodecs), len(builtin))
	}
	fast := []reflect.Type{
		reflect.TypeFor[types.GUID](), reflect.TypeFor[types.QualifiedName](), reflect.TypeFor[types.LocalizedText](),
		reflect.TypeFor[types.DataValue](), reflect.TypeFor[types.DiagnosticInfo](),
	}
	s := NewSet()
	for _, typ := range fast {
		if c := (*erased.Set)(s).Lookup(typ); c == nil || c.Type != typ {
			t.Errorf("a new Set has no fast path for %v", typ)
		}
	}

}

// TestNilArrayStorage: an array Variant with no slice at all is written as
// a null array, as the engine does.
func TestNilArrayStorage(t *testing.T) {
	b, err := variantFns.encode(variantRaw(types.TypeDouble, true, nil))
	if err != nil || string(b) != string(unhex("8b ff ff ff ff")) {
		t.Fatalf("got % x, %v", b, err)
	}
}

func TestEmptyStrings(t *testing.T) {
	w := wire.Writer{EmptyStrings: true}
	q := types.QualifiedName{}
	appendQualifiedName(&w, &q)
	n := types.NewStringNodeID(1, "")
	appendNodeID(&w, &n)
	v := variantStr(types.TypeString, "")
	appendVariant(&w, &v)
	want := unhex("00 00 00 00 00 00 | 03 01 00 00 00 00 00 | 0c 00 00 00 00")
	if string(w.Buf) != string(want) {
		t.Fatalf("got % x, want % x", w.Buf, want)
	}
}

// TestNaNCanonical checks that every NaN is written as the canonical NaN,
// scalars and arrays, bulk and portable, and that payloads are kept when
// decoding.
func TestNaNCanonical(t *testing.T) {
	odd64 := math.Float64frombits(0x7ff0000000000123)
	odd32 := math.Float32frombits(0x7fc00042)
	for _, inBulk := range []bool{true, false} {
		useBulk = inBulk && bulk.LittleEndian
		for _, c := range []struct {
			v    types.Variant
			want string
		}{
			{variantOf(types.TypeDouble, math.Float64bits(odd64)), "0b 00 00 00 00 00 00 f8 ff"},
			{variantOf(types.TypeFloat, uint64(math.Float32bits(odd32))), "0a 00 00 c0 ff"},
			{variantRaw(types.TypeDouble, true, []float64{1, odd64, math.NaN()}),
				"8b 03 00 00 00 00 00 00 00 00 00 f0 3f 00 00 00 00 00 00 f8 ff 00 00 00 00 00 00 f8 ff"},
			{variantRaw(types.TypeFloat, true, []float32{odd32, 2}), "8a 02 00 00 00 00 00 c0 ff 00 00 00 40"},
		} {
			got, err := variantFns.encode(c.v)
			if err != nil || string(got) != string(unhex(c.want)) {
				t.Errorf("bulk=%v: encode %v: got % x (%v), want %s", inBulk, c.v.Type(), got, err, c.want)
			}
		}
		v, err := variantFns.decode(unhex("8b 01 00 00 00 23 01 00 00 00 00 f0 7f"))
		if err != nil || math.Float64bits(v.Raw().([]float64)[0]) != 0x7ff0000000000123 {
			t.Errorf("bulk=%v: decoding a NaN array lost its payload: %v %v", inBulk, v.Raw(), err)
		}
	}
	useBulk = bulk.LittleEndian
}

func TestDecodeNormalises(t *testing.T) {
	// Boolean: any non-zero byte is true.
	v, err := variantFns.decode(unhex("01 07"))
	if err != nil || v.Bits() != 1 {
		t.Errorf("Boolean 07: bits %d, %v", v.Bits(), err)
	}
	v, err = variantFns.decode(unhex("81 02 00 00 00 00 ff"))
	if err != nil || !reflect.DeepEqual(v.Raw(), []bool{false, true}) {
		t.Errorf("Boolean array: %v, %v", v.Raw(), err)
	}
	// Ids 26..31 are kept as ByteString.
	for _, mask := range []string{"1a", "1f"} {
		v, err = variantFns.decode(unhex(mask + " 01 00 00 00 aa"))
		if err != nil || v.Type() != types.TypeByteString || !reflect.DeepEqual(v.Raw(), []byte{0xaa}) {
			t.Errorf("mask %s: %v %v %v", mask, v.Type(), v.Raw(), err)
		}
	}
	v, err = variantFns.decode(unhex("9b 01 00 00 00 ff ff ff ff"))
	if err != nil || v.Type() != types.TypeByteString || !reflect.DeepEqual(v.Raw(), [][]byte{nil}) {
		t.Errorf("mask 9b: %v %#v %v", v.Type(), v.Raw(), err)
	}
	// Every NodeId form decodes; the encoder then picks the smallest.
	n, err := nodeIDFns.decode(unhex("02 00 00 55 00 00 00"))
	if err != nil || n != types.NewNumericNodeID(0, 85) {
		t.Errorf("long form of i=85: %v %v", n, err)
	}
	// ExpandedNodeId: a URI sets the namespace index to 0; a null URI is "".
	e, err := expandedNodeIDFns.decode(unhex("81 05 d2 04 ff ff ff ff"))
	if err != nil || e != (types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, 1234)}) {
		t.Errorf("null URI: %+v %v", e, err)
	}
	e, err = expandedNodeIDFns.decode(unhex("81 05 d2 04" + str("urn:x")))
	if err != nil || e != (types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, 1234), NamespaceURI: "urn:x"}) {
		t.Errorf("URI: %+v %v", e, err)
	}
	// DataValue picoseconds above 9999 are clamped.
	d, err := dataValueFns.decode(unhex("30 10 27 ff ff"))
	if err != nil || d.SourcePicoseconds != 9999 || d.ServerPicoseconds != 9999 {
		t.Errorf("picoseconds: %+v %v", d, err)
	}
	// Null and empty ExtensionObject bodies of unknown types stay raw.
	x, err := extensionObjectFns.decode(unhex("01 00 2a 01 01 00 00 00 00"))
	if err != nil || x.Body == nil || len(x.Body) != 0 || x.Encoding != 1 {
		t.Errorf("empty body: %+v %v", x, err)
	}
	// time.Time: negative ticks give the zero time, huge ones 9999-12-31T23:59:59Z.
	tm, err := timeFns.decode(unhex("ff ff ff ff ff ff ff ff"))
	if err != nil || !tm.IsZero() {
		t.Errorf("negative ticks: %v %v", tm, err)
	}
	tm, err = timeFns.decode(unhex("ff ff ff ff ff ff ff 7f"))
	if err != nil || !tm.Equal(time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC)) {
		t.Errorf("MaxInt64 ticks: %v %v", tm, err)
	}
}

// TestExtensionObjectRawReencodes checks that a body of an unknown type and
// an XML body come back byte for byte.
func TestExtensionObjectRawReencodes(t *testing.T) {
	for _, h := range []string{
		"03 02 00" + str("Other") + "01 02 00 00 00 aa bb",
		"01 00 2b 01 02 03 00 00 00 3c 61 3e",
		"05 00 00 01 00 00 00 01 | 01 00 00 00 00",
	} {
		in := unhex(h)
		x, err := extensionObjectFns.decode(in)
		if err != nil {
			t.Fatalf("%s: %v", h, err)
		}
		out, err := extensionObjectFns.encode(x)
		if err != nil || string(out) != string(in) {
			t.Errorf("%s: re-encoded as % x (%v)", h, out, err)
		}
	}
}

func TestExtensionObjectNilEngine(t *testing.T) {
	var w wire.Writer
	x := types.ExtensionObject{Value: &point{}}
	appendExtensionObject(&w, &x)
	if !errors.Is(w.Err(), wire.ErrUnknownType) {
		t.Errorf("encoding a Value without an Engine: %v", w.Err())
	}
	in := unhex("01 01 89 13 01 10 00 00 00" + strings.Repeat("00", 16))
	r := wire.NewReader(in, wire.Limits{})
	consumeExtensionObject(r, &x)
	if r.Err() != nil || x.Value != nil || len(x.Body) != 16 || x.TypeID != pointID || r.Remaining() != 0 {
		t.Errorf("decoding without an Engine: %+v %v", x, r.Err())
	}
	w = wire.Writer{}
	withBodies(&w)
	x = types.ExtensionObject{Value: 42}
	appendExtensionObject(&w, &x)
	if !errors.Is(w.Err(), wire.ErrUnknownType) {
		t.Errorf("encoding an unregistered Value: %v", w.Err())
	}
}

// TestExtensionObjectInVariantArray encodes bodies of three header sizes
// one after the other, so every move of a body is checked in context.
func TestExtensionObjectInVariantArray(t *testing.T) {
	v := variantRaw(types.TypeExtensionObject, true, []types.ExtensionObject{
		{TypeID: namedID, Encoding: 1, Value: &named{Name: "a", V: variantOf(types.TypeByte, 1)}},
		{TypeID: tinyID, Encoding: 1, Value: &tiny{2}},
		{TypeID: pointID, Encoding: 1, Value: &point{3, 4}},
		{TypeID: tinyID, Encoding: 1, Value: &tiny{5}},
	})
	b, err := variantFns.encode(v)
	if err != nil {
		t.Fatal(err)
	}
	want := "96 04 00 00 00" +
		"03 02 00" + str("Named") + "01 07 00 00 00" + str("a") + "03 01" +
		"00 16 01 01 00 00 00 02" +
		"01 01 89 13 01 10 00 00 00 00 00 00 00 00 00 08 40 00 00 00 00 00 00 10 40" +
		"00 16 01 01 00 00 00 05"
	if string(b) != string(unhex(want)) {
		t.Fatalf("got  % x\nwant % x", b, unhex(want))
	}
	back, err := variantFns.decode(b)
	if err != nil || !reflect.DeepEqual(back, v) {
		t.Fatalf("decoded %#v, %v", back.Raw(), err)
	}
}
