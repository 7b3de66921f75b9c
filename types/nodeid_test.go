package types_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
)

func TestNodeIDString(t *testing.T) {
	tests := []struct {
		in   types.NodeID
		want string
	}{
		{types.NodeID{}, "i=0"},
		{types.NewNumericNodeID(0, 85), "i=85"},
		{types.NewNumericNodeID(2, 1234), "ns=2;i=1234"},
		{types.NewNumericNodeID(65535, 4294967295), "ns=65535;i=4294967295"},
		{types.NewStringNodeID(2, "Demo.Static"), "ns=2;s=Demo.Static"},
		{types.NewStringNodeID(0, ""), "s="},
		{types.NewStringNodeID(1, "a;b=c;ns=3;i=4"), "ns=1;s=a;b=c;ns=3;i=4"},
		{types.NewStringNodeID(1, "Hot水"), "ns=1;s=Hot水"},
		{types.NewGUIDNodeID(4, w1GUID), "ns=4;g=72962B91-FA75-4AE6-8D28-B404DC7DAF63"},
		{types.NewGUIDNodeID(0, types.GUID{}), "g=00000000-0000-0000-0000-000000000000"},
		{types.NewOpaqueNodeID(1, []byte{0, 1, 2, 3}), "ns=1;b=AAECAw=="},
		{types.NewOpaqueNodeID(0, []byte{0xfb, 0xff}), "b=+/8="},
		{types.NewOpaqueNodeID(3, nil), "ns=3;b="},
	}
	for _, tt := range tests {
		if got := tt.in.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
		if got, err := tt.in.MarshalText(); err != nil || string(got) != tt.want {
			t.Errorf("MarshalText() = %q, %v, want %q", got, err, tt.want)
		}
		back, err := types.ParseNodeID(tt.want)
		if err != nil || back != tt.in {
			t.Errorf("ParseNodeID(%q) = %#v, %v; want %#v", tt.want, back, err, tt.in)
		}
	}
}

func TestParseNodeID(t *testing.T) {
	tests := []struct {
		in      string
		want    types.NodeID
		wantErr string
	}{
		{in: "i=85", want: types.NewNumericNodeID(0, 85)},
		{in: "ns=0;i=85", want: types.NewNumericNodeID(0, 85)},
		{in: "ns=02;i=007", want: types.NewNumericNodeID(2, 7)},
		{in: "ns=2;s=Demo.Static.Scalar.Double.0", want: types.NewStringNodeID(2, "Demo.Static.Scalar.Double.0")},
		{in: "s=x=y;z", want: types.NewStringNodeID(0, "x=y;z")},
		{in: "s=ns=1;i=2", want: types.NewStringNodeID(0, "ns=1;i=2")},
		{in: "ns=4;g=72962b91-fa75-4ae6-8d28-b404dc7daf63", want: types.NewGUIDNodeID(4, w1GUID)},
		{in: "g={72962B91-FA75-4AE6-8D28-B404DC7DAF63}", want: types.NewGUIDNodeID(0, w1GUID)},
		{in: "ns=1;b=AAECAw==", want: types.NewOpaqueNodeID(1, []byte{0, 1, 2, 3})},
		{in: "b=", want: types.NewOpaqueNodeID(0, nil)},
		{in: "", wantErr: `types: invalid NodeId "": empty text`},
		{in: "85", wantErr: `want an identifier i=, s=, g= or b=, not "85"`},
		{in: "x=85", wantErr: "want an identifier"},
		{in: "I=85", wantErr: "want an identifier"},
		{in: "ns=1", wantErr: "ns= clause without ';' and identifier"},
		{in: "ns=1;", wantErr: "want an identifier i=, s=, g= or b=, found the end of the text"},
		{in: "ns=1;85", wantErr: "want an identifier"},
		{in: "ns=65536;i=1", wantErr: `namespace index "65536" is not a UInt16`},
		{in: "ns=-1;i=1", wantErr: "is not a UInt16"},
		{in: "ns=;i=1", wantErr: "is not a UInt16"},
		{in: "ns=+1;i=1", wantErr: "is not a UInt16"},
		{in: "ns=1;ns=2;i=1", wantErr: "more than one of nsu= and ns="},
		{in: "i=4294967296", wantErr: `numeric identifier "4294967296" is not a UInt32`},
		{in: "i=99999999999999999999999", wantErr: "is not a UInt32"},
		{in: "i=", wantErr: "is not a UInt32"},
		{in: "i=-1", wantErr: "is not a UInt32"},
		{in: "i=1 ", wantErr: "is not a UInt32"},
		{in: "i=0x10", wantErr: "is not a UInt32"},
		{in: "g=72962B91", wantErr: "GUID identifier: want 36 characters"},
		{in: "b=AAECAw=", wantErr: "not standard base64"},
		{in: "b=-_8=", wantErr: "not standard base64"},
		{in: "nsu=http://x/;i=1", wantErr: "a namespace URI (nsu=) needs ParseExpandedNodeID"},
		{in: "nsu=;i=1", wantErr: "nsu="},
		{in: "svr=1;i=1", wantErr: "a server index (svr=) needs ParseExpandedNodeID"},
		{in: "svr=0;i=1", wantErr: "svr="},
	}
	for _, tt := range tests {
		n, err := types.ParseNodeID(tt.in)
		if tt.wantErr != "" {
			var pe *types.ParseError
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !errors.As(err, &pe) || pe.Type != "NodeId" {
				t.Errorf("ParseNodeID(%q) = %v, %v; want error containing %q", tt.in, n, err, tt.wantErr)
			}
			continue
		}
		if err != nil || n != tt.want {
			t.Errorf("ParseNodeID(%q) = %#v, %v; want %#v", tt.in, n, err, tt.want)
		}
	}
}

func TestParseNodeIDErrorMessage(t *testing.T) {
	_, err := types.ParseNodeID("ns=x;i=1")
	want := `types: invalid NodeId "ns=x;i=1": namespace index "x" is not a UInt16`
	if err == nil || err.Error() != want {
		t.Fatalf("got %v, want %s", err, want)
	}
	long := "ns=1;q" + strings.Repeat("x", 500)
	_, err = types.ParseNodeID(long)
	if err == nil || len(err.Error()) > 250 {
		t.Fatalf("error for a long input is not shortened: %v", err)
	}
	var pe *types.ParseError
	if !errors.As(err, &pe) || pe.Input != long {
		t.Fatal("ParseError.Input is not the whole input")
	}
}

func TestNodeIDJSON(t *testing.T) {
	in := map[types.NodeID]types.NodeID{
		types.NewNumericNodeID(0, 85):       types.NewStringNodeID(2, "a;b"),
		types.NewOpaqueNodeID(1, []byte{1}): types.NewGUIDNodeID(3, w1GUID),
	}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"i=85":"ns=2;s=a;b","ns=1;b=AQ==":"ns=3;g=72962B91-FA75-4AE6-8D28-B404DC7DAF63"}`
	if string(b) != want {
		t.Fatalf("json.Marshal = %s, want %s", b, want)
	}
	var out map[types.NodeID]types.NodeID
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	if len(out) != len(in) {
		t.Fatalf("got %v", out)
	}
	for k, v := range in {
		if out[k] != v {
			t.Fatalf("json round trip: %v -> %v, want %v", k, out[k], v)
		}
	}
	var n types.NodeID
	if err := n.UnmarshalText([]byte("ns=1;x")); err == nil {
		t.Fatal("UnmarshalText accepted bad text")
	}
}

func TestMustParseNodeID(t *testing.T) {
	if types.MustParseNodeID("ns=2;i=3") != types.NewNumericNodeID(2, 3) {
		t.Fatal("MustParseNodeID")
	}
	defer func() {
		if recover() == nil {
			t.Fatal("MustParseNodeID did not panic")
		}
	}()
	types.MustParseNodeID("ns=2")
}

func TestIDTypeString(t *testing.T) {
	for k, want := range map[types.IDType]string{
		types.IDTypeNumeric: "Numeric", types.IDTypeString: "String",
		types.IDTypeGUID: "Guid", types.IDTypeOpaque: "Opaque", 7: "IDType(7)",
	} {
		if got := k.String(); got != want {
			t.Errorf("IDType(%d).String() = %q, want %q", int32(k), got, want)
		}
	}
}

// nodeIDSeeds are the seeds of the NodeId and ExpandedNodeId fuzz targets.
var nodeIDSeeds = []string{
	"i=85", "ns=2;i=1234", "ns=2;s=Demo.Static", "s=a;b=c", "ns=1;s=Hot水",
	"ns=4;g=72962B91-FA75-4AE6-8D28-B404DC7DAF63", "ns=1;b=AAECAw==", "b=",
	"nsu=http://example.org/UA/;s=Pump.Speed", "svr=1;ns=2;i=3",
	"svr=7;nsu=urn:a%3Bb%25c;g={72962b91-fa75-4ae6-8d28-b404dc7daf63}",
	"ns=65536;i=1", "i=4294967296", "nsu=%zz;i=1", "",
}

func FuzzParseNodeID(f *testing.F) {
	for _, s := range nodeIDSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := types.ParseNodeID(s)
		if err != nil {
			var pe *types.ParseError
			if !errors.As(err, &pe) || !strings.HasPrefix(err.Error(), "types: invalid NodeId ") {
				t.Fatalf("error %v is not a NodeId *ParseError", err)
			}
			return
		}
		text := n.String()
		n2, err := types.ParseNodeID(text)
		if err != nil {
			t.Fatalf("ParseNodeID(%q).String() = %q, which does not parse: %v", s, text, err)
		}
		if n2 != n {
			t.Fatalf("ParseNodeID(%q) = %#v; its String %q parses to %#v", s, n, text, n2)
		}
		if text2 := n2.String(); text2 != text {
			t.Fatalf("String is not stable: %q then %q", text, text2)
		}
	})
}

func ExampleParseNodeID() {
	for _, s := range []string{"i=85", "ns=2;s=Demo.Static.Scalar.Double", "ns=0;i=2258", "ns=1;b=AAECAw==", "ns=2;i=x"} {
		n, err := types.ParseNodeID(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(n.Namespace(), n.Type(), n)
	}
	// Output:
	// 0 Numeric i=85
	// 2 String ns=2;s=Demo.Static.Scalar.Double
	// 0 Numeric i=2258
	// 1 Opaque ns=1;b=AAECAw==
	// types: invalid NodeId "ns=2;i=x": numeric identifier "x" is not a UInt32
}

func BenchmarkParseNodeID(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := types.ParseNodeID("ns=2;s=Demo.Static.Scalar.Double.0"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkNodeIDString(b *testing.B) {
	n := types.NewStringNodeID(2, "Demo.Static.Scalar.Double.0")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = n.String()
	}
}

func ExampleNodeID_MarshalText() {
	type config struct {
		Node  types.NodeID
		Watch []types.NodeID
	}
	b, err := json.Marshal(config{
		Node:  types.NewStringNodeID(2, "Pump;1"),
		Watch: []types.NodeID{types.NewNumericNodeID(0, 2258), types.NewGUIDNodeID(1, types.MustParseGUID("72962B91-FA75-4AE6-8D28-B404DC7DAF63"))},
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))
	var c config
	if err := json.Unmarshal(b, &c); err != nil {
		panic(err)
	}
	fmt.Println(c.Node.StringID())
	// Output:
	// {"Node":"ns=2;s=Pump;1","Watch":["i=2258","ns=1;g=72962B91-FA75-4AE6-8D28-B404DC7DAF63"]}
	// Pump;1
}

func TestNodeIDAccessors(t *testing.T) {
	num := types.NewNumericNodeID(3, 70000)
	str := types.NewStringNodeID(1, "x")
	gid := types.NewGUIDNodeID(4, w1GUID)
	opq := types.NewOpaqueNodeID(5, []byte{1, 2})
	tests := []struct {
		n      types.NodeID
		ns     uint16
		kind   types.IDType
		num    uint32
		str    string
		guid   types.GUID
		opaque []byte
	}{
		{num, 3, types.IDTypeNumeric, 70000, "", types.GUID{}, nil},
		{str, 1, types.IDTypeString, 0, "x", types.GUID{}, nil},
		{gid, 4, types.IDTypeGUID, 0, "", w1GUID, nil},
		{opq, 5, types.IDTypeOpaque, 0, "", types.GUID{}, []byte{1, 2}},
	}
	for _, tt := range tests {
		n := tt.n
		if n.Namespace() != tt.ns || n.Type() != tt.kind || n.IntID() != tt.num || n.StringID() != tt.str ||
			n.GUIDID() != tt.guid || !reflect.DeepEqual(n.OpaqueID(), tt.opaque) || n.OpaqueIDString() != string(tt.opaque) {
			t.Errorf("accessors of %v", n)
		}
		if w := n.WithNamespace(9); w.Namespace() != 9 || w.WithNamespace(tt.ns) != n {
			t.Errorf("WithNamespace of %v", n)
		}
	}
	if types.NewOpaqueNodeIDString(5, "\x01\x02") != opq {
		t.Error("NewOpaqueNodeIDString")
	}
	b := []byte{7}
	o := types.NewOpaqueNodeID(0, b)
	b[0] = 8
	if o.OpaqueID()[0] != 7 {
		t.Error("NewOpaqueNodeID does not copy")
	}
	nulls := []types.NodeID{{}, types.NewStringNodeID(0, ""), types.NewGUIDNodeID(0, types.GUID{}), types.NewOpaqueNodeID(0, nil)}
	for _, n := range nulls {
		if !n.IsNull() {
			t.Errorf("%v.IsNull() = false", n)
		}
	}
	for _, n := range []types.NodeID{types.NewNumericNodeID(1, 0), types.NewNumericNodeID(0, 1), str} {
		if n.IsNull() {
			t.Errorf("%v.IsNull() = true", n)
		}
	}
}
