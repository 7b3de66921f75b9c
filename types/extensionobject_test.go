package types_test

import (
	"fmt"
	"testing"

	"github.com/uabin/uabin/types"
)

func TestNewExtensionObject(t *testing.T) {
	arg := &types.Argument{Name: "Speed"}
	e := types.NewExtensionObject(arg)
	if e.Value != arg || e.Encoding != types.ExtensionObjectBinary || !e.TypeID.IsNull() || e.Body != nil {
		t.Fatalf("NewExtensionObject = %#v", e)
	}
	if e.IsNull() {
		t.Error("IsNull of a value")
	}
}

func TestExtensionObjectIsNull(t *testing.T) {
	tests := []struct {
		in   types.ExtensionObject
		want bool
	}{
		{types.ExtensionObject{}, true},
		{types.ExtensionObject{TypeID: types.NewNumericNodeID(0, 297)}, false},
		{types.ExtensionObject{Body: []byte{}}, false},
		{types.ExtensionObject{Encoding: types.ExtensionObjectXML}, false},
		{types.ExtensionObject{Value: 1}, false},
	}
	for _, tt := range tests {
		if got := tt.in.IsNull(); got != tt.want {
			t.Errorf("%#v.IsNull() = %v", tt.in, got)
		}
	}
}

func TestExtensionObjectString(t *testing.T) {
	type plain struct{ A int32 }
	type withID struct {
		Name     string
		DataType types.NodeID
	}
	tests := []struct {
		in   types.ExtensionObject
		want string
	}{
		{types.ExtensionObject{}, "ExtensionObject{}"},
		{types.ExtensionObject{TypeID: types.NewNumericNodeID(0, 297)}, "ExtensionObject{TypeID: i=297}"},
		{types.ExtensionObject{TypeID: types.NewNumericNodeID(2, 5001), Body: []byte{1, 2}}, "ExtensionObject{TypeID: ns=2;i=5001, Binary, 2 bytes}"},
		{types.ExtensionObject{TypeID: types.NewNumericNodeID(2, 5002), Encoding: types.ExtensionObjectXML, Body: []byte("<a/>")}, "ExtensionObject{TypeID: ns=2;i=5002, XML, 4 bytes}"},
		{types.ExtensionObject{Encoding: types.ExtensionObjectBinary, Body: []byte{}}, "ExtensionObject{TypeID: i=0, Binary, 0 bytes}"},
		{types.NewExtensionObject(&plain{A: 3}), "ExtensionObject{*types_test.plain{A:3}}"},
		{types.NewExtensionObject(plain{A: 3}), "ExtensionObject{types_test.plain({A:3})}"},
		{types.NewExtensionObject(&withID{Name: "Speed", DataType: types.NewNumericNodeID(0, 11)}), `ExtensionObject{*types_test.withID{Name:Speed DataType:i=11}}`},
	}
	for _, tt := range tests {
		if got := tt.in.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
	for e, want := range map[types.ExtensionObjectEncoding]string{0: "None", 1: "Binary", 2: "XML", 3: "ExtensionObjectEncoding(3)"} {
		if got := e.String(); got != want {
			t.Errorf("ExtensionObjectEncoding(%d).String() = %q, want %q", uint8(e), got, want)
		}
	}
}

func ExampleNewExtensionObject() {
	e := types.NewExtensionObject(&types.ReadValueID{NodeID: types.MustParseNodeID("ns=2;s=Pump.Speed"), AttributeID: 13})
	fmt.Println(e.Encoding, e.IsNull())
	// Output:
	// Binary false
}

func TestExtensionObjectEqual(t *testing.T) {
	a := types.NewExtensionObject(&types.Argument{Name: "a"})
	b := types.ExtensionObject{TypeID: types.NewNumericNodeID(0, 298), Encoding: types.ExtensionObjectBinary, Value: &types.Argument{Name: "a"}}
	if !a.Equal(b) || !b.Equal(a) {
		t.Error("a value and its decoded form differ")
	}
	if a.Equal(types.NewExtensionObject(&types.Argument{Name: "b"})) {
		t.Error("different values are Equal")
	}
	raw := types.ExtensionObject{TypeID: types.NewNumericNodeID(2, 5001), Body: []byte{1}}
	if !raw.Equal(types.ExtensionObject{TypeID: types.NewNumericNodeID(2, 5001), Encoding: types.ExtensionObjectBinary, Body: []byte{1}}) {
		t.Error("Encoding 0 with a body is not Binary")
	}
	if raw.Equal(types.ExtensionObject{TypeID: types.NewNumericNodeID(2, 5002), Body: []byte{1}}) {
		t.Error("different TypeIDs are Equal")
	}
}
