package types_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
)

func TestExpandedNodeIDString(t *testing.T) {
	tests := []struct {
		in   types.ExpandedNodeID
		want string
	}{
		{types.ExpandedNodeID{}, "i=0"},
		{types.NewExpandedNodeID(types.NewNumericNodeID(0, 85)), "i=85"},
		{types.NewExpandedNodeID(types.NewStringNodeID(2, "X")), "ns=2;s=X"},
		{types.ExpandedNodeID{NodeID: types.NewStringNodeID(0, "Pump.Speed"), NamespaceURI: "http://example.org/UA/"}, "nsu=http://example.org/UA/;s=Pump.Speed"},
		{types.ExpandedNodeID{NodeID: types.NewNumericNodeID(2, 3), ServerIndex: 1}, "svr=1;ns=2;i=3"},
		{types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, 3), ServerIndex: 4294967295, NamespaceURI: "urn:x"}, "svr=4294967295;nsu=urn:x;i=3"},
		{types.ExpandedNodeID{NodeID: types.NewStringNodeID(0, "a;b"), NamespaceURI: "urn:a;b%c"}, "nsu=urn:a%3Bb%25c;s=a;b"},
		{types.ExpandedNodeID{NodeID: types.NewOpaqueNodeID(0, []byte{1}), NamespaceURI: "urn:水"}, "nsu=urn:水;b=AQ=="},
	}
	for _, tt := range tests {
		if got := tt.in.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
		if got, err := tt.in.MarshalText(); err != nil || string(got) != tt.want {
			t.Errorf("MarshalText() = %q, %v", got, err)
		}
		back, err := types.ParseExpandedNodeID(tt.want)
		if err != nil || back != tt.in {
			t.Errorf("ParseExpandedNodeID(%q) = %#v, %v; want %#v", tt.want, back, err, tt.in)
		}
	}
	// The namespace index is not printed next to a URI (it is written as
	// 0 on the wire too).
	x := types.ExpandedNodeID{NodeID: types.NewNumericNodeID(5, 1), NamespaceURI: "urn:x"}
	if got := x.String(); got != "nsu=urn:x;i=1" {
		t.Errorf("String() = %q", got)
	}
}

func TestParseExpandedNodeID(t *testing.T) {
	tests := []struct {
		in      string
		want    types.ExpandedNodeID
		wantErr string
	}{
		{in: "nsu=urn:a%3bb%3Bc%25%41;i=1", want: types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, 1), NamespaceURI: "urn:a;b;c%A"}},
		{in: "nsu=urn:x;svr=2;i=1", want: types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, 1), NamespaceURI: "urn:x", ServerIndex: 2}},
		{in: "ns=3;svr=2;i=1", want: types.ExpandedNodeID{NodeID: types.NewNumericNodeID(3, 1), ServerIndex: 2}},
		{in: "svr=0;i=1", want: types.NewExpandedNodeID(types.NewNumericNodeID(0, 1))},
		{in: "nsu=;i=1", want: types.NewExpandedNodeID(types.NewNumericNodeID(0, 1))},
		{in: "nsu=urn:x;s=svr=1;nsu=y", want: types.ExpandedNodeID{NodeID: types.NewStringNodeID(0, "svr=1;nsu=y"), NamespaceURI: "urn:x"}},
		{in: "", wantErr: `types: invalid ExpandedNodeId "": empty text`},
		{in: "svr=1", wantErr: "svr= clause without ';'"},
		{in: "svr=1;svr=2;i=1", wantErr: "svr= given twice"},
		{in: "svr=4294967296;i=1", wantErr: `server index "4294967296" is not a UInt32`},
		{in: "svr=x;i=1", wantErr: "is not a UInt32"},
		{in: "nsu=a;nsu=b;i=1", wantErr: "more than one of nsu= and ns="},
		{in: "nsu=a;ns=1;i=1", wantErr: "more than one of nsu= and ns="},
		{in: "ns=1;nsu=a;i=1", wantErr: "more than one of nsu= and ns="},
		{in: "nsu=a%;i=1", wantErr: "'%' without two hex digits"},
		{in: "nsu=a%3;i=1", wantErr: "'%' without two hex digits"},
		{in: "nsu=a%G0;i=1", wantErr: "'%' without two hex digits"},
		{in: "nsu=urn:x;ns=1", wantErr: "ns= clause without"},
		{in: "nsu=urn:x;q=1", wantErr: "want an identifier"},
		{in: "nsu=urn:x", wantErr: "nsu= clause without ';'"},
	}
	for _, tt := range tests {
		x, err := types.ParseExpandedNodeID(tt.in)
		if tt.wantErr != "" {
			var pe *types.ParseError
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !errors.As(err, &pe) || pe.Type != "ExpandedNodeId" {
				t.Errorf("ParseExpandedNodeID(%q) = %v, %v; want error containing %q", tt.in, x, err, tt.wantErr)
			}
			continue
		}
		if err != nil || x != tt.want {
			t.Errorf("ParseExpandedNodeID(%q) = %#v, %v; want %#v", tt.in, x, err, tt.want)
		}
	}
}

func TestExpandedNodeIDIsNull(t *testing.T) {
	tests := []struct {
		in   types.ExpandedNodeID
		want bool
	}{
		{types.ExpandedNodeID{}, true},
		{types.NewExpandedNodeID(types.NewStringNodeID(0, "")), true},
		{types.NewExpandedNodeID(types.NewNumericNodeID(1, 0)), false},
		{types.ExpandedNodeID{NamespaceURI: "urn:x"}, false},
		{types.ExpandedNodeID{ServerIndex: 1}, false},
	}
	for _, tt := range tests {
		if got := tt.in.IsNull(); got != tt.want {
			t.Errorf("%#v.IsNull() = %v", tt.in, got)
		}
	}
}

func TestExpandedNodeIDJSONAndMust(t *testing.T) {
	x := types.ExpandedNodeID{NodeID: types.NewStringNodeID(0, "P"), NamespaceURI: "urn:a;b", ServerIndex: 2}
	b, err := json.Marshal(x)
	if err != nil || string(b) != `"svr=2;nsu=urn:a%3Bb;s=P"` {
		t.Fatalf("json.Marshal = %s, %v", b, err)
	}
	var y types.ExpandedNodeID
	if err := json.Unmarshal(b, &y); err != nil || y != x {
		t.Fatalf("json.Unmarshal = %v, %v", y, err)
	}
	if err := y.UnmarshalText([]byte("svr=")); err == nil {
		t.Fatal("UnmarshalText accepted bad text")
	}
	if types.MustParseExpandedNodeID("svr=2;nsu=urn:a%3Bb;s=P") != x {
		t.Fatal("MustParseExpandedNodeID")
	}
	defer func() {
		if recover() == nil {
			t.Fatal("MustParseExpandedNodeID did not panic")
		}
	}()
	types.MustParseExpandedNodeID("nsu=")
}

func FuzzParseExpandedNodeID(f *testing.F) {
	for _, s := range nodeIDSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		x, err := types.ParseExpandedNodeID(s)
		if err != nil {
			var pe *types.ParseError
			if !errors.As(err, &pe) || !strings.HasPrefix(err.Error(), "types: invalid ExpandedNodeId ") {
				t.Fatalf("error %v is not an ExpandedNodeId *ParseError", err)
			}
			return
		}
		if x.NamespaceURI != "" && x.NodeID.Namespace() != 0 {
			t.Fatalf("ParseExpandedNodeID(%q) gave a URI and namespace index %d", s, x.NodeID.Namespace())
		}
		text := x.String()
		x2, err := types.ParseExpandedNodeID(text)
		if err != nil {
			t.Fatalf("ParseExpandedNodeID(%q).String() = %q, which does not parse: %v", s, text, err)
		}
		if x2 != x {
			t.Fatalf("ParseExpandedNodeID(%q) = %#v; its String %q parses to %#v", s, x, text, x2)
		}
		// A text without svr= and nsu= is a NodeId, and both parsers agree.
		if x.ServerIndex == 0 && x.NamespaceURI == "" {
			n, err := types.ParseNodeID(text)
			if err != nil || n != x.NodeID {
				t.Fatalf("ParseNodeID(%q) = %v, %v; want %v", text, n, err, x.NodeID)
			}
		}
	})
}

func ExampleParseExpandedNodeID() {
	x, err := types.ParseExpandedNodeID("svr=1;nsu=urn:example%3Bv2;s=Pump.Speed")
	if err != nil {
		panic(err)
	}
	fmt.Println(x.ServerIndex)
	fmt.Println(x.NamespaceURI)
	fmt.Println(x.NodeID)
	fmt.Println(x)
	// Output:
	// 1
	// urn:example;v2
	// s=Pump.Speed
	// svr=1;nsu=urn:example%3Bv2;s=Pump.Speed
}
