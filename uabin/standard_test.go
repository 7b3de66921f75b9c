package uabin_test

import (
	"bytes"
	"fmt"
	"math"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// cmpTypes compares the built-in types the way their wire form does:
// NodeIDs by value (their fields are unexported); Variant, DataValue and
// ExtensionObject have Equal methods that go-cmp uses.
var cmpTypes = cmp.Options{
	cmp.Comparer(func(a, b types.NodeID) bool { return a == b }),
}

// bothModes are the two engines every value must agree in.
var bothModes = []struct {
	name string
	opts uabin.Options
}{
	{"fast", uabin.Options{}},
	{"plans", uabin.Options{DisableFastPaths: true}},
}

// TestStandardTypesRoundTrip encodes the zero value and a filled value of
// every concrete standard structure in both modes: the bytes must be the
// same in both, Size must equal their length, and decoding must give back
// an equal value that re-encodes to the same bytes.
func TestStandardTypesRoundTrip(t *testing.T) {
	n := 0
	for _, ti := range types.StandardTypes {
		if ti.Abstract || ti.Type == nil {
			continue
		}
		n++
		zero := reflect.New(ti.Type)
		filled := reflect.New(ti.Type)
		(&filler{}).fill(filled.Elem(), 0)
		for _, v := range []struct {
			name string
			ptr  reflect.Value
		}{{"zero", zero}, {"filled", filled}} {
			t.Run(ti.Name+"/"+v.name, func(t *testing.T) {
				roundTrip(t, v.ptr.Interface())
			})
		}
	}
	if n < 280 {
		t.Fatalf("only %d concrete standard types", n)
	}
}

func roundTrip(t *testing.T, v any) {
	t.Helper()
	var first []byte
	for _, m := range bothModes {
		b, err := m.opts.Marshal(v)
		if err != nil {
			t.Fatalf("%s: Marshal: %v", m.name, err)
		}
		if first == nil {
			first = b
		} else if !bytes.Equal(b, first) {
			t.Fatalf("%s bytes differ from fast:\n% x\n% x", m.name, b, first)
		}
		if size, err := m.opts.Size(v); err != nil || size != len(b) {
			t.Fatalf("%s: Size = %d, %v; encoded %d bytes", m.name, size, err, len(b))
		}
		back := reflect.New(reflect.TypeOf(v).Elem()).Interface()
		if err := m.opts.Unmarshal(b, back); err != nil {
			t.Fatalf("%s: Unmarshal: %v\n% x", m.name, err, b)
		}
		if d := cmp.Diff(v, back, cmpTypes); d != "" {
			t.Fatalf("%s: decoded value differs (-want +got):\n%s", m.name, d)
		}
		again, err := m.opts.Marshal(back)
		if err != nil || !bytes.Equal(again, b) {
			t.Fatalf("%s: re-encoding the decoded value: %v\n% x\n% x", m.name, err, again, b)
		}
	}
}

// filler puts a deterministic, non-zero value in every field it can reach,
// varying the built-in forms (NodeId kinds, Variant types) as it goes.
type filler struct{ n int }

func (f *filler) next() int { f.n++; return f.n }

func (f *filler) fill(v reflect.Value, depth int) {
	switch v.Type() {
	case reflect.TypeFor[types.NodeID]():
		v.Set(reflect.ValueOf(f.nodeID()))
		return
	case reflect.TypeFor[types.ExpandedNodeID]():
		e := types.ExpandedNodeID{NodeID: f.nodeID()}
		if f.next()%2 == 0 {
			e.NodeID = e.NodeID.WithNamespace(0)
			e.NamespaceURI = "urn:example"
			e.ServerIndex = 3
		}
		v.Set(reflect.ValueOf(e))
		return
	case reflect.TypeFor[types.Variant]():
		v.Set(reflect.ValueOf(f.variant()))
		return
	case reflect.TypeFor[types.ExtensionObject]():
		eo := types.NewExtensionObject(&types.Argument{Name: fmt.Sprint("arg", f.next()), DataType: types.NewNumericNodeID(0, 11), ValueRank: -1})
		v.Set(reflect.ValueOf(eo))
		return
	case reflect.TypeFor[types.DiagnosticInfo]():
		d := types.DiagnosticInfo{}.WithSymbolicID(0).WithAdditionalInfo("why").WithInnerStatusCode(types.StatusBadInternalError)
		v.Set(reflect.ValueOf(d))
		return
	case reflect.TypeFor[types.DateTime]():
		v.SetInt(133486382451234567 + int64(f.next()))
		return
	}
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(f.next()))
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(f.next()))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(float64(f.next()) + 0.5)
	case reflect.String:
		v.SetString(fmt.Sprint("s", f.next()))
	case reflect.Slice:
		if depth > 3 {
			return
		}
		if v.Type().Elem().Kind() == reflect.Uint8 {
			v.SetBytes([]byte{1, 2, byte(f.next())})
			return
		}
		s := reflect.MakeSlice(v.Type(), 2, 2)
		for i := 0; i < 2; i++ {
			f.fill(s.Index(i), depth+1)
		}
		v.Set(s)
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			f.fill(v.Index(i), depth+1)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				f.fill(v.Field(i), depth+1)
			}
		}
	case reflect.Pointer:
		if depth > 3 {
			return
		}
		p := reflect.New(v.Type().Elem())
		f.fill(p.Elem(), depth+1)
		v.Set(p)
	}
}

func (f *filler) nodeID() types.NodeID {
	switch n := f.next(); n % 5 {
	case 0:
		return types.NewNumericNodeID(0, uint32(n%256))
	case 1:
		return types.NewNumericNodeID(2, 1234)
	case 2:
		return types.NewNumericNodeID(3, 70000)
	case 3:
		return types.NewStringNodeID(2, fmt.Sprint("Demo.", n))
	default:
		return types.NewGUIDNodeID(4, types.MustParseGUID("72962B91-FA75-4AE6-8D28-B404DC7DAF63"))
	}
}

func (f *filler) variant() types.Variant {
	switch n := f.next(); n % 6 {
	case 0:
		return types.VariantFromFloat64(float64(n) * 1.5)
	case 1:
		return types.VariantFromString(fmt.Sprint("value-", n))
	case 2:
		return types.MustVariant([]int32{1, 2, int32(n)})
	case 3:
		m, err := types.NewMatrix([]float64{1, 2, 3, 4, 5, 6}, 2, 3)
		if err != nil {
			panic(err)
		}
		return m
	case 4:
		return types.MustVariant(types.NewQualifiedName(2, "Name"))
	default:
		return types.MustVariant(types.NewExtensionObject(&types.Argument{Name: "in", DataType: types.NewNumericNodeID(0, 6), ValueRank: -1}))
	}
}

// b is a little-endian byte builder for the hand-assembled expected bytes
// below. It shares no code with the codecs.
type b []byte

func (x b) u8(v byte) b     { return append(x, v) }
func (x b) u16(v uint16) b  { return append(x, byte(v), byte(v>>8)) }
func (x b) u32(v uint32) b  { return append(x, byte(v), byte(v>>8), byte(v>>16), byte(v>>24)) }
func (x b) i32(v int32) b   { return x.u32(uint32(v)) }
func (x b) i64(v int64) b   { return x.u32(uint32(v)).u32(uint32(uint64(v) >> 32)) }
func (x b) f64(v float64) b { return x.i64(int64(math.Float64bits(v))) }
func (x b) str(s string) b  { return append(x.i32(int32(len(s))), s...) }
func (x b) raw(r ...byte) b { return append(x, r...) }

const t0 = types.DateTime(133486382451234567) // 2024-01-02T03:04:05.1234567Z

// responseHeader is the W5/W6 ResponseHeader: Timestamp T0, RequestHandle
// 42, ServiceResult Good, empty DiagnosticInfo, null StringTable, null
// AdditionalHeader.
func responseHeaderBytes(x b) b {
	return x.i64(int64(t0)).u32(42).u32(0).u8(0x00).i32(-1).raw(0x00, 0x00, 0x00)
}

func responseHeader() types.ResponseHeader {
	return types.ResponseHeader{Timestamp: t0, RequestHandle: 42}
}

// TestWorkloadBytes holds the bytes of workloads W5 (N=10), W6 (N=500)
// and W7 of the benchmark workloads (docs/workloads.md), assembled by hand from the Part 6
// rules, and checks that both modes produce them and decode them back.
// (W1-W4 are in wire_test.go and testdata/.)
func TestWorkloadBytes(t *testing.T) {
	// W5 ReadResponse[10]: DataValues with mask 0D (Value, SourceTimestamp,
	// ServerTimestamp), Variants by i mod 5.
	w5 := types.ReadResponse{ResponseHeader: responseHeader()}
	want5 := responseHeaderBytes(b{0x01, 0x00, 0x7a, 0x02}).i32(10)
	for i := 0; i < 10; i++ {
		ts := t0 + types.DateTime(i)*10000
		var v types.Variant
		want5 = want5.u8(0x0d)
		switch i % 5 {
		case 0:
			v = types.VariantFromFloat64(float64(i) * 1.5)
			want5 = want5.u8(11).f64(float64(i) * 1.5)
		case 1:
			v = types.VariantFromInt32(int32(i))
			want5 = want5.u8(6).i32(int32(i))
		case 2:
			v = types.VariantFromBool(i%2 == 0)
			want5 = want5.u8(1).u8(byte(1 - i%2))
		case 3:
			v = types.VariantFromString(fmt.Sprint("value-", i))
			want5 = want5.u8(12).str(fmt.Sprint("value-", i))
		case 4:
			dt := t0 + types.DateTime(i)*10000000
			v = types.VariantFromDateTime(dt)
			want5 = want5.u8(13).i64(int64(dt))
		}
		want5 = want5.i64(int64(ts)).i64(int64(ts))
		w5.Results = append(w5.Results, types.DataValue{Value: v, SourceTimestamp: ts, ServerTimestamp: ts})
	}
	want5 = want5.i32(-1) // DiagnosticInfos null

	// W6 BrowseResponse[500].
	w6 := types.BrowseResponse{ResponseHeader: responseHeader()}
	want6 := responseHeaderBytes(b{0x01, 0x00, 0x12, 0x02}).i32(1).u32(0).i32(-1).i32(500)
	res := types.BrowseResult{}
	for i := 0; i < 500; i++ {
		res.References = append(res.References, types.ReferenceDescription{
			ReferenceTypeID: types.NewNumericNodeID(0, 35),
			IsForward:       true,
			NodeID:          types.NewExpandedNodeID(types.NewStringNodeID(2, fmt.Sprint("Demo.Node.", i))),
			BrowseName:      types.NewQualifiedName(2, fmt.Sprint("Node", i)),
			DisplayName:     types.NewLocalizedText("en", fmt.Sprint("Node ", i)),
			NodeClass:       types.NodeClassVariable,
			TypeDefinition:  types.NewExpandedNodeID(types.NewNumericNodeID(0, 63)),
		})
		want6 = want6.raw(0x00, 35).u8(1). // ReferenceTypeId TwoByte, IsForward
							raw(0x03).u16(2).str(fmt.Sprint("Demo.Node.", i)). // ExpandedNodeId, no flags
							u16(2).str(fmt.Sprint("Node", i)).                 // QualifiedName
							u8(0x03).str("en").str(fmt.Sprint("Node ", i)).    // LocalizedText
							i32(2).                                            // NodeClass Variable
							raw(0x00, 63)                                      // TypeDefinition TwoByte
	}
	w6.Results = []types.BrowseResult{res}
	want6 = want6.i32(-1)

	// W7: a Variant holding 50 Arguments in ExtensionObjects.
	args := make([]types.ExtensionObject, 50)
	want7 := b{0x96}.i32(50)
	for i := range args {
		args[i] = types.NewExtensionObject(&types.Argument{
			Name:        fmt.Sprint("arg", i),
			DataType:    types.NewNumericNodeID(0, 11),
			ValueRank:   -1,
			Description: types.NewLocalizedText("en", fmt.Sprint("Argument ", i)),
		})
		body := b{}.str(fmt.Sprint("arg", i)).raw(0x00, 11).i32(-1).i32(-1).
			u8(0x03).str("en").str(fmt.Sprint("Argument ", i))
		want7 = want7.raw(0x01, 0x00, 0x2a, 0x01, 0x01).i32(int32(len(body))).raw(body...)
	}
	w7 := types.MustVariant(args)

	for _, m := range bothModes {
		for _, c := range []struct {
			name    string
			v       any
			want    []byte
			message bool
		}{
			{"W5 ReadResponse[10]", &w5, want5, true},
			{"W6 BrowseResponse[500]", &w6, want6, true},
			{"W7 ExtensionObject[50]", &w7, want7, false},
		} {
			var got []byte
			var err error
			if c.message {
				got, err = m.opts.MarshalMessage(c.v)
			} else {
				got, err = m.opts.Marshal(c.v)
			}
			if err != nil {
				t.Fatalf("%s/%s: %v", c.name, m.name, err)
			}
			if !bytes.Equal(got, c.want) {
				t.Fatalf("%s/%s: bytes differ\n got % x\nwant % x", c.name, m.name, got, c.want)
			}
			var back any
			if c.message {
				err = m.opts.UnmarshalMessage(c.want, &back)
			} else {
				p := new(types.Variant)
				err, back = m.opts.Unmarshal(c.want, p), p
			}
			if err != nil {
				t.Fatalf("%s/%s: decoding: %v", c.name, m.name, err)
			}
			if d := cmp.Diff(c.v, back, cmpTypes); d != "" {
				t.Fatalf("%s/%s: decoded value differs (-want +got):\n%s", c.name, m.name, d)
			}
		}
	}
}
