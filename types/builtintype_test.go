package types_test

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"testing"

	"github.com/uabin/uabin/types"
)

func TestBuiltinTypeString(t *testing.T) {
	// Part 6 §5.1.2 Table 1.
	want := []string{"Null", "Boolean", "SByte", "Byte", "Int16", "UInt16", "Int32",
		"UInt32", "Int64", "UInt64", "Float", "Double", "String", "DateTime", "Guid",
		"ByteString", "XmlElement", "NodeId", "ExpandedNodeId", "StatusCode",
		"QualifiedName", "LocalizedText", "ExtensionObject", "DataValue", "Variant",
		"DiagnosticInfo"}
	for id, name := range want {
		bt := types.BuiltinType(id)
		if got := bt.String(); got != name {
			t.Errorf("BuiltinType(%d).String() = %q, want %q", id, got, name)
		}
		if !bt.IsValid() {
			t.Errorf("BuiltinType(%d).IsValid() = false", id)
		}
		if p, err := types.ParseBuiltinType(name); err != nil || p != bt {
			t.Errorf("ParseBuiltinType(%q) = %v, %v", name, p, err)
		}
	}
	if types.TypeDouble.String() != "Double" || types.TypeNodeID.String() != "NodeId" || types.TypeDiagnosticInfo != 25 {
		t.Error("constants")
	}
	for _, id := range []int{26, 31, 63, 255} {
		bt := types.BuiltinType(id)
		if bt.IsValid() {
			t.Errorf("BuiltinType(%d).IsValid() = true", id)
		}
		if got, want := bt.String(), "BuiltinType("+strconv.Itoa(id)+")"; got != want {
			t.Errorf("String() = %q, want %q", got, want)
		}
	}
}

func TestBuiltinTypeGoType(t *testing.T) {
	want := []reflect.Type{nil,
		reflect.TypeFor[bool](), reflect.TypeFor[int8](), reflect.TypeFor[uint8](),
		reflect.TypeFor[int16](), reflect.TypeFor[uint16](), reflect.TypeFor[int32](),
		reflect.TypeFor[uint32](), reflect.TypeFor[int64](), reflect.TypeFor[uint64](),
		reflect.TypeFor[float32](), reflect.TypeFor[float64](), reflect.TypeFor[string](),
		reflect.TypeFor[types.DateTime](), reflect.TypeFor[types.GUID](), reflect.TypeFor[[]byte](),
		reflect.TypeFor[types.XmlElement](), reflect.TypeFor[types.NodeID](), reflect.TypeFor[types.ExpandedNodeID](),
		reflect.TypeFor[types.StatusCode](), reflect.TypeFor[types.QualifiedName](), reflect.TypeFor[types.LocalizedText](),
		reflect.TypeFor[types.ExtensionObject](), reflect.TypeFor[types.DataValue](), reflect.TypeFor[types.Variant](),
		reflect.TypeFor[types.DiagnosticInfo](),
	}
	for id, w := range want {
		if got := types.BuiltinType(id).GoType(); got != w {
			t.Errorf("BuiltinType(%d).GoType() = %v, want %v", id, got, w)
		}
	}
	for _, id := range []int{26, 63, 255} {
		if got := types.BuiltinType(id).GoType(); got != nil {
			t.Errorf("BuiltinType(%d).GoType() = %v, want nil", id, got)
		}
	}
}

func ExampleBuiltinType_GoType() {
	fmt.Println(types.TypeDouble.GoType(), types.TypeByteString.GoType(), types.TypeNodeID.GoType())
	// Output: float64 []uint8 types.NodeID
}

func TestParseBuiltinType(t *testing.T) {
	for in, want := range map[string]types.BuiltinType{
		"nodeid": types.TypeNodeID, "GUID": types.TypeGUID, "null": types.TypeNull, "xmlELEMENT": types.TypeXmlElement,
	} {
		if got, err := types.ParseBuiltinType(in); err != nil || got != want {
			t.Errorf("ParseBuiltinType(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "Int", "NodeID ", "BuiltinType(30)", "Decimal"} {
		_, err := types.ParseBuiltinType(in)
		var pe *types.ParseError
		if !errors.As(err, &pe) || pe.Type != "BuiltinType" || pe.Input != in {
			t.Errorf("ParseBuiltinType(%q) error = %v", in, err)
		}
	}
	_, err := types.ParseBuiltinType("Int")
	if want := `types: invalid BuiltinType "Int": not the name of a built-in type`; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
}

func ExampleParseBuiltinType() {
	t, err := types.ParseBuiltinType("NodeId")
	fmt.Println(uint8(t), t, err)
	_, err = types.ParseBuiltinType("Int")
	fmt.Println(err)
	// Output:
	// 17 NodeId <nil>
	// types: invalid BuiltinType "Int": not the name of a built-in type
}
