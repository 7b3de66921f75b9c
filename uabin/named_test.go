package uabin

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/uabin/uabin/types"
)

// Named types are encoded with the mapping of their underlying type
// (docs/types.md, Named types), never as nothing.
type (
	nStamp   time.Time
	nCelsius float64
	nNames   []string
	nFlag    bool
	nID      types.NodeID
	nXID     types.ExpandedNodeID
	nVar     types.Variant
	nDV      types.DataValue
)

type namedFields struct {
	When  nStamp `ua:"DateTime"` // a named type of a built-in takes its wire type
	Temp  nCelsius
	Tags  nNames
	On    nFlag
	Node  nID
	XNode nXID
	V     nVar
	DV    nDV
}

func TestNamedTypes(t *testing.T) {
	t0 := time.Date(2024, 1, 2, 3, 4, 5, 123456700, time.UTC)
	v := namedFields{
		When: nStamp(t0), Temp: 21.5, Tags: nNames{"a"}, On: true,
		Node: nID(types.NewNumericNodeID(2, 1234)), XNode: nXID(types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, 85), ServerIndex: 1}),
		V: nVar(types.MustVariant(int32(7))), DV: nDV(types.DataValue{Status: 0x40000000}),
	}
	want := hx("07 97 5b 58 28 3d da 01", "00 00 00 00 00 80 35 40", "01 00 00 00 01 00 00 00 61", "01",
		"01 02 d2 04", "40 55 01 00 00 00", "06 07 00 00 00", "02 00 00 00 40")
	for _, o := range []Options{{}, {DisableFastPaths: true}} {
		b, err := o.Marshal(&v)
		if err != nil || !bytes.Equal(b, want) {
			t.Fatalf("%s: % x, %v\nwant % x", optsName(o), b, err, want)
		}
		var back namedFields
		if err := o.Unmarshal(b, &back); err != nil {
			t.Fatalf("%s: %v", optsName(o), err)
		}
		if !time.Time(back.When).Equal(t0) || back.Temp != 21.5 || back.Tags[0] != "a" || !bool(back.On) ||
			types.NodeID(back.Node) != types.NodeID(v.Node) || types.ExpandedNodeID(back.XNode) != types.ExpandedNodeID(v.XNode) ||
			!types.Variant(back.V).Equal(types.Variant(v.V)) || back.DV.Status != 0x40000000 {
			t.Errorf("%s: decoded %+v", optsName(o), back)
		}
	}
	// A struct with only unexported fields has no mapping: an error at
	// plan time naming the type and the path, never zero bytes.
	type hidden struct{ a, b int32 } //lint:ignore U1000 only unexported fields: the error under test
	type outer struct {
		H hidden
	}
	for _, o := range []Options{{}, {DisableFastPaths: true}} {
		_, err := o.Marshal(outer{})
		if err == nil || !strings.Contains(err.Error(), "uabin.hidden: only unexported fields") || !strings.Contains(err.Error(), "outer.H") {
			t.Errorf("%s: a struct with only unexported fields: %v", optsName(o), err)
		}
		if err := o.Unmarshal(hx("00 00 00 00"), new(outer)); err == nil {
			t.Errorf("%s: decoding into it did not fail", optsName(o))
		}
	}
	type skipped struct {
		A int32 `ua:"-"`
	}
	if b, err := Marshal(skipped{}); err != nil || len(b) != 0 {
		t.Errorf("a struct whose fields are all tagged \"-\" encodes to nothing on purpose: % x, %v", b, err)
	}
}
