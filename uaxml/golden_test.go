package uaxml_test

import (
	"bytes"
	"flag"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/wire"
	"github.com/uabin/uabin/uaxml"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/golden")

// Optional is a structure with optional fields (§5.3.6).
type Optional struct {
	A int32  `ua:"Int32"`
	B *int32 `ua:"optional"`
	C string `ua:"String,optional"`
	D uint8  `ua:"Byte"`
}

// Union is a union (§5.3.7).
type Union struct {
	S uint32  `ua:"switch"`
	I int32   `ua:"Int32"`
	T string  `ua:"String"`
	F float64 `ua:"Double"`
}

// Lists has arrays of several kinds, and fields that are null.
type Lists struct {
	Ints    []int32               `ua:"Int32"`
	Names   []string              `ua:"String"`
	Texts   []types.LocalizedText `ua:"LocalizedText"`
	Null    []uint16              `ua:"UInt16"`
	Empty   []float64             `ua:"Double"`
	Nothing string                `ua:"String"`
	Blank   string                `ua:"String,empty"`
	Bytes   []byte                `ua:"ByteString"`
}

func ptr[T any](v T) *T { return &v }

// goldenCases are the values of the golden files, by file name: one per
// rule of Part 6 §5.3 (built-ins, arrays, structures, optional fields,
// unions, enumerations, ExtensionObject bodies, Variants, DataValues,
// DiagnosticInfos).
func goldenCases(t testing.TB) map[string]any {
	arg := &types.Argument{Name: "Speed", DataType: types.NewNumericNodeID(0, 11), ValueRank: 1,
		ArrayDimensions: []uint32{3}, Description: types.NewLocalizedText("en", "Set point")}
	matrix, err := types.NewMatrix([]int32{1, 2, 3, 4, 5, 6}, 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	inner := types.DiagnosticInfo{}.WithSymbolicID(1).WithAdditionalInfo("inner")
	return map[string]any{
		"boolean":                ptr(true),
		"sbyte":                  ptr(int8(-128)),
		"byte":                   ptr(uint8(255)),
		"int16":                  ptr(int16(-32768)),
		"uint16":                 ptr(uint16(65535)),
		"int32":                  ptr(int32(-5)),
		"uint32":                 ptr(uint32(math.MaxUint32)),
		"int64":                  ptr(int64(math.MinInt64)),
		"uint64":                 ptr(uint64(math.MaxUint64)),
		"float":                  ptr(float32(3.4028235e38)),
		"float_nan":              ptr(float32(math.NaN())),
		"double":                 ptr(0.1),
		"double_inf":             ptr(math.Inf(1)),
		"double_neginf":          ptr(math.Inf(-1)),
		"double_small":           ptr(5e-324),
		"string":                 ptr("Hot水 <&> \"q\"\r\n\t"),
		"string_empty":           ptr(wire.EmptyString),
		"string_null":            ptr(""),
		"datetime":               ptr(types.DateTimeFromTime(time.Date(2024, 1, 2, 3, 4, 5, 123456700, time.UTC))),
		"datetime_whole":         ptr(types.DateTimeFromTime(time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC))),
		"datetime_min":           ptr(types.MinDateTime),
		"datetime_max":           ptr(types.MaxDateTime),
		"time":                   ptr(time.Date(1999, 12, 31, 23, 59, 59, 990000000, time.UTC)),
		"guid":                   ptr(types.MustParseGUID("72962B91-FA75-4AE6-8D28-B404DC7DAF63")),
		"bytestring":             ptr([]byte{0, 1, 2, 0xfe, 0xff}),
		"bytestring_empty":       ptr([]byte{}),
		"xmlelement":             ptr(types.XmlElement(`<A b="1">x &amp; y</A>`)),
		"nodeid_numeric":         ptr(types.NewNumericNodeID(0, 85)),
		"nodeid_string":          ptr(types.NewStringNodeID(2, "Pump<1>;x=y")),
		"nodeid_guid":            ptr(types.NewGUIDNodeID(1, types.MustParseGUID("72962B91-FA75-4AE6-8D28-B404DC7DAF63"))),
		"nodeid_opaque":          ptr(types.NewOpaqueNodeID(3, []byte{1, 2, 3})),
		"expandednodeid":         ptr(types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, 5), NamespaceURI: "http://acme.org/A;B", ServerIndex: 2}),
		"expandednodeid_index":   ptr(types.NewExpandedNodeID(types.NewNumericNodeID(1, 5))),
		"statuscode":             ptr(types.StatusCode(0x80340000)),
		"qualifiedname":          ptr(types.NewQualifiedName(1, "Pump")),
		"localizedtext":          ptr(types.NewLocalizedText("de-DE", "Pumpe")),
		"localizedtext_textonly": ptr(types.NewLocalizedText("", "Pump")),
		"localizedtext_null":     ptr(types.LocalizedText{}),
		"enumeration":            ptr(types.TimestampsToReturnBoth),
		"enumeration_unnamed":    ptr(types.TimestampsToReturn(42)),
		"structure":              &types.ReadValueID{NodeID: types.NewStringNodeID(2, "Demo"), AttributeID: 13, IndexRange: "1:2"},
		"structure_arguments":    arg,
		"optional_some":          &Optional{A: 1, C: "x", D: 2},
		"optional_all":           &Optional{A: 1, B: ptr(int32(7)), C: "x", D: 2},
		"optional_none":          &Optional{A: 1},
		"union":                  &Union{S: 2, T: "ab"},
		"union_null":             &Union{},
		"lists":                  &Lists{Ints: []int32{1, -2}, Names: []string{"a", "", wire.EmptyString}, Texts: []types.LocalizedText{types.NewLocalizedText("", "t")}, Empty: []float64{}, Blank: "", Bytes: []byte{}},
		"listofint32":            &[]int32{1, 2, 3},
		"listofstring_null":      ptr([]string(nil)),
		"extensionobject":        ptr(types.NewExtensionObject(arg)),
		"extensionobject_binary": ptr(types.ExtensionObject{TypeID: types.NewNumericNodeID(2, 5001), Encoding: types.ExtensionObjectBinary, Body: []byte{1, 2, 3}}),
		"extensionobject_xml":    ptr(types.ExtensionObject{TypeID: types.NewNumericNodeID(2, 5002), Encoding: types.ExtensionObjectXML, Body: []byte(`<Point xmlns="http://acme.org/Types.xsd"><X>1</X><Y>2</Y></Point>`)}),
		"extensionobject_nobody": ptr(types.ExtensionObject{TypeID: types.NewNumericNodeID(2, 5001)}),
		"extensionobject_null":   ptr(types.ExtensionObject{}),
		"variant_int32":          ptr(types.MustVariant(int32(5))),
		"variant_string":         ptr(types.MustVariant("x")),
		"variant_string_null":    ptr(types.MustVariant("")),
		"variant_bytestring":     ptr(types.MustVariant([]byte("hi"))),
		"variant_array":          ptr(types.MustVariant([]string{"a", "b"})),
		"variant_array_empty":    ptr(types.MustVariant([]float64{})),
		"variant_array_variant":  ptr(types.MustVariant([]types.Variant{types.MustVariant(int32(1)), types.MustVariant("s")})),
		"variant_matrix":         &matrix,
		"variant_null":           &types.Variant{},
		"variant_localizedtext":  ptr(types.MustVariant(types.NewLocalizedText("en", "x"))),
		"variant_extensionobject": ptr(types.MustVariant(types.NewExtensionObject(&types.EUInformation{
			NamespaceURI: "http://www.opcfoundation.org/UA/units/un/cefact", UnitID: 4408652, DisplayName: types.NewLocalizedText("", "°C")}))),
		"datavalue": &types.DataValue{Value: types.MustVariant(1.5), Status: types.StatusCode(0x40000000),
			SourceTimestamp: types.DateTimeFromTime(time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)), SourcePicoseconds: 10,
			ServerTimestamp: types.DateTimeFromTime(time.Date(2024, 1, 2, 3, 4, 6, 0, time.UTC)), ServerPicoseconds: 20},
		"datavalue_sentzero": &types.DataValue{SentZero: 0x03},
		"datavalue_empty":    &types.DataValue{},
		"diagnosticinfo": ptr(types.DiagnosticInfo{}.WithSymbolicID(3).WithNamespaceURI(4).WithLocale(5).WithLocalizedText(6).
			WithAdditionalInfo("valve stuck").WithInnerStatusCode(types.StatusCode(0x80000000)).WithInner(inner)),
		"diagnosticinfo_empty": &types.DiagnosticInfo{},
	}
}

// TestGolden: the text of every case is its golden file, byte for byte;
// the golden file reads back to the same value (the same binary encoding)
// and writes again to the same text.
func TestGolden(t *testing.T) {
	for name, v := range goldenCases(t) {
		t.Run(name, func(t *testing.T) {
			got, err := uaxml.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join("testdata", "golden", name+".xml")
			if *update {
				if err := os.WriteFile(file, append(got, '\n'), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			want = bytes.TrimSuffix(want, []byte("\n"))
			if !bytes.Equal(got, want) {
				t.Fatalf("text\n%s\nwant\n%s", got, want)
			}
			back := newLike(v)
			if err := uaxml.Unmarshal(want, back); err != nil {
				t.Fatalf("decoding the golden file: %v", err)
			}
			again, err := uaxml.Marshal(back)
			if err != nil || !bytes.Equal(again, want) {
				t.Fatalf("written again (%v)\n%s\nwant\n%s", err, again, want)
			}
			sameBinary(t, v, back)
		})
	}
}

// sameBinary checks that a and b have the same binary encoding, where
// the type has one (skipped for types uabin cannot encode standing alone).
func sameBinary(t *testing.T, a, b any) {
	t.Helper()
	ba, errA := uabin.Marshal(a)
	bb, errB := uabin.Marshal(b)
	if errA != nil || errB != nil {
		if (errA == nil) != (errB == nil) {
			t.Fatalf("binary: %v, %v", errA, errB)
		}
		return
	}
	if !bytes.Equal(ba, bb) {
		t.Fatalf("binary of the value read back\n% x\nwant\n% x", bb, ba)
	}
}

// TestGoldenIntoReused: a golden file decoded into a value that holds
// another golden value of the same type (or the same one) gives the value
// decoding into a new one gives: its text and binary encoding. Decoding
// reuses strings, ByteStrings and arrays of the value decoded into.
func TestGoldenIntoReused(t *testing.T) {
	cases := goldenCases(t)
	texts := map[string][]byte{}
	for name, v := range cases {
		b, err := uaxml.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		texts[name] = b
	}
	for first, v1 := range cases {
		for second, v2 := range cases {
			if reflect.TypeOf(v1) != reflect.TypeOf(v2) {
				continue
			}
			into := newLike(v1)
			if err := uaxml.Unmarshal(texts[first], into); err != nil {
				t.Fatalf("%s: %v", first, err)
			}
			if err := uaxml.Unmarshal(texts[second], into); err != nil {
				t.Fatalf("%s into %s: %v", second, first, err)
			}
			again, err := uaxml.Marshal(into)
			if err != nil || !bytes.Equal(again, texts[second]) {
				t.Fatalf("%s into %s: written again (%v)\n%s\nwant\n%s", second, first, err, again, texts[second])
			}
			sameBinary(t, v2, into)
		}
	}
}
