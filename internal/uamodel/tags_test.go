package uamodel

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/uabin/uabin/types"
)

// TestParseTag is the table of the ua: tag grammar (tags.go, docs/tags.md).
func TestParseTag(t *testing.T) {
	none := Tag{Bit: -1}
	for _, c := range []struct {
		tag  string
		want Tag
		err  string // a substring of the error, or "" for none
	}{
		{tag: "", want: none},
		{tag: "-", want: Tag{Skip: true, Bit: -1}},
		{tag: "Int32", want: Tag{Wire: types.TypeInt32, Bit: -1}},
		{tag: "DiagnosticInfo", want: Tag{Wire: types.TypeDiagnosticInfo, Bit: -1}},
		{tag: "String,empty", want: Tag{Wire: types.TypeString, Empty: true, Bit: -1}},
		{tag: ",empty", want: Tag{Empty: true, Bit: -1}},
		{tag: "empty", want: Tag{Empty: true, Bit: -1}},
		{tag: "raw", want: Tag{Raw: true, Bit: -1}},
		{tag: "optional", want: Tag{Optional: true, Bit: -1}},
		{tag: "mask", want: Tag{Mask: true, Bit: -1}},
		{tag: "mask,zero", want: Tag{Mask: true, Zero: true, Bit: -1}},
		{tag: "switch", want: Tag{Switch: true, Bit: -1}},
		{tag: "bit=0", want: Tag{Bit: 0}},
		{tag: "String,bit=31", want: Tag{Wire: types.TypeString, Bit: 31}},
		{tag: "UInt16,max=9999", want: Tag{Wire: types.TypeUInt16, Max: 9999, HasMax: true, Bit: -1}},
		{tag: "max=0", want: Tag{Max: 0, HasMax: true, Bit: -1}},
		{tag: "max=18446744073709551615", want: Tag{Max: 1<<64 - 1, HasMax: true, Bit: -1}},
		{tag: "Guid,raw,optional", want: Tag{Wire: types.TypeGUID, Raw: true, Optional: true, Bit: -1}},
		{tag: "String,name=EndpointUrl", want: Tag{Wire: types.TypeString, Name: "EndpointUrl", Bit: -1}},
		{tag: "name=NodeId,optional", want: Tag{Name: "NodeId", Optional: true, Bit: -1}},
		{tag: "name=Größe", want: Tag{Name: "Größe", Bit: -1}},
		{tag: "name=", err: `bad tag option "name=" (want name=NAME with a non-empty NAME)`},
		{tag: "name=N/S Hemisphere", want: Tag{Name: "N/S Hemisphere", Bit: -1}},
		{tag: "name= A", err: `bad tag option "name= A" (the name begins or ends with a space)`},
		{tag: "name=A ", err: `bad tag option "name=A " (the name begins or ends with a space)`},
		{tag: "name=A\u00a0B", err: `bad tag option "name=A\u00a0B" (the name has the character '\u00a0')`},
		{tag: "name=A\"B", err: `bad tag option "name=A\"B" (the name has the character '"')`},
		{tag: "name=A`B", err: "bad tag option \"name=A`B\" (the name has the character '`')"},
		{tag: "name=A\tB", err: `bad tag option "name=A\tB" (the name has the character '\t')`},
		{tag: "name=A,name=B", err: `tag option "name=B": the name is given twice`},

		{tag: "bit=32", err: `bad tag option "bit=32" (want bit=0..31)`},
		{tag: "bit=-1", err: `bad tag option "bit=-1"`},
		{tag: "bit=+3", err: `bad tag option "bit=+3"`},
		{tag: "bit=03", err: `bad tag option "bit=03"`},
		{tag: "bit=", err: `bad tag option "bit="`},
		{tag: "max=-1", err: `bad tag option "max=-1" (want max=N)`},
		{tag: "max=18446744073709551616", err: `bad tag option "max=18446744073709551616"`},
		{tag: "max=1e3", err: `bad tag option "max=1e3"`},
		{tag: "int32", err: `unknown wire type or tag option "int32"`},
		{tag: "Int32,Double", err: `unknown wire type or tag option "Double"`},
		{tag: "Optional", err: `unknown wire type or tag option "Optional"`},
		{tag: "String,", err: `unknown wire type or tag option ""`},
		{tag: " String", err: `unknown wire type or tag option " String"`},
	} {
		got, err := ParseTag(c.tag)
		switch {
		case c.err == "" && err != nil:
			t.Errorf("ParseTag(%q): %v", c.tag, err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("ParseTag(%q): error %v, want one containing %q", c.tag, err, c.err)
		case c.err == "" && got != c.want:
			t.Errorf("ParseTag(%q) = %+v, want %+v", c.tag, got, c.want)
		}
	}
}

// TestWireTypes: every built-in type name is a WIRETYPE, and nothing else.
func TestWireTypes(t *testing.T) {
	for id := types.TypeBoolean; id <= types.TypeDiagnosticInfo; id++ {
		if got := wireType(id.String()); got != id {
			t.Errorf("built-in type %d %q: wire type %d", id, id.String(), got)
		}
	}
	for _, name := range []string{"Null", "", "int32", "Bytestring", "BuiltinType(30)"} {
		if got := wireType(name); got != 0 {
			t.Errorf("%q is wire type %d, want none", name, got)
		}
	}
}

// TestCheckWire is the table of wire types against Go types.
func TestCheckWire(t *testing.T) {
	type named int32
	ok := func(wt string, v any) struct {
		wt string
		t  reflect.Type
		ok bool
	} {
		return struct {
			wt string
			t  reflect.Type
			ok bool
		}{wt, reflect.TypeOf(v), true}
	}
	bad := func(wt string, v any) struct {
		wt string
		t  reflect.Type
		ok bool
	} {
		c := ok(wt, v)
		c.ok = false
		return c
	}
	for _, c := range []struct {
		wt string
		t  reflect.Type
		ok bool
	}{
		ok("Boolean", true), bad("Boolean", uint8(1)),
		ok("SByte", int8(0)), ok("SByte", int(0)), bad("SByte", uint8(0)),
		ok("Byte", uint8(0)), ok("Byte", uint(0)), ok("Byte", []byte(nil)), ok("Byte", [4]byte{}),
		ok("Int16", int16(0)), ok("UInt16", uint16(0)), ok("UInt16", uintptr(0)),
		ok("Int32", int32(0)), ok("Int32", named(0)), ok("Int32", []int32(nil)), ok("Int32", new(int32)), bad("Int32", int64(0)),
		ok("UInt32", uint32(0)), ok("Int64", int64(0)), ok("UInt64", uint64(0)),
		ok("Float", float32(0)), bad("Float", float64(0)), ok("Double", float64(0)), bad("Double", int(0)),
		ok("String", ""), ok("XmlElement", types.XmlElement("")), ok("String", []string(nil)), bad("String", []byte(nil)),
		ok("DateTime", types.DateTime(0)), ok("DateTime", time.Time{}), ok("DateTime", int64(0)), bad("DateTime", int32(0)),
		ok("Guid", types.GUID{}), bad("Guid", [16]byte{}),
		ok("ByteString", []byte(nil)), ok("ByteString", types.ByteString(nil)), ok("ByteString", [][]byte(nil)), bad("ByteString", [4]byte{}),
		ok("NodeId", types.NodeID{}), bad("NodeId", types.ExpandedNodeID{}),
		ok("ExpandedNodeId", types.ExpandedNodeID{}),
		ok("StatusCode", types.StatusCode(0)), ok("StatusCode", uint32(0)), bad("StatusCode", int32(0)),
		ok("QualifiedName", types.QualifiedName{}), ok("LocalizedText", types.LocalizedText{}),
		ok("ExtensionObject", types.ExtensionObject{}), ok("DataValue", types.DataValue{}),
		ok("Variant", types.Variant{}), ok("Variant", []types.Variant(nil)), bad("Variant", any(nil) == nil),
		ok("DiagnosticInfo", types.DiagnosticInfo{}), ok("DiagnosticInfo", (*types.DiagnosticInfo)(nil)),
	} {
		msg := checkWire(wireType(c.wt), c.t)
		if (msg == "") != c.ok {
			t.Errorf("checkWire(%s, %v) = %q, want ok=%v", c.wt, c.t, msg, c.ok)
		}
		if msg != "" && !strings.HasPrefix(msg, "wire type "+c.wt+" does not match the Go type ") {
			t.Errorf("checkWire(%s, %v) = %q", c.wt, c.t, msg)
		}
	}
}
