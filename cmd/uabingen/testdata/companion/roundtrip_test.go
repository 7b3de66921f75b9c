package companion

import (
	"bytes"
	"encoding/hex"
	"reflect"
	"strings"
	"testing"

	"github.com/uabin/uabin/cmd/uabingen/testdata/companion/gen/autoid"
	"github.com/uabin/uabin/cmd/uabingen/testdata/companion/gen/di"
	"github.com/uabin/uabin/cmd/uabingen/testdata/companion/gen/isa95jobcontrol"
	"github.com/uabin/uabin/cmd/uabingen/testdata/companion/gen/machineryjobs"
	"github.com/uabin/uabin/internal/fill"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// modes are the two encoders, which must write the same bytes.
var modes = []struct {
	name string
	opts uabin.Options
}{
	{"fast paths", uabin.Options{}},
	{"plans only", uabin.Options{DisableFastPaths: true}},
}

// roundTrip encodes v in both modes, decodes the bytes into a new value of
// its type, encodes that again and checks that all four encodings agree.
func roundTrip(t *testing.T, v any, opts uabin.Options) []byte {
	t.Helper()
	var first []byte
	for _, m := range modes {
		o := opts
		o.DisableFastPaths = m.opts.DisableFastPaths
		b, err := o.Marshal(v)
		if err != nil {
			t.Fatalf("%s: Marshal: %v", m.name, err)
		}
		back := reflect.New(reflect.TypeOf(v).Elem())
		if err := o.Unmarshal(b, back.Interface()); err != nil {
			t.Fatalf("%s: Unmarshal % x: %v", m.name, b, err)
		}
		again, err := o.Marshal(back.Interface())
		if err != nil {
			t.Fatalf("%s: Marshal of the decoded value: %v", m.name, err)
		}
		if !bytes.Equal(b, again) {
			t.Fatalf("%s: bytes\n% x\nre-encoded as\n% x", m.name, b, again)
		}
		if first == nil {
			first = b
		} else if !bytes.Equal(first, b) {
			t.Fatalf("fast paths wrote\n% x\nplans wrote\n% x", first, b)
		}
	}
	return first
}

// session is a namespace table whose indexes differ from every file's.
var session = []string{"http://opcfoundation.org/UA/", "urn:server", "urn:other"}

func registry(t *testing.T) (*uabin.Registry, []string) {
	t.Helper()
	r := uabin.NewRegistry()
	uris := append([]string(nil), session...)
	for _, reg := range registers {
		if err := reg.register(r); err != nil {
			t.Fatalf("%s.Register: %v", reg.pkg, err)
		}
		uris = append(uris, reg.uri)
	}
	return r, uris
}

// TestRoundTrip round-trips the zero and a filled value of every generated
// structure, bare and inside an ExtensionObject decoded with a session
// namespace table.
func TestRoundTrip(t *testing.T) {
	r, uris := registry(t)
	if len(cases) == 0 {
		t.Fatal("no cases")
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			zero := c.new()
			roundTrip(t, zero, uabin.Options{})
			filled := c.new()
			fill.Value(reflect.ValueOf(filled).Elem())
			b := roundTrip(t, filled, uabin.Options{})
			if len(b) == 0 && reflect.ValueOf(filled).Elem().NumField() > 0 {
				t.Errorf("a filled value encodes to no bytes")
			}
			if !c.registered {
				return
			}
			opts := uabin.Options{Types: r, NamespaceURIs: uris}
			eo := &types.ExtensionObject{Value: reflect.ValueOf(filled).Elem().Interface()}
			eb := roundTrip(t, eo, opts)
			var back types.ExtensionObject
			if err := opts.Unmarshal(eb, &back); err != nil {
				t.Fatal(err)
			}
			if back.Value == nil || reflect.TypeOf(back.Value) != reflect.TypeOf(filled) && reflect.TypeOf(back.Value) != reflect.TypeOf(filled).Elem() {
				t.Errorf("ExtensionObject decoded to %T (TypeID %v), want %T", back.Value, back.TypeID, filled)
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestExactBytes checks hand-made encodings of generated types: optional
// fields absent and present, union members, an enumeration, an option
// set, a simple type and a subtype with its base fields first.
func TestExactBytes(t *testing.T) {
	tests := []struct {
		name  string
		value any
		hex   string
	}{
		{"optional absent", &autoid.ScanSettings{Duration: 1.5, Cycles: 2, DataAvailable: true},
			"00000000 000000000000f83f 02000000 01"},
		{"optional present (enum value 0)", &autoid.ScanSettings{Duration: 1.5, Cycles: 2, DataAvailable: true, LocationType: ptr(autoid.LocationTypeEnumerationNmea)},
			"01000000 000000000000f83f 02000000 01 00000000"},
		{"union member 2", &autoid.ScanData{SwitchField: 2, String: "ab"}, "02000000 02000000 6162"},
		{"union member 4 of a simple type", &autoid.Location{SwitchField: 4, Name: "x"}, "04000000 01000000 78"},
		{"union empty", &autoid.Location{}, "00000000"},
		{"enumeration", ptr(autoid.DeviceStatusEnumerationScanning), "02000000"},
		{"option set", ptr(di.UpdateBehaviorWillDisconnect | di.UpdateBehaviorWillReboot), "0a000000"},
		{"simple type", ptr(autoid.CodeTypeDataType("EPC")), "03000000 455043"},
		{"subtype: base fields first, base optional field in the mask", &autoid.RfidScanResult{
			CodeType: "EPC",
			ScanData: autoid.ScanData{SwitchField: 1, ByteString: []byte{1, 2}},
			Sighting: []autoid.RfidSighting{{Antenna: 1, Strength: 2, CurrentPowerLevel: 3}},
		}, "00000000 03000000455043 01000000 0200000001 02 0000000000000000 01000000 01000000 02000000 0000000000000000 03000000"},
		{"subtype with the base's optional field", &autoid.RfidScanResult{
			CodeType: "EPC",
			Location: &autoid.Location{SwitchField: 4, Name: "x"},
		}, "01000000 03000000455043 00000000 0000000000000000 04000000 01000000 78 ffffffff"},
		{"optional field 1 of 3, a Byte option set", &machineryjobs.OutputInformationDataType{
			ItemNumber: "A", OutputInfo: machineryjobs.OutputInfoTypeOrderNumber, LotNumber: ptr("L"),
		}, "02000000 0100000041 01 010000004c"},
		{"nested masks, a structure of another generated package", &machineryjobs.OutputPerformanceInfoDataType{
			Identification: machineryjobs.OutputInformationDataType{ItemNumber: "A"},
			Parameters:     []isa95jobcontrol.ISA95ParameterDataType{{ID: "p", Value: types.VariantFromInt32(7)}},
		}, "00000000 00000000 0100000041 00 01000000 00000000 0100000070 06 07000000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := roundTrip(t, tt.value, uabin.Options{})
			if want := unhex(t, tt.hex); !bytes.Equal(got, want) {
				t.Errorf("got\n% x\nwant\n% x", got, want)
			}
		})
	}
	if s := (di.UpdateBehaviorWillDisconnect | di.UpdateBehaviorWillReboot | 1<<7).String(); s != "WillDisconnect|WillReboot|0x80" {
		t.Errorf("UpdateBehavior.String() = %q", s)
	}
	if s := autoid.DeviceStatusEnumeration(9).String(); s != "DeviceStatusEnumeration(9)" {
		t.Errorf("String() = %q", s)
	}
}

// TestExtensionObjectNamespaceIndex decodes an RfidScanResult inside an
// ExtensionObject whose TypeId uses the namespace index a session gives the
// AutoID namespace (5 here, 1 in the NodeSet2 file).
func TestExtensionObjectNamespaceIndex(t *testing.T) {
	r := uabin.NewRegistry()
	if err := autoid.Register(r); err != nil {
		t.Fatal(err)
	}
	uris := []string{"http://opcfoundation.org/UA/", "urn:a", "urn:b", "urn:c", "urn:d", autoid.NamespaceURI}
	// TypeId ns=5;i=5011 (four-byte form), binary body, length 11, then the
	// body: no optional field, CodeType "EPC", ScanData none, Timestamp 0,
	// (no Location), Sighting null.
	body := "00000000 03000000455043 00000000 0000000000000000 ffffffff"
	wire := unhex(t, "01 05 9313 01 1b000000 "+body)
	for _, m := range modes {
		opts := uabin.Options{Types: r, NamespaceURIs: uris, DisableFastPaths: m.opts.DisableFastPaths}
		var eo types.ExtensionObject
		if err := opts.Unmarshal(wire, &eo); err != nil {
			t.Fatalf("%s: %v", m.name, err)
		}
		var v autoid.RfidScanResult
		switch x := eo.Value.(type) {
		case *autoid.RfidScanResult:
			v = *x
		case autoid.RfidScanResult:
			v = x
		default:
			t.Fatalf("%s: Value %T, TypeID %v", m.name, eo.Value, eo.TypeID)
		}
		if v.CodeType != "EPC" || v.Sighting != nil {
			t.Errorf("%s: %+v", m.name, v)
		}
		again, err := opts.Marshal(&eo)
		if err != nil || !bytes.Equal(again, wire) {
			t.Errorf("%s: re-encoded as % x (%v)", m.name, again, err)
		}
	}
}
