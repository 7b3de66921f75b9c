package uabin_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// The types of TestErrorOffsets: each puts the value that is wrong after a
// few bytes, so that an offset counted from its last byte shows.
type (
	oNode struct {
		A uint32
		N types.NodeID
	}
	oExp struct {
		A uint32
		E types.ExpandedNodeID
	}
	oOpt struct {
		A *int32 `ua:"optional"`
	}
	oUnion struct {
		Switch uint32 `ua:"switch"`
		A      int32
		B      string
	}
	oOuter struct {
		A, B, C int64
		D       uint16
		E       uint32
		U       oUnion // at offset 30
	}
	oStoredMask struct {
		M uint8 `ua:"mask"`
		A int32 `ua:"bit=0"`
	}
	oStored struct {
		A uint32
		S oStoredMask
	}
	oDV struct {
		A  uint32
		DV types.DataValue
	}
	oLT struct {
		A uint32
		L types.LocalizedText
	}
	oLTs struct {
		A uint32
		L []types.LocalizedText
	}
	oDI struct {
		A uint32
		D types.DiagnosticInfo
	}
	oVar struct {
		A uint32
		V types.Variant
	}
	oEO struct {
		A uint32
		E types.ExtensionObject
	}
	oArr struct {
		A  uint32
		A2 [2]int32
	}
	oTags struct {
		A    uint32
		Tags []string
	}
	oNums struct {
		A    uint32
		Nums []int32
	}
	oList struct {
		Next *oList
		V    int32
	}
)

// TestErrorOffsets pins, in both modes, the offset (the first byte of the
// value that is wrong), the path (with [i] for every array element) and
// the whole message of each kind of decoding error.
func TestErrorOffsets(t *testing.T) {
	pad := "01 00 00 00 " // the uint32 A in front of the value
	tests := []struct {
		name   string
		in     string
		v      any
		limits uabin.Limits
		kind   error
		offset int
		path   string
		msg    string // the message after "at offset N: "
	}{
		{"NodeId form", pad + "07 00", new(oNode), uabin.Limits{}, uabin.ErrInvalid, 4, "oNode.N", "invalid value: NodeId encoding form 7"},
		{"NodeId flags", pad + "80 00", new(oNode), uabin.Limits{}, uabin.ErrInvalid, 4, "oNode.N", "invalid value: NodeId encoding byte 0x80 has ExpandedNodeId flags"},
		{"NodeId cut", pad + "01 02 d2", new(oNode), uabin.Limits{}, uabin.ErrTruncated, 6, "oNode.N", "truncated input: need 2 bytes, 1 left"},
		{"ExpandedNodeId form", pad + "c7 00", new(oExp), uabin.Limits{}, uabin.ErrInvalid, 4, "oExp.E", "invalid value: NodeId encoding form 7"},
		{"optional mask", "02 00 00 00", new(oOpt), uabin.Limits{}, uabin.ErrInvalid, 0, "oOpt", "invalid value: encoding mask 0x2 has bits that no optional field owns (0x2)"},
		{"union switch", "00000000 00000000 00000000 00000000 00000000 00000000 0000 00000000 03 00 00 00", new(oOuter), uabin.Limits{}, uabin.ErrInvalid, 30, "oOuter.U.Switch", "invalid value: union switch 3, but there are 2 alternatives"},
		{"stored mask", pad + "02", new(oStored), uabin.Limits{}, uabin.ErrInvalid, 4, "oStored.S.M", "invalid value: mask 0x2 has bits that no field owns (0x2)"},
		{"DataValue mask", pad + "40", new(oDV), uabin.Limits{}, uabin.ErrInvalid, 4, "oDV.DV", "invalid value: mask 0x40 has bits that no field owns (0x40)"},
		{"LocalizedText mask", pad + "04", new(oLT), uabin.Limits{}, uabin.ErrInvalid, 4, "oLT.L", "invalid value: mask 0x4 has bits that no field owns (0x4)"},
		{"LocalizedText in an array", pad + "02000000 00 04", new(oLTs), uabin.Limits{}, uabin.ErrInvalid, 9, "oLTs.L[1]", "invalid value: mask 0x4 has bits that no field owns (0x4)"},
		{"DiagnosticInfo mask", pad + "80", new(oDI), uabin.Limits{}, uabin.ErrInvalid, 4, "oDI.D.Mask", "invalid value: mask 0x80 has bits that no field owns (0x80)"},
		{"Variant mask dims", pad + "46 01000000", new(oVar), uabin.Limits{}, uabin.ErrInvalid, 4, "oVar.V", "invalid value: Variant mask 0x46 has ArrayDimensions without the array bit"},
		{"Variant type", pad + "19", new(oVar), uabin.Limits{}, uabin.ErrInvalid, 4, "oVar.V", "invalid value: Variant cannot hold built-in type 25"},
		{"Variant one dimension", pad + "c6 01000000 05000000 01000000 01000000", new(oVar), uabin.Limits{}, uabin.ErrInvalid, 13, "oVar.V", "invalid value: Variant ArrayDimensions with 1 entries (a matrix needs 2 or more)"},
		{"Variant dimensions", pad + "c6 02000000 05000000 06000000 02000000 01000000 01000000", new(oVar), uabin.Limits{}, uabin.ErrInvalid, 17, "oVar.V", "invalid value: Variant ArrayDimensions [1 1] do not match the array length 2"},
		{"Variant null array with dimensions", pad + "c6 ffffffff", new(oVar), uabin.Limits{}, uabin.ErrInvalid, 5, "oVar.V", "invalid value: a null Variant array cannot have dimensions"},
		{"Variant array element", pad + "8c 02000000 01000000 41 feffffff", new(oVar), uabin.Limits{}, uabin.ErrInvalid, 14, "oVar.V[1]", "invalid value: string length -2"},
		{"Variant too deep", pad + "98 01000000 98 01000000 98 01000000 98 01000000 06 01000000", new(oVar), uabin.Limits{MaxDepth: 3}, uabin.ErrLimitExceeded, 19, "oVar.V[0][0][0]", "limit exceeded: nesting deeper than 3 levels"},
		{"ExtensionObject encoding", pad + "00 00 03", new(oEO), uabin.Limits{}, uabin.ErrInvalid, 6, "oEO.E", "invalid value: ExtensionObject encoding byte 3"},
		{"ExtensionObject length", pad + "00 00 01 feffffff", new(oEO), uabin.Limits{}, uabin.ErrInvalid, 7, "oEO.E", "invalid value: ExtensionObject body length -2"},
		{"ExtensionObject limit", pad + "00 00 01 05000000 0102030405", new(oEO), uabin.Limits{MaxByteStringLength: 4}, uabin.ErrLimitExceeded, 7, "oEO.E", "limit exceeded: ExtensionObject body length 5 above the limit 4"},
		{"ExtensionObject cut", pad + "00 00 01 05000000 0102", new(oEO), uabin.Limits{}, uabin.ErrTruncated, 7, "oEO.E", "truncated input: ExtensionObject body length 5 needs 5 bytes, 2 left"},
		{"ExtensionObject body", pad + "01 00 2a 01 01 05000000 02000000 41", new(oEO), uabin.Limits{}, uabin.ErrTruncated, 13, "oEO.E.Name", "truncated input: string length 2 needs at least 2 bytes, 1 left"}, // Argument (i=298): Name first
		{"Go array length", pad + "03000000 01000000 02000000 03000000", new(oArr), uabin.Limits{}, uabin.ErrInvalid, 4, "oArr.A2", "invalid value: array length 3, the Go array [2]int32 needs 2"},
		{"array length", pad + "feffffff", new(oTags), uabin.Limits{}, uabin.ErrInvalid, 4, "oTags.Tags", "invalid value: array length -2"},
		{"array limit", pad + "03000000 01000000 02000000 03000000", new(oNums), uabin.Limits{MaxArrayLength: 2}, uabin.ErrLimitExceeded, 4, "oNums.Nums", "limit exceeded: array length 3 above the limit 2"},
		{"array cut", pad + "03000000 01000000 02000000", new(oNums), uabin.Limits{}, uabin.ErrTruncated, 4, "oNums.Nums", "truncated input: array length 3 needs at least 12 bytes, 8 left"},
		{"string element", pad + "03000000 ffffffff 00000000 feffffff", new(oTags), uabin.Limits{}, uabin.ErrInvalid, 16, "oTags.Tags[2]", "invalid value: string length -2"},
		{"string element cut", pad + "02000000 00000000 05000000 4142", new(oTags), uabin.Limits{}, uabin.ErrTruncated, 12, "oTags.Tags[1]", "truncated input: string length 5 needs at least 5 bytes, 2 left"},
		{"string element limit", pad + "01000000 03000000 414243", new(oTags), uabin.Limits{MaxStringLength: 2}, uabin.ErrLimitExceeded, 8, "oTags.Tags[0]", "limit exceeded: string length 3 above the limit 2"},
		{"recursion", "40 40 40 40 00", new(types.DiagnosticInfo), uabin.Limits{MaxDepth: 3}, uabin.ErrLimitExceeded, 3, "DiagnosticInfo.InnerDiagnosticInfo×3", "limit exceeded: nesting deeper than 3 levels"},
		{"recursive struct", "", new(oList), uabin.Limits{}, uabin.ErrLimitExceeded, 0, "oList.Next×200", "limit exceeded: nesting deeper than 200 levels"}, // a pointer has no null form: it recurses without reading
	}
	for _, tc := range tests {
		for _, noFast := range []bool{false, true} {
			o := uabin.Options{Limits: tc.limits, DisableFastPaths: noFast}
			err := o.Unmarshal(hx(tc.in), tc.v)
			var de *uabin.DecodeError
			if !errors.As(err, &de) {
				t.Errorf("%s (fast paths off: %v): %v, want a *DecodeError", tc.name, noFast, err)
				continue
			}
			want := "uabin: decoding " + tc.path + " at offset " + itoa(tc.offset) + ": " + tc.msg
			if tc.path == "" {
				want = "uabin: decoding at offset " + itoa(tc.offset) + ": " + tc.msg
			}
			if !errors.Is(err, tc.kind) || de.Offset != tc.offset || de.Path != tc.path || err.Error() != want {
				t.Errorf("%s (fast paths off: %v):\n got %v\nwant %s", tc.name, noFast, err, want)
			}
		}
	}
}

// TestEncodeErrorPaths pins the paths of encoding errors in both modes: an
// array element has its index, a recursive value counts its levels.
func TestEncodeErrorPaths(t *testing.T) {
	list := &oList{}
	list.Next = list
	unregistered := types.ExtensionObject{Value: &oNode{}}
	tests := []struct {
		name string
		v    any
		kind error
		msg  string
	}{
		{"cycle", list, uabin.ErrLimitExceeded, "uabin: encoding oList.Next×200: limit exceeded: nesting deeper than 200 levels"},
		{"Variant array element", &oVar{V: types.MustVariant([]types.ExtensionObject{{}, unregistered})}, uabin.ErrUnknownType,
			"uabin: encoding oVar.V[1]: unknown type: ExtensionObject value of type *uabin_test.oNode is not a registered type"},
		{"bad tag in an element", &struct{ L []oStoredMask }{L: []oStoredMask{{}, {M: 2}}}, uabin.ErrInvalid,
			"uabin: encoding L[1].M: invalid value: mask 0x2 has bits that no field owns (0x2)"},
	}
	for _, tc := range tests {
		for _, noFast := range []bool{false, true} {
			_, err := uabin.Options{DisableFastPaths: noFast}.Marshal(tc.v)
			if !errors.Is(err, tc.kind) || err.Error() != tc.msg {
				t.Errorf("%s (fast paths off: %v):\n got %v\nwant %s", tc.name, noFast, err, tc.msg)
			}
			if err != nil && strings.Count(err.Error(), "uabin:") != 1 {
				t.Errorf("%s: %q says uabin: more than once", tc.name, err)
			}
		}
	}
}
